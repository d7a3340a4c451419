// Everything the shell can be asked to do from a menu, a button or a key, and the one table
// of keyboard shortcuts (the window maps key events through it; Help > Shortcuts lists it).
#pragma once
#include <optional>
#include <string_view>
#include <vector>

#include <SDL_scancode.h>

namespace pb::ui {

enum class ShellAction {
    TogglePause,
    StepOnce,
    Restart,
    SpeedUp,
    SpeedDown,
    Open,
    Save,
    SaveAs,
    Reload,
    Screenshot,
    ExportScreenshot,
    Quit,
    ResetZoom,
    ToggleVelocityHints,
    ToggleParamPanel,
    ShowShortcuts,
    ShowLabHelp,
    // Replays: record the live session; step back / jump while reviewing one.
    ToggleRecording,
    StepBack,
    JumpToStart,
    JumpToEnd,
    // Edit > Undo / Redo (ui/shell/edit_history.hpp).
    Undo,
    Redo,
};

struct Shortcut {
    ShellAction action;
    SDL_Scancode key;
    bool ctrl = false;
    bool shift = false;
    bool repeats = false;    // held key repeats the action (single step)
    std::string_view keys;   // as shown to the designer: "Ctrl+O"
    std::string_view what;
    // Where it does something: in every lab (empty) or one lab's name; and only while reviewing.
    std::string_view lab = {};
    bool reviewing_only = false;
};

const std::vector<Shortcut>& shortcuts();
// The shortcuts that do something in `lab` (reviewing or not), in table order, one line per
// action and keys (Help > Keyboard shortcuts).
std::vector<Shortcut> shortcuts_for(std::string_view lab, bool reviewing);
// True when `action` has a shortcut that does something in `lab` (reviewing or not).
bool lab_has_shortcut(std::string_view lab, bool reviewing, ShellAction action);
// The action for a key press, if any. `repeat` is SDL's key-repeat flag.
std::optional<ShellAction> action_for_key(SDL_Scancode key, bool ctrl, bool shift, bool alt, bool repeat);
// The first shortcut label for an action ("" for none), for menu items.
const char* shortcut_label(ShellAction action);

}   // namespace pb::ui
