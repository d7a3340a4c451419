// Helpers shared by the podball_*.cpp tests: worlds built from parameters and a setup, commands
// validated exactly as the core validates them.
#pragma once
#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>
#include <string>
#include <utility>

#include "engine/core/lab.hpp"
#include "engine/podball/world.hpp"

namespace podball_testing {

using namespace pb;
using namespace pb::podball;

inline ParamSet params_with(std::initializer_list<std::pair<const char*, double>> changes = {}) {
    ParamSet p(podball_param_table());
    for (const auto& [key, value] : changes) {
        auto err = p.set(key, value);
        REQUIRE_MESSAGE(!err, *err);
    }
    return p;
}

// Two idle teams (one pod each unless told otherwise) in a mode where nothing happens by itself.
inline PodballSetup idle_setup(int pods0 = 1, int pods1 = 1, Mode start = Mode::Suspended) {
    PodballSetup s;
    s.teams[0] = TeamInfo{"Blue", "idle", pods0};
    s.teams[1] = TeamInfo{"Red", "idle", pods1};
    s.start_mode = start;
    return s;
}

inline void place(PodballSetup& s, int team, int index, Vec2 pos, Vec2 vel = {0.0, 0.0}) {
    s.pods.push_back(PodPlacement{team, index, pos, vel});
}

inline Command command(std::string type, std::initializer_list<std::pair<const char*, CommandValue>> args) {
    Command c;
    c.type = std::move(type);
    for (const auto& [k, v] : args) c.set(k, v);
    return c;
}

// Validates like Simulation::submit does, then applies; returns the refusal, if any.
inline std::optional<std::string> issue(World& w, const Command& c) {
    if (auto err = validate_lab_command(podball_lab(), c)) return err;
    return w.apply(c);
}

inline void issue_ok(World& w, const Command& c) {
    auto err = issue(w, c);
    REQUIRE_MESSAGE(!err, (describe(c) + ": " + err.value_or("")));
}

inline Command shoot(int team, int pod, double x, double y) {
    return command(
        "pod.action",
        {{"team", std::int64_t{team}}, {"pod", std::int64_t{pod}}, {"kind", std::string("shoot")}, {"x", x}, {"y", y}});
}

inline Command move(int team, int pod, double x, double y, std::int64_t ticks) {
    return command("pod.action", {{"team", std::int64_t{team}},
                                  {"pod", std::int64_t{pod}},
                                  {"kind", std::string("move")},
                                  {"x", x},
                                  {"y", y},
                                  {"ticks", ticks}});
}

inline double speed(Vec2 v) { return std::sqrt(v.x * v.x + v.y * v.y); }

inline const Pod& pod_of(const PodballWorld& w, int team, int index) { return w.pods()[w.pod_id(team, index)]; }

inline Vec2 momentum(const PodballWorld& w) {
    const PodballConfig& c = w.config();
    Vec2 p{0.0, 0.0};
    for (const Pod& pod : w.pods()) p += pod.vel * c.pod_mass;
    return p + w.ball().vel * c.ball_mass;
}

#ifdef PB_MODULE_DIR
// The module libraries the build makes beside the tests (simple_striker, the test variants).
inline std::string module_path(const std::string& name) { return std::string(PB_MODULE_DIR) + "/" + name; }
inline std::string striker() { return module_path("libsimple_striker.so"); }
inline std::string test_module(const std::string& variant) {
    return module_path("libpb_test_module_" + variant + ".so");
}

// Team 0 ("Lib") plays the library at `path`, team 1 ("Red") the built-in chaser.
inline PodballWorld library_vs_chaser(const std::string& path, Mode start = Mode::Running, int pods = 3,
                                      const ParamSet& params = params_with()) {
    PodballSetup s;
    s.teams[0] = TeamInfo{"Lib", "lib:" + path, pods};
    s.teams[1] = TeamInfo{"Red", "chaser", pods};
    s.library_paths[0] = path;
    s.start_mode = start;
    return PodballWorld(params, s, 2);
}
#endif

}   // namespace podball_testing
