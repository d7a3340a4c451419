// A Lua team's script panel in the Podball Analysis tab (docs/lua-teams.md#the-script-panel): the
// source with the faulting line marked, the instructions each call used against the budget, the
// memory as a live tree that follows review, pinned values charted, Open in editor and New Lua
// team..., all through the real window.
#include <doctest/doctest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>

#include "engine/core/json.hpp"
#include "engine/core/read_file.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/world.hpp"
#include "ui/podball/podball_view.hpp"
#include "ui_test_support.hpp"

using namespace pb;

namespace {

// Counts its calls in memory.count, keeps memory.target = the ball, burns a number of instructions
// that changes from call to call, and raises an error on line 9 at every tick divisible by 50.
const char* kScript = R"(name = "counter"
function init(settings, memory)
  memory.count = 0
  memory.target = { x = 0, y = 0 }
end
function play(world, memory, actions)
  memory.count = memory.count + 1
  if world.tick % 50 == 0 and world.tick > 0 then
    error("a fault on purpose")
  end
  local s = 0
  for k = 1, 2000 + (memory.count % 5) * 6000 do s = s + k end
  memory.target.x, memory.target.y = world.ball.pos.x, world.ball.pos.y
  for i, pod in ipairs(world.own) do
    actions[i] = { kind = "move", x = world.ball.pos.x - pod.pos.x, y = world.ball.pos.y - pod.pos.y }
  end
end
)";

std::string scenario_text(const std::string& team0_module, const std::string& extra = {}) {
    return "lab = \"podball\"\nseed = 3\n" + extra + "[team0]\nname = \"Blue\"\nmodule = \"" + team0_module +
           "\"\npods = 3\n[team1]\nname = \"Red\"\nmodule = \"chaser\"\npods = 3\n";
}

// A scratch folder with counter.lua and a scenario playing it as team 0.
std::string write_counter(const test::ScratchDir& dir, const std::string& extra = {}) {
    std::ofstream(dir.file("counter.lua")) << kScript;
    std::ofstream(dir.file("counter.toml")) << scenario_text("lua:counter.lua", extra);
    return dir.file("counter.toml");
}

ui::PodballView& podball_view(ui::Shell& shell) {
    auto* view = dynamic_cast<ui::PodballView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    return *view;
}

const podball::LuaTeamModule& lua_team(const Simulation& sim, int team) {
    const auto& w = static_cast<const podball::PodballWorld&>(sim.world());
    const podball::LuaTeamModule* lua = podball::as_lua_module(w.team_module(team));
    REQUIRE(lua != nullptr);
    return *lua;
}

std::string memory_json_of(const podball::LuaTeamModule& lua) {
    JsonWriter json(false);
    lua.write_memory(json);
    return json.str();
}

std::string memory_json(const Simulation& sim) { return memory_json_of(lua_team(sim, 0)); }

// The value a frame showed for a memory leaf, or "(not shown)".
std::string shown(ui::Shell& shell, const std::string& path) {
    for (const auto& [p, v] : podball_view(shell).scripts().shown_memory(0))
        if (p == path) return v;
    return "(not shown)";
}

std::string frame_text(const ui::OffscreenRenderer& r) {
    std::string all;
    for (const ui::DrawnText& t : r.drawn_text()) all += t.text + "\n";
    return all;
}

// A tiny $VISUAL: writes its arguments, one a line, to `out`.
std::string argv_recorder(const test::ScratchDir& dir, const std::string& out) {
    const std::string path = dir.file("record-argv.sh");
    std::ofstream(path) << "#!/bin/sh\nprintf '%s\\n' \"$@\" > '" << out << ".tmp' && mv '" << out << ".tmp' '" << out
                        << "'\n";
    ::chmod(path.c_str(), 0755);
    return path;
}

// The editor runs detached: its output file appears when it has run (a few seconds at most).
std::string wait_for_file(const std::string& path) {
    for (int i = 0; i < 500 && !std::filesystem::exists(path); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    REQUIRE_MESSAGE(std::filesystem::exists(path), path);
    return read_regular_file(path, 1 << 16, "the editor's arguments");
}

// Sets or clears an environment variable for a scope.
class EnvScope {
public:
    EnvScope(const char* name, const char* value) : name_(name) {
        if (const char* old = std::getenv(name)) old_ = old;
        if (value)
            ::setenv(name, value, 1);
        else
            ::unsetenv(name);
    }
    ~EnvScope() {
        if (old_)
            ::setenv(name_, old_->c_str(), 1);
        else
            ::unsetenv(name_);
    }

private:
    const char* name_;
    std::optional<std::string> old_;
};

// The window on `scenario` with the side panel's `tab` chosen, tall enough for the whole tab.
struct Window {
    Simulation sim;
    ui::OffscreenRenderer renderer{1280, 3000};
    ui::Shell shell;
    Window(const std::string& scenario, ui::SideTab tab) : sim(load_scenario_file(scenario)), shell(sim, options(tab)) {
        REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    }
    static ui::ShellOptions options(ui::SideTab tab) {
        ui::ShellOptions o;
        o.preferences.side_tab = tab;
        return o;
    }
};

}   // namespace

TEST_CASE("script panel: the source with line numbers, the faulting line marked, the last faults") {
    test::ScratchDir dir;
    Window win(write_counter(dir), ui::SideTab::Analysis);
    Simulation& sim = win.sim;
    ui::OffscreenRenderer& renderer = win.renderer;
    ui::Shell& shell = win.shell;
    shell.run_ticks(120);
    REQUIRE(lua_team(sim, 0).faults().size() == 1);
    renderer.render(shell, 2);
    const ui::WidgetRect* source = shell.widgets().find("podball.script.0.source");
    REQUIRE(source != nullptr);
    CHECK(source->h > 100.0f);
    CHECK(shell.widgets().find("podball.script.0.fault_line.9") != nullptr);   // error(...) is on line 9
    CHECK(shell.widgets().find("podball.script.0.fault_line.8") == nullptr);
    CHECK(frame_text(renderer).find("2 faults, ticks 50-100: counter.lua:9: a fault on purpose") != std::string::npos);
}

TEST_CASE("script panel: the instructions each call used, charted against the budget") {
    test::ScratchDir dir;
    Window win(write_counter(dir, "[params]\npodball.script.instructions = 200000\n"), ui::SideTab::Analysis);
    Simulation& sim = win.sim;
    ui::OffscreenRenderer& renderer = win.renderer;
    ui::Shell& shell = win.shell;
    shell.run_ticks(200);
    renderer.render(shell, 2);
    CHECK(shell.widgets().find("podball.script.0.instructions") != nullptr);
    const ui::ScriptPanels& panel = podball_view(shell).scripts();
    CHECK(panel.charted_budget(0) == doctest::Approx(200000.0));
    const auto& costs = lua_team(sim, 0).call_costs();
    REQUIRE(costs.size() > 20);
    const std::vector<double>& charted = panel.charted_instructions(0);
    REQUIRE(charted.size() == costs.size());
    std::set<double> distinct;
    for (std::size_t i = 0; i < costs.size(); ++i) {
        CHECK(charted[i] == static_cast<double>(costs[i].instructions));
        CHECK(costs[i].budget == 200000);
        distinct.insert(charted[i]);
    }
    // The loop runs 2000 to 26000 times (two instructions each), counted 10000 at a time.
    CHECK(distinct.size() >= 3);
    CHECK(*distinct.rbegin() >= 40000.0);
    CHECK(*distinct.rbegin() < 200000.0);
}

TEST_CASE("script panel: the memory tree shows what the script wrote and follows review back in time") {
    test::ScratchDir dir;
    const std::string scenario = write_counter(dir);
    Window win(scenario, ui::SideTab::Analysis);
    Simulation& sim = win.sim;
    ui::OffscreenRenderer& renderer = win.renderer;
    ui::Shell& shell = win.shell;
    const std::string replay = dir.file("counter.pbreplay");
    REQUIRE(shell.start_recording(replay));
    while (memory_json(sim).find("\"count\":42,") == std::string::npos) {
        REQUIRE(sim.tick() < 1000);
        shell.run_ticks(1);
    }
    const std::int64_t at_42 = sim.tick();
    renderer.render(shell, 2);
    CHECK(shown(shell, "memory.count") == "42");
    CHECK(shell.widgets().find("podball.script.0.memory.memory.count") != nullptr);
    CHECK(shown(shell, "memory.target.x") == "(not shown)");   // a table starts collapsed
    const ui::WidgetRect target = *shell.widgets().find("podball.script.0.memory.memory.target");
    test::click(renderer, shell, target);
    CHECK(shown(shell, "memory.target.x") != "(not shown)");
    shell.run_ticks(100);
    renderer.render(shell, 2);
    CHECK(shown(shell, "memory.count") != "42");
    shell.stop_recording("test");

    REQUIRE(shell.open_replay(replay));
    renderer.render(shell, 2);
    const ui::WidgetRect analysis = *shell.widgets().find("side.tab.analysis");
    test::click(renderer, shell, analysis);
    shell.review()->seek(at_42);
    renderer.render(shell, 2);
    CHECK(shown(shell, "memory.count") == "42");
    shell.review()->seek(at_42 / 2);
    renderer.render(shell, 2);
    Simulation fresh(load_scenario_file(scenario));
    fresh.advance(at_42 / 2);
    const std::string expect = memory_json(fresh);
    const std::string count = shown(shell, "memory.count");
    CAPTURE(expect);
    CHECK(expect.find("\"count\":" + count + ",") != std::string::npos);
    CHECK(count != "42");
}

TEST_CASE("script panel: a pinned number is charted every tick, and a click unpins it") {
    test::ScratchDir dir;
    Window win(write_counter(dir), ui::SideTab::Analysis);
    Simulation& sim = win.sim;
    ui::OffscreenRenderer& renderer = win.renderer;
    ui::Shell& shell = win.shell;
    shell.run_ticks(20);
    renderer.render(shell, 2);
    CHECK(shell.widgets().find("podball.script.0.pins") == nullptr);
    const ui::WidgetRect* found = shell.widgets().find("podball.script.0.memory.memory.count.pin");
    REQUIRE(found != nullptr);
    const ui::WidgetRect pin = *found;   // the next frame rebuilds the widget list
    test::click(renderer, shell, pin);
    REQUIRE(podball_view(shell).scripts().pins().size() == 1);
    CHECK(podball_view(shell).scripts().pins()[0].path() == "memory.count");
    shell.run_ticks(300);
    renderer.render(shell, 2);
    CHECK(shell.widgets().find("podball.script.0.pins") != nullptr);
    const ui::PinnedValue& p = podball_view(shell).scripts().pins()[0];
    CHECK(p.samples() >= 300);
    std::vector<double> ticks, values;
    p.points(ticks, values);
    REQUIRE(values.size() >= 2);
    CHECK(values.back() > values.front());   // memory.count grows call by call
    const std::string json = memory_json(sim);
    CHECK(json.find("\"count\":" + std::to_string(static_cast<long long>(values.back())) + ",") != std::string::npos);

    const ui::WidgetRect unpin = *shell.widgets().find("podball.script.0.memory.memory.count.pin");
    test::click(renderer, shell, unpin);
    CHECK(podball_view(shell).scripts().pins().empty());
    renderer.render(shell, 1);
    CHECK(shell.widgets().find("podball.script.0.pins") == nullptr);
}

TEST_CASE("script panel: Open in editor runs $VISUAL with the script's path, detached, as one argument") {
    test::ScratchDir dir;
    // A folder with a space: the path reaches the editor as one argument, never through a shell.
    std::filesystem::create_directories(dir.file("my teams"));
    std::ofstream(dir.file("my teams/counter.lua")) << kScript;
    std::ofstream(dir.file("my teams/counter.toml")) << scenario_text("lua:counter.lua");
    Window win(dir.file("my teams/counter.toml"), ui::SideTab::Analysis);
    ui::OffscreenRenderer& renderer = win.renderer;
    ui::Shell& shell = win.shell;
    shell.run_ticks(10);
    renderer.render(shell, 2);
    const std::string out = dir.file("argv.txt");
    EnvScope visual("VISUAL", argv_recorder(dir, out).c_str());
    const ui::WidgetRect* found = shell.widgets().find("podball.script.0.open_editor");
    REQUIRE(found != nullptr);
    const ui::WidgetRect button = *found;
    test::click(renderer, shell, button);
    CHECK(wait_for_file(out) == dir.file("my teams/counter.lua") + "\n");
    CHECK(podball_view(shell).scripts().message(0).find("Opened " + dir.file("my teams/counter.lua")) == 0);

    // No $VISUAL, no $EDITOR, no xdg-open on the PATH: a clear message, nothing started.
    EnvScope no_visual("VISUAL", nullptr);
    EnvScope no_editor("EDITOR", nullptr);
    EnvScope path("PATH", dir.file("my teams").c_str());
    test::click(renderer, shell, button);
    CHECK(podball_view(shell).scripts().message(0).find("No editor to open") == 0);
    CHECK(podball_view(shell).scripts().editor().failed());
}

TEST_CASE(
    "New Lua team...: writes a starter beside the scenario, opens it, and the team plays it; Undo switches back") {
    test::ScratchDir dir;
    std::ofstream(dir.file("match.toml")) << scenario_text("chaser");
    Window win(dir.file("match.toml"), ui::SideTab::Tools);
    ui::OffscreenRenderer& renderer = win.renderer;
    ui::Shell& shell = win.shell;
    shell.run_ticks(100);
    renderer.render(shell, 2);
    const std::string out = dir.file("argv.txt");
    EnvScope visual("VISUAL", argv_recorder(dir, out).c_str());
    const ui::WidgetRect* found = shell.widgets().find("podball.new_lua_team.0");
    REQUIRE(found != nullptr);
    const ui::WidgetRect button = *found;
    test::click(renderer, shell, button);
    REQUIRE(std::filesystem::exists(dir.file("blue.lua")));
    CHECK(wait_for_file(out) == dir.file("blue.lua") + "\n");   // opened in the editor
    CHECK(podball_view(shell).scripts().message(0).find("Blue plays it from its next call") != std::string::npos);
    const std::string text = read_regular_file(dir.file("blue.lua"), 1 << 20, "a script");
    for (const char* part : {"function init(", "function play(", "params = {", "memory.shots"})
        CHECK_MESSAGE(text.find(part) != std::string::npos, part);

    // The team plays it from the tick of the click: an edit (Undo names it), and the starter
    // reaches the ball and shoots.
    const auto world = [&]() -> const podball::PodballWorld& {
        return static_cast<const podball::PodballWorld&>(shell.simulation().world());
    };
    CHECK(world().teams()[0].module == "lua:blue.lua");
    CHECK(lua_team(shell.simulation(), 0).script().text == text);
    REQUIRE(shell.edit_history().edits().size() == 1);
    CHECK(shell.edit_history().edits().back().tick == 100);
    CHECK(shell.edit_history().undo_label() == "Undo switch Blue to lua:blue.lua");
    shell.run_ticks(3000);
    const podball::LuaTeamModule& lua = lua_team(shell.simulation(), 0);
    CHECK(lua.faults().empty());
    CHECK(lua.call_costs().size() > 50);
    CHECK(world().metrics().team[0].shots > 0);
    CHECK(memory_json_of(lua).find("{\"shots\":0}") == std::string::npos);

    // The new script is watched like the scenario's own (from the next frame): saving it reloads it.
    shell.update(1.0 / 60.0);
    std::string edited = text;
    edited.replace(edited.find("default = 0.3"), 13, "default = 0.2");
    write_file_atomically(dir.file("blue.lua"), edited);
    for (int i = 0; i < 30 && lua_team(shell.simulation(), 0).script().text != edited; ++i) shell.update(1.0 / 60.0);
    CHECK(lua_team(shell.simulation(), 0).script().text == edited);

    // File > Save writes the module into [team0]: opened again, the scenario starts with it.
    REQUIRE(shell.save_scenario(dir.file("match.toml")));
    const std::string saved = read_regular_file(dir.file("match.toml"), 1 << 20, "the scenario");
    CHECK(saved.find("module = \"lua:blue.lua\"") != std::string::npos);
    CHECK(saved.find("team.module") == std::string::npos);

    // Undo (the reload, then the switch): the chaser again.
    shell.set_paused(true);
    shell.perform(ui::ShellAction::Undo);
    shell.perform(ui::ShellAction::Undo);
    CHECK(world().teams()[0].module == "chaser");
    CHECK(podball::as_lua_module(world().team_module(0)) == nullptr);

    // Again: a new name, the first file untouched.
    std::ofstream(dir.file("blue.lua"), std::ios::app) << "-- mine\n";
    renderer.render(shell, 1);
    test::click(renderer, shell, button);
    REQUIRE(std::filesystem::exists(dir.file("blue_2.lua")));
    CHECK(read_regular_file(dir.file("blue.lua"), 1 << 20, "a script").find("-- mine") != std::string::npos);
    CHECK(world().teams()[0].module == "lua:blue_2.lua");
}

TEST_CASE("New Lua team...: an untitled scenario has no folder, and says so") {
    Window win(test::default_scenario_file(), ui::SideTab::Tools);
    REQUIRE(win.shell.new_scenario("podball"));
    win.renderer.render(win.shell, 2);
    const ui::WidgetRect* found = win.shell.widgets().find("podball.new_lua_team.1");
    REQUIRE(found != nullptr);
    const ui::WidgetRect button = *found;
    test::click(win.renderer, win.shell, button);
    CHECK(podball_view(win.shell).scripts().message(1).find("untitled") != std::string::npos);
}
