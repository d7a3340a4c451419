// The commands undo uses in the Effects, Logistics and Tasks labs (engine/<lab>/inverse.cpp):
// what they put back, and their refusals with the reason. (RGS: rgs_undo_commands_test.cpp.)
#include <doctest/doctest.h>

#include <string>

#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/effects/commands.hpp"
#include "engine/effects/world.hpp"

using namespace pb;

namespace {

Simulation simulation_of(const std::string& name) {
    return Simulation(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name));
}

bool contains(const std::optional<std::string>& text, const std::string& part) {
    return text && text->find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("tower.unplace takes the newest tower off every lane; tower.restore brings a removed one back as it was") {
    using namespace effects;
    Simulation sim = simulation_of("effects-three-waves.toml");
    const auto& w = dynamic_cast<const EffectsWorld&>(sim.world());
    const std::size_t towers = w.lanes().front().towers().size();
    REQUIRE(towers >= 2);
    sim.advance(60);
    const std::uint64_t before = sim.world().hash();
    REQUIRE_FALSE(sim.submit(to_command(TowerPlace{.x = 12.0, .y = 10.0})));
    REQUIRE_FALSE(sim.submit(to_command(TowerPlace{.x = 14.0, .y = 10.0})));
    const auto newest = static_cast<std::int64_t>(towers + 1);
    CHECK(contains(sim.submit(to_command(TowerUnplace{.id = newest - 1})), "tower " + std::to_string(newest - 1) +
                                                                               " is not the newest (tower " +
                                                                               std::to_string(newest) + " came after it)"));
    CHECK(contains(sim.submit(to_command(TowerUnplace{.id = 99})), "there is no tower 99"));
    REQUIRE_FALSE(sim.submit(to_command(TowerUnplace{.id = newest})));
    REQUIRE_FALSE(sim.submit(to_command(TowerUnplace{.id = newest - 1})));
    CHECK(sim.world().hash() == before);
    for (const Lane& lane : w.lanes()) CHECK(lane.towers().size() == towers);

    sim.advance(40);
    const Tower shot = w.lanes().front().towers()[0];
    CHECK(shot.shots > 0);
    const std::uint64_t kept = sim.world().hash();
    CHECK(contains(sim.submit(to_command(TowerRestore{.id = 0})), "tower 0 is still on the lane: only a removed tower can be restored"));
    REQUIRE_FALSE(sim.submit(to_command(TowerRemove{.id = 0})));
    CHECK(contains(sim.submit(to_command(TowerUnplace{.id = 0})), "tower 0 was removed"));
    CHECK(contains(sim.submit(to_command(TowerRestore{.id = 70})), "there is no tower 70 to restore"));
    REQUIRE_FALSE(sim.submit(to_command(TowerRestore{.id = 0})));
    CHECK(sim.world().hash() == kept);
    CHECK(w.lanes().front().towers()[0].shots == shot.shots);
}
