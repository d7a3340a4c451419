// `playbench match SCENARIO [--games N] [--seed S] [--set KEY=VALUE]... [--json]`: plays N full
// Podball matches (seeds S, S+1, ...) and reports wins, draws and losses, the mean score and the
// metrics per team, and per match the result and any unsportsmanlike conduct. Matches run on
// worker threads (each one independent, results gathered in seed order, so the report does not
// depend on the number of threads); a progress bar goes to stderr when it is a terminal.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace pb::app {

struct MatchOptions {
    std::string scenario;
    int games = 1;
    std::optional<std::uint64_t> seed;   // default: the scenario's seed
    std::vector<std::string> sets;       // KEY=VALUE
    bool json = false;
    int threads = 2;
};

int run_matches(const MatchOptions& o, std::ostream& out, std::ostream& err);

}  // namespace pb::app
