#include "engine/rgs/cluster.hpp"

#include <algorithm>

namespace pb::rgs {

std::vector<int> cluster_of(const RgsWorld& world, int id) {
    const Rgs* start = world.find(id);
    if (!start || !is_mining(start->state)) return {};
    std::vector<int> members{id}, frontier{id};
    std::vector<bool> seen(world.structures().size(), false);
    seen[id] = true;
    while (!frontier.empty()) {
        const Rgs& r = world.structures()[frontier.back()];
        frontier.pop_back();
        world.for_each_within_reach(r.pos, r.range, r.id, [&](const Neighbour& n) {
            if (seen[n.id]) return;
            seen[n.id] = true;
            members.push_back(n.id);
            frontier.push_back(n.id);
        });
    }
    std::sort(members.begin(), members.end());
    return members;
}

std::vector<std::vector<int>> all_clusters(const RgsWorld& world) {
    std::vector<std::vector<int>> out;
    std::vector<bool> done(world.structures().size(), false);
    for (const Rgs& r : world.structures()) {
        if (r.removed || !is_mining(r.state) || done[r.id]) continue;
        out.push_back(cluster_of(world, r.id));
        for (int m : out.back()) done[m] = true;
    }
    return out;
}

ClusterComparison compare_cluster(const RgsWorld& world, const std::vector<int>& members, double tolerance) {
    ClusterComparison c;
    c.members = members;
    if (members.empty()) return c;
    std::vector<Sphere> spheres;
    bool equal_ranges = true;
    for (int id : members) {
        const Rgs& r = world.structures()[id];
        spheres.push_back({r.pos, r.range});
        c.sphere_volume += rgs::sphere_volume(r.range);
        equal_ranges = equal_ranges && r.range == world.structures()[members[0]].range;
    }
    // With equal ranges "one sphere" is exactly that sphere, and the approximation exactly the
    // sum of efficiencies (no rounding through volumes).
    c.sphere_volume = equal_ranges ? rgs::sphere_volume(world.structures()[members[0]].range)
                                   : c.sphere_volume / static_cast<double>(members.size());
    for (int id : members) {
        const Rgs& r = world.structures()[id];
        c.approximation += equal_ranges ? r.efficiency : r.efficiency * (rgs::sphere_volume(r.range) / c.sphere_volume);
    }
    if (members.size() > kMaxUnionClusterSize) return c;
    c.has_union = true;
    c.union_volume = union_volume(spheres, tolerance);
    c.union_spheres = c.union_volume.volume / c.sphere_volume;
    c.union_error = 0.5 * (c.union_volume.upper - c.union_volume.lower) / c.sphere_volume;
    return c;
}

}   // namespace pb::rgs
