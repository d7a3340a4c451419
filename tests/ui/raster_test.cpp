// Playbench's rasteriser of ImGui draw data (ui/render/raster.hpp): exact pixel coverage, the fill
// rule, SDL's blend, clipping, glyph sampling, bad input; then every lab's busiest frame drawn
// by it and by SDL's software renderer, compared pixel by pixel.
#include <doctest/doctest.h>

#include <SDL.h>
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/render/raster.hpp"
#include "ui/shell/shell.hpp"
#include "ui/soak_setup.hpp"

using namespace pb;

namespace {

constexpr std::uint32_t kBackground = 0xFF000000u;   // opaque black, 0xAARRGGBB

struct Canvas {
    int width, height;
    std::vector<std::uint32_t> pixels;
    Canvas(int w, int h, std::uint32_t fill = kBackground)
        : width(w), height(h), pixels(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), fill) {}
    ui::RasterTarget target() { return ui::RasterTarget{pixels.data(), width, height, width}; }
    std::uint32_t at(int x, int y) const {
        return pixels[static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + x];
    }
    int changed() const {
        return static_cast<int>(
            std::count_if(pixels.begin(), pixels.end(), [](std::uint32_t p) { return p != kBackground; }));
    }
};

int red(std::uint32_t p) { return static_cast<int>((p >> 16) & 0xFF); }
int green(std::uint32_t p) { return static_cast<int>((p >> 8) & 0xFF); }
int blue(std::uint32_t p) { return static_cast<int>(p & 0xFF); }

// A draw list built by hand: vertices, indices and commands as ImGui lays them out.
struct HandList {
    ImDrawList list{nullptr};
    ImDrawList* lists[1] = {&list};
    ImDrawData data;
    HandList(float width, float height) {
        data.Valid = true;
        data.CmdLists = lists;
        data.CmdListsCount = 1;
        data.DisplayPos = ImVec2(0, 0);
        data.DisplaySize = ImVec2(width, height);
        data.FramebufferScale = ImVec2(1, 1);
    }
    int vertex(float x, float y, ImU32 col, float u = 0, float v = 0) {
        ImDrawVert vert;
        vert.pos = ImVec2(x, y);
        vert.uv = ImVec2(u, v);
        vert.col = col;
        list.VtxBuffer.push_back(vert);
        return list.VtxBuffer.Size - 1;
    }
    void index(int i) { list.IdxBuffer.push_back(static_cast<ImDrawIdx>(i)); }
    // ImGui's PrimRect layout: (x0,y0) (x1,y0) (x1,y1) (x0,y1), indices a,a+1,a+2, a,a+2,a+3.
    void quad(float x0, float y0, float x1, float y1, ImU32 col, ImVec2 uv0 = ImVec2(0, 0), ImVec2 uv1 = ImVec2(0, 0)) {
        int a = vertex(x0, y0, col, uv0.x, uv0.y);
        vertex(x1, y0, col, uv1.x, uv0.y);
        vertex(x1, y1, col, uv1.x, uv1.y);
        vertex(x0, y1, col, uv0.x, uv1.y);
        for (int k : {0, 1, 2, 0, 2, 3}) index(a + k);
    }
    void triangle(int a, int b, int c) {
        index(a);
        index(b);
        index(c);
    }
    // One command over every index so far, clipped to `clip`, textured when `texture`.
    void command(ImVec4 clip, bool texture = false) {
        ImDrawCmd cmd;
        cmd.ClipRect = clip;
        cmd.TextureId = texture ? reinterpret_cast<ImTextureID>(std::intptr_t{1}) : nullptr;
        cmd.VtxOffset = 0;
        cmd.IdxOffset = 0;
        cmd.ElemCount = static_cast<unsigned>(list.IdxBuffer.Size);
        list.CmdBuffer.push_back(cmd);
    }
};

ui::RasterVertex rv(float x, float y, ImU32 col, float u = 0, float v = 0) { return ui::RasterVertex{x, y, u, v, col}; }

// What SDL's software renderer writes for a translucent fill over `under` (both 0xAARRGGBB).
std::uint32_t sdl_blend(std::uint32_t under, std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a) {
    SDL_Surface* s = SDL_CreateRGBSurfaceWithFormat(0, 4, 4, 32, SDL_PIXELFORMAT_ARGB8888);
    REQUIRE(s);
    SDL_Renderer* ren = SDL_CreateSoftwareRenderer(s);
    REQUIRE(ren);
    SDL_SetRenderDrawColor(ren, static_cast<Uint8>(red(under)), static_cast<Uint8>(green(under)),
                           static_cast<Uint8>(blue(under)), 255);
    SDL_RenderClear(ren);
    SDL_SetRenderDrawBlendMode(ren, SDL_BLENDMODE_BLEND);
    SDL_SetRenderDrawColor(ren, r, g, b, a);
    SDL_Rect rect{0, 0, 4, 4};
    SDL_RenderFillRect(ren, &rect);
    SDL_RenderFlush(ren);
    std::uint32_t out = static_cast<const std::uint32_t*>(s->pixels)[5];
    SDL_DestroyRenderer(ren);
    SDL_FreeSurface(s);
    return out;
}

}   // namespace

TEST_CASE("raster: an opaque rectangle fills exactly its pixels, through the quad path and as two triangles") {
    const ImU32 col = IM_COL32(200, 100, 50, 255);
    for (bool as_triangles : {false, true}) {
        CAPTURE(as_triangles);
        Canvas c(16, 16);
        HandList h(16, 16);
        if (as_triangles) {   // not ImGui's PrimRect index order: the general rasteriser draws it
            int a = h.vertex(2, 3, col), b = h.vertex(7, 3, col), d = h.vertex(7, 9, col), e = h.vertex(2, 9, col);
            h.triangle(a, d, b);
            h.triangle(a, e, d);
        } else {
            h.quad(2, 3, 7, 9, col);
        }
        h.command(ImVec4(0, 0, 16, 16));
        ui::RasterStats stats = ui::rasterise_draw_data(h.data, c.target(), ui::RasterAtlas{});
        CHECK(stats.rect_fills == (as_triangles ? 0u : 1u));
        CHECK(stats.triangles == (as_triangles ? 2u : 0u));
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x) {
                const bool inside = x >= 2 && x < 7 && y >= 3 && y < 9;
                CAPTURE(x);
                CAPTURE(y);
                CHECK(c.at(x, y) == (inside ? 0xFFC86432u : kBackground));
            }
        CHECK(c.changed() == 5 * 6);
    }
}

TEST_CASE("raster: a rectangle at half-pixel edges takes the pixels whose centres it holds") {
    // Centres at x + 0.5: [2.5, 6.5) holds the centres of pixels 2..5, [3.6, 8.4) those of 4..7.
    Canvas c(16, 16);
    HandList h(16, 16);
    h.quad(2.5f, 3.6f, 6.5f, 8.4f, IM_COL32(255, 255, 255, 255));
    h.command(ImVec4(0, 0, 16, 16));
    ui::rasterise_draw_data(h.data, c.target(), ui::RasterAtlas{});
    CHECK(c.changed() == 4 * 4);
    CHECK(c.at(2, 4) == 0xFFFFFFFFu);
    CHECK(c.at(5, 7) == 0xFFFFFFFFu);
    CHECK(c.at(6, 4) == kBackground);
    CHECK(c.at(2, 3) == kBackground);
    CHECK(c.at(2, 8) == kBackground);
}

TEST_CASE("raster: triangles sharing edges cover every pixel once (top-left rule)") {
    // A translucent quad split along its diagonal, and a fan of 24 thin triangles around a centre
    // at fractional coordinates (what ImGui's circles are): every covered pixel is blended
    // exactly once, so it holds the single-blend value; one blended twice would be brighter.
    const ImU32 col = IM_COL32(255, 255, 255, 128);
    Canvas once(1, 1);
    ui::RasterClip all{0, 0, 64, 64};
    REQUIRE(ui::rasterise_triangle(rv(0, 0, col), rv(1, 0, col), rv(1, 1, col), once.target(),
                                   ui::RasterClip{0, 0, 1, 1}, nullptr));
    REQUIRE(ui::rasterise_triangle(rv(0, 0, col), rv(1, 1, col), rv(0, 1, col), once.target(),
                                   ui::RasterClip{0, 0, 1, 1}, nullptr));
    // The 1x1 canvas's pixel centre lies on the diagonal: exactly one of the two drew it.
    const std::uint32_t single = once.at(0, 0);
    CHECK(red(single) == 128);

    Canvas quad(64, 64);
    REQUIRE(ui::rasterise_triangle(rv(3, 5, col), rv(40, 5, col), rv(40, 30, col), quad.target(), all, nullptr));
    REQUIRE(ui::rasterise_triangle(rv(3, 5, col), rv(40, 30, col), rv(3, 30, col), quad.target(), all, nullptr));
    CHECK(quad.changed() == 37 * 25);
    for (std::uint32_t p : quad.pixels) CHECK((p == kBackground || p == single));

    Canvas fan(64, 64);
    const float cx = 31.3f, cy = 30.7f, r = 20.2f;
    const int n = 24;
    for (int i = 0; i < n; ++i) {
        const double a0 = 2 * M_PI * i / n, a1 = 2 * M_PI * (i + 1) / n;
        REQUIRE(ui::rasterise_triangle(
            rv(cx, cy, col),
            rv(cx + r * static_cast<float>(std::cos(a0)), cy + r * static_cast<float>(std::sin(a0)), col),
            rv(cx + r * static_cast<float>(std::cos(a1)), cy + r * static_cast<float>(std::sin(a1)), col), fan.target(),
            all, nullptr));
    }
    int doubled = 0;
    for (std::uint32_t p : fan.pixels) doubled += (p != kBackground && p != single);
    CHECK(doubled == 0);
    // The 24-gon's area is about 1260 pixels: no holes either.
    CHECK(fan.changed() > 1230);
    CHECK(fan.changed() < 1290);
}

TEST_CASE("raster: a translucent blend gives SDL's value within 1") {
    struct Case {
        std::uint32_t under;
        std::uint8_t r, g, b, a;
    };
    const Case cases[] = {{0xFF121417u, 255, 255, 255, 128}, {0xFF121417u, 66, 150, 250, 102},
                          {0xFF808080u, 0, 0, 0, 1},         {0xFF204060u, 250, 10, 120, 254},
                          {0xFFFFFFFFu, 12, 34, 56, 77},     {0xFF000000u, 255, 0, 0, 200}};
    for (const Case& k : cases) {
        CAPTURE(k.under);
        CAPTURE(int(k.a));
        Canvas c(4, 4, k.under);
        HandList h(4, 4);
        h.quad(0, 0, 4, 4, IM_COL32(k.r, k.g, k.b, k.a));
        h.command(ImVec4(0, 0, 4, 4));
        ui::rasterise_draw_data(h.data, c.target(), ui::RasterAtlas{});
        const std::uint32_t ours = c.at(1, 1), sdl = sdl_blend(k.under, k.r, k.g, k.b, k.a);
        CHECK(std::abs(red(ours) - red(sdl)) <= 1);
        CHECK(std::abs(green(ours) - green(sdl)) <= 1);
        CHECK(std::abs(blue(ours) - blue(sdl)) <= 1);
        CHECK((ours >> 24) == 255u);   // an opaque picture stays opaque
        // And the exact formula: dst = src * a + dst * (1 - a).
        const double a = k.a / 255.0;
        CHECK(std::abs(red(ours) - (k.r * a + red(k.under) * (1 - a))) <= 0.5 + 1e-9);
    }
}

TEST_CASE("raster: the clip rectangle limits drawing, and so does the target") {
    Canvas c(32, 32);
    HandList h(32, 32);
    h.quad(-10, -10, 50, 50, IM_COL32(0, 255, 0, 255));   // the quad path
    int a = h.vertex(-20, -20, IM_COL32(255, 0, 0, 255)), b = h.vertex(60, -20, IM_COL32(255, 0, 0, 255)),
        d = h.vertex(-20, 60, IM_COL32(255, 0, 255, 255));
    h.triangle(a, b, d);   // the triangle path, with a colour gradient
    h.command(ImVec4(5, 6, 12, 20));
    ui::rasterise_draw_data(h.data, c.target(), ui::RasterAtlas{});
    CHECK(c.changed() == 7 * 14);
    CHECK(c.at(4, 10) == kBackground);
    CHECK(c.at(12, 10) == kBackground);
    CHECK(c.at(8, 5) == kBackground);
    CHECK(c.at(8, 20) == kBackground);
    CHECK(c.at(5, 6) != kBackground);
    CHECK(c.at(11, 19) != kBackground);

    // A clip rectangle beyond the target: drawing stops at its edges.
    Canvas small(8, 8);
    HandList wide(8, 8);
    wide.quad(-100, -100, 100, 100, IM_COL32(0, 0, 255, 255));
    wide.command(ImVec4(-1000, -1000, 1000, 1000));
    ui::rasterise_draw_data(wide.data, small.target(), ui::RasterAtlas{});
    CHECK(small.changed() == 64);
}

TEST_CASE("raster: a glyph quad samples the atlas's alpha times the colour, nearest texel") {
    // A 4x2 atlas; the glyph covers it at 1:1 at (10, 20), then at 2:1 across (as ImGui's
    // horizontally oversampled fonts are drawn): pixel i then samples texel 2i + 1.
    const std::uint8_t alpha[8] = {0, 255, 128, 64, 255, 0, 32, 200};
    ui::RasterAtlas atlas{alpha, 4, 2};
    const ImU32 col = IM_COL32(255, 200, 100, 255);
    Canvas c(32, 32);
    HandList h(32, 32);
    h.quad(10, 20, 14, 22, col, ImVec2(0, 0), ImVec2(1, 1));
    h.quad(2, 2, 4, 4, col, ImVec2(0, 0), ImVec2(1, 1));
    h.command(ImVec4(0, 0, 32, 32), true);
    ui::RasterStats stats = ui::rasterise_draw_data(h.data, c.target(), atlas);
    CHECK(stats.rect_blits == 2);
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 4; ++x) {
            CAPTURE(x);
            CAPTURE(y);
            const int t = alpha[y * 4 + x];
            const std::uint32_t p = c.at(10 + x, 20 + y);
            CHECK(std::abs(red(p) - (255 * t + 127) / 255) <= 1);
            CHECK(std::abs(green(p) - (200 * t + 127) / 255) <= 1);
            CHECK(std::abs(blue(p) - (100 * t + 127) / 255) <= 1);
        }
    for (int y = 0; y < 2; ++y)
        for (int x = 0; x < 2; ++x) {
            const int t = alpha[y * 4 + 2 * x + 1];
            CHECK(std::abs(red(c.at(2 + x, 2 + y)) - (255 * t + 127) / 255) <= 1);
        }
    CHECK(c.at(14, 20) == kBackground);
    CHECK(c.at(10, 22) == kBackground);

    // A triangle sampling the atlas through the general path: the same texels.
    Canvas t(8, 4);
    REQUIRE(ui::rasterise_triangle(rv(0, 0, col, 0, 0), rv(4, 0, col, 1, 0), rv(4, 2, col, 1, 1), t.target(),
                                   ui::RasterClip{0, 0, 8, 4}, &atlas));
    CHECK(red(t.at(3, 0)) == 64);       // texel (3, 0)
    CHECK(red(t.at(1, 0)) == 255);      // texel (1, 0)
    CHECK(t.at(0, 1) == kBackground);   // left of the diagonal
}

TEST_CASE("raster: an anti-aliased fringe fades from the colour to nothing across its strip") {
    // ImGui's fringe: alpha 255 on the inner edge, 0 on the outer one, one pixel apart; here
    // eight pixels wide so the ramp is visible: pixel centres at 0.5 .. 7.5 of 8.
    Canvas c(8, 4);
    ui::RasterClip all{0, 0, 8, 4};
    const ImU32 in = IM_COL32(255, 255, 255, 255), out = IM_COL32(255, 255, 255, 0);
    REQUIRE(ui::rasterise_triangle(rv(0, 0, in), rv(8, 0, out), rv(8, 4, out), c.target(), all, nullptr));
    REQUIRE(ui::rasterise_triangle(rv(0, 0, in), rv(8, 4, out), rv(0, 4, in), c.target(), all, nullptr));
    for (int x = 0; x < 8; ++x) {
        CAPTURE(x);
        const double want = 255.0 * (1.0 - (x + 0.5) / 8.0);
        CHECK(std::abs(red(c.at(x, 2)) - want) <= 1.5);
    }
}

TEST_CASE("raster: positions not finite or absurdly far draw nothing and return at once") {
    const float nan = std::numeric_limits<float>::quiet_NaN(), inf = std::numeric_limits<float>::infinity();
    const ImU32 col = IM_COL32(255, 0, 0, 255);
    ui::RasterClip all{0, 0, 64, 64};
    for (float bad : {nan, inf, -inf, 1e30f, -1e30f, 3e38f}) {
        CAPTURE(bad);
        Canvas c(64, 64);
        auto start = std::chrono::steady_clock::now();
        CHECK_FALSE(
            ui::rasterise_triangle(rv(bad, 10, col), rv(50, 10, col), rv(50, 50, col), c.target(), all, nullptr));
        CHECK_FALSE(
            ui::rasterise_triangle(rv(1, 1, col), rv(50, bad, col), rv(-bad, 50, col), c.target(), all, nullptr));
        HandList h(64, 64);
        h.quad(0, 0, bad, 40, col);   // through the quad path (if it takes it)
        h.quad(bad, bad, 30, 30, col);
        int a = h.vertex(bad, 0, col), b = h.vertex(60, 0, col), d = h.vertex(60, 60, col);
        h.triangle(a, b, d);
        h.command(ImVec4(0, 0, 64, 64));
        ui::RasterStats stats = ui::rasterise_draw_data(h.data, c.target(), ui::RasterAtlas{});
        CHECK(stats.skipped >= 1);
        CHECK(c.changed() == 0);
        const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
        CHECK(ms < 50.0);
    }
    // A clip rectangle that is not finite drops its command.
    Canvas c(16, 16);
    HandList h(16, 16);
    h.quad(0, 0, 16, 16, col);
    h.command(ImVec4(0, 0, nan, 16));
    ui::rasterise_draw_data(h.data, c.target(), ui::RasterAtlas{});
    CHECK(c.changed() == 0);
    // Texture coordinates: not finite drops the shape; absurd but finite ones sample the
    // atlas's edge (never outside it: the sanitizer build would say so).
    const std::uint8_t opaque[4] = {255, 255, 255, 255};
    ui::RasterAtlas tiny{opaque, 2, 2};
    Canvas t(16, 16);
    CHECK_FALSE(ui::rasterise_triangle(rv(0, 0, col, nan, 0), rv(16, 0, col, 1, 0), rv(0, 16, col, 0, 1), t.target(),
                                       ui::RasterClip{0, 0, 16, 16}, &tiny));
    CHECK(t.changed() == 0);
    CHECK(ui::rasterise_triangle(rv(0, 0, col, 1e30f, -1e30f), rv(16, 0, col, -1e30f, 0), rv(0, 16, col, 0, 1e30f),
                                 t.target(), ui::RasterClip{0, 0, 16, 16}, &tiny));
    HandList uv(16, 16);
    uv.quad(0, 0, 16, 16, col, ImVec2(-1e30f, 1e30f), ImVec2(1e30f, -1e30f));
    uv.command(ImVec4(0, 0, 16, 16), true);
    ui::RasterStats uv_stats = ui::rasterise_draw_data(uv.data, t.target(), tiny);
    CHECK(uv_stats.rect_blits == 1);
    CHECK(t.changed() == 256);
    // A large but sane triangle (a zoomed-in shape) still draws what is on screen.
    Canvas z(16, 16);
    CHECK(ui::rasterise_triangle(rv(-1e6f, -1e6f, col), rv(1e6f, -1e6f, col), rv(0, 1e6f, col), z.target(),
                                 ui::RasterClip{0, 0, 16, 16}, nullptr));
    CHECK(z.changed() == 256);
}

TEST_CASE("raster: degenerate triangles draw nothing; indices past the vertices are not read") {
    const ImU32 col = IM_COL32(255, 255, 0, 255);
    Canvas c(16, 16);
    ui::RasterClip all{0, 0, 16, 16};
    CHECK(ui::rasterise_triangle(rv(1, 1, col), rv(5, 5, col), rv(9, 9, col), c.target(), all, nullptr));   // a line
    CHECK(ui::rasterise_triangle(rv(3, 3, col), rv(3, 3, col), rv(3, 3, col), c.target(), all, nullptr));   // a point
    CHECK(c.changed() == 0);

    HandList h(16, 16);
    int a = h.vertex(0, 0, col), b = h.vertex(16, 0, col), d = h.vertex(0, 16, col);
    h.triangle(a, b, 40);   // vertex 40 does not exist
    h.triangle(a, 3, d);    // nor vertex 3
    h.command(ImVec4(0, 0, 16, 16));
    h.list.CmdBuffer.back().ElemCount = 12;   // and the command claims more indices than there are
    ui::RasterStats stats = ui::rasterise_draw_data(h.data, c.target(), ui::RasterAtlas{});
    CHECK(stats.skipped == 2);
    CHECK(stats.triangles == 0);
    CHECK(c.changed() == 0);
}

// ---- the two rasterisers on every lab's busiest frame ------------------------------------

namespace {

struct Diff {
    double within_8 = 0;   // share of pixels whose channels all differ by <= 8
    double mean_abs = 0;   // mean absolute difference per channel (RGB)
    int max_abs = 0;
    double explained = 0;   // share of pixels each of whose values lies within the other picture's
                            // 3x3 neighbourhood's range (+-8) per channel, both ways
};

// Whether a's pixel (x, y) lies, channel by channel, within the range of b's 3x3 neighbourhood
// around it, widened by `slack`: what an edge moved by up to a pixel (or blended differently
// across it) produces. A shape, glyph or colour missing or wrong is not explained so.
bool within_neighbourhood(const std::vector<ui::Rgba>& a, const std::vector<ui::Rgba>& b, int w, int h, int x, int y,
                          int slack) {
    const ui::Rgba& p = a[static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + x];
    int lo[3] = {255, 255, 255}, hi[3] = {0, 0, 0};
    for (int yy = std::max(0, y - 1); yy <= std::min(h - 1, y + 1); ++yy)
        for (int xx = std::max(0, x - 1); xx <= std::min(w - 1, x + 1); ++xx) {
            const ui::Rgba& q = b[static_cast<std::size_t>(yy) * static_cast<std::size_t>(w) + xx];
            const int c[3] = {q.r, q.g, q.b};
            for (int k = 0; k < 3; ++k) {
                lo[k] = std::min(lo[k], c[k]);
                hi[k] = std::max(hi[k], c[k]);
            }
        }
    const int v[3] = {p.r, p.g, p.b};
    for (int k = 0; k < 3; ++k)
        if (v[k] < lo[k] - slack || v[k] > hi[k] + slack) return false;
    return true;
}

Diff compare(const std::vector<ui::Rgba>& a, const std::vector<ui::Rgba>& b, int w, int h,
             std::vector<std::uint8_t>* image) {
    Diff d;
    long long close = 0, sum = 0, explained = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const int dr = std::abs(a[i].r - b[i].r), dg = std::abs(a[i].g - b[i].g), db = std::abs(a[i].b - b[i].b);
        const int m = std::max({dr, dg, db});
        close += m <= 8;
        sum += dr + dg + db;
        d.max_abs = std::max(d.max_abs, m);
        const int x = static_cast<int>(i % static_cast<std::size_t>(w)),
                  y = static_cast<int>(i / static_cast<std::size_t>(w));
        const bool ok =
            m <= 8 || (within_neighbourhood(a, b, w, h, x, y, 8) && within_neighbourhood(b, a, w, h, x, y, 8));
        explained += ok;
        if (image) {
            // Grey: the picture, dimmed; blue: differs by more than 8 but explained by an edge
            // moved by a pixel; red: not explained, brighter the more it differs.
            const auto grey = static_cast<std::uint8_t>((a[i].r + a[i].g + a[i].b) / 9);
            const auto strong = static_cast<std::uint8_t>(std::min(255, 96 + m));
            image->push_back(!ok ? strong : grey);
            image->push_back(grey);
            image->push_back(ok && m > 8 ? std::max<std::uint8_t>(grey, 110) : grey);
            image->push_back(255);
        }
    }
    d.within_8 = static_cast<double>(close) / static_cast<double>(a.size());
    d.explained = static_cast<double>(explained) / static_cast<double>(a.size());
    d.mean_abs = static_cast<double>(sum) / (3.0 * static_cast<double>(a.size()));
    return d;
}

void write(const std::string& path, int w, int h, const std::vector<ui::Rgba>& px) {
    std::string error;
    ui::write_rgba_png(path, w, h, px.data(), w * 4, error);
}

}   // namespace

TEST_CASE("raster: every lab's busiest frame looks the same drawn by Playbench and by SDL's software renderer") {
    // Set PLAYBENCH_RASTER_DIFF_DIR to write <lab>-ours.png, <lab>-sdl.png and <lab>-diff.png.
    const char* dir = std::getenv("PLAYBENCH_RASTER_DIFF_DIR");
    const char* files[] = {"podball-default.toml", "rgs-build-order.toml", "logistics-colony.toml",
                           "effects-three-waves.toml", "tasks-toward-the-stars.toml"};
    for (const char* file : files) {
        INFO(std::string(file));
        Simulation sim(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + file));
        ui::OffscreenRenderer renderer(1280, 800);
        REQUIRE_MESSAGE(renderer.ok(), renderer.error());
        ui::ShellOptions options;
        options.start_paused = false;
        ui::Shell shell(sim, options);
        ui::switch_everything_on(shell);
        shell.run_ticks(300);
        ui::switch_everything_on(shell);
        renderer.render(shell, 3);
        renderer.build_frame(shell);
        renderer.rasterise();
        REQUIRE(renderer.rasteriser() == ui::Rasteriser::Playbench);
        const std::vector<ui::Rgba> ours = renderer.pixels();
        renderer.rasterise_again(ui::Rasteriser::Sdl);
        const std::vector<ui::Rgba> sdl = renderer.pixels();
        REQUIRE(ours.size() == 1280u * 800u);
        REQUIRE(sdl.size() == ours.size());
        std::vector<std::uint8_t> image;
        const Diff d = compare(ours, sdl, 1280, 800, dir ? &image : nullptr);
        MESSAGE(std::string(file) << ": " << 100.0 * d.within_8 << " % of pixels within 8 per channel, "
                                  << 100.0 * d.explained
                                  << " % explained by edges moved up to a pixel, mean |difference| " << d.mean_abs
                                  << ", largest " << d.max_abs);
        // Measured (1280x800, 300 ticks): 87-95 % within 8, 98.3-99.6 % explained, mean 2.9-3.9.
        // Not closer, and not because of a fault: SDL's software renderer truncates every vertex
        // to a whole pixel before rasterising, so each anti-aliased edge and 1-pixel line lands
        // half a pixel off where a GPU (and this rasteriser, sampling at pixel centres) puts it;
        // and it draws some long thin lines 2 pixels wide (Logistics' grid, lower half). The
        // neighbourhood test still fails on a shape, glyph or colour missing or wrong.
        CHECK(d.explained >= 0.975);
        CHECK(d.within_8 >= 0.85);
        CHECK(d.mean_abs < 5.0);
        // Not the same picture by accident (a blank frame on both sides): most of it is drawn.
        const auto background = std::count_if(ours.begin(), ours.end(),
                                              [](const ui::Rgba& p) { return p.r == 18 && p.g == 20 && p.b == 23; });
        CHECK(static_cast<double>(background) < 0.5 * static_cast<double>(ours.size()));
        if (dir) {
            const std::string stem = std::string(dir) + "/" + std::string(file).substr(0, std::string(file).find('.'));
            write(stem + "-ours.png", 1280, 800, ours);
            write(stem + "-sdl.png", 1280, 800, sdl);
            std::string error;
            ui::write_rgba_png(stem + "-diff.png", 1280, 800, image.data(), 1280 * 4, error);
        }
    }
}
