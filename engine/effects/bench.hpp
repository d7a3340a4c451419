// `playbench bench effects`: one tick of a crowded lane (10,000 creeps with 4 active effects
// each, under 1 ms: the target docs/labs/effects.md#benchmark states) and the cost of one hit's
// interactions and merge.
#pragma once
#include <ostream>

namespace pb::effects {
void bench_effects(std::ostream& out);
}
