// `playbench solve SCENARIO [--json]`: the Tasks lab's whole answer for a scenario - per
// player-equipment pair its Pareto options, per team size k the set W^k with teams and routes,
// and the efficient set across k - as text tables like those of the Toward the Stars paper
// (docs/labs/tasks.md#sources) or as JSON.
#pragma once
#include <iosfwd>
#include <string>
#include <vector>

namespace pb::app {

struct SolveOptions {
    std::string scenario;
    std::vector<std::string> sets;   // KEY=VALUE
    bool json = false;
};

int solve_scenario(const SolveOptions& o, std::ostream& out, std::ostream& err);

}  // namespace pb::app
