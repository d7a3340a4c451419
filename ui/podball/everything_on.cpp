// Podball's "everything on" (LabView::switch_everything_on): a heat map of both teams or of one.
#include "ui/podball/podball_view.hpp"

namespace pb::ui {

void PodballView::switch_everything_on(const World&, bool, int variant) {
    static constexpr HeatMap kMaps[] = {HeatMap::Both, HeatMap::Team0, HeatMap::Team1};
    set_heat_map(kMaps[variant % 3]);
}

}   // namespace pb::ui
