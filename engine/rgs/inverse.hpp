// The inverses of the RGS lab's commands, for undo (engine/core/inverse.hpp).
#pragma once
#include "engine/core/inverse.hpp"

namespace pb::rgs {

class RgsWorld;
Inverse inverse_of(const RgsWorld& before, const Command& c);

}   // namespace pb::rgs
