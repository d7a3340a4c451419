// The inverses of the Effects lab's commands, for undo (engine/core/inverse.hpp).
#pragma once
#include "engine/core/inverse.hpp"

namespace pb::effects {

class EffectsWorld;
Inverse inverse_of(const EffectsWorld& before, const Command& c);

}   // namespace pb::effects
