// The whole task, solved as the Toward the Stars paper ("the paper", docs/labs/tasks.md#sources)
// decomposes it in its section 4: Pareto paths for each leg, the
// combined options of every player-equipment pair (p -> e -> event, within T and D), then W^k
// for every team size k = 1..K and the efficient set across k (a solution is dropped when one
// with no more players is at least as good in both time and damage - the paper's Table 3 remark).
//
// TaskSolver is the fast method: one one-to-all search from each player, one from the event over
// the reversed ship, and the matching-based team search. solve_with_paper_method runs the paper's
// own algorithms (Algorithm 1 per leg, enumeration of teams) for tests and the benchmark.
#pragma once
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/tasks/assignment.hpp"
#include "engine/tasks/leg_graph.hpp"
#include "engine/tasks/pareto_search.hpp"
#include "engine/tasks/ship.hpp"

namespace pb::tasks {

struct TaskLimits {
    Cost max_time = 100;   // T: the team's time, tau included
    Cost max_damage = 2;   // D: each player's damage, delta included
    int max_ties = 8;      // tied teams listed per Pareto point
};

// A ship and task compiled for solving.
struct TaskInstance {
    LegGraph to_equipment;        // d^x
    LegGraph to_event;            // d^y
    LegGraph to_event_reversed;   // searched from the event backwards
    std::vector<int> players, equipment;
    int event = 0;
    std::vector<Cost> tau, delta;   // K entries each
    int k_max = 0;                  // K after clamping to the players and equipment there are
    TaskLimits limits;
    std::vector<std::string> notes;   // what was adjusted (K clamped), for the designer

    Cost time_for(int k) const { return tau[static_cast<std::size_t>(k - 1)]; }
    Cost damage_for(int k) const { return delta[static_cast<std::size_t>(k - 1)]; }
};

// Why the ship or task cannot be solved, or nullopt with `out` ready.
std::optional<std::string> compile_task(const Ship& ship, const TaskSpec& task, const TaskLimits& limits,
                                        TaskInstance& out);

struct RouteSpan {
    int first = 0, count = 0;   // into TaskSolution::route_nodes
};

// One combined option of a pair: travel only (tau and delta come with the team size).
struct PairOption {
    Cost time = 0, damage = 0;
    RouteSpan to_equipment, to_event;   // rooms p .. e and e .. event
};

struct PairFront {
    int player = 0, equipment = 0;   // 0-based
    int first_option = 0, option_count = 0;
};

struct TaskSolution {
    std::vector<int> route_nodes;
    std::vector<PairOption> options;
    std::vector<PairFront> pairs;   // player-major: pair(p, e) = pairs[p * equipment + e]
    int players = 0, equipment = 0, k_max = 0;
    // W^1 .. W^K in order of k; point and pick costs include tau_k and delta_k.
    TeamFronts teams;
    std::vector<int> efficient;   // indices into teams.points

    void clear();
    const PairFront& pair(int player, int equipment_index) const {
        return pairs[static_cast<std::size_t>(player * equipment + equipment_index)];
    }
    std::span<const PairOption> pair_options(int player, int equipment_index) const {
        const PairFront& f = pair(player, equipment_index);
        return {options.data() + f.first_option, static_cast<std::size_t>(f.option_count)};
    }
    std::span<const int> route(RouteSpan r) const {
        return {route_nodes.data() + r.first, static_cast<std::size_t>(r.count)};
    }
    // The whole walk of an option: p .. e .. event, the equipment room once.
    std::vector<int> full_route(const PairOption& o) const;
    std::span<const Pick> assignment(const TeamPoint& point, int i) const {
        return teams.assignment(point.first_assignment + i, point.k);
    }
    std::size_t memory_bytes() const;
};

class TaskSolver {
public:
    void solve(const TaskInstance& instance, TaskSolution& out);
    // Bytes held by the solver's workspaces (the solution's own are TaskSolution::memory_bytes).
    std::size_t memory_bytes() const;
    // The work of the last solve, a machine-independent measure (tests bound it; the benchmark
    // times it): labels settled by the one-to-all searches (one from each player, one from the
    // event).
    std::size_t labels_settled() const { return labels_settled_; }

private:
    std::size_t labels_settled_ = 0;
    std::vector<ParetoSearch> from_player_;
    ParetoSearch to_event_;
    OptionTable table_;
    TeamAssigner assigner_;
    struct Candidate {
        Cost time, damage;
        int first, second;
    };
    std::vector<Candidate> candidates_;
};

// The paper's pipeline on the same instance and into the same shape.
void solve_with_paper_method(const TaskInstance& instance, TaskSolution& out);

}   // namespace pb::tasks
