// `playbench bench tasks`: the full solve of the paper's instance (target < 20 us median and
// < 64 KB working memory, against the paper's 6.1 ms and 360 KB), the same with the paper's own
// algorithms as a ratio, a corner-to-corner Pareto query on a 100 x 100 grid with random costs
// 1..100 (target < 150 ms), and a generated ship of a few hundred rooms for scale.
#pragma once
#include <ostream>

namespace pb::tasks {

void bench_tasks(std::ostream& out);

}  // namespace pb::tasks
