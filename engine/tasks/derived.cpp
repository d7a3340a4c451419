// The Tasks lab's derived values: how corridor time (the unit of the Toward the Stars paper,
// docs/labs/tasks.md#sources) looks on screen, where a
// player walks ticks_per_time ticks per unit and 60 ticks are one second.
#include "engine/tasks/derived.hpp"

#include "engine/tasks/config.hpp"

namespace pb::tasks {

std::vector<DerivedValue> derived_values(const ParamSet& params) {
    const TasksConfig c = config_from(params);
    auto n = [](double v) { return format_number(v); };
    constexpr double kTicksPerSecond = 60.0;
    std::vector<DerivedValue> out;
    out.push_back({"One time unit on screen",
                   c.ticks_per_time / kTicksPerSecond,
                   "s",
                   "walking pace / 60 ticks per second = " + n(c.ticks_per_time) + " / 60",
                   {"tasks.view.ticks_per_time"}});
    out.push_back({"The time limit on screen",
                   c.max_time * c.ticks_per_time / kTicksPerSecond,
                   "s",
                   "max time x walking pace / 60 = " + n(c.max_time) + " x " + n(c.ticks_per_time) +
                       " / 60 (the slowest team the limit lets through, animated)",
                   {"tasks.limits.max_time", "tasks.view.ticks_per_time"}});
    return out;
}

}   // namespace pb::tasks
