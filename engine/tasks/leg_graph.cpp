#include "engine/tasks/leg_graph.hpp"

namespace pb::tasks {

LegGraph::LegGraph(int node_count, std::span<const ArcSpec> arcs) {
    first_.assign(static_cast<std::size_t>(node_count) + 1, 0);
    for (const ArcSpec& a : arcs) ++first_[static_cast<std::size_t>(a.from) + 1];
    for (int i = 0; i < node_count; ++i) first_[i + 1] += first_[i];
    arcs_.resize(arcs.size());
    std::vector<int> fill(first_.begin(), first_.end() - 1);
    for (const ArcSpec& a : arcs) arcs_[fill[a.from]++] = LegArc{a.to, a.time, a.damage};
}

LegGraph LegGraph::reversed() const {
    std::vector<ArcSpec> flipped;
    flipped.reserve(arcs_.size());
    for (int u = 0; u < node_count(); ++u)
        for (const LegArc& a : out(u)) flipped.push_back(ArcSpec{a.to, u, a.time, a.damage});
    return LegGraph(node_count(), flipped);
}

}   // namespace pb::tasks
