// `playbench bench logistics`: the targets of docs/labs/logistics.md#benchmarks (rates plus stable matching for 1,000
// transporters x 1,000 requests with 2 buffers < 30 ms; a 200-transporter colony at > 5,000 ticks
// per second) and, without targets, the other policies and the blocking-pair check.
#pragma once
#include <ostream>

namespace pb::logistics {

void bench_logistics(std::ostream& out);

}   // namespace pb::logistics
