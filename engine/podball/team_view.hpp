// Builds the mirrored view a team module sees (module.hpp: own team is team 0 attacking +x).
#pragma once
#include "engine/podball/module.hpp"

namespace pb::podball {

class PodballWorld;

// Mode as team `team` sees it: for team 1 "our kick-off" is KickoffTeam0, and so on.
Mode mirror_mode(int team, Mode m);

// Fills `out` for `team`, reusing its storage (no allocation once the vectors have grown).
void build_team_view(const PodballWorld& world, int team, TeamView& out);

// A module's action in the world frame: un-mirrored and at most unit length. A non-finite vector
// (NaN from a module's arithmetic) idles the pod instead of poisoning the world.
PodAction module_action_in_world(PodAction a, int team);

}   // namespace pb::podball
