// Podball's match metrics (seed version 2.5/2.6 and the spec page): score, ball possession, area
// coverage, attack ratio, shots on goal, and unsportsmanlike conduct flagged with its tick range.
// The counters are plain world state (hashed, copied with snapshots); percentages and ratios are
// derived from them on demand. The world fills them in metrics.cpp.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

#include "engine/core/hash.hpp"
#include "engine/podball/config.hpp"
#include "engine/podball/types.hpp"

namespace pb::podball {

enum class ConductKind { Camping, BallHoarding };
std::string_view conduct_key(ConductKind k);     // "camping", "ball_hoarding"
std::string_view conduct_label(ConductKind k);   // "camping in its own half", ...

// A stretch of unsportsmanlike conduct by one team, in world ticks (both ends included).
struct ConductFlag {
    int team = 0;
    ConductKind kind = ConductKind::Camping;
    std::int64_t from_tick = 0;
    std::int64_t to_tick = 0;
    bool operator==(const ConductFlag&) const = default;
};

enum class EventKind { Goal, Shot, ShotOnGoal, PeriodEnd };
std::string_view event_key(EventKind k);

// What happened when, for reports and charts over match time. `team` is the scoring or shooting
// team (-1 for a period end).
struct MatchEvent {
    std::int64_t tick = 0;
    EventKind kind = EventKind::Goal;
    int team = -1;
    bool operator==(const MatchEvent&) const = default;
};

struct TeamCounters {
    std::int64_t possession_ticks = 0;         // running ticks the team possessed the ball (not in a goal area)
    double coverage_sum = 0.0;                 // sum over running ticks of bounding rectangle / arena area
    std::int64_t upfield_pod_ticks = 0;        // pod-ticks in the opponent's half (running time)
    std::int64_t own_half_pod_ticks = 0;       // pod-ticks in the own half (running time)
    int shots = 0;                             // shots in running time, any direction
    int shots_on_goal = 0;                     // of which the free path would cross the opponent's goal mouth
    int own_goals = 0;                         // goals conceded from this team's own possession
    std::int64_t ball_in_own_area_ticks = 0;   // running ticks the ball spent in this team's goal area
    // Camping window in progress, and the flag it extends (index into flags, -1: none open).
    std::int64_t window_upfield = 0;
    std::int64_t window_own_half = 0;
    int open_camping_flag = -1;
    // Consecutive running ticks the ball has stayed in this team's goal area, since when.
    std::int64_t hoard_run = 0;
    std::int64_t hoard_since = 0;
    int open_hoarding_flag = -1;
};

struct MatchMetrics {
    std::array<TeamCounters, 2> team;
    std::int64_t window_ticks = 0;        // running ticks in the current camping window
    std::int64_t window_start_tick = 0;   // world tick at which it began
    std::vector<ConductFlag> flags;       // in the order they were raised
    std::vector<MatchEvent> events;       // in tick order; append only through add_event
    // A running hash of `events`: the full state hash is taken every so many ticks while a
    // recording runs, and rehashing a whole match's events each time would grow with the match.
    std::uint64_t events_chain = 0;

    void add_event(const MatchEvent& e);
    void hash(StateHasher& h) const;
};

// Per-team numbers as a designer reads them; `running_ticks` is the match time they are over.
struct TeamFigures {
    double possession_pct = 0.0;   // of running time; both teams need not add up to 100
    double coverage_pct = 0.0;     // mean bounding rectangle of the team's pods, % of the arena
    double attack_ratio = 0.0;     // pod-ticks upfield / pod-ticks in own half; +inf if never in own half
    int shots = 0;
    int shots_on_goal = 0;
};
TeamFigures team_figures(const MatchMetrics& m, int team, std::int64_t running_ticks);

// The seed's "shots on goal": would a ball leaving `pos` with velocity `vel`, under friction alone
// and ignoring every pod, cross the goal line that `team` attacks inside the mouth? Its straight
// path ends after s_max = |vel| / lambda (lambda = ball friction / ball mass), so it crosses the
// line x = L iff lambda * (L - x) < vel.x (towards L), and then at y + vel.y * (L - x) / vel.x.
bool shot_reaches_goal(const PodballConfig& c, int team, Vec2 pos, Vec2 vel);

}   // namespace pb::podball
