// Help for the lab on screen: Help > Keyboard shortcuts, filtered to this lab (and to review
// mode's keys only while reviewing a replay), and Help > About this lab (what you see, what you
// can do, the keys that work here, the document it follows). Windows over the canvas, each open
// until its x or Esc closes it.
#pragma once

namespace pb {
class World;
}

namespace pb::ui {

class LabView;
class WidgetLocator;

class HelpWindows {
public:
    void show_shortcuts() { shortcuts_open_ = true; }
    void toggle_shortcuts() { shortcuts_open_ = !shortcuts_open_; }
    void toggle_lab_help() { lab_help_open_ = !lab_help_open_; }
    // Draws the open ones for `world`'s lab, whose view is `lab` (null: no help text of its own);
    // records them in `widgets` ("help.shortcuts", "help.about_lab").
    void draw(const World& world, const LabView* lab, bool reviewing, bool comparing, WidgetLocator& widgets);

private:
    void draw_shortcuts(const World& world, const LabView* lab, bool reviewing, bool comparing, WidgetLocator& widgets);
    void draw_lab_help(const World& world, const LabView* lab, WidgetLocator& widgets);
    bool shortcuts_open_ = false;
    bool lab_help_open_ = false;
};

}   // namespace pb::ui
