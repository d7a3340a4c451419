// The paper's own multi-objective shortest path method (Liberatore 2014, Algorithm 1:
// docs/labs/tasks.md#sources), kept as
// a second, independent implementation: a depth-first label-correcting search over simple paths
// with a bin of non-dominated paths per node. Tests compare the BOA*-style search against it,
// and the benchmark reports how much faster the current method is.
#pragma once
#include <vector>

#include "engine/tasks/leg_graph.hpp"
#include "engine/tasks/pareto_search.hpp"

namespace pb::tasks {

// Every non-dominated (time, damage) of simple paths source -> target, one witness each, in
// increasing time. Paths of equal cost that the algorithm keeps side by side are reported once.
std::vector<ParetoPath> paper_pareto_paths(const LegGraph& graph, int source, int target);

}   // namespace pb::tasks
