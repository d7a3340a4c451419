// Whole matches without a window: play a scenario from kick-off to the final whistle and keep
// what a designer compares between matches (score, result, metrics, conduct flags, module health).
// Used by `playbench match`, the benchmark and the tests.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/scenario.hpp"
#include "engine/podball/metrics.hpp"
#include "engine/podball/module.hpp"

namespace pb::podball {

class PodballWorld;

struct MatchOutcome {
    std::uint64_t seed = 0;
    bool finished = false;   // reached FINAL; false: stopped because nothing could happen any more
    std::string note;        // why it did not finish
    std::int64_t ticks = 0;
    std::int64_t running_ticks = 0;
    std::array<int, 2> score{0, 0};
    int winner = -1;   // 0 or 1, -1 for a draw (or an unfinished match)
    std::array<TeamFigures, 2> figures;
    std::array<std::int64_t, 2> upfield_pod_ticks{0, 0};   // the attack ratio's parts, for pooling
    std::array<std::int64_t, 2> own_half_pod_ticks{0, 0};
    std::array<int, 2> own_goals_conceded{0, 0};
    std::vector<ConductFlag> conduct;
    std::array<ModuleHealth, 2> health;
};

MatchOutcome outcome_of(const PodballWorld& w, std::uint64_t seed);

// Plays the scenario with `seed` (instead of its own) until the final whistle, applying its
// scheduled commands. A match whose clock cannot advance (it stays suspended, or a scripted mode
// never lets it run) is stopped after `stall_ticks` ticks without running time.
// Throws ScenarioError if the scenario is not a Podball one.
MatchOutcome play_match(const Scenario& scenario, std::uint64_t seed, std::int64_t stall_ticks = 200000);

}   // namespace pb::podball
