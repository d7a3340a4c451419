// The Effects lab's registration: parameters, commands, scenario keys, world factory and benchmark.
#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/effects/bench.hpp"
#include "engine/effects/derived.hpp"
#include "engine/effects/inverse.hpp"
#include "engine/effects/world.hpp"

namespace pb::effects {
namespace {

std::unique_ptr<World> create_effects_world(const Scenario& s) {
    static const EffectsSetup fallback;
    const auto* setup = dynamic_cast<const EffectsSetup*>(s.setup.get());
    return std::make_unique<EffectsWorld>(s.params, setup ? *setup : fallback, s.seed);
}

// Every lane: the scenario decides how many policies it compares.
std::vector<std::string> compare_results(const std::vector<std::string>& known) {
    std::vector<std::string> out;
    auto has = [&](const std::string& p) { return std::find(known.begin(), known.end(), p) != known.end(); };
    for (int lane = 0; has("metrics.policies[" + std::to_string(lane) + "].kills"); ++lane)
        for (const char* f : {"kills", "leaks", "lives", "total_damage"})
            out.push_back("metrics.policies[" + std::to_string(lane) + "]." + f);
    return out;
}

// Its metrics per lane (one stacking policy each), lanes counted from 1 as the canvas shows them
// (docs/sweeps.md#in-the-window).
std::optional<ResultLabel> result_label_of(const std::string& path) {
    static const ResultField fields[] = {
        {"kills", "kills", ""},
        {"leaks", "leaks", ""},
        {"walking", "creeps walking", ""},
        {"lives", "lives left", ""},
        {"missed_attacks", "missed attacks", ""},
        {"total_damage", "damage dealt", "HP"},
        {"mean_time_to_kill", "mean time to kill", "s"},
        {"base_fell_tick", "tick the base fell", "ticks"},
    };
    if (path == "metrics.seconds") return ResultLabel{"time played", "s"};
    const auto f = indexed_field(path, "metrics.policies");
    if (!f) return std::nullopt;
    return field_label(f->second, fields, "lane " + std::to_string(f->first + 1) + " ");
}

LabInfo make_lab() {
    LabInfo lab;
    lab.name = "effects";
    lab.title = "Status effects";
    lab.summary = "Status-effect stacking on a tower-defence lane: effects and interactions as data, policies compared";
    lab.params = &effects_param_table();
    lab.commands = command_specs(EffectsCommands{});
    lab.setup_keys = {"lane",   "waves", "towers", "effects", "interactions", "builtin_effects", "builtin_interactions",
                      "compare"};
    lab.parse_setup = [](const Node& root, const ParamSet&, TableReader& reader,
                         Diagnostics& diag) -> std::shared_ptr<const LabSetup> {
        return read_effects_setup(root, reader, diag);
    };
    lab.default_setup = []() -> std::shared_ptr<const LabSetup> { return std::make_shared<EffectsSetup>(); };
    lab.create_world = create_effects_world;
    lab.bench = bench_effects;
    lab.derived = derived_values;          // derived.cpp
    lab.inverse = for_world(inverse_of);   // inverse.cpp
    lab.example_scenario = "effects-three-waves.toml";
    lab.sweep_results = {"metrics.policies[0].kills", "metrics.policies[0].leaks", "metrics.policies[0].lives",
                         "metrics.policies[0].total_damage"};
    lab.result_label = result_label_of;
    lab.compare_results = compare_results;
    return lab;
}

}   // namespace

const LabInfo& effects_lab() {
    static const LabInfo lab = make_lab();
    return lab;
}

}   // namespace pb::effects
