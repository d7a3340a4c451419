#include "ui/shell/shortcuts.hpp"

namespace pb::ui {

const std::vector<Shortcut>& shortcuts() {
    using A = ShellAction;
    static const std::vector<Shortcut> table{
        {A::TogglePause, SDL_SCANCODE_SPACE, false, false, false, "Space", "Play / pause"},
        {A::StepOnce, SDL_SCANCODE_PERIOD, false, false, true, ".", "Single step (pauses; hold to repeat)"},
        {A::StepBack,
         SDL_SCANCODE_COMMA,
         false,
         false,
         true,
         ",",
         "Reviewing a replay: one tick back (hold to repeat)",
         {},
         true},
        {A::JumpToStart,
         SDL_SCANCODE_HOME,
         true,
         true,
         false,
         "Ctrl+Shift+Home",
         "Reviewing a replay: to its start",
         {},
         true},
        {A::JumpToEnd,
         SDL_SCANCODE_END,
         true,
         true,
         false,
         "Ctrl+Shift+End",
         "Reviewing a replay: to its end",
         {},
         true},
        {A::Restart, SDL_SCANCODE_R, false, false, false, "R", "Restart at tick 0, keeping parameter values"},
        {A::SpeedUp, SDL_SCANCODE_EQUALS, false, false, false, "+", "Faster"},
        {A::SpeedUp, SDL_SCANCODE_KP_PLUS, false, false, false, "Keypad +", "Faster"},
        {A::SpeedDown, SDL_SCANCODE_MINUS, false, false, false, "-", "Slower"},
        {A::SpeedDown, SDL_SCANCODE_KP_MINUS, false, false, false, "Keypad -", "Slower"},
        {A::Open, SDL_SCANCODE_O, true, false, false, "Ctrl+O", "Open a scenario or a replay"},
        {A::Save, SDL_SCANCODE_S, true, false, false, "Ctrl+S", "Save the scenario (parameters and placements)"},
        {A::SaveAs, SDL_SCANCODE_S, true, true, false, "Ctrl+Shift+S", "Save the scenario to another file"},
        {A::Reload, SDL_SCANCODE_R, true, false, false, "Ctrl+R", "Reload the scenario from its file"},
        {A::ToggleRecording, SDL_SCANCODE_R, true, true, false, "Ctrl+Shift+R",
         "Record the session to a replay / stop recording"},
        {A::Screenshot, SDL_SCANCODE_F12, false, false, false, "F12", "Screenshot to a PNG in the current folder"},
        {A::Undo, SDL_SCANCODE_Z, true, false, true, "Ctrl+Z", "Undo the last edit (its inverse, applied now)"},
        {A::Redo, SDL_SCANCODE_Z, true, true, true, "Ctrl+Shift+Z", "Redo the edit undone last"},
        {A::Redo, SDL_SCANCODE_Y, true, false, true, "Ctrl+Y", "Redo the edit undone last"},
        {A::Quit, SDL_SCANCODE_Q, true, false, false, "Ctrl+Q", "Quit"},
        {A::ResetZoom, SDL_SCANCODE_HOME, false, false, false, "Home", "Fit the arena in the canvas"},
        {A::ResetZoom, SDL_SCANCODE_0, true, false, false, "Ctrl+0", "Fit the arena in the canvas"},
        {A::ToggleVelocityHints, SDL_SCANCODE_V, false, false, false, "V",
         "Velocity hints on / off (arrows on moving pods and the ball)", "podball"},
        {A::ToggleParamPanel, SDL_SCANCODE_P, false, false, false, "P", "Parameter panel on / off"},
        {A::ShowShortcuts, SDL_SCANCODE_F1, false, false, false, "F1", "This list: the shortcuts of this lab"},
    };
    return table;
}

std::vector<Shortcut> shortcuts_for(std::string_view lab, bool reviewing) {
    std::vector<Shortcut> out;
    for (const Shortcut& s : shortcuts())
        if ((s.lab.empty() || s.lab == lab) && (reviewing || !s.reviewing_only)) out.push_back(s);
    return out;
}

bool lab_has_shortcut(std::string_view lab, bool reviewing, ShellAction action) {
    for (const Shortcut& s : shortcuts_for(lab, reviewing))
        if (s.action == action) return true;
    return false;
}

std::optional<ShellAction> action_for_key(SDL_Scancode key, bool ctrl, bool shift, bool alt, bool repeat) {
    if (alt) return std::nullopt;   // Alt combinations belong to the desktop
    for (const Shortcut& s : shortcuts()) {
        if (s.key != key || s.ctrl != ctrl) continue;
        // Shift only tells Ctrl shortcuts apart (Ctrl+S, Ctrl+Shift+S); "+" is Shift+= on many layouts.
        if (s.ctrl && s.shift != shift) continue;
        if (repeat && !s.repeats) return std::nullopt;
        return s.action;
    }
    return std::nullopt;
}

const char* shortcut_label(ShellAction action) {
    for (const Shortcut& s : shortcuts())
        if (s.action == action) return s.keys.data();
    return "";
}

}   // namespace pb::ui
