#include "engine/tasks/task_solver.hpp"

#include <algorithm>

#include "engine/tasks/paper_labelling.hpp"

namespace pb::tasks {

std::optional<std::string> compile_task(const Ship& ship, const TaskSpec& task, const TaskLimits& limits,
                                        TaskInstance& out) {
    if (auto why = ship.problem()) return why;
    if (auto why = task_problem(ship, task)) return why;
    out.notes.clear();
    out.to_equipment = ship.leg_graph(Leg::ToEquipment);
    out.to_event = ship.leg_graph(Leg::ToEvent);
    out.to_event_reversed = out.to_event.reversed();
    out.players = task.players;
    out.equipment = task.equipment;
    out.event = task.event;
    out.limits = limits;
    const int asked = task.max_players > 0 ? task.max_players : static_cast<int>(task.tau.size());
    const int possible = static_cast<int>(std::min(task.players.size(), task.equipment.size()));
    out.k_max = std::min(asked, possible);
    if (out.k_max < asked)
        out.notes.push_back("K = " + std::to_string(asked) + " clamped to " + std::to_string(out.k_max) +
                            ": there are " + std::to_string(task.players.size()) + " players and " +
                            std::to_string(task.equipment.size()) + " pieces of equipment");
    out.tau.assign(task.tau.begin(), task.tau.begin() + out.k_max);
    out.delta.assign(static_cast<std::size_t>(out.k_max), 0);
    for (int k = 0; k < out.k_max && k < static_cast<int>(task.delta.size()); ++k) out.delta[k] = task.delta[k];
    return std::nullopt;
}

void TaskSolution::clear() {
    route_nodes.clear();
    options.clear();
    pairs.clear();
    teams.clear();
    efficient.clear();
    players = equipment = k_max = 0;
}

std::vector<int> TaskSolution::full_route(const PairOption& o) const {
    std::vector<int> out;
    for (int r : route(o.to_equipment)) out.push_back(r);
    const auto second = route(o.to_event);
    out.insert(out.end(), second.begin() + (second.empty() ? 0 : 1), second.end());
    return out;
}

std::size_t TaskSolution::memory_bytes() const {
    return route_nodes.capacity() * sizeof(int) + options.capacity() * sizeof(PairOption) +
           pairs.capacity() * sizeof(PairFront) + teams.memory_bytes() + efficient.capacity() * sizeof(int);
}

namespace {

// The loosest bound any team size allows on one player's travel.
SearchLimits travel_limits(const TaskInstance& in) {
    Cost least_tau = kNoLimit, least_delta = kNoLimit;
    for (int k = 1; k <= in.k_max; ++k) {
        least_tau = std::min(least_tau, in.time_for(k));
        least_delta = std::min(least_delta, in.damage_for(k));
    }
    if (in.k_max == 0) least_tau = least_delta = 0;
    return SearchLimits{in.limits.max_time - least_tau, in.limits.max_damage - least_delta};
}

struct Candidate {
    Cost time, damage;
    int first, second;
};

// Pareto-filters leg sums in place: increasing time, strictly decreasing damage, first witness.
template <class C>
void keep_pareto(std::vector<C>& candidates) {
    std::sort(candidates.begin(), candidates.end(), [](const C& a, const C& b) {
        if (a.time != b.time) return a.time < b.time;
        if (a.damage != b.damage) return a.damage < b.damage;
        return a.first != b.first ? a.first < b.first : a.second < b.second;
    });
    std::size_t kept = 0;
    for (const C& c : candidates)
        if (kept == 0 || c.damage < candidates[kept - 1].damage) candidates[kept++] = c;
    candidates.resize(kept);
}

// W^1 .. W^K from the option table, then the efficient set across k.
template <class Assign>
void solve_teams(const TaskInstance& in, const OptionTable& table, TaskSolution& out, Assign&& assign) {
    for (int k = 1; k <= in.k_max; ++k) {
        const std::size_t first_point = out.teams.points.size(), first_pick = out.teams.picks.size();
        TeamRequest request{k, in.limits.max_time - in.time_for(k), in.limits.max_damage - in.damage_for(k),
                            in.limits.max_ties};
        if (request.max_time < 0 || request.max_damage < 0) continue;
        assign(table, request, out.teams);
        for (std::size_t i = first_point; i < out.teams.points.size(); ++i) {
            out.teams.points[i].time += in.time_for(k);
            out.teams.points[i].damage += in.damage_for(k);
        }
        for (std::size_t i = first_pick; i < out.teams.picks.size(); ++i) {
            out.teams.picks[i].time += in.time_for(k);
            out.teams.picks[i].damage += in.damage_for(k);
        }
    }
    const auto& points = out.teams.points;
    for (std::size_t i = 0; i < points.size(); ++i) {
        bool dropped = false;
        for (std::size_t j = 0; j < points.size() && !dropped; ++j)
            dropped =
                points[j].k < points[i].k && points[j].time <= points[i].time && points[j].damage <= points[i].damage;
        if (!dropped) out.efficient.push_back(static_cast<int>(i));
    }
}

void start_solution(const TaskInstance& in, TaskSolution& out) {
    out.clear();
    out.players = static_cast<int>(in.players.size());
    out.equipment = static_cast<int>(in.equipment.size());
    out.k_max = in.k_max;
}

}   // namespace

void TaskSolver::solve(const TaskInstance& in, TaskSolution& out) {
    start_solution(in, out);
    const SearchLimits limits = travel_limits(in);
    const int players = out.players, equipment = out.equipment;
    if (from_player_.size() < static_cast<std::size_t>(players)) from_player_.resize(static_cast<std::size_t>(players));
    for (int p = 0; p < players; ++p) from_player_[p].run(in.to_equipment, in.players[p], limits);
    to_event_.run(in.to_event_reversed, in.event, limits);
    labels_settled_ = to_event_.settled_count();
    for (int p = 0; p < players; ++p) labels_settled_ += from_player_[p].settled_count();

    table_.reset(players, equipment);
    for (int p = 0; p < players; ++p) {
        const ParetoSearch& first_leg = from_player_[p];
        for (int e = 0; e < equipment; ++e) {
            const int room = in.equipment[e];
            candidates_.clear();
            for (int a = first_leg.front_head(room); a >= 0; a = first_leg.label(a).next_at_node)
                for (int b = to_event_.front_head(room); b >= 0; b = to_event_.label(b).next_at_node) {
                    const Cost t = first_leg.label(a).time + to_event_.label(b).time;
                    const Cost d = first_leg.label(a).damage + to_event_.label(b).damage;
                    if (t <= limits.max_time && d <= limits.max_damage) candidates_.push_back({t, d, a, b});
                }
            keep_pareto(candidates_);
            out.pairs.push_back(
                PairFront{p, e, static_cast<int>(out.options.size()), static_cast<int>(candidates_.size())});
            table_.begin_pair();
            for (const Candidate& c : candidates_) {
                PairOption o{c.time, c.damage, {}, {}};
                o.to_equipment.first = static_cast<int>(out.route_nodes.size());
                first_leg.append_route(c.first, out.route_nodes, true);
                o.to_equipment.count = static_cast<int>(out.route_nodes.size()) - o.to_equipment.first;
                o.to_event.first = static_cast<int>(out.route_nodes.size());
                to_event_.append_route(c.second, out.route_nodes, false);
                o.to_event.count = static_cast<int>(out.route_nodes.size()) - o.to_event.first;
                out.options.push_back(o);
                table_.add_option(CostPair{c.time, c.damage});
            }
        }
    }
    table_.finish();
    solve_teams(in, table_, out,
                [this](const OptionTable& t, const TeamRequest& r, TeamFronts& f) { assigner_.solve(t, r, f); });
}

std::size_t TaskSolver::memory_bytes() const {
    std::size_t bytes = to_event_.memory_bytes() + table_.memory_bytes() + assigner_.memory_bytes() +
                        candidates_.capacity() * sizeof(Candidate);
    for (const ParetoSearch& s : from_player_) bytes += s.memory_bytes();
    return bytes;
}

void solve_with_paper_method(const TaskInstance& in, TaskSolution& out) {
    start_solution(in, out);
    const SearchLimits limits = travel_limits(in);
    const int players = out.players, equipment = out.equipment;
    std::vector<std::vector<ParetoPath>> to_event(static_cast<std::size_t>(equipment));
    for (int e = 0; e < equipment; ++e) to_event[e] = paper_pareto_paths(in.to_event, in.equipment[e], in.event);
    OptionTable table;
    table.reset(players, equipment);
    std::vector<Candidate> candidates;
    for (int p = 0; p < players; ++p)
        for (int e = 0; e < equipment; ++e) {
            const auto first_leg = paper_pareto_paths(in.to_equipment, in.players[p], in.equipment[e]);
            const auto& second_leg = to_event[e];
            candidates.clear();
            for (std::size_t a = 0; a < first_leg.size(); ++a)
                for (std::size_t b = 0; b < second_leg.size(); ++b) {
                    const Cost t = first_leg[a].time + second_leg[b].time;
                    const Cost d = first_leg[a].damage + second_leg[b].damage;
                    if (t <= limits.max_time && d <= limits.max_damage)
                        candidates.push_back({t, d, static_cast<int>(a), static_cast<int>(b)});
                }
            keep_pareto(candidates);
            out.pairs.push_back(
                PairFront{p, e, static_cast<int>(out.options.size()), static_cast<int>(candidates.size())});
            table.begin_pair();
            for (const Candidate& c : candidates) {
                PairOption o{c.time, c.damage, {}, {}};
                const auto& r1 = first_leg[c.first].route;
                const auto& r2 = second_leg[c.second].route;
                o.to_equipment = {static_cast<int>(out.route_nodes.size()), static_cast<int>(r1.size())};
                out.route_nodes.insert(out.route_nodes.end(), r1.begin(), r1.end());
                o.to_event = {static_cast<int>(out.route_nodes.size()), static_cast<int>(r2.size())};
                out.route_nodes.insert(out.route_nodes.end(), r2.begin(), r2.end());
                out.options.push_back(o);
                table.add_option(CostPair{c.time, c.damage});
            }
        }
    table.finish();
    solve_teams(in, table, out,
                [](const OptionTable& t, const TeamRequest& r, TeamFronts& f) { enumerate_teams(t, r, f); });
}

}   // namespace pb::tasks
