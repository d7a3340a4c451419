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
    return lab;
}

}   // namespace

const LabInfo& logistics_lab() {
    static const LabInfo lab = make_lab();
    return lab;
}

}   // namespace pb::logistics
