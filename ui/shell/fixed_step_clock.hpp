// Paces the simulation from the window's frames: a fixed tick at a nominal 60 ticks per second
// at 1x. Speed multiplies the ticks per second, never the tick length, so a world runs the same
// at every speed. Ticks are run within a per-frame time budget; debt the simulation cannot pay
// is dropped so a slow world slows down instead of freezing the window.
#pragma once
#include <array>
#include <cstdint>
#include <string_view>

namespace pb::ui {

struct SpeedSetting {
    std::string_view label;   // "1x", "1/4x", "max"
    double multiplier;        // 0: as fast as possible (only the time budget limits it)
};

inline constexpr std::array<SpeedSetting, 10> kSpeeds{{
    {"1/4x", 0.25},
    {"1/2x", 0.5},
    {"1x", 1.0},
    {"2x", 2.0},
    {"4x", 4.0},
    {"8x", 8.0},
    {"16x", 16.0},
    {"32x", 32.0},
    {"64x", 64.0},
    {"max", 0.0},
}};
inline constexpr int kDefaultSpeedIndex = 2;   // 1x

class FixedStepClock {
public:
    static constexpr double kTicksPerSecond = 60.0;   // at 1x
    static constexpr double kFrameBudgetSeconds = 0.012;
    // A frame longer than this (a stall, a debugger stop, a dragged window) counts as this long.
    static constexpr double kMaxFrameSeconds = 0.25;
    // "As fast as possible" asks for this many ticks per frame; the time budget stops it sooner.
    static constexpr std::int64_t kUnlimitedTicks = 1'000'000;

    void set_speed_index(int index);
    int speed_index() const { return speed_index_; }
    const SpeedSetting& speed() const { return kSpeeds[static_cast<std::size_t>(speed_index_)]; }
    bool unlimited() const { return speed().multiplier == 0.0; }

    // Adds a frame of `frame_seconds` and returns how many ticks are due now.
    std::int64_t begin_frame(double frame_seconds);
    // Reports how many of the due ticks ran. Whatever did not run is dropped: the simulation
    // falls behind real time rather than making the next frames slower still.
    void end_frame(std::int64_t due, std::int64_t ran);
    // Forget accumulated time (on pause, restart, opening a scenario).
    void reset() { accumulator_ = 0.0; }
    double accumulator() const { return accumulator_; }

private:
    int speed_index_ = kDefaultSpeedIndex;
    double accumulator_ = 0.0;   // ticks owed, fractional
};

}   // namespace pb::ui
