// Headless rendering of the whole window (same UI code as the live window) into an SDL
// software-renderer surface. Needs no display. (Interface agreed with the lead; cli uses it.)
#pragma once
#include <cstdint>
#include <string>

#include "engine/core/simulation.hpp"

namespace pb::app {

// Renders the window as it would look at the simulation's current tick and writes a PNG.
// `tab` names the side panel's tab on show ("tools", "params", "analysis"; a lab without it
// shows the parameters).
bool render_to_png(pb::Simulation& sim, int width, int height, const std::string& out_path, std::string& error,
                   std::int64_t ticks = 0, const std::string& tab = "params");

// Renders `frames` frames (no PNG) and reports the mean wall time per frame in milliseconds,
// for `playbench bench render`.
bool measure_render(pb::Simulation& sim, int width, int height, int frames, double& ms_per_frame, std::string& error);

// The same with everything the lab's view offers switched on, after `ticks` ticks through the
// window's shell (ui::measure_everything_on_render): frame, build and rasterisation means in
// CPU time, and the frame's mean in wall time.
struct RenderBench {
    double frame_ms = 0.0, build_ms = 0.0, raster_ms = 0.0, slowest_ms = 0.0, wall_ms = 0.0;
    double sdl_raster_ms = 0.0;   // the same frames through SDL's software renderer (comparison)
};
bool measure_render_everything_on(pb::Simulation& sim, int width, int height, std::int64_t ticks, int frames,
                                  RenderBench& out, std::string& error);

// Compare mode's cost (docs/benchmarks.md#compare): CPU microseconds per tick through the window's shell (the
// view's before_tick included) for the simulation alone and in compare mode (A and B in
// lockstep), from the simulation's current state.
struct CompareTickBench {
    double single_us = 0.0, compared_us = 0.0;   // CPU time a tick: the median segment of each kind
    double ratio = 0.0;                          // the median of the paired segments' ratios
    double ratio_low = 0.0, ratio_high = 0.0;    // the middle half of those ratios
    std::int64_t live_ticks = 0;                 // ticks of live play from the fork (the cap if it never ends)
    std::int64_t ticks_a_segment = 0;
    int segments = 0;
};
// A compared tick (A and B in lockstep through the window's shell) against a single one. Only live
// play is measured: a scenario that ends within `ticks` (World::finished) starts again from `sim`,
// so a level whose waves are over is not measured as an empty lane. Single and compared segments
// (each ~10 ms of single ticks) alternate in pairs, and the ratio is the median of the pairs', so
// a burst of load on the machine moves one pair, not the result.
bool measure_compare_ticks(const pb::Simulation& sim, std::int64_t ticks, CompareTickBench& out, std::string& error);

}   // namespace pb::app
