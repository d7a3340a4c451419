// The logistics lab's registration: parameters, commands, scenario keys, world factory and benchmark.
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/logistics/bench.hpp"
#include "engine/logistics/derived.hpp"
#include "engine/logistics/inverse.hpp"
#include "engine/logistics/world.hpp"

namespace pb::logistics {
namespace {

std::unique_ptr<World> create_logistics_world(const Scenario& s) {
    static const LogisticsSetup fallback;
    const auto* setup = dynamic_cast<const LogisticsSetup*>(s.setup.get());
    return std::make_unique<LogisticsWorld>(s.params, setup ? *setup : fallback, s.seed);
}

// Its metrics in the words of the side panel (docs/sweeps.md#in-the-window): totals since tick 0
// in units, the idle shares (0..1 in the JSON) in %.
std::optional<ResultLabel> result_label_of(const std::string& path) {
    static const ResultField fields[] = {
        {"delivered_to_sinks", "delivered to sinks", "units"},
        {"moved_into_buffers", "moved into buffers", "units"},
        {"produced", "produced", "units"},
        {"consumed", "consumed by sinks", "units"},
        {"starved", "starved", "units"},
        {"unmet_demand", "unmet demand at the end", "units"},
        {"idle_fraction", "idle transporters at the end", "%", 100.0},
        {"mean_idle_fraction", "idle transporters, mean", "%", 100.0},
        {"distance_travelled", "distance travelled", "tiles"},
        {"matches", "matches made", ""},
    };
    if (path.rfind("metrics.", 0) != 0) return std::nullopt;
    return field_label(path.substr(8), fields);
}

LabInfo make_lab() {
    LabInfo lab;
    lab.name = "logistics";
    lab.title = "Logistics";
    lab.summary = "Transporters, requests and stable matchings: Overmind's dq/dt rates, three policies compared";
    lab.params = &logistics_param_table();
    lab.commands = command_specs(LogisticsCommands{});
    lab.setup_keys = {"map", "target", "transporter", "generate"};
    lab.parse_setup = [](const Node& root, const ParamSet&, TableReader& reader,
                         Diagnostics& diag) -> std::shared_ptr<const LabSetup> {
        return read_logistics_setup(root, reader, diag);
    };
    lab.default_setup = []() -> std::shared_ptr<const LabSetup> { return std::make_shared<LogisticsSetup>(); };
    lab.create_world = create_logistics_world;
    lab.bench = bench_logistics;
    lab.derived = derived_values;          // derived.cpp
    lab.inverse = for_world(inverse_of);   // inverse.cpp
    lab.example_scenario = "logistics-colony.toml";
    lab.sweep_results = {"metrics.delivered_to_sinks", "metrics.starved", "metrics.unmet_demand",
                         "metrics.mean_idle_fraction"};
    lab.result_label = result_label_of;
    return lab;
}

}   // namespace

const LabInfo& logistics_lab() {
    static const LabInfo lab = make_lab();
    return lab;
}

}   // namespace pb::logistics
