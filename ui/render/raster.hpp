// Playbench's own rasteriser of ImGui draw data into a 32-bit pixel buffer, for the offscreen
// renderer (`playbench render`, `bench render`, tests, the soak test). It is built for what
// ImGui emits:
//  - solid axis-aligned quads (window backgrounds, frames, the canvas, heat-map cells) become
//    row fills: plain stores when opaque, one integer blend per pixel when translucent;
//  - text glyphs (axis-aligned quads of one colour with a UV rectangle on the font atlas) become
//    a rectangle blit sampling the atlas's alpha (nearest texel) times the vertex colour;
//  - everything else goes through a general triangle rasteriser: fixed-point (1/16 pixel) edge
//    functions sampled at pixel centres, top-left fill rule (two triangles sharing an edge
//    cover each pixel once), per-vertex colour and optional atlas texture, clipped to the
//    command's clip rectangle and the target.
// Blending is SDL_BLENDMODE_BLEND's (dst = src * a + dst * (1 - a), alpha: a + dst_a * (1 - a)),
// rounded to the nearest integer, so pictures match SDL's software renderer within rounding.
// It never reads outside the vertex and index buffers or the atlas: an index past the vertices
// drops its triangle; a vertex that is not finite or lies absurdly far (beyond 2^26 pixels,
// 1e30) drops its triangle or quad; a clip rectangle that is not finite drops its command.
#pragma once
#include <cstddef>
#include <cstdint>

struct ImDrawData;

namespace pb::ui {

// The pixels drawn into: 32-bit 0xAARRGGBB values (SDL_PIXELFORMAT_ARGB8888 in memory order of a
// little- or big-endian machine alike, as each pixel is one std::uint32_t), `stride` pixels per row.
struct RasterTarget {
    std::uint32_t* pixels = nullptr;
    int width = 0;
    int height = 0;
    int stride = 0;
};

// The ImGui font atlas as one alpha byte per texel (ImFontAtlas::GetTexDataAsAlpha8): a texel
// stands for white with that alpha. Draw commands with a texture sample it; commands without
// (TextureId null) draw their vertex colours.
struct RasterAtlas {
    const std::uint8_t* alpha = nullptr;
    int width = 0;
    int height = 0;
};

// What one call drew, for tests and benchmarks.
struct RasterStats {
    std::size_t rect_fills = 0;   // solid axis-aligned quads drawn as row fills
    std::size_t rect_blits = 0;   // textured axis-aligned quads (glyphs) drawn as blits
    std::size_t triangles = 0;    // triangles through the general rasteriser
    std::size_t skipped = 0;      // triangles or quads dropped: bad index, not finite, too far
};

// Fills the whole target with one 0xAARRGGBB value.
void clear_target(const RasterTarget& target, std::uint32_t argb);

// Draws every command list of `data` in order over what the target holds. Positions are taken
// relative to data.DisplayPos and scaled by data.FramebufferScale. User callbacks are called
// (except ImDrawCallback_ResetRenderState, which has nothing to reset here).
RasterStats rasterise_draw_data(const ImDrawData& data, const RasterTarget& target, const RasterAtlas& atlas);

// One vertex of a triangle handed to rasterise_triangle (tests, and what the above uses).
struct RasterVertex {
    float x = 0, y = 0;         // pixels
    float u = 0, v = 0;         // atlas coordinates (0..1)
    std::uint32_t colour = 0;   // ImGui's packed colour (IM_COL32: 0xAABBGGRR)
};
// The pixel rectangle [x0, x1) x [y0, y1) drawing is limited to (further limited to the target).
struct RasterClip {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};
// Draws one triangle; `atlas` null draws the vertex colours untextured. Returns false when the
// triangle was dropped (not finite, too far); a zero-area triangle draws nothing and returns true.
bool rasterise_triangle(const RasterVertex& a, const RasterVertex& b, const RasterVertex& c, const RasterTarget& target,
                        const RasterClip& clip, const RasterAtlas* atlas);

}   // namespace pb::ui
