// Bi-objective (time, damage) label-setting searches in the style of BOA* (Hernandez et al.,
// ICAPS 2020): labels leave the open list in lexicographic (time, damage) order, so a label is
// dominated exactly when its damage is not below the smallest damage already settled at its node
// ("g2_min") - an O(1) check instead of comparing against a list. Each settled label is one point
// of its node's Pareto front, with one witness route through its parent chain.
//
// ParetoSearch settles every node reachable from one source (one-to-all: the task solver needs
// the fronts at every equipment room from a player, and from every equipment room to the event).
// BoaStar answers one source-target query with the two single-objective distances to the target
// as heuristics, which is what makes long corridor-to-corridor queries cheap.
// Both objects are workspaces: reuse one across queries and they stop allocating.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

#include "engine/tasks/leg_graph.hpp"

namespace pb::tasks {

struct SettledLabel {
    Cost time = 0;
    Cost damage = 0;
    int node = -1;
    int parent = -1;         // settled label this one extends, -1 at the source
    int next_at_node = -1;   // the node's next front point (increasing time)
};

struct SearchLimits {
    Cost max_time = kNoLimit;   // labels beyond either bound are dropped: they cannot be feasible
    Cost max_damage = kNoLimit;
};

// One Pareto-optimal path: its costs and its rooms from source to target.
struct ParetoPath {
    Cost time = 0;
    Cost damage = 0;
    std::vector<int> route;
    bool operator==(const ParetoPath&) const = default;
};

class ParetoSearch {
public:
    // Settles the Pareto front of every node reachable from `source` within the limits.
    void run(const LegGraph& graph, int source, SearchLimits limits = {});

    // First settled label of `node` (smallest time, largest damage of its front), -1 if none.
    int front_head(int node) const { return head_[node]; }
    const SettledLabel& label(int index) const { return settled_[index]; }
    // Appends the label's rooms to `out`: source first, or (for a search on the reversed graph,
    // whose source is the real destination) the label's node first.
    void append_route(int index, std::vector<int>& out, bool source_first) const;
    std::vector<ParetoPath> front(int node, bool source_first = true) const;

    std::size_t settled_count() const { return settled_.size(); }
    std::size_t memory_bytes() const;

private:
    struct Open {
        Cost time, damage;
        int node, parent;
    };
    std::vector<SettledLabel> settled_;
    std::vector<Open> open_;         // binary heap, lexicographic (time, damage)
    std::vector<Cost> damage_min_;   // g2_min per node
    std::vector<int> head_, tail_;
};

class BoaStar {
public:
    struct Solution {
        Cost time = 0, damage = 0;
        int label = -1;
    };
    // The Pareto front of (time, damage) paths from source to target. `reversed` must be
    // graph.reversed() (kept by the caller so repeated queries do not rebuild it).
    void run(const LegGraph& graph, const LegGraph& reversed, int source, int target, SearchLimits limits = {});

    // Solutions in increasing time (and decreasing damage).
    const std::vector<Solution>& solutions() const { return solutions_; }
    std::vector<ParetoPath> paths() const;
    std::size_t expanded() const { return trail_.size(); }
    // Whether the last run searched with 32-bit labels (see Lane); false if it had nothing to do.
    bool narrow() const { return narrow_; }
    std::size_t memory_bytes() const;

private:
    // The search's working set, for labels whose costs are C: int32 when every f-value the
    // search can meet fits in 32 bits (then a label is 12 bytes, not 16, and the per-node state
    // half as big), int64 otherwise.
    //
    // The heuristics are folded into the arcs: an arc's reduced cost is its cost + h(head) -
    // h(tail), never negative since h is consistent, and a label's f-values grow along an arc by
    // exactly that. "Damage not below the node's g2_min" reads "f_damage not below the smallest
    // f_damage settled at the node". So the search never looks at g or h: per node it reads one
    // number and the node's arcs.
    //
    // Open labels wait in buckets by f_time (integer costs, and f_time never decreases along the
    // search because the heuristic is consistent). When the search reaches a bucket it drops the
    // labels beaten since they were pushed and sorts the rest by f_damage; labels that arrive in
    // that bucket meanwhile (over arcs of reduced time 0, "tight" arcs) go to a small heap beside
    // it. That keeps the lexicographic order BOA* needs at a fraction of the cost of one big
    // heap. Labels past the bucket range wait in an ordinary heap (`far`).
    template <class C>
    struct Lane {
        struct Open {
            C f_damage;
            int node, parent;
        };
        struct FarOpen {
            C f_time, f_damage;
            int node, parent;
        };
        struct Arc {
            int to;
            C time, damage;   // reduced costs
        };
        // A node's arcs are arcs[tight, loose) (reduced time 0) then arcs[loose, next node's
        // tight), each group in the graph's order.
        struct Arcs {
            int tight, loose;
        };
        // A bucket's labels sit in fixed-size blocks chained in push order, recycled through
        // `free_blocks` (no allocation once the workspace has grown). While a bucket has a
        // block, `write` points at room for one more label: a push writes its label there and
        // then moves `write` on only if the label passed the dominance tests, so nothing waits
        // on a branch whose outcome is a coin toss.
        static constexpr int kBlock = 256;
        struct Bucket {
            Open* write = nullptr;
            Open* end = nullptr;   // of the last block
            int head = -1, tail = -1;
            int blocks = 0;
        };
        std::vector<Arcs> node_arcs;   // node_count + 1
        std::vector<Arc> arcs;         // arcs whose head can reach the target
        std::vector<C> f_damage_min;   // per node: the smallest f_damage settled there
        std::vector<Bucket> buckets;   // by f_time - h_time(source)
        std::vector<std::unique_ptr<Open[]>> blocks;
        std::vector<int> next_block, free_blocks;
        std::vector<Open> current;      // the bucket being worked on, sorted by f_damage
        std::vector<Open> scratch;      // for sorting it
        std::vector<Open> arrivals;     // label_heap: labels pushed into the current bucket
        std::vector<FarOpen> far;       // heap on (f_time, f_damage)
        std::size_t bucket_limit = 0;   // buckets below this exist

        // The rare steps of a push, kept out of the search loop so that its own values stay in
        // registers (inlined, they cost the search about a tenth of its time).
        void add_block(Bucket& b);
        bool make_bucket(std::size_t i);   // false: past the bucket range
        void push_far(C f_time, C f_damage, int node, int parent);
        void release(Bucket& b);
        std::size_t memory_bytes() const;
    };
    struct Step {
        int node, parent;
    };
    void heuristics(const LegGraph& reversed, int target);
    template <class C>
    void search(Lane<C>& lane, const LegGraph& graph, int source, int target, SearchLimits limits);

    std::vector<Cost> h_time_, h_damage_;
    Lane<std::int32_t> narrow_lane_;
    Lane<Cost> wide_lane_;
    bool narrow_ = false;
    std::vector<Step> trail_;   // every settled label: its node and parent (the route)
    std::vector<Solution> solutions_;
    std::vector<std::pair<Cost, int>> dijkstra_heap_;
};

// Convenience: BOA* on a fresh workspace.
std::vector<ParetoPath> pareto_paths(const LegGraph& graph, int source, int target, SearchLimits limits = {});

}   // namespace pb::tasks
