#include "engine/tasks/pareto_search.hpp"

#include <algorithm>
#include <cstdint>

namespace pb::tasks {

// ---------------------------------------------------------------- one-to-all

void ParetoSearch::run(const LegGraph& graph, int source, SearchLimits limits) {
    const auto n = static_cast<std::size_t>(graph.node_count());
    settled_.clear();
    open_.clear();
    damage_min_.assign(n, kNoLimit + 1);
    head_.assign(n, -1);
    tail_.assign(n, -1);
    const auto later_open = [](const Open& a, const Open& b) {
        return a.time != b.time ? a.time > b.time : a.damage > b.damage;
    };
    open_.push_back(Open{0, 0, source, -1});
    while (!open_.empty()) {
        std::pop_heap(open_.begin(), open_.end(), later_open);
        const Open o = open_.back();
        open_.pop_back();
        // Every label settled at this node so far has time <= o.time: o is dominated (or a tie)
        // unless its damage is strictly the smallest yet.
        if (o.damage >= damage_min_[o.node]) continue;
        damage_min_[o.node] = o.damage;
        const int index = static_cast<int>(settled_.size());
        settled_.push_back(SettledLabel{o.time, o.damage, o.node, o.parent, -1});
        if (tail_[o.node] < 0) head_[o.node] = index;
        else settled_[tail_[o.node]].next_at_node = index;
        tail_[o.node] = index;
        for (const LegArc& a : graph.out(o.node)) {
            const Cost t = o.time + a.time, d = o.damage + a.damage;
            if (t > limits.max_time || d > limits.max_damage || d >= damage_min_[a.to]) continue;
            open_.push_back(Open{t, d, a.to, index});
            std::push_heap(open_.begin(), open_.end(), later_open);
        }
    }
}

void ParetoSearch::append_route(int index, std::vector<int>& out, bool source_first) const {
    const std::size_t start = out.size();
    for (int i = index; i >= 0; i = settled_[i].parent) out.push_back(settled_[i].node);
    if (source_first) std::reverse(out.begin() + static_cast<std::ptrdiff_t>(start), out.end());
}

std::vector<ParetoPath> ParetoSearch::front(int node, bool source_first) const {
    std::vector<ParetoPath> out;
    for (int i = head_[node]; i >= 0; i = settled_[i].next_at_node) {
        ParetoPath p{settled_[i].time, settled_[i].damage, {}};
        append_route(i, p.route, source_first);
        out.push_back(std::move(p));
    }
    return out;
}

std::size_t ParetoSearch::memory_bytes() const {
    return settled_.capacity() * sizeof(SettledLabel) + open_.capacity() * sizeof(Open) +
           damage_min_.capacity() * sizeof(Cost) + (head_.capacity() + tail_.capacity()) * sizeof(int);
}

// ---------------------------------------------------------------- BOA*

void BoaStar::heuristics(const LegGraph& reversed, int target) {
    // Exact single-objective distances to the target: admissible and consistent, so BOA* may
    // settle labels in f order and still never settle a dominated one.
    const auto n = static_cast<std::size_t>(reversed.node_count());
    for (int objective = 0; objective < 2; ++objective) {
        std::vector<Cost>& h = objective == 0 ? h_time_ : h_damage_;
        h.assign(n, kNoLimit);
        dijkstra_heap_.clear();
        h[target] = 0;
        dijkstra_heap_.emplace_back(0, target);
        const auto later_pair = [](const std::pair<Cost, int>& a, const std::pair<Cost, int>& b) { return a > b; };
        while (!dijkstra_heap_.empty()) {
            std::pop_heap(dijkstra_heap_.begin(), dijkstra_heap_.end(), later_pair);
            const auto [dist, u] = dijkstra_heap_.back();
            dijkstra_heap_.pop_back();
            if (dist != h[u]) continue;
            for (const LegArc& a : reversed.out(u)) {
                const Cost nd = dist + (objective == 0 ? a.time : a.damage);
                if (nd < h[a.to]) {
                    h[a.to] = nd;
                    dijkstra_heap_.emplace_back(nd, a.to);
                    std::push_heap(dijkstra_heap_.begin(), dijkstra_heap_.end(), later_pair);
                }
            }
        }
    }
}

namespace {
// Orders a bucket by f_damage: a stable LSD radix sort, a byte at a time over the bucket's
// damage range (a comparison sort for small buckets). Stable, so ties keep their arrival order.
template <class O>
void sort_by_damage(std::vector<O>& v, std::vector<O>& scratch) {
    if (v.size() < 64) {
        std::sort(v.begin(), v.end(), [](const O& a, const O& b) { return a.f_damage < b.f_damage; });
        return;
    }
    Cost lo = v[0].f_damage, hi = lo;
    for (const O& o : v) lo = std::min(lo, o.f_damage), hi = std::max(hi, o.f_damage);
    const std::uint64_t range = static_cast<std::uint64_t>(hi - lo);
    scratch.resize(v.size());
    for (int shift = 0; shift < 64 && (range >> shift) != 0; shift += 8) {
        std::size_t count[257] = {};
        for (const O& o : v) ++count[((static_cast<std::uint64_t>(o.f_damage - lo) >> shift) & 255) + 1];
        for (int i = 0; i < 256; ++i) count[i + 1] += count[i];
        for (const O& o : v) scratch[count[(static_cast<std::uint64_t>(o.f_damage - lo) >> shift) & 255]++] = o;
        v.swap(scratch);
    }
}
// Beyond this many distinct f_time values the buckets would cost more memory than they save.
constexpr Cost kMaxBuckets = Cost{1} << 20;
}  // namespace

void BoaStar::push(Cost f_time, Cost f_damage, int node, int parent) {
    const Cost index = f_time - base_time_;
    if (index >= kMaxBuckets) {
        far_.push_back(FarOpen{f_time, f_damage, node, parent});
        std::push_heap(far_.begin(), far_.end(), [](const FarOpen& a, const FarOpen& b) {
            return a.f_time != b.f_time ? a.f_time > b.f_time : a.f_damage > b.f_damage;
        });
        return;
    }
    const auto i = static_cast<std::size_t>(index);
    if (i >= buckets_.size()) buckets_.resize(std::max(i + 1, buckets_.size() * 2));
    buckets_used_ = std::max(buckets_used_, i + 1);
    if (i == current_ && current_sorted_) {
        arrivals_.push_back(Open{f_damage, node, parent});
        std::push_heap(arrivals_.begin(), arrivals_.end(), [](const Open& a, const Open& b) { return a.f_damage > b.f_damage; });
    } else {
        buckets_[i].push_back(Open{f_damage, node, parent});
    }
}

void BoaStar::run(const LegGraph& graph, const LegGraph& reversed, int source, int target, SearchLimits limits) {
    heuristics(reversed, target);
    const auto n = static_cast<std::size_t>(graph.node_count());
    for (std::size_t i = 0; i < buckets_used_; ++i) buckets_[i].clear();
    buckets_used_ = 0;
    current_ = 0;
    current_sorted_ = false;
    far_.clear();
    trail_.clear();
    solutions_.clear();
    nodes_.resize(n);
    for (std::size_t i = 0; i < n; ++i) nodes_[i] = NodeState{h_time_[i], h_damage_[i], kNoLimit + 1};
    NodeState* const node = nodes_.data();
    if (h_time_[source] >= kNoLimit) return;   // the target cannot be reached at all
    base_time_ = h_time_[source];
    push(h_time_[source], h_damage_[source], source, -1);
    const Cost& goal_min = node[target].damage_min;
    const auto later_damage = [](const Open& a, const Open& b) { return a.f_damage > b.f_damage; };
    const auto later_far = [](const FarOpen& a, const FarOpen& b) {
        return a.f_time != b.f_time ? a.f_time > b.f_time : a.f_damage > b.f_damage;
    };
    current_ = 0;
    current_sorted_ = false;
    arrivals_.clear();
    std::size_t cursor = 0;   // next unread label of the current (sorted) bucket
    while (true) {
        Cost f_time = 0;
        Open o{};
        // Move on to the next bucket with labels when the current one is used up.
        while (current_ < buckets_used_ && (!current_sorted_ || (cursor == buckets_[current_].size() && arrivals_.empty()))) {
            if (current_sorted_) {
                // Done with this f_time for good: give its memory back (the open list only ever
                // spans a window of f_time values, so the peak stays small).
                std::vector<Open>().swap(buckets_[current_]);
                ++current_;
                current_sorted_ = false;
                continue;
            }
            std::vector<Open>& bucket = buckets_[current_];
            if (bucket.empty()) {
                ++current_;
                continue;
            }
            sort_by_damage(bucket, scratch_);
            current_sorted_ = true;
            cursor = 0;
        }
        if (current_ < buckets_used_) {
            const std::vector<Open>& bucket = buckets_[current_];
            if (cursor < bucket.size() && (arrivals_.empty() || bucket[cursor].f_damage <= arrivals_.front().f_damage)) {
                o = bucket[cursor++];
            } else {
                std::pop_heap(arrivals_.begin(), arrivals_.end(), later_damage);
                o = arrivals_.back();
                arrivals_.pop_back();
            }
            f_time = base_time_ + static_cast<Cost>(current_);
        } else if (!far_.empty()) {
            std::pop_heap(far_.begin(), far_.end(), later_far);
            const FarOpen& f = far_.back();
            f_time = f.f_time;
            o = Open{f.f_damage, f.node, f.parent};
            far_.pop_back();
        } else {
            break;
        }
        NodeState& here = node[o.node];
        const Cost damage = o.f_damage - here.h_damage;
        if (damage >= here.damage_min || o.f_damage >= goal_min) continue;
        here.damage_min = damage;
        const int index = static_cast<int>(trail_.size());
        trail_.push_back(Step{o.node, o.parent});
        const Cost time = f_time - here.h_time;
        if (o.node == target) {
            solutions_.push_back(Solution{time, damage, index});
            continue;
        }
        for (const LegArc& a : graph.out(o.node)) {
            const NodeState& next = node[a.to];
            if (next.h_time >= kNoLimit) continue;
            const Cost d = damage + a.damage, f1 = time + a.time + next.h_time, f2 = d + next.h_damage;
            if (d >= next.damage_min || f2 >= goal_min || f1 > limits.max_time || f2 > limits.max_damage) continue;
            push(f1, f2, a.to, index);
        }
    }
}

std::vector<ParetoPath> BoaStar::paths() const {
    std::vector<ParetoPath> out;
    for (const Solution& s : solutions_) {
        ParetoPath p{s.time, s.damage, {}};
        for (int i = s.label; i >= 0; i = trail_[i].parent) p.route.push_back(trail_[i].node);
        std::reverse(p.route.begin(), p.route.end());
        out.push_back(std::move(p));
    }
    return out;
}

std::size_t BoaStar::memory_bytes() const {
    std::size_t bytes = (h_time_.capacity() + h_damage_.capacity()) * sizeof(Cost) + nodes_.capacity() * sizeof(NodeState) +
                        trail_.capacity() * sizeof(Step) + far_.capacity() * sizeof(FarOpen) +
                        solutions_.capacity() * sizeof(Solution) +
                        dijkstra_heap_.capacity() * sizeof(std::pair<Cost, int>) +
                        buckets_.capacity() * sizeof(std::vector<Open>);
    for (const auto& b : buckets_) bytes += b.capacity() * sizeof(Open);
    bytes += (arrivals_.capacity() + scratch_.capacity()) * sizeof(Open);
    return bytes;
}

std::vector<ParetoPath> pareto_paths(const LegGraph& graph, int source, int target, SearchLimits limits) {
    BoaStar search;
    search.run(graph, graph.reversed(), source, target, limits);
    return search.paths();
}

}  // namespace pb::tasks
