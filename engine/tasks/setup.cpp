#include "engine/tasks/setup.hpp"

#include <ostream>

#include "engine/core/toml_text.hpp"
#include "engine/tasks/paper_instance.hpp"

namespace pb::tasks {
namespace {

constexpr std::int64_t kMaxCost = 1000000;

// A whole number >= 0 from an array element, with the element's own line in the message.
bool read_count(const Node& n, Diagnostics& diag, std::int64_t max, std::int64_t& out, const std::string& what) {
    if (n.kind != Node::Kind::Integer || n.integer < 0 || n.integer > max) {
        diag.error(n, "expected " + what + " (a whole number 0 .. " + std::to_string(max) + ")");
        return false;
    }
    out = n.integer;
    return true;
}

bool check_room(const Node& at, std::int64_t room, int rooms, Diagnostics& diag, const std::string& what) {
    if (room >= 0 && room < rooms) return true;
    diag.error(at,
               what + " " + std::to_string(room) + " does not exist (" +
                   (rooms == 0 ? std::string("the ship has no rooms") : "rooms are 0 .. " + std::to_string(rooms - 1)) +
                   ")");
    return false;
}

std::vector<int> read_rooms(TableReader& r, std::string_view key, int rooms, Diagnostics& diag,
                            const std::string& what) {
    std::vector<int> out;
    const Node* list = r.node(key);
    if (!list) {
        diag.error(r.self(), "[task] needs " + std::string(key) + " = [room, ...] (" + what + "s, 1st first)");
        return out;
    }
    if (list->kind != Node::Kind::Array || list->array.empty()) {
        diag.error(*list, "expected a non-empty list of rooms, e.g. [0, 15]");
        return out;
    }
    if (key == "players" && over_limit(*list, list->array.size(), kMaxPlayers, "players (kMaxPlayers)", diag))
        return out;
    if (key == "equipment" &&
        over_limit(*list, list->array.size(), kMaxEquipment, "pieces of equipment (kMaxEquipment)", diag))
        return out;
    for (std::size_t i = 0; i < list->array.size(); ++i) {
        std::int64_t room = 0;
        if (!read_count(list->array[i], diag, kMaxRooms, room, "a room number")) continue;
        if (check_room(list->array[i], room, rooms, diag, what + " " + std::to_string(i + 1) + " is in room"))
            out.push_back(static_cast<int>(room));
    }
    return out;
}

std::vector<Cost> read_costs(TableReader& r, std::string_view key, Diagnostics& diag) {
    std::vector<Cost> out;
    const Node* list = r.node(key);
    if (!list) return out;
    if (list->kind != Node::Kind::Array) {
        diag.error(*list, "expected a list of whole numbers, one per number of players: [k=1, k=2, ...]");
        return out;
    }
    if (over_limit(*list, list->array.size(), kMaxTeamSize, "team sizes (kMaxTeamSize)", diag)) return out;
    for (const Node& n : list->array) {
        std::int64_t v = 0;
        if (read_count(n, diag, kMaxCost, v, "a cost")) out.push_back(v);
    }
    return out;
}

// damage = both legs; damage_to_equipment / damage_to_event override one leg.
void read_damage(TableReader& r, Cost& to_equipment, Cost& to_event) {
    const Cost both = r.integer("damage", 0, 0, kMaxCost);
    to_equipment = r.integer("damage_to_equipment", both, 0, kMaxCost);
    to_event = r.integer("damage_to_event", both, 0, kMaxCost);
}

void read_ship(const Node& node, Ship& ship, Diagnostics& diag) {
    TableReader r(node, diag);
    if (!r.has("rooms")) diag.error(node, "[ship] needs rooms = N (rooms are numbered 0 .. N-1)");
    const auto rooms = static_cast<int>(r.count("rooms", 0, 1, kMaxRooms, "rooms (kMaxRooms)"));
    ship.rooms.assign(static_cast<std::size_t>(rooms), Room{});
    const Cost time = r.integer("corridor_time", 1, 0, kMaxCost);
    if (const Node* list = r.node("corridors")) {
        if (list->kind != Node::Kind::Array)
            diag.error(*list, "expected a list of [from, to] or [from, to, time]");
        else if (over_limit(*list, list->array.size(), kMaxCorridors, "corridors (kMaxCorridors)", diag)) {
        } else
            for (const Node& c : list->array) {
                if (c.kind != Node::Kind::Array || c.array.size() < 2 || c.array.size() > 3) {
                    diag.error(c, "expected [from, to] or [from, to, time] (both ways, no damage)");
                    continue;
                }
                std::int64_t a = 0, b = 0, t = time;
                if (!read_count(c.array[0], diag, kMaxRooms, a, "a room number") ||
                    !read_count(c.array[1], diag, kMaxRooms, b, "a room number"))
                    continue;
                if (c.array.size() == 3 && !read_count(c.array[2], diag, kMaxCost, t, "a time (no negative costs)"))
                    continue;
                if (!check_room(c, a, rooms, diag, "corridor from room") ||
                    !check_room(c, b, rooms, diag, "corridor to room"))
                    continue;
                if (a == b) {
                    diag.error(c, "a corridor must join two different rooms");
                    continue;
                }
                ship.corridors.push_back(Corridor{static_cast<int>(a), static_cast<int>(b), t, 0, 0, false});
            }
    }
    if (const Node* list = r.node("positions")) {
        if (list->kind != Node::Kind::Array || list->array.size() != static_cast<std::size_t>(rooms)) {
            diag.error(*list, "expected one [x, y] per room (" + std::to_string(rooms) +
                                  "), or no positions for the automatic layout");
        } else {
            for (int i = 0; i < rooms; ++i) {
                const Node& p = list->array[i];
                double x = 0.0, y = 0.0;
                if (!read_point(p, diag, "room " + std::to_string(i) + " at", -kMaxCoordinate, kMaxCoordinate,
                                -kMaxCoordinate, kMaxCoordinate, x, y))
                    continue;
                ship.rooms[i].x = x;
                ship.rooms[i].y = y;
            }
        }
    } else {
        auto_layout(ship, kLayoutWidth, kLayoutHeight);
    }
    r.finish();
}

void read_corridor(const Node& entry, Ship& ship, Diagnostics& diag) {
    if (entry.kind != Node::Kind::Table) {
        diag.error(entry, "each [[corridor]] must be a table with from and to");
        return;
    }
    TableReader r(entry, diag);
    if (!r.has("from") || !r.has("to")) diag.error(entry, "each [[corridor]] needs from = ROOM and to = ROOM");
    Corridor c;
    const std::int64_t from = r.integer("from", -1, 0, kMaxRooms), to = r.integer("to", -1, 0, kMaxRooms);
    c.time = r.integer("time", 1, 0, kMaxCost);
    read_damage(r, c.damage_to_equipment, c.damage_to_event);
    c.one_way = r.boolean("one_way", false);
    r.finish();
    if (from < 0 || to < 0) return;
    if (!check_room(*r.node("from"), from, ship.room_count(), diag, "corridor from room") ||
        !check_room(*r.node("to"), to, ship.room_count(), diag, "corridor to room"))
        return;
    if (from == to) {
        diag.error(entry, "a corridor must join two different rooms");
        return;
    }
    c.from = static_cast<int>(from);
    c.to = static_cast<int>(to);
    // A [[corridor]] for a pair the plain list already has replaces it (the way to price one).
    if (const int existing = ship.find_corridor(c.from, c.to); existing >= 0 && !c.one_way)
        ship.corridors[existing] = c;
    else
        ship.corridors.push_back(c);
}

void read_hazard(const Node& entry, Ship& ship, Diagnostics& diag) {
    if (entry.kind != Node::Kind::Table) {
        diag.error(entry, "each [[hazard]] must be a table with room and damage");
        return;
    }
    TableReader r(entry, diag);
    if (!r.has("room")) diag.error(entry, "each [[hazard]] needs room = ROOM");
    const std::int64_t room = r.integer("room", -1, 0, kMaxRooms);
    Cost x = 0, y = 0;
    read_damage(r, x, y);
    r.finish();
    if (room < 0 || !check_room(*r.node("room"), room, ship.room_count(), diag, "hazard room")) return;
    ship.rooms[room].hazard_to_equipment = x;
    ship.rooms[room].hazard_to_event = y;
}

void read_task(const Node& node, const Ship& ship, TaskSpec& task, Diagnostics& diag) {
    TableReader r(node, diag);
    task.players = read_rooms(r, "players", ship.room_count(), diag, "player");
    task.equipment = read_rooms(r, "equipment", ship.room_count(), diag, "equipment");
    if (!r.has("event")) diag.error(node, "[task] needs event = ROOM");
    const std::int64_t event = r.integer("event", -1, 0, kMaxRooms);
    if (event >= 0 && check_room(*r.node("event"), event, ship.room_count(), diag, "event room"))
        task.event = static_cast<int>(event);
    if (!r.has("tau")) diag.error(node, "[task] needs tau = [time with 1 player, with 2, ...]");
    task.tau = read_costs(r, "tau", diag);
    if (r.has("tau") && task.tau.empty()) diag.error(*r.node("tau"), "tau needs at least one time (for k = 1)");
    task.delta = read_costs(r, "delta", diag);
    if (!task.delta.empty() && task.delta.size() != task.tau.size())
        diag.error(*r.node("delta"), "delta lists " + std::to_string(task.delta.size()) + " values, tau " +
                                         std::to_string(task.tau.size()) + ": give one per number of players");
    task.max_players = static_cast<int>(r.count("max_players", 0, 0, kMaxTeamSize, "team sizes (kMaxTeamSize)"));
    if (task.max_players > static_cast<int>(task.tau.size()) && !task.tau.empty())
        diag.error(*r.node("max_players"), "max_players = " + std::to_string(task.max_players) +
                                               " but tau lists only " + std::to_string(task.tau.size()) +
                                               " times (one per number of players)");
    r.finish();
}

void write_damage(std::ostream& out, Cost x, Cost y) {
    if (x == y) {
        if (x != 0) out << "damage = " << x << "\n";
    } else {
        out << "damage_to_equipment = " << x << "\ndamage_to_event = " << y << "\n";
    }
}

void write_list(std::ostream& out, const char* key, const auto& values) {
    out << key << " = [";
    for (std::size_t i = 0; i < values.size(); ++i) out << (i ? ", " : "") << values[i];
    out << "]\n";
}

}   // namespace

std::shared_ptr<const TasksSetup> default_tasks_setup() {
    auto setup = std::make_shared<TasksSetup>();
    setup->ship = toward_the_stars_ship();
    setup->task = toward_the_stars_task();
    return setup;
}

void TasksSetup::write_toml(std::ostream& out) const {
    if (generated) {
        out << "# A generated ship: rooms on a grid, a spanning tree of corridors plus loops, times 1..4,\n"
               "# some hazardous rooms. The same seed gives the same ship.\n"
               "[generate]\nrooms = "
            << generated->rooms << "\nseed = " << generated->seed << "\n\n";
    } else {
        out << "# The ship: rooms 0 .. rooms-1; corridors = [from, to] or [from, to, time] go both ways\n"
               "# with no damage (time corridor_time when not given). positions: one [x, y] per room for the\n"
               "# picture (leave out for an automatic layout).\n"
               "[ship]\nrooms = "
            << ship.room_count() << "\n";
        std::vector<const Corridor*> special;
        out << "corridors = [";
        bool first = true;
        for (const Corridor& c : ship.corridors) {
            if (c.one_way || c.damage_to_equipment != 0 || c.damage_to_event != 0) {
                special.push_back(&c);
                continue;
            }
            out << (first ? "" : ", ") << "[" << c.from << ", " << c.to;
            if (c.time != 1) out << ", " << c.time;
            out << "]";
            first = false;
        }
        out << "]\npositions = [";
        for (std::size_t i = 0; i < ship.rooms.size(); ++i)
            out << (i ? ", " : "") << toml_pair(ship.rooms[i].x, ship.rooms[i].y);
        out << "]\n\n";
        if (!special.empty())
            out << "# Corridors with damage or one way: damage hurts both legs, or damage_to_equipment /\n"
                   "# damage_to_event for the way to the equipment and the way on to the event.\n";
        for (const Corridor* c : special) {
            out << "[[corridor]]\nfrom = " << c->from << "\nto = " << c->to << "\ntime = " << c->time << "\n";
            write_damage(out, c->damage_to_equipment, c->damage_to_event);
            if (c->one_way) out << "one_way = true\n";
            out << "\n";
        }
        bool any_hazard = false;
        for (std::size_t i = 0; i < ship.rooms.size(); ++i) {
            const Room& r = ship.rooms[i];
            if (r.hazard_to_equipment == 0 && r.hazard_to_event == 0) continue;
            if (!any_hazard) out << "# Hazards: damage taken by whoever enters the room (per leg as for corridors).\n";
            any_hazard = true;
            out << "[[hazard]]\nroom = " << i << "\n";
            write_damage(out, r.hazard_to_equipment, r.hazard_to_event);
            out << "\n";
        }
    }
    out << "# The task: rooms of the players and equipment (numbered from 1 in that order), the event's\n"
           "# room, tau / delta = time and damage per player to finish the task with k = 1, 2, ... players.\n"
           "[task]\n";
    write_list(out, "players", task.players);
    write_list(out, "equipment", task.equipment);
    out << "event = " << task.event << "\n";
    write_list(out, "tau", task.tau);
    if (!task.delta.empty()) write_list(out, "delta", task.delta);
    if (task.max_players > 0) out << "max_players = " << task.max_players << "\n";
}

std::shared_ptr<const TasksSetup> read_tasks_setup(const Node& root, TableReader& reader, Diagnostics& diag) {
    auto setup = std::make_shared<TasksSetup>();
    const Node* ship = reader.table("ship");
    const Node* generate = reader.table("generate");
    if (ship && generate) diag.error(*generate, "give either [ship] or [generate], not both");
    if (generate) {
        TableReader g(*generate, diag);
        ShipGeneration spec;
        spec.rooms = static_cast<int>(g.count("rooms", 300, 2, kMaxRooms, "rooms (kMaxRooms)"));
        spec.seed = static_cast<std::uint64_t>(g.integer("seed", 1, 0, std::int64_t{1} << 53));
        g.finish();
        setup->generated = spec;
        setup->ship = generate_ship(spec);
    } else if (ship) {
        read_ship(*ship, setup->ship, diag);
    } else {
        diag.error(root, "a Tasks scenario needs a [ship] section (rooms, corridors) or [generate]");
    }
    if (const Node* list = reader.array("corridor")) {
        if (!over_limit(*list, setup->ship.corridors.size() + list->array.size(), kMaxCorridors,
                        "corridors in all (kMaxCorridors)", diag))
            for (const Node& entry : list->array) read_corridor(entry, setup->ship, diag);
    }
    if (const Node* list = reader.array("hazard"))
        for (const Node& entry : list->array) read_hazard(entry, setup->ship, diag);
    if (const Node* task = reader.table("task"))
        read_task(*task, setup->ship, setup->task, diag);
    else
        diag.error(root, "a Tasks scenario needs a [task] section (players, equipment, event, tau)");
    return setup;
}

}   // namespace pb::tasks
