// Helpers shared by the tasks_*.cpp tests: the instance of the Toward the Stars paper
// (docs/labs/tasks.md#sources) compiled with a chosen D, and
// small random ships for comparing the algorithms against each other.
#pragma once
#include <doctest/doctest.h>

#include <vector>

#include "engine/core/rng.hpp"
#include "engine/tasks/paper_instance.hpp"
#include "engine/tasks/task_solver.hpp"

namespace tasks_testing {

using namespace pb;
using namespace pb::tasks;

inline TaskInstance paper_instance(Cost max_damage, Cost max_time = 100) {
    TaskInstance in;
    auto err = compile_task(toward_the_stars_ship(), toward_the_stars_task(), TaskLimits{max_time, max_damage, 8}, in);
    REQUIRE_MESSAGE(!err, err.value_or(""));
    return in;
}

inline TaskSolution solve(const TaskInstance& in) {
    TaskSolver solver;
    TaskSolution out;
    solver.solve(in, out);
    return out;
}

// The points of W^k, in increasing time.
inline std::vector<TeamPoint> points_of(const TaskSolution& s, int k) {
    std::vector<TeamPoint> out;
    for (const TeamPoint& p : s.teams.points)
        if (p.k == k) out.push_back(p);
    return out;
}

// A random ship: `rooms` rooms, each corridor present with probability `density`, some one-way,
// times 0..max_cost (zero included on purpose: ties and zero-cost cycles) and damages 0..max_cost.
inline Ship random_ship(Rng& rng, int rooms, double density, Cost max_cost) {
    Ship ship;
    ship.rooms.resize(static_cast<std::size_t>(rooms));
    for (int a = 0; a < rooms; ++a)
        for (int b = a + 1; b < rooms; ++b) {
            if (rng.uniform() >= density) continue;
            Corridor c;
            const bool flip = rng.below(2) == 1;
            c.from = flip ? b : a;
            c.to = flip ? a : b;
            c.time = static_cast<Cost>(rng.below(static_cast<std::uint64_t>(max_cost) + 1));
            c.damage_to_equipment = static_cast<Cost>(rng.below(static_cast<std::uint64_t>(max_cost) + 1));
            c.damage_to_event = rng.below(3) == 0
                                    ? static_cast<Cost>(rng.below(static_cast<std::uint64_t>(max_cost) + 1))
                                    : c.damage_to_equipment;
            c.one_way = rng.below(4) == 0;
            ship.corridors.push_back(c);
        }
    return ship;
}

}   // namespace tasks_testing
