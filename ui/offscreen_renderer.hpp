// Renders the shell — the whole window: menus, panels, canvas — with the same UI code as the
// live window, into an SDL software renderer on a memory surface. Needs no display, so
// `playbench render`, benchmarks and tests see the program as a designer does.
#pragma once
#include <cstdint>
#include <string>

#include "engine/core/simulation.hpp"

struct SDL_Surface;
struct SDL_Renderer;
struct ImGuiContext;

namespace pb::ui {

class Shell;
struct ShellOptions;

struct Rgba {
    std::uint8_t r = 0, g = 0, b = 0, a = 0;
};

class OffscreenRenderer {
public:
    // Creates the surface, the software renderer and an ImGui context of its own (fonts and
    // style as in the window, at `ui_scale`). Check ok() / error().
    OffscreenRenderer(int width, int height, float ui_scale = 1.0f);
    ~OffscreenRenderer();
    OffscreenRenderer(const OffscreenRenderer&) = delete;
    OffscreenRenderer& operator=(const OffscreenRenderer&) = delete;

    bool ok() const { return error_.empty(); }
    const std::string& error() const { return error_; }
    int width() const { return width_; }
    int height() const { return height_; }

    // Runs one ImGui frame drawing `shell` (mouse outside the window) and rasterises it.
    // Returns the wall time of the frame (UI + rasterisation) in milliseconds.
    double render_frame(Shell& shell);
    // Runs `frames` frames: the first ones let ImGui settle its layout (auto-sized windows
    // take a frame or two).
    void render(Shell& shell, int frames = 3);

    Rgba pixel(int x, int y) const;
    bool write_png(const std::string& path, std::string& error) const;

private:
    int width_ = 0;
    int height_ = 0;
    std::string error_;
    SDL_Surface* surface_ = nullptr;
    SDL_Renderer* renderer_ = nullptr;
    ImGuiContext* context_ = nullptr;
    bool backend_ready_ = false;
};

// Builds a shell on `sim`, runs `ticks` ticks through it first (as the window does, so the lab's
// view sees each one: Podball's charts and heat map fill), renders it paused and writes a PNG.
bool render_simulation_to_png(Simulation& sim, int width, int height, const std::string& path, std::string& error,
                              std::int64_t ticks = 0);
// The same with the shell's options (the side panel's tab, ...).
bool render_simulation_to_png(Simulation& sim, int width, int height, const std::string& path, std::string& error,
                              std::int64_t ticks, const ShellOptions& options);
// Renders `frames` frames after the layout settled and reports the mean milliseconds per frame.
bool measure_simulation_render(Simulation& sim, int width, int height, int frames, double& ms_per_frame,
                               std::string& error);
// Writes RGBA pixels (4 bytes each, `stride` bytes per row) as a PNG.
bool write_rgba_png(const std::string& path, int width, int height, const void* rgba, int stride, std::string& error);

}  // namespace pb::ui
