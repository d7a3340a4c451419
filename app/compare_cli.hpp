// `playbench compare` (docs/compare.md#on-the-command-line): A, the scenario with its --set values, and
// B, A with --b values on top, over the same seeds; per key result the means, B - A and its 95 %
// interval. The runs and the statistics are engine/compare/.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace pb::app {

struct CompareCliOptions {
    std::string scenario;
    std::vector<std::string> sets;     // A and B
    std::vector<std::string> b_sets;   // B only
    std::string b_scenario;            // B's scenario file when it is not A's (same lab)
    int seeds = 10;
    std::optional<std::uint64_t> seed;   // the first seed (default: the scenario's)
    std::optional<std::int64_t> ticks;   // default: a full Podball match, else 3600
    std::vector<std::string> results;    // default: the lab's key results
    int threads = 2;
    bool json = false;
};

// Exit codes: 0 compared; 1 a run failed; 2 bad input (scenario, --set, --b, --result, --seeds).
int compare_verb(const CompareCliOptions& o, std::ostream& out, std::ostream& err);

}   // namespace pb::app
