// The Tasks lab's commands as the world applies them. Each edits a copy of the ship and task;
// the world keeps the copy only when the ship still makes sense, then re-solves. Every refusal
// says why and leaves the world as it was.
#include <algorithm>

#include "engine/tasks/world.hpp"

namespace pb::tasks {
namespace {

std::string rooms_are(const Ship& ship) {
    return ship.rooms.empty() ? "the ship has no rooms" : "rooms are 0 .. " + std::to_string(ship.room_count() - 1);
}

std::optional<std::string> room_arg(const Command& c, const char* name, const Ship& ship, int& out) {
    const std::int64_t room = c.integer(name, -1);
    if (!ship.has_room(static_cast<int>(room)))
        return "room " + std::to_string(room) + " does not exist (" + rooms_are(ship) + ")";
    out = static_cast<int>(room);
    return std::nullopt;
}

// 1-based player / equipment number -> index.
std::optional<std::string> member_arg(const Command& c, const char* name, const std::vector<int>& list, int& out) {
    const std::int64_t number = c.integer(name, 0);
    if (number < 1 || number > static_cast<std::int64_t>(list.size()))
        return std::string("there is no ") + name + " " + std::to_string(number) + " (" + name + "s are 1 .. " +
               std::to_string(list.size()) + ")";
    out = static_cast<int>(number - 1);
    return std::nullopt;
}

// damage sets both legs; damage_to_equipment / damage_to_event one leg each.
void apply_damage(const Command& c, Cost& to_equipment, Cost& to_event) {
    if (c.find("damage")) to_equipment = to_event = c.integer("damage");
    if (c.find("damage_to_equipment")) to_equipment = c.integer("damage_to_equipment");
    if (c.find("damage_to_event")) to_event = c.integer("damage_to_event");
}

}  // namespace

std::optional<std::string> TasksWorld::edit(const Command& c, Ship& ship, TaskSpec& task) const {
    const std::string& type = c.type;
    int room = 0, other = 0, index = 0;
    if (type == "room.move") {
        if (auto err = room_arg(c, "room", ship, room)) return err;
        ship.rooms[room].x = c.number("x");
        ship.rooms[room].y = c.number("y");
    } else if (type == "room.add") {
        ship.rooms.push_back(Room{c.number("x"), c.number("y"), 0, 0});
    } else if (type == "room.hazard") {
        if (auto err = room_arg(c, "room", ship, room)) return err;
        apply_damage(c, ship.rooms[room].hazard_to_equipment, ship.rooms[room].hazard_to_event);
    } else if (type == "corridor.add" || type == "corridor.set" || type == "corridor.remove") {
        if (auto err = room_arg(c, "from", ship, room)) return err;
        if (auto err = room_arg(c, "to", ship, other)) return err;
        if (room == other) return "a corridor must join two different rooms";
        const int found = ship.find_corridor(room, other);
        const std::string which = "corridor " + std::to_string(room) + "-" + std::to_string(other);
        if (type == "corridor.add") {
            if (found >= 0) return "there is already a " + which + " (change it with corridor.set)";
            Corridor corridor{room, other, c.integer("time", 1), 0, 0, c.flag("one_way", false)};
            apply_damage(c, corridor.damage_to_equipment, corridor.damage_to_event);
            ship.corridors.push_back(corridor);
        } else if (found < 0) {
            return "there is no " + which;
        } else if (type == "corridor.set") {
            Corridor& corridor = ship.corridors[found];
            if (c.find("time")) corridor.time = c.integer("time");
            apply_damage(c, corridor.damage_to_equipment, corridor.damage_to_event);
        } else {
            ship.corridors.erase(ship.corridors.begin() + found);
        }
    } else if (type == "player.move" || type == "equipment.move") {
        std::vector<int>& list = type == "player.move" ? task.players : task.equipment;
        if (auto err = member_arg(c, type == "player.move" ? "player" : "equipment", list, index)) return err;
        if (auto err = room_arg(c, "room", ship, room)) return err;
        list[index] = room;
    } else if (type == "player.add" || type == "equipment.add") {
        if (auto err = room_arg(c, "room", ship, room)) return err;
        (type == "player.add" ? task.players : task.equipment).push_back(room);
    } else if (type == "player.remove" || type == "equipment.remove") {
        const bool player = type == "player.remove";
        std::vector<int>& list = player ? task.players : task.equipment;
        if (auto err = member_arg(c, player ? "player" : "equipment", list, index)) return err;
        if (list.size() == 1) return std::string("the task needs at least one ") + (player ? "player" : "piece of equipment");
        list.erase(list.begin() + index);
    } else if (type == "event.move") {
        if (auto err = room_arg(c, "room", ship, room)) return err;
        task.event = room;
    } else if (type == "task.cost") {
        const std::int64_t k = c.integer("k");
        if (k < 1 || k > static_cast<std::int64_t>(task.tau.size()) + 1)
            return "k = " + std::to_string(k) + ": tau lists " + std::to_string(task.tau.size()) +
                   " times, so k may be 1 .. " + std::to_string(task.tau.size() + 1) + " (the last adds one)";
        if (task.delta.empty()) task.delta.assign(task.tau.size(), 0);
        if (k == static_cast<std::int64_t>(task.tau.size()) + 1) {
            task.tau.push_back(task.tau.empty() ? 0 : task.tau.back());
            task.delta.push_back(task.delta.empty() ? 0 : task.delta.back());
        }
        if (c.find("time")) task.tau[k - 1] = c.integer("time");
        if (c.find("damage")) task.delta[k - 1] = c.integer("damage");
    } else {
        return "the Tasks world does not know command '" + type + "'";
    }
    if (auto why = ship.problem()) return why;
    if (auto why = task_problem(ship, task)) return why;
    return std::nullopt;
}

std::optional<std::string> TasksWorld::apply_lab_command(const Command& c) {
    Ship ship = ship_;
    TaskSpec task = task_;
    if (auto err = edit(c, ship, task)) return err;
    ship_ = std::move(ship);
    task_ = std::move(task);
    resolve();
    return std::nullopt;
}

}  // namespace pb::tasks
