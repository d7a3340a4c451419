#include "engine/tasks/pareto_search.hpp"

#include <algorithm>

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

void BoaStar::run(const LegGraph& graph, const LegGraph& reversed, int source, int target, SearchLimits limits) {
    heuristics(reversed, target);
    const auto n = static_cast<std::size_t>(graph.node_count());
    settled_.clear();
    open_.clear();
    solutions_.clear();
    generated_ = 0;
    damage_min_.assign(n, kNoLimit + 1);
    if (h_time_[source] >= kNoLimit) return;   // the target cannot be reached at all
    const auto later_open = [](const Open& a, const Open& b) {
        return a.f_time != b.f_time ? a.f_time > b.f_time : a.f_damage > b.f_damage;
    };
    open_.push_back(Open{h_time_[source], h_damage_[source], source, -1});
    Cost& goal_min = damage_min_[target];
    while (!open_.empty()) {
        std::pop_heap(open_.begin(), open_.end(), later_open);
        const Open o = open_.back();
        open_.pop_back();
        const Cost damage = o.f_damage - h_damage_[o.node];
        if (damage >= damage_min_[o.node] || o.f_damage >= goal_min) continue;
        damage_min_[o.node] = damage;
        const int index = static_cast<int>(settled_.size());
        settled_.push_back(SettledLabel{o.f_time - h_time_[o.node], damage, o.node, o.parent, -1});
        if (o.node == target) {
            solutions_.push_back(index);
            continue;
        }
        const Cost time = o.f_time - h_time_[o.node];
        for (const LegArc& a : graph.out(o.node)) {
            const Cost h1 = h_time_[a.to];
            if (h1 >= kNoLimit) continue;
            const Cost d = damage + a.damage, f1 = time + a.time + h1, f2 = d + h_damage_[a.to];
            if (d >= damage_min_[a.to] || f2 >= goal_min || f1 > limits.max_time || f2 > limits.max_damage) continue;
            ++generated_;
            open_.push_back(Open{f1, f2, a.to, index});
            std::push_heap(open_.begin(), open_.end(), later_open);
        }
    }
}

std::vector<ParetoPath> BoaStar::paths() const {
    std::vector<ParetoPath> out;
    for (int s : solutions_) {
        ParetoPath p{settled_[s].time, settled_[s].damage, {}};
        for (int i = s; i >= 0; i = settled_[i].parent) p.route.push_back(settled_[i].node);
        std::reverse(p.route.begin(), p.route.end());
        out.push_back(std::move(p));
    }
    return out;
}

std::size_t BoaStar::memory_bytes() const {
    return (h_time_.capacity() + h_damage_.capacity() + damage_min_.capacity()) * sizeof(Cost) +
           settled_.capacity() * sizeof(SettledLabel) + open_.capacity() * sizeof(Open) +
           solutions_.capacity() * sizeof(int) + dijkstra_heap_.capacity() * sizeof(std::pair<Cost, int>);
}

std::vector<ParetoPath> pareto_paths(const LegGraph& graph, int source, int target, SearchLimits limits) {
    BoaStar search;
    search.run(graph, graph.reversed(), source, target, limits);
    return search.paths();
}

}  // namespace pb::tasks
