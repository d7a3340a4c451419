// Two hits of the same effect type on one creep, combined by a stacking policy: cases 2 and 3 of
// the stacking article (docs/labs/effects.md#sources) as pure functions, so its numbers can be
// checked directly.
#pragma once
#include "engine/effects/effect_types.hpp"

namespace pb::effects {

// Potency and duration (seconds left) of one effect: "(10 dps | 5 s)".
struct Dose {
    double potency = 0.0;
    double duration = 0.0;
    double pd() const { return potency * duration; }
    bool operator==(const Dose&) const = default;
};

// What the creep carries after `incoming` lands on `present` under `policy`. Independent stacks
// do not merge (the caller keeps both); for it this returns `present` unchanged.
//   highest_potency:  (20|2) + (10|5) -> (20|4.5)   PD 40 + 50 = 90 kept
//   highest_duration: (20|2) + (10|5) -> (18|5)     PD kept, visible damage drops
//   add_durations:    (10|4) + (10|5) -> (10|9)     exact when potencies match
//   average:          (20|2) + (10|5) -> (15|3.5)   52.5 of 90: power lost
//   refresh_longest:  (20|2) + (10|5) -> (20|5)     100 of 90: power created
Dose merge(StackingPolicy policy, Dose present, Dose incoming);

}   // namespace pb::effects
