// The RGS view's "everything on" (LabView::switch_everything_on): the heat map (efficiency or team
// delta), top or side view, a team, and a selected RGS.
#include "engine/rgs/world.hpp"
#include "ui/rgs/rgs_view.hpp"

namespace pb::ui {

void RgsView::switch_everything_on(const World& world, bool, int variant) {
    Options& o = options();
    o.heat_map = true;
    o.team_delta = (variant & 1) != 0;   // key D
    o.side_view = (variant & 2) != 0;    // key X
    o.team = (variant >> 2) & 1;
    // A selection shows the selected RGS's tools and marks it on the map.
    const auto& rgs = dynamic_cast<const rgs::RgsWorld&>(world).structures();
    if (selected() < 0 || selected() >= static_cast<int>(rgs.size()))
        select(rgs.empty() ? -1 : static_cast<int>((variant * 7) % rgs.size()));
}

}   // namespace pb::ui
