#include "ui/offscreen_renderer.hpp"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdlrenderer.h>

#include <algorithm>
#include <chrono>
#include <cstring>

#include "ui/shell.hpp"
#include "ui/software_draw.hpp"
#include "ui/style.hpp"

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

}  // namespace

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

double OffscreenRenderer::render_frame(Shell& shell) {
    if (!ok()) return 0.0;
    ContextSwitch use(context_);
    auto start = std::chrono::steady_clock::now();
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(static_cast<float>(width_), static_cast<float>(height_));
    io.DeltaTime = 1.0f / 60.0f;
    io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);   // no pointer: no hover highlights in the picture
    ImGui_ImplSDLRenderer_NewFrame();
    ImGui::NewFrame();
    shell.draw();
    ImGui::Render();
    SDL_SetRenderDrawColor(renderer_, 18, 20, 23, 255);
    SDL_RenderClear(renderer_);
    render_draw_data(renderer_, ImGui::GetDrawData());
    SDL_RenderFlush(renderer_);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
}

void OffscreenRenderer::render(Shell& shell, int frames) {
    for (int i = 0; i < std::max(1, frames); ++i) render_frame(shell);
}

Rgba OffscreenRenderer::pixel(int x, int y) const {
    if (!surface_ || x < 0 || y < 0 || x >= width_ || y >= height_) return {};
    const auto* row = static_cast<const std::uint8_t*>(surface_->pixels) + static_cast<std::ptrdiff_t>(y) * surface_->pitch;
    Uint32 value = 0;
    std::memcpy(&value, row + x * 4, sizeof value);
    Rgba c;
    SDL_GetRGBA(value, surface_->format, &c.r, &c.g, &c.b, &c.a);
    return c;
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

}  // namespace pb::ui
