// `playbench bench effects`: one tick of a crowded lane (the 10,000 creeps with 4 active
// effects each, under 1 ms) and the cost of one hit's interactions and merge.
#pragma once
#include <ostream>

namespace pb::effects {
void bench_effects(std::ostream& out);
}
