// Tasks scenario files and the world: the shipped scenarios give the numbers of the Toward the
// Stars paper ("the paper", docs/labs/tasks.md#sources), bad input
// gets a clear file:line: key message, every edit is a command that re-solves (and a refusal
// changes nothing), and runs are deterministic with exact snapshots.
#include <sstream>

#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/tasks/world.hpp"
#include "tasks_testing.hpp"

using namespace tasks_testing;

namespace {

std::string load_errors(const std::string& text) {
    try {
        load_scenario_text(text, "test.toml");
    } catch (const ScenarioError& e) {
        return e.what();
    }
    return "";
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

const std::string kSmall = R"(lab = "tasks"
[ship]
rooms = 4
corridors = [[0, 1], [1, 2, 3], [2, 3]]

[[corridor]]
from = 0
to = 3
time = 1
damage = 2

[[hazard]]
room = 2
damage_to_equipment = 1

[task]
players = [0]
equipment = [1, 2]
event = 3
tau = [5, 2]
)";

const TasksWorld& tasks_world(const Simulation& sim) { return dynamic_cast<const TasksWorld&>(sim.world()); }

Command command(std::string type, std::initializer_list<std::pair<const char*, CommandValue>> args) {
    Command c;
    c.type = std::move(type);
    for (const auto& [k, v] : args) c.set(k, v);
    return c;
}

Scenario shipped(const std::string& name) {
    return load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name);
}

}   // namespace

TEST_CASE("tasks: the shipped paper scenarios give Tables 1-3 (D = 1) and the (11, 2) option (D = 2)") {
    Simulation d1(shipped("tasks-toward-the-stars-d1.toml"));
    const TaskSolution& s1 = tasks_world(d1).solution();
    REQUIRE(s1.efficient.size() == 2);
    CHECK(s1.teams.points[s1.efficient[0]].time == 13);
    CHECK(s1.teams.points[s1.efficient[1]].time == 12);
    REQUIRE(points_of(s1, 3).size() == 1);
    CHECK(points_of(s1, 3)[0].assignment_count == 2);
    // The file's ship is the paper's ship.
    CHECK(tasks_world(d1).ship().corridors == toward_the_stars_ship().corridors);
    CHECK(tasks_world(d1).task() == toward_the_stars_task());
    // K = 4 tau values, 3 pieces of equipment: clamped, with a note saying so.
    REQUIRE(tasks_world(d1).notes().size() == 1);
    CHECK(contains(tasks_world(d1).notes()[0], "clamped to 3"));

    Simulation d2(shipped("tasks-toward-the-stars.toml"));
    const auto w1 = points_of(tasks_world(d2).solution(), 1);
    REQUIRE(w1.size() == 2);
    CHECK(w1[0].time == 11);
    CHECK(w1[0].damage == 2);
}

TEST_CASE("tasks: the generated ship has a few hundred rooms, all reachable, and rich fronts") {
    Simulation sim(shipped("tasks-generated-ship.toml"));
    const TasksWorld& w = tasks_world(sim);
    CHECK(w.ship().room_count() == 300);
    CHECK_FALSE(w.problem());
    CHECK(w.instance().k_max == 8);
    CHECK(w.solution().efficient.size() > 5);
    // Same seed, same ship.
    CHECK(generate_ship(ShipGeneration{300, 7}) == w.ship());
    CHECK_FALSE(generate_ship(ShipGeneration{300, 8}) == w.ship());
}

TEST_CASE("tasks: scenario keys are read, and written back re-loadable") {
    const Scenario s = load_scenario_text(kSmall, "small.toml");
    const auto& setup = dynamic_cast<const TasksSetup&>(*s.setup);
    REQUIRE(setup.ship.corridors.size() == 4);
    CHECK(setup.ship.corridors[1].time == 3);
    CHECK(setup.ship.corridors[3].damage_to_equipment == 2);
    CHECK(setup.ship.corridors[3].damage_to_event == 2);
    CHECK(setup.ship.rooms[2].hazard_to_equipment == 1);
    CHECK(setup.ship.rooms[2].hazard_to_event == 0);
    CHECK(setup.task.tau == std::vector<Cost>{5, 2});

    const Scenario again = load_scenario_text(scenario_to_toml(s), "again.toml");
    const auto& back = dynamic_cast<const TasksSetup&>(*again.setup);
    CHECK(back.ship.rooms == setup.ship.rooms);
    CHECK(back.task == setup.task);
    REQUIRE(back.ship.corridors.size() == setup.ship.corridors.size());
    Simulation a(s), b(again);
    CHECK(a.world().summary() == b.world().summary());
}

TEST_CASE("tasks: bad scenario input is reported with file, line, key and what is allowed") {
    const auto with = [](const std::string& from, const std::string& to) {
        std::string text = kSmall;
        text.replace(text.find(from), from.size(), to);
        return load_errors(text);
    };
    CHECK(with("[2, 3]]", "[2, 7]]")
              .find("test.toml:4: key 'ship.corridors[2]': corridor to room 7 does not exist (rooms are 0 .. 3)") !=
          std::string::npos);
    CHECK(contains(with("[1, 2, 3]", "[1, 2, -3]"), "ship.corridors[1][2]"));
    CHECK(contains(with("[1, 2, 3]", "[1, 2, -3]"), "no negative costs"));
    CHECK(contains(with("damage = 2", "damage = -2"),
                   "test.toml:10: key 'corridor[0].damage': value -2 is out of range"));
    CHECK(contains(with("players = [0]", "players = [9]"),
                   "key 'task.players[0]': player 1 is in room 9 does not exist"));
    CHECK(contains(with("event = 3", "event = 4"), "key 'task.event': event room 4 does not exist"));
    CHECK(contains(with("tau = [5, 2]", "tau = []"), "tau needs at least one time"));
    CHECK(contains(with("tau = [5, 2]", "tau = [5, 2]\ndelta = [1]"), "delta lists 1 values, tau 2"));
    CHECK(contains(with("tau = [5, 2]", "tau = [5, 2]\nmax_players = 3"), "tau lists only 2 times"));
    CHECK(contains(with("room = 2", "room = 2\nsize = 3"), "unknown key in [hazard[0]]"));
    CHECK(contains(with("[ship]\nrooms = 4", "[ship]\nroom = 4"), "[ship] needs rooms = N"));
    CHECK(contains(with("from = 0\nto = 3", "from = 0\nto = 0"), "a corridor must join two different rooms"));
    CHECK(contains(load_errors("lab = \"tasks\"\n"), "needs a [ship] section"));
}

TEST_CASE("tasks: K beyond the players or equipment is clamped with a note; unreachable equipment gives no options") {
    Ship ship;
    ship.rooms.resize(3);
    ship.corridors.push_back(Corridor{0, 1, 2, 0, 0, false});
    TaskSpec task{{0}, {1, 2}, 1, {4, 2, 1}, {}, 0};
    TaskInstance in;
    REQUIRE_FALSE(compile_task(ship, task, TaskLimits{100, 5, 8}, in));
    CHECK(in.k_max == 1);
    REQUIRE(in.notes.size() == 1);
    CHECK(in.notes[0] == "K = 3 clamped to 1: there are 1 players and 2 pieces of equipment");
    const TaskSolution s = solve(in);
    CHECK(s.pair_options(0, 0).size() == 1);   // tool 1 in room 1: walk 0 -> 1 (2), already at the event
    CHECK(s.pair_options(0, 0)[0].time == 2);
    CHECK(s.pair_options(0, 1).empty());   // tool 2 in room 2: no corridor reaches it
    REQUIRE(s.teams.points.size() == 1);
    CHECK(s.teams.points[0].time == 6);
    // Compile-time problems say what is wrong.
    TaskSpec lost = task;
    lost.players = {5};
    CHECK(compile_task(ship, lost, {}, in).value_or("") ==
          "player 1 stands in room 5, which does not exist (rooms are 0 .. 2)");
    Ship bad = ship;
    bad.corridors.push_back(Corridor{0, 9, 1, 0, 0, false});
    CHECK(contains(compile_task(bad, task, {}, in).value_or(""), "corridor 0-9 leads to a room that does not exist"));
    bad = ship;
    bad.corridors[0].time = -1;
    CHECK(contains(compile_task(bad, task, {}, in).value_or(""), "negative time or damage"));
}

TEST_CASE("tasks: every edit is a command that re-solves; refusals say why and change nothing") {
    Simulation sim(shipped("tasks-toward-the-stars-d1.toml"));
    const std::int64_t solves = tasks_world(sim).solves();
    // Cutting corridor 0-18 forces player 1 and 3 the long way: k = 2 gets slower.
    REQUIRE_FALSE(sim.submit(command("corridor.remove", {{"from", std::int64_t{0}}, {"to", std::int64_t{18}}})));
    CHECK(tasks_world(sim).solves() == solves + 1);
    CHECK(points_of(tasks_world(sim).solution(), 2)[0].time > 12);
    // A shortcut from player 1's room straight to tool 1's room: k = 1 becomes 1 + 2 + 6 = 9.
    REQUIRE_FALSE(sim.submit(command("corridor.add", {{"from", std::int64_t{0}}, {"to", std::int64_t{20}}})));
    CHECK(points_of(tasks_world(sim).solution(), 1)[0].time == 9);
    // Making it hurt puts the fast option above D = 1.
    REQUIRE_FALSE(sim.submit(
        command("corridor.set", {{"from", std::int64_t{20}}, {"to", std::int64_t{0}}, {"damage", std::int64_t{1}}})));
    CHECK(points_of(tasks_world(sim).solution(), 1)[0].time > 9);
    // Moving the event, a player, the equipment.
    REQUIRE_FALSE(sim.submit(command("event.move", {{"room", std::int64_t{20}}})));
    CHECK(tasks_world(sim).task().event == 20);
    REQUIRE_FALSE(sim.submit(command("player.move", {{"player", std::int64_t{2}}, {"room", std::int64_t{20}}})));
    CHECK(tasks_world(sim).task().players[1] == 20);
    REQUIRE_FALSE(sim.submit(command("equipment.add", {{"room", std::int64_t{3}}})));
    CHECK(tasks_world(sim).instance().k_max == 4);   // 4 players, 4 tools, 4 tau values now
    REQUIRE_FALSE(sim.submit(command("room.add", {{"x", 1.0}, {"y", 2.0}})));
    CHECK(tasks_world(sim).ship().room_count() == 38);
    REQUIRE_FALSE(sim.submit(command("task.cost", {{"k", std::int64_t{1}}, {"time", std::int64_t{3}}})));
    CHECK(tasks_world(sim).task().tau[0] == 3);

    const std::uint64_t before = sim.world().hash();
    const auto refused = [&](const Command& c) {
        auto why = sim.submit(c);
        CHECK(sim.world().hash() == before);
        return why.value_or("");
    };
    CHECK(refused(command("player.move", {{"player", std::int64_t{9}}, {"room", std::int64_t{1}}})) ==
          "there is no player 9 (players are 1 .. 4)");
    CHECK(refused(command("event.move", {{"room", std::int64_t{99}}})) == "room 99 does not exist (rooms are 0 .. 37)");
    CHECK(refused(command("corridor.add", {{"from", std::int64_t{0}}, {"to", std::int64_t{2}}})) ==
          "there is already a corridor 0-2 (change it with corridor.set)");
    CHECK(refused(command("corridor.remove", {{"from", std::int64_t{5}}, {"to", std::int64_t{30}}})) ==
          "there is no corridor 5-30");
    CHECK(contains(refused(command("corridor.set",
                                   {{"from", std::int64_t{0}}, {"to", std::int64_t{2}}, {"time", std::int64_t{-1}}})),
                   "out of range"));
    CHECK(contains(refused(command("corridor.add", {{"from", std::int64_t{1}}, {"to", std::int64_t{1}}})),
                   "two different rooms"));
    CHECK(contains(refused(command("task.cost", {{"k", std::int64_t{9}}, {"time", std::int64_t{1}}})),
                   "k may be 1 .. 5"));
}

TEST_CASE("tasks: the state hash kept since the last solve follows every kind of edit") {
    // Both hashes mix the clock with a state hash computed when the world re-solves; any edit
    // that forgot to re-solve would leave it stale.
    Simulation sim(shipped("tasks-toward-the-stars.toml"));
    const std::vector<Command> edits{
        command("room.move", {{"room", std::int64_t{5}}, {"x", 1.5}, {"y", -2.0}}),
        command("room.add", {{"x", 1.0}, {"y", 2.0}}),
        command("room.hazard", {{"room", std::int64_t{3}}, {"damage", std::int64_t{1}}}),
        command("corridor.add", {{"from", std::int64_t{0}}, {"to", std::int64_t{37}}}),
        command("corridor.set", {{"from", std::int64_t{0}}, {"to", std::int64_t{37}}, {"time", std::int64_t{4}}}),
        command("corridor.remove", {{"from", std::int64_t{0}}, {"to", std::int64_t{37}}}),
        command("player.move", {{"player", std::int64_t{2}}, {"room", std::int64_t{20}}}),
        command("player.add", {{"room", std::int64_t{7}}}),
        command("player.remove", {{"player", std::int64_t{5}}}),
        command("equipment.move", {{"equipment", std::int64_t{1}}, {"room", std::int64_t{21}}}),
        command("equipment.add", {{"room", std::int64_t{3}}}),
        command("equipment.remove", {{"equipment", std::int64_t{4}}}),
        command("event.move", {{"room", std::int64_t{19}}}),
        command("task.cost", {{"k", std::int64_t{1}}, {"time", std::int64_t{3}}}),
        make_param_set(0, "tasks.limits.max_damage", 1),
    };
    std::uint64_t before = tasks_world(sim).kept_state_hash(), tick_before = sim.world().tick_hash();
    for (const Command& c : edits) {
        CAPTURE(describe(c));
        REQUIRE_FALSE(sim.submit(c));
        const TasksWorld& w = tasks_world(sim);
        CHECK(w.kept_state_hash() == w.compute_state_hash());
        CHECK(w.kept_state_hash() != before);
        CHECK(w.tick_hash() != tick_before);
        before = w.kept_state_hash();
        tick_before = w.tick_hash();
    }
    // A tick changes the clock only: the state hash stays, both hashes move.
    const std::uint64_t full = sim.world().hash();
    sim.step();
    CHECK(tasks_world(sim).kept_state_hash() == before);
    CHECK(sim.world().hash() != full);
    CHECK(sim.world().tick_hash() != tick_before);
}

TEST_CASE("tasks: parameters re-solve: D and T as sliders") {
    Simulation sim(shipped("tasks-toward-the-stars.toml"));
    CHECK(points_of(tasks_world(sim).solution(), 1).size() == 2);
    REQUIRE_FALSE(sim.submit(make_param_set(0, "tasks.limits.max_damage", 1)));
    CHECK(points_of(tasks_world(sim).solution(), 1).size() == 1);
    REQUIRE_FALSE(sim.submit(make_param_set(0, "tasks.limits.max_time", 12)));
    CHECK(points_of(tasks_world(sim).solution(), 1).empty());
    CHECK(sim.submit(make_param_set(0, "tasks.limits.max_damage", -1)).has_value());
}

TEST_CASE("tasks: same scenario, same hashes tick for tick; snapshots restore exactly") {
    auto scenario = shipped("tasks-toward-the-stars.toml");
    Command edit =
        command("corridor.add", {{"from", std::int64_t{15}}, {"to", std::int64_t{20}}, {"time", std::int64_t{3}}});
    edit.tick = 5;
    scenario.commands.push_back(edit);
    Simulation a(scenario), b(scenario);
    std::unique_ptr<World> snapshot;
    std::vector<std::uint64_t> hashes;
    for (int t = 0; t < 20; ++t) {
        a.step();
        b.step();
        REQUIRE(a.world().hash() == b.world().hash());
        hashes.push_back(a.world().hash());
        if (t == 3) snapshot = a.world().clone();
    }
    CHECK(hashes[4] != hashes[5]);   // the edit changed the world
    b.world().restore(*snapshot);
    CHECK(b.world().hash() == hashes[3]);
    CHECK(tasks_world(b).ship().corridors.size() == 51);
}
