#include <doctest/doctest.h>

#include <vector>

#include "ui/shell/fixed_step_clock.hpp"

using pb::ui::FixedStepClock;
using pb::ui::kSpeeds;

namespace {

// Ticks run in each of `frames` frames of `dt` seconds when every due tick runs.
std::vector<std::int64_t> ticks_per_frame(FixedStepClock& clock, int frames, double dt) {
    std::vector<std::int64_t> out;
    for (int i = 0; i < frames; ++i) {
        std::int64_t due = clock.begin_frame(dt);
        clock.end_frame(due, due);
        out.push_back(due);
    }
    return out;
}

std::int64_t sum(const std::vector<std::int64_t>& v) {
    std::int64_t s = 0;
    for (auto x : v) s += x;
    return s;
}

}   // namespace

TEST_CASE("clock: 60 ticks per second at 1x, speed multiplies the tick rate") {
    for (std::size_t i = 0; i + 1 < kSpeeds.size(); ++i) {
        CAPTURE(kSpeeds[i].label);
        FixedStepClock clock;
        clock.set_speed_index(static_cast<int>(i));
        auto counts = ticks_per_frame(clock, 120, 1.0 / 60.0);   // two seconds at 60 fps
        double expected = 120.0 * kSpeeds[i].multiplier;
        CHECK(static_cast<double>(sum(counts)) >= expected - 1.0);
        CHECK(static_cast<double>(sum(counts)) <= expected);
    }
}

TEST_CASE("clock: per-frame tick counts at 60 fps") {
    FixedStepClock clock;
    clock.set_speed_index(0);   // 1/4x: one tick every fourth frame
    CHECK(ticks_per_frame(clock, 8, 1.0 / 60.0) == std::vector<std::int64_t>{0, 0, 0, 1, 0, 0, 0, 1});

    clock = FixedStepClock{};
    clock.set_speed_index(1);   // 1/2x
    CHECK(ticks_per_frame(clock, 4, 1.0 / 60.0) == std::vector<std::int64_t>{0, 1, 0, 1});

    clock = FixedStepClock{};
    clock.set_speed_index(8);   // 64x: 64 ticks per 1/60 s frame
    auto counts = ticks_per_frame(clock, 10, 1.0 / 60.0);
    for (std::size_t i = 1; i < counts.size(); ++i) CHECK((counts[i] == 64 || counts[i] == 63 || counts[i] == 65));
    CHECK(sum(counts) >= 639);
}

TEST_CASE("clock: a slow frame is capped, debt that could not run is dropped") {
    FixedStepClock clock;   // 1x
    // A two-second stall counts as kMaxFrameSeconds.
    std::int64_t due = clock.begin_frame(2.0);
    CHECK(due == static_cast<std::int64_t>(FixedStepClock::kMaxFrameSeconds * 60.0));

    clock = FixedStepClock{};
    clock.set_speed_index(8);   // 64x
    due = clock.begin_frame(1.0 / 60.0);
    CHECK(due >= 63);
    clock.end_frame(due, 10);   // the budget only allowed 10
    CHECK(clock.accumulator() < 1.0);
    due = clock.begin_frame(1.0 / 60.0);
    CHECK(due <= 65);   // not 64 + 54 of old debt
}

TEST_CASE("clock: as fast as possible asks for unlimited ticks; the budget decides") {
    FixedStepClock clock;
    clock.set_speed_index(static_cast<int>(kSpeeds.size()) - 1);
    CHECK(clock.unlimited());
    CHECK(clock.begin_frame(1.0 / 60.0) == FixedStepClock::kUnlimitedTicks);
    clock.end_frame(FixedStepClock::kUnlimitedTicks, 1234);
    CHECK(clock.accumulator() == 0.0);
}

TEST_CASE("clock: speed index is clamped and reset forgets owed time") {
    FixedStepClock clock;
    clock.set_speed_index(-5);
    CHECK(clock.speed_index() == 0);
    clock.set_speed_index(99);
    CHECK(clock.speed_index() == static_cast<int>(kSpeeds.size()) - 1);
    clock.set_speed_index(2);
    clock.begin_frame(0.01);
    CHECK(clock.accumulator() > 0.0);
    clock.reset();
    CHECK(clock.accumulator() == 0.0);
}
