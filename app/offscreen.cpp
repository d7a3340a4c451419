// The command line's view of the offscreen renderer (which lives in ui/ so tests can use it).
#include "app/offscreen.hpp"

#include <algorithm>
#include <ctime>
#include <limits>
#include <vector>

#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"

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
    // How long play lasts from here: the same every time (the run is deterministic).
    {
        pb::Simulation probe = sim.fork();
        const std::int64_t start = probe.tick();
        while (!probe.world().finished() && probe.tick() - start < ticks) probe.step();
        out.live_ticks = std::max<std::int64_t>(1, probe.tick() - start);
    }
    // CPU microseconds a tick over `total` ticks of live play, from the fork again each time it ends.
    auto run = [&](bool compare, std::int64_t total) {
        double seconds = 0.0;
        for (std::int64_t done = 0; done < total;) {
            const std::int64_t n = std::min(out.live_ticks, total - done);
            pb::Simulation copy = sim.fork();
            ui::Shell shell(copy, ui::ShellOptions{});
            if (compare) shell.start_compare();
            const double start = thread_cpu_seconds();
            shell.run_ticks(n);
            seconds += thread_cpu_seconds() - start;
            done += n;
        }
        return seconds * 1e6 / static_cast<double>(std::max<std::int64_t>(total, 1));
    };
    // Segments long enough for the thread clock: ~10 ms of single ticks.
    constexpr double kSegmentSeconds = 0.01;
    std::int64_t total = std::max<std::int64_t>(ticks, 1);
    const double first_us = run(false, total);
    total = std::max<std::int64_t>(1, static_cast<std::int64_t>(kSegmentSeconds / std::max(first_us * 1e-6, 1e-9)));
    out.ticks_a_segment = total;
    constexpr int kPairs = 41;
    std::vector<double> single, compared, ratio;
    for (int pair = 0; pair < kPairs; ++pair) {
        // Which kind goes first alternates, so a machine slowing down or warming up favours neither.
        double s = 0.0, c = 0.0;
        if (pair % 2 == 0) {
            s = run(false, total);
            c = run(true, total);
        } else {
            c = run(true, total);
            s = run(false, total);
        }
        single.push_back(s);
        compared.push_back(c);
        ratio.push_back(s > 0 ? c / s : 0.0);
    }
    auto quantile = [](std::vector<double> v, double q) {
        std::sort(v.begin(), v.end());
        return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1) + 0.5)];
    };
    out.segments = kPairs;
    out.single_us = quantile(single, 0.5);
    out.compared_us = quantile(compared, 0.5);
    out.ratio = quantile(ratio, 0.5);
    out.ratio_low = quantile(ratio, 0.25);
    out.ratio_high = quantile(ratio, 0.75);
    return true;
}

}   // namespace pb::app
