// Podball's parameter table: every tunable value declared once, bound to its PodballConfig field.
// Defaults are the specification's (docs/labs/podball.md#sources), except the ball friction (0.02, not 0.004: see its
// entry); ranges are what a designer's slider may reach without breaking the physics (masses and
// radii stay positive, frictions may be zero because the integrator treats k = 0 exactly, see
// motion.hpp).
#include <array>
#include <stdexcept>
#include <string>

#include "engine/core/param_binding.hpp"
#include "engine/podball/config.hpp"
#include "engine/podball/modules/module_host.hpp"

namespace pb::podball {
namespace {

constexpr auto real = real_param;

ParamDef ticks(const char* key, const char* label, double min, double max, double def, const char* description) {
    return ParamDef{key, label, "ticks", min, max, def, description, ParamType::Integer};
}

ParamDef count(const char* key, const char* label, const char* unit, double min, double max, double def,
               const char* description) {
    return ParamDef{key, label, unit, min, max, def, description, ParamType::Integer};
}

// A limit of the sandbox library modules run in: not part of the state hash (params.hpp).
ParamDef sandbox_limit(ParamDef def) {
    def.in_state_hash = false;
    return def;
}

ParamDef flag(const char* key, const char* label, bool def, const char* description) {
    return ParamDef{key, label, "", 0.0, 1.0, def ? 1.0 : 0.0, description, ParamType::Boolean};
}

const BoundParamTable<PodballConfig>& bound_params() {
    using C = PodballConfig;
    static const BoundParamTable<PodballConfig> table({
        // arena
        {real("podball.arena.width", "Arena width", "arena widths", 0.5, 4.0, 1.0,
              "Extent along x, goal line to goal line; goals sit on x = +-width/2 (every length is in arena widths: 1 "
              "= the default arena's width)"),
         &C::arena_width},
        {real("podball.arena.height", "Arena height", "arena widths", 0.2, 4.0, 0.6, "Extent along y"),
         &C::arena_height},
        {real("podball.arena.goal_width", "Goal width", "arena widths", 0.02, 2.0, 0.2,
              "Width of each goal mouth, centred on y = 0"),
         &C::goal_width},
        {real("podball.arena.center_keepoff", "Centre keep-off", "arena widths", 0.0, 0.4, 0.1,
              "During kick-off the defending team stays beyond x = +-keepoff (CENTER_KEEPOFF)"),
         &C::center_keepoff},
        {real("podball.arena.goal_exclusion_radius", "Goal area radius", "arena widths", 0.0, 0.3, 0.12,
              "ARENA_GOAL_EXCLUSION_RADIUS: semicircle on each goal centre only the first defender to enter may use; "
              "0: off"),
         &C::goal_exclusion_radius},
        // pods
        {real("podball.pod.radius", "Pod radius", "arena widths", 0.005, 0.1, 0.02, "Radius of every pod"),
         &C::pod_radius},
        {real("podball.pod.mass", "Pod mass", "pod masses", 0.05, 20.0, 1.0,
              "Mass of a pod without the ball (every mass is in pod masses: 1 = the default pod)"),
         &C::pod_mass},
        {real("podball.pod.thrust", "Pod thrust", "pod mass*widths/tick^2", 0.0, 0.002, 0.0002,
              "Largest thrust force; top speed = thrust / friction"),
         &C::pod_thrust},
        {real("podball.pod.friction", "Pod friction", "pod masses/tick", 0.0, 0.5, 0.05,
              "Friction per unit of speed: a pod loses friction / mass of its speed each tick (0: frictionless, no top "
              "speed)"),
         &C::pod_friction},
        {real("podball.pod.carry_friction", "Extra friction carrying", "pod masses/tick", 0.0, 0.5, 0.03,
              "Added to pod friction while a pod carries the ball (lower top speed)"),
         &C::carry_friction},
        {real("podball.pod.restitution", "Pod-pod restitution", "of speed kept", 0.0, 1.0, 0.9,
              "Bounciness of pod-pod collisions (1: elastic, 0: pods stick)"),
         &C::restitution_pod_pod},
        {real("podball.pod.wall_restitution", "Pod-wall restitution", "of speed kept", 0.0, 1.0, 1.0,
              "Bounciness of pods off walls, goal lines and keep-off lines (1: perfect reflection)"),
         &C::restitution_pod_wall},
        // ball
        {real("podball.ball.radius", "Ball radius", "arena widths", 0.002, 0.05, 0.01, "Radius of the ball"),
         &C::ball_radius},
        {real("podball.ball.mass", "Ball mass", "pod masses", 0.01, 5.0, 0.2,
              "Mass of the ball (added to its carrier's)"),
         &C::ball_mass},
        // 0.02 since engine 7 (the specification's 0.004 let a full shot run 0.8 widths: ~36 goals a
        // chaser match); chosen with sweeps/podball-scoring.toml, docs/sweeps.md#what-the-scoring-sweep-found.
        {real("podball.ball.friction", "Ball friction", "pod masses/tick", 0.0005, 0.05, 0.02,
              "BALL_FRICTION: a free ball slows as exp(-friction/mass * t) (before engine 7 the default "
              "was 0.004: shots ran 5x as far, ~36 goals a match)"),
         &C::ball_friction},
        {real("podball.ball.shoot_force", "Shoot force", "pod mass*widths/tick", 0.0, 0.02, 0.0032,
              "SHOOT_FORCE: a full shot from rest travels shoot_force / ball friction"),
         &C::shoot_force},
        {real("podball.ball.pickup_velocity", "Pick-up velocity", "widths/tick", 0.0, 0.1, 0.012,
              "BALL_PICKUP_VELOCITY: slower contacts pick the ball up, faster ones bounce"),
         &C::pickup_velocity},
        {real("podball.ball.wall_restitution", "Ball-wall restitution", "of speed kept", 0.0, 1.0, 1.0,
              "Bounciness of the ball off walls and lines (1: perfect reflection)"),
         &C::restitution_ball_wall},
        {real("podball.ball.pod_restitution", "Ball-pod restitution", "of speed kept", 0.0, 1.0, 0.5,
              "Bounciness of the ball off a pod it does not stick to"),
         &C::restitution_ball_pod},
        // rules
        {real("podball.rules.collision_force_limit", "Collision force limit", "pod mass*widths/tick^2", 0.0002, 0.05,
              0.004, "COLLISION_FORCE_LIMIT: a carrier loses the ball when thrust + impacts in a tick exceed it"),
         &C::collision_force_limit},
        {ticks("podball.rules.ballkeep_ticks", "Ball keep time", 1, 5000, 200,
               "BALLKEEP: a pod releases the ball after holding it this long"),
         &C::ballkeep_ticks},
        {ticks("podball.rules.balldeny_ticks", "Ball deny time", 0, 1000, 30,
               "BALLDENY: after losing the ball a pod is transparent to it this long"),
         &C::balldeny_ticks},
        {ticks("podball.rules.ctrl_step", "Control step", 1, 100, 5,
               "ENGINE_CTRL_STEP: team modules are asked for actions every this many ticks"),
         &C::ctrl_step},
        // match phases
        {ticks("podball.match.kickoff_ticks", "Kick-off phase", 0, 5000, 200,
               "Length of the kick-off phase before the game runs"),
         &C::kickoff_ticks},
        {ticks("podball.match.goal_ticks", "After-goal phase", 0, 5000, 120,
               "Pause after a goal before the next kick-off"),
         &C::goal_ticks},
        {real("podball.match.kickoff_jitter", "Kick-off jitter", "arena widths", 0.0, 0.02, 0.01,
              "Every kick-off spot moves by up to this much, drawn from the match seed: matches with other seeds "
              "differ"),
         &C::kickoff_jitter},
        {count("podball.match.periods", "Periods", "periods", 1, 10, 2,
               "Number of periods; the kick-off alternates between them"),
         &C::periods},
        {ticks("podball.match.period_ticks", "Period length", 100, 1000000, 6000,
               "Running ticks per period (time stands still in kick-off, goal and suspended phases)"),
         &C::period_ticks},
        // unsportsmanlike conduct
        {ticks("podball.conduct.camping_window", "Camping window", 100, 100000, 1000,
               "Running ticks over which a team's attack ratio is measured to detect camping"),
         &C::camping_window},
        {real("podball.conduct.camping_ratio", "Camping attack ratio", "", 0.0, 1.0, 0.05,
              "A window whose attack ratio (pod-ticks upfield / in own half) is at most this is flagged as camping"),
         &C::camping_ratio},
        {ticks("podball.conduct.hoarding_ticks", "Ball hoarding time", 10, 100000, 300,
               "Flag a team that keeps the ball in its own goal area this many running ticks in a row"),
         &C::hoarding_ticks},
        // built-in modules
        {real("podball.chaser.shoot_range", "Chaser shoot range", "arena widths", 0.02, 2.0, 0.35,
              "The chaser module shoots when the ball is this close to the goal mouth"),
         &C::chaser_shoot_range},
        {flag("podball.chaser.support", "Chaser support play", true,
              "On: the chaser's other pods keep goal and take support positions; off: all chase"),
         &C::chaser_support},
        {real("podball.chaser.variation", "Chaser variation", "", 0.0, 1.0, 1.0,
              "How much the chaser varies its choices (seeded); 0 makes it fully predictable"),
         &C::chaser_variation},
        {real("podball.formation.defenders", "Formation defenders", "of field pods", 0.0, 1.0, 0.4,
              "Share of the field pods in the defensive line of the formation module (the rest are forwards)"),
         &C::formation_defenders},
        {real("podball.formation.depth", "Formation depth", "", 0.0, 1.0, 0.5,
              "Where the formation's block stands: 0 deep in its own half, 1 pushed up to the centre line"),
         &C::formation_depth},
        {real("podball.formation.press_radius", "Formation press radius", "arena widths", 0.02, 1.0, 0.22,
              "A formation pod leaves its spot to attack a ball this close to the spot"),
         &C::formation_press_radius},
        {real("podball.formation.shoot_range", "Formation shoot range", "arena widths", 0.02, 2.0, 0.35,
              "The formation module shoots when the ball is this close to the goal mouth"),
         &C::formation_shoot_range},
        {real("podball.passer.shoot_range", "Passer shoot range", "arena widths", 0.02, 2.0, 0.35,
              "The passer module shoots when the ball is this close to the goal mouth"),
         &C::passer_shoot_range},
        {real("podball.passer.arrival_speed", "Pass arrival speed", "x pick-up velocity", 0.1, 1.0, 0.5,
              "Speed a pass arrives with, as a share of the pick-up velocity (lower: safer, slower passes)"),
         &C::passer_arrival_speed},
        {real("podball.passer.lane_margin", "Pass lane margin", "arena widths", 0.0, 0.3, 0.02,
              "Opponents must be at least this far from a pass's line (beyond pod and ball radius)"),
         &C::passer_lane_margin},
        {real("podball.passer.min_gain", "Pass minimum gain", "arena widths", -0.5, 0.5, 0.05,
              "A pass must bring the ball at least this much nearer the opponent's goal (negative: back passes too)"),
         &C::passer_min_gain},
        {ticks("podball.random.hold_ticks", "Random hold time", 1, 1000, 40,
               "The random module keeps a random thrust for this many ticks on average"),
         &C::random_hold_ticks},
        {real("podball.random.shoot_chance", "Random shoot chance", "per control call", 0.0, 1.0, 0.2,
              "Chance per control call that a random pod holding the ball shoots in a random direction"),
         &C::random_shoot_chance},
        // library modules (docs/team-modules.md#library-modules-run-isolated-the-default)
        {sandbox_limit(count("podball.modules.memory_limit", "Module memory limit", "MiB", kMemoryLimitMinMiB,
                             kMemoryLimitMaxMiB, kMemoryLimitMiB,
                             "Address space an isolated library module's process may use (RLIMIT_AS; the host program "
                             "itself takes about 22 MiB of it); beyond it the module's allocations fail. Read when the "
                             "module starts")),
         &C::module_memory_limit},
        // Lua teams (docs/lua-teams.md#budgets-and-the-sandbox): budgets counted by the VM, so an
        // overrun falls on the same instruction everywhere. Outside the state hash like the
        // sandbox's limit: they change nothing but Lua teams' overruns, and every scenario's and
        // replay's hash stays what it was.
        {sandbox_limit(
             count("podball.script.instructions", "Script instructions", "per call", 1000, 100000000, 1000000,
                   "Lua VM instructions a Lua team's play may run per call (init and the script's loading get "
                   "10x); beyond it the team idles for that call and a fault is counted")),
         &C::script_instructions},
        {sandbox_limit(count("podball.script.memory_mb", "Script memory", "MiB", 1, 4096, 64,
                             "Memory a Lua team's state may hold; an allocation beyond it fails (the call's fault). "
                             "Read when the team starts")),
         &C::script_memory_mb},
    });
    return table;
}

}   // namespace

const ParamTable& podball_param_table() { return bound_params().table(); }

PodballConfig config_from(const ParamSet& params) { return bound_params().config_from(params); }

}   // namespace pb::podball
