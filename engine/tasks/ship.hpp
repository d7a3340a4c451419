// The ship a designer edits: rooms (with a position for the picture and an optional hazard that
// hurts whoever enters), corridors between rooms (both ways unless one-way, with a walking time
// and a damage), and the task: where the players stand, where the equipment lies, where the event
// is, and what finishing it costs k players (tau_k, delta_k).
//
// Damage is split as in the model of the Toward the Stars paper (docs/labs/tasks.md#sources):
// d^x on the way to the equipment, d^y on the way from
// the equipment to the event. A single "damage" sets both.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/tasks/leg_graph.hpp"

namespace pb::tasks {

// Declared limits (docs/scenario-files.md#limits): the solver re-solves on every edit, inside the frame, so
// what it accepts must solve in well under 100 ms on a 2-core machine (measured worst case in
// tests/engine/limits_test.cpp). Checked when a scenario loads (file:line: key) and on every
// edit command (Ship::problem, task_problem).
inline constexpr int kMaxRooms = 500;        // rooms of a ship ([ship] rooms, [generate] rooms, room.add)
inline constexpr int kMaxCorridors = 2000;   // corridors ([ship] corridors + [[corridor]], corridor.add)
inline constexpr int kMaxPlayers = 10;       // players (player.add)
inline constexpr int kMaxEquipment = 10;     // pieces of equipment (equipment.add)
inline constexpr int kMaxTeamSize = 10;      // entries of tau / delta (team sizes k = 1 .. this)

struct Room {
    double x = 0.0, y = 0.0;        // layout units, only for the picture
    Cost hazard_to_equipment = 0;   // damage taken entering this room on the first leg
    Cost hazard_to_event = 0;       // ... on the second leg
    bool operator==(const Room&) const = default;
};

struct Corridor {
    int from = 0, to = 0;
    Cost time = 1;
    Cost damage_to_equipment = 0;
    Cost damage_to_event = 0;
    bool one_way = false;   // only from -> to
    bool operator==(const Corridor&) const = default;
};

enum class Leg { ToEquipment, ToEvent };

struct Ship {
    std::vector<Room> rooms;
    std::vector<Corridor> corridors;

    int room_count() const { return static_cast<int>(rooms.size()); }
    bool has_room(int id) const { return id >= 0 && id < room_count(); }
    // The corridor joining a and b (either direction unless one-way), -1 if none.
    int find_corridor(int a, int b) const;
    // Why the ship cannot be searched (a corridor to a missing room, a negative cost), if so.
    std::optional<std::string> problem() const;
    // The arcs one leg walks: every corridor direction, damage = corridor damage of that leg plus
    // the hazard of the room it enters.
    std::vector<ArcSpec> arcs(Leg leg) const;
    LegGraph leg_graph(Leg leg) const { return LegGraph(room_count(), arcs(leg)); }
    bool operator==(const Ship&) const = default;
};

struct TaskSpec {
    std::vector<int> players;     // rooms where players stand, player 1 first
    std::vector<int> equipment;   // rooms where the equipment lies, tool 1 first
    int event = 0;                // room of the event
    std::vector<Cost> tau;        // tau[k-1]: time k players need at the event
    std::vector<Cost> delta;      // delta[k-1]: damage each of them takes there (empty: 0)
    int max_players = 0;          // K; 0 = as many as tau lists
    bool operator==(const TaskSpec&) const = default;
};

// Why the task does not fit the ship (a player in a missing room, tau empty, ...), if so.
std::optional<std::string> task_problem(const Ship& ship, const TaskSpec& task);

// Places rooms without positions: a deterministic spring layout of the corridor graph, so a
// file that lists only corridors still draws as a readable picture.
void auto_layout(Ship& ship, double width, double height);

}   // namespace pb::tasks
