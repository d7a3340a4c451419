// What the transport bar, the status line and the automation report say about speed: ticks per
// second counted over the last second of running, microseconds of simulation per tick and the
// time a frame took (UI and rendering), each smoothed.
#pragma once
#include <chrono>
#include <cstdint>

namespace pb::ui {

class ShellMeters {
public:
    using Clock = std::chrono::steady_clock;

    // Once a frame: a second gone, what ran in it is the rate.
    void new_frame(Clock::time_point now) {
        if (now - since_ < std::chrono::seconds(1)) return;
        ticks_per_second_ = static_cast<double>(ticks_) / std::chrono::duration<double>(now - since_).count();
        ticks_ = 0;
        since_ = now;
    }
    void count_ticks(std::int64_t ticks) { ticks_ += ticks; }
    // Paused or resumed: the rate measures running time only, so counting starts again.
    void restart_rate() {
        ticks_ = 0;
        since_ = Clock::now();
    }
    void note_tick_time(double microseconds) { smooth(tick_us_, microseconds); }
    void note_frame_time(double milliseconds) { smooth(frame_ms_, milliseconds); }

    double ticks_per_second() const { return ticks_per_second_; }
    double tick_microseconds() const { return tick_us_; }     // 0 until a tick ran
    double frame_milliseconds() const { return frame_ms_; }   // 0 until the host said

private:
    static void smooth(double& mean, double sample) { mean = mean <= 0.0 ? sample : mean * 0.9 + sample * 0.1; }
    double tick_us_ = 0.0;
    double frame_ms_ = 0.0;
    double ticks_per_second_ = 0.0;
    std::int64_t ticks_ = 0;
    Clock::time_point since_ = Clock::now();
};

}   // namespace pb::ui
