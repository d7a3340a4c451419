// The command line's view of the offscreen renderer (which lives in ui/ so tests can use it).
#include "app/offscreen.hpp"

#include <algorithm>
#include <ctime>
#include <limits>

#include "ui/offscreen_renderer.hpp"
#include "ui/shell.hpp"

namespace pb::app {

bool render_to_png(pb::Simulation& sim, int width, int height, const std::string& out_path, std::string& error,
                   std::int64_t ticks, const std::string& tab) {
    ui::ShellOptions options;
    if (auto t = ui::side_tab_from_key(tab)) options.preferences.side_tab = *t;
    return ui::render_simulation_to_png(sim, width, height, out_path, error, ticks, options);
}

bool measure_render(pb::Simulation& sim, int width, int height, int frames, double& ms_per_frame, std::string& error) {
    return ui::measure_simulation_render(sim, width, height, frames, ms_per_frame, error);
}

bool measure_render_everything_on(pb::Simulation& sim, int width, int height, std::int64_t ticks, int frames,
                                  RenderBench& out, std::string& error) {
    ui::RenderTiming t;
    if (!ui::measure_everything_on_render(sim, width, height, ticks, frames, t, error)) return false;
    out = RenderBench{t.frame_ms, t.build_ms, t.raster_ms, t.slowest_ms, t.wall_ms, t.sdl_raster_ms};
    return true;
}

static double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

bool measure_compare_ticks(const pb::Simulation& sim, std::int64_t ticks, CompareTickBench& out, std::string& error) {
    // The shell wants an ImGui context (its status line reads ImGui's clock): a small renderer's.
    ui::OffscreenRenderer renderer(320, 200);
    if (!renderer.ok()) {
        error = renderer.error();
        return false;
    }
    auto run = [&](bool compare) {
        pb::Simulation copy = sim.fork();
        ui::Shell shell(copy, ui::ShellOptions{});
        if (compare) shell.start_compare();
        const double start = thread_cpu_seconds();
        shell.run_ticks(ticks);
        return (thread_cpu_seconds() - start) * 1e6 / static_cast<double>(std::max<std::int64_t>(ticks, 1));
    };
    out.single_us = out.compared_us = std::numeric_limits<double>::infinity();
    for (int round = 0; round < 3; ++round) {
        out.single_us = std::min(out.single_us, run(false));
        out.compared_us = std::min(out.compared_us, run(true));
    }
    return true;
}

}  // namespace pb::app
