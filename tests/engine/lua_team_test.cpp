// Podball teams written in Lua (engine/podball/lua/, docs/lua-teams.md): the example chaser plays
// the built-in chaser's match tick for tick; the sandbox, the budgets and memory as plain data;
// hostile scripts fault without stopping the match; scenarios and replays carry scripts.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/core/command.hpp"
#include "engine/core/json.hpp"
#include "engine/core/replay.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "podball_testing.hpp"

using namespace podball_testing;
namespace fs = std::filesystem;

namespace {

const std::string kSource = PLAYBENCH_SOURCE_DIR;

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Team 0 ("Lua", `pods` pods) plays `code` as test.lua; team 1 plays `opponent`.
PodballWorld lua_world(const std::string& code, const ParamSet& params = params_with(), int pods = 2,
                       const std::string& opponent = "idle", Mode start = Mode::Running, std::uint64_t seed = 5) {
    PodballSetup s;
    s.teams[0] = TeamInfo{"Lua", "lua:test.lua", pods};
    s.teams[1] = TeamInfo{"Red", opponent, pods};
    s.lua_scripts[0] = std::make_shared<LuaScript>(LuaScript{"test.lua", code});
    s.start_mode = start;
    return PodballWorld(params, s, seed);
}

void run(PodballWorld& w, int ticks) {
    for (int i = 0; i < ticks; ++i) w.step();
}

std::string metrics_json(const PodballWorld& w) {
    JsonWriter out(false);
    w.write_metrics(out);
    return out.str();
}

// What play changes each tick: every pod's and the ball's motion, the carrier, score and mode.
std::uint64_t motion_hash(const PodballWorld& w) {
    StateHasher h;
    for (const Pod& p : w.pods()) h.add(p.pos.x), h.add(p.pos.y), h.add(p.vel.x), h.add(p.vel.y);
    h.add(w.ball().pos.x), h.add(w.ball().pos.y), h.add(w.ball().vel.x), h.add(w.ball().vel.y);
    h.add(static_cast<std::int64_t>(w.ball().owner));
    h.add(static_cast<std::int64_t>(w.score()[0] * 1000 + w.score()[1]));
    h.add(static_cast<std::int64_t>(w.mode()));
    return h.value();
}

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

void lua_team_memory(const PodballWorld& w, int team, JsonWriter& out) {
    const auto* lua = as_lua_module(w.team_module(team));
    REQUIRE(lua);
    lua->write_memory(out);
}

// The default scenario with both teams played by examples/lua/chaser.lua.
Scenario lua_chaser_scenario(std::uint64_t seed) {
    std::string text = read_text(kSource + "/scenarios/podball-default.toml");
    for (std::size_t at; (at = text.find("module = \"chaser\"")) != std::string::npos;)
        text.replace(at, std::string("module = \"chaser\"").size(), "module = \"lua:examples/lua/chaser.lua\"");
    ScenarioLoadOptions o;
    o.base_dir = kSource;
    Scenario s = load_scenario_text(text, "lua-chaser.toml", o);
    s.seed = seed;
    return s;
}

}   // namespace

TEST_CASE("lua teams: examples/lua/chaser.lua plays the built-in chaser's match tick for tick (three seeds)") {
    for (std::uint64_t seed : {42u, 7u, 1234u}) {
        CAPTURE(seed);
        Scenario builtin = load_scenario_file(kSource + "/scenarios/podball-default.toml");
        builtin.seed = seed;
        Simulation a(builtin), b(lua_chaser_scenario(seed));
        const auto& wa = dynamic_cast<const PodballWorld&>(a.world());
        const auto& wb = dynamic_cast<const PodballWorld&>(b.world());
        REQUIRE(wb.module_health(0).load_error == "");
        REQUIRE(as_lua_module(wb.team_module(0)));
        std::int64_t diverged = -1;
        while (!wa.finished() && a.tick() < 40000) {
            a.step();
            b.step();
            // The motion, not tick_hash(): the Lua scenario's parameters include its script's
            // tunables (docs/lua-teams.md#tunables-are-parameters), the built-in's do not.
            if (diverged < 0 && motion_hash(wa) != motion_hash(wb)) diverged = a.tick();
        }
        CHECK(diverged == -1);
        CHECK(wa.finished());
        CHECK(wb.finished());
        CHECK(wa.score() == wb.score());
        CHECK(wa.score()[0] + wa.score()[1] > 0);   // a real match, with goals
        CHECK(wb.module_health(0).faults == 0);
        CHECK(wb.module_health(1).faults == 0);
    }
}

TEST_CASE("lua teams: a script moves its pods, and memory persists, is hashed and shows as JSON") {
    PodballWorld w = lua_world(R"(
name = "runner"
function init(settings, memory) memory.calls = 0 memory.pods = settings.own_pods end
function play(world, memory, actions)
  memory.calls = memory.calls + 1
  memory.last = { tick = world.tick, mode = world.mode }
  for i, pod in ipairs(world.own) do actions[i] = { kind = "move", x = 1, y = 0 } end
end)");
    REQUIRE(w.module_health(0).load_error == "");
    const double x0 = pod_of(w, 0, 0).pos.x;
    const std::uint64_t h0 = w.hash();
    run(w, 50);
    CHECK(pod_of(w, 0, 0).pos.x > x0 + 0.01);
    CHECK(w.hash() != h0);
    const std::string json = metrics_json(w);
    INFO(json);
    CHECK(has(
        json,
        R"("script":{"file":"test.lua","name":"runner","faults":[],"memory":{"calls":10,"last":{"mode":"running","tick":45},"pods":2}})"));
    CHECK(w.team_module(0).name() == "runner");
}

TEST_CASE("lua teams: a copy of the world (undo, restart, branches) continues exactly, memory and generator included") {
    PodballWorld w = lua_world(R"(
function play(world, memory, actions)
  memory.n = (memory.n or 0) + 1
  memory.r = math.random()
  for i = 1, #world.own do
    actions[i] = { kind = "move", x = math.random() - 0.5, y = memory.r - 0.5 }
  end
end)");
    run(w, 33);
    PodballWorld copy = w;   // the world's copy: a new Lua state, the same script, memory and generator
    CHECK(copy.hash() == w.hash());
    for (int i = 0; i < 200; ++i) {
        w.step();
        copy.step();
        REQUIRE(copy.tick_hash() == w.tick_hash());
    }
    CHECK(copy.hash() == w.hash());
    CHECK(metrics_json(copy) == metrics_json(w));
}

TEST_CASE("lua teams: a copy carries what the script keeps in its chunk's locals and tables, not only memory") {
    // Counters, strings, tables, a table two locals share, an object with a metatable, a global
    // table, a table of memory kept in a local: each steers the pods, so a copy that started any
    // of them from the chunk's value would move them differently.
    PodballWorld w = lua_world(R"(
local count = 0
local phase = "a"
local history = {}
local shared = { n = 0 }
local alias = shared
local Vec = {}
Vec.__index = Vec
local obj = setmetatable({ x = 0 }, Vec)
function Vec:bump() self.x = self.x + 1 end
local function helper() count = count + 1; return count end
CONFIG = { step = 0 }
local cached_settings, kept
function play(world, memory, actions)
  local c = helper()
  history[#history + 1] = c % 7
  if #history > 20 then table.remove(history, 1) end
  shared.n = shared.n + 1
  obj:bump()
  CONFIG.step = CONFIG.step + 2
  if c % 10 == 0 then phase = phase == "a" and "b" or "a" end
  if world.settings ~= cached_settings then cached_settings = world.settings end
  memory.sub = memory.sub or { hits = 0 }
  kept = memory.sub
  kept.hits = kept.hits + 1
  local s = 0
  for _, h in ipairs(history) do s = s + h end
  local dir = (phase == "a") and 1 or -1
  for i = 1, #world.own do
    actions[i] = { kind = "move", x = dir * ((s + alias.n + obj.x + CONFIG.step) % 5 - 2) / 2,
                   y = ((count % 3) - 1) / 2 }
  end
end)");
    run(w, 33);
    PodballWorld copy = w;
    CHECK(copy.hash() == w.hash());
    for (int i = 0; i < 300; ++i) {
        w.step();
        copy.step();
        REQUIRE(copy.tick_hash() == w.tick_hash());
    }
    CHECK(metrics_json(copy) == metrics_json(w));
    CHECK(has(metrics_json(copy), R"("faults":[])"));
    // A copy of the copy carries them too.
    PodballWorld again = copy;
    for (int i = 0; i < 100; ++i) {
        copy.step();
        again.step();
        REQUIRE(again.tick_hash() == copy.tick_hash());
    }
}

TEST_CASE("lua teams: a function made while the match runs cannot be copied; the copy says where, and plays on") {
    PodballWorld w = lua_world(R"(
local pick
function play(world, memory, actions)
  local k = world.tick % 2
  pick = function() return k end
  actions[1] = { kind = "move", x = pick(), y = 0 }
end)");
    run(w, 5);
    PodballWorld copy = w;
    const std::string json = metrics_json(copy);
    INFO(json);
    CHECK(has(json,
              "test.lua: not all carried into this copy of the match: play's local 'pick' holds a function made while "
              "the match ran"));
    run(copy, 10);   // it plays on
    CHECK(copy.tick() == w.tick() + 10);
}

TEST_CASE("lua teams: the same script gives the same match in every run; math.random is the team's seeded generator") {
    const std::string code = R"(
function play(world, memory, actions)
  local t = { zeta = 1, alpha = 2, mid = 3, [3] = 4, [1] = 5, [2] = 6, [2.5] = 7, [true] = 8 }
  local order = {}
  for k in pairs(t) do order[#order + 1] = tostring(k) end
  memory.order = table.concat(order, " ")
  memory.draw = math.random(1, 1000000)
  for i = 1, #world.own do actions[i] = { kind = "move", x = math.random() - 0.5, y = math.random() - 0.5 } end
end)";
    PodballWorld a = lua_world(code), b = lua_world(code),
                 other_seed = lua_world(code, params_with(), 2, "idle", Mode::Running, 6);
    run(a, 100);
    run(b, 100);
    run(other_seed, 100);
    CHECK(a.hash() == b.hash());
    CHECK(a.hash() != other_seed.hash());
    const std::string json = metrics_json(a);
    INFO(json);
    // Array part in order, then numbers, strings bytewise, booleans: never Lua's hash order.
    CHECK(has(json, R"("order":"1 2 3 2.5 alpha mid zeta true")"));
}

TEST_CASE("lua teams: vec computes as the built-in modules do; exp, log and trigonometry are deterministic") {
    PodballWorld w = lua_world(R"(
function play(world, memory, actions)
  memory.len = vec.len(3, 4)
  local nx, ny = vec.norm(3, 4)
  memory.norm = { nx, ny }
  memory.dist = vec.dist(1, 1, 4, 5)
  memory.angle = vec.angle(0, 2)
  local rx, ry = vec.rotate(1, 0, math.pi / 2)
  memory.rot = { rx, ry }
  -- det_math.hpp's exp and trigonometry: within an ulp or two of the true values.
  memory.exp = math.abs(math.exp(1) - 2.718281828459045) <= 5e-16
  memory.sin = math.abs(math.sin(math.pi / 6) - 0.5) <= 1e-16
  memory.atan = math.abs(math.atan(1, 1) - math.pi / 4) <= 2e-16
  memory.log = math.abs(math.log(8, 2) - 3) <= 5e-16
end)");
    run(w, 1);
    const std::string json = metrics_json(w);
    INFO(json);
    CHECK(has(json, R"("len":5)"));
    CHECK(has(json, R"("norm":[0.6,0.8])"));
    CHECK(has(json, R"("dist":5)"));
    CHECK(has(json, R"("angle":1.5707963267948966)"));
    CHECK(has(json, R"("rot":[6.123233995736766e-17,1])"));
    CHECK(has(json, R"("exp":true)"));
    CHECK(has(json, R"("sin":true)"));
    CHECK(has(json, R"("atan":true)"));
    CHECK(has(json, R"("log":true)"));
}

TEST_CASE("lua teams: hostile scripts fault with PATH:LINE and a reason; the team idles, the match goes on") {
    struct Case {
        const char* what;
        std::string code;
        std::string expected;   // in the fault message
    };
    const Case cases[] = {
        {"endless loop", "function play()\n  while true do end\nend",
         "test.lua:2: used its budget of 1000000 Lua instructions"},
        {"a pcall cannot swallow an overrun",
         "function play()\n  while true do pcall(function() while true do end end) end\nend", "Lua instructions"},
        {"deep recursion (the budget runs out first)",
         "local function f(n) return f(n + 1) + 1 end\nfunction play() f(1) end", "test.lua:1: used its budget"},
        {"string bomb", "function play()\n  local s = string.rep('x', 1 << 30)\nend",
         "test.lua:2: used more than its memory budget of 64 MiB"},
        {"string bomb as a method", "function play()\n  local s = ('x'):rep(100000000)\nend",
         "used more than its memory budget"},
        {"io", "function play()\n  io.write('x')\nend", "test.lua:2: 'io' is not available in Playbench scripts"},
        {"os", "function play()\n  os.exit(1)\nend", "test.lua:2: 'os' is not available in Playbench scripts"},
        {"require", "function play()\n  require('socket')\nend", "'require' is not available in Playbench scripts"},
        {"debug", "function play()\n  debug.sethook()\nend", "'debug' is not available in Playbench scripts"},
        {"dofile", "function play()\n  dofile('/etc/passwd')\nend", "'dofile' is not available in Playbench scripts"},
        {"string.dump", "function play()\n  string.dump(play)\nend",
         "test.lua:2: 'string.dump' is not available in Playbench scripts"},
        {"a finalizer", "function play()\n  setmetatable({}, { __gc = function() end })\nend",
         "test.lua:2: setmetatable: a metatable with __gc"},
        {"a weak table", "function play()\n  setmetatable({}, { __mode = 'k' })\nend",
         "test.lua:2: setmetatable: a metatable with __mode"},
        {"an error object that is a table", "function play()\n  error({ code = 1 })\nend",
         "test.lua:2: error object is a table value"},
        {"coroutines",
         "function play()\n  local co = coroutine.create(function() while true do coroutine.yield() end end)\nend",
         "'coroutine' is not available in Playbench scripts"},
        {"collectgarbage", "function play()\n  collectgarbage('stop')\nend",
         "'collectgarbage(\"stop\")' is not available"},
        {"memory holding a function", "function play(w, m)\n  m.f = function() end\nend", "memory.f holds a function"},
        {"memory holding a cycle", "function play(w, m)\n  m.a = {}\n  m.a.b = m.a\nend",
         "memory.a.b is a table that memory already holds at memory.a"},
        {"memory holding the world", "function play(w, m)\n  m.ball = w.ball\nend",
         "memory.ball is a table with a metatable"},
        {"assigning a global", "function play()\n  counter = 1\nend", "test.lua:2: assigning the global 'counter'"},
        {"writing into the world", "function play(w)\n  w.note = 1\nend", "test.lua:2: the world is read only"},
        {"a library changed", "function play()\n  math.random = nil\nend",
         "test.lua:2: assigning 'math.random': math is read only"},
        {"rawset on the globals", "function play()\n  rawset(_G, 'x', 1)\nend", "rawset: the table is read only"},
        {"an action that is a number", "function play(w, m, a)\n  a[1] = 5\nend", "actions[1] is a number"},
        {"an action of another kind", "function play(w, m, a)\n  a[1] = { kind = 'jump', x = 0, y = 0 }\nend",
         "actions[1].kind is \"jump\""},
        {"an action without numbers", "function play(w, m, a)\n  a[2] = { kind = 'move', x = '1', y = 0 }\nend",
         "actions[2].x is a string"},
        {"an action beyond the team", "function play(w, m, a)\n  a[3] = { kind = 'move', x = 1, y = 0 }\nend",
         "test.lua:2: actions[3]: the team has 2 pods"},
        {"an address", "function play()\n  local s = string.format('%p', {})\nend", "'%p' (an address)"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.what);
        PodballWorld w = lua_world(c.code, params_with(), 2, "chaser");
        REQUIRE(w.module_health(0).load_error == "");
        run(w, 41);   // 9 calls
        const ModuleHealth& h = w.module_health(0);
        CHECK(h.faults == 9);
        INFO(h.last_fault);
        CHECK(has(h.last_fault, c.expected));
        CHECK(w.tick() == 41);
        // The team idles: its pods never thrust (only the chaser's pods push them).
        const auto* lua = as_lua_module(w.team_module(0));
        REQUIRE(lua);
        REQUIRE(lua->faults().size() == 1);
        CHECK(lua->faults()[0].count == 9);
        CHECK(has(metrics_json(w), "\"count\":9"));
    }
}

TEST_CASE("lua teams: world.settings is the same table until a parameter changes, then a new one with the new value") {
    PodballWorld w = lua_world(R"(
local last = nil
function play(world, memory, actions)
  if world.settings ~= last then
    memory.tables = (memory.tables or 0) + 1
    last = world.settings
  end
  memory.friction = world.settings.ball_friction
end)");
    run(w, 41);   // 9 calls, one table
    JsonWriter before(false);
    lua_team_memory(w, 0, before);
    CHECK(has(before.str(), "\"tables\":1"));
    REQUIRE_FALSE(w.apply(make_param_set(w.tick(), "podball.ball.friction", 0.05)));
    run(w, 10);
    JsonWriter after(false);
    lua_team_memory(w, 0, after);
    CHECK(has(after.str(), "\"tables\":2"));
    CHECK(has(after.str(), "\"friction\":0.05"));
}

TEST_CASE("lua teams: a malformed action idles that pod only; the team's other pods play") {
    PodballWorld w = lua_world(R"(
function play(world, memory, actions)
  actions[1] = { kind = "jump", x = 1, y = 0 }
  actions[2] = { kind = "move", x = 0, y = 1 }
end)",
                               params_with(), 2, "idle");
    const double y1 = w.pods()[0].pos.y, y2 = w.pods()[1].pos.y;
    run(w, 41);   // 9 calls
    const ModuleHealth& h = w.module_health(0);
    CHECK(h.faults == 9);
    CHECK(has(h.last_fault, "pod 0: test.lua: actions[1].kind is \"jump\": it must be \"move\" or \"shoot\""));
    // Pod 2 ran up the field (+y in team 0's frame is +y in the world); pod 1 never thrust.
    CHECK(w.pods()[1].pos.y > y2 + 0.01);
    CHECK(w.pods()[0].pos.y == doctest::Approx(y1).epsilon(1e-12));
    const auto* lua = as_lua_module(w.team_module(0));
    REQUIRE(lua);
    REQUIRE(lua->faults().size() == 1);
    CHECK(lua->faults()[0].count == 9);
}

TEST_CASE("lua teams: a fault leaves memory as it was before the call; a memory bomb once leaves the state usable") {
    PodballWorld w =
        lua_world(R"(
function play(world, memory, actions)
  memory.calls = (memory.calls or 0) + 1
  if world.tick == 0 then
    local t = {}
    for i = 1, 1e9 do t[i] = i end
  end
  if world.tick == 10 then memory.bad = print end
  for i = 1, #world.own do actions[i] = { kind = "move", x = 1, y = 0 } end
end)",
                  params_with({{"podball.script.instructions", 100000000}, {"podball.script.memory_mb", 8}}));
    run(w, 30);
    CHECK(w.module_health(0).faults == 2);
    const std::string json = metrics_json(w);
    INFO(json);
    CHECK(has(json, "test.lua:6: used more than its memory budget of 8 MiB"));
    CHECK(has(json, "memory.bad holds a function"));
    CHECK(has(json, R"("memory":{"calls":4})"));   // 6 calls, 2 of them undone
}

TEST_CASE("lua teams: recursion deeper than Lua's stack is a fault, with a budget large enough to get there") {
    PodballWorld w = lua_world("local function f(n) return f(n + 1) + 1 end\nfunction play() f(1) end",
                               params_with({{"podball.script.instructions", 100000000}}));
    run(w, 6);
    CHECK(w.module_health(0).faults == 2);
    CHECK(has(w.module_health(0).last_fault, "test.lua:1: stack overflow"));
}

TEST_CASE("lua teams: print writes to the team's log, not to Playbench's output") {
    PodballWorld w = lua_world("function play(world)\n  print('tick', world.tick, {})\nend");
    run(w, 6);
    CHECK(w.team_module(0).log().text == "tick\t0\ttable\ntick\t5\ttable\n");
}

TEST_CASE("lua teams: load takes text only; binary chunks are refused") {
    PodballWorld w = lua_world(R"(
function play(world, memory)
  local f, err = load("\27Lua\84\0")
  memory.binary = err
  memory.text = load("return 1 + 2")()
  memory.mode = select(2, pcall(load, "return 1", "x", "b"))
end)");
    run(w, 1);
    const std::string json = metrics_json(w);
    INFO(json);
    CHECK(w.module_health(0).faults == 0);
    CHECK(has(json, "attempt to load a binary chunk"));
    CHECK(has(json, R"("text":3)"));
    CHECK(has(json, "binary chunks are not allowed"));
}

TEST_CASE("lua teams: a script that cannot start is a load error with PATH:LINE") {
    CHECK(lua_script_problem(LuaScript{"t.lua", "function play() end"}) == std::nullopt);
    CHECK(lua_script_problem(LuaScript{"t.lua", "function play(\n  x = = 1\nend"}).value_or("").find("t.lua:2:") == 0);
    CHECK(has(lua_script_problem(LuaScript{"t.lua", "x = 1"}).value_or(""),
              "t.lua: the script defines no function play"));
    CHECK(has(lua_script_problem(LuaScript{"t.lua", "\nlocal f = io.open('x')\nfunction play() end"}).value_or(""),
              "t.lua:2: 'io' is not available in Playbench scripts"));
    CHECK(has(lua_script_problem(LuaScript{"t.lua", "while true do end\nfunction play() end"}).value_or(""),
              "t.lua:1: used its budget of 10000000 Lua instructions"));
    CHECK(has(
        lua_script_problem(LuaScript{"t.lua", "params = { a = { default = 'x' } }\nfunction play() end"}).value_or(""),
        "t.lua: params.a.default must be a number"));

    // In a scenario: the scenario's line, then the script's.
    const fs::path dir = fs::temp_directory_path() / ("playbench-lua-test-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir / "teams");
    std::ofstream(dir / "teams" / "broken.lua") << "function play()\n  return 1 +\nend\n";
    const std::string scenario =
        "lab = \"podball\"\n[team0]\nmodule = \"lua:teams/broken.lua\"\n[team1]\nmodule = \"lua:teams/missing.lua\"\n";
    std::ofstream(dir / "s.toml") << scenario;
    std::string why;
    try {
        load_scenario_file((dir / "s.toml").string());
    } catch (const ScenarioError& e) {
        why = e.what();
    }
    INFO(why);
    CHECK(has(why, ":3"));
    CHECK(has(why, "teams/broken.lua:3: unexpected symbol near 'end'"));
    CHECK(has(why, ":5"));
    CHECK(has(why, "cannot read the script"));
    CHECK(has(why, "missing.lua"));
    fs::remove_all(dir);
}

TEST_CASE("lua teams: a replay carries the scripts and verifies with no file beside it and no consent") {
    const fs::path dir = fs::temp_directory_path() / ("playbench-lua-replay-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    fs::copy_file(kSource + "/examples/lua/chaser.lua", dir / "team.lua");
    std::ofstream(dir / "s.toml") << "lab = \"podball\"\nseed = 9\nstart_mode = \"kickoff_team_0\"\n[team0]\nmodule = "
                                     "\"lua:team.lua\"\npods = 3\n[team1]\nmodule = \"chaser\"\npods = 3\n";
    const std::string replay = (dir / "r.pbreplay").string();
    record_scenario(load_scenario_file((dir / "s.toml").string()), 600, replay);
    fs::remove(dir / "team.lua");   // no file beside the replay
    ReplayLoad load = read_replay_file(replay);
    REQUIRE(load.data);
    REQUIRE(load.data->scripts.size() == 1);
    CHECK(load.data->scripts[0].written == "team.lua");
    CHECK(load.data->scripts[0].text == read_text(kSource + "/examples/lua/chaser.lua"));
    CHECK(replay_module_problem(*load.data, replay, false, "pass --allow-modules").empty());   // nothing to consent to
    CHECK(verify_replay(*load.data, replay, ReplayModuleAccess{false, replay}).ok());

    const std::string bytes = encode_scripts(load.data->scripts);
    std::vector<ScriptPin> back;
    CHECK(decode_scripts(bytes.data(), bytes.size(), back));
    CHECK(back == load.data->scripts);
    std::string tampered = bytes;
    tampered[bytes.size() - 40] ^= 1;   // a byte of the text: it no longer hashes to its pin
    std::vector<ScriptPin> none;
    CHECK_FALSE(decode_scripts(tampered.data(), tampered.size(), none));
    fs::remove_all(dir);
}

TEST_CASE("lua teams: memory's arrays, nested tables and keys of every kind keep their bytes and their error paths") {
    // Arrays of tables and of plain values, float, boolean and integer keys beside the array part:
    // the JSON shows them in pairs order, and the state hash is the same in a second world.
    const std::string code = R"(
function play(w, memory)
  memory.list = { { a = 1 }, { b = 2.5, c = { true, false } }, "s", 7 }
  memory.mixed = { 10, 20, [4] = 40, [0.5] = "half", [true] = "yes", [-1] = "minus", name = "n" }
  memory.calls = (memory.calls or 0) + 1
end)";
    PodballWorld a = lua_world(code), b = lua_world(code);
    run(a, 11);
    run(b, 11);
    CHECK(a.hash() == b.hash());
    JsonWriter out(false);
    lua_team_memory(a, 0, out);
    CHECK(
        out.str() ==
        R"({"calls":3,"list":[{"a":1},{"b":2.5,"c":[true,false]},"s",7],"mixed":{"1":10,"2":20,"-1":"minus","0.5":"half","4":40,"name":"n","true":"yes"}})");

    struct Case {
        const char* what;
        const char* value;
        const char* expected;
    };
    const Case cases[] = {
        {"a function in an array", "{ 1, function() end }", "memory.list[2] holds a function"},
        {"a table twice in an array", "(function() local t = {} return { t, t } end)()",
         "memory.list[2] is a table that memory already holds at memory.list[1]"},
        {"a function below an array's table", "{ { x = print } }", "memory.list[1].x holds a function"},
        {"a function under a float key", "{ [2.5] = print }", "memory.list[2.5] holds a function"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.what);
        PodballWorld w = lua_world(std::string("function play(w, memory)\n  memory.list = ") + c.value + "\nend");
        run(w, 6);
        INFO(w.module_health(0).last_fault);
        CHECK(has(w.module_health(0).last_fault, c.expected));
    }
}

TEST_CASE("lua teams: a copy of the example chaser's match carries all its scratch and plays on exactly") {
    // The chaser keeps scratch in its chunk's locals (the forecast, the blockers, one action table
    // per pod keyed by the pod's world table): a copy must carry all of it, with nothing noted.
    Simulation sim(lua_chaser_scenario(42));
    sim.advance(700);
    const auto& w = dynamic_cast<const PodballWorld&>(sim.world());
    PodballWorld copy = w;
    CHECK(copy.hash() == w.hash());
    for (int team = 0; team < 2; ++team) {
        const auto* lua = as_lua_module(copy.team_module(team));
        REQUIRE(lua);
        CHECK(lua->faults().empty());
    }
    for (int i = 0; i < 600; ++i) {
        sim.step();
        copy.step();
        REQUIRE(copy.tick_hash() == w.tick_hash());
    }
    CHECK(copy.hash() == w.hash());
    CHECK(copy.module_health(0).faults == 0);
    CHECK(copy.module_health(1).faults == 0);
}
