// The Tasks lab's registration: parameters, commands, scenario keys, world factory and benchmark.
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/tasks/bench.hpp"
#include "engine/tasks/setup.hpp"
#include "engine/tasks/world.hpp"

namespace pb::tasks {
namespace {

ArgSpec integer_arg(const char* name, double min, double max, const char* description, bool required = true) {
    return ArgSpec{name, ArgKind::Integer, required, min, max, {}, description};
}

std::vector<CommandSpec> tasks_commands() {
    // Room numbers are checked against the ship in the world; the ranges only bound any ship.
    const ArgSpec room = integer_arg("room", 0, 100000, "room number (0 .. rooms-1)");
    const ArgSpec from = integer_arg("from", 0, 100000, "room at one end");
    const ArgSpec to = integer_arg("to", 0, 100000, "room at the other end");
    const ArgSpec x{"x", ArgKind::Number, true, -kMaxCoordinate, kMaxCoordinate, {}, "x in layout units"};
    const ArgSpec y{"y", ArgKind::Number, true, -kMaxCoordinate, kMaxCoordinate, {}, "y in layout units"};
    const ArgSpec time = integer_arg("time", 0, 1000000, "walking time (whole units)", false);
    const ArgSpec damage = integer_arg("damage", 0, 1000000, "damage on both legs", false);
    const ArgSpec damage_x = integer_arg("damage_to_equipment", 0, 1000000, "damage on the way to the equipment", false);
    const ArgSpec damage_y = integer_arg("damage_to_event", 0, 1000000, "damage on the way to the event", false);
    const ArgSpec player = integer_arg("player", 1, 1000, "player number, from 1");
    const ArgSpec equipment = integer_arg("equipment", 1, 1000, "equipment number, from 1");
    return {
        CommandSpec{"room.move", "move a room in the picture (costs do not depend on it)", {room, x, y}},
        CommandSpec{"room.add", "add a room (it gets the next number) at a point", {x, y}},
        CommandSpec{"room.hazard", "set the damage taken entering a room", {room, damage, damage_x, damage_y}},
        CommandSpec{"corridor.add", "join two rooms with a corridor (both ways unless one_way)",
                    {from, to, time, damage, damage_x, damage_y,
                     ArgSpec{"one_way", ArgKind::Boolean, false, 0, 0, {}, "only from -> to (default false)"}}},
        CommandSpec{"corridor.set", "change a corridor's time or damage", {from, to, time, damage, damage_x, damage_y}},
        CommandSpec{"corridor.remove", "remove the corridor between two rooms", {from, to}},
        CommandSpec{"player.move", "put a player in another room", {player, room}},
        CommandSpec{"player.add", "add a player in a room", {room}},
        CommandSpec{"player.remove", "remove a player (the later ones are renumbered)", {player}},
        CommandSpec{"equipment.move", "put a piece of equipment in another room", {equipment, room}},
        CommandSpec{"equipment.add", "add a piece of equipment in a room", {room}},
        CommandSpec{"equipment.remove", "remove a piece of equipment (the later ones are renumbered)", {equipment}},
        CommandSpec{"event.move", "move the event to another room", {room}},
        CommandSpec{"task.cost", "set tau_k and delta_k: what finishing the task costs each of k players",
                    {integer_arg("k", 1, 1000, "number of players"), time,
                     integer_arg("damage", 0, 1000000, "damage each player takes at the event", false)}},
    };
}

std::unique_ptr<World> create_tasks_world(const Scenario& s) {
    const auto* setup = dynamic_cast<const TasksSetup*>(s.setup.get());
    if (!setup) return std::make_unique<TasksWorld>(s.params, *default_tasks_setup(), s.seed);
    return std::make_unique<TasksWorld>(s.params, *setup, s.seed);
}

LabInfo make_lab() {
    LabInfo lab;
    lab.name = "tasks";
    lab.title = "Tasks";
    lab.summary = "Toward the Stars task planning: which teams reach the equipment and the event, every time/damage trade-off";
    lab.params = &tasks_param_table();
    lab.commands = tasks_commands();
    lab.setup_keys = {"ship", "generate", "corridor", "hazard", "task"};
    lab.parse_setup = [](const Node& root, const ParamSet&, TableReader& reader, Diagnostics& diag)
        -> std::shared_ptr<const LabSetup> {
        return read_tasks_setup(root, reader, diag);
    };
    lab.default_setup = []() -> std::shared_ptr<const LabSetup> { return default_tasks_setup(); };
    lab.create_world = create_tasks_world;
    lab.bench = bench_tasks;
    return lab;
}

}  // namespace

const LabInfo& tasks_lab() {
    static const LabInfo lab = make_lab();
    return lab;
}

}  // namespace pb::tasks
