// team.module (docs/lua-teams.md#a-new-lua-team): a team switched to another module while the
// match runs starts it afresh from its next call; undo switches back; a refused switch leaves the
// match as it was; saving writes the module into the team's [teamN]; replays carry a script's text.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "engine/core/inverse.hpp"
#include "engine/core/replay.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/podball/commands.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/world.hpp"
#include "podball_testing.hpp"

using namespace pb;
using namespace pb::podball;
namespace fs = std::filesystem;

namespace {

// Every pod of the team runs towards -x (the team's own frame), counting its calls.
const char* kBackwards = R"(
params = { pace = { default = 0.5, min = 0, max = 1, label = "Pace" } }
function init(settings, memory) memory.calls = 0 end
function play(world, memory, actions)
  memory.calls = memory.calls + 1
  for i = 1, #world.own do actions[i] = { kind = "move", x = -world.params.pace, y = 0 } end
end
)";

// A folder holding a scenario whose team 0 plays the built-in chaser (2 pods) against an idle team.
struct Folder {
    fs::path dir;
    explicit Folder(const std::string& name) {
        dir = fs::temp_directory_path() / ("playbench-team-module-" + name + "-" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
        std::ofstream(dir / "s.toml") << "lab = \"podball\"\nseed = 5\nstart_mode = \"running\"\n[team0]\nmodule = "
                                         "\"chaser\"\npods = 2\n[team1]\nmodule = \"idle\"\npods = 2\n";
    }
    ~Folder() { fs::remove_all(dir); }
    Scenario load(const std::string& file = "s.toml") const { return load_scenario_file((dir / file).string()); }
};

const PodballWorld& pworld(const Simulation& sim) { return dynamic_cast<const PodballWorld&>(sim.world()); }

Command switch_to(const std::string& module, std::optional<std::string> text = std::nullopt, int team = 0) {
    return to_command(TeamModuleSet{.team = team, .module = module, .text = std::move(text)}, 0);
}

std::string memory_of(const Simulation& sim, int team) {
    JsonWriter out(false);
    as_lua_module(pworld(sim).team_module(team))->write_memory(out);
    return out.str();
}

double mean_vx(const Simulation& sim, int team) {
    double sum = 0.0;
    int n = 0;
    for (const Pod& p : pworld(sim).pods())
        if (p.team == team) sum += p.vel.x, ++n;
    return sum / n;
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}   // namespace

TEST_CASE("team.module: a Lua script replaces the chaser mid-match, starts afresh, and undo brings the chaser back") {
    Folder f("switch");
    Simulation a(f.load()), b(f.load());
    for (int t = 0; t < 40; ++t) a.step(), b.step();
    const Command to_lua = switch_to("lua:new.lua", kBackwards);
    const Inverse undo = inverse_of(b.world(), to_lua);
    REQUIRE_FALSE(undo.refused);
    CHECK(undo.name == "switch Blue to lua:new.lua");
    REQUIRE(undo.commands.size() == 1);
    CHECK(undo.commands[0].text("module") == "chaser");
    CHECK_FALSE(undo.commands[0].find("text"));

    REQUIRE_FALSE(b.submit(to_lua));
    CHECK(pworld(b).teams()[0].module == "lua:new.lua");
    REQUIRE(as_lua_module(pworld(b).team_module(0)));
    CHECK(as_lua_module(pworld(b).team_module(0))->script().written == "new.lua");
    CHECK(memory_of(b, 0) == R"({"calls":0})");   // init ran, play not yet
    for (int t = 0; t < 60; ++t) a.step(), b.step();
    // ctrl_step 5: 60 ticks are 12 calls; the chaser's pods went for the ball, these went back.
    CHECK(memory_of(b, 0) == R"({"calls":12})");
    CHECK(mean_vx(b, 0) < -0.001);
    CHECK(a.world().hash() != b.world().hash());
    // The tunable without a row in the scenario's table plays its default (pace 0.5).
    CHECK(pworld(b).script_rows(0).empty());

    // Undo: the chaser again, started afresh; the team's faults count from the switch.
    for (const Command& c : undo.commands) REQUIRE_FALSE(b.submit(c));
    CHECK(pworld(b).teams()[0].module == "chaser");
    CHECK_FALSE(as_lua_module(pworld(b).team_module(0)));
    CHECK(pworld(b).module_health(0).faults == 0);

    // Deterministic: the same switches at the same ticks give the same world, tick for tick.
    Simulation c(f.load());
    for (int t = 0; t < 40; ++t) c.step();
    REQUIRE_FALSE(c.submit(to_lua));
    for (int t = 0; t < 60; ++t) c.step();
    for (const Command& u : undo.commands) REQUIRE_FALSE(c.submit(u));
    CHECK(c.world().hash() == b.world().hash());
    for (int t = 0; t < 200; ++t) b.step(), c.step();
    CHECK(c.world().hash() == b.world().hash());

    // Built-in to built-in, and a Lua team's undo carries its text back.
    REQUIRE_FALSE(b.submit(switch_to("lua:new.lua", kBackwards)));
    const Inverse back = inverse_of(b.world(), switch_to("formation"));
    REQUIRE_FALSE(b.submit(switch_to("formation")));
    CHECK(pworld(b).teams()[0].module == "formation");
    REQUIRE(back.commands.size() == 1);
    CHECK(back.commands[0].text("module") == "lua:new.lua");
    CHECK(back.commands[0].text("text") == kBackwards);
}

TEST_CASE("team.module: a switch that cannot start is refused with the reason, and the match goes on as it was") {
    Folder f("refused");
    Simulation a(f.load()), b(f.load());
    for (int t = 0; t < 30; ++t) a.step(), b.step();
    CHECK(
        has(b.submit(switch_to("chasr")).value_or(""), "\"chasr\" is not a module (allowed: idle, chaser, formation"));
    CHECK(has(b.submit(switch_to("lua:new.lua")).value_or(""), "\"lua:new.lua\" needs the script's whole text"));
    CHECK(has(b.submit(switch_to("lua:", "function play() end")).value_or(""), "\"lua:\" needs the script's PATH"));
    CHECK(has(b.submit(switch_to("chaser", "function play() end")).value_or(""),
              "text goes with a Lua script (\"lua:PATH\") only"));
    CHECK(b.submit(switch_to("lua:new.lua", "function play(world, memory, actions)\n  local x = = 1\nend\n"))
              .value_or("") == "new.lua:2: unexpected symbol near '='");
    CHECK(has(
        b.submit(switch_to("lua:new.lua", "function init() error('no start') end\nfunction play() end\n")).value_or(""),
        "no start"));
    CHECK(has(b.submit(switch_to("lib:striker.so")).value_or(""), "a library module is chosen in the scenario file"));
    CHECK(pworld(b).teams()[0].module == "chaser");
    for (int t = 0; t < 50; ++t) a.step(), b.step();
    CHECK(a.world().hash() == b.world().hash());
}

TEST_CASE("team.module: saving writes the module into [teamN]; the saved scenario starts with it, tunables as rows") {
    Folder f("save");
    Simulation sim(f.load());
    for (int t = 0; t < 25; ++t) sim.step();
    std::ofstream(f.dir / "new.lua") << kBackwards;
    REQUIRE_FALSE(sim.submit(switch_to("lua:new.lua", kBackwards)));
    REQUIRE_FALSE(sim.submit(make_param_set(0, "podball.arena.goal_width", 0.3)));
    const Scenario saved = sim.scenario_for_saving();
    CHECK(saved.commands.empty());   // the switch is the set-up's, not a timed command
    const std::string text = scenario_to_toml(saved);
    CHECK(has(text, "[team0]\nname = \"Blue\"\nmodule = \"lua:new.lua\"\npods = 2"));
    CHECK_FALSE(has(text, "team.module"));
    std::ofstream(f.dir / "saved.toml") << text;
    const Scenario reopened = f.load("saved.toml");
    CHECK(reopened.params.table().find("podball.team0.script.pace"));
    Simulation again(reopened);
    CHECK(pworld(again).teams()[0].module == "lua:new.lua");
    REQUIRE(as_lua_module(pworld(again).team_module(0)));
    CHECK(pworld(again).script_rows(0).size() == 1);

    // Switched and switched back: the scenario's own module again.
    REQUIRE_FALSE(sim.submit(switch_to("chaser")));
    CHECK(has(scenario_to_toml(sim.scenario_for_saving()), "[team0]\nname = \"Blue\"\nmodule = \"chaser\""));
}

TEST_CASE("team.module: a replay with a switch verifies without the script's file; another text diverges") {
    Folder f("replay");
    const std::string path = (f.dir / "r.pbreplay").string();
    {
        Simulation sim(f.load());
        SessionRecorder rec;
        rec.start(sim, path);
        for (int t = 0; t < 300; ++t) {
            if (t == 100) REQUIRE_FALSE(sim.submit(switch_to("lua:new.lua", kBackwards)));
            if (t == 220) REQUIRE_FALSE(sim.submit(switch_to("passer")));
            sim.step();
        }
        rec.stop();
    }
    ReplayLoad load = read_replay_file(path);
    REQUIRE_MESSAGE(load.data, load.error);
    REQUIRE(load.data->commands.size() == 2);
    CHECK(verify_replay(*load.data, path, ReplayModuleAccess{false, path}).ok());

    ReplayData changed = *load.data;
    for (Command& c : changed.commands)
        for (auto& [k, v] : c.args)
            if (k == "text") v = std::string(kBackwards) + "function init(settings, memory) memory.calls = 7 end\n";
    CHECK_FALSE(verify_replay(changed, path, ReplayModuleAccess{false, path}).ok());
}

#ifdef PB_MODULE_DIR
TEST_CASE("team.module: a team of the scenario's library switches to Lua and back, the library in a new host") {
    const std::string lib = std::string(PB_MODULE_DIR) + "/libsimple_striker.so";
    PodballSetup setup;
    setup.teams[0] = TeamInfo{"Lib", "lib:" + lib, 3};
    setup.teams[1] = TeamInfo{"Red", "idle", 3};
    setup.library_paths[0] = lib;
    setup.start_mode = Mode::Running;
    PodballWorld w(podball_testing::params_with(), setup, 2);
    for (int t = 0; t < 30; ++t) w.step();
    const Command to_lua = switch_to("lua:new.lua", kBackwards);
    const Inverse undo = inverse_of(w, to_lua);
    REQUIRE(undo.commands.size() == 1);
    CHECK(undo.commands[0].text("module") == "lib:" + lib);
    REQUIRE_FALSE(w.apply(to_lua));
    CHECK(as_lua_module(w.team_module(0)));
    // Another library than the scenario's own is refused.
    CHECK(has(w.apply(switch_to("lib:" + lib + ".other")).value_or(""),
              "team 0 may switch back to its own, \"lib:" + lib + "\""));
    REQUIRE_FALSE(w.apply(undo.commands[0]));
    CHECK(w.teams()[0].module == "lib:" + lib);
    CHECK_FALSE(as_lua_module(w.team_module(0)));
    const Vec2 before = w.pods()[0].pos;
    for (int t = 0; t < 60; ++t) w.step();
    CHECK(w.module_health(0).faults == 0);
    CHECK(w.module_health(0).load_error.empty());
    CHECK(w.pods()[0].pos != before);   // the striker plays again
}
#endif   // PB_MODULE_DIR
