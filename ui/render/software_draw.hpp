// Renders ImGui draw data with an SDL_Renderer, tuned for the software renderer: ImGui draws
// every solid rectangle (window backgrounds, the canvas, the field) as two textured triangles,
// which SDL's software rasteriser blends pixel by pixel. Solid axis-aligned quads go to
// SDL_RenderFillRect instead (a memset or a fast blend); the rest still goes through
// SDL_RenderGeometryRaw, in the original order, untextured where only the white texel is
// sampled (shapes). Same picture, several times faster.
#pragma once

struct SDL_Renderer;
struct SDL_Texture;
struct ImDrawData;

namespace pb::ui {

// The window's way when SDL fell back to its software renderer (no GPU): Playbench's own
// rasteriser (ui/render/raster.hpp, three to four times faster than SDL's) draws the frame into a
// streaming texture the size of the renderer's output, which is then copied onto the renderer.
class RasterPresenter {
public:
    RasterPresenter() = default;
    ~RasterPresenter();
    RasterPresenter(const RasterPresenter&) = delete;
    RasterPresenter& operator=(const RasterPresenter&) = delete;
    // Clears to the window colour and draws `draw_data` (the current ImGui context's, whose font
    // atlas it samples). False when SDL cannot give it a texture: draw with render_draw_data then.
    bool present(SDL_Renderer* renderer, ImDrawData* draw_data);
    // Destroys the texture: call before the renderer is destroyed.
    void release();

private:
    SDL_Texture* texture_ = nullptr;
    int width_ = 0, height_ = 0;
};

// The font texture must already exist (ImGui_ImplSDLRenderer_NewFrame creates it), and the
// ImGui context that produced `draw_data` must be current (for the atlas's white texel).
void render_draw_data(SDL_Renderer* renderer, ImDrawData* draw_data);

}   // namespace pb::ui
