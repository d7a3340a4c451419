// The RGS lab's registration: parameters, commands, scenario keys, world factory and benchmark.
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/rgs/bench.hpp"
#include "engine/rgs/derived.hpp"
#include "engine/rgs/inverse.hpp"
#include "engine/rgs/world.hpp"

namespace pb::rgs {
namespace {

std::unique_ptr<World> create_rgs_world(const Scenario& s) {
    static const RgsSetup fallback;
    const auto* setup = dynamic_cast<const RgsSetup*>(s.setup.get());
    return std::make_unique<RgsWorld>(s.params, setup ? *setup : fallback, s.seed);
}

// Its metrics per team, named as the scenario's [team0] / [team1] (docs/sweeps.md#in-the-window).
std::optional<ResultLabel> result_label_of(const std::string& path) {
    static const ResultField fields[] = {
        {"bp", "BP in hand", "BP"},
        {"mined", "BP mined", "BP"},
        {"spent", "BP spent", "BP"},
        {"refunded", "BP refunded", "BP"},
        {"mining_rgs", "RGS mining", ""},
        {"building_rgs", "RGS building", ""},
        {"destroyed_rgs", "RGS destroyed", ""},
    };
    const auto f = indexed_field(path, "metrics.teams");
    if (!f) return std::nullopt;
    return field_label(f->second, fields, "team " + std::to_string(f->first) + " ");
}

LabInfo make_lab() {
    LabInfo lab;
    lab.name = "rgs";
    lab.title = "RGS resources";
    lab.summary = "Resource generating structures: interference of overlapping spheres, build points over a match";
    lab.params = &rgs_param_table();
    lab.commands = command_specs(RgsCommands{});
    lab.setup_keys = {"team0", "team1", "rgs"};
    lab.parse_setup = [](const Node& root, const ParamSet& params, TableReader& reader,
                         Diagnostics& diag) -> std::shared_ptr<const LabSetup> {
        return read_rgs_setup(root, params, reader, diag);
    };
    lab.default_setup = []() -> std::shared_ptr<const LabSetup> { return std::make_shared<RgsSetup>(); };
    lab.create_world = create_rgs_world;
    lab.bench = bench_rgs;
    lab.derived = derived_values;          // derived.cpp
    lab.inverse = for_world(inverse_of);   // inverse.cpp
    lab.example_scenario = "rgs-build-order.toml";
    lab.sweep_results = {"metrics.teams[0].bp", "metrics.teams[1].bp", "metrics.teams[0].mined",
                         "metrics.teams[1].mined"};
    lab.result_label = result_label_of;
    return lab;
}

}   // namespace

const LabInfo& rgs_lab() {
    static const LabInfo lab = make_lab();
    return lab;
}

}   // namespace pb::rgs
