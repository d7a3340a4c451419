// The Tasks lab's tunable values, one field per entry of its parameter table (params.cpp), whose
// defaults are the only ones: a config comes from config_from (a default-constructed one is NaN).
#pragma once
#include "engine/core/param_binding.hpp"

namespace pb::tasks {

struct TasksConfig {
    double max_damage = kUnsetParam;       // D
    double max_time = kUnsetParam;         // T
    double max_ties = kUnsetParam;         // tied teams listed per Pareto point
    double ticks_per_time = kUnsetParam;   // animation: ticks a player needs per unit of corridor time
};

const ParamTable& tasks_param_table();
TasksConfig config_from(const ParamSet& params);

}   // namespace pb::tasks
