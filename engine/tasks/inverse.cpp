// Undo in the Tasks lab: moves go back, hazards, corridors and task costs get their old values,
// an added corridor, player or piece of equipment is removed again, a removed corridor comes
// back at its place in the list (corridor.insert unless it was the last), a removed player or piece of equipment comes back at its number
// (player.insert / equipment.insert: the later ones, renumbered by the removal, move up again),
// an added room is taken away again (room.unadd: the newest room, nothing in it).
#include "engine/tasks/inverse.hpp"

#include "engine/tasks/commands.hpp"
#include "engine/tasks/world.hpp"

namespace pb::tasks {
namespace {

std::string room_text(std::int64_t r) { return "room " + std::to_string(r); }

template <class C>
void damage_back(const C& cmd, C& back, Cost to_equipment, Cost to_event, std::vector<std::string>& changes) {
    if (cmd.damage) {
        back.damage_to_equipment = to_equipment;
        back.damage_to_event = to_event;
        changes.push_back(
            change_text("damage to equipment", static_cast<double>(to_equipment), static_cast<double>(*cmd.damage)));
        changes.push_back(
            change_text("damage to event", static_cast<double>(to_event), static_cast<double>(*cmd.damage)));
    }
    if (cmd.damage_to_equipment) {
        back.damage_to_equipment = to_equipment;
        changes.push_back(change_text("damage to equipment", static_cast<double>(to_equipment),
                                      static_cast<double>(*cmd.damage_to_equipment)));
    }
    if (cmd.damage_to_event) {
        back.damage_to_event = to_event;
        changes.push_back(
            change_text("damage to event", static_cast<double>(to_event), static_cast<double>(*cmd.damage_to_event)));
    }
}

Inverse member_move(const Command& c, const char* what, std::int64_t number, std::int64_t to_room,
                    const std::vector<int>& list, Command back) {
    if (number < 1 || number > static_cast<std::int64_t>(list.size()))
        return no_inverse(c, std::string("there is no ") + what + " " + std::to_string(number));
    Inverse inv;
    inv.name = std::string("move ") + what + " " + std::to_string(number);
    const int from = list[static_cast<std::size_t>(number - 1)];
    back.set("room", std::int64_t{from});
    inv.commands.push_back(std::move(back));
    inv.changes = {room_text(from) + " -> " + room_text(to_room)};
    return inv;
}

}   // namespace

Inverse inverse_of(const TasksWorld& w, const Command& c) {
    const std::int64_t tick = w.tick();
    const Ship& ship = w.ship();
    const TaskSpec& task = w.task();
    Inverse inv;
    if (c.type == RoomMove::name.text) {
        const auto cmd = from_command<RoomMove>(c);
        if (!ship.has_room(static_cast<int>(cmd.room))) return no_inverse(c, room_text(cmd.room) + " does not exist");
        const Room& r = ship.rooms[static_cast<std::size_t>(cmd.room)];
        inv.name = "move " + room_text(cmd.room);
        inv.commands.push_back(to_command(RoomMove{.room = cmd.room, .x = r.x, .y = r.y}, tick));
        inv.changes = {change_text("x", r.x, cmd.x), change_text("y", r.y, cmd.y)};
        return inv;
    }
    if (c.type == RoomHazard::name.text) {
        const auto cmd = from_command<RoomHazard>(c);
        if (!ship.has_room(static_cast<int>(cmd.room))) return no_inverse(c, room_text(cmd.room) + " does not exist");
        const Room& r = ship.rooms[static_cast<std::size_t>(cmd.room)];
        RoomHazard back{.room = cmd.room};
        damage_back(cmd, back, r.hazard_to_equipment, r.hazard_to_event, inv.changes);
        inv.name = "set the hazard of " + room_text(cmd.room);
        inv.commands.push_back(to_command(back, tick));
        return inv;
    }
    if (c.type == CorridorSet::name.text) {
        const auto cmd = from_command<CorridorSet>(c);
        const int found = ship.find_corridor(static_cast<int>(cmd.from), static_cast<int>(cmd.to));
        if (found < 0) return no_inverse(c, "there is no such corridor");
        const Corridor& k = ship.corridors[static_cast<std::size_t>(found)];
        CorridorSet back{.from = cmd.from, .to = cmd.to};
        if (cmd.time) {
            back.time = k.time;
            inv.changes.push_back(change_text("time", static_cast<double>(k.time), static_cast<double>(*cmd.time)));
        }
        damage_back(cmd, back, k.damage_to_equipment, k.damage_to_event, inv.changes);
        inv.name = "change corridor " + std::to_string(cmd.from) + "-" + std::to_string(cmd.to);
        inv.commands.push_back(to_command(back, tick));
        return inv;
    }
    if (c.type == CorridorAdd::name.text) {
        const auto cmd = from_command<CorridorAdd>(c);
        inv.name = "add corridor " + std::to_string(cmd.from) + "-" + std::to_string(cmd.to);
        inv.commands.push_back(to_command(CorridorRemove{.from = cmd.from, .to = cmd.to}, tick));
        inv.changes = {"a corridor " + std::to_string(cmd.from) + "-" + std::to_string(cmd.to) + " appears"};
        return inv;
    }
    if (c.type == CorridorRemove::name.text) {
        const auto cmd = from_command<CorridorRemove>(c);
        const int found = ship.find_corridor(static_cast<int>(cmd.from), static_cast<int>(cmd.to));
        if (found < 0) return no_inverse(c, "there is no such corridor");
        const Corridor& k = ship.corridors[static_cast<std::size_t>(found)];
        inv.name = "remove corridor " + std::to_string(k.from) + "-" + std::to_string(k.to);
        if (found + 1 == static_cast<int>(ship.corridors.size()))
            inv.commands.push_back(to_command(CorridorAdd{.from = k.from,
                                                          .to = k.to,
                                                          .time = k.time,
                                                          .damage_to_equipment = k.damage_to_equipment,
                                                          .damage_to_event = k.damage_to_event,
                                                          .one_way = k.one_way},
                                              tick));
        else   // back at its place: the later ones, moved up by the removal, move down again
            inv.commands.push_back(to_command(CorridorInsert{.from = k.from,
                                                             .to = k.to,
                                                             .index = found,
                                                             .time = k.time,
                                                             .damage_to_equipment = k.damage_to_equipment,
                                                             .damage_to_event = k.damage_to_event,
                                                             .one_way = k.one_way},
                                              tick));
        inv.changes = {"corridor " + std::to_string(k.from) + "-" + std::to_string(k.to) + " (time " +
                       std::to_string(k.time) + ") goes"};
        return inv;
    }
    if (c.type == PlayerMove::name.text) {
        const auto cmd = from_command<PlayerMove>(c);
        return member_move(c, "player", cmd.player, cmd.room, task.players,
                           to_command(PlayerMove{.player = cmd.player}, tick));
    }
    if (c.type == EquipmentMove::name.text) {
        const auto cmd = from_command<EquipmentMove>(c);
        return member_move(c, "equipment", cmd.equipment, cmd.room, task.equipment,
                           to_command(EquipmentMove{.equipment = cmd.equipment}, tick));
    }
    if (c.type == EventMove::name.text) {
        const auto cmd = from_command<EventMove>(c);
        inv.name = "move the event";
        inv.commands.push_back(to_command(EventMove{.room = task.event}, tick));
        inv.changes = {room_text(task.event) + " -> " + room_text(cmd.room)};
        return inv;
    }
    if (c.type == PlayerAdd::name.text || c.type == EquipmentAdd::name.text) {
        const bool player = c.type == PlayerAdd::name.text;
        const auto number = static_cast<std::int64_t>((player ? task.players : task.equipment).size()) + 1;
        inv.name = std::string("add ") + (player ? "player " : "equipment ") + std::to_string(number);
        inv.commands.push_back(player ? to_command(PlayerRemove{.player = number}, tick)
                                      : to_command(EquipmentRemove{.equipment = number}, tick));
        inv.changes = {std::string(player ? "player " : "equipment ") + std::to_string(number) + " in " +
                       room_text(c.integer("room", -1))};
        return inv;
    }
    if (c.type == PlayerRemove::name.text || c.type == EquipmentRemove::name.text) {
        const bool player = c.type == PlayerRemove::name.text;
        const auto& list = player ? task.players : task.equipment;
        const std::int64_t number = c.integer(player ? "player" : "equipment", 0);
        const std::string what = std::string(player ? "player " : "equipment ") + std::to_string(number);
        if (number < 1 || number > static_cast<std::int64_t>(list.size())) return no_inverse(c, "there is no " + what);
        const int room = list[static_cast<std::size_t>(number - 1)];
        inv.name = "remove " + what;
        if (number == static_cast<std::int64_t>(list.size()))
            inv.commands.push_back(player ? to_command(PlayerAdd{.room = room}, tick)
                                          : to_command(EquipmentAdd{.room = room}, tick));
        else   // back at its number: the later ones, renumbered by the removal, move up again
            inv.commands.push_back(player ? to_command(PlayerInsert{.player = number, .room = room}, tick)
                                          : to_command(EquipmentInsert{.equipment = number, .room = room}, tick));
        inv.changes = {what + " leaves " + room_text(room)};
        if (number != static_cast<std::int64_t>(list.size()))
            inv.changes.push_back(std::string(player ? "players " : "equipment ") + std::to_string(number + 1) +
                                  " .. " + std::to_string(list.size()) + " renumbered one down");
        return inv;
    }
    if (c.type == TaskCost::name.text) {
        const auto cmd = from_command<TaskCost>(c);
        if (cmd.k < 1 || cmd.k > static_cast<std::int64_t>(task.tau.size()))
            return no_inverse(c, "it adds a player count to the task (k = " + std::to_string(cmd.k) +
                                     "), which no command takes away");
        const auto i = static_cast<std::size_t>(cmd.k - 1);
        const Cost delta = i < task.delta.size() ? task.delta[i] : 0;
        TaskCost back{.k = cmd.k};
        if (cmd.time) {
            back.time = task.tau[i];
            inv.changes.push_back(
                change_text("time", static_cast<double>(task.tau[i]), static_cast<double>(*cmd.time)));
        }
        if (cmd.damage) {
            back.damage = delta;
            inv.changes.push_back(change_text("damage", static_cast<double>(delta), static_cast<double>(*cmd.damage)));
        }
        inv.name = "set the cost for " + std::to_string(cmd.k) + " player(s)";
        inv.commands.push_back(to_command(back, tick));
        return inv;
    }
    if (c.type == RoomAdd::name.text) {
        inv.name = "add room " + std::to_string(ship.room_count());
        inv.commands.push_back(to_command(RoomUnadd{.room = ship.room_count()}, tick));
        inv.changes = {"room " + std::to_string(ship.room_count()) + " at (" + format_number(c.number("x")) + ", " +
                       format_number(c.number("y")) + ")"};
        return inv;
    }
    return no_inverse(c, "the tasks lab has no undo for " + c.type);
}

}   // namespace pb::tasks
