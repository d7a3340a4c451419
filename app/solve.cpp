#include "app/solve.hpp"

#include <algorithm>
#include <ostream>

#include "engine/core/lab.hpp"
#include "engine/core/param_overrides.hpp"
#include "engine/core/simulation.hpp"
#include "engine/tasks/solution_report.hpp"
#include "engine/tasks/world.hpp"

namespace pb::app {

int solve_scenario(const SolveOptions& o, std::ostream& out, std::ostream& err) {
    Scenario s;
    try {
        s = load_scenario_file(o.scenario);
    } catch (const ScenarioError& e) {
        err << "playbench: cannot load scenario:\n" << e.what() << "\n";
        return 2;
    }
    if (s.lab != &tasks::tasks_lab()) {
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
    const auto& world = dynamic_cast<const tasks::TasksWorld&>(sim.world());
    if (world.problem()) {
        err << "playbench solve: the ship cannot be solved: " << *world.problem() << "\n";
        return 1;
    }
    if (o.json) {
        JsonWriter j;
        tasks::write_solution_json(j, world.solution());
        out << j.str() << "\n";
    } else {
        out << sim.scenario().title << "\n";
        out << "D = " << world.instance().limits.max_damage << ", T = " << world.instance().limits.max_time
            << ", K = " << world.instance().k_max << "\n\n";
        tasks::write_solution_text(out, world.solution(), world.notes());
    }
    return 0;
}

}  // namespace pb::app
