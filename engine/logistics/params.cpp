// The logistics lab's parameter table: every tunable value declared once, bound to its
// LogisticsConfig field.
#include "engine/core/param_binding.hpp"
#include "engine/logistics/config.hpp"

namespace pb::logistics {
namespace {

const BoundParamTable<LogisticsConfig>& bound_params() {
    using C = LogisticsConfig;
    static const BoundParamTable<LogisticsConfig> table({
        {choice_param("logistics.matching.policy", "Matching policy",
                      {{"stable_transporters", "Stable (transporters propose)"},
                       {"stable_requests", "Stable (requests propose)"},
                       {"sequential_greedy", "Sequential greedy"},
                       {"optimal", "Optimal (max total rate)"}},
                      0.0,
                      "How idle transporters are matched to requests each tick: stable, transporters propose "
                      "(Gale-Shapley, Overmind's design); stable, requests propose; sequential greedy (Overmind's "
                      "live code); optimal (largest total rate)"),
         &C::policy},
        {switch_param("logistics.distance.true_paths", "True path lengths", false,
                      "Off: Overmind's estimate (factor x Chebyshev range; paths only from a buffer to a target). "
                      "On: every distance is the walked path around walls"),
         &C::true_paths},
        {real_param("logistics.distance.estimate_factor", "Distance estimate factor", "x Chebyshev range", 1.0, 3.0,
                    1.1, "Overmind estimates a trip as this many times the Chebyshev range"),
         &C::estimate_factor},
        {real_param("logistics.transporter.capacity", "Transporter capacity", "energy", 1.0, 5000.0, 500.0,
                    "What a transporter carries (unless it has its own); a Screeps CARRY part holds 50"),
         &C::transporter_capacity},
        {real_param("logistics.transporter.speed", "Transporter speed", "tiles/tick", 0.05, 4.0, 1.0,
                    "How fast transporters walk (unless they have their own); 1 = one tile a tick"),
         &C::transporter_speed},
        {real_param("logistics.multiplier.spawn", "Spawn multiplier", "x request rate", 0.0, 10.0, 1.5,
                    "Request multiplier of spawns and extensions (Overmind: 1.5 for the spawn battery)"),
         &C::spawn_multiplier},
        {real_param("logistics.multiplier.tower", "Tower multiplier", "x request rate", 0.0, 10.0, 2.0,
                    "Request multiplier of towers (Overmind: 2 while under attack)"),
         &C::tower_multiplier},
        {real_param("logistics.demand.scale", "Demand scale", "x consumption", 0.0, 20.0, 1.0,
                    "Multiplies every sink's consumption rate: how fast requests grow"),
         &C::demand_scale},
        {real_param("logistics.supply.scale", "Supply scale", "x production", 0.0, 20.0, 1.0,
                    "Multiplies every source's production rate: how fast containers fill"),
         &C::supply_scale},
    });
    return table;
}

}   // namespace

const ParamTable& logistics_param_table() { return bound_params().table(); }

LogisticsConfig config_from(const ParamSet& params) { return bound_params().config_from(params); }

// The names and labels are the parameter table's choices: written once, there.
static const std::vector<ParamChoice>& policy_choices() {
    static const std::vector<ParamChoice>& choices =
        logistics_param_table()[*logistics_param_table().find("logistics.matching.policy")].choices;
    return choices;
}

std::string_view policy_key(Policy p) {
    const auto& choices = policy_choices();
    const auto i = static_cast<std::size_t>(p);
    return i < choices.size() ? std::string_view(choices[i].name) : std::string_view("?");
}

std::string_view policy_label(Policy p) {
    const auto& choices = policy_choices();
    const auto i = static_cast<std::size_t>(p);
    return i < choices.size() ? std::string_view(choices[i].label) : std::string_view("?");
}

}   // namespace pb::logistics
