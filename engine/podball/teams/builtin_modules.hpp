// The built-in team modules (one file each), registered by name in engine/podball/modules.cpp:
//   idle       does nothing (engine/podball/modules.cpp)
//   chaser     the pod that reaches the ball first goes for it (chaser.cpp)
//   formation  keeper, defenders and forwards holding positions that shift with the ball (formation.cpp)
//   passer     passes to the best-placed team-mate with the seed's ball-travel formulas (passer.cpp)
//   random     seeded random thrusts and shots (random_module.cpp)
// Their tunable values live in the parameter table (podball.chaser.*, podball.formation.*, ...).
#pragma once
#include <memory>

#include "engine/podball/module.hpp"

namespace pb::podball {

std::unique_ptr<TeamModule> make_chaser_module();
std::unique_ptr<TeamModule> make_formation_module();
std::unique_ptr<TeamModule> make_passer_module();
std::unique_ptr<TeamModule> make_random_module();

}   // namespace pb::podball
