// The Tasks lab's registration: parameters, commands, scenario keys, world factory and benchmark.
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/tasks/bench.hpp"
#include "engine/tasks/derived.hpp"
#include "engine/tasks/inverse.hpp"
#include "engine/tasks/setup.hpp"
#include "engine/tasks/world.hpp"

namespace pb::tasks {

LabVerb solve_verb();   // solve_verb.cpp

namespace {

std::unique_ptr<World> create_tasks_world(const Scenario& s) {
    const auto* setup = dynamic_cast<const TasksSetup*>(s.setup.get());
    if (!setup) return std::make_unique<TasksWorld>(s.params, *default_tasks_setup(), s.seed);
    return std::make_unique<TasksWorld>(s.params, *setup, s.seed);
}

// The solution's figures: a team's worst time and worst damage (docs/sweeps.md#in-the-window).
std::optional<ResultLabel> result_label_of(const std::string& path) {
    static const ResultField fields[] = {
        {"time", "worst time", "time units"},
        {"damage", "worst damage", "HP"},
    };
    if (path == "metrics.solves") return ResultLabel{"solves", ""};
    if (const auto f = indexed_field(path, "metrics.solution.efficient"))
        return field_label(f->second, fields, "efficient team " + std::to_string(f->first + 1) + ": ");
    // per_k[K-1].solutions[I]: the I+1-th tied team of K players.
    const auto k = indexed_field(path, "metrics.solution.per_k");
    if (!k) return std::nullopt;
    const auto i = indexed_field("." + k->second, ".solutions");
    if (!i) return std::nullopt;
    return field_label(i->second, fields,
                       std::to_string(k->first + 1) + (k->first == 0 ? " player" : " players") + ", team " +
                           std::to_string(i->first + 1) + ": ");
}

LabInfo make_lab() {
    LabInfo lab;
    lab.name = "tasks";
    lab.title = "Tasks";
    lab.summary =
        "Toward the Stars task planning: which teams reach the equipment and the event, every time/damage trade-off";
    lab.params = &tasks_param_table();
    lab.commands = command_specs(TasksCommands{});
    lab.setup_keys = {"ship", "generate", "corridor", "hazard", "task"};
    lab.parse_setup = [](const Node& root, const ParamSet&, TableReader& reader,
                         Diagnostics& diag) -> std::shared_ptr<const LabSetup> {
        return read_tasks_setup(root, reader, diag);
    };
    lab.default_setup = []() -> std::shared_ptr<const LabSetup> { return default_tasks_setup(); };
    lab.create_world = create_tasks_world;
    lab.bench = bench_tasks;
    lab.derived = derived_values;          // derived.cpp
    lab.inverse = for_world(inverse_of);   // inverse.cpp
    lab.example_scenario = "tasks-toward-the-stars.toml";
    lab.sweep_results = {"metrics.solution.efficient[0].time", "metrics.solution.efficient[0].damage"};
    lab.result_label = result_label_of;
    lab.quiet_ticks = true;       // World::clock_only_base
    lab.verbs = {solve_verb()};   // solve_verb.cpp
    return lab;
}

}   // namespace

const LabInfo& tasks_lab() {
    static const LabInfo lab = make_lab();
    return lab;
}

}   // namespace pb::tasks
