// What a session (ui/shell/review_session.hpp, compare_session.hpp, sweep_session.hpp) may use of
// the shell it runs in: the world on screen and the lab's view of it, the live edit history, the
// widgets this frame records, the status line and the error banner, play / pause, and replacing
// the world. A session gets the host when it is made and never outlives it; what else it needs
// (a file dialog, leaving the session) it asks for by what its draw functions return.
#pragma once
#include <string>

namespace pb {
class Simulation;
struct Scenario;
}   // namespace pb

namespace pb::ui {

class EditHistory;
class LabView;
class WidgetLocator;

class ShellHost {
public:
    // The world on screen: the live simulation (A while comparing), or while reviewing the replay
    // player's; and the lab's view of it on the canvas.
    virtual Simulation& simulation() = 0;
    virtual LabView* lab_view() = 0;
    // The designer's edits of the live simulation (A's while comparing).
    virtual EditHistory& edit_history() = 0;
    // Where this frame records what it drew (UI automation, tests).
    virtual WidgetLocator& frame_widgets() = 0;
    // The status line (a message that fades) and the error banner (until dismissed; Retry opens
    // `retry_path` again).
    virtual void set_status(std::string message) = 0;
    virtual void show_error(std::string message, std::string retry_path = {}) = 0;
    // The one transport's play / pause.
    virtual bool paused() const = 0;
    virtual void set_paused(bool paused) = 0;
    // Puts another world on screen, as opening a file does: a replay under review closes, a
    // recording stops (`why` on the status line), the simulation is reset to `scenario` (it
    // throws what the reset throws, leaving the world as it was), `path` is the file it is saved
    // to ("" untitled), and nothing is unsaved.
    virtual void replace_world(Scenario scenario, std::string path, const std::string& why) = 0;

protected:
    ~ShellHost() = default;
};

}   // namespace pb::ui
