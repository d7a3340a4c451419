// `playbench solve SCENARIO [--json]`, the Tasks lab's verb (LabInfo::verbs): the lab's whole
// answer for a scenario - per player-equipment pair its Pareto options, per team size k the set
// W^k with teams and routes, and the efficient set across k - as text tables like the paper's or
// as JSON.
#include <algorithm>
#include <ostream>

#include "engine/core/lab.hpp"
#include "engine/core/param_overrides.hpp"
#include "engine/core/simulation.hpp"
#include "engine/tasks/solution_report.hpp"
#include "engine/tasks/world.hpp"

namespace pb::tasks {
namespace {

struct SolveOptions {
    std::string scenario;
    std::vector<std::string> sets;   // KEY=VALUE
    bool json = false;
};

int solve_scenario(const SolveOptions& o, std::ostream& out, std::ostream& err) {
    Scenario s;
    try {
        s = load_scenario_file(o.scenario);
    } catch (const ScenarioError& e) {
        err << "playbench: cannot load scenario:\n" << e.what() << "\n";
        return 2;
    }
    if (s.lab != &tasks_lab()) {
        err << "playbench solve: " << o.scenario << " is a '" << s.lab->name
            << "' scenario; solve answers Tasks scenarios (lab = \"tasks\")\n";
        return 2;
    }
    if (auto why = apply_param_overrides(s.params, o.sets)) {
        err << "playbench: " << *why << "\n";
        return 2;
    }
    // Scheduled edits are part of the scenario: apply them all, then read the answer.
    std::int64_t last = -1;
    for (const Command& c : s.commands) last = std::max(last, c.tick);
    Simulation sim(std::move(s));
    sim.advance(last + 1);
    for (const std::string& why : sim.refused()) err << "playbench: scheduled command refused: " << why << "\n";
    const auto& world = dynamic_cast<const TasksWorld&>(sim.world());
    if (world.problem()) {
        err << "playbench solve: the ship cannot be solved: " << *world.problem() << "\n";
        return 1;
    }
    if (o.json) {
        JsonWriter j;
        write_solution_json(j, world.solution());
        out << j.str() << "\n";
    } else {
        out << sim.scenario().title << "\n";
        out << "D = " << world.instance().limits.max_damage << ", T = " << world.instance().limits.max_time
            << ", K = " << world.instance().k_max << "\n\n";
        write_solution_text(out, world.solution(), world.notes());
    }
    return 0;
}

}   // namespace

LabVerb solve_verb() {
    using Kind = LabVerbOption::Kind;
    LabVerb v;
    v.name = "solve";
    v.after = "render";
    v.usage = "solve SCENARIO     Tasks: every Pareto option, team and route (--json for all)";
    v.description = "Tasks lab: print the Pareto options per pair, W^k per team size and the efficient set";
    v.scenario_help = "Tasks scenario file (.toml)";
    v.options = {
        {"--set", Kind::Texts, "Override a parameter, KEY=VALUE (repeatable); see `playbench params tasks`"},
        {"--json", Kind::Flag, "Print {pairs, per_k, efficient} as JSON (players and equipment from 1)"},
    };
    v.run = [](const LabVerbArgs& a, std::ostream& out, std::ostream& err) {
        return solve_scenario({a.scenario, a.text_list("--set"), a.flag("--json")}, out, err);
    };
    return v;
}

}   // namespace pb::tasks
