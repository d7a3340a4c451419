// Hot reload of a Lua team's script through the real window (docs/lua-teams.md#hot-reload-in-the-window):
// a scenario with a Lua team written to a scratch folder and played by the shell, frame by frame as
// the window plays it; the script file rewritten on disk between frames (in place, and by rename as
// editors save). A good script plays from the tick it was saved at (the match equals a headless run
// given script.reload at that tick, and differs from a run without it); a broken one is refused with
// PATH:LINE in the status line and the team's script section while the old script plays on (the
// match equals the run without the change); Undo takes a reload back; a recording with a reload
// verifies; under review a save is reported, not played; deleting the file reloads nothing.
#include <doctest/doctest.h>

#include <fstream>

#include "engine/core/replay.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/core/typed_command.hpp"
#include "engine/podball/commands.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/world.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui/shell/shortcuts.hpp"
#include "ui_test_support.hpp"

using namespace pb;

namespace {

// Runs at the ball, and counts its calls in memory.
const char* const kChaser = R"(name = "test chaser"
function play(world, memory, actions)
  memory.calls = (memory.calls or 0) + 1
  for i, pod in ipairs(world.own) do
    actions[i] = { kind = "move", x = world.ball.pos.x - pod.pos.x, y = world.ball.pos.y - pod.pos.y }
  end
end
)";

// Every pod runs up the field instead; memory is kept across the reload.
const char* const kRunner = R"(name = "test runner"
function play(world, memory, actions)
  memory.calls = (memory.calls or 0) + 1
  for i in ipairs(world.own) do
    actions[i] = { kind = "move", x = 0, y = 1 }
  end
end
)";

// Does not compile: line 3.
const char* const kBroken = R"(function play(world, memory, actions)
  for i in ipairs(world.own) do
    actions[i] = = { kind = "move", x = 0, y = 1 }
  end
end
)";

void write_plain(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << text;
}

struct Fixture {
    test::ScratchDir dir;
    std::string scenario = dir.file("reload.toml");
    std::string script = dir.file("team.lua");
    Fixture() {
        write_plain(script, kChaser);
        write_plain(scenario, R"(lab = "podball"
title = "Lua reload"
seed = 7
start_mode = "kickoff_team_0"

[team0]
name = "Blue"
module = "lua:team.lua"
pods = 3

[team1]
name = "Red"
module = "chaser"
pods = 3
)");
    }
};

const podball::LuaTeamModule& lua_team(const Simulation& sim) {
    const auto* lua = podball::as_lua_module(dynamic_cast<const podball::PodballWorld&>(sim.world()).team_module(0));
    REQUIRE(lua != nullptr);
    return *lua;
}

// Frames of the playing window (1/60 s each): the shell polls the script files, then runs the
// ticks due.
void play_frames(ui::Shell& shell, int frames) {
    for (int i = 0; i < frames; ++i) shell.update(1.0 / 60.0);
}

// The match without the window, the team starting with kChaser whatever the file holds now:
// `reload` given as script.reload at `at`, then played to `until`.
Simulation headless(const std::string& scenario, std::int64_t until, std::int64_t at = -1, const char* reload = "") {
    ScenarioLoadOptions options;
    options.resolve_script = [](const std::string&, std::string&) { return std::optional<std::string>(kChaser); };
    Simulation sim(load_scenario_file(scenario, options));
    if (at >= 0) {
        sim.advance(at);
        REQUIRE_FALSE(sim.submit(to_command(podball::ScriptReload{.team = 0, .text = reload}, at)));
    }
    sim.advance(until - sim.tick());
    return sim;
}

}   // namespace

TEST_CASE("lua reload: a script saved while the window plays changes the team from that tick; Undo takes it back") {
    Fixture f;
    Simulation sim(load_scenario_file(f.scenario));
    ui::Shell shell{sim, ui::ShellOptions{}};
    shell.set_paused(false);
    play_frames(shell, 30);
    const std::int64_t saved_at = sim.tick();
    REQUIRE(saved_at > 0);

    // An editor that saves by writing a new file and renaming it over the script.
    write_file_atomically(f.script, kRunner);
    play_frames(shell, 30);
    CHECK(lua_team(sim).script().text == kRunner);
    CHECK(shell.status().find("Reloaded team.lua at tick " + std::to_string(saved_at)) != std::string::npos);
    REQUIRE(shell.edit_history().edits().size() == 1);
    CHECK(shell.edit_history().edits().back().tick == saved_at);
    CHECK(shell.edit_history().undo_label() == "Undo reload team 0's script team.lua");

    // Tick for tick what script.reload at the save's tick gives, and not what the old script plays.
    const std::int64_t end = sim.tick();
    REQUIRE(end > saved_at + 20);
    const Simulation with = headless(f.scenario, end, saved_at, kRunner);
    const Simulation without = headless(f.scenario, end);
    CHECK(sim.world().hash() == with.world().hash());
    CHECK(sim.world().tick_hash() == with.world().tick_hash());
    CHECK(sim.world().tick_hash() != without.world().tick_hash());

    // Undo: the chaser plays again.
    shell.set_paused(true);
    shell.perform(ui::ShellAction::Undo);
    CHECK(lua_team(sim).script().text == kChaser);
    CHECK_FALSE(shell.edit_history().can_undo());
    CHECK(shell.edit_history().can_redo());

    // Saving the text that plays now is no reload (nothing to undo), in place this time.
    write_plain(f.script, kChaser);
    play_frames(shell, 2);
    CHECK(shell.edit_history().edits().size() == 1);
}

TEST_CASE("lua reload: a broken script is refused with PATH:LINE, shown in the panel, and the old one plays on") {
    Fixture f;
    Simulation sim(load_scenario_file(f.scenario));
    ui::ShellOptions options;
    options.preferences.side_tab = ui::SideTab::Analysis;
    ui::Shell shell{sim, options};
    ui::OffscreenRenderer r{1280, 2400};   // tall: the Lua team's section in sight
    REQUIRE_MESSAGE(r.ok(), r.error());
    shell.set_paused(false);
    play_frames(shell, 20);
    write_plain(f.script, kBroken);   // saved in place
    play_frames(shell, 20);
    CHECK(lua_team(sim).script().text == kChaser);
    CHECK(shell.edit_history().edits().empty());
    const std::string& status = shell.status();
    CHECK(status.find("team.lua not reloaded, the old script plays on: team.lua:3:") != std::string::npos);

    // The old behaviour goes on: the match is the one without the change.
    CHECK(sim.world().hash() == headless(f.scenario, sim.tick()).world().hash());

    // The team's script section says why (opened by a click on its header when it is closed).
    shell.set_paused(true);
    r.render(shell, 2);
    const auto* header = shell.widgets().find("podball.script.0");
    REQUIRE(header != nullptr);
    const ui::WidgetRect at = *header;   // a copy: the next frame rebuilds the list
    if (test::frame_text(r).find("Not reloaded") == std::string::npos) {
        test::click(r, shell, at);
        r.render(shell, 2);
    }
    CHECK(test::frame_text(r).find("Not reloaded, the old script plays on: team.lua:3:") != std::string::npos);

    // Fixed and saved again: it plays, and the section no longer shows the error.
    write_plain(f.script, kRunner);
    play_frames(shell, 1);
    CHECK(lua_team(sim).script().text == kRunner);
    r.render(shell, 2);
    CHECK(test::frame_text(r).find("Not reloaded") == std::string::npos);
}

TEST_CASE("lua reload: a recording with a reload verifies; review does not reload; deleting the script is no reload") {
    Fixture f;
    Simulation sim(load_scenario_file(f.scenario));
    ui::Shell shell{sim, ui::ShellOptions{}};
    const std::string replay = f.dir.file("reload.pbreplay");
    REQUIRE(shell.start_recording(replay));
    shell.set_paused(false);
    play_frames(shell, 20);
    write_file_atomically(f.script, kRunner);
    play_frames(shell, 20);
    REQUIRE(lua_team(sim).script().text == kRunner);
    shell.stop_recording("");

    ReplayLoad l = read_replay_file(replay);
    REQUIRE_MESSAGE(l.data.has_value(), l.error);
    REQUIRE(l.data->commands.size() == 1);
    CHECK(l.data->commands[0].type == "script.reload");
    const ReplayCheck check = check_replay(*l.data, replay);
    CHECK(check.verdict == ReplayVerdict::Ok);

    // Under review the file's changes are said, not played (the live team keeps its script too).
    REQUIRE(shell.open_replay(replay));
    write_plain(f.script, kChaser);
    play_frames(shell, 2);
    CHECK(shell.status().find("team.lua changed: not reloaded, a replay under review is read-only") !=
          std::string::npos);
    shell.close_replay();
    CHECK(lua_team(sim).script().text == kRunner);
    CHECK(shell.edit_history().edits().size() == 1);

    // Deleting the file reloads nothing: the team plays on.
    std::filesystem::remove(f.script);
    play_frames(shell, 2);
    CHECK(shell.status().find("team.lua was removed: the team plays on") != std::string::npos);
    CHECK(lua_team(sim).script().text == kRunner);
    CHECK(shell.edit_history().edits().size() == 1);
    // ... and writing it back reloads it.
    write_plain(f.script, kChaser);
    play_frames(shell, 2);
    CHECK(lua_team(sim).script().text == kChaser);
}
