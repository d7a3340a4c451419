// Podball's tunable values, derived from the lab's ParamSet (declared once in params.cpp,
// defaults included: a config comes from config_from; a default-constructed one is all NaN).
// Units: length in arena widths, time in ticks, mass arbitrary (see docs/labs/podball.md#sources).
#pragma once
#include "engine/core/param_binding.hpp"

namespace pb::podball {

struct PodballConfig {
    // arena
    double arena_width = kUnsetParam;
    double arena_height = kUnsetParam;
    double goal_width = kUnsetParam;
    double center_keepoff = kUnsetParam;
    double goal_exclusion_radius = kUnsetParam;   // ARENA_GOAL_EXCLUSION_RADIUS; 0 switches the rule off
    // pods
    double pod_radius = kUnsetParam;
    double pod_mass = kUnsetParam;
    double pod_thrust = kUnsetParam;
    double pod_friction = kUnsetParam;
    double carry_friction = kUnsetParam;   // added to pod_friction while carrying
    // ball
    double ball_radius = kUnsetParam;
    double ball_mass = kUnsetParam;
    double ball_friction = kUnsetParam;
    double shoot_force = kUnsetParam;
    double pickup_velocity = kUnsetParam;
    // rules
    double collision_force_limit = kUnsetParam;
    double ballkeep_ticks = kUnsetParam;
    double balldeny_ticks = kUnsetParam;
    double ctrl_step = kUnsetParam;
    double restitution_pod_pod = kUnsetParam;
    double restitution_pod_wall = kUnsetParam;
    double restitution_ball_wall = kUnsetParam;
    double restitution_ball_pod = kUnsetParam;
    // match phases
    double kickoff_ticks = kUnsetParam;
    double goal_ticks = kUnsetParam;
    double kickoff_jitter = kUnsetParam;   // seeded random offset of every kick-off spot, up to this
    double periods = kUnsetParam;
    double period_ticks = kUnsetParam;   // running ticks per period
    // unsportsmanlike conduct, flagged automatically
    double camping_window = kUnsetParam;   // running ticks per window of the camping test
    double camping_ratio = kUnsetParam;    // a window with an attack ratio at or below this is camping
    double hoarding_ticks = kUnsetParam;   // ball kept in a team's own goal area this long: blocking
    // built-in modules
    double chaser_shoot_range = kUnsetParam;       // chaser shoots when this close to the goal mouth
    double chaser_support = kUnsetParam;           // 1: non-chasing pods take support positions; 0: all chase
    double chaser_variation = kUnsetParam;         // 0: fully predictable; 1: seeded variation in its choices
    double formation_defenders = kUnsetParam;      // share of the field pods that form the defensive line
    double formation_depth = kUnsetParam;          // 0: the block sits deep, 1: it pushes up to the centre line
    double formation_press_radius = kUnsetParam;   // a pod leaves its spot for a ball this close to it
    double formation_shoot_range = kUnsetParam;
    double passer_shoot_range = kUnsetParam;
    double passer_arrival_speed = kUnsetParam;   // a pass arrives at this share of the pick-up velocity
    double passer_lane_margin = kUnsetParam;     // opponents must stay this far from a pass's line
    double passer_min_gain = kUnsetParam;        // a pass must bring the ball this much nearer the goal
    double random_hold_ticks = kUnsetParam;      // mean ticks a random choice is kept
    double random_shoot_chance = kUnsetParam;    // chance per control call that a random carrier shoots
    // library modules
    double module_memory_limit = kUnsetParam;   // MiB of address space an isolated module's process may use
    // Lua teams (engine/podball/lua/)
    double script_instructions = kUnsetParam;   // Lua VM instructions per play call (init: 10x)
    double script_memory_mb = kUnsetParam;      // MiB a team's Lua state may hold
};

const ParamTable& podball_param_table();
PodballConfig config_from(const ParamSet& params);

}   // namespace pb::podball
