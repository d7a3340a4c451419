// Lua teams live (docs/lua-teams.md#tunables-are-parameters, #reloading-a-script): a script's
// tunables are rows of the scenario's parameter table (param.set, hashes, replays), and a
// script.reload command swaps a team's script mid-match with memory kept, refused when the new
// text does not start, undone by the text before, reproduced by replays.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include "engine/core/inverse.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/param_overrides.hpp"
#include "engine/core/replay.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/podball/commands.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/world.hpp"

using namespace pb;
using namespace pb::podball;
namespace fs = std::filesystem;

namespace {

const char* kTuned = R"(
params = {
  speed = { default = 1.0, min = -1.0, max = 1.0, label = "Speed", unit = "thrust" },
  laps = { default = 3, min = 0, max = 10 },
}
function play(world, memory, actions)
  memory.speed = world.params.speed
  memory.laps = world.params.laps
  for i = 1, #world.own do actions[i] = { kind = "move", x = world.params.speed, y = 0 } end
end
)";

// A folder with `script` as team.lua and a scenario naming it for team 0 (`extra` appended).
struct Folder {
    fs::path dir;
    explicit Folder(const std::string& script, const std::string& name) {
        dir = fs::temp_directory_path() / ("playbench-lua-live-" + name + "-" + std::to_string(::getpid()));
        fs::remove_all(dir);
        fs::create_directories(dir);
        std::ofstream(dir / "team.lua") << script;
    }
    ~Folder() { fs::remove_all(dir); }
    Scenario load(const std::string& extra = "") const {
        std::ofstream(dir / "s.toml") << "lab = \"podball\"\nseed = 3\nstart_mode = \"running\"\n[team0]\nmodule = "
                                         "\"lua:team.lua\"\npods = 2\n[team1]\nmodule = \"idle\"\npods = 2\n"
                                      << extra;
        return load_scenario_file((dir / "s.toml").string());
    }
};

const PodballWorld& pworld(const Simulation& sim) { return dynamic_cast<const PodballWorld&>(sim.world()); }

std::string memory_of(const World& w, int team) {
    JsonWriter out(false);
    as_lua_module(dynamic_cast<const PodballWorld&>(w).team_module(team))->write_memory(out);
    return out.str();
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

Command reload(std::int64_t tick, const std::string& text) {
    return to_command(ScriptReload{.team = 0, .text = text}, tick);
}

const Pod& pod(const Simulation& sim, int index) {
    for (const Pod& p : pworld(sim).pods())
        if (p.team == 0 && p.index == index) return p;
    FAIL("no pod " << index);
    return pworld(sim).pods().front();
}

}   // namespace

TEST_CASE("lua live: a script's tunables are rows of its scenario's table; a scenario without any keeps the lab's") {
    Folder f(kTuned, "rows");
    const Scenario s = f.load();
    const ParamTable& table = s.params.table();
    REQUIRE(table.base() == find_lab("podball")->params);
    const auto speed = table.find("podball.team0.script.speed");
    REQUIRE(speed);
    CHECK(table[*speed].label == "Speed");
    CHECK(table[*speed].unit == "thrust");
    CHECK(table[*speed].min == -1.0);
    CHECK(table[*speed].max == 1.0);
    CHECK(table[*speed].type == ParamType::Real);
    const auto laps = table.find("podball.team0.script.laps");
    REQUIRE(laps);
    CHECK(table[*laps].label == "laps");
    CHECK(table[*laps].type == ParamType::Integer);
    CHECK(table.size() == find_lab("podball")->params->size() + 2);

    const Scenario plain = load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/podball-default.toml");
    CHECK(&plain.params.table() == find_lab("podball")->params);

    // [params] sets them, checks their range and suggests a misspelt one.
    const Scenario tuned = f.load("[params]\npodball.team0.script.speed = -0.5\n");
    CHECK(tuned.params.get("podball.team0.script.speed") == -0.5);
    CHECK_THROWS_WITH_AS(f.load("[params]\npodball.team0.script.speed = 3\n"),
                         doctest::Contains("s.toml:11: key 'params.podball.team0.script.speed': parameter "
                                           "'podball.team0.script.speed' = 3 is out of range: allowed -1 .. 1 thrust"),
                         ScenarioError);
    CHECK_THROWS_WITH_AS(f.load("[params]\npodball.team0.script.sped = 0.5\n"),
                         doctest::Contains("(did you mean podball.team0.script.speed?)"), ScenarioError);

    // --set too, with the same messages as the lab's keys.
    ParamSet p = s.params;
    CHECK_FALSE(apply_param_overrides(p, {"podball.team0.script.laps=7"}));
    CHECK(p.get("podball.team0.script.laps") == 7.0);
    CHECK(has(apply_param_overrides(p, {"podball.team0.script.laps=11"}).value_or(""), "0 .. 10"));
    CHECK(has(apply_param_overrides(p, {"podball.team1.script.laps=1"}).value_or(""), "did you mean"));

    // Saved back with the scenario, so File > Save keeps a tuned value.
    CHECK(has(scenario_to_toml(tuned), "podball.team0.script.speed = -0.5"));
}

TEST_CASE("lua live: a tunable changed mid-match reaches world.params at the next call and changes play") {
    Folder f(kTuned, "mid");
    Simulation a(f.load()), b(f.load());
    for (int t = 0; t < 40; ++t) a.step(), b.step();
    REQUIRE(a.world().hash() == b.world().hash());
    CHECK(has(memory_of(a.world(), 0), R"("laps":3,"speed":1)"));
    REQUIRE_FALSE(b.submit(make_param_set(0, "podball.team0.script.speed", -1.0)));
    CHECK(a.world().hash() != b.world().hash());   // the value is state at once
    CHECK(a.world().tick_hash() != b.world().tick_hash());
    // Refused like any parameter out of range, naming the key and the range.
    CHECK(has(b.submit(make_param_set(0, "podball.team0.script.speed", 2.0)).value_or(""), "-1 .. 1"));
    for (int t = 0; t < 40; ++t) a.step(), b.step();
    CHECK(has(memory_of(b.world(), 0), R"("speed":-1)"));
    CHECK(pod(a, 0).vel.x > 0.0);   // still pushing +x
    CHECK(pod(b, 0).vel.x < 0.0);   // now -x
    // A copy of the world (undo, compare, restart) carries the value the script sees.
    auto copy = b.world().clone();
    for (int t = 0; t < 20; ++t) copy->step(), b.step();
    CHECK(copy->hash() == b.world().hash());
}

TEST_CASE("lua live: script.reload plays the new text from the next call, memory kept, on_reload migrating it") {
    const std::string first = R"(
function play(world, memory, actions)
  memory.calls = (memory.calls or 0) + 1
  for i = 1, #world.own do actions[i] = { kind = "move", x = 1, y = 0 } end
end
)";
    const std::string second = R"(
function on_reload(memory) memory.before = memory.calls end
function play(world, memory, actions)
  memory.calls = memory.calls + 1
  for i = 1, #world.own do actions[i] = { kind = "move", x = -1, y = 0 } end
end
)";
    Folder f(first, "reload");
    Simulation a(f.load()), b(f.load());
    for (int t = 0; t < 40; ++t) a.step(), b.step();
    CHECK(has(memory_of(b.world(), 0), R"("calls":8)"));
    // Undo is computed from the world before the edit, as the edit history does.
    const Inverse undo = inverse_of(b.world(), reload(b.world().tick(), second));
    REQUIRE_FALSE(undo.refused);
    REQUIRE_FALSE(b.submit(reload(0, second)));
    CHECK(has(memory_of(b.world(), 0), R"("before":8,"calls":8)"));
    CHECK(a.world().hash() != b.world().hash());
    for (int t = 0; t < 30; ++t) a.step(), b.step();
    CHECK(pod(a, 0).vel.x > 0.0);
    CHECK(pod(b, 0).vel.x < 0.0);
    CHECK(has(memory_of(b.world(), 0), R"("before":8,"calls":14)"));
    CHECK(as_lua_module(pworld(b).team_module(0))->script().written == "team.lua");

    // Undo reloads the text before: +x again, memory as it is now.
    for (const Command& c : undo.commands) REQUIRE_FALSE(b.submit(c));
    CHECK(as_lua_module(pworld(b).team_module(0))->script().text == first);
    for (int t = 0; t < 30; ++t) b.step();
    CHECK(pod(b, 0).vel.x > 0.0);
    CHECK(has(memory_of(b.world(), 0), R"("before":8,"calls":20)"));
}

TEST_CASE("lua live: a reload that does not start is refused with PATH:LINE; the old script plays on") {
    const std::string good = R"(
function play(world, memory, actions)
  memory.calls = (memory.calls or 0) + 1
  for i = 1, #world.own do actions[i] = { kind = "move", x = 1, y = 1 } end
end
)";
    Folder f(good, "broken");
    Simulation a(f.load()), b(f.load());
    for (int t = 0; t < 20; ++t) a.step(), b.step();
    CHECK(b.submit(reload(0, "function play(world, memory, actions)\n  local x = = 1\nend\n")).value_or("") ==
          "team.lua:2: unexpected symbol near '='");
    CHECK(has(b.submit(reload(0, "x = 1\n")).value_or(""), "team.lua: the script defines no function play"));
    CHECK(has(
        b.submit(reload(0, "function on_reload(m) error('cannot migrate') end\nfunction play() end\n")).value_or(""),
        "team.lua:1: cannot migrate (in on_reload)"));
    CHECK(has(b.submit(reload(0, "params = { a = { default = 1 } }\nfunction play() end\n")).value_or(""),
              "params.a.min must be a number"));
    // A team that plays no script has nothing to reload.
    CHECK(
        has(b.submit(to_command(ScriptReload{.team = 1, .text = good}, 0)).value_or(""), "team 1 plays no Lua script"));
    for (int t = 0; t < 40; ++t) a.step(), b.step();
    CHECK(a.world().hash() == b.world().hash());
}

TEST_CASE("lua live: a replay with a reload and a tunable's edit verifies; the recorded text is what plays") {
    Folder f(kTuned, "replay");
    const std::string path = (f.dir / "r.pbreplay").string();
    std::string faster = kTuned;
    faster.replace(faster.find("x = world.params.speed"), 22, "x = world.params.speed, y = 0.5");
    {
        Simulation sim(f.load());
        SessionRecorder rec;
        rec.start(sim, path);
        for (int t = 0; t < 300; ++t) {
            if (t == 50) REQUIRE_FALSE(sim.submit(make_param_set(0, "podball.team0.script.speed", -0.25)));
            if (t == 120) REQUIRE_FALSE(sim.submit(reload(0, faster)));
            if (t == 200) REQUIRE_FALSE(sim.submit(make_param_set(0, "podball.team0.script.laps", 9)));
            sim.step();
        }
        rec.stop();
    }
    fs::remove(f.dir / "team.lua");
    ReplayLoad load = read_replay_file(path);
    REQUIRE_MESSAGE(load.data, load.error);
    REQUIRE(load.data->commands.size() == 3);
    CHECK(verify_replay(*load.data, path, ReplayModuleAccess{false, path}).ok());

    // The recorded reload carries the text: played back with another, the replay diverges there.
    ReplayData changed = *load.data;
    for (Command& c : changed.commands)
        if (c.type == ScriptReload::name.text)
            for (auto& [k, v] : c.args)
                if (k == "text") v = std::string(kTuned) + "-- edited\n";
    const VerifyResult bad = verify_replay(changed, path, ReplayModuleAccess{false, path});
    CHECK_FALSE(bad.ok());
}
