// The inverses of the Tasks lab's commands, for undo (engine/core/inverse.hpp).
#pragma once
#include "engine/core/inverse.hpp"

namespace pb::tasks {

class TasksWorld;
Inverse inverse_of(const TasksWorld& before, const Command& c);

}   // namespace pb::tasks
