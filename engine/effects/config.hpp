// The Effects lab's tunable values, derived from the lab's ParamSet (declared once in params.cpp,
// defaults included: a config comes from config_from; a default-constructed one is all NaN).
// Defaults are ours, the tick rate 20 per second among them (docs/labs/effects.md#parameters).
#pragma once
#include "engine/core/param_binding.hpp"

namespace pb::effects {

struct EffectsConfig {
    double tick_rate = kUnsetParam;              // ticks per second
    double lives = kUnsetParam;                  // the base's lives at the start
    double max_stacks = kUnsetParam;             // independent stacks of one type on one creep
    double bleed_amplifies_dots = kUnsetParam;   // switch: vulnerability also raises damage over time
    double hp_scale = kUnsetParam;               // multiplies every wave's creep hit points
    double speed_scale = kUnsetParam;            // multiplies every wave's creep speed

    double dt() const { return 1.0 / tick_rate; }
};

const ParamTable& effects_param_table();
EffectsConfig config_from(const ParamSet& params);

}   // namespace pb::effects
