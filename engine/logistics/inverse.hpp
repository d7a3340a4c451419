// The inverses of the Logistics lab's commands, for undo (engine/core/inverse.hpp).
#pragma once
#include "engine/core/inverse.hpp"

namespace pb::logistics {

class LogisticsWorld;
Inverse inverse_of(const LogisticsWorld& before, const Command& c);

}   // namespace pb::logistics
