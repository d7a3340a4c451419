// The instructions each play call of a Lua team used (docs/lua-teams.md#the-script-panel): counted
// by the VM at its checkpoints, kept for the last calls only, copied with the world and left out
// of its hash.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/world.hpp"

using namespace pb;
using namespace pb::podball;
namespace fs = std::filesystem;

namespace {

// An empty numeric for loop runs one FORLOOP instruction per turn: 20000 turns on even calls,
// 60000 on odd ones.
const char* kLoops = R"(
function init(settings, memory) memory.calls = 0 end
function play(world, memory, actions)
  memory.calls = memory.calls + 1
  for k = 1, (memory.calls % 2 == 0) and 20000 or 60000 do end
end
)";

const LuaTeamModule& lua_of(const World& w) {
    const LuaTeamModule* lua = as_lua_module(dynamic_cast<const PodballWorld&>(w).team_module(0));
    REQUIRE(lua != nullptr);
    return *lua;
}

}   // namespace

TEST_CASE("lua call costs: each call's instructions against its budget, bounded, copied, never hashed") {
    const fs::path dir = fs::temp_directory_path() / ("playbench-lua-costs-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "loops.lua") << kLoops;
    std::ofstream(dir / "s.toml") << "lab = \"podball\"\nseed = 3\nstart_mode = \"running\"\n[params]\n"
                                     "podball.script.instructions = 500000\n[team0]\nmodule = \"lua:loops.lua\"\n"
                                     "pods = 2\n[team1]\nmodule = \"idle\"\npods = 2\n";
    Simulation sim(load_scenario_file((dir / "s.toml").string()));
    CHECK(dynamic_cast<const PodballWorld&>(sim.world()).teams()[0].folder ==
          fs::absolute(dir).lexically_normal().string());
    sim.advance(100);
    const auto& costs = lua_of(sim.world()).call_costs();
    REQUIRE(costs.size() == 20);   // a call every 5 ticks
    const std::int64_t step = LuaTeamModule::instruction_resolution();
    for (std::size_t i = 0; i < costs.size(); ++i) {
        CAPTURE(i);
        const std::int64_t ran = i % 2 == 1 ? 20000 : 60000;   // call i + 1
        CHECK(costs[i].budget == 500000);
        CHECK(costs[i].instructions <= ran + 100);
        CHECK(costs[i].instructions > ran - step);
        CHECK(costs[i].tick == static_cast<std::int64_t>(i) * 5);
    }

    // A copy carries them, and hashes as the world it copies.
    const std::unique_ptr<World> copy = sim.world().clone();
    CHECK(lua_of(*copy).call_costs().size() == costs.size());
    CHECK(lua_of(*copy).call_costs().back().instructions == costs.back().instructions);
    CHECK(copy->hash() == sim.world().hash());

    sim.advance(3000);
    CHECK(lua_of(sim.world()).call_costs().size() == LuaTeamModule::kCallCostHistory);
    CHECK(lua_of(sim.world()).call_costs().back().tick == sim.tick() - 5);
    fs::remove_all(dir);
}
