// `playbench bench rgs`: the interference engine against its targets (docs/benchmarks.md#rgs; full recompute of
// 10,000 RGS < 2 ms, one move with its neighbours < 20 us, a 256 x 256 heat map < 8 ms).
#pragma once
#include <ostream>

namespace pb::rgs {

void bench_rgs(std::ostream& out);

}   // namespace pb::rgs
