// The instance of the Toward the Stars paper (section 5.1) with the corridor list the
// specification beside the project reconstructs, which keeps every route printed in Tables 1-3 and
// makes each printed leg the unique shortest one (docs/labs/tasks.md#sources). The paper's
// layout figure is lost, so the rooms get the spring layout. Used by the benchmark and the tests;
// scenarios/tasks-toward-the-stars.toml holds the same ship as a file.
#pragma once
#include "engine/tasks/ship.hpp"

namespace pb::tasks {

// 37 rooms, 51 corridors (102 arcs) of time 1; entering the event room (18) costs 1 damage.
Ship toward_the_stars_ship();
// Players at 0, 15, 24, 36; equipment at 20, 24, 27; event at 18; tau = 6, 4, 2, 1; delta = 0.
TaskSpec toward_the_stars_task();

}   // namespace pb::tasks
