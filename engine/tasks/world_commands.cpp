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

std::optional<std::string> room_arg(std::int64_t room, const Ship& ship, int& out) {
    if (!ship.has_room(static_cast<int>(room)))
        return "room " + std::to_string(room) + " does not exist (" + rooms_are(ship) + ")";
    out = static_cast<int>(room);
    return std::nullopt;
}

// 1-based player / equipment number -> index.
std::optional<std::string> member_arg(std::int64_t number, const char* name, const std::vector<int>& list, int& out) {
    if (number < 1 || number > static_cast<std::int64_t>(list.size()))
        return std::string("there is no ") + name + " " + std::to_string(number) + " (" + name + "s are 1 .. " +
               std::to_string(list.size()) + ")";
    out = static_cast<int>(number - 1);
    return std::nullopt;
}

// damage sets both legs; damage_to_equipment / damage_to_event one leg each.
template <class C>
void apply_damage(const C& c, Cost& to_equipment, Cost& to_event) {
    if (c.damage) to_equipment = to_event = *c.damage;
    if (c.damage_to_equipment) to_equipment = *c.damage_to_equipment;
    if (c.damage_to_event) to_event = *c.damage_to_event;
}

// One edit per command of TasksCommands (commands.hpp), on copies of the ship and task.
std::optional<std::string> edit_with(const RoomMove& c, Ship& ship, TaskSpec&) {
    int room = 0;
    if (auto err = room_arg(c.room, ship, room)) return err;
    ship.rooms[room].x = c.x;
    ship.rooms[room].y = c.y;
    return std::nullopt;
}

std::optional<std::string> edit_with(const RoomAdd& c, Ship& ship, TaskSpec&) {
    ship.rooms.push_back(Room{c.x, c.y, 0, 0});
    return std::nullopt;
}

std::optional<std::string> edit_with(const RoomHazard& c, Ship& ship, TaskSpec&) {
    int room = 0;
    if (auto err = room_arg(c.room, ship, room)) return err;
    apply_damage(c, ship.rooms[room].hazard_to_equipment, ship.rooms[room].hazard_to_event);
    return std::nullopt;
}

// The two rooms of a corridor command, told apart; `found` is the corridor's index or -1.
template <class C>
std::optional<std::string> corridor_ends(const C& c, const Ship& ship, int& from, int& to, int& found,
                                         std::string& which) {
    if (auto err = room_arg(c.from, ship, from)) return err;
    if (auto err = room_arg(c.to, ship, to)) return err;
    if (from == to) return "a corridor must join two different rooms";
    found = ship.find_corridor(from, to);
    which = "corridor " + std::to_string(from) + "-" + std::to_string(to);
    return std::nullopt;
}

// corridor.add and corridor.insert: a new corridor at `at` of the list (the end: -1).
template <class C>
std::optional<std::string> add_corridor(const C& c, Ship& ship, std::int64_t at) {
    int from = 0, to = 0, found = -1;
    std::string which;
    if (auto err = corridor_ends(c, ship, from, to, found, which)) return err;
    if (found >= 0) return "there is already a " + which + " (change it with corridor.set)";
    const auto count = static_cast<std::int64_t>(ship.corridors.size());
    if (at > count)
        return "a corridor can go back at place 0 .. " + std::to_string(count) + " of the list, not " +
               std::to_string(at);
    Corridor corridor{from, to, c.time.value_or(1), 0, 0, c.one_way.value_or(false)};
    apply_damage(c, corridor.damage_to_equipment, corridor.damage_to_event);
    ship.corridors.insert(at < 0 ? ship.corridors.end() : ship.corridors.begin() + at, corridor);
    return std::nullopt;
}

std::optional<std::string> edit_with(const CorridorAdd& c, Ship& ship, TaskSpec&) { return add_corridor(c, ship, -1); }
std::optional<std::string> edit_with(const CorridorInsert& c, Ship& ship, TaskSpec&) {
    return add_corridor(c, ship, std::max<std::int64_t>(0, c.index));
}

std::optional<std::string> edit_with(const CorridorSet& c, Ship& ship, TaskSpec&) {
    int from = 0, to = 0, found = -1;
    std::string which;
    if (auto err = corridor_ends(c, ship, from, to, found, which)) return err;
    if (found < 0) return "there is no " + which;
    Corridor& corridor = ship.corridors[found];
    if (c.time) corridor.time = *c.time;
    apply_damage(c, corridor.damage_to_equipment, corridor.damage_to_event);
    return std::nullopt;
}

std::optional<std::string> edit_with(const CorridorRemove& c, Ship& ship, TaskSpec&) {
    int from = 0, to = 0, found = -1;
    std::string which;
    if (auto err = corridor_ends(c, ship, from, to, found, which)) return err;
    if (found < 0) return "there is no " + which;
    ship.corridors.erase(ship.corridors.begin() + found);
    return std::nullopt;
}

std::optional<std::string> move_member(std::int64_t number, const char* name, std::int64_t to_room, const Ship& ship,
                                       std::vector<int>& list) {
    int index = 0, room = 0;
    if (auto err = member_arg(number, name, list, index)) return err;
    if (auto err = room_arg(to_room, ship, room)) return err;
    list[index] = room;
    return std::nullopt;
}

std::optional<std::string> add_member(std::int64_t in_room, const Ship& ship, std::vector<int>& list) {
    int room = 0;
    if (auto err = room_arg(in_room, ship, room)) return err;
    list.push_back(room);
    return std::nullopt;
}

std::optional<std::string> remove_member(std::int64_t number, bool player, std::vector<int>& list) {
    int index = 0;
    if (auto err = member_arg(number, player ? "player" : "equipment", list, index)) return err;
    if (list.size() == 1)
        return std::string("the task needs at least one ") + (player ? "player" : "piece of equipment");
    list.erase(list.begin() + index);
    return std::nullopt;
}

std::optional<std::string> edit_with(const PlayerMove& c, Ship& ship, TaskSpec& task) {
    return move_member(c.player, "player", c.room, ship, task.players);
}
std::optional<std::string> edit_with(const EquipmentMove& c, Ship& ship, TaskSpec& task) {
    return move_member(c.equipment, "equipment", c.room, ship, task.equipment);
}
std::optional<std::string> edit_with(const PlayerAdd& c, Ship& ship, TaskSpec& task) {
    return add_member(c.room, ship, task.players);
}
std::optional<std::string> edit_with(const EquipmentAdd& c, Ship& ship, TaskSpec& task) {
    return add_member(c.room, ship, task.equipment);
}
std::optional<std::string> edit_with(const PlayerRemove& c, Ship&, TaskSpec& task) {
    return remove_member(c.player, true, task.players);
}
std::optional<std::string> edit_with(const EquipmentRemove& c, Ship&, TaskSpec& task) {
    return remove_member(c.equipment, false, task.equipment);
}

std::optional<std::string> edit_with(const EventMove& c, Ship& ship, TaskSpec& task) {
    int room = 0;
    if (auto err = room_arg(c.room, ship, room)) return err;
    task.event = room;
    return std::nullopt;
}

std::optional<std::string> edit_with(const TaskCost& c, Ship&, TaskSpec& task) {
    const std::int64_t k = c.k;
    if (k < 1 || k > static_cast<std::int64_t>(task.tau.size()) + 1)
        return "k = " + std::to_string(k) + ": tau lists " + std::to_string(task.tau.size()) +
               " times, so k may be 1 .. " + std::to_string(task.tau.size() + 1) + " (the last adds one)";
    if (task.delta.empty()) task.delta.assign(task.tau.size(), 0);
    if (k == static_cast<std::int64_t>(task.tau.size()) + 1) {
        task.tau.push_back(task.tau.empty() ? 0 : task.tau.back());
        task.delta.push_back(task.delta.empty() ? 0 : task.delta.back());
    }
    if (c.time) task.tau[k - 1] = *c.time;
    if (c.damage) task.delta[k - 1] = *c.damage;
    return std::nullopt;
}

std::optional<std::string> edit_with(const RoomUnadd& c, Ship& ship, TaskSpec& task) {
    int room = 0;
    if (auto err = room_arg(c.room, ship, room)) return err;
    const std::string name = "room " + std::to_string(room);
    if (room + 1 != ship.room_count())
        return name + " is not the newest (room " + std::to_string(ship.room_count() - 1) +
               " came after it): only the newest room can be taken away";
    for (const Corridor& k : ship.corridors)
        if (k.from == room || k.to == room)
            return name + " has corridor " + std::to_string(k.from) + "-" + std::to_string(k.to) + ": remove it first";
    for (std::size_t i = 0; i < task.players.size(); ++i)
        if (task.players[i] == room) return name + " holds player " + std::to_string(i + 1) + ": move it first";
    for (std::size_t i = 0; i < task.equipment.size(); ++i)
        if (task.equipment[i] == room) return name + " holds equipment " + std::to_string(i + 1) + ": move it first";
    if (task.event == room) return name + " holds the event: move it first";
    ship.rooms.pop_back();
    return std::nullopt;
}

std::optional<std::string> insert_member(std::int64_t number, const char* name, std::int64_t in_room, const Ship& ship,
                                         std::vector<int>& list) {
    if (number < 1 || number > static_cast<std::int64_t>(list.size()) + 1)
        return std::string("a ") + name + " can go back at number 1 .. " + std::to_string(list.size() + 1) + ", not " +
               std::to_string(number);
    int room = 0;
    if (auto err = room_arg(in_room, ship, room)) return err;
    list.insert(list.begin() + (number - 1), room);
    return std::nullopt;
}

std::optional<std::string> edit_with(const PlayerInsert& c, Ship& ship, TaskSpec& task) {
    return insert_member(c.player, "player", c.room, ship, task.players);
}
std::optional<std::string> edit_with(const EquipmentInsert& c, Ship& ship, TaskSpec& task) {
    return insert_member(c.equipment, "equipment", c.room, ship, task.equipment);
}

}   // namespace

std::optional<std::string> TasksWorld::edit(const Command& c, Ship& ship, TaskSpec& task) const {
    const auto edited = [&](const auto& cmd) { return edit_with(cmd, ship, task); };
    if (auto err = dispatch(TasksCommands{}, c, edited, "the Tasks world does not know command")) return err;
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

}   // namespace pb::tasks
