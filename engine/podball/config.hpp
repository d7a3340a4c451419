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
    // built-in modules
    double chaser_shoot_range = 0.35;   // chaser shoots when this close to the goal mouth
    double chaser_support = 1.0;        // 1: non-chasing pods take support positions; 0: all chase
    double chaser_variation = 1.0;      // 0: fully predictable; 1: seeded variation in its choices
};

const ParamTable& podball_param_table();
PodballConfig config_from(const ParamSet& params);

}  // namespace pb::podball
