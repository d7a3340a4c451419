// The team module ABI (include/playbench/podball_module_abi.h; docs/team-modules.md#abi-versions):
// every struct's layout pinned field by field, and the versions Playbench accepts and refuses,
// with test modules built for an older minor, a newer minor, another major and another layout,
// and one that explains its failures (podball_module_last_error), isolated and in-process.
#include <cstddef>
#include <string>

#include "engine/core/scenario.hpp"
#include "engine/podball/modules/library_module.hpp"
#include "engine/podball/modules/module_abi.hpp"
#include "podball_testing.hpp"

using namespace podball_testing;

// A field moved, resized or retyped changes what every built module reads: each offset is part
// of ABI 1 (modules built for 1.0 are still loaded) and may change only with a new major.
#define PB_PIN(type, field, offset) static_assert(offsetof(type, field) == (offset), #type "." #field)
static_assert(sizeof(podball_vec2) == 16 && alignof(podball_vec2) == 8);
PB_PIN(podball_vec2, x, 0);
PB_PIN(podball_vec2, y, 8);
static_assert(sizeof(podball_module_info) == 32 && alignof(podball_module_info) == 8);
PB_PIN(podball_module_info, abi_version, 0);
PB_PIN(podball_module_info, name, 8);
PB_PIN(podball_module_info, author, 16);
PB_PIN(podball_module_info, description, 24);
static_assert(sizeof(podball_settings) == 184 && alignof(podball_settings) == 8);
PB_PIN(podball_settings, abi_version, 0);
PB_PIN(podball_settings, own_pods, 4);
PB_PIN(podball_settings, opponent_pods, 8);
PB_PIN(podball_settings, reserved, 12);
PB_PIN(podball_settings, seed, 16);
PB_PIN(podball_settings, arena_width, 24);
PB_PIN(podball_settings, arena_height, 32);
PB_PIN(podball_settings, goal_width, 40);
PB_PIN(podball_settings, center_keepoff, 48);
PB_PIN(podball_settings, goal_exclusion_radius, 56);
PB_PIN(podball_settings, pod_radius, 64);
PB_PIN(podball_settings, pod_mass, 72);
PB_PIN(podball_settings, pod_thrust, 80);
PB_PIN(podball_settings, pod_friction, 88);
PB_PIN(podball_settings, pod_carry_friction, 96);
PB_PIN(podball_settings, ball_radius, 104);
PB_PIN(podball_settings, ball_mass, 112);
PB_PIN(podball_settings, ball_friction, 120);
PB_PIN(podball_settings, shoot_force, 128);
PB_PIN(podball_settings, pickup_velocity, 136);
PB_PIN(podball_settings, collision_force_limit, 144);
PB_PIN(podball_settings, ballkeep_ticks, 152);
PB_PIN(podball_settings, balldeny_ticks, 156);
PB_PIN(podball_settings, ctrl_step, 160);
PB_PIN(podball_settings, periods, 164);
PB_PIN(podball_settings, period_ticks, 168);
PB_PIN(podball_settings, kickoff_ticks, 172);
PB_PIN(podball_settings, goal_ticks, 176);
static_assert(sizeof(podball_pod) == 40 && alignof(podball_pod) == 8);
PB_PIN(podball_pod, pos, 0);
PB_PIN(podball_pod, vel, 16);
PB_PIN(podball_pod, denied, 32);
PB_PIN(podball_pod, reserved, 36);
static_assert(sizeof(podball_world) == 976 && alignof(podball_world) == 8);
PB_PIN(podball_world, tick, 0);
PB_PIN(podball_world, running_ticks, 8);
PB_PIN(podball_world, mode, 16);
PB_PIN(podball_world, period, 20);
PB_PIN(podball_world, own_score, 24);
PB_PIN(podball_world, opponent_score, 28);
PB_PIN(podball_world, own_count, 32);
PB_PIN(podball_world, opponent_count, 36);
PB_PIN(podball_world, own, 40);
PB_PIN(podball_world, opponents, 480);
PB_PIN(podball_world, ball_pos, 920);
PB_PIN(podball_world, ball_vel, 936);
PB_PIN(podball_world, ball_owner_team, 952);
PB_PIN(podball_world, ball_owner_index, 956);
PB_PIN(podball_world, own_area_holder, 960);
PB_PIN(podball_world, opponent_area_holder, 964);
PB_PIN(podball_world, settings, 968);
static_assert(sizeof(podball_action) == 24 && alignof(podball_action) == 8);
PB_PIN(podball_action, kind, 0);
PB_PIN(podball_action, reserved, 4);
PB_PIN(podball_action, v, 8);
static_assert(sizeof(podball_module_abi) == 24 && alignof(podball_module_abi) == 4);
PB_PIN(podball_module_abi, major, 0);
PB_PIN(podball_module_abi, minor, 4);
PB_PIN(podball_module_abi, info_size, 8);
PB_PIN(podball_module_abi, settings_size, 12);
PB_PIN(podball_module_abi, world_size, 16);
PB_PIN(podball_module_abi, action_size, 20);
#undef PB_PIN
// The values a module compares and returns.
static_assert(PODBALL_MAX_PODS == 11 && PODBALL_ACTION_NONE == 0 && PODBALL_ACTION_MOVE == 1 &&
              PODBALL_ACTION_SHOOT == 2);
static_assert(PODBALL_MODE_KICKOFF_OWN == 0 && PODBALL_MODE_RUNNING == 2 && PODBALL_MODE_FINAL == 6);
static_assert(PODBALL_MODULE_ABI_VERSION == PODBALL_MODULE_ABI_MAJOR);

#ifdef PB_MODULE_DIR

namespace {

struct InProcess {
    explicit InProcess(bool on) { set_library_modules_in_process(on); }
    ~InProcess() { set_library_modules_in_process(false); }
    InProcess(const InProcess&) = delete;
    InProcess& operator=(const InProcess&) = delete;
};

// Why the library at `path` cannot be played ("" when it can).
std::string refusal(const std::string& path) { return probe_module_library(path).value_or(""); }

// Team 0 plays the library at `path` with `pods` pods, team 1 stands still; the match is running.
PodballWorld library_team(const std::string& path, int pods) {
    PodballSetup s;
    s.teams[0] = TeamInfo{"Lib", "lib:" + path, pods};
    s.teams[1] = TeamInfo{"Red", "idle", 3};
    s.library_paths[0] = path;
    s.start_mode = Mode::Running;
    return PodballWorld(params_with(), s, 2);
}

}   // namespace

TEST_CASE("podball module ABI: an older minor plays; another major, a newer minor or another layout is refused") {
    for (const bool in_process : {false, true}) {
        CAPTURE(in_process);
        InProcess mode(in_process);

        // Built for 1.0 (no podball_module_abi_version): loads and plays as before.
        CHECK(refusal(test_module("oldminor")).empty());
        PodballWorld w = library_team(test_module("oldminor"), 3);
        for (int t = 0; t < 20; ++t) w.step();
        CHECK(w.module_health(0).load_error.empty());
        CHECK(w.module_health(0).faults == 0);
        CHECK(w.pods()[1].action.kind == PodAction::Kind::Move);
        CHECK(w.pods()[1].action.v == Vec2{0.0, 0.5});
        // Built for this version (the header defines its podball_module_abi_version).
        CHECK(refusal(module_path("libsimple_striker.so")).empty());

        const std::string major = refusal(test_module("abi"));
        CHECK(major.find("module library '" + test_module("abi") +
                         "' was built for module ABI version 2.0, this Playbench speaks version 1.1 and loads "
                         "modules of major version 1 only: rebuild it against <playbench/podball_module_abi.h>") !=
              std::string::npos);
        CHECK(refusal(test_module("newminor"))
                  .find("was built for module ABI version 1.2, newer than this Playbench's 1.1") != std::string::npos);
        CHECK(refusal(test_module("layout"))
                  .find("lays out the ABI's structs otherwise than version 1.1 (podball_module_info, podball_settings, "
                        "podball_world, podball_action: 32, 184, 984, 24 bytes; the ABI's: 32, 184, 976, 24)") !=
              std::string::npos);
    }
}

TEST_CASE("podball module ABI: podball_module_last_error's message is part of the fault, bounded and printable") {
    for (const bool in_process : {false, true}) {
        CAPTURE(in_process);
        InProcess mode(in_process);

        // Calls at ticks 0, 5, 10, 15; every second one fails with 300 bytes after "\x01".
        PodballWorld w = library_team(test_module("lasterror"), 3);
        for (int t = 0; t < 20; ++t) w.step();
        const ModuleHealth& h = w.module_health(0);
        CHECK(h.faults == 2);
        CHECK(h.last_fault_tick == 15);
        const std::string said = "podball_module_play returned status 3: no plan for tick 15\\x01";
        // PODBALL_MODULE_ERROR_BYTES (256) of the message: 19 + 1 + 236.
        CHECK(h.last_fault.find(said + std::string(236, 'x')) != std::string::npos);
        CHECK(h.last_fault.find(said + std::string(237, 'x')) == std::string::npos);

        PodballWorld refused = library_team(test_module("lasterror"), 6);
        CHECK(refused.module_health(0).load_error.find(
                  "podball_module_init returned NULL: lasterror plays at most 5 pods, got 6") != std::string::npos);

        // A module without the export: the fault as before.
        PodballWorld plain = library_team(test_module("status"), 3);
        for (int t = 0; t < 20; ++t) plain.step();
        CHECK(plain.module_health(0).last_fault.find("returned status 7") != std::string::npos);
        CHECK(plain.module_health(0).last_fault.find("returned status 7:") == std::string::npos);
    }
}

#endif   // PB_MODULE_DIR
