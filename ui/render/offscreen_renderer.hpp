// Renders the shell — the whole window: menus, panels, canvas — with the same UI code as the
// live window, into a memory surface. Needs no display, so `playbench render`, benchmarks and
// tests see the program as a designer does. Frames are rasterised by Playbench's own
// rasteriser (ui/render/raster.hpp); SDL's software renderer on the same surface stays available
// (Rasteriser::Sdl) to compare pictures and timings.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/simulation.hpp"
#include "ui/render/text_check.hpp"

struct SDL_Surface;
struct SDL_Renderer;
struct ImGuiContext;
struct ImDrawData;

namespace pb::ui {

class Shell;
struct ShellOptions;

struct Rgba {
    std::uint8_t r = 0, g = 0, b = 0, a = 0;
};

// Who turns a frame's draw data into pixels.
enum class Rasteriser {
    Playbench,   // ui/render/raster.hpp: the default
    Sdl,         // SDL's software renderer (ui/render/software_draw.hpp), as the window's fallback draws
};

// What building one frame produced (OffscreenRenderer::build_frame).
struct FrameReport {
    double build_ms = 0.0;       // ImGui NewFrame + shell.draw() + Render, wall time
    double build_cpu_ms = 0.0;   // the same in this thread's CPU time (steady on a busy machine)
    std::string fault;           // the first bad value in the draw data (check_draw_data); empty: clean
    std::size_t draw_lists = 0, commands = 0, vertices = 0;
};

// Looks through a frame's draw data for what no rasteriser should be handed: a vertex position
// or UV that is not finite, a clip rectangle that is not finite, an index past its vertices.
// Returns the first one in words with where it is ("draw list 4 (Podball##panel), command 2:
// clip rect = (nan, 0, 10, 10)"), or an empty string when the data is clean.
std::string check_draw_data(const ImDrawData& data);

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
    // The same for a picture that is not the shell (`sweep report`'s charts): `draw` builds the
    // frame's ImGui windows between NewFrame and Render; then it is rasterised.
    double render_frame(const std::function<void()>& draw);
    // Runs one ImGui frame drawing `shell` through the real views (NewFrame, shell.draw(),
    // Render) without rasterising it, and checks the draw data it produced (check_draw_data).
    // The soak test builds thousands of frames this way and rasterises only a sample.
    FrameReport build_frame(Shell& shell);
    // Rasterises the frame built last (by build_frame); returns the milliseconds it took (wall
    // time; `cpu_ms`, when given, receives this thread's CPU time). Does nothing (0) when no
    // frame was built since the last rasterisation.
    double rasterise(double* cpu_ms = nullptr);
    // Rasterises the frame built last again, even if it was rasterised already, with `which`
    // (comparisons of the two rasterisers, the benchmark's SDL figure). Returns wall ms.
    double rasterise_again(Rasteriser which, double* cpu_ms = nullptr);
    // Who rasterises render_frame() and rasterise() (Playbench's by default).
    void set_rasteriser(Rasteriser which) { rasteriser_ = which; }
    Rasteriser rasteriser() const { return rasteriser_; }
    // Where the mouse is in the frames built from now on (hover tooltips, readouts, hover
    // lines); nullopt (the default) puts it outside the window. No button is ever pressed.
    void set_mouse(std::optional<std::pair<float, float>> position) { mouse_ = position; }
    // The left button held down, and Shift held, in the frames built from now on (tests drag
    // sliders and canvas things this way).
    void set_mouse_down(bool down) { mouse_down_ = down; }
    void set_shift(bool held) { shift_ = held; }
    // Runs `frames` frames: the first ones let ImGui settle its layout (auto-sized windows
    // take a frame or two).
    void render(Shell& shell, int frames = 3);

    // The text of the frame built last, read back from its draw data (ui/render/text_check.hpp),
    // and what of it does not fit (check_text_fit).
    std::vector<DrawnText> drawn_text() const;
    std::vector<std::string> check_text_fit() const;

    Rgba pixel(int x, int y) const;
    // Every pixel, row by row (width() * height()).
    std::vector<Rgba> pixels() const;
    bool write_png(const std::string& path, std::string& error) const;

private:
    int width_ = 0;
    int height_ = 0;
    std::string error_;
    SDL_Surface* surface_ = nullptr;
    SDL_Renderer* renderer_ = nullptr;
    ImGuiContext* context_ = nullptr;
    bool backend_ready_ = false;
    bool built_ = false;   // a frame's draw data awaits rasterisation
    std::optional<std::pair<float, float>> mouse_;
    bool mouse_down_ = false;
    bool shift_ = false;
    Rasteriser rasteriser_ = Rasteriser::Playbench;
    std::vector<std::uint8_t> atlas_;   // the font atlas's alpha, for Playbench's rasteriser
    int atlas_width_ = 0, atlas_height_ = 0;

    // NewFrame, shell.draw(), Render in the renderer's context (which must be current).
    void build(Shell& shell);
    void build(const std::function<void()>& draw);
    // Clears the surface and rasterises the current draw data with `which` (context current).
    void draw(Rasteriser which);
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
// `playbench bench render`: the shell on `sim` runs `ticks` ticks (as a running window does, so
// charts fill), with everything the lab's view offers switched on (ui/soak_setup.hpp), then
// `frames` frames are drawn and rasterised with one tick run between frames (not timed), as
// while the simulation runs; each frame is rasterised a second time by SDL's software renderer
// for comparison (sdl_raster_ms, not part of the frame's time). Means in milliseconds per frame, in this thread's CPU time (the
// software renderer runs on this thread: on a busy machine CPU time is what the frame costs,
// wall time also counts the neighbours) and in wall time.
struct RenderTiming {
    double frame_ms = 0.0;        // build + rasterise, CPU time
    double build_ms = 0.0;        // ImGui NewFrame + shell.draw() + Render, CPU time
    double raster_ms = 0.0;       // the software renderer, CPU time
    double slowest_ms = 0.0;      // the slowest frame (build + rasterise), CPU time
    double wall_ms = 0.0;         // build + rasterise, wall time
    double sdl_raster_ms = 0.0;   // the same frames rasterised by SDL's software renderer, CPU time
};
bool measure_everything_on_render(Simulation& sim, int width, int height, std::int64_t ticks, int frames,
                                  RenderTiming& timing, std::string& error);
// Writes RGBA pixels (4 bytes each, `stride` bytes per row) as a PNG: encoded in memory, then
// written whole through write_file_atomically (every write, the fsync and the close checked; a
// temp file beside renamed over the target, a device written directly). False and `error`
// ("cannot write PATH: reason") on failure, leaving no partial file.
bool write_rgba_png(const std::string& path, int width, int height, const void* rgba, int stride, std::string& error);

}   // namespace pb::ui
