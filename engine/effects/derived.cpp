// The Effects lab's derived values: how long a tick is, and how much harder the scaled waves are
// for the towers (more hit points, and less time in range when creeps walk faster).
#include "engine/effects/derived.hpp"

#include "engine/effects/config.hpp"

namespace pb::effects {

std::vector<DerivedValue> derived_values(const ParamSet& params) {
    const EffectsConfig c = config_from(params);
    auto n = [](double v) { return format_number(v); };
    std::vector<DerivedValue> out;
    out.push_back({"One tick lasts",
                   1000.0 / c.tick_rate,
                   "ms",
                   "1000 / ticks per second = 1000 / " + n(c.tick_rate),
                   {"effects.sim.tick_rate"}});
    out.push_back({"Tower damage per second needed",
                   c.hp_scale * c.speed_scale,
                   "times as written",
                   "hit points scale x speed scale = " + n(c.hp_scale) + " x " + n(c.speed_scale) +
                       " (each creep has more hit points and spends 1 / speed scale as long in a tower's range)",
                   {"effects.creeps.hp_scale", "effects.creeps.speed_scale"}});
    out.push_back({"A creep's time in range",
                   1.0 / c.speed_scale,
                   "times as written",
                   "1 / speed scale = 1 / " + n(c.speed_scale),
                   {"effects.creeps.speed_scale"}});
    return out;
}

}   // namespace pb::effects
