/* Podball team modules as shared libraries: the plain C ABI between Playbench and a team's brain.
 *
 * A module library exports four functions (and optionally a fifth):
 *
 *   const podball_module_info* podball_module_get_info(void);
 *       Static description; abi_version must equal PODBALL_MODULE_ABI_VERSION.
 *   void* podball_module_init(const podball_settings* settings);
 *       Called once per team and match: returns that team's state (NULL: the module refuses;
 *       the team then plays idle and the reason is reported). Keep everything in the state and
 *       nothing in globals: one library may play both teams and many matches at once, on
 *       several threads.
 *   int32_t podball_module_play(void* state, const podball_world* world, podball_action* actions);
 *       Called every ctrl_step ticks while the match is in a kick-off or running. Fill
 *       actions[0 .. world->own_count - 1] (they arrive as PODBALL_ACTION_NONE); return 0.
 *       A non-zero return (or a C++ exception escaping the call) idles all of the team's pods
 *       for this call; a non-finite vector idles that pod. The match goes on either way.
 *   void podball_module_dispose(void* state);
 *       Frees what init (or clone) returned.
 *   void* podball_module_clone(const void* state);                               [optional]
 *       A deep copy of the state. Playbench snapshots worlds (undo, replays, the window's
 *       restart-from-here); with clone, a restored world continues exactly. Without it, a copy of
 *       the world starts the module afresh through init with the original settings and seed.
 *
 * Isolation: by default Playbench runs the library in a process of its own (playbench-module-host)
 * with a time budget per call (2 s for loading and init, 50 ms for play; module_host.hpp). A module
 * that overruns, crashes, aborts, exits or writes past its action array is stopped: its team idles
 * for the rest of the match and the fault is reported. `--in-process-modules` loads it into
 * Playbench instead (trusted modules only). Either way the module sees the same calls.
 *
 * The module sees the world mirrored so that its own team always attacks towards +x (its own goal
 * is at x = -arena_width/2), and the engine mirrors the returned vectors back. Units: lengths in
 * arena widths, time in ticks, velocities in length per tick. Vectors longer than 1 count as 1
 * (however long, if finite: full thrust in their direction).
 */
#ifndef PODBALL_MODULE_ABI_H
#define PODBALL_MODULE_ABI_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PODBALL_MODULE_ABI_VERSION 1u
#define PODBALL_MAX_PODS 11

/* Match modes as the module sees them (mirrored: "own" is the module's team). */
#define PODBALL_MODE_KICKOFF_OWN 0
#define PODBALL_MODE_KICKOFF_OPPONENT 1
#define PODBALL_MODE_RUNNING 2
#define PODBALL_MODE_GOAL_OWN 3      /* we scored; play is suspended */
#define PODBALL_MODE_GOAL_OPPONENT 4
#define PODBALL_MODE_SUSPENDED 5
#define PODBALL_MODE_FINAL 6

#define PODBALL_ACTION_NONE 0
#define PODBALL_ACTION_MOVE 1   /* thrust: v is direction * power */
#define PODBALL_ACTION_SHOOT 2  /* shot, fired once the pod holds the ball: ball.v = pod.v + shoot_force * v / ball_mass */

typedef struct podball_vec2 {
    double x, y;
} podball_vec2;

typedef struct podball_module_info {
    uint32_t abi_version;     /* PODBALL_MODULE_ABI_VERSION */
    const char* name;         /* short, e.g. "simple_striker" */
    const char* author;
    const char* description;  /* one line */
} podball_module_info;

/* The match settings (the parameter table's values). Passed once to init; the world passed to play
 * points at the current values, which a designer may change while the match runs. */
typedef struct podball_settings {
    uint32_t abi_version;
    int32_t own_pods;
    int32_t opponent_pods;
    uint32_t reserved;
    uint64_t seed;                 /* per team and match: use it for any randomness */
    double arena_width, arena_height, goal_width, center_keepoff, goal_exclusion_radius;
    double pod_radius, pod_mass, pod_thrust, pod_friction, pod_carry_friction;
    double ball_radius, ball_mass, ball_friction, shoot_force, pickup_velocity;
    double collision_force_limit;
    int32_t ballkeep_ticks, balldeny_ticks, ctrl_step;
    int32_t periods, period_ticks, kickoff_ticks, goal_ticks;
} podball_settings;

typedef struct podball_pod {
    podball_vec2 pos;
    podball_vec2 vel;
    int32_t denied;      /* in BALLDENY: cannot pick the ball up, the ball passes through it */
    int32_t reserved;
} podball_pod;

typedef struct podball_world {
    int64_t tick;
    int64_t running_ticks;         /* match time played */
    int32_t mode;                  /* PODBALL_MODE_* */
    int32_t period;                /* 0-based */
    int32_t own_score, opponent_score;
    int32_t own_count, opponent_count;
    podball_pod own[PODBALL_MAX_PODS];
    podball_pod opponents[PODBALL_MAX_PODS];
    podball_vec2 ball_pos, ball_vel;
    int32_t ball_owner_team;       /* 0 own, 1 opponent, -1 free */
    int32_t ball_owner_index;
    int32_t own_area_holder;       /* own pod allowed in our goal area, -1: free */
    int32_t opponent_area_holder;  /* opponent pod allowed in theirs, -1: free */
    const podball_settings* settings;
} podball_world;

typedef struct podball_action {
    int32_t kind;       /* PODBALL_ACTION_* */
    int32_t reserved;
    podball_vec2 v;
} podball_action;

/* The entry points a module library defines (this header declares them so the compiler checks the
 * definitions; they are exported even when the library is built with -fvisibility=hidden). */
#if defined(__GNUC__)
#define PODBALL_MODULE_EXPORT __attribute__((visibility("default")))
#else
#define PODBALL_MODULE_EXPORT
#endif
PODBALL_MODULE_EXPORT const podball_module_info* podball_module_get_info(void);
PODBALL_MODULE_EXPORT void* podball_module_init(const podball_settings* settings);
PODBALL_MODULE_EXPORT int32_t podball_module_play(void* state, const podball_world* world, podball_action* actions);
PODBALL_MODULE_EXPORT void podball_module_dispose(void* state);
PODBALL_MODULE_EXPORT void* podball_module_clone(const void* state); /* optional */

/* The same as pointer types, for loaders. */
typedef const podball_module_info* (*podball_module_get_info_fn)(void);
typedef void* (*podball_module_init_fn)(const podball_settings* settings);
typedef int32_t (*podball_module_play_fn)(void* state, const podball_world* world, podball_action* actions);
typedef void (*podball_module_dispose_fn)(void* state);
typedef void* (*podball_module_clone_fn)(const void* state);

#ifdef __cplusplus
}
#endif

#endif /* PODBALL_MODULE_ABI_H */
