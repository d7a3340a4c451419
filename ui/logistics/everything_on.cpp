// The Logistics view's "everything on" (LabView::switch_everything_on): every transporter's lines,
// or the selected one's.
#include "ui/logistics/logistics_view.hpp"

namespace pb::ui {

void LogisticsView::switch_everything_on(const World&, bool, int variant) {
    Options& o = options();
    o.show_lines = true;
    o.everyone = (variant & 1) == 0;
}

}   // namespace pb::ui
