// The Effects lab's parameter table: every tunable value declared once, bound to its config field.
#include "engine/core/param_binding.hpp"
#include "engine/effects/config.hpp"

namespace pb::effects {
namespace {

const BoundParamTable<EffectsConfig>& bound_params() {
    using C = EffectsConfig;
    static const BoundParamTable<EffectsConfig> table({
        {integer_param("effects.sim.tick_rate", "Ticks per second", "ticks/s", 5.0, 120.0, 20.0,
                       "Fixed simulation ticks per second of game time (change it at tick 0: durations are seconds)"),
         &C::tick_rate},
        {real_param("effects.base.lives", "Base lives", "lives", 1.0, 100000.0, 20.0,
                    "Lives the base starts with; every leaked creep takes its attack from them unless it misses"),
         &C::lives},
        {integer_param(
             "effects.stacking.max_stacks", "Independent stacks per type", "stacks", 1.0, 64.0, 16.0,
             "Under the independent policy, the most stacks of one type a creep carries; the weakest goes first"),
         &C::max_stacks},
        {switch_param("effects.stacking.bleed_amplifies_dots", "Bleed amplifies damage over time", false,
                      "Off: vulnerability (bleed) adds to tower hits only, as in Defender's Quest (a bleeding creep "
                      "\"takes more damage when hit\"). On: also to poison and fire"),
         &C::bleed_amplifies_dots},
        {real_param("effects.creeps.hp_scale", "Creep hit points scale", "x wave HP", 0.05, 20.0, 1.0,
                    "Multiplies the hit points of every wave's creeps (tune a level's difficulty in one place)"),
         &C::hp_scale},
        {real_param("effects.creeps.speed_scale", "Creep speed scale", "x wave speed", 0.05, 20.0, 1.0,
                    "Multiplies the walking speed of every wave's creeps"),
         &C::speed_scale},
    });
    return table;
}

}   // namespace

const ParamTable& effects_param_table() { return bound_params().table(); }

EffectsConfig config_from(const ParamSet& params) { return bound_params().config_from(params); }

}   // namespace pb::effects
