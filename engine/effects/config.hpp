// The Effects lab's tunable values, derived from the lab's ParamSet (declared once in params.cpp).
// The tick rate is the (20 per second); the rest are ours.
#pragma once
#include "engine/core/params.hpp"

namespace pb::effects {

struct EffectsConfig {
    double tick_rate = 20.0;            // ticks per second
    double lives = 20.0;                // the base's lives at the start
    double max_stacks = 16.0;           // independent stacks of one type on one creep
    double bleed_amplifies_dots = 0.0;  // switch: vulnerability also raises damage over time
    double hp_scale = 1.0;              // multiplies every wave's creep hit points
    double speed_scale = 1.0;           // multiplies every wave's creep speed

    double dt() const { return 1.0 / tick_rate; }
};

const ParamTable& effects_param_table();
EffectsConfig config_from(const ParamSet& params);

}  // namespace pb::effects
