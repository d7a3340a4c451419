// Renders ImGui draw data with an SDL_Renderer, tuned for the software renderer: ImGui draws
// every solid rectangle (window backgrounds, the canvas, the field) as two textured triangles,
// which SDL's software rasteriser blends pixel by pixel. Solid axis-aligned quads go to
// SDL_RenderFillRect instead (a memset or a fast blend); the rest still goes through
// SDL_RenderGeometryRaw, in the original order. Same picture, several times faster.
#pragma once

struct SDL_Renderer;
struct ImDrawData;

namespace pb::ui {

// The font texture must already exist (ImGui_ImplSDLRenderer_NewFrame creates it).
void render_draw_data(SDL_Renderer* renderer, ImDrawData* draw_data);

}  // namespace pb::ui
