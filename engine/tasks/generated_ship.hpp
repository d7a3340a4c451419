// A larger ship for showing that the solver scales: rooms on a jittered grid, a random spanning
// tree of corridors (so every room is reachable) plus extra loops, corridor times 1..4, and a
// few hazardous rooms and corridors. Deterministic for a seed.
#pragma once
#include <cstdint>

#include "engine/tasks/ship.hpp"

namespace pb::tasks {

struct ShipGeneration {
    int rooms = 300;
    std::uint64_t seed = 1;
    bool operator==(const ShipGeneration&) const = default;
};

Ship generate_ship(const ShipGeneration& spec);

}   // namespace pb::tasks
