// Choosing a team: k players each take a different piece of equipment and one of their Pareto
// options for it; the team's costs are the worst time and the worst damage of its members
// (min-max, min-max). W^k is the Pareto set of those (worst time, worst damage) pairs.
//
// TeamAssigner finds W^k exactly without enumerating teams: a bound (t, d) on the worst costs
// only deletes pair options, so "can k players finish within (t, d)?" is one bipartite matching
// question. Sweeping t upwards while a damage pointer only moves down visits each candidate
// value once. Tied teams of each point are then listed by a depth-first search that only enters
// branches a matching proves completable, so it never wanders into dead ends.
// enumerate_teams is the plain enumeration the tests and the benchmark compare against.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "engine/tasks/leg_graph.hpp"

namespace pb::tasks {

struct CostPair {
    Cost time = 0;
    Cost damage = 0;
    bool operator==(const CostPair&) const = default;
};

// Each player-equipment pair's options, a Pareto front in increasing time (decreasing damage).
class OptionTable {
public:
    void reset(int players, int equipment);
    // Pairs are appended in player-major order: (0,0), (0,1), ..., (1,0), ...
    void add_pair(std::span<const CostPair> options);
    void begin_pair() { first_.push_back(static_cast<int>(options_.size())); }
    void add_option(CostPair c) { options_.push_back(c); }
    void end_pair() {}
    void finish() { first_.push_back(static_cast<int>(options_.size())); }

    int players() const { return players_; }
    int equipment() const { return equipment_; }
    std::span<const CostPair> options(int player, int equipment) const {
        const int pair = player * equipment_ + equipment;
        return {options_.data() + first_[pair], options_.data() + first_[pair + 1]};
    }
    const std::vector<CostPair>& all_options() const { return options_; }
    // The first option (least time) within the bound, -1 when none.
    int option_within(int player, int equipment, Cost max_time, Cost max_damage) const;
    std::size_t memory_bytes() const {
        return first_.capacity() * sizeof(int) + options_.capacity() * sizeof(CostPair);
    }

private:
    int players_ = 0, equipment_ = 0;
    std::vector<int> first_;
    std::vector<CostPair> options_;
};

struct Pick {
    int player = 0, equipment = 0, option = 0;   // option: index within the pair's options
    Cost time = 0, damage = 0;                   // that option's costs
    bool operator==(const Pick&) const = default;
};

struct TeamPoint {
    int k = 0;
    Cost time = 0, damage = 0;   // worst over the team
    int first_assignment = 0, assignment_count = 0;
    bool more_ties = false;   // further tied teams exist beyond those listed
};

// W^k for any number of k, flat so that a solve reuses its memory: assignment i of a point with
// k players is picks[assignment_first[i] .. + k].
struct TeamFronts {
    std::vector<TeamPoint> points;
    std::vector<int> assignment_first;
    std::vector<Pick> picks;

    void clear() {
        points.clear();
        assignment_first.clear();
        picks.clear();
    }
    std::span<const Pick> assignment(int index, int k) const {
        return {picks.data() + assignment_first[index], static_cast<std::size_t>(k)};
    }
    std::size_t memory_bytes() const {
        return points.capacity() * sizeof(TeamPoint) + assignment_first.capacity() * sizeof(int) +
               picks.capacity() * sizeof(Pick);
    }
};

struct TeamRequest {
    int k = 1;
    Cost max_time = kNoLimit;   // bound on every member's option (the T and D of the task)
    Cost max_damage = kNoLimit;
    int max_ties = 8;   // tied teams listed per point
};

class TeamAssigner {
public:
    // Appends W^k (points in increasing time) to `out`.
    void solve(const OptionTable& table, const TeamRequest& request, TeamFronts& out);
    std::size_t matchings() const { return matchings_; }   // feasibility questions asked (for tests)
    std::size_t memory_bytes() const;

private:
    void set_bound(const OptionTable& table, Cost max_time, Cost max_damage);
    bool feasible(const OptionTable& table, Cost max_time, Cost max_damage, int k);
    // Can `need` of the players from `first_player` on take distinct unused equipment?
    bool completable(int first_player, int need);
    bool augment(int player);
    void list_ties(int player, int chosen, const OptionTable& table, const TeamRequest& request, TeamPoint& point,
                   TeamFronts& out);

    std::vector<Cost> times_, damages_;
    std::vector<int> eligible_;   // players x equipment: option index or -1
    std::vector<int> match_of_equipment_, seen_;
    std::vector<char> used_;
    std::vector<Pick> stack_;
    int players_ = 0, equipment_ = 0, stamp_ = 0;
    std::size_t matchings_ = 0;
};

// Reference: every one-to-one team of k players, each judged by its own staircase of (worst
// time, worst damage). Exponential; for tests and the benchmark's comparison.
void enumerate_teams(const OptionTable& table, const TeamRequest& request, TeamFronts& out);

}   // namespace pb::tasks
