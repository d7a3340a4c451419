/* Podball team modules as shared libraries: the plain C ABI between Playbench and a team's brain.
 * Installed as /usr/include/playbench/podball_module_abi.h (the Debian package); in the source
 * tree include/playbench/podball_module_abi.h. Build a module with `-I include` (or nothing, when
 * installed) and `#include <playbench/podball_module_abi.h>` (docs/team-modules.md#writing-one).
 *
 * A module library exports four functions (and optionally two more):
 *
 *   const podball_module_info* podball_module_get_info(void);
 *       Static description; abi_version must be PODBALL_MODULE_ABI_MAJOR (the same as
 *       PODBALL_MODULE_ABI_VERSION).
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
 *   const char* podball_module_last_error(const void* state);           [optional, ABI 1.1]
 *       Why the call just made failed, in the module's words: asked right after play returned
 *       non-zero (with that team's state) and after init returned NULL (with state NULL), on the
 *       thread that made the call. Playbench adds it to the fault it reports (the window, `run`,
 *       `run --json`): the first PODBALL_MODULE_ERROR_BYTES bytes, control characters and invalid
 *       UTF-8 shown as \x.. escapes. NULL or "": no message.
 *
 * Versions (docs/team-modules.md#abi-versions): MAJOR.MINOR. A minor adds (optional functions,
 * fields at the end of a struct) and never changes what was there; a major may change anything.
 * Playbench loads a module built for its own major and any minor up to its own, and refuses
 * another major, or a newer minor, saying both versions. A module says what it was built against
 * with the variable podball_module_abi_version, which this header defines in every file that
 * includes it (weak: one per library), with the sizes of the structs as the module's compiler laid
 * them out; a library without it was built before ABI 1.1, and counts as 1.0.
 *
 * Isolation: by default Playbench runs the library in a process of its own (playbench-module-host)
 * with a time budget per call (2 s for loading and init, 50 ms for play;
 * engine/podball/modules/module_host.hpp). A module that overruns, crashes, aborts, exits or writes
 * past its action array is stopped: its team idles for the rest of the match and the fault is
 * reported. `--in-process-modules` loads it into Playbench instead (trusted modules only). Either
 * way the module sees the same calls.
 *
 * The module sees the world mirrored so that its own team always attacks towards +x (its own goal
 * is at x = -arena_width/2), and the engine mirrors the returned vectors back. Units: lengths in
 * arena widths, time in ticks, velocities in length per tick. Vectors longer than 1 count as 1
 * (however long, if finite: full thrust in their direction).
 */
#ifndef PODBALL_MODULE_ABI_H
#define PODBALL_MODULE_ABI_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PODBALL_MODULE_ABI_MAJOR 1u
#define PODBALL_MODULE_ABI_MINOR 1u
/* The major: the value podball_module_info.abi_version holds (the name modules built for 1.0 use). */
#define PODBALL_MODULE_ABI_VERSION PODBALL_MODULE_ABI_MAJOR
#define PODBALL_MAX_PODS 11
/* The most of podball_module_last_error's message Playbench reads (bytes). */
#define PODBALL_MODULE_ERROR_BYTES 256

/* Match modes as the module sees them (mirrored: "own" is the module's team). */
#define PODBALL_MODE_KICKOFF_OWN 0
#define PODBALL_MODE_KICKOFF_OPPONENT 1
#define PODBALL_MODE_RUNNING 2
#define PODBALL_MODE_GOAL_OWN 3 /* we scored; play is suspended */
#define PODBALL_MODE_GOAL_OPPONENT 4
#define PODBALL_MODE_SUSPENDED 5
#define PODBALL_MODE_FINAL 6

#define PODBALL_ACTION_NONE 0
#define PODBALL_ACTION_MOVE 1 /* thrust: v is direction * power */
#define PODBALL_ACTION_SHOOT \
    2 /* shot, fired once the pod holds the ball: ball.v = pod.v + shoot_force * v / ball_mass */

typedef struct podball_vec2 {
    double x, y;
} podball_vec2;

typedef struct podball_module_info {
    uint32_t abi_version; /* PODBALL_MODULE_ABI_MAJOR */
    const char* name;     /* short, e.g. "simple_striker" */
    const char* author;
    const char* description; /* one line */
} podball_module_info;

/* The match settings (the parameter table's values). Passed once to init; the world passed to play
 * points at the current values, which a designer may change while the match runs. */
typedef struct podball_settings {
    uint32_t abi_version;
    int32_t own_pods;
    int32_t opponent_pods;
    uint32_t reserved;
    uint64_t seed; /* per team and match: use it for any randomness */
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
    int32_t denied; /* in BALLDENY: cannot pick the ball up, the ball passes through it */
    int32_t reserved;
} podball_pod;

typedef struct podball_world {
    int64_t tick;
    int64_t running_ticks; /* match time played */
    int32_t mode;          /* PODBALL_MODE_* */
    int32_t period;        /* 0-based */
    int32_t own_score, opponent_score;
    int32_t own_count, opponent_count;
    podball_pod own[PODBALL_MAX_PODS];
    podball_pod opponents[PODBALL_MAX_PODS];
    podball_vec2 ball_pos, ball_vel;
    int32_t ball_owner_team; /* 0 own, 1 opponent, -1 free */
    int32_t ball_owner_index;
    int32_t own_area_holder;      /* own pod allowed in our goal area, -1: free */
    int32_t opponent_area_holder; /* opponent pod allowed in theirs, -1: free */
    const podball_settings* settings;
} podball_world;

typedef struct podball_action {
    int32_t kind; /* PODBALL_ACTION_* */
    int32_t reserved;
    podball_vec2 v;
} podball_action;

/* What a module was built against (ABI 1.1): the version, and the size of each struct as the
 * module's compiler laid it out. Playbench compares the sizes with those of that version, so a
 * module built with other packing or for another architecture is refused rather than misread. */
typedef struct podball_module_abi {
    uint32_t major;         /* PODBALL_MODULE_ABI_MAJOR */
    uint32_t minor;         /* PODBALL_MODULE_ABI_MINOR */
    uint32_t info_size;     /* sizeof(podball_module_info) */
    uint32_t settings_size; /* sizeof(podball_settings) */
    uint32_t world_size;    /* sizeof(podball_world) */
    uint32_t action_size;   /* sizeof(podball_action) */
} podball_module_abi;

/* The layout, pinned (64-bit Linux, where Playbench runs): a change that moves a field fails to
 * compile here, in every module, instead of misreading at run time. Each field's offset is pinned
 * in tests/engine/podball_abi_layout_test.cpp. */
#if defined(__cplusplus) && __cplusplus >= 201103L
#define PODBALL_ABI_ASSERT(cond, what) static_assert(cond, what)
#define PODBALL_ABI_ALIGNOF(type) alignof(type)
#elif defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define PODBALL_ABI_ASSERT(cond, what) _Static_assert(cond, what)
#define PODBALL_ABI_ALIGNOF(type) _Alignof(type)
#endif
#if defined(PODBALL_ABI_ASSERT) && (defined(__LP64__) || defined(_LP64))
PODBALL_ABI_ASSERT(sizeof(podball_vec2) == 16 && PODBALL_ABI_ALIGNOF(podball_vec2) == 8, "podball_vec2 layout");
PODBALL_ABI_ASSERT(sizeof(podball_module_info) == 32 && PODBALL_ABI_ALIGNOF(podball_module_info) == 8,
                   "podball_module_info layout");
PODBALL_ABI_ASSERT(sizeof(podball_settings) == 184 && PODBALL_ABI_ALIGNOF(podball_settings) == 8,
                   "podball_settings layout");
PODBALL_ABI_ASSERT(sizeof(podball_pod) == 40 && PODBALL_ABI_ALIGNOF(podball_pod) == 8, "podball_pod layout");
PODBALL_ABI_ASSERT(sizeof(podball_world) == 976 && PODBALL_ABI_ALIGNOF(podball_world) == 8, "podball_world layout");
PODBALL_ABI_ASSERT(sizeof(podball_action) == 24 && PODBALL_ABI_ALIGNOF(podball_action) == 8, "podball_action layout");
PODBALL_ABI_ASSERT(sizeof(podball_module_abi) == 24 && PODBALL_ABI_ALIGNOF(podball_module_abi) == 4,
                   "podball_module_abi layout");
#endif

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
PODBALL_MODULE_EXPORT void* podball_module_clone(const void* state);            /* optional */
PODBALL_MODULE_EXPORT const char* podball_module_last_error(const void* state); /* optional, ABI 1.1 */
PODBALL_MODULE_EXPORT extern const podball_module_abi podball_module_abi_version;

/* The same as pointer types, for loaders. */
typedef const podball_module_info* (*podball_module_get_info_fn)(void);
typedef void* (*podball_module_init_fn)(const podball_settings* settings);
typedef int32_t (*podball_module_play_fn)(void* state, const podball_world* world, podball_action* actions);
typedef void (*podball_module_dispose_fn)(void* state);
typedef void* (*podball_module_clone_fn)(const void* state);
typedef const char* (*podball_module_last_error_fn)(const void* state);

/* podball_module_abi_version, defined here for the module that includes this header: weak, so
 * that every file of a library may include it and the library exports one. GCC and Clang only;
 * with another compiler define it in one file of the module, as below. Playbench, which reads it,
 * defines PODBALL_MODULE_ABI_NO_STAMP. */
#if defined(__GNUC__) && !defined(PODBALL_MODULE_ABI_NO_STAMP)
#ifdef __cplusplus
__attribute__((weak)) extern const podball_module_abi podball_module_abi_version = {
#else
__attribute__((weak)) const podball_module_abi podball_module_abi_version = {
#endif
    PODBALL_MODULE_ABI_MAJOR, PODBALL_MODULE_ABI_MINOR, sizeof(podball_module_info),
    sizeof(podball_settings), sizeof(podball_world),    sizeof(podball_action)};
#endif

#ifdef __cplusplus
}
#endif

#endif /* PODBALL_MODULE_ABI_H */
