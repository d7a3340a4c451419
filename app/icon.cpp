#include "app/icon.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "ui/render/offscreen_renderer.hpp"
#include "ui/render/raster.hpp"

namespace pb::app {

namespace {

// ImGui's packed colour (0xAABBGGRR), as rasterise_triangle takes it.
constexpr std::uint32_t rgba(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a = 255) {
    return (static_cast<std::uint32_t>(a) << 24) | (static_cast<std::uint32_t>(b) << 16) |
           (static_cast<std::uint32_t>(g) << 8) | r;
}

// packaging/playbench.svg's fills, in its order (later shapes over earlier ones).
constexpr std::uint32_t kPitch = rgba(0x2e, 0x7d, 0x4f);           // the tile: pitch green
constexpr std::uint32_t kMarking = rgba(0xff, 0xff, 0xff, 0x99);   // centre line and circle, 60 %
constexpr std::uint32_t kPodA = rgba(0xf2, 0x8c, 0x28);            // a pod of team A: orange
constexpr std::uint32_t kPodB = rgba(0x3d, 0x8b, 0xfd);            // a pod of team B: blue
constexpr std::uint32_t kBall = rgba(0xff, 0xff, 0xff);

struct Canvas {
    ui::RasterTarget target;
    ui::RasterClip clip;
    float scale = 1.0f;   // pixels per icon unit (the icon is 256 units square)

    void triangle(float ax, float ay, float bx, float by, float cx, float cy, std::uint32_t colour) const {
        ui::RasterVertex a{ax * scale, ay * scale, 0, 0, colour}, b{bx * scale, by * scale, 0, 0, colour},
            c{cx * scale, cy * scale, 0, 0, colour};
        ui::rasterise_triangle(a, b, c, target, clip, nullptr);
    }
    // A convex polygon as a fan about its first point.
    void convex(const std::vector<float>& xy, std::uint32_t colour) const {
        for (std::size_t i = 2; i + 3 < xy.size(); i += 2)
            triangle(xy[0], xy[1], xy[i], xy[i + 1], xy[i + 2], xy[i + 3], colour);
    }
    void circle(float cx, float cy, float r, std::uint32_t colour) const {
        constexpr int kSegments = 96;
        std::vector<float> xy;
        for (int i = 0; i < kSegments; ++i) {
            const double t = 2.0 * std::numbers::pi * i / kSegments;
            xy.push_back(cx + r * static_cast<float>(std::cos(t)));
            xy.push_back(cy + r * static_cast<float>(std::sin(t)));
        }
        convex(xy, colour);
    }
    // A circle's outline `width` wide, centred on radius r.
    void ring(float cx, float cy, float r, float width, std::uint32_t colour) const {
        constexpr int kSegments = 128;
        const float in = r - width / 2, out = r + width / 2;
        for (int i = 0; i < kSegments; ++i) {
            const double t0 = 2.0 * std::numbers::pi * i / kSegments, t1 = 2.0 * std::numbers::pi * (i + 1) / kSegments;
            const float c0 = static_cast<float>(std::cos(t0)), s0 = static_cast<float>(std::sin(t0));
            const float c1 = static_cast<float>(std::cos(t1)), s1 = static_cast<float>(std::sin(t1));
            triangle(cx + in * c0, cy + in * s0, cx + out * c0, cy + out * s0, cx + out * c1, cy + out * s1, colour);
            triangle(cx + in * c0, cy + in * s0, cx + out * c1, cy + out * s1, cx + in * c1, cy + in * s1, colour);
        }
    }
    void rounded_rect(float x0, float y0, float x1, float y1, float r, std::uint32_t colour) const {
        constexpr int kCorner = 24;
        std::vector<float> xy;
        const float cx[4] = {x1 - r, x0 + r, x0 + r, x1 - r}, cy[4] = {y0 + r, y0 + r, y1 - r, y1 - r};
        for (int k = 0; k < 4; ++k)   // corners counter-clockwise from the top right (y down)
            for (int i = 0; i <= kCorner; ++i) {
                const double t = std::numbers::pi / 2 * (k + static_cast<double>(i) / kCorner);
                xy.push_back(cx[k] + r * static_cast<float>(std::cos(t)));
                xy.push_back(cy[k] - r * static_cast<float>(std::sin(t)));
            }
        convex(xy, colour);
    }
};

}   // namespace

std::vector<std::uint8_t> render_icon(int size) {
    constexpr int kSamples = 4;   // per pixel and axis
    const int n = size * kSamples;
    std::vector<std::uint32_t> pixels(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), 0u);
    Canvas c;
    c.target = {pixels.data(), n, n, n};
    c.clip = {0, 0, n, n};
    c.scale = static_cast<float>(n) / 256.0f;
    ui::clear_target(c.target, 0x00000000u);   // transparent black: blending over it leaves premultiplied colour

    c.rounded_rect(16, 16, 240, 240, 48, kPitch);
    c.convex({124, 16, 132, 16, 132, 240, 124, 240}, kMarking);
    c.ring(128, 128, 56, 8, kMarking);
    c.circle(76, 172, 28, kPodA);
    c.circle(180, 84, 28, kPodB);
    c.circle(128, 128, 16, kBall);

    // Mean of each pixel's samples (premultiplied, so edges do not darken), then straight alpha.
    std::vector<std::uint8_t> out(static_cast<std::size_t>(size) * static_cast<std::size_t>(size) * 4u);
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            unsigned sum[4] = {0, 0, 0, 0};   // a r g b
            for (int sy = 0; sy < kSamples; ++sy)
                for (int sx = 0; sx < kSamples; ++sx) {
                    const std::uint32_t p =
                        pixels[static_cast<std::size_t>(y * kSamples + sy) * static_cast<std::size_t>(n) +
                               static_cast<std::size_t>(x * kSamples + sx)];
                    sum[0] += p >> 24;
                    sum[1] += (p >> 16) & 0xff;
                    sum[2] += (p >> 8) & 0xff;
                    sum[3] += p & 0xff;
                }
            constexpr unsigned kCount = kSamples * kSamples;
            std::uint8_t* o =
                &out[(static_cast<std::size_t>(y) * static_cast<std::size_t>(size) + static_cast<std::size_t>(x)) * 4u];
            const unsigned a = (sum[0] + kCount / 2) / kCount;
            o[3] = static_cast<std::uint8_t>(a);
            for (int k = 0; k < 3; ++k)
                o[k] = sum[0] == 0
                           ? 0
                           : static_cast<std::uint8_t>(std::min(255u, (sum[k + 1] * 255u + sum[0] / 2) / sum[0]));
        }
    return out;
}

bool write_icon_png(int size, const std::string& path, std::string& error) {
    if (size < 8 || size > 1024) {
        error = "icon size must be 8 .. 1024 pixels, got " + std::to_string(size);
        return false;
    }
    const std::vector<std::uint8_t> rgba_pixels = render_icon(size);
    return ui::write_rgba_png(path, size, size, rgba_pixels.data(), size * 4, error);
}

}   // namespace pb::app
