#include "ui/soak_setup.hpp"

#include "engine/core/lab.hpp"
#include "ui/shell/shell.hpp"

namespace pb::ui {

void switch_everything_on(Shell& shell, int variant) {
    LabView* view = shell.lab_view();
    if (!view) return;
    view->switch_everything_on(shell.simulation().world(), shell.paused(), variant);
}

}   // namespace pb::ui
