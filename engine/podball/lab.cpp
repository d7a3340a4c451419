// Podball's registration: parameters, commands, scenario keys, world factory and benchmark
// (bench.cpp).
#include <iosfwd>
#include <vector>

#include "engine/podball/derived.hpp"
#include "engine/core/lab.hpp"
#include "engine/podball/setup_reader.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {

void bench_podball(std::ostream& out);   // bench.cpp

namespace {

std::unique_ptr<World> create_podball_world(const Scenario& s) {
    static const PodballSetup fallback;
    const auto* setup = dynamic_cast<const PodballSetup*>(s.setup.get());
    return std::make_unique<PodballWorld>(s.params, setup ? *setup : fallback, s.seed);
}

LabInfo make_lab() {
    LabInfo lab;
    lab.name = "podball";
    lab.title = "Podball";
    lab.summary = "Two teams of thrust-driven pods and a ball, with exact friction physics";
    lab.params = &podball_param_table();
    lab.commands = command_specs(PodballCommands{});
    lab.setup_keys = {"team0", "team1", "pod", "ball", "start_mode"};
    lab.parse_setup = [](const Node& root, const ParamSet&, TableReader& reader, Diagnostics& diag)
        -> std::shared_ptr<const LabSetup> {
        return read_podball_setup(root, reader, diag);
    };
    lab.default_setup = []() -> std::shared_ptr<const LabSetup> { return std::make_shared<PodballSetup>(); };
    lab.create_world = create_podball_world;
    lab.bench = bench_podball;   // bench.cpp
    lab.derived = derived_values;   // derived.cpp
    return lab;
}

}  // namespace

const LabInfo& podball_lab() {
    static const LabInfo lab = make_lab();
    return lab;
}

}  // namespace pb::podball
