#include "engine/tasks/assignment.hpp"

#include <algorithm>

namespace pb::tasks {

void OptionTable::reset(int players, int equipment) {
    players_ = players;
    equipment_ = equipment;
    first_.clear();
    options_.clear();
}

void OptionTable::add_pair(std::span<const CostPair> options) {
    begin_pair();
    options_.insert(options_.end(), options.begin(), options.end());
}

int OptionTable::option_within(int player, int equipment, Cost max_time, Cost max_damage) const {
    // Options run in increasing time and decreasing damage: the first one cheap enough in damage
    // is the fastest such one.
    const auto opts = options(player, equipment);
    for (std::size_t i = 0; i < opts.size(); ++i) {
        if (opts[i].time > max_time) return -1;
        if (opts[i].damage <= max_damage) return static_cast<int>(i);
    }
    return -1;
}

// ---------------------------------------------------------------- matching

void TeamAssigner::set_bound(const OptionTable& table, Cost max_time, Cost max_damage) {
    for (int p = 0; p < players_; ++p)
        for (int e = 0; e < equipment_; ++e)
            eligible_[static_cast<std::size_t>(p * equipment_ + e)] = table.option_within(p, e, max_time, max_damage);
}

bool TeamAssigner::augment(int player) {
    for (int e = 0; e < equipment_; ++e) {
        if (used_[e] || eligible_[static_cast<std::size_t>(player * equipment_ + e)] < 0 || seen_[e] == stamp_)
            continue;
        seen_[e] = stamp_;
        if (match_of_equipment_[e] < 0 || augment(match_of_equipment_[e])) {
            match_of_equipment_[e] = player;
            return true;
        }
    }
    return false;
}

bool TeamAssigner::completable(int first_player, int need) {
    if (need <= 0) return true;
    if (players_ - first_player < need) return false;
    ++matchings_;
    std::fill(match_of_equipment_.begin(), match_of_equipment_.end(), -1);
    int size = 0;
    for (int p = first_player; p < players_; ++p) {
        ++stamp_;
        if (augment(p) && ++size >= need) return true;
        if (size + (players_ - p - 1) < need) return false;
    }
    return false;
}

bool TeamAssigner::feasible(const OptionTable& table, Cost max_time, Cost max_damage, int k) {
    set_bound(table, max_time, max_damage);
    return completable(0, k);
}

// ---------------------------------------------------------------- W^k

void TeamAssigner::list_ties(int player, int chosen, const OptionTable& table, const TeamRequest& request,
                             TeamPoint& point, TeamFronts& out) {
    if (point.more_ties) return;
    if (chosen == request.k) {
        if (point.assignment_count == request.max_ties) {
            point.more_ties = true;
            return;
        }
        out.assignment_first.push_back(static_cast<int>(out.picks.size()));
        out.picks.insert(out.picks.end(), stack_.begin(), stack_.end());
        ++point.assignment_count;
        return;
    }
    if (player == players_) return;
    // Same order as the enumeration: this player takes equipment 0, 1, ... before sitting out.
    for (int e = 0; e < equipment_; ++e) {
        const int option = eligible_[static_cast<std::size_t>(player * equipment_ + e)];
        if (used_[e] || option < 0) continue;
        used_[e] = 1;
        if (completable(player + 1, request.k - chosen - 1)) {
            const CostPair c = table.options(player, e)[option];
            stack_.push_back(Pick{player, e, option, c.time, c.damage});
            list_ties(player + 1, chosen + 1, table, request, point, out);
            stack_.pop_back();
        }
        used_[e] = 0;
        if (point.more_ties) return;
    }
    if (completable(player + 1, request.k - chosen)) list_ties(player + 1, chosen, table, request, point, out);
}

void TeamAssigner::solve(const OptionTable& table, const TeamRequest& request, TeamFronts& out) {
    players_ = table.players();
    equipment_ = table.equipment();
    if (request.k < 1 || request.k > std::min(players_, equipment_)) return;
    eligible_.assign(static_cast<std::size_t>(players_ * equipment_), -1);
    match_of_equipment_.assign(static_cast<std::size_t>(equipment_), -1);
    seen_.assign(static_cast<std::size_t>(equipment_), 0);
    used_.assign(static_cast<std::size_t>(equipment_), 0);
    stamp_ = 0;

    // Every bound worth trying is some option's time and some option's damage.
    times_.clear();
    damages_.clear();
    for (const CostPair& c : table.all_options()) {
        if (c.time > request.max_time || c.damage > request.max_damage) continue;
        times_.push_back(c.time);
        damages_.push_back(c.damage);
    }
    std::sort(times_.begin(), times_.end());
    times_.erase(std::unique(times_.begin(), times_.end()), times_.end());
    std::sort(damages_.begin(), damages_.end());
    damages_.erase(std::unique(damages_.begin(), damages_.end()), damages_.end());

    // The least damage reachable within time t never grows with t: sweep t up, push the damage
    // pointer down, and each drop of the pointer is one Pareto point.
    int j = static_cast<int>(damages_.size()) - 1;
    for (std::size_t i = 0; i < times_.size() && j >= 0; ++i) {
        if (!feasible(table, times_[i], damages_[j], request.k)) continue;
        while (j > 0 && feasible(table, times_[i], damages_[j - 1], request.k)) --j;
        TeamPoint point{request.k, times_[i], damages_[j], static_cast<int>(out.assignment_first.size()), 0, false};
        set_bound(table, times_[i], damages_[j]);
        std::fill(used_.begin(), used_.end(), 0);
        stack_.clear();
        list_ties(0, 0, table, request, point, out);
        out.points.push_back(point);
        --j;
    }
}

std::size_t TeamAssigner::memory_bytes() const {
    return (times_.capacity() + damages_.capacity()) * sizeof(Cost) +
           (eligible_.capacity() + match_of_equipment_.capacity() + seen_.capacity()) * sizeof(int) + used_.capacity() +
           stack_.capacity() * sizeof(Pick);
}

// ---------------------------------------------------------------- reference enumeration

namespace {

struct Enumeration {
    const OptionTable& table;
    const TeamRequest& request;
    std::vector<std::vector<std::pair<int, int>>> teams;   // (player, equipment), in search order
    std::vector<std::pair<int, int>> current;
    std::vector<char> used;

    void run(int player) {
        if (static_cast<int>(current.size()) == request.k) {
            teams.push_back(current);
            return;
        }
        if (player == table.players()) return;
        for (int e = 0; e < table.equipment(); ++e) {
            if (used[e]) continue;
            used[e] = 1;
            current.emplace_back(player, e);
            run(player + 1);
            current.pop_back();
            used[e] = 0;
        }
        run(player + 1);
    }

    bool fits(const std::vector<std::pair<int, int>>& team, Cost t, Cost d) const {
        for (const auto& [p, e] : team)
            if (table.option_within(p, e, t, d) < 0) return false;
        return true;
    }
};

}   // namespace

void enumerate_teams(const OptionTable& table, const TeamRequest& request, TeamFronts& out) {
    if (request.k < 1 || request.k > std::min(table.players(), table.equipment())) return;
    Enumeration en{table, request, {}, {}, std::vector<char>(static_cast<std::size_t>(table.equipment()), 0)};
    en.run(0);
    // Each team's own staircase: for every bound on time, the least worst damage it can reach.
    std::vector<CostPair> candidates;
    for (const auto& team : en.teams) {
        std::vector<Cost> times;
        for (const auto& [p, e] : team)
            for (const CostPair& c : table.options(p, e))
                if (c.time <= request.max_time) times.push_back(c.time);
        for (Cost t : times) {
            Cost worst_damage = 0;
            bool ok = true;
            for (const auto& [p, e] : team) {
                Cost best = kNoLimit;
                bool any = false;
                for (const CostPair& c : table.options(p, e))
                    if (c.time <= t) {
                        best = std::min(best, c.damage);
                        any = true;
                    }
                ok = ok && any && best <= request.max_damage;
                worst_damage = std::max(worst_damage, best);
            }
            if (!ok) continue;
            Cost worst_time = 0;   // the time the team really needs with those options
            for (const auto& [p, e] : team) {
                const auto opts = table.options(p, e);
                worst_time = std::max(worst_time, opts[table.option_within(p, e, t, worst_damage)].time);
            }
            candidates.push_back({worst_time, worst_damage});
        }
    }
    std::sort(candidates.begin(), candidates.end(),
              [](CostPair a, CostPair b) { return a.time != b.time ? a.time < b.time : a.damage < b.damage; });
    Cost best_damage = kNoLimit + 1;
    for (const CostPair& c : candidates) {
        if (c.damage >= best_damage) continue;
        best_damage = c.damage;
        TeamPoint point{request.k, c.time, c.damage, static_cast<int>(out.assignment_first.size()), 0, false};
        for (const auto& team : en.teams) {
            if (!en.fits(team, c.time, c.damage)) continue;
            if (point.assignment_count == request.max_ties) {
                point.more_ties = true;
                break;
            }
            out.assignment_first.push_back(static_cast<int>(out.picks.size()));
            for (const auto& [p, e] : team) {
                const int o = table.option_within(p, e, c.time, c.damage);
                const CostPair oc = table.options(p, e)[o];
                out.picks.push_back(Pick{p, e, o, oc.time, oc.damage});
            }
            ++point.assignment_count;
        }
        out.points.push_back(point);
    }
}

}   // namespace pb::tasks
