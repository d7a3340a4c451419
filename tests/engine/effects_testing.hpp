// Helpers shared by the effects_*.cpp tests: setups, worlds, commands validated exactly as the
// core validates them, and the effects on one creep.
#pragma once
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <utility>

#include "engine/core/lab.hpp"
#include "engine/effects/world.hpp"

namespace effects_testing {

using namespace pb;
using namespace pb::effects;

inline Command command(std::string type, std::initializer_list<std::pair<const char*, CommandValue>> args) {
    Command c;
    c.type = std::move(type);
    for (const auto& [k, v] : args) c.set(k, v);
    return c;
}

inline Command hit(int creep, const char* effect, double potency, double duration) {
    return to_command(EffectApply{.creep = creep, .effect = effect, .potency = potency, .duration = duration});
}

// Validates like Simulation::submit does, then applies; returns the refusal, if any.
inline std::optional<std::string> issue(World& w, const Command& c) {
    if (auto err = validate_lab_command(effects_lab(), c)) return err;
    return w.apply(c);
}

inline void issue_ok(World& w, const Command& c) {
    auto err = issue(w, c);
    REQUIRE_MESSAGE(!err, (describe(c) + ": " + err.value_or("")));
}

// `count` creeps standing still at the start of a lane 10 units long, spawned at tick 0, under
// the given policies (one lane each).
inline EffectsSetup dummies(int count, std::initializer_list<LaneVariant> compare = {LaneVariant{}}) {
    EffectsSetup s;
    s.waypoints = {{0.0, 0.0}, {10.0, 0.0}};
    s.waves.push_back(Wave{"Dummies", 0.0, count, 0.0, 1e6, 0.0, 0.0, 1.0});
    s.compare = compare;
    return s;
}

inline EffectsWorld world_of(const EffectsSetup& s, std::initializer_list<std::pair<const char*, double>> params = {}) {
    ParamSet p(effects_param_table());
    for (const auto& [key, value] : params) {
        auto err = p.set(key, value);
        REQUIRE_MESSAGE(!err, *err);
    }
    EffectsWorld w(p, s, 1);
    w.step();   // spawns the dummies
    return w;
}

// The dose of `effect` on creep `id` of lane `lane` (potency 0 when absent).
inline Dose dose_of(const EffectsWorld& w, int id, const char* effect, std::size_t lane = 0) {
    const int type = *w.book().find(effect);
    for (const ActiveEffect& e : w.lane(lane).creeps()[static_cast<std::size_t>(id)].effects)
        if (e.type == type) return {e.potency, e.remaining};
    return {0.0, 0.0};
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}   // namespace effects_testing
