// The Tasks lab's commands, each declared once (engine/core/typed_command.hpp): lab.cpp lists
// them for validation and help, world_commands.cpp dispatches them, the view and the Tools panel
// build them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

#include "engine/core/typed_command.hpp"
#include "engine/tasks/setup.hpp"

namespace pb::tasks {

// Room numbers are checked against the ship in the world; the ranges only bound any ship.
template <class C>
auto room_field(std::int64_t C::*m, const char* name = "room", const char* description = "room number (0 .. rooms-1)") {
    return field(m, name, description).range(0, 100000);
}
template <class C>
auto position_fields(double C::*x, double C::*y) {
    return std::tuple{field(x, "x", "x in layout units").range(-kMaxCoordinate, kMaxCoordinate),
                      field(y, "y", "y in layout units").range(-kMaxCoordinate, kMaxCoordinate)};
}
template <class C>
auto time_field(std::optional<std::int64_t> C::*m) {
    return field(m, "time", "walking time (whole units)").range(0, 1000000);
}
// damage (both legs), damage_to_equipment, damage_to_event: rooms' hazards and corridors.
template <class C>
auto damage_fields() {
    return std::tuple{
        field(&C::damage, "damage", "damage on both legs").range(0, 1000000),
        field(&C::damage_to_equipment, "damage_to_equipment", "damage on the way to the equipment").range(0, 1000000),
        field(&C::damage_to_event, "damage_to_event", "damage on the way to the event").range(0, 1000000)};
}
template <class C>
auto corridor_fields() {
    return std::tuple{room_field(&C::from, "from", "room at one end"),
                      room_field(&C::to, "to", "room at the other end")};
}
template <class C>
auto player_field(std::int64_t C::*m) {
    return field(m, "player", "player number, from 1").range(1, 1000);
}
template <class C>
auto equipment_field(std::int64_t C::*m) {
    return field(m, "equipment", "equipment number, from 1").range(1, 1000);
}

struct RoomMove {
    static constexpr CommandName name{"room.move"};
    static constexpr std::string_view description = "move a room in the picture (costs do not depend on it)";
    std::int64_t room = -1;
    double x = 0.0, y = 0.0;
    static auto fields() {
        return std::tuple_cat(std::tuple{room_field(&RoomMove::room)}, position_fields(&RoomMove::x, &RoomMove::y));
    }
};

struct RoomAdd {
    static constexpr CommandName name{"room.add"};
    static constexpr std::string_view description = "add a room (it gets the next number) at a point";
    double x = 0.0, y = 0.0;
    static auto fields() { return position_fields(&RoomAdd::x, &RoomAdd::y); }
};

struct RoomHazard {
    static constexpr CommandName name{"room.hazard"};
    static constexpr std::string_view description = "set the damage taken entering a room";
    std::int64_t room = -1;
    std::optional<std::int64_t> damage{}, damage_to_equipment{}, damage_to_event{};
    static auto fields() {
        return std::tuple_cat(std::tuple{room_field(&RoomHazard::room)}, damage_fields<RoomHazard>());
    }
};

struct CorridorAdd {
    static constexpr CommandName name{"corridor.add"};
    static constexpr std::string_view description = "join two rooms with a corridor (both ways unless one_way)";
    std::int64_t from = -1, to = -1;
    std::optional<std::int64_t> time{};   // default 1
    std::optional<std::int64_t> damage{}, damage_to_equipment{}, damage_to_event{};
    std::optional<bool> one_way{};   // default false
    static auto fields() {
        return std::tuple_cat(corridor_fields<CorridorAdd>(), std::tuple{time_field(&CorridorAdd::time)},
                              damage_fields<CorridorAdd>(),
                              std::tuple{field(&CorridorAdd::one_way, "one_way", "only from -> to (default false)")});
    }
};

struct CorridorSet {
    static constexpr CommandName name{"corridor.set"};
    static constexpr std::string_view description = "change a corridor's time or damage";
    std::int64_t from = -1, to = -1;
    std::optional<std::int64_t> time{};
    std::optional<std::int64_t> damage{}, damage_to_equipment{}, damage_to_event{};
    static auto fields() {
        return std::tuple_cat(corridor_fields<CorridorSet>(), std::tuple{time_field(&CorridorSet::time)},
                              damage_fields<CorridorSet>());
    }
};

struct CorridorRemove {
    static constexpr CommandName name{"corridor.remove"};
    static constexpr std::string_view description = "remove the corridor between two rooms";
    std::int64_t from = -1, to = -1;
    static auto fields() { return corridor_fields<CorridorRemove>(); }
};

struct PlayerMove {
    static constexpr CommandName name{"player.move"};
    static constexpr std::string_view description = "put a player in another room";
    std::int64_t player = 0;
    std::int64_t room = -1;
    static auto fields() { return std::tuple{player_field(&PlayerMove::player), room_field(&PlayerMove::room)}; }
};

struct PlayerAdd {
    static constexpr CommandName name{"player.add"};
    static constexpr std::string_view description = "add a player in a room";
    std::int64_t room = -1;
    static auto fields() { return std::tuple{room_field(&PlayerAdd::room)}; }
};

struct PlayerRemove {
    static constexpr CommandName name{"player.remove"};
    static constexpr std::string_view description = "remove a player (the later ones are renumbered)";
    std::int64_t player = 0;
    static auto fields() { return std::tuple{player_field(&PlayerRemove::player)}; }
};

struct EquipmentMove {
    static constexpr CommandName name{"equipment.move"};
    static constexpr std::string_view description = "put a piece of equipment in another room";
    std::int64_t equipment = 0;
    std::int64_t room = -1;
    static auto fields() {
        return std::tuple{equipment_field(&EquipmentMove::equipment), room_field(&EquipmentMove::room)};
    }
};

struct EquipmentAdd {
    static constexpr CommandName name{"equipment.add"};
    static constexpr std::string_view description = "add a piece of equipment in a room";
    std::int64_t room = -1;
    static auto fields() { return std::tuple{room_field(&EquipmentAdd::room)}; }
};

struct EquipmentRemove {
    static constexpr CommandName name{"equipment.remove"};
    static constexpr std::string_view description = "remove a piece of equipment (the later ones are renumbered)";
    std::int64_t equipment = 0;
    static auto fields() { return std::tuple{equipment_field(&EquipmentRemove::equipment)}; }
};

struct EventMove {
    static constexpr CommandName name{"event.move"};
    static constexpr std::string_view description = "move the event to another room";
    std::int64_t room = -1;
    static auto fields() { return std::tuple{room_field(&EventMove::room)}; }
};

struct TaskCost {
    static constexpr CommandName name{"task.cost"};
    static constexpr std::string_view description =
        "set tau_k and delta_k: what finishing the task costs each of k players";
    std::int64_t k = 0;
    std::optional<std::int64_t> time{};
    std::optional<std::int64_t> damage{};
    static auto fields() {
        return std::tuple{
            field(&TaskCost::k, "k", "number of players").range(1, 1000), time_field(&TaskCost::time),
            field(&TaskCost::damage, "damage", "damage each player takes at the event").range(0, 1000000)};
    }
};

// Undo's commands (engine/tasks/inverse.cpp).
struct RoomUnadd {
    static constexpr CommandName name{"room.unadd"};
    static constexpr std::string_view description =
        "undo of room.add: takes the newest room away, when no corridor, player, equipment or event is in it";
    std::int64_t room = -1;
    static auto fields() { return std::tuple{room_field(&RoomUnadd::room)}; }
};

struct PlayerInsert {
    static constexpr CommandName name{"player.insert"};
    static constexpr std::string_view description =
        "undo of player.remove: a player back at its number in a room (the later ones move up one)";
    std::int64_t player = 0;
    std::int64_t room = -1;
    static auto fields() { return std::tuple{player_field(&PlayerInsert::player), room_field(&PlayerInsert::room)}; }
};

struct EquipmentInsert {
    static constexpr CommandName name{"equipment.insert"};
    static constexpr std::string_view description =
        "undo of equipment.remove: a piece of equipment back at its number in a room (the later ones move up one)";
    std::int64_t equipment = 0;
    std::int64_t room = -1;
    static auto fields() {
        return std::tuple{equipment_field(&EquipmentInsert::equipment), room_field(&EquipmentInsert::room)};
    }
};

struct CorridorInsert {
    static constexpr CommandName name{"corridor.insert"};
    static constexpr std::string_view description =
        "undo of corridor.remove: a corridor back at its place in the corridor list (the later ones move down one)";
    std::int64_t from = -1, to = -1;
    std::int64_t index = 0;
    std::optional<std::int64_t> time{};   // default 1
    std::optional<std::int64_t> damage{}, damage_to_equipment{}, damage_to_event{};
    std::optional<bool> one_way{};   // default false
    static auto fields() {
        return std::tuple_cat(
            corridor_fields<CorridorInsert>(),
            std::tuple{
                field(&CorridorInsert::index, "index", "its place in the corridor list, from 0").range(0, 1000000),
                time_field(&CorridorInsert::time)},
            damage_fields<CorridorInsert>(),
            std::tuple{field(&CorridorInsert::one_way, "one_way", "only from -> to (default false)")});
    }
};

using TasksCommands = CommandList<RoomMove, RoomAdd, RoomHazard, CorridorAdd, CorridorSet, CorridorRemove, PlayerMove,
                                  PlayerAdd, PlayerRemove, EquipmentMove, EquipmentAdd, EquipmentRemove, EventMove,
                                  TaskCost, RoomUnadd, PlayerInsert, EquipmentInsert, CorridorInsert>;

}   // namespace pb::tasks
