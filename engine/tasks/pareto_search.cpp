#include "engine/tasks/pareto_search.hpp"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <type_traits>

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
    using U = std::make_unsigned_t<decltype(O::f_damage)>;
    auto lo = v[0].f_damage, hi = lo;
    for (const O& o : v) lo = std::min(lo, o.f_damage), hi = std::max(hi, o.f_damage);
    const auto key = [lo](const O& o) { return static_cast<U>(static_cast<U>(o.f_damage) - static_cast<U>(lo)); };
    const U range = static_cast<U>(static_cast<U>(hi) - static_cast<U>(lo));
    scratch.resize(v.size());
    for (int shift = 0; shift < static_cast<int>(8 * sizeof(U)) && (range >> shift) != 0; shift += 8) {
        std::size_t count[257] = {};
        for (const O& o : v) ++count[((key(o) >> shift) & 255) + 1];
        for (int i = 0; i < 256; ++i) count[i + 1] += count[i];
        for (const O& o : v) scratch[count[(key(o) >> shift) & 255]++] = o;
        v.swap(scratch);
    }
}

// Beyond this many distinct f_time values the buckets would cost more memory than they save.
constexpr Cost kMaxBuckets = Cost{1} << 20;

// Whether every f-value a search can meet fits in 32 bits (with room for a "none yet" above).
// Pushed labels are simple paths (a label that comes back to a node is no better there than its
// own ancestor, settled before it, so it is never pushed), so g of a label plus the arc it is
// extended over is at most the sum, over the nodes the path leaves, of the node's costliest arc;
// f adds at most the largest h. Only nodes that can reach the target and arcs into them count:
// the search never goes anywhere else. Negative costs (BOA* does not handle them) stay 64-bit.
bool fits_32_bits(const LegGraph& graph, const std::vector<Cost>& h_time, const std::vector<Cost>& h_damage) {
    constexpr Cost kLimit = std::numeric_limits<std::int32_t>::max() - 1;
    Cost sum_time = 0, sum_damage = 0, max_h_time = 0, max_h_damage = 0;
    for (int u = 0; u < graph.node_count(); ++u) {
        if (h_time[u] >= kNoLimit) continue;
        max_h_time = std::max(max_h_time, h_time[u]);
        max_h_damage = std::max(max_h_damage, h_damage[u]);
        Cost out_time = 0, out_damage = 0;
        for (const LegArc& a : graph.out(u)) {
            if (h_time[a.to] >= kNoLimit) continue;
            if (a.time < 0 || a.damage < 0 || a.time > kLimit || a.damage > kLimit) return false;
            out_time = std::max(out_time, a.time);
            out_damage = std::max(out_damage, a.damage);
        }
        sum_time += out_time;   // under node_count * 2^31: no overflow
        sum_damage += out_damage;
    }
    return sum_time + max_h_time <= kLimit && sum_damage + max_h_damage <= kLimit;
}

template <class C>
C clamp_to(Cost v) {
    return static_cast<C>(std::clamp<Cost>(v, std::numeric_limits<C>::min(), std::numeric_limits<C>::max()));
}
}  // namespace

template <class C>
std::size_t BoaStar::Lane<C>::memory_bytes() const {
    std::size_t bytes = first.capacity() * sizeof(int) + arcs.capacity() * sizeof(Arc) +
                        f_damage_min.capacity() * sizeof(C) + buckets.capacity() * sizeof(std::vector<Open>) +
                        (arrivals.capacity() + scratch.capacity()) * sizeof(Open) + far.capacity() * sizeof(FarOpen);
    for (const auto& b : buckets) bytes += b.capacity() * sizeof(Open);
    return bytes;
}

void BoaStar::run(const LegGraph& graph, const LegGraph& reversed, int source, int target, SearchLimits limits) {
    heuristics(reversed, target);
    trail_.clear();
    solutions_.clear();
    narrow_ = false;
    if (h_time_[source] >= kNoLimit) return;   // the target cannot be reached at all
    narrow_ = fits_32_bits(graph, h_time_, h_damage_);
    if (narrow_) search(narrow_lane_, graph, source, target, limits);
    else search(wide_lane_, graph, source, target, limits);
}

template <class C>
void BoaStar::search(Lane<C>& lane, const LegGraph& graph, int source, int target, SearchLimits limits) {
    using Open = typename Lane<C>::Open;
    using FarOpen = typename Lane<C>::FarOpen;
    using Arc = typename Lane<C>::Arc;
    const int n = graph.node_count();
    // Reduced arcs, and the smallest settled f_damage per node. "None yet" is g2_min's
    // kNoLimit + 1 plus the node's h_damage (clamped: a 32-bit search never gets there).
    lane.first.resize(static_cast<std::size_t>(n) + 1);
    lane.arcs.clear();
    lane.f_damage_min.resize(static_cast<std::size_t>(n));
    for (int u = 0; u < n; ++u) {
        lane.first[u] = static_cast<int>(lane.arcs.size());
        lane.f_damage_min[u] = clamp_to<C>(kNoLimit + 1 + h_damage_[u]);
        if (h_time_[u] >= kNoLimit) continue;   // the target cannot be reached from here
        for (const LegArc& a : graph.out(u)) {
            if (h_time_[a.to] >= kNoLimit) continue;
            lane.arcs.push_back(Arc{a.to, static_cast<C>(a.time + h_time_[a.to] - h_time_[u]),
                                    static_cast<C>(a.damage + h_damage_[a.to] - h_damage_[u])});
        }
    }
    lane.first[n] = static_cast<int>(lane.arcs.size());
    std::vector<std::vector<Open>>& buckets = lane.buckets;
    for (std::vector<Open>& b : buckets) b.clear();
    std::vector<Open>& arrivals = lane.arrivals;
    std::vector<FarOpen>& far = lane.far;
    arrivals.clear();
    far.clear();

    const C max_time = clamp_to<C>(limits.max_time), max_damage = clamp_to<C>(limits.max_damage);
    const Cost base_time = h_time_[source];
    std::size_t buckets_used = 0;
    std::size_t current = 0;   // the bucket being worked on, or buckets_used
    bool current_sorted = false;
    const auto later_damage = [](const Open& a, const Open& b) { return a.f_damage > b.f_damage; };
    const auto later_far = [](const FarOpen& a, const FarOpen& b) {
        return a.f_time != b.f_time ? a.f_time > b.f_time : a.f_damage > b.f_damage;
    };
    const auto push = [&](C f_time, C f_damage, int node, int parent) {
        const Cost index = static_cast<Cost>(f_time) - base_time;
        if (index >= kMaxBuckets) {
            far.push_back(FarOpen{f_time, f_damage, node, parent});
            std::push_heap(far.begin(), far.end(), later_far);
            return;
        }
        const auto i = static_cast<std::size_t>(index);
        if (i >= buckets.size()) buckets.resize(std::max(i + 1, buckets.size() * 2));
        buckets_used = std::max(buckets_used, i + 1);
        if (i == current && current_sorted) {
            arrivals.push_back(Open{f_damage, node, parent});
            std::push_heap(arrivals.begin(), arrivals.end(), later_damage);
        } else {
            buckets[i].push_back(Open{f_damage, node, parent});
        }
    };
    push(static_cast<C>(h_time_[source]), static_cast<C>(h_damage_[source]), source, -1);

    C* const f_damage_min = lane.f_damage_min.data();
    const int* const first = lane.first.data();
    const Arc* const arcs = lane.arcs.data();
    const C& goal_min = f_damage_min[target];
    std::size_t cursor = 0;    // next unread label of the current (sorted) bucket
    bool far_search = false;   // past the buckets: from here on every label waits in `far`
    while (true) {
        C f_time = 0;
        Open o{};
        // Move on to the next bucket with labels when the current one is used up.
        while (current < buckets_used && (!current_sorted || (cursor == buckets[current].size() && arrivals.empty()))) {
            if (current_sorted) {
                // Done with this f_time for good: give its memory back (the open list only ever
                // spans a window of f_time values, so the peak stays small).
                std::vector<Open>().swap(buckets[current]);
                ++current;
                current_sorted = false;
                continue;
            }
            std::vector<Open>& bucket = buckets[current];
            if (bucket.empty()) {
                ++current;
                continue;
            }
            sort_by_damage(bucket, lane.scratch);
            current_sorted = true;
            cursor = 0;
        }
        if (current < buckets_used) {
            const std::vector<Open>& bucket = buckets[current];
            if (cursor < bucket.size() && (arrivals.empty() || bucket[cursor].f_damage <= arrivals.front().f_damage)) {
                o = bucket[cursor++];
            } else {
                std::pop_heap(arrivals.begin(), arrivals.end(), later_damage);
                o = arrivals.back();
                arrivals.pop_back();
            }
            f_time = static_cast<C>(base_time + static_cast<Cost>(current));
        } else if (!far.empty()) {
            std::pop_heap(far.begin(), far.end(), later_far);
            const FarOpen& f = far.back();
            f_time = f.f_time;
            o = Open{f.f_damage, f.node, f.parent};
            far.pop_back();
            far_search = true;
        } else {
            break;
        }
        // Every label settled at this node so far has f_time <= o's: o is dominated (or a tie)
        // unless its f_damage is strictly the smallest yet; and o's extensions cannot beat a
        // solution already found unless o does.
        if (o.f_damage >= f_damage_min[o.node] || o.f_damage >= goal_min) continue;
        f_damage_min[o.node] = o.f_damage;
        const int index = static_cast<int>(trail_.size());
        trail_.push_back(Step{o.node, o.parent});
        if (o.node == target) {   // h is 0 at the target: f is the path's cost
            solutions_.push_back(Solution{static_cast<Cost>(f_time), static_cast<Cost>(o.f_damage), index});
            continue;
        }
        for (const Arc *a = arcs + first[o.node], *end = arcs + first[o.node + 1]; a != end; ++a) {
            const C f1 = static_cast<C>(f_time + a->time), f2 = static_cast<C>(o.f_damage + a->damage);
            if (f2 >= f_damage_min[a->to] || f2 >= goal_min || f1 > max_time || f2 > max_damage) continue;
            if (a->time == 0 && !far_search) {   // the same f_time: the bucket being worked on
                arrivals.push_back(Open{f2, a->to, index});
                std::push_heap(arrivals.begin(), arrivals.end(), later_damage);
                continue;
            }
            const Cost bucket = static_cast<Cost>(f1) - base_time;
            if (bucket >= kMaxBuckets) [[unlikely]] {
                far.push_back(FarOpen{f1, f2, a->to, index});
                std::push_heap(far.begin(), far.end(), later_far);
                continue;
            }
            const auto i = static_cast<std::size_t>(bucket);
            if (i >= buckets.size()) [[unlikely]] buckets.resize(std::max(i + 1, buckets.size() * 2));
            buckets_used = std::max(buckets_used, i + 1);
            buckets[i].push_back(Open{f2, a->to, index});
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
    return (h_time_.capacity() + h_damage_.capacity()) * sizeof(Cost) + narrow_lane_.memory_bytes() +
           wide_lane_.memory_bytes() + trail_.capacity() * sizeof(Step) + solutions_.capacity() * sizeof(Solution) +
           dijkstra_heap_.capacity() * sizeof(std::pair<Cost, int>);
}

std::vector<ParetoPath> pareto_paths(const LegGraph& graph, int source, int target, SearchLimits limits) {
    BoaStar search;
    search.run(graph, graph.reversed(), source, target, limits);
    return search.paths();
}

}  // namespace pb::tasks
