// The Tasks lab's tunable values, one field per entry of its parameter table (params.cpp).
#pragma once
#include "engine/core/params.hpp"

namespace pb::tasks {

struct TasksConfig {
    double max_damage = 2.0;     // D
    double max_time = 100.0;     // T
    double max_ties = 8.0;       // tied teams listed per Pareto point
    double ticks_per_time = 20.0;   // animation: ticks a player needs per unit of corridor time
};

const ParamTable& tasks_param_table();
TasksConfig config_from(const ParamSet& params);

}  // namespace pb::tasks
