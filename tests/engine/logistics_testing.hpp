// Helpers shared by the logistics_*.cpp tests: worlds built from parameters and placements, and
// commands validated exactly as the core validates them.
#pragma once
#include <doctest/doctest.h>

#include <initializer_list>
#include <string>
#include <utility>

#include "engine/core/lab.hpp"
#include "engine/logistics/world.hpp"

namespace logistics_testing {

using namespace pb;
using namespace pb::logistics;

inline ParamSet params_with(std::initializer_list<std::pair<const char*, double>> changes = {}) {
    ParamSet p(logistics_param_table());
    for (const auto& [key, value] : changes) {
        auto err = p.set(key, value);
        REQUIRE_MESSAGE(!err, *err);
    }
    return p;
}

inline TargetPlacement target(TargetKind kind, Tile pos, double energy = 0.0, double mineral = 0.0) {
    TargetPlacement p;
    p.kind = kind;
    p.pos = pos;
    p.store = {energy, mineral};
    return p;
}

inline TransporterPlacement transporter(Tile pos, double energy = 0.0, double capacity = 0.0) {
    TransporterPlacement p;
    p.pos = pos;
    p.carry = {energy, 0.0};
    p.capacity = capacity;
    return p;
}

inline Command command(std::string type, std::initializer_list<std::pair<const char*, CommandValue>> args) {
    Command c;
    c.type = std::move(type);
    for (const auto& [k, v] : args) c.set(k, v);
    return c;
}

// Validates like Simulation::submit does, then applies; returns the refusal, if any.
inline std::optional<std::string> issue(World& w, const Command& c) {
    if (auto err = validate_lab_command(logistics_lab(), c)) return err;
    return w.apply(c);
}

inline void issue_ok(World& w, const Command& c) {
    auto err = issue(w, c);
    REQUIRE_MESSAGE(!err, (describe(c) + ": " + err.value_or("")));
}

inline bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// The only request on target `id` among `reqs` (its column), -1 when it has none.
inline int column_of(const std::vector<Request>& reqs, int id) {
    for (std::size_t c = 0; c < reqs.size(); ++c)
        if (reqs[c].id == id) return static_cast<int>(c);
    return -1;
}

}   // namespace logistics_testing
