// Podball's tunable values, derived from the lab's ParamSet (declared once in params.cpp).
// Units: length in arena widths, time in ticks, mass arbitrary (see shared/specs/podball.md).
#pragma once
#include "engine/core/params.hpp"

namespace pb::podball {

struct PodballConfig {
    // arena
    double arena_width = 1.0;
    double arena_height = 0.6;
    double goal_width = 0.2;
    double center_keepoff = 0.1;
    double goal_exclusion_radius = 0.12;   // ARENA_GOAL_EXCLUSION_RADIUS; 0 switches the rule off
    // pods
    double pod_radius = 0.02;
    double pod_mass = 1.0;
    double pod_thrust = 0.0002;
    double pod_friction = 0.05;
    double carry_friction = 0.03;  // added to pod_friction while carrying
    // ball
    double ball_radius = 0.01;
    double ball_mass = 0.2;
    double ball_friction = 0.004;
    double shoot_force = 0.0032;
    double pickup_velocity = 0.012;
    // rules
    double collision_force_limit = 0.004;
    double ballkeep_ticks = 200;
    double balldeny_ticks = 30;
    double ctrl_step = 5;
    double restitution_pod_pod = 0.9;
    double restitution_pod_wall = 1.0;
    double restitution_ball_wall = 1.0;
    double restitution_ball_pod = 0.5;
    // match phases
    double kickoff_ticks = 200;
    double goal_ticks = 120;
    double kickoff_jitter = 0.01;        // seeded random offset of every kick-off spot, up to this
    double periods = 2;
    double period_ticks = 6000;          // running ticks per period
    // unsportsmanlike conduct, flagged automatically
    double camping_window = 1000;        // running ticks per window of the camping test
    double camping_ratio = 0.05;         // a window with an attack ratio at or below this is camping
    double hoarding_ticks = 300;         // ball kept in a team's own goal area this long: blocking
    // built-in modules
    double chaser_shoot_range = 0.35;   // chaser shoots when this close to the goal mouth
    double chaser_support = 1.0;        // 1: non-chasing pods take support positions; 0: all chase
    double chaser_variation = 1.0;      // 0: fully predictable; 1: seeded variation in its choices
    double formation_defenders = 0.4;   // share of the field pods that form the defensive line
    double formation_depth = 0.5;       // 0: the block sits deep, 1: it pushes up to the centre line
    double formation_press_radius = 0.22;  // a pod leaves its spot for a ball this close to it
    double formation_shoot_range = 0.35;
    double passer_shoot_range = 0.35;
    double passer_arrival_speed = 0.5;  // a pass arrives at this share of the pick-up velocity
    double passer_lane_margin = 0.02;   // opponents must stay this far from a pass's line
    double passer_min_gain = 0.05;      // a pass must bring the ball this much nearer the goal
    double random_hold_ticks = 40;      // mean ticks a random choice is kept
    double random_shoot_chance = 0.2;   // chance per control call that a random carrier shoots
};

const ParamTable& podball_param_table();
PodballConfig config_from(const ParamSet& params);

}  // namespace pb::podball
