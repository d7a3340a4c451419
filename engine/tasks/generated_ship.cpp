#include "engine/tasks/generated_ship.hpp"

#include <algorithm>
#include <cmath>

#include "engine/core/rng.hpp"

namespace pb::tasks {

Ship generate_ship(const ShipGeneration& spec) {
    Rng rng(spec.seed);
    const int n = std::max(spec.rooms, 1);
    // A ship is longer than wide: about 1.6 columns per row.
    const int columns = std::max(1, static_cast<int>(std::ceil(std::sqrt(n * 1.6))));
    Ship ship;
    ship.rooms.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        ship.rooms[i].x = (i % columns) + rng.uniform(-0.25, 0.25);
        ship.rooms[i].y = (i / columns) + rng.uniform(-0.25, 0.25);
        if (rng.uniform() < 0.08) {
            const Cost h = 1 + static_cast<Cost>(rng.below(3));
            ship.rooms[i].hazard_to_equipment = h;
            ship.rooms[i].hazard_to_event = h;
        }
    }
    const auto neighbours = [&](int i) {
        std::vector<int> out;
        const int c = i % columns;
        if (c + 1 < columns && i + 1 < n) out.push_back(i + 1);
        if (c > 0) out.push_back(i - 1);
        if (i + columns < n) out.push_back(i + columns);
        if (i - columns >= 0) out.push_back(i - columns);
        return out;
    };
    const auto add = [&](int a, int b) {
        Corridor c{std::min(a, b), std::max(a, b), 1 + static_cast<Cost>(rng.below(4)), 0, 0, false};
        if (rng.uniform() < 0.05) c.damage_to_equipment = c.damage_to_event = 1;
        ship.corridors.push_back(c);
    };
    // Randomised depth-first spanning tree: every room reachable, long winding corridors.
    std::vector<char> seen(static_cast<std::size_t>(n), 0);
    std::vector<int> stack{0};
    seen[0] = 1;
    while (!stack.empty()) {
        const int u = stack.back();
        std::vector<int> fresh;
        for (int v : neighbours(u))
            if (!seen[v]) fresh.push_back(v);
        if (fresh.empty()) {
            stack.pop_back();
            continue;
        }
        const int v = fresh[rng.below(fresh.size())];
        seen[v] = 1;
        add(u, v);
        stack.push_back(v);
    }
    // Loops give players real choices between fast and safe ways.
    for (int u = 0; u < n; ++u)
        for (int v : neighbours(u))
            if (v > u && ship.find_corridor(u, v) < 0 && rng.uniform() < 0.3) add(u, v);
    return ship;
}

}   // namespace pb::tasks
