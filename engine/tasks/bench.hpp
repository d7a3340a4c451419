// `playbench bench tasks`: the full solve of the instance of the Toward the Stars paper, "the
// paper" (docs/labs/tasks.md#sources; target < 20 us median and
// < 64 KB working memory, against the paper's 6.1 ms and 360 KB), the same with the paper's own
// algorithms as a ratio, a corner-to-corner Pareto query on a 100 x 100 grid with random costs
// 1..100 (target < 150 ms), a generated ship of a few hundred rooms for scale, and the worst solve
// within the declared limits (target < 100 ms: docs/scenario-files.md#limits).
#pragma once
#include <array>
#include <ostream>
#include <string>

namespace pb::tasks {

void bench_tasks(std::ostream& out);

// The worst accepted Tasks scenario: every limit at once (kMaxRooms generated rooms, kMaxPlayers
// players, kMaxEquipment tools, kMaxTeamSize team sizes, the widest tasks.limits.*), as scenario
// text; and the event rooms it is re-solved for (event.move). The benchmark times these solves,
// tests/engine/limits_test.cpp bounds their work.
std::string worst_case_scenario_text();
inline constexpr std::array<int, 3> kWorstCaseEventRooms{100, 197, 294};

}   // namespace pb::tasks
