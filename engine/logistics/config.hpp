// The logistics lab's tunable values, derived from the lab's ParamSet (declared once in params.cpp,
// defaults included: a config comes from config_from; a default-constructed one is all NaN).
// Defaults are Overmind's where it has them (1.1 x Chebyshev distance estimate, multipliers 1.5 for
// the spawn battery and 2 for towers under attack); capacity and speed are a ten-CARRY, full-speed
// Screeps transporter.
#pragma once
#include <string_view>

#include "engine/core/param_binding.hpp"
#include "engine/logistics/types.hpp"

namespace pb::logistics {

// How idle transporters are assigned to requests each tick.
enum class Policy {
    StableTransporters = 0,   // Gale-Shapley, transporters propose (Overmind's matching)
    StableRequests = 1,       // Gale-Shapley, requests propose
    SequentialGreedy = 2,     // each transporter in turn takes its best request (what Overmind ships)
    Optimal = 3,              // the assignment with the largest total rate
};
constexpr int kPolicies = 4;
std::string_view policy_key(Policy p);     // "stable_transporters", ...
std::string_view policy_label(Policy p);   // "Stable (transporters propose)", ...

struct LogisticsConfig {
    double policy = kUnsetParam;            // a Policy
    double true_paths = kUnsetParam;        // 1: every distance is a path length over the map
    double estimate_factor = kUnsetParam;   // Overmind's distance estimate: factor x Chebyshev range
    double transporter_capacity = kUnsetParam;
    double transporter_speed = kUnsetParam;   // tiles per tick
    double spawn_multiplier = kUnsetParam;    // spawn and extensions
    double tower_multiplier = kUnsetParam;
    double demand_scale = kUnsetParam;   // on every sink's consumption rate
    double supply_scale = kUnsetParam;   // on every source's production rate

    Policy matching_policy() const { return static_cast<Policy>(static_cast<int>(policy)); }
    bool paths() const { return true_paths >= 0.5; }
    // The request multiplier of a target: its own when set, else its kind's.
    double multiplier_of(const Target& t) const {
        if (t.multiplier > 0.0) return t.multiplier;
        if (t.kind == TargetKind::Spawn || t.kind == TargetKind::Extension) return spawn_multiplier;
        if (t.kind == TargetKind::Tower) return tower_multiplier;
        return 1.0;
    }
};

const ParamTable& logistics_param_table();
LogisticsConfig config_from(const ParamSet& params);

}   // namespace pb::logistics
