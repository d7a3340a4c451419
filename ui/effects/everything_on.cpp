// The Effects view's "everything on" (LabView::switch_everything_on): tower ranges, and a walking
// creep selected so its effect timeline is drawn.
#include "engine/effects/world.hpp"
#include "ui/effects/effects_view.hpp"

namespace pb::ui {

void EffectsView::switch_everything_on(const World& world, bool paused, int) {
    options().show_ranges = true;
    // Select a walking creep (as a click on it does).
    const auto& w = dynamic_cast<const effects::EffectsWorld&>(world);
    if (w.lanes().empty()) return;
    const auto& creeps = w.lane(0).creeps();
    for (const effects::Creep& c : creeps) {
        if (c.id == selected_creep() && c.walking()) return;
    }
    for (const effects::Creep& c : creeps) {
        if (!c.walking()) continue;
        click(world, to_canvas(w, 0, w.path().position_at(c.distance)), 0.05, paused);
        return;
    }
}

}   // namespace pb::ui
