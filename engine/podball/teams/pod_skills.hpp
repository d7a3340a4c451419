// What every built-in team module needs to know how to do: read the physics off the settings,
// forecast a free ball, steer a pod to a spot, find who reaches a ball first, aim shots and passes
// with the seed's ball-travel formulas, keep goal, and keep out of goal areas it may not enter.
// Everything is in the team frame (module.hpp): own goal at x = -width/2, attacking +x.
#pragma once
#include <array>
#include <cmath>
#include <cstdint>

#include "engine/podball/module.hpp"

namespace pb::podball {

// Room for a team's pods in the built-in teams' fixed-size plans (more than any team has).
inline constexpr int kMaxTeamPods = 16;

inline double length(Vec2 v) { return std::sqrt(dot(v, v)); }

// Squared distance from p to the segment from a along ab (inv_len2 = 1 / |ab|^2).
double segment_distance2(Vec2 p, Vec2 a, Vec2 ab, double inv_len2);

struct Kinematics {
    double hx, hy, mouth;          // half width, half height, half goal width
    double reach;                  // pod radius + ball radius: centre distance at contact
    double cruise, carry_cruise;   // top speeds of a free pod and of a carrier
    double pod_lag;                // ticks a pod needs to get up to speed (1/lambda)
    double ball_lambda;            // ball friction / mass
    double shot_speed;             // ball speed a full shot adds
};
Kinematics kinematics_of(const PodballConfig& c);

// Where a free ball will be (friction only, ignoring everything it may hit), sampled every few
// ticks: one exponential per forecast instead of one per pod and guess.
struct BallForecast {
    static constexpr int kSamples = 24;
    static constexpr double kStep = 8.0;   // ticks between samples
    std::array<Vec2, kSamples> at;
    double reach_all = 0.0;   // the ball never gets further than this from where it is

    BallForecast(const Kinematics& k, Vec2 pos, Vec2 vel);
};

// Thrust that brings a pod to `target` at up to `speed`, slowing down within `arrive` of it.
PodAction steer(const PodView& p, Vec2 target, double speed, double top, double arrive);

// Ticks until pod p can touch the free ball of `ball`, and where (`where`).
double intercept(const Kinematics& k, const BallForecast& ball, const PodView& p, Vec2& where);

// Shots from `from` (the ball) towards `aim`, allowing for the carrier's own velocity
// (ball.v = pod.v + shot_speed * a): at full power, or at ball speed `speed` (a full shot when that
// is out of reach).
PodAction full_shot_towards(const Kinematics& k, Vec2 carrier_vel, Vec2 from, Vec2 aim);
PodAction shot_towards(const Kinematics& k, Vec2 carrier_vel, Vec2 from, Vec2 aim, double speed);

// The seed's free-ball formulas. A ball launched at v0 has v0 - lambda * s left after running s,
// and stops after s_max = v0 / lambda: so arriving at `distance` with `arrival` needs
// v0 = arrival + lambda * distance, and takes ln(v0 / arrival) / lambda ticks.
double launch_speed(const Kinematics& k, double distance, double arrival);
double travel_ticks(const Kinematics& k, double v0, double distance);   // +inf if it stops short

// Aims across the opponent's goal mouth; the one whose path passes furthest from every pod that
// could catch or block the ball (pods in BALLDENY are transparent). `weights` (7, or nullptr)
// bias the choice. Returns the aim; `clear2` is the squared clearance of its path.
Vec2 open_goal_aim(const Kinematics& k, const TeamView& v, int carrier, Vec2 from, const double* weights,
                   double& clear2);

// A full shot away from danger: towards whichever of a few spots ahead (on x = `ahead_x`, spread
// across the arena) has the path with the most room from opponents.
PodAction clear_ball(const Kinematics& k, const TeamView& v, int carrier, double ahead_x);

// `target` moved out of the goal areas a pod may not enter: always the opponent's, and our own
// unless `may_enter_own` (the keeper). Targets just outside the rim, so the pod is not reflected.
Vec2 outside_goal_areas(const PodballConfig& c, Vec2 target, bool may_enter_own);

// Our keeper (pod `keeper`): stands on the line from the goal centre to the ball inside our goal
// area, steps into the path of a free ball heading for the goal, and fetches a free ball that lies
// in the area (nobody else may).
PodAction keep_goal(const Kinematics& k, const TeamView& v, int keeper);

// Presses the opponents' carrier by ramming it: an impact above the force limit knocks the ball
// loose. Aims a few ticks ahead of the carrier and keeps out of the goal areas.
PodAction press_carrier(const Kinematics& k, const TeamView& v, const PodView& me);

// In our own kick-off: waits beside the ball and takes it late, so BALLKEEP does not run out before
// the whistle; `meet` / `meet_time` are where and when this pod would reach the ball, `mode_since`
// the tick the kick-off began.
PodAction take_kickoff_ball(const Kinematics& k, const TeamView& v, const PodView& me, Vec2 meet, double meet_time,
                            std::int64_t mode_since);

}   // namespace pb::podball
