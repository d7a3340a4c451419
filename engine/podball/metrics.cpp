// Counting the match metrics, one running tick at a time (metrics.hpp). Only RUNNING time counts,
// as for the match clock: kick-off, after-goal and suspended phases are pauses.
#include "engine/podball/metrics.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "engine/podball/world.hpp"

namespace pb::podball {

std::string_view conduct_key(ConductKind k) { return k == ConductKind::Camping ? "camping" : "ball_hoarding"; }

std::string_view conduct_label(ConductKind k) {
    return k == ConductKind::Camping ? "camping (attack ratio near 0)" : "keeping the ball in its own goal area";
}

std::string_view event_key(EventKind k) {
    switch (k) {
        case EventKind::Goal: return "goal";
        case EventKind::Shot: return "shot";
        case EventKind::ShotOnGoal: return "shot_on_goal";
        case EventKind::PeriodEnd: return "period_end";
    }
    return "?";
}

void MatchMetrics::hash(StateHasher& h) const {
    for (const TeamCounters& t : team) {
        h.add(t.possession_ticks);
        h.add(t.coverage_sum);
        h.add(t.upfield_pod_ticks);
        h.add(t.own_half_pod_ticks);
        h.add(t.shots);
        h.add(t.shots_on_goal);
        h.add(t.own_goals);
        h.add(t.ball_in_own_area_ticks);
        h.add(t.window_upfield);
        h.add(t.window_own_half);
        h.add(t.open_camping_flag);
        h.add(t.hoard_run);
        h.add(t.hoard_since);
        h.add(t.open_hoarding_flag);
    }
    h.add(window_ticks);
    h.add(window_start_tick);
    h.add(static_cast<std::int64_t>(flags.size()));
    for (const ConductFlag& f : flags) {
        h.add(f.team);
        h.add(static_cast<int>(f.kind));
        h.add(f.from_tick);
        h.add(f.to_tick);
    }
    h.add(static_cast<std::int64_t>(events.size()));
    h.add_u64(events_chain);
}

void MatchMetrics::add_event(const MatchEvent& e) {
    StateHasher h;
    h.add_u64(events_chain);
    h.add(e.tick);
    h.add(static_cast<int>(e.kind));
    h.add(e.team);
    events_chain = h.value();
    events.push_back(e);
}

TeamFigures team_figures(const MatchMetrics& m, int team, std::int64_t running_ticks) {
    const TeamCounters& t = m.team[team];
    TeamFigures f;
    if (running_ticks > 0) {
        const double n = static_cast<double>(running_ticks);
        f.possession_pct = 100.0 * static_cast<double>(t.possession_ticks) / n;
        f.coverage_pct = 100.0 * t.coverage_sum / n;
    }
    if (t.own_half_pod_ticks > 0)
        f.attack_ratio = static_cast<double>(t.upfield_pod_ticks) / static_cast<double>(t.own_half_pod_ticks);
    else
        f.attack_ratio = t.upfield_pod_ticks > 0 ? std::numeric_limits<double>::infinity() : 0.0;
    f.shots = t.shots;
    f.shots_on_goal = t.shots_on_goal;
    return f;
}

bool shot_reaches_goal(const PodballConfig& c, int team, Vec2 pos, Vec2 vel) {
    // In the frame of the shooting team (attacking +x) the line is x = width/2.
    const double side = team == 0 ? 1.0 : -1.0;
    const double x = side * pos.x, y = side * pos.y, vx = side * vel.x, vy = side * vel.y;
    const double line = c.arena_width / 2.0;
    if (vx <= 0.0 || x >= line) return false;
    const double lambda = c.ball_friction / c.ball_mass;
    const double gap = line - x;
    if (lambda * gap >= vx) return false;   // friction stops it first: s_max = |v| / lambda
    return std::abs(y + vy * gap / vx) < c.goal_width / 2.0;
}

void PodballWorld::record_event(EventKind kind, int team) { metrics_.add_event(MatchEvent{tick_, kind, team}); }

void PodballWorld::count_shot(int team, Vec2 from, Vec2 vel) {
    if (mode_ != Mode::Running) return;
    TeamCounters& t = metrics_.team[team];
    ++t.shots;
    const bool on_goal = shot_reaches_goal(config_, team, from, vel);
    if (on_goal) ++t.shots_on_goal;
    record_event(on_goal ? EventKind::ShotOnGoal : EventKind::Shot, team);
}

// Called once per running tick, after the tick (tick_ already advanced: this was tick_ - 1).
void PodballWorld::count_running_tick() {
    const std::int64_t now = tick_ - 1;
    const double inv_arena = 1.0 / (config_.arena_width * config_.arena_height);
    const bool in_area[2] = {ball_in_goal_area(0), ball_in_goal_area(1)};
    if (metrics_.window_ticks == 0) metrics_.window_start_tick = now;
    ++metrics_.window_ticks;
    for (int t = 0; t < 2; ++t) {
        // The team's pods are contiguous in pods_ (team 0 first).
        const int first = t == 0 ? 0 : teams_[0].pods, last = first + teams_[t].pods;
        double lo_x = pods_[first].pos.x, hi_x = lo_x, lo_y = pods_[first].pos.y, hi_y = lo_y;
        std::int64_t upfield = 0, own_half = 0;
        const double side = t == 0 ? 1.0 : -1.0;
        for (int i = first; i < last; ++i) {
            const Vec2 p = pods_[i].pos;
            lo_x = std::min(lo_x, p.x);
            hi_x = std::max(hi_x, p.x);
            lo_y = std::min(lo_y, p.y);
            hi_y = std::max(hi_y, p.y);
            // Team 0's own half is x < 0; a pod exactly on the centre line is in neither.
            upfield += side * p.x > 0.0;
            own_half += side * p.x < 0.0;
        }
        TeamCounters& c = metrics_.team[t];
        c.coverage_sum += (hi_x - lo_x) * (hi_y - lo_y) * inv_arena;
        c.upfield_pod_ticks += upfield;
        c.own_half_pod_ticks += own_half;
        c.window_upfield += upfield;
        c.window_own_half += own_half;
        if (in_area[t]) ++c.ball_in_own_area_ticks;
        if (in_area[t] || c.hoard_run > 0) count_hoarding(t, in_area[t]);
    }
    // Possession: from a team's pick-up until the other team's (ball_.last_team; nobody's after a
    // kick-off until the first pick-up). Time the ball spends in a goal area counts for nobody.
    if (ball_.last_team >= 0 && !in_area[0] && !in_area[1]) ++metrics_.team[ball_.last_team].possession_ticks;
    if (metrics_.window_ticks >= static_cast<std::int64_t>(config_.camping_window)) count_camping_window();
}

// A finished window: a team whose attack ratio stayed at or below the threshold camped in it.
// Consecutive camping windows make one flag.
void PodballWorld::count_camping_window() {
    const std::int64_t now = tick_ - 1;
    for (int t = 0; t < 2; ++t) {
        TeamCounters& c = metrics_.team[t];
        const bool camping =
            c.window_own_half > 0 &&
            static_cast<double>(c.window_upfield) <= config_.camping_ratio * static_cast<double>(c.window_own_half);
        if (camping) {
            if (c.open_camping_flag >= 0) {
                metrics_.flags[static_cast<std::size_t>(c.open_camping_flag)].to_tick = now;
            } else {
                c.open_camping_flag = static_cast<int>(metrics_.flags.size());
                metrics_.flags.push_back(ConductFlag{t, ConductKind::Camping, metrics_.window_start_tick, now});
            }
        } else {
            c.open_camping_flag = -1;
        }
        c.window_upfield = 0;
        c.window_own_half = 0;
    }
    metrics_.window_ticks = 0;
}

// The seed's caveat: attackers may not enter a goal area, so a defending team can block the game
// by keeping the ball in its own. Flagged once the ball has stayed there hoarding_ticks running
// ticks in a row; the flag grows until the ball leaves.
void PodballWorld::count_hoarding(int team, bool ball_inside) {
    TeamCounters& c = metrics_.team[team];
    const std::int64_t now = tick_ - 1;
    if (!ball_inside) {
        c.hoard_run = 0;
        c.open_hoarding_flag = -1;
        return;
    }
    if (c.hoard_run == 0) c.hoard_since = now;
    ++c.hoard_run;
    if (c.hoard_run < static_cast<std::int64_t>(config_.hoarding_ticks)) return;
    if (c.open_hoarding_flag >= 0) {
        metrics_.flags[static_cast<std::size_t>(c.open_hoarding_flag)].to_tick = now;
    } else {
        c.open_hoarding_flag = static_cast<int>(metrics_.flags.size());
        metrics_.flags.push_back(ConductFlag{team, ConductKind::BallHoarding, c.hoard_since, now});
    }
}

}   // namespace pb::podball
