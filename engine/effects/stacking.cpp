// The stacking policies. Conserving ones divide the summed PD by the kept potency or duration;
// with both at zero there is nothing to conserve and the durations simply add. "The post" is the
// stacking article summarised in docs/labs/effects.md#sources; its cases are numbered there.
#include "engine/effects/stacking.hpp"

#include <algorithm>

namespace pb::effects {

Dose merge(StackingPolicy policy, Dose a, Dose b) {
    const double pd = a.pd() + b.pd();
    switch (policy) {
        case StackingPolicy::HighestPotency: {
            const double p = std::max(a.potency, b.potency);
            // Equal potencies (the post's case 2) add durations exactly, without a divide's rounding.
            if (a.potency == b.potency || p <= 0.0) return {p, a.duration + b.duration};
            return {p, pd / p};
        }
        case StackingPolicy::HighestDuration: {
            const double d = std::max(a.duration, b.duration);
            // Literal even for equal potencies: (10|4) + (10|5) -> (18|5), the potency rise the post
            // rejects for dps effects ("really difficult to balance").
            if (d <= 0.0) return {std::max(a.potency, b.potency), 0.0};
            return {pd / d, d};
        }
        case StackingPolicy::AddDurations: return {a.potency, a.duration + b.duration};
        case StackingPolicy::Average: return {(a.potency + b.potency) / 2.0, (a.duration + b.duration) / 2.0};
        case StackingPolicy::RefreshLongest: return {std::max(a.potency, b.potency), std::max(a.duration, b.duration)};
        case StackingPolicy::Independent: return a;
    }
    return a;
}

}   // namespace pb::effects
