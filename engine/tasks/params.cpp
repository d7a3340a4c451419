// The Tasks lab's parameter table: every tunable value declared once, bound to its TasksConfig field.
#include "engine/core/param_binding.hpp"
#include "engine/tasks/config.hpp"

namespace pb::tasks {
namespace {

const BoundParamTable<TasksConfig>& bound_params() {
    using C = TasksConfig;
    static const BoundParamTable<TasksConfig> table({
        {integer_param("tasks.limits.max_damage", "Max damage D", "HP", 0.0, 1000000.0, 2.0,
                       "Most damage one player may take (walking and at the event); options beyond it are dropped"),
         &C::max_damage},
        {integer_param("tasks.limits.max_time", "Max time T", "time units", 0.0, 1000000000.0, 100.0,
                       "Most time the team may need, the event's tau_k included; slower teams are dropped"),
         &C::max_time},
        {integer_param("tasks.report.max_ties", "Tied teams listed", "teams", 1.0, 64.0, 8.0,
                       "How many equally good teams are listed for one (time, damage) point"),
         &C::max_ties},
        {real_param("tasks.view.ticks_per_time", "Walking pace", "ticks/time unit", 1.0, 600.0, 20.0,
                    "Animation only: ticks a player takes per unit of corridor time (60 ticks = 1 s)"),
         &C::ticks_per_time},
    });
    return table;
}

}   // namespace

const ParamTable& tasks_param_table() { return bound_params().table(); }

TasksConfig config_from(const ParamSet& params) { return bound_params().config_from(params); }

}   // namespace pb::tasks
