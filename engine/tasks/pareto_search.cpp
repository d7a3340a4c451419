#include "engine/tasks/pareto_search.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <utility>

#include "engine/tasks/label_heap.hpp"

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
        if (tail_[o.node] < 0)
            head_[o.node] = index;
        else
            settled_[tail_[o.node]].next_at_node = index;
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

// The order of `far`: a heap on (f_time, f_damage).
template <class F>
bool later_far(const F& a, const F& b) {
    return a.f_time != b.f_time ? a.f_time > b.f_time : a.f_damage > b.f_damage;
}

template <class C>
C clamp_to(Cost v) {
    return static_cast<C>(std::clamp<Cost>(v, std::numeric_limits<C>::min(), std::numeric_limits<C>::max()));
}

// Asks for the cache line at `p` + `bytes` (an address only: nothing is read, so it may lie
// past the end of an array).
template <class T>
void prefetch(const T* p, std::size_t bytes = 0) {
#if defined(__GNUC__)
    __builtin_prefetch(reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(p) + bytes));
#else
    (void)p;
    (void)bytes;
#endif
}

// Turns bucket `b` (`size` labels, in its blocks) into lane.current, sorted by f_damage.
//
// Which of two labels with equal f_damage leaves first decides the witnesses, so the order is
// the one this search has always had: a bucket of fewer than 64 labels is ordered by std::sort,
// a bigger one stably (equal labels in push order). Labels beaten since they were pushed (by a
// label settled at their node, or by a solution) are dropped here rather than popped and thrown
// away; dropping labels from a stably sorted sequence leaves the others' order as it was, so a
// big bucket is filtered as it is gathered and then sorted: LSD radix, a byte at a time (the two
// lowest bytes counted while gathering), or insertion when few labels are left.
template <class Lane, class Bucket, class Keep>
void take_bucket(Lane& lane, const Bucket& b, std::size_t size, const Keep& keep) {
    using O = typename Lane::Open;
    using U = std::make_unsigned_t<decltype(O::f_damage)>;
    constexpr U kSign = U{1} << (8 * sizeof(U) - 1);
    const auto key = [](const O& o) {
        return static_cast<U>(static_cast<U>(o.f_damage) ^ kSign);
    };   // ordered as f_damage
    const auto less = [](const O& x, const O& y) { return x.f_damage < y.f_damage; };
    std::vector<O>& v = lane.current;
    v.resize(size);
    O* out = v.data();
    if (size < 64) {
        for (int k = b.head; k >= 0; k = lane.next_block[k]) {
            const O* const in = lane.blocks[k].get();
            out = std::copy(in, k == b.tail ? b.write : in + Lane::kBlock, out);
        }
        std::sort(v.begin(), v.end(), less);
        std::erase_if(v, [&](const O& o) { return !keep(o); });
        return;
    }
    std::uint32_t count[2][256] = {};
    U lo = ~U{0}, hi = 0;
    for (int k = b.head; k >= 0; k = lane.next_block[k]) {
        const O* in = lane.blocks[k].get();
        for (const O* const end = k == b.tail ? b.write : in + Lane::kBlock; in != end; ++in) {
            const bool kept = keep(*in);
            const U x = key(*in);
            *out = *in;
            out += kept;
            count[0][x & 255] += kept;
            count[1][(x >> 8) & 255] += kept;
            lo = std::min(lo, kept ? x : ~U{0});
            hi = std::max(hi, kept ? x : U{0});
        }
    }
    const auto n = static_cast<std::size_t>(out - v.data());
    v.resize(n);
    if (n < 32) {
        for (std::size_t i = 1; i < n; ++i) {
            const O o = v[i];
            std::size_t j = i;
            for (; j > 0 && less(o, v[j - 1]); --j) v[j] = v[j - 1];
            v[j] = o;
        }
        return;
    }
    // All keys agree above the highest bit where lo and hi differ.
    const int bits = std::bit_width(static_cast<U>(lo ^ hi));
    lane.scratch.resize(n);
    for (int shift = 0; shift < bits; shift += 8) {
        std::uint32_t higher[256];
        std::uint32_t* c = higher;
        if (shift < 16) {
            c = count[shift / 8];
        } else {
            std::fill(higher, higher + 256, 0u);
            for (const O& o : v) ++higher[(key(o) >> shift) & 255];
        }
        if (c[(lo >> shift) & 255] == n) continue;   // one value of this byte: nothing moves
        std::uint32_t sum = 0;
        for (int i = 0; i < 256; ++i) sum += std::exchange(c[i], sum);
        for (const O& o : v) lane.scratch[c[(key(o) >> shift) & 255]++] = o;
        v.swap(lane.scratch);
    }
}
}   // namespace

template <class C>
std::size_t BoaStar::Lane<C>::memory_bytes() const {
    return node_arcs.capacity() * sizeof(Arcs) + arcs.capacity() * sizeof(Arc) + f_damage_min.capacity() * sizeof(C) +
           buckets.capacity() * sizeof(Bucket) + blocks.capacity() * sizeof(std::unique_ptr<Open[]>) +
           blocks.size() * kBlock * sizeof(Open) + (next_block.capacity() + free_blocks.capacity()) * sizeof(int) +
           (current.capacity() + scratch.capacity() + arrivals.capacity()) * sizeof(Open) +
           far.capacity() * sizeof(FarOpen);
}

template <class C>
[[gnu::noinline]] void BoaStar::Lane<C>::add_block(Bucket& b) {
    int k = -1;
    if (!free_blocks.empty()) {
        k = free_blocks.back();
        free_blocks.pop_back();
    } else {
        k = static_cast<int>(blocks.size());
        blocks.push_back(std::unique_ptr<Open[]>(new Open[kBlock]));
        next_block.push_back(-1);
    }
    next_block[k] = -1;
    if (b.tail >= 0)
        next_block[b.tail] = k;
    else
        b.head = k;
    b.tail = k;
    ++b.blocks;
    b.write = blocks[k].get();
    b.end = b.write + kBlock;
}

template <class C>
[[gnu::noinline]] bool BoaStar::Lane<C>::make_bucket(std::size_t i) {
    if (i >= static_cast<std::size_t>(kMaxBuckets)) return false;
    if (i >= buckets.size()) buckets.resize(std::max(i + 1, buckets.size() * 2));
    bucket_limit = std::min(buckets.size(), static_cast<std::size_t>(kMaxBuckets));
    return true;
}

template <class C>
[[gnu::noinline]] void BoaStar::Lane<C>::push_far(C f_time, C f_damage, int node, int parent) {
    far.push_back(FarOpen{f_time, f_damage, node, parent});
    std::push_heap(far.begin(), far.end(), later_far<FarOpen>);
}

template <class C>
void BoaStar::Lane<C>::release(Bucket& b) {
    for (int k = b.head; k >= 0; k = next_block[k]) free_blocks.push_back(k);
    b = Bucket{};
}

void BoaStar::run(const LegGraph& graph, const LegGraph& reversed, int source, int target, SearchLimits limits) {
    heuristics(reversed, target);
    trail_.clear();
    solutions_.clear();
    narrow_ = false;
    if (h_time_[source] >= kNoLimit) return;   // the target cannot be reached at all
    narrow_ = fits_32_bits(graph, h_time_, h_damage_);
    if (narrow_)
        search(narrow_lane_, graph, source, target, limits);
    else
        search(wide_lane_, graph, source, target, limits);
}

template <class C>
void BoaStar::search(Lane<C>& lane, const LegGraph& graph, int source, int target, SearchLimits limits) {
    using Open = typename Lane<C>::Open;
    using FarOpen = typename Lane<C>::FarOpen;
    using Arc = typename Lane<C>::Arc;
    using Bucket = typename Lane<C>::Bucket;
    constexpr int kBlock = Lane<C>::kBlock;
    const int n = graph.node_count();

    // Reduced arcs, tight ones first, and the smallest settled f_damage per node. "None yet" is
    // g2_min's kNoLimit + 1 plus the node's h_damage (clamped: a 32-bit search never gets there).
    lane.node_arcs.resize(static_cast<std::size_t>(n) + 1);
    lane.arcs.clear();
    lane.f_damage_min.resize(static_cast<std::size_t>(n));
    for (int u = 0; u < n; ++u) {
        auto& span = lane.node_arcs[u];
        span.tight = span.loose = static_cast<int>(lane.arcs.size());
        lane.f_damage_min[u] = clamp_to<C>(kNoLimit + 1 + h_damage_[u]);
        if (h_time_[u] >= kNoLimit) continue;   // the target cannot be reached from here
        for (const bool tight : {true, false}) {
            if (!tight) span.loose = static_cast<int>(lane.arcs.size());
            for (const LegArc& a : graph.out(u)) {
                if (h_time_[a.to] >= kNoLimit) continue;
                const Cost time = a.time + h_time_[a.to] - h_time_[u];
                if ((time == 0) != tight) continue;
                lane.arcs.push_back(
                    Arc{a.to, static_cast<C>(time), static_cast<C>(a.damage + h_damage_[a.to] - h_damage_[u])});
            }
        }
    }
    lane.node_arcs[n].tight = lane.node_arcs[n].loose = static_cast<int>(lane.arcs.size());

    std::vector<Bucket>& buckets = lane.buckets;
    for (Bucket& b : buckets) lane.release(b);
    std::vector<Open>& current_labels = lane.current;
    std::vector<Open>& arrivals = lane.arrivals;
    std::vector<FarOpen>& far = lane.far;
    current_labels.clear();
    arrivals.clear();
    far.clear();

    const C max_time = clamp_to<C>(limits.max_time), max_damage = clamp_to<C>(limits.max_damage);
    const Cost base_time = h_time_[source];
    std::size_t buckets_used = 0;
    std::size_t current = 0;   // the bucket being worked on, or buckets_used
    bool current_sorted = false;
    lane.bucket_limit = 0;
    C* const f_damage_min = lane.f_damage_min.data();
    const auto* const node_arcs = lane.node_arcs.data();
    const Arc* const arcs = lane.arcs.data();
    const C& goal_min = f_damage_min[target];
    // An extension is kept only if its f_damage is below goal_min and within the damage limit.
    C damage_bound = std::min<C>(goal_min - 1, max_damage);
    lane.make_bucket(0);
    lane.add_block(buckets[0]);
    *buckets[0].write++ = Open{static_cast<C>(h_damage_[source]), source, -1};
    buckets_used = 1;

    std::size_t cursor = 0;    // next label of current_labels
    bool far_search = false;   // past the buckets: from here on every label waits in `far`
    while (true) {
        C f_time = 0;
        Open o{};
        // Move on to the next bucket with labels when the current one is used up.
        while (current < buckets_used && (!current_sorted || (cursor == current_labels.size() && arrivals.empty()))) {
            if (current_sorted) {
                ++current;
                current_sorted = false;
                continue;
            }
            Bucket& b = buckets[current];
            const std::size_t size = b.blocks == 0 ? 0
                                                   : static_cast<std::size_t>(b.blocks - 1) * kBlock +
                                                         static_cast<std::size_t>(b.write - lane.blocks[b.tail].get());
            if (size == 0) {   // never had a label, or only writes that were not kept
                lane.release(b);
                ++current;
                continue;
            }
            take_bucket(lane, b, size,
                        [&](const Open& l) { return (l.f_damage < f_damage_min[l.node]) & (l.f_damage < goal_min); });
            lane.release(b);
            current_sorted = true;
            cursor = 0;
        }
        if (current < buckets_used) {
            if (cursor < current_labels.size() &&
                (arrivals.empty() || current_labels[cursor].f_damage <= arrivals.front().f_damage)) {
                o = current_labels[cursor++];
                // The labels a few places on will want their nodes' state and arcs: fetch them.
                if (cursor + 4 < current_labels.size()) {
                    const int ahead = current_labels[cursor + 4].node;
                    prefetch(f_damage_min + ahead);
                    prefetch(node_arcs + ahead);
                }
                if (cursor + 2 < current_labels.size()) {
                    const Arc* const ahead = arcs + node_arcs[current_labels[cursor + 2].node].tight;
                    prefetch(ahead);
                    prefetch(ahead, 3 * sizeof(Arc));   // four arcs may straddle two lines
                }
            } else {
                o = label_heap::pop(arrivals);
            }
            f_time = static_cast<C>(base_time + static_cast<Cost>(current));
        } else if (!far.empty()) {
            std::pop_heap(far.begin(), far.end(), later_far<FarOpen>);
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
            damage_bound = std::min<C>(goal_min - 1, max_damage);
            continue;
        }
        if (far_search) [[unlikely]] {
            // Every extension goes to `far`, in the graph's arc order (the heap's ties follow it).
            for (const LegArc& a : graph.out(o.node)) {
                if (h_time_[a.to] >= kNoLimit) continue;
                const auto f1 = static_cast<C>(f_time + (a.time + h_time_[a.to] - h_time_[o.node]));
                const auto f2 = static_cast<C>(o.f_damage + (a.damage + h_damage_[a.to] - h_damage_[o.node]));
                if (f2 >= f_damage_min[a.to] || f2 >= goal_min || f1 > max_time || f2 > max_damage) continue;
                lane.push_far(f1, f2, a.to, index);
            }
            continue;
        }
        const Arc* a = arcs + node_arcs[o.node].tight;
        const Arc* const loose = arcs + node_arcs[o.node].loose;
        const Arc* const end = arcs + node_arcs[o.node + 1].tight;
        // Tight arcs keep f_time: into the bucket being worked on, so into the arrivals heap.
        if (f_time > max_time) a = loose;
        for (; a != loose; ++a) {
            const auto f2 = static_cast<C>(o.f_damage + a->damage);
            if (f2 >= f_damage_min[a->to] || f2 > damage_bound) continue;
            label_heap::push(arrivals, Open{f2, a->to, index});
        }
        // The others go to later buckets (each bucket's labels in push order, as before). In
        // reduced terms: bucket current + reduced time, kept if the reduced time fits in what
        // the time limit leaves.
        const Cost time_room = static_cast<Cost>(max_time) - static_cast<Cost>(f_time);
        for (; a != end; ++a) {
            const auto f2 = static_cast<C>(o.f_damage + a->damage);
            const bool keep = (f2 < f_damage_min[a->to]) & (f2 <= damage_bound) & (a->time <= time_room);
            const std::size_t i = current + static_cast<std::size_t>(a->time);
            if (i >= lane.bucket_limit) [[unlikely]] {
                if (!keep) continue;
                if (!lane.make_bucket(i)) {
                    lane.push_far(static_cast<C>(f_time + a->time), f2, a->to, index);
                    continue;
                }
            }
            Bucket& b = buckets[i];
            if (b.write == b.end) [[unlikely]]
                lane.add_block(b);
            *b.write = Open{f2, a->to, index};
            b.write += keep;
            buckets_used = std::max(buckets_used, keep ? i + 1 : 0);
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

}   // namespace pb::tasks
