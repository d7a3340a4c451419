// The ship as one leg's search sees it: a directed graph in compressed rows, each arc with a time
// and the damage of that leg (the leg to the equipment and the leg to the event may price the
// same corridor differently). Costs are whole numbers so that every algorithm compares fronts
// exactly: two sums of the same path never differ in the last bit.
#pragma once
#include <cstdint>
#include <limits>
#include <span>
#include <vector>

namespace pb::tasks {

using Cost = std::int64_t;
inline constexpr Cost kNoLimit = std::numeric_limits<Cost>::max() / 4;

struct LegArc {
    int to = 0;
    Cost time = 0;
    Cost damage = 0;
};

struct ArcSpec {
    int from = 0;
    int to = 0;
    Cost time = 0;
    Cost damage = 0;
};

class LegGraph {
public:
    LegGraph() = default;
    // Arcs keep their order within each source node (determinism of witnesses).
    LegGraph(int node_count, std::span<const ArcSpec> arcs);

    int node_count() const { return static_cast<int>(first_.empty() ? 0 : first_.size() - 1); }
    std::size_t arc_count() const { return arcs_.size(); }
    std::span<const LegArc> out(int node) const {
        return {arcs_.data() + first_[node], arcs_.data() + first_[node + 1]};
    }
    // The same arcs pointing the other way (searches rooted at a destination).
    LegGraph reversed() const;
    std::size_t memory_bytes() const { return first_.capacity() * sizeof(int) + arcs_.capacity() * sizeof(LegArc); }

private:
    std::vector<int> first_;   // node_count + 1 offsets into arcs_
    std::vector<LegArc> arcs_;
};

}   // namespace pb::tasks
