// Podball's registration: parameters, commands, scenario keys, world factory and benchmark
// (bench.cpp).
#include <iosfwd>
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/podball/setup_reader.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {

void bench_podball(std::ostream& out);   // bench.cpp

namespace {

ArgSpec integer_arg(const char* name, double min, double max, const char* description, bool required = true) {
    return ArgSpec{name, ArgKind::Integer, required, min, max, {}, description};
}

ArgSpec number_arg(const char* name, double min, double max, const char* description) {
    return ArgSpec{name, ArgKind::Number, true, min, max, {}, description};
}

ArgSpec choice_arg(const char* name, std::vector<std::string> choices, const char* description) {
    return ArgSpec{name, ArgKind::String, true, -1e300, 1e300, std::move(choices), description};
}

std::vector<CommandSpec> podball_commands() {
    // Coordinates are checked against the arena in the world (it depends on the parameters);
    // the ranges here only bound what any arena could hold.
    const double far = 2.0;
    const ArgSpec team = integer_arg("team", 0, 1, "team 0 (attacks +x) or team 1 (attacks -x)");
    const ArgSpec pod = integer_arg("pod", 0, kMaxPodsPerTeam - 1, "pod index within the team");
    return {
        CommandSpec{"pod.place", "put a pod at a spot, at rest (a ball it carries comes along)",
                    {team, pod, number_arg("x", -far, far, "x of the pod's centre"),
                     number_arg("y", -far, far, "y of the pod's centre")}},
        CommandSpec{"ball.place", "put the ball at a spot, free and at rest",
                    {number_arg("x", -far, far, "x of the ball's centre"), number_arg("y", -far, far, "y of the ball's centre")}},
        CommandSpec{"pod.action",
                    "override a pod's module: thrust (move) or a shot fired once it holds the ball, for some ticks",
                    {team, pod, choice_arg("kind", {"move", "shoot"}, "move: thrust; shoot: shot vector"),
                     number_arg("x", -1e6, 1e6, "x of the vector (length > 1 counts as 1)"),
                     number_arg("y", -1e6, 1e6, "y of the vector (length > 1 counts as 1)"),
                     integer_arg("ticks", 1, 1e9, "how many ticks the override lasts (default 1)", false)}},
        CommandSpec{"mode.set", "switch the match mode (kick-off modes reset the kick-off formation)",
                    {choice_arg("mode", mode_keys(), "the new mode")}},
    };
}

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
    lab.commands = podball_commands();
    lab.setup_keys = {"team0", "team1", "pod", "ball", "start_mode"};
    lab.parse_setup = [](const Node& root, const ParamSet&, TableReader& reader, Diagnostics& diag)
        -> std::shared_ptr<const LabSetup> {
        return read_podball_setup(root, reader, diag);
    };
    lab.default_setup = []() -> std::shared_ptr<const LabSetup> { return std::make_shared<PodballSetup>(); };
    lab.create_world = create_podball_world;
    lab.bench = bench_podball;   // bench.cpp
    return lab;
}

}  // namespace

const LabInfo& podball_lab() {
    static const LabInfo lab = make_lab();
    return lab;
}

}  // namespace pb::podball
