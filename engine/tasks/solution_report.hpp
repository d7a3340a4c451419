// A solved task as JSON (for `playbench solve --json` and `run --json` metrics) and as text
// tables like those of the Toward the Stars paper, "the paper" (docs/labs/tasks.md#sources):
// player, tool, time, damage, route. Players and equipment are
// numbered from 1, as in the paper; pair options are travel only (tau_k and delta_k come with the
// team size), team times and damages include them.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "engine/core/json.hpp"
#include "engine/tasks/task_solver.hpp"

namespace pb::tasks {

void write_solution_json(JsonWriter& out, const TaskSolution& s);
void write_solution_text(std::ostream& out, const TaskSolution& s, const std::vector<std::string>& notes);
// One line: "K=3  efficient: 1 player 13 t / 1 dmg, 2 players 12 t / 1 dmg".
std::string solution_summary(const TaskSolution& s);

}   // namespace pb::tasks
