// Helpers shared by the rgs_*.cpp tests: worlds built from parameters and placements, commands
// validated exactly as the core validates them.
#pragma once
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <utility>

#include "engine/core/lab.hpp"
#include "engine/rgs/world.hpp"

namespace rgs_testing {

using namespace pb;
using namespace pb::rgs;

inline ParamSet params_with(std::initializer_list<std::pair<const char*, double>> changes = {}) {
    ParamSet p(rgs_param_table());
    for (const auto& [key, value] : changes) {
        auto err = p.set(key, value);
        REQUIRE_MESSAGE(!err, *err);
    }
    return p;
}

inline RgsPlacement at(int team, Vec3 pos, double range = 0.0, State state = State::Active) {
    RgsPlacement p;
    p.team = team;
    p.kind = default_kind(team);
    p.pos = pos;
    p.range = range;
    p.state = state;
    return p;
}

inline RgsSetup setup_of(std::initializer_list<RgsPlacement> list) {
    RgsSetup s;
    s.rgs = list;
    return s;
}

inline Command command(std::string type, std::initializer_list<std::pair<const char*, CommandValue>> args) {
    Command c;
    c.type = std::move(type);
    for (const auto& [k, v] : args) c.set(k, v);
    return c;
}

inline Command place(int team, double x, double y, double z) {
    return to_command(RgsPlace{.team = team, .x = x, .y = y, .z = z});
}

inline Command with_id(const char* type, int id) { return command(type, {{"id", std::int64_t{id}}}); }

// Validates like Simulation::submit does, then applies; returns the refusal, if any.
inline std::optional<std::string> issue(World& w, const Command& c) {
    if (auto err = validate_lab_command(rgs_lab(), c)) return err;
    return w.apply(c);
}

inline void issue_ok(World& w, const Command& c) {
    auto err = issue(w, c);
    REQUIRE_MESSAGE(!err, (describe(c) + ": " + err.value_or("")));
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}   // namespace rgs_testing
