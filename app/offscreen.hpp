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

}  // namespace pb::app
