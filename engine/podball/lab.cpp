// Podball's registration: parameters, commands, scenario keys, world factory, benchmark
// (bench.cpp) and the hooks the rest of Playbench calls (engine/core/lab.hpp).
#include <iosfwd>
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/podball/derived.hpp"
#include "engine/podball/inverse.hpp"
#include "engine/podball/modules/library_module.hpp"
#include "engine/podball/setup_reader.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {

void bench_podball(std::ostream& out);                  // bench.cpp
void write_run_json(const World& w, JsonWriter& out);   // run_report.cpp
void write_run_text(const World& w, std::ostream& out);
LabVerb match_verb();   // match_verb.cpp

namespace {

std::unique_ptr<World> create_podball_world(const Scenario& s) {
    static const PodballSetup fallback;
    const auto* setup = dynamic_cast<const PodballSetup*>(s.setup.get());
    return std::make_unique<PodballWorld>(s.params, setup ? *setup : fallback, s.seed);
}

// Its metrics per team, named as the scenario's [team0] / [team1] (docs/sweeps.md#in-the-window).
std::optional<ResultLabel> result_label_of(const std::string& path) {
    static const ResultField fields[] = {
        {"goals", "goals", ""},
        {"own_goals_conceded", "own goals conceded", ""},
        {"possession_ticks", "possession", "ticks"},
        {"possession_pct", "possession", "%"},
        {"coverage_pct", "area covered", "%"},
        {"attack_ratio", "attack ratio", ""},
        {"upfield_pod_ticks", "pod time upfield", "pod-ticks"},
        {"own_half_pod_ticks", "pod time in own half", "pod-ticks"},
        {"shots", "shots", ""},
        {"shots_on_goal", "shots on goal", ""},
        {"ball_in_own_goal_area_ticks", "ball in own goal area", "ticks"},
    };
    if (path == "metrics.running_ticks") return ResultLabel{"running time", "ticks"};
    if (path == "metrics.period") return ResultLabel{"period", ""};
    std::string score = path.rfind("metrics.score", 0) == 0 ? path.substr(13) : "";
    if (const std::optional<int> team = take_index(score); team && score.empty())
        return ResultLabel{"team " + std::to_string(*team) + " goals", ""};
    const auto f = indexed_field(path, "metrics.teams");
    if (!f) return std::nullopt;
    return field_label(f->second, fields, "team " + std::to_string(f->first) + " ");
}

LabInfo make_lab() {
    LabInfo lab;
    lab.name = "podball";
    lab.title = "Podball";
    lab.summary = "Two teams of thrust-driven pods and a ball, with exact friction physics";
    lab.params = &podball_param_table();
    lab.commands = command_specs(PodballCommands{});
    lab.setup_keys = {"team0", "team1", "pod", "ball", "start_mode"};
    lab.parse_setup = [](const Node& root, const ParamSet&, TableReader& reader,
                         Diagnostics& diag) -> std::shared_ptr<const LabSetup> {
        return read_podball_setup(root, reader, diag);
    };
    lab.default_setup = []() -> std::shared_ptr<const LabSetup> { return std::make_shared<PodballSetup>(); };
    lab.create_world = create_podball_world;
    lab.bench = bench_podball;             // bench.cpp
    lab.derived = derived_values;          // derived.cpp
    lab.inverse = for_world(inverse_of);   // inverse.cpp
    lab.example_scenario = "podball-default.toml";
    lab.sweep_results = {"metrics.score[0]",
                         "metrics.score[1]",
                         "metrics.teams[0].shots",
                         "metrics.teams[1].shots",
                         "metrics.teams[0].possession_pct",
                         "metrics.teams[1].possession_pct",
                         "metrics.running_ticks"};
    lab.compare_results = [](const std::vector<std::string>&) -> std::vector<std::string> {
        return {"metrics.score[0]",
                "metrics.score[1]",
                "metrics.teams[0].shots",
                "metrics.teams[1].shots",
                "metrics.teams[0].shots_on_goal",
                "metrics.teams[1].shots_on_goal",
                "metrics.teams[0].possession_pct",
                "metrics.teams[1].possession_pct"};
    };
    lab.result_label = result_label_of;
    lab.plays_to_the_end = true;     // the final whistle
    lab.run_json = write_run_json;   // run_report.cpp
    lab.run_text = write_run_text;
    lab.run_code_in_process = set_library_modules_in_process;   // library_module.cpp
    lab.verbs = {match_verb()};                                 // match_verb.cpp
    return lab;
}

}   // namespace

const LabInfo& podball_lab() {
    static const LabInfo lab = make_lab();
    return lab;
}

}   // namespace pb::podball
