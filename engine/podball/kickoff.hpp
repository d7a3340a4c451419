// Where pods stand at kick-off, shared by the world (resets after goals) and the chaser module
// (positions to return to while the other team kicks off).
#pragma once
#include "engine/podball/config.hpp"
#include "engine/podball/types.hpp"

namespace pb::podball {

// CENTER_KEEPOFF limited so that a pod still fits between the keep-off line and the goal line.
double effective_keepoff(const PodballConfig& c);

// Kick-off spot of pod `index` of a team of `team_size` in the world frame: pod 0 keeps goal,
// the others stand in lines across the own half, behind the keep-off line.
Vec2 kickoff_position(int team, int index, int team_size, const PodballConfig& c);

}   // namespace pb::podball
