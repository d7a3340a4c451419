// The Tasks view's "everything on" (LabView::switch_everything_on): a point of the solution chosen
// and the Pareto window open or closed.
#include "ui/tasks/tasks_view.hpp"

namespace pb::ui {

void TasksView::switch_everything_on(const World&, bool, int variant) {
    // -1: the first efficient point; later variants show other points (out-of-range ones too:
    // the view must cope with a choice the last edit made stale).
    choose(variant == 0 ? -1 : variant % 5, variant % 2);
    set_pareto_open(variant % 2 == 0);   // the large Pareto window (over the canvas's lower right)
}

}   // namespace pb::ui
