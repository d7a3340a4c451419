// The inverses of Podball's commands, for undo (engine/core/inverse.hpp).
#pragma once
#include "engine/core/inverse.hpp"

namespace pb::podball {

class PodballWorld;
Inverse inverse_of(const PodballWorld& before, const Command& c);

}   // namespace pb::podball
