// The live SDL2 window. (Interface agreed with the lead; cli uses it.)
#pragma once
#include <string>
#include <vector>

namespace pb::app {

struct WindowOptions {
    std::string scenario_path;   // empty: the last scenario opened, else the default scenario
    std::string
        script_path;   // UI automation: timed input events (see docs/testing.md#ui-automation-script-file), empty = none
    std::vector<std::string> sets;   // --set KEY=VALUE applied after loading
};

// Runs the window until the user quits; returns the process exit code.
int run_window(const WindowOptions& opts);

// True when SDL can open a video display (X11/Wayland, or Xvfb).
bool display_available();

}   // namespace pb::app
