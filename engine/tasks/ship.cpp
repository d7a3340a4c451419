#include "engine/tasks/ship.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace pb::tasks {

int Ship::find_corridor(int a, int b) const {
    for (std::size_t i = 0; i < corridors.size(); ++i) {
        const Corridor& c = corridors[i];
        if ((c.from == a && c.to == b) || (!c.one_way && c.from == b && c.to == a)) return static_cast<int>(i);
    }
    return -1;
}

std::optional<std::string> Ship::problem() const {
    const std::string rooms_are =
        rooms.empty() ? "the ship has no rooms" : "rooms are 0 .. " + std::to_string(rooms.size() - 1);
    if (rooms.size() > static_cast<std::size_t>(kMaxRooms))
        return "the ship has " + std::to_string(rooms.size()) + " rooms, more than the limit of " +
               std::to_string(kMaxRooms) +
               " rooms (kMaxRooms: each edit solves the task again; the limits keep that under 100 ms, see "
               "docs/scenario-files.md#limits)";
    if (corridors.size() > static_cast<std::size_t>(kMaxCorridors))
        return "the ship has " + std::to_string(corridors.size()) + " corridors, more than the limit of " +
               std::to_string(kMaxCorridors) +
               " corridors (kMaxCorridors: each edit solves the task again; the limits keep that under 100 ms, see "
               "docs/scenario-files.md#limits)";
    for (std::size_t i = 0; i < corridors.size(); ++i) {
        const Corridor& c = corridors[i];
        const std::string which = "corridor " + std::to_string(c.from) + "-" + std::to_string(c.to);
        if (!has_room(c.from) || !has_room(c.to))
            return which + " leads to a room that does not exist (" + rooms_are + ")";
        if (c.from == c.to) return which + " joins a room to itself";
        if (c.time < 0 || c.damage_to_equipment < 0 || c.damage_to_event < 0)
            return which + " has a negative time or damage (costs must be 0 or more)";
    }
    for (std::size_t i = 0; i < rooms.size(); ++i)
        if (rooms[i].hazard_to_equipment < 0 || rooms[i].hazard_to_event < 0)
            return "room " + std::to_string(i) + " has a negative hazard (damage must be 0 or more)";
    return std::nullopt;
}

std::vector<ArcSpec> Ship::arcs(Leg leg) const {
    std::vector<ArcSpec> out;
    out.reserve(corridors.size() * 2);
    const auto damage = [&](const Corridor& c, int entered) {
        const Room& r = rooms[entered];
        return leg == Leg::ToEquipment ? c.damage_to_equipment + r.hazard_to_equipment
                                       : c.damage_to_event + r.hazard_to_event;
    };
    for (const Corridor& c : corridors) {
        out.push_back(ArcSpec{c.from, c.to, c.time, damage(c, c.to)});
        if (!c.one_way) out.push_back(ArcSpec{c.to, c.from, c.time, damage(c, c.from)});
    }
    return out;
}

std::optional<std::string> task_problem(const Ship& ship, const TaskSpec& task) {
    const std::string rooms_are =
        ship.rooms.empty() ? "the ship has no rooms" : "rooms are 0 .. " + std::to_string(ship.room_count() - 1);
    if (task.players.empty()) return "the task has no players";
    if (task.players.size() > static_cast<std::size_t>(kMaxPlayers))
        return "the task has " + std::to_string(task.players.size()) + " players, more than the limit of " +
               std::to_string(kMaxPlayers) +
               " players (kMaxPlayers: each edit solves the task again; the limits keep that under 100 ms, see "
               "docs/scenario-files.md#limits)";
    if (task.equipment.size() > static_cast<std::size_t>(kMaxEquipment))
        return "the task has " + std::to_string(task.equipment.size()) +
               " pieces of equipment, more than the limit of " + std::to_string(kMaxEquipment) +
               " (kMaxEquipment: each edit solves the task again; the limits keep that under 100 ms, see "
               "docs/scenario-files.md#limits)";
    if (task.tau.size() > static_cast<std::size_t>(kMaxTeamSize))
        return "tau lists " + std::to_string(task.tau.size()) + " team sizes, more than the limit of " +
               std::to_string(kMaxTeamSize) +
               " (kMaxTeamSize: each edit solves the task again; the limits keep that under 100 ms, see "
               "docs/scenario-files.md#limits)";
    if (task.equipment.empty()) return "the task has no equipment";
    for (std::size_t i = 0; i < task.players.size(); ++i)
        if (!ship.has_room(task.players[i]))
            return "player " + std::to_string(i + 1) + " stands in room " + std::to_string(task.players[i]) +
                   ", which does not exist (" + rooms_are + ")";
    for (std::size_t i = 0; i < task.equipment.size(); ++i)
        if (!ship.has_room(task.equipment[i]))
            return "equipment " + std::to_string(i + 1) + " lies in room " + std::to_string(task.equipment[i]) +
                   ", which does not exist (" + rooms_are + ")";
    if (!ship.has_room(task.event))
        return "the event is in room " + std::to_string(task.event) + ", which does not exist (" + rooms_are + ")";
    if (task.tau.empty()) return "tau is empty: give the time k players need, for k = 1, 2, ...";
    for (Cost t : task.tau)
        if (t < 0) return "tau has a negative time";
    for (Cost d : task.delta)
        if (d < 0) return "delta has a negative damage";
    if (!task.delta.empty() && task.delta.size() != task.tau.size())
        return "delta lists " + std::to_string(task.delta.size()) + " values but tau lists " +
               std::to_string(task.tau.size()) + ": give one per number of players";
    if (task.max_players < 0) return "max_players must be 1 or more (0: as many as tau lists)";
    if (task.max_players > static_cast<int>(task.tau.size()))
        return "max_players = " + std::to_string(task.max_players) + " but tau lists only " +
               std::to_string(task.tau.size()) + " times";
    return std::nullopt;
}

void auto_layout(Ship& ship, double width, double height) {
    const int n = ship.room_count();
    if (n == 0) return;
    // Fruchterman-Reingold from scattered starting points (a fixed generator, so the same file
    // always gives the same picture), cooling linearly; then scaled into the box. Nothing is
    // clamped while it settles: rooms pinned to a border would bunch up there.
    std::vector<double> x(n), y(n);
    std::uint64_t state = 0x9e3779b97f4a7c15ull;
    const auto next = [&] {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return static_cast<double>(state >> 11) / 9007199254740992.0;
    };
    for (int i = 0; i < n; ++i) {
        x[i] = next() * width;
        y[i] = next() * height;
    }
    const double k = std::sqrt(width * height / n);
    std::vector<double> dx(n), dy(n);
    const int iterations = 600;
    for (int iteration = 0; iteration < iterations; ++iteration) {
        const double temperature = 0.1 * width * (1.0 - static_cast<double>(iteration) / iterations) + 1e-3;
        std::fill(dx.begin(), dx.end(), 0.0);
        std::fill(dy.begin(), dy.end(), 0.0);
        for (int i = 0; i < n; ++i)
            for (int j = i + 1; j < n; ++j) {
                const double ex = x[i] - x[j], ey = y[i] - y[j];
                const double d2 = std::max(ex * ex + ey * ey, 1e-4);
                const double push = k * k / d2;
                dx[i] += ex * push, dy[i] += ey * push;
                dx[j] -= ex * push, dy[j] -= ey * push;
            }
        for (const Corridor& c : ship.corridors) {
            if (!ship.has_room(c.from) || !ship.has_room(c.to)) continue;
            const double ex = x[c.from] - x[c.to], ey = y[c.from] - y[c.to];
            const double pull = std::sqrt(ex * ex + ey * ey) / k;
            dx[c.from] -= ex * pull, dy[c.from] -= ey * pull;
            dx[c.to] += ex * pull, dy[c.to] += ey * pull;
        }
        for (int i = 0; i < n; ++i) {
            const double len = std::sqrt(dx[i] * dx[i] + dy[i] * dy[i]) + 1e-12;
            const double move = std::min(len, temperature);
            x[i] += dx[i] / len * move;
            y[i] += dy[i] / len * move;
        }
    }
    const auto [x_lo, x_hi] = std::minmax_element(x.begin(), x.end());
    const auto [y_lo, y_hi] = std::minmax_element(y.begin(), y.end());
    const double span_x = std::max(*x_hi - *x_lo, 1e-9), span_y = std::max(*y_hi - *y_lo, 1e-9);
    const double scale = std::min(width / span_x, height / span_y);
    const double x0 = *x_lo, y0 = *y_lo;
    for (int i = 0; i < n; ++i) {
        // Tenths of a unit: positions read cleanly when a scenario is saved.
        ship.rooms[i].x = std::round((x[i] - x0) * scale * 10.0) / 10.0;
        ship.rooms[i].y = std::round((y[i] - y0) * scale * 10.0) / 10.0;
    }
}

}   // namespace pb::tasks
