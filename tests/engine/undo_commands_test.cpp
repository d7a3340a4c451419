// The commands undo uses in the Effects, Logistics and Tasks labs (engine/<lab>/inverse.cpp):
// what they put back, and their refusals with the reason. (RGS: rgs_undo_commands_test.cpp.)
#include <doctest/doctest.h>

#include <string>

#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/effects/commands.hpp"
#include "engine/effects/world.hpp"
#include "engine/logistics/commands.hpp"
#include "engine/logistics/world.hpp"
#include "engine/podball/commands.hpp"
#include "engine/podball/world.hpp"
#include "engine/tasks/commands.hpp"
#include "engine/tasks/world.hpp"

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

TEST_CASE("target/transporter unplace and restore: the newest only, back as it was, refusals with reasons") {
    using namespace logistics;
    Simulation sim = simulation_of("logistics-small-loads.toml");
    const auto& w = dynamic_cast<const LogisticsWorld&>(sim.world());
    sim.advance(45);
    // Some transporter is on its way with a task chain by now.
    const Transporter* busy = nullptr;
    for (const Transporter& t : w.transporters())
        if (!t.tasks.empty()) busy = &t;
    REQUIRE(busy);
    const Transporter kept = *busy;
    const auto tid = static_cast<std::int64_t>(kept.id);
    const std::uint64_t before = sim.world().hash();
    REQUIRE_FALSE(sim.submit(to_command(TransporterRemove{.id = tid})));
    TransporterRestore back{.id = tid, .x = kept.pos.x, .y = kept.pos.y, .capacity = kept.capacity_override,
                            .speed = kept.speed_override, .energy = kept.carry[0], .mineral = kept.carry[1],
                            .tasks = tasks_text(kept.tasks), .progress = kept.progress, .request = kept.request,
                            .via = kept.via, .assigned_rate = kept.assigned_rate, .travelled = kept.travelled};
    TransporterRestore bad = back;
    bad.tasks = "fly 3 energy 10 0";
    CHECK(contains(sim.submit(to_command(bad)), "unknown task kind \"fly\""));
    bad.tasks = "transfer 99 energy 10 0";
    CHECK(contains(sim.submit(to_command(bad)), "names target 99, which never was"));
    bad.tasks = back.tasks;
    bad.energy = 1e6;
    CHECK(contains(sim.submit(to_command(bad)), "over its capacity"));
    REQUIRE_FALSE(sim.submit(to_command(back)));   // without the ledger: its load is booked back as an edit
    CHECK(w.transporters()[kept.id].tasks.size() == kept.tasks.size());
    CHECK(contains(sim.submit(to_command(back)), "is still in the colony: only a removed transporter can be restored"));
    CHECK(sim.world().hash() == before);   // the load came back as it went: the ledger too

    // A target: the newest only, and not while a transporter's chain names it.
    const auto next = static_cast<std::int64_t>(w.targets().size());
    REQUIRE_FALSE(sim.submit(to_command(TargetPlace{.kind = "extension", .x = 30, .y = 10})));
    REQUIRE_FALSE(sim.submit(to_command(TargetPlace{.kind = "extension", .x = 31, .y = 10})));
    CHECK(contains(sim.submit(to_command(TargetUnplace{.id = next})),
                   "target " + std::to_string(next) + " is not the newest (target " + std::to_string(next + 1) + " came after it)"));
    CHECK(contains(sim.submit(to_command(TargetUnplace{.id = 99})), "there is no target 99"));
    REQUIRE_FALSE(sim.submit(to_command(TargetUnplace{.id = next + 1})));
    REQUIRE_FALSE(sim.submit(to_command(TransporterPlace{.x = 30, .y = 12})));
    CHECK(contains(sim.submit(to_command(TransporterUnplace{.id = 0})), "transporter 0 is not the newest"));
    REQUIRE_FALSE(sim.submit(to_command(TransporterUnplace{.id = static_cast<std::int64_t>(w.transporters().size()) - 1})));
    const int named = kept.tasks.front().target;
    if (static_cast<std::size_t>(named) + 1 == w.targets().size())
        CHECK(contains(sim.submit(to_command(TargetUnplace{.id = named})), "task chain: remove it instead"));
    CHECK(contains(sim.submit(to_command(TargetRestore{.id = 0, .kind = "spawn", .x = 1, .y = 1, .resource = "energy"})),
                   "target 0 is still in the colony"));
}

TEST_CASE("room.unadd takes the newest empty room away; player.insert puts a player back at its number") {
    using namespace tasks;
    Simulation sim = simulation_of("tasks-toward-the-stars.toml");
    const auto& w = dynamic_cast<const TasksWorld&>(sim.world());
    const int rooms = w.ship().room_count();
    REQUIRE_FALSE(sim.submit(to_command(RoomAdd{.x = 3.0, .y = 3.0})));
    REQUIRE_FALSE(sim.submit(to_command(RoomAdd{.x = 4.0, .y = 3.0})));
    CHECK(contains(sim.submit(to_command(RoomUnadd{.room = rooms})),
                   "room " + std::to_string(rooms) + " is not the newest (room " + std::to_string(rooms + 1) + " came after it)"));
    CHECK(contains(sim.submit(to_command(RoomUnadd{.room = 999})), "room 999 does not exist"));
    REQUIRE_FALSE(sim.submit(to_command(CorridorAdd{.from = 0, .to = rooms + 1})));
    CHECK(contains(sim.submit(to_command(RoomUnadd{.room = rooms + 1})), "has corridor 0-" + std::to_string(rooms + 1)));
    REQUIRE_FALSE(sim.submit(to_command(CorridorRemove{.from = 0, .to = rooms + 1})));
    REQUIRE_FALSE(sim.submit(to_command(PlayerAdd{.room = rooms + 1})));
    const auto last = static_cast<std::int64_t>(w.task().players.size());
    CHECK(contains(sim.submit(to_command(RoomUnadd{.room = rooms + 1})), "holds player " + std::to_string(last) + ": move it first"));
    REQUIRE_FALSE(sim.submit(to_command(PlayerRemove{.player = last})));
    REQUIRE_FALSE(sim.submit(to_command(RoomUnadd{.room = rooms + 1})));
    REQUIRE_FALSE(sim.submit(to_command(RoomUnadd{.room = rooms})));
    CHECK(w.ship().room_count() == rooms);

    const std::vector<int> players = w.task().players;
    REQUIRE(players.size() >= 3);
    REQUIRE_FALSE(sim.submit(to_command(PlayerRemove{.player = 2})));
    CHECK(contains(sim.submit(to_command(PlayerInsert{.player = 9, .room = 0})), "a player can go back at number 1 .. " +
                                                                                   std::to_string(players.size())));
    REQUIRE_FALSE(sim.submit(to_command(PlayerInsert{.player = 2, .room = players[1]})));
    CHECK(w.task().players == players);
}

TEST_CASE("mode.restore puts the mode and its clock back, placing nothing") {
    using namespace podball;
    Simulation sim = simulation_of("podball-default.toml");
    const auto& w = dynamic_cast<const PodballWorld&>(sim.world());
    sim.advance(7);
    const Mode mode = w.mode();
    const int ticks = w.mode_ticks();
    const std::uint64_t before = sim.world().hash();
    REQUIRE_FALSE(sim.submit(to_command(ModeSet{.mode = "suspended"})));
    CHECK(w.mode_ticks() == 0);
    REQUIRE_FALSE(sim.submit(to_command(ModeRestore{.mode = std::string(mode_key(mode)), .mode_ticks = ticks})));
    CHECK(sim.world().hash() == before);
    CHECK(contains(sim.submit(to_command(ModeRestore{.mode = "halftime", .mode_ticks = 0})), "halftime"));
}
