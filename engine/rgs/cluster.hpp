// A cluster is a group of mining RGS linked by overlapping spheres. The intent of Unvanquished's
// resource post (docs/labs/rgs.md#sources) is that a
// cluster mines in proportion to the volume of the union of its spheres; the game approximates
// that pair by pair. This puts both side by side so a designer sees the approximation's error
// (exact for pairs, and always penalising clutter beyond that).
#pragma once
#include <cstddef>
#include <vector>

#include "engine/rgs/union_volume.hpp"
#include "engine/rgs/world.hpp"

namespace pb::rgs {

// The ids (ascending) of the mining RGS connected to `id` through overlapping spheres, `id`
// included; empty when `id` is not a mining RGS.
std::vector<int> cluster_of(const RgsWorld& world, int id);

// Every cluster of the map (single RGS included), each ascending, ordered by their first id.
std::vector<std::vector<int>> all_clusters(const RgsWorld& world);

// Larger clusters get no union volume (it would take too long for a live view).
inline constexpr std::size_t kMaxUnionClusterSize = 400;

struct ClusterComparison {
    std::vector<int> members;
    // Volumes are in units of the members' mean sphere volume: "one sphere" when ranges are equal.
    double sphere_volume = 0.0;   // the mean sphere volume, qu^3
    double approximation = 0.0;   // sum of efficiency * own sphere volume / sphere_volume (= sum of efficiencies)
    bool has_union = false;       // false when the cluster is larger than kMaxUnionClusterSize
    UnionVolume union_volume;     // in qu^3
    double union_spheres = 0.0;   // union_volume.volume / sphere_volume
    double union_error = 0.0;     // the stated bound of union_spheres, in the same units
    // approximation / union_spheres - 1: how much the pairwise rule under-pays (negative) the cluster.
    double relative_difference() const { return union_spheres > 0.0 ? approximation / union_spheres - 1.0 : 0.0; }
};

ClusterComparison compare_cluster(const RgsWorld& world, const std::vector<int>& members,
                                  double relative_tolerance = kUnionTolerance);

}   // namespace pb::rgs
