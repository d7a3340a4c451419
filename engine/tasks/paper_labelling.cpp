#include "engine/tasks/paper_labelling.hpp"

#include <algorithm>

namespace pb::tasks {
namespace {

struct PathLabel {
    Cost time, damage;
    int node, parent;
    bool in_bin;   // false once a dominating path replaced it (it also leaves the open stack)
};

// Equation (23)-(26): no worse in both, strictly better in one.
bool dominates(const PathLabel& a, Cost time, Cost damage) {
    return a.time <= time && a.damage <= damage && (a.time < time || a.damage < damage);
}

bool visits(const std::vector<PathLabel>& paths, int id, int node) {
    for (int i = id; i >= 0; i = paths[i].parent)
        if (paths[i].node == node) return true;
    return false;
}

}   // namespace

std::vector<ParetoPath> paper_pareto_paths(const LegGraph& graph, int source, int target) {
    std::vector<PathLabel> paths{PathLabel{0, 0, source, -1, true}};
    std::vector<std::vector<int>> bins(static_cast<std::size_t>(graph.node_count()));
    bins[source].push_back(0);
    std::vector<int> open{0};
    const auto dominated_by_bin = [&](int node, Cost time, Cost damage) {
        for (int q : bins[node])
            if (dominates(paths[q], time, damage)) return true;
        return false;
    };
    while (!open.empty()) {
        const int id = open.back();
        open.pop_back();
        if (!paths[id].in_bin) continue;   // "removed from the open paths stack"
        if (dominated_by_bin(target, paths[id].time, paths[id].damage)) continue;
        const int i = paths[id].node;
        for (const LegArc& a : graph.out(i)) {
            if (visits(paths, id, a.to)) continue;
            const Cost time = paths[id].time + a.time, damage = paths[id].damage + a.damage;
            if (dominated_by_bin(a.to, time, damage)) continue;
            std::vector<int>& bin = bins[a.to];
            std::erase_if(bin, [&](int q) {
                const bool gone = time <= paths[q].time && damage <= paths[q].damage &&
                                  (time < paths[q].time || damage < paths[q].damage);
                if (gone) paths[q].in_bin = false;
                return gone;
            });
            const int child = static_cast<int>(paths.size());
            paths.push_back(PathLabel{time, damage, a.to, id, true});
            bin.push_back(child);
            if (a.to != target) open.push_back(child);
        }
    }
    std::vector<int> found = bins[target];
    std::stable_sort(found.begin(), found.end(), [&](int a, int b) {
        return paths[a].time != paths[b].time ? paths[a].time < paths[b].time : paths[a].damage < paths[b].damage;
    });
    std::vector<ParetoPath> out;
    for (int q : found) {
        if (!out.empty() && out.back().time == paths[q].time && out.back().damage == paths[q].damage) continue;
        ParetoPath p{paths[q].time, paths[q].damage, {}};
        for (int i = q; i >= 0; i = paths[i].parent) p.route.push_back(paths[i].node);
        std::reverse(p.route.begin(), p.route.end());
        out.push_back(std::move(p));
    }
    return out;
}

}   // namespace pb::tasks
