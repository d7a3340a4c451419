#include "ui/render/offscreen_renderer.hpp"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdlrenderer.h>

#include <time.h>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <sstream>

#include "ui/render/raster.hpp"
#include "ui/render/software_draw.hpp"
#include "ui/shell/shell.hpp"
#include "ui/soak_setup.hpp"
#include "ui/widgets/style.hpp"

namespace pb::ui {

namespace {

// Restores the ImGui context that was current before, so an offscreen render can happen while
// the live window's context exists (screenshots, tests).
class ContextSwitch {
public:
    explicit ContextSwitch(ImGuiContext* ctx) : previous_(ImGui::GetCurrentContext()) { ImGui::SetCurrentContext(ctx); }
    ~ContextSwitch() { ImGui::SetCurrentContext(previous_); }
    ContextSwitch(const ContextSwitch&) = delete;
    ContextSwitch& operator=(const ContextSwitch&) = delete;

private:
    ImGuiContext* previous_;
};

// This thread's CPU time: what a frame costs, even on a machine busy with other work.
double thread_cpu_ms() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) * 1e-6;
}

}   // namespace

OffscreenRenderer::OffscreenRenderer(int width, int height, float ui_scale) : width_(width), height_(height) {
    if (width < 1 || height < 1 || width > 16384 || height > 16384) {
        error_ = "image size " + std::to_string(width) + "x" + std::to_string(height) + " is out of range";
        return;
    }
    // ARGB8888 is the format SDL's software blitters have their fast paths for; pixel() and
    // write_png() convert to RGBA.
    surface_ = SDL_CreateRGBSurfaceWithFormat(0, width, height, 32, SDL_PIXELFORMAT_ARGB8888);
    if (!surface_) {
        error_ = std::string("cannot create a surface: ") + SDL_GetError();
        return;
    }
    renderer_ = SDL_CreateSoftwareRenderer(surface_);
    if (!renderer_) {
        error_ = std::string("cannot create a software renderer: ") + SDL_GetError();
        return;
    }
    ImGuiContext* previous = ImGui::GetCurrentContext();
    context_ = ImGui::CreateContext();
    ImGui::SetCurrentContext(context_);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;   // an offscreen render must not touch the designer's layout file
    io.LogFilename = nullptr;
    io.DisplaySize = ImVec2(static_cast<float>(width), static_cast<float>(height));
    io.DisplayFramebufferScale = ImVec2(1, 1);
    io.DeltaTime = 1.0f / 60.0f;
    setup_fonts_and_style(ui_scale, 1.0f);
    {
        unsigned char* alpha = nullptr;
        int w = 0, h = 0;
        io.Fonts->GetTexDataAsAlpha8(&alpha, &w, &h);
        if (alpha && w > 0 && h > 0) {
            atlas_.assign(alpha, alpha + static_cast<std::size_t>(w) * static_cast<std::size_t>(h));
            atlas_width_ = w;
            atlas_height_ = h;
        }
    }
    backend_ready_ = ImGui_ImplSDLRenderer_Init(renderer_);
    if (!backend_ready_) error_ = "cannot initialise the ImGui SDL_Renderer backend";
    ImGui::SetCurrentContext(previous);
}

OffscreenRenderer::~OffscreenRenderer() {
    if (context_) {
        ContextSwitch use(context_);
        if (backend_ready_) ImGui_ImplSDLRenderer_Shutdown();
    }
    if (context_) ImGui::DestroyContext(context_);
    if (renderer_) SDL_DestroyRenderer(renderer_);
    if (surface_) SDL_FreeSurface(surface_);
}

void OffscreenRenderer::build(Shell& shell) {
    build([&] { shell.draw(); });
}

void OffscreenRenderer::build(const std::function<void()>& draw_windows) {
    ImGuiIO& io = ImGui::GetIO();
    reset_text_box_log();   // what check_text_fit() reports is this frame's
    io.DisplaySize = ImVec2(static_cast<float>(width_), static_cast<float>(height_));
    io.DeltaTime = 1.0f / 60.0f;
    // No pointer by default: no hover highlights in the picture.
    io.MousePos = mouse_ ? ImVec2(mouse_->first, mouse_->second) : ImVec2(-FLT_MAX, -FLT_MAX);
    io.MouseDown[0] = mouse_down_;
    io.KeyShift = shift_;
    ImGui_ImplSDLRenderer_NewFrame();
    ImGui::NewFrame();
    draw_windows();
    ImGui::Render();
    built_ = true;
}

double OffscreenRenderer::render_frame(Shell& shell) {
    if (!ok()) return 0.0;
    ContextSwitch use(context_);
    auto start = std::chrono::steady_clock::now();
    build(shell);
    draw(rasteriser_);
    built_ = false;
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

double OffscreenRenderer::render_frame(const std::function<void()>& draw_windows) {
    if (!ok()) return 0.0;
    ContextSwitch use(context_);
    auto start = std::chrono::steady_clock::now();
    build(draw_windows);
    draw(rasteriser_);
    built_ = false;
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

FrameReport OffscreenRenderer::build_frame(Shell& shell) {
    FrameReport report;
    if (!ok()) {
        report.fault = error_;
        return report;
    }
    ContextSwitch use(context_);
    auto start = std::chrono::steady_clock::now();
    const double cpu_start = thread_cpu_ms();
    build(shell);
    report.build_cpu_ms = thread_cpu_ms() - cpu_start;
    report.build_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    const ImDrawData* data = ImGui::GetDrawData();
    if (!data) {
        report.fault = "ImGui::Render produced no draw data";
        return report;
    }
    report.fault = check_draw_data(*data);
    report.draw_lists = static_cast<std::size_t>(data->CmdListsCount);
    for (int i = 0; i < data->CmdListsCount; ++i) {
        report.commands += static_cast<std::size_t>(data->CmdLists[i]->CmdBuffer.Size);
        report.vertices += static_cast<std::size_t>(data->CmdLists[i]->VtxBuffer.Size);
    }
    return report;
}

std::vector<DrawnText> OffscreenRenderer::drawn_text() const {
    if (!ok()) return {};
    ContextSwitch use(context_);
    const ImDrawData* data = ImGui::GetDrawData();
    return data ? ui::drawn_text(*data) : std::vector<DrawnText>{};
}

std::vector<std::string> OffscreenRenderer::check_text_fit() const {
    if (!ok()) return {};
    ContextSwitch use(context_);
    const ImDrawData* data = ImGui::GetDrawData();
    return data ? ui::check_text_fit(*data) : std::vector<std::string>{};
}

double OffscreenRenderer::rasterise(double* cpu_ms) {
    if (cpu_ms) *cpu_ms = 0.0;
    if (!ok() || !built_) return 0.0;
    ContextSwitch use(context_);
    auto start = std::chrono::steady_clock::now();
    const double cpu_start = thread_cpu_ms();
    draw(rasteriser_);
    built_ = false;
    if (cpu_ms) *cpu_ms = thread_cpu_ms() - cpu_start;
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

double OffscreenRenderer::rasterise_again(Rasteriser which, double* cpu_ms) {
    if (cpu_ms) *cpu_ms = 0.0;
    if (!ok()) return 0.0;
    ContextSwitch use(context_);
    if (!ImGui::GetDrawData()) return 0.0;
    auto start = std::chrono::steady_clock::now();
    const double cpu_start = thread_cpu_ms();
    draw(which);
    built_ = false;
    if (cpu_ms) *cpu_ms = thread_cpu_ms() - cpu_start;
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void OffscreenRenderer::draw(Rasteriser which) {
    ImDrawData* data = ImGui::GetDrawData();
    if (which == Rasteriser::Sdl) {
        SDL_SetRenderDrawColor(renderer_, 18, 20, 23, 255);
        SDL_RenderClear(renderer_);
        render_draw_data(renderer_, data);
        SDL_RenderFlush(renderer_);
        return;
    }
    SDL_RenderFlush(renderer_);   // nothing of SDL's may land on the surface after us
    const bool locked = SDL_MUSTLOCK(surface_) && SDL_LockSurface(surface_) == 0;
    RasterTarget target{static_cast<std::uint32_t*>(surface_->pixels), width_, height_, surface_->pitch / 4};
    clear_target(target, SDL_MapRGBA(surface_->format, 18, 20, 23, 255));
    if (data) rasterise_draw_data(*data, target, RasterAtlas{atlas_.data(), atlas_width_, atlas_height_});
    if (locked) SDL_UnlockSurface(surface_);
}

namespace {

bool finite(ImVec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

std::string where(const ImDrawList& list, int list_index, int command) {
    std::ostringstream out;
    out << "draw list " << list_index << " (" << (list._OwnerName ? list._OwnerName : "?") << ")";
    if (command >= 0) out << ", command " << command;
    return out.str();
}

}   // namespace

std::string check_draw_data(const ImDrawData& data) {
    if (!finite(data.DisplayPos) || !finite(data.DisplaySize)) return "the display rectangle is not finite";
    for (int l = 0; l < data.CmdListsCount; ++l) {
        const ImDrawList& list = *data.CmdLists[l];
        const int vertex_count = list.VtxBuffer.Size;
        for (int v = 0; v < vertex_count; ++v) {
            const ImDrawVert& vert = list.VtxBuffer[v];
            if (finite(vert.pos) && finite(vert.uv)) continue;
            // Name the command whose vertices these are (the last one starting at or before v).
            int command = -1;
            for (int c = 0; c < list.CmdBuffer.Size; ++c)
                if (static_cast<int>(list.CmdBuffer[c].VtxOffset) <= v) command = c;
            std::ostringstream out;
            out << where(list, l, command) << ": vertex " << v << " pos = (" << vert.pos.x << ", " << vert.pos.y
                << ") uv = (" << vert.uv.x << ", " << vert.uv.y << ")";
            return out.str();
        }
        for (int c = 0; c < list.CmdBuffer.Size; ++c) {
            const ImDrawCmd& cmd = list.CmdBuffer[c];
            if (cmd.UserCallback) continue;
            const ImVec4& r = cmd.ClipRect;
            if (!std::isfinite(r.x) || !std::isfinite(r.y) || !std::isfinite(r.z) || !std::isfinite(r.w)) {
                std::ostringstream out;
                out << where(list, l, c) << ": clip rect = (" << r.x << ", " << r.y << ", " << r.z << ", " << r.w
                    << ")";
                return out.str();
            }
            const std::int64_t first = cmd.IdxOffset, end = first + cmd.ElemCount;
            if (end > list.IdxBuffer.Size) {
                std::ostringstream out;
                out << where(list, l, c) << ": indices " << first << ".." << end << " past the index buffer ("
                    << list.IdxBuffer.Size << ")";
                return out.str();
            }
            for (std::int64_t i = first; i < end; ++i) {
                const std::int64_t vertex =
                    static_cast<std::int64_t>(cmd.VtxOffset) + list.IdxBuffer[static_cast<int>(i)];
                if (vertex >= vertex_count) {
                    std::ostringstream out;
                    out << where(list, l, c) << ": index " << i << " names vertex " << vertex << " of " << vertex_count;
                    return out.str();
                }
            }
        }
    }
    return {};
}

void OffscreenRenderer::render(Shell& shell, int frames) {
    for (int i = 0; i < std::max(1, frames); ++i) render_frame(shell);
}

Rgba OffscreenRenderer::pixel(int x, int y) const {
    if (!surface_ || x < 0 || y < 0 || x >= width_ || y >= height_) return {};
    const auto* row =
        static_cast<const std::uint8_t*>(surface_->pixels) + static_cast<std::ptrdiff_t>(y) * surface_->pitch;
    Uint32 value = 0;
    std::memcpy(&value, row + x * 4, sizeof value);
    Rgba c;
    SDL_GetRGBA(value, surface_->format, &c.r, &c.g, &c.b, &c.a);
    return c;
}

std::vector<Rgba> OffscreenRenderer::pixels() const {
    std::vector<Rgba> out;
    if (!surface_) return out;
    out.reserve(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_));
    for (int y = 0; y < height_; ++y) {
        const auto* row =
            static_cast<const std::uint8_t*>(surface_->pixels) + static_cast<std::ptrdiff_t>(y) * surface_->pitch;
        for (int x = 0; x < width_; ++x) {
            Uint32 value = 0;
            std::memcpy(&value, row + x * 4, sizeof value);
            Rgba c;
            SDL_GetRGBA(value, surface_->format, &c.r, &c.g, &c.b, &c.a);
            out.push_back(c);
        }
    }
    return out;
}

bool OffscreenRenderer::write_png(const std::string& path, std::string& error) const {
    if (!ok()) {
        error = error_;
        return false;
    }
    SDL_Surface* rgba = SDL_ConvertSurfaceFormat(surface_, SDL_PIXELFORMAT_RGBA32, 0);
    if (!rgba) {
        error = std::string("cannot convert the image: ") + SDL_GetError();
        return false;
    }
    bool ok = write_rgba_png(path, width_, height_, rgba->pixels, rgba->pitch, error);
    SDL_FreeSurface(rgba);
    return ok;
}

bool render_simulation_to_png(Simulation& sim, int width, int height, const std::string& path, std::string& error,
                              std::int64_t ticks) {
    return render_simulation_to_png(sim, width, height, path, error, ticks, ShellOptions{});
}

bool render_simulation_to_png(Simulation& sim, int width, int height, const std::string& path, std::string& error,
                              std::int64_t ticks, const ShellOptions& options) {
    OffscreenRenderer renderer(width, height);
    if (!renderer.ok()) {
        error = renderer.error();
        return false;
    }
    Shell shell(sim, options);
    shell.run_ticks(ticks);
    renderer.render(shell, 3);
    return renderer.write_png(path, error);
}

bool measure_simulation_render(Simulation& sim, int width, int height, int frames, double& ms_per_frame,
                               std::string& error) {
    OffscreenRenderer renderer(width, height);
    if (!renderer.ok()) {
        error = renderer.error();
        return false;
    }
    Shell shell(sim, ShellOptions{});
    renderer.render(shell, 3);   // settle the layout, upload the font texture
    double total = 0.0;
    int n = std::max(1, frames);
    for (int i = 0; i < n; ++i) total += renderer.render_frame(shell);
    ms_per_frame = total / n;
    return true;
}

bool measure_everything_on_render(Simulation& sim, int width, int height, std::int64_t ticks, int frames,
                                  RenderTiming& timing, std::string& error) {
    OffscreenRenderer renderer(width, height);
    if (!renderer.ok()) {
        error = renderer.error();
        return false;
    }
    ShellOptions options;
    options.start_paused = false;
    Shell shell(sim, options);
    switch_everything_on(shell);
    try {
        shell.run_ticks(ticks);
        switch_everything_on(shell);
        renderer.render(shell, 3);   // settle the layout, upload the font texture
        timing = RenderTiming{};
        const int n = std::max(1, frames);
        for (int i = 0; i < n; ++i) {
            shell.run_ticks(1);
            switch_everything_on(shell);
            FrameReport built = renderer.build_frame(shell);
            double raster_cpu = 0.0;
            const double raster_wall = renderer.rasterise(&raster_cpu);
            timing.build_ms += built.build_cpu_ms / n;
            timing.raster_ms += raster_cpu / n;
            timing.wall_ms += (built.build_ms + raster_wall) / n;
            timing.slowest_ms = std::max(timing.slowest_ms, built.build_cpu_ms + raster_cpu);
            double sdl_cpu = 0.0;
            renderer.rasterise_again(Rasteriser::Sdl, &sdl_cpu);
            timing.sdl_raster_ms += sdl_cpu / n;
        }
        timing.frame_ms = timing.build_ms + timing.raster_ms;
    } catch (const std::exception& e) {
        error = std::string("the simulation stopped at tick ") + std::to_string(sim.tick()) + ": " + e.what();
        return false;
    }
    return true;
}

}   // namespace pb::ui
