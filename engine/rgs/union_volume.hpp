// The volume of the union of a cluster's spheres: what the designers of Unvanquished's resource
// system (docs/labs/rgs.md#sources) wanted a cluster to
// mine in proportion to, and what the pairwise approximation stands in for. Shown beside the sum
// of approximated efficiencies so a designer sees the approximation's error.
//
// Exact for one sphere, two spheres, and spheres that lie inside others (those are dropped).
// Otherwise a deterministic estimate with a proven bound: the volume is the integral over the
// (x, y) plane of the length of the union of the z-intervals the spheres cut from the vertical
// line through (x, y) — a length computed exactly. Each (x, y) cell gets a lower and an upper
// bound of its integral: always from the smallest and largest intervals any point of the cell
// can see; and where the cell lies inside every disc it touches and the order of all interval
// ends cannot change across it, the length is a constant plus a sum of hemisphere heights,
// hence concave, so it lies between the interpolation of its corner values and its value at the
// centre. Cells with the widest bounds are split until the bound meets the tolerance.
#pragma once
#include <cstddef>
#include <vector>

#include "engine/rgs/types.hpp"

namespace pb::rgs {

struct Sphere {
    Vec3 center{0.0, 0.0, 0.0};
    double radius = 0.0;
};

struct UnionVolume {
    double volume = 0.0;   // exact, or the middle of [lower, upper]
    double lower = 0.0;    // the true volume lies in [lower, upper]
    double upper = 0.0;
    bool exact = false;
    std::size_t spheres_used = 0;   // after dropping spheres inside others
    std::size_t cells = 0;          // (x, y) cells integrated; 0 when exact
    // (upper - lower) / 2 / volume: the stated error bound of `volume`.
    double relative_error_bound() const { return volume > 0.0 ? 0.5 * (upper - lower) / volume : 0.0; }
};

// Default tolerance 0.4%: comfortably under the 0.5% docs/labs/rgs.md#command-line promises. The cell budget bounds
// the work for pathological clusters; relative_error_bound() then says what was reached.
inline constexpr double kUnionTolerance = 0.004;
inline constexpr std::size_t kUnionMaxCells = 200000;

UnionVolume union_volume(const std::vector<Sphere>& spheres, double relative_tolerance = kUnionTolerance,
                         std::size_t max_cells = kUnionMaxCells);

}   // namespace pb::rgs
