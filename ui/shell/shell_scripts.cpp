// Hot reload (docs/lua-teams.md#hot-reload-in-the-window): the live scenario's scripts are
// watched (ui/shell/script_watch.hpp); a saved one becomes the lab view's commands (Podball:
// script.reload), submitted as the designer's edit, so Undo takes it back and a recording
// carries the new text. A replay under review is read-only: a save is said, not played.
#include <filesystem>

#include "ui/shell/shell.hpp"

namespace pb::ui {

void Shell::poll_script_files() {
    // The live session's scenario, also while a replay is on screen (its own scripts are data).
    const Simulation& live = owned_sim_ ? *owned_sim_ : *host_sim_;
    // While a replay is under review the view draws the replay's world (maybe another lab's): the
    // scripts the live world played before stay watched.
    if (lab_view_ && !review_) {
        const std::vector<std::string> playing = lab_view_->playing_scripts(live.world());
        script_watch_.follow(live.scenario(), &playing);
    } else {
        script_watch_.follow(live.scenario());
    }
    for (const ScriptWatch::Change& change : script_watch_.poll()) {
        const std::string& name = change.written;
        if (change.removed) {
            set_status(name +
                       " was removed: the team plays on with the script it has (saving the file again reloads it)");
            continue;
        }
        if (!change.error.empty()) {
            set_status(name + " changed but was not read, the old script plays on: " + change.error);
            continue;
        }
        if (review_) {
            set_status(name +
                       " changed: not reloaded, a replay under review is read-only (close it, then save the script "
                       "again to play it live)");
            continue;
        }
        if (!lab_view_) continue;
        for (Command& c : lab_view_->script_saved(sim_->world(), name, change.text)) {
            if (!compare_) c.tick = sim_->tick();
            const Command sent = c;
            const auto why = apply_edit(std::move(c), compare_ && compare_->edit() == CompareEdit::Both);
            lab_view_->script_reloaded(sim_->world(), sent, why);
            if (why)
                set_status(name + " not reloaded, the old script plays on: " + *why);
            else
                set_status("Reloaded " + name + " at tick " + std::to_string(sent.tick) +
                           ": it plays from the next tick (Undo takes it back)");
        }
    }
}

}   // namespace pb::ui
