// The command line's view of the offscreen renderer (which lives in ui/ so tests can use it).
#include "app/offscreen.hpp"

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

}  // namespace pb::app
