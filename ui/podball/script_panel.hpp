// The script panel of each Lua team in the Podball Analysis tab (docs/lua-teams.md#the-script-panel):
// the source with line numbers and the faulting lines marked, the last faults, the VM instructions
// each play call used against the budget, Open in editor, and the team's `memory` as a live tree
// with pinned values charted over match time (memory_tree.hpp). Also New Lua team... (in the Tools
// tab), which writes a starter script beside the scenario. Everything shown is read from the world on screen, so it
// follows review and scrubbing; the panel never writes the world.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <sys/types.h>

#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/world.hpp"
#include "ui/lab_view.hpp"
#include "ui/podball/memory_tree.hpp"

namespace pb::ui {

// Team `team`'s name as the scenario gives it ("Blue").
const std::string& team_name(const podball::PodballWorld& w, int team);

// Opens files in the designer's editor without blocking the window: $VISUAL, else $EDITOR (each
// split at spaces into a program and its arguments, never given to a shell), else xdg-open; the
// file is the last argument. The editor runs detached (its own session); finished ones are reaped
// by poll(), and one that could not start or exited with a failure says so in message().
class EditorLauncher {
public:
    // The command line for `file` and what chose it ("$VISUAL", "$EDITOR", "xdg-open").
    static std::vector<std::string> command_for(const std::string& file, std::string& chosen_by);
    // Starts the editor on `file`; false when it could not start (message() says why).
    bool open(const std::string& file);
    void poll();
    const std::string& message() const { return message_; }
    bool failed() const { return failed_; }

private:
    struct Child {
        pid_t pid;
        std::string what;   // "$VISUAL (code) on /path/x.lua"
    };
    std::vector<Child> children_;
    std::string message_;
    bool failed_ = false;
};

// A starter script for a team called `team_name`: commented, using init, play, params and memory,
// chasing the ball and shooting at the goal (docs/lua-teams.md#new-lua-team).
std::string starter_script(const std::string& team_name);

// Writes `text` into `folder` as `stem`.lua, or stem_2.lua, stem_3.lua ... the first name not
// taken (never overwriting a file), atomically (a temporary file linked into place). Returns the
// file's path, or nullopt with `error`.
std::optional<std::string> write_new_script(const std::string& folder, const std::string& stem, const std::string& text,
                                            std::string& error);

class ScriptPanels {
public:
    // Samples the pinned values at the world's tick (once per tick; time going back starts afresh).
    void observe(const podball::PodballWorld& w);
    // Once per frame before the panels: reaps finished editors, samples the pins at the world on
    // screen (review and scrubbing move it without the view's before_tick), forgets the last frame.
    void begin_frame(const podball::PodballWorld& w);
    // A Lua team's panel (inside its tree node, podball_panel.cpp's draw_lua_scripts).
    void draw_team(const podball::PodballWorld& w, const podball::LuaTeamModule& lua, int team, const CanvasFrame& f);
    // Per team (the Tools tab): its module and New Lua team...; the switch a button asked for.
    std::optional<Command> draw_new_team_buttons(const podball::PodballWorld& w, const CanvasFrame& f);

    // The file a team's script is read from: "lua:PATH" against the scenario's folder; empty, with
    // `why`, when it has none (not a Lua team, a relative PATH in a scenario without a file).
    static std::string script_file(const podball::PodballWorld& w, int team, std::string& why);
    // Open in editor for `team`'s script, as the button does.
    void open_in_editor(const podball::PodballWorld& w, int team);
    // New Lua team... for `team`, as the button does: writes the starter beside the scenario, opens
    // it in the editor and gives the team.module that makes the team play it (the view queues it
    // as the designer's edit); nullopt when nothing was written (message() says why).
    std::optional<Command> new_lua_team(const podball::PodballWorld& w, int team);

    void toggle_pin(int team, const std::string& path);
    const std::vector<PinnedValue>& pins() const { return pins_; }
    // What the last frame showed: each memory leaf as (path, value), the instructions chart's
    // values (per call) and its budget line.
    const std::vector<std::pair<std::string, std::string>>& shown_memory(int team) const { return shown_[team]; }
    const std::vector<double>& charted_instructions(int team) const { return charted_[team]; }
    double charted_budget(int team) const { return budget_[team]; }
    // The last outcome of Open in editor or New Lua team... for `team`.
    const std::string& message(int team) const { return message_[team]; }
    EditorLauncher& editor() { return editor_; }

private:
    void draw_source(const podball::LuaTeamModule& lua, const std::string& id, const CanvasFrame& f);
    void draw_instructions(const podball::LuaTeamModule& lua, int team, const std::string& id, const CanvasFrame& f);
    void draw_memory(const podball::LuaTeamModule& lua, int team, const std::string& id, const CanvasFrame& f);

    std::vector<PinnedValue> pins_;
    std::array<std::string, 2> observed_json_;   // each team's memory as observe() last parsed it
    std::array<std::optional<MemoryNode>, 2> observed_;
    std::array<std::vector<std::pair<std::string, std::string>>, 2> shown_;
    std::array<std::vector<double>, 2> charted_;
    std::array<double, 2> budget_{};
    std::array<std::string, 2> message_;
    EditorLauncher editor_;
};

}   // namespace pb::ui
