// libFuzzer target: Lua team scripts (engine/podball/lua/, docs/lua-teams.md). The input is a
// script's text; the seed corpus has the examples and hostile scripts (fuzz/corpus/lua_script/).
// A script that loads plays team 0 against the chaser for a few calls under small budgets: no
// crash, no leak, no sanitizer report, nothing non-finite reaching the world; its faults are
// counted; two worlds made alike play alike; a copy of the world (a new Lua state from the same
// script, memory and chunk locals) plays on alike; the metrics (with memory as JSON) can be written.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "engine/core/json.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/world.hpp"

namespace {

using namespace pb::podball;

[[noreturn]] void fail(const char* what) {
    std::fprintf(stderr, "fuzz_lua_script: %s\n", what);
    std::abort();
}

}   // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    LuaScript script{"fuzz.lua", std::string(reinterpret_cast<const char*>(data), size)};
    pb::ParamSet params(podball_param_table());
    // Small budgets keep every input fast: 20,000 instructions a call (200,000 to load), 8 MiB.
    if (params.set("podball.script.instructions", 20000) || params.set("podball.script.memory_mb", 8))
        fail("the script parameters were refused");
    if (lua_script_problem(script)) return 0;   // refused with PATH:LINE, as a scenario would be
    PodballSetup setup;
    setup.teams[0] = TeamInfo{"Lua", "lua:fuzz.lua", 3};
    setup.teams[1] = TeamInfo{"Red", "chaser", 3};
    setup.lua_scripts[0] = std::make_shared<const LuaScript>(std::move(script));
    setup.start_mode = Mode::Running;
    // Two worlds made alike play alike, tick for tick (what replays rely on: they rebuild the match).
    PodballWorld world(params, setup, 3), twin(params, setup, 3);
    for (int i = 0; i < 20; ++i) {
        world.step();
        twin.step();
        if (world.tick_hash() != twin.tick_hash()) fail("two worlds made alike played differently");
    }
    // A copy (a new Lua state from the script, with its memory, generator and the chunk's locals
    // and tables carried over: docs/lua-teams.md#memory) plays on as the world it was made from.
    // Compared when nothing faulted in either (a memory fault depends on the garbage a state holds,
    // which a fresh copy has less of; so does collectgarbage("count")).
    PodballWorld copy = world;
    bool copy_alike = true;
    for (int i = 0; i < 20; ++i) {
        world.step();
        twin.step();
        copy.step();
        if (world.tick_hash() != twin.tick_hash()) fail("two worlds made alike played differently");
        if (world.tick_hash() != copy.tick_hash()) copy_alike = false;
    }
    const LuaTeamModule* lua = as_lua_module(world.team_module(0));
    const LuaTeamModule* lua_copy = as_lua_module(copy.team_module(0));
    // A script whose init failed plays no more: the world idles that team with another module.
    const bool comparable = lua && lua_copy && lua->faults().empty() && lua_copy->faults().empty() &&
                            lua->script().text.find("collectgarbage") == std::string::npos;
    if (comparable && !copy_alike) fail("a copy of the world played differently from the world it was made from");
    if (world.hash() != twin.hash()) fail("two worlds made alike ended in different states (memory, generator)");
    for (const Pod& p : world.pods())
        if (!std::isfinite(p.pos.x) || !std::isfinite(p.pos.y) || !std::isfinite(p.vel.x) || !std::isfinite(p.vel.y))
            fail("a pod's position or velocity is not finite");
    pb::JsonWriter out(false);
    world.write_metrics(out);
    return 0;
}
