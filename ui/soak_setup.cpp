#include "ui/soak_setup.hpp"

#include "ui/effects/effects_view.hpp"
#include "ui/logistics/logistics_view.hpp"
#include "ui/podball/podball_view.hpp"
#include "ui/rgs/rgs_view.hpp"
#include "ui/shell/shell.hpp"
#include "ui/tasks/tasks_view.hpp"

namespace pb::ui {

namespace {

void podball_on(PodballView& v, int variant) {
    static constexpr PodballView::HeatMap kMaps[] = {PodballView::HeatMap::Both, PodballView::HeatMap::Team0,
                                                     PodballView::HeatMap::Team1};
    v.set_heat_map(kMaps[variant % 3]);
}

void rgs_on(RgsView& v, const World& world, int variant) {
    RgsView::Options& o = v.options();
    o.heat_map = true;
    o.team_delta = (variant & 1) != 0;    // key D
    o.side_view = (variant & 2) != 0;     // key X
    o.team = (variant >> 2) & 1;
    // A selection shows the selected RGS's tools and marks it on the map.
    const auto& rgs = dynamic_cast<const rgs::RgsWorld&>(world).structures();
    if (v.selected() < 0 || v.selected() >= static_cast<int>(rgs.size()))
        v.select(rgs.empty() ? -1 : static_cast<int>((variant * 7) % rgs.size()));
}

void logistics_on(LogisticsView& v, int variant) {
    LogisticsView::Options& o = v.options();
    o.show_lines = true;
    o.everyone = (variant & 1) == 0;
}

void effects_on(EffectsView& v, const Shell& shell, const World& world) {
    v.options().show_ranges = true;
    // Select a walking creep (as a click on it does) so its effect timeline is drawn.
    const auto& w = dynamic_cast<const effects::EffectsWorld&>(world);
    if (w.lanes().empty()) return;
    const auto& creeps = w.lane(0).creeps();
    for (const effects::Creep& c : creeps) {
        if (c.id == v.selected_creep() && c.walking()) return;
    }
    for (const effects::Creep& c : creeps) {
        if (!c.walking()) continue;
        glm::dvec2 at = v.to_canvas(w, 0, w.path().position_at(c.distance));
        v.click(world, at, 0.05, shell.paused());
        return;
    }
}

void tasks_on(TasksView& v, int variant) {
    // -1: the first efficient point; later variants show other points (out-of-range ones too:
    // the view must cope with a choice the last edit made stale).
    v.choose(variant == 0 ? -1 : variant % 5, variant % 2);
    v.set_pareto_open(variant % 2 == 0);   // the large Pareto window (over the canvas's lower right)
}

}  // namespace

void switch_everything_on(Shell& shell, int variant) {
    LabView* view = shell.lab_view();
    if (!view) return;
    const World& world = shell.simulation().world();
    if (auto* v = dynamic_cast<PodballView*>(view)) podball_on(*v, variant);
    else if (auto* v = dynamic_cast<RgsView*>(view)) rgs_on(*v, world, variant);
    else if (auto* v = dynamic_cast<LogisticsView*>(view)) logistics_on(*v, variant);
    else if (auto* v = dynamic_cast<EffectsView*>(view)) effects_on(*v, shell, world);
    else if (auto* v = dynamic_cast<TasksView*>(view)) tasks_on(*v, variant);
}

}  // namespace pb::ui
