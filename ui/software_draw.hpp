// Renders ImGui draw data with an SDL_Renderer, tuned for the software renderer: ImGui draws
// every solid rectangle (window backgrounds, the canvas, the field) as two textured triangles,
// which SDL's software rasteriser blends pixel by pixel. Solid axis-aligned quads go to
// SDL_RenderFillRect instead (a memset or a fast blend); the rest still goes through
// SDL_RenderGeometryRaw, in the original order, untextured where only the white texel is
// sampled (shapes). Same picture, several times faster.
#pragma once

struct SDL_Renderer;
struct ImDrawData;

namespace pb::ui {

// The font texture must already exist (ImGui_ImplSDLRenderer_NewFrame creates it), and the
// ImGui context that produced `draw_data` must be current (for the atlas's white texel).
void render_draw_data(SDL_Renderer* renderer, ImDrawData* draw_data);

}  // namespace pb::ui
