// The logistics lab's parameter table: every tunable value declared once, bound to its
// LogisticsConfig field.
#include "engine/core/param_binding.hpp"
#include "engine/logistics/config.hpp"

namespace pb::logistics {
namespace {

const BoundParamTable<LogisticsConfig>& bound_params() {
    using C = LogisticsConfig;
    static const BoundParamTable<LogisticsConfig> table({
        {integer_param("logistics.matching.policy", "Matching policy", "", 0.0, kPolicies - 1, 0.0,
                       "0 stable, transporters propose (Gale-Shapley); 1 stable, requests propose; 2 sequential "
                       "greedy (Overmind's live code); 3 optimal (largest total rate)"),
         &C::policy},
        {switch_param("logistics.distance.true_paths", "True path lengths", false,
                      "Off: Overmind's estimate (factor x Chebyshev range; paths only from a buffer to a target). "
                      "On: every distance is the walked path around walls"),
         &C::true_paths},
        {real_param("logistics.distance.estimate_factor", "Distance estimate factor", "", 1.0, 3.0, 1.1,
                    "Overmind estimates a trip as this many times the Chebyshev range"),
         &C::estimate_factor},
        {real_param("logistics.transporter.capacity", "Transporter capacity", "units", 1.0, 5000.0, 500.0,
                    "What a transporter carries (unless it has its own); a Screeps CARRY part holds 50"),
         &C::transporter_capacity},
        {real_param("logistics.transporter.speed", "Transporter speed", "tiles/tick", 0.05, 4.0, 1.0,
                    "How fast transporters walk (unless they have their own); 1 = one tile a tick"),
         &C::transporter_speed},
        {real_param("logistics.multiplier.spawn", "Spawn multiplier", "", 0.0, 10.0, 1.5,
                    "Request multiplier of spawns and extensions (Overmind: 1.5 for the spawn battery)"),
         &C::spawn_multiplier},
        {real_param("logistics.multiplier.tower", "Tower multiplier", "", 0.0, 10.0, 2.0,
                    "Request multiplier of towers (Overmind: 2 while under attack)"),
         &C::tower_multiplier},
        {real_param("logistics.demand.scale", "Demand scale", "x", 0.0, 20.0, 1.0,
                    "Multiplies every sink's consumption rate: how fast requests grow"),
         &C::demand_scale},
        {real_param("logistics.supply.scale", "Supply scale", "x", 0.0, 20.0, 1.0,
                    "Multiplies every source's production rate: how fast containers fill"),
         &C::supply_scale},
    });
    return table;
}

}  // namespace

const ParamTable& logistics_param_table() { return bound_params().table(); }

LogisticsConfig config_from(const ParamSet& params) { return bound_params().config_from(params); }

std::string_view policy_key(Policy p) {
    switch (p) {
        case Policy::StableTransporters: return "stable_transporters";
        case Policy::StableRequests: return "stable_requests";
        case Policy::SequentialGreedy: return "sequential_greedy";
        case Policy::Optimal: return "optimal";
    }
    return "?";
}

std::string_view policy_label(Policy p) {
    switch (p) {
        case Policy::StableTransporters: return "Stable (transporters propose)";
        case Policy::StableRequests: return "Stable (requests propose)";
        case Policy::SequentialGreedy: return "Sequential greedy";
        case Policy::Optimal: return "Optimal (max total rate)";
    }
    return "?";
}

}  // namespace pb::logistics
