#include "ui/shell/fixed_step_clock.hpp"

#include <algorithm>
#include <cmath>

namespace pb::ui {

void FixedStepClock::set_speed_index(int index) {
    speed_index_ = std::clamp(index, 0, static_cast<int>(kSpeeds.size()) - 1);
    accumulator_ = std::min(accumulator_, 1.0);
}

std::int64_t FixedStepClock::begin_frame(double frame_seconds) {
    if (unlimited()) return kUnlimitedTicks;
    double dt = std::clamp(frame_seconds, 0.0, kMaxFrameSeconds);
    accumulator_ += dt * kTicksPerSecond * speed().multiplier;
    double due = std::floor(accumulator_);
    return static_cast<std::int64_t>(due);
}

void FixedStepClock::end_frame(std::int64_t due, std::int64_t ran) {
    if (unlimited()) return;
    if (ran >= due) {
        accumulator_ -= static_cast<double>(ran);
    } else {
        // Over budget: keep only the fraction of a tick, drop the debt.
        accumulator_ -= std::floor(accumulator_);
    }
    accumulator_ = std::max(accumulator_, 0.0);
}

}   // namespace pb::ui
