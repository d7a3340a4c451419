// "Everything on": switches on every overlay, heat map and option a lab's view offers, through the
// views' public API, so the soak test (tests/soak) and `playbench bench render` draw the busiest
// picture a designer can ask for. Each view does it (LabView::switch_everything_on, in
// ui/<lab>/everything_on.cpp): when a view gains an option, switch it on there.
#pragma once

namespace pb::ui {

class Shell;

// Switches the shell's lab view to show everything. `variant` picks among options that exclude
// each other (RGS top or side view, efficiency or team-delta heat map; Podball's heat map of
// one team or both; the Tasks solution shown); 0 is the fullest top-down picture. Call it again
// as the world changes (a selection it makes may have gone).
void switch_everything_on(Shell& shell, int variant = 0);

}   // namespace pb::ui
