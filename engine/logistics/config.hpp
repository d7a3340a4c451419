// The logistics lab's tunable values, derived from the lab's ParamSet (declared once in params.cpp).
// Defaults are Overmind's where it has them (1.1 x Chebyshev distance estimate, multipliers 1.5 for
// the spawn battery and 2 for towers under attack); capacity and speed are a ten-CARRY, full-speed
// Screeps transporter.
#pragma once
#include <string_view>

#include "engine/core/params.hpp"
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
    double policy = 0.0;              // a Policy
    double true_paths = 0.0;          // 1: every distance is a path length over the map
    double estimate_factor = 1.1;     // Overmind's distance estimate: factor x Chebyshev range
    double transporter_capacity = 500.0;
    double transporter_speed = 1.0;   // tiles per tick
    double spawn_multiplier = 1.5;    // spawn and extensions
    double tower_multiplier = 2.0;
    double demand_scale = 1.0;        // on every sink's consumption rate
    double supply_scale = 1.0;        // on every source's production rate

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

}  // namespace pb::logistics
