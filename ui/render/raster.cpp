#include "ui/render/raster.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

namespace pb::ui {

namespace {

using u32 = std::uint32_t;
using i64 = std::int64_t;

constexpr int kSubBits = 4;   // vertex positions snap to 1/16 pixel
constexpr i64 kSub = i64{1} << kSubBits;
constexpr i64 kHalf = kSub / 2;       // a pixel's centre
constexpr double kFar = 67108864.0;   // 2^26 pixels: beyond this a vertex is garbage

// A pixel rectangle [x0, x1) x [y0, y1).
struct Box {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    bool empty() const { return x0 >= x1 || y0 >= y1; }
};

Box intersect(Box a, Box b) {
    return Box{std::max(a.x0, b.x0), std::max(a.y0, b.y0), std::min(a.x1, b.x1), std::min(a.y1, b.y1)};
}

Box target_box(const RasterTarget& t) { return Box{0, 0, std::max(0, t.width), std::max(0, t.height)}; }

bool usable(const RasterTarget& t) { return t.pixels && t.width > 0 && t.height > 0 && t.stride >= t.width; }

// ImGui packs colours as 0xAABBGGRR; the target holds 0xAARRGGBB.
u32 argb_of(ImU32 c) { return (c & 0xFF00FF00u) | ((c & 0xFFu) << 16) | ((c >> 16) & 0xFFu); }
unsigned alpha_of(ImU32 c) { return (c >> 24) & 0xFFu; }

// round(x / 255) for 0 <= x <= 65535.
unsigned div255(unsigned x) { return (x + 128u + ((x + 128u) >> 8)) >> 8; }

// dst = src * a + dst * (255 - a), every channel divided by 255 and rounded, two channels per
// multiply. The source's alpha lane is 255, so the alpha written is a + dst_a * (1 - a): an
// opaque target stays opaque.
class Blender {
public:
    Blender(u32 argb, unsigned a) : inverse_(255u - a) {
        const u32 s = argb | 0xFF000000u;
        rb_ = (s & 0x00FF00FFu) * a + 0x00800080u;
        ag_ = ((s >> 8) & 0x00FF00FFu) * a + 0x00800080u;
    }
    u32 operator()(u32 d) const {
        u32 rb = rb_ + (d & 0x00FF00FFu) * inverse_;
        rb = ((rb + ((rb >> 8) & 0x00FF00FFu)) >> 8) & 0x00FF00FFu;
        u32 ag = ag_ + ((d >> 8) & 0x00FF00FFu) * inverse_;
        ag = (ag + ((ag >> 8) & 0x00FF00FFu)) & 0xFF00FF00u;
        return rb | ag;
    }

private:
    u32 rb_ = 0, ag_ = 0, inverse_ = 0;
};

void put(u32& d, u32 argb, unsigned a) {
    if (a == 0) return;
    if (a >= 255) {
        d = argb | 0xFF000000u;
        return;
    }
    d = Blender(argb, a)(d);
}

void fill_span(u32* p, int n, u32 argb, unsigned a) {
    if (a == 0 || n <= 0) return;
    if (a >= 255) {
        std::fill_n(p, n, argb | 0xFF000000u);
        return;
    }
    const Blender blend(argb, a);
    for (int i = 0; i < n; ++i) p[i] = blend(p[i]);
}

u32* row(const RasterTarget& t, int y) { return t.pixels + static_cast<std::ptrdiff_t>(y) * t.stride; }

bool finite(float v) { return std::isfinite(v); }
// A double as a float without undefined behaviour: beyond the float range it becomes infinite
// (and the vertex is dropped as too far).
float to_float(double v) {
    if (std::isnan(v)) return std::nanf("");
    if (std::fabs(v) > 3.0e38) return v > 0 ? HUGE_VALF : -HUGE_VALF;
    return static_cast<float>(v);
}
bool near_enough(double v) { return std::isfinite(v) && std::fabs(v) <= kFar; }

// The pixels whose centres lie in [lo, hi), limited to [limit0, limit1).
bool pixel_range(double lo, double hi, int limit0, int limit1, int& first, int& end) {
    if (!std::isfinite(lo) || !std::isfinite(hi)) return false;
    double a = std::ceil(lo - 0.5), b = std::ceil(hi - 0.5);
    a = std::max(a, static_cast<double>(limit0));
    b = std::min(b, static_cast<double>(limit1));
    if (!(a < b)) return false;
    first = static_cast<int>(a);
    end = static_cast<int>(b);
    return true;
}

// A float as an index in [0, top]; NaN gives 0 (no float-to-int conversion out of range).
int to_index(float v, int top) {
    if (!(v > 0.0f)) return 0;
    if (!(v < static_cast<float>(top))) return top;
    return static_cast<int>(v);
}
int to_index(double v, int top) {
    if (!(v > 0.0)) return 0;
    if (!(v < static_cast<double>(top))) return top;
    return static_cast<int>(v);
}

unsigned texel(const RasterAtlas& atlas, float u, float v) {
    // Texel units, clamped to the atlas.
    const int tu = to_index(static_cast<double>(u) * atlas.width, atlas.width - 1);
    const int tv = to_index(static_cast<double>(v) * atlas.height, atlas.height - 1);
    return atlas.alpha[static_cast<std::ptrdiff_t>(tv) * atlas.width + tu];
}

bool atlas_usable(const RasterAtlas* atlas) { return atlas && atlas->alpha && atlas->width > 0 && atlas->height > 0; }

i64 floor_div(i64 a, i64 b) {   // b > 0
    i64 q = a / b;
    return (a % b != 0 && a < 0) ? q - 1 : q;
}
i64 ceil_div(i64 a, i64 b) {   // b > 0
    i64 q = a / b;
    return (a % b != 0 && a > 0) ? q + 1 : q;
}

// ---- general triangles ------------------------------------------------------------------

bool draw_triangle(const RasterVertex& va, const RasterVertex& vb, const RasterVertex& vc, const RasterTarget& target,
                   Box clip, const RasterAtlas* atlas) {
    const RasterVertex* v[3] = {&va, &vb, &vc};
    const bool textured = atlas_usable(atlas);
    i64 X[3], Y[3];
    for (int k = 0; k < 3; ++k) {
        if (!near_enough(v[k]->x) || !near_enough(v[k]->y)) return false;
        if (textured && (!finite(v[k]->u) || !finite(v[k]->v))) return false;
        X[k] = std::llround(static_cast<double>(v[k]->x) * kSub);
        Y[k] = std::llround(static_cast<double>(v[k]->y) * kSub);
    }
    i64 area = (X[1] - X[0]) * (Y[2] - Y[0]) - (Y[1] - Y[0]) * (X[2] - X[0]);
    if (area == 0) return true;
    if (area < 0) {   // one winding from here on: inside is where every edge function is >= 0
        std::swap(v[1], v[2]);
        std::swap(X[1], X[2]);
        std::swap(Y[1], Y[2]);
        area = -area;
    }
    // The pixels whose centres the bounding box holds, within the clip rectangle.
    const i64 min_x = std::min({X[0], X[1], X[2]}), max_x = std::max({X[0], X[1], X[2]});
    const i64 min_y = std::min({Y[0], Y[1], Y[2]}), max_y = std::max({Y[0], Y[1], Y[2]});
    const i64 px0 = std::max<i64>(clip.x0, ceil_div(min_x - kHalf, kSub));
    const i64 px1 = std::min<i64>(clip.x1, floor_div(max_x - kHalf, kSub) + 1);
    const i64 py0 = std::max<i64>(clip.y0, ceil_div(min_y - kHalf, kSub));
    const i64 py1 = std::min<i64>(clip.y1, floor_div(max_y - kHalf, kSub) + 1);
    if (px0 >= px1 || py0 >= py1) return true;

    // Edge k runs from vertex k+1 to vertex k+2: w_k(p) = dx * (p.y - a.y) - dy * (p.x - a.x),
    // positive inside. Top-left rule: a pixel centre exactly on an edge belongs to the triangle
    // only if the edge is a top edge (horizontal, running right) or a left edge (running up),
    // so two triangles sharing an edge never both draw a pixel on it.
    i64 origin[3], step_x[3], step_y[3];
    const i64 cx0 = px0 * kSub + kHalf, cy0 = py0 * kSub + kHalf;
    for (int k = 0; k < 3; ++k) {
        const int a = (k + 1) % 3, b = (k + 2) % 3;
        const i64 dx = X[b] - X[a], dy = Y[b] - Y[a];
        const i64 bias = (dy < 0 || (dy == 0 && dx > 0)) ? 0 : -1;
        origin[k] = dx * (cy0 - Y[a]) - dy * (cx0 - X[a]) + bias;
        step_x[k] = -dy * kSub;
        step_y[k] = dx * kSub;
    }

    // Colours and texture coordinates: one value for the whole triangle when its vertices
    // agree, planes over the pixel grid otherwise.
    const ImU32 c0 = v[0]->colour;
    const bool one_colour = v[1]->colour == c0 && v[2]->colour == c0;
    const bool one_texel =
        !textured || (v[1]->u == v[0]->u && v[2]->u == v[0]->u && v[1]->v == v[0]->v && v[2]->v == v[0]->v);
    const bool uniform = one_colour && one_texel;
    const bool one_rgb = ((v[1]->colour ^ c0) & 0x00FFFFFFu) == 0 && ((v[2]->colour ^ c0) & 0x00FFFFFFu) == 0;
    const bool alpha_varies = !one_colour;   // with one_rgb: only the alpha differs
    const u32 flat_argb = argb_of(c0);
    unsigned flat_alpha = alpha_of(c0);
    const unsigned flat_texel = textured && one_texel ? texel(*atlas, v[0]->u, v[0]->v) : 255u;
    if (uniform && textured) flat_alpha = div255(flat_alpha * flat_texel);
    if (uniform && flat_alpha == 0) return true;

    // Attribute planes: value(px, py) = at_origin + dx * (px - px0) + dy * (py - py0).
    struct Plane {
        float at_origin = 0, dx = 0, dy = 0;
    };
    Plane planes[6];   // r, g, b, a, u (texels), v (texels); unused ones stay flat zeros
    int plane_count = 0;
    if (!uniform) {
        const double x0 = static_cast<double>(X[0]) / kSub, y0 = static_cast<double>(Y[0]) / kSub;
        const double x1 = static_cast<double>(X[1]) / kSub - x0, y1 = static_cast<double>(Y[1]) / kSub - y0;
        const double x2 = static_cast<double>(X[2]) / kSub - x0, y2 = static_cast<double>(Y[2]) / kSub - y0;
        const double area_px = x1 * y2 - y1 * x2;
        auto plane = [&](double a0, double a1, double a2) {
            const double d1 = a1 - a0, d2 = a2 - a0;
            const double ddx = (d1 * y2 - d2 * y1) / area_px, ddy = (d2 * x1 - d1 * x2) / area_px;
            const double ox = static_cast<double>(px0) + 0.5 - x0, oy = static_cast<double>(py0) + 0.5 - y0;
            return Plane{static_cast<float>(a0 + ddx * ox + ddy * oy), static_cast<float>(ddx),
                         static_cast<float>(ddy)};
        };
        for (int shift : {0, 8, 16, 24}) {
            planes[plane_count++] = plane(static_cast<double>((v[0]->colour >> shift) & 0xFF),
                                          static_cast<double>((v[1]->colour >> shift) & 0xFF),
                                          static_cast<double>((v[2]->colour >> shift) & 0xFF));
        }
        plane_count = 6;   // (u, v) planes stay zero when untextured
        if (textured) {
            // UVs held to the atlas (ImGui's are inside it): garbage like 1e30 cannot blow the
            // planes up past the float range.
            const double w = atlas->width, h = atlas->height;
            auto unit = [](float t) { return std::clamp(static_cast<double>(t), 0.0, 1.0); };
            planes[4] = plane(unit(v[0]->u) * w, unit(v[1]->u) * w, unit(v[2]->u) * w);
            planes[5] = plane(unit(v[0]->v) * h, unit(v[1]->v) * h, unit(v[2]->v) * h);
        }
    }

    const i64 width = px1 - px0;
    for (i64 py = py0; py < py1; ++py) {
        const i64 ry = py - py0;
        i64 first = 0, last = width - 1;   // the span's pixels, relative to px0
        for (int k = 0; k < 3 && first <= last; ++k) {
            const i64 base = origin[k] + ry * step_y[k];
            const i64 sx = step_x[k];
            if (sx > 0) {
                if (base < 0) first = std::max(first, ceil_div(-base, sx));
            } else if (sx < 0) {
                if (base < 0)
                    first = last + 1;
                else
                    last = std::min(last, base / -sx);
            } else if (base < 0) {
                first = last + 1;
            }
        }
        if (first > last) continue;
        u32* out = row(target, static_cast<int>(py)) + px0 + first;
        const int n = static_cast<int>(last - first + 1);
        if (uniform) {
            fill_span(out, n, flat_argb, flat_alpha);
            continue;
        }
        const float fx = static_cast<float>(first), fy = static_cast<float>(ry);
        float value[6];
        for (int p = 0; p < plane_count; ++p) value[p] = planes[p].at_origin + planes[p].dx * fx + planes[p].dy * fy;
        if (one_rgb) {
            // What ImGui's fringes and textured lines are: one colour, its alpha (or the texel
            // sampled) varying across the triangle. Only what varies is interpolated.
            float alpha = value[3], u = value[4], w = value[5];
            const float d_alpha = planes[3].dx, du = planes[4].dx, dw = planes[5].dx;
            for (int i = 0; i < n; ++i) {
                unsigned a = alpha_varies ? static_cast<unsigned>(to_index(alpha + 0.5f, 255)) : flat_alpha;
                if (textured) {
                    const unsigned t =
                        one_texel
                            ? flat_texel
                            : atlas->alpha[static_cast<std::ptrdiff_t>(to_index(w, atlas->height - 1)) * atlas->width +
                                           to_index(u, atlas->width - 1)];
                    a = div255(a * t);
                }
                put(out[i], flat_argb, a);
                alpha += d_alpha;
                u += du;
                w += dw;
            }
            continue;
        }
        for (int i = 0; i < n; ++i) {
            auto channel = [&](int p) { return static_cast<unsigned>(to_index(value[p] + 0.5f, 255)); };
            const unsigned r = channel(0), g = channel(1), b = channel(2);
            unsigned a = channel(3);
            if (textured) {
                const int tu = to_index(value[4], atlas->width - 1), tv = to_index(value[5], atlas->height - 1);
                a = div255(a * atlas->alpha[static_cast<std::ptrdiff_t>(tv) * atlas->width + tu]);
            }
            put(out[i], (r << 16) | (g << 8) | b, a);
            for (int p = 0; p < plane_count; ++p) value[p] += planes[p].dx;
        }
    }
    return true;
}

// ---- axis-aligned quads ---------------------------------------------------------------

// ImGui's PrimRect / PrimRectUV and its text: vertices a..a+3 at (x0,y0), (x1,y0), (x1,y1),
// (x0,y1), indices (a, a+1, a+2, a, a+2, a+3), one colour, the UVs an axis-aligned rectangle.
bool is_quad(const ImDrawVert* v, int vertex_count, const ImDrawIdx* ix) {
    const int a = ix[0];
    if (a + 3 >= vertex_count) return false;
    if (ix[1] != a + 1 || ix[2] != a + 2 || ix[3] != a || ix[4] != a + 2 || ix[5] != a + 3) return false;
    const ImDrawVert &p0 = v[a], &p1 = v[a + 1], &p2 = v[a + 2], &p3 = v[a + 3];
    if (p0.col != p1.col || p0.col != p2.col || p0.col != p3.col) return false;
    if (p0.pos.y != p1.pos.y || p1.pos.x != p2.pos.x || p2.pos.y != p3.pos.y || p3.pos.x != p0.pos.x) return false;
    if (p0.uv.y != p1.uv.y || p1.uv.x != p2.uv.x || p2.uv.y != p3.uv.y || p3.uv.x != p0.uv.x) return false;
    return p2.pos.x > p0.pos.x && p2.pos.y > p0.pos.y;   // also false for NaN: the triangles drop those
}

struct Transform {
    float ox = 0, oy = 0, sx = 1, sy = 1;
    double x(float v) const { return (static_cast<double>(v) - ox) * sx; }
    double y(float v) const { return (static_cast<double>(v) - oy) * sy; }
};

// Returns false when the quad was dropped (not finite, too far).
bool draw_quad(const ImDrawVert& p0, const ImDrawVert& p2, const Transform& tf, const RasterTarget& target, Box clip,
               const RasterAtlas* atlas, bool& blit) {
    const double x0 = tf.x(p0.pos.x), y0 = tf.y(p0.pos.y), x1 = tf.x(p2.pos.x), y1 = tf.y(p2.pos.y);
    if (!near_enough(x0) || !near_enough(y0) || !near_enough(x1) || !near_enough(y1)) return false;
    const bool textured = atlas_usable(atlas);
    if (textured && (!finite(p0.uv.x) || !finite(p0.uv.y) || !finite(p2.uv.x) || !finite(p2.uv.y))) return false;
    int xa = 0, xb = 0, ya = 0, yb = 0;
    blit = textured && (p0.uv.x != p2.uv.x || p0.uv.y != p2.uv.y);
    if (!pixel_range(x0, x1, clip.x0, clip.x1, xa, xb) || !pixel_range(y0, y1, clip.y0, clip.y1, ya, yb)) return true;
    const u32 argb = argb_of(p0.col);
    const unsigned alpha = alpha_of(p0.col);
    if (!blit) {
        const unsigned a = textured ? div255(alpha * texel(*atlas, p0.uv.x, p0.uv.y)) : alpha;
        if (a == 0) return true;
        for (int y = ya; y < yb; ++y) fill_span(row(target, y) + xa, xb - xa, argb, a);
        return true;
    }
    // A textured rectangle (a glyph): nearest texel at each pixel's centre, times the colour.
    const double tw = atlas->width, th = atlas->height;
    const double du = (static_cast<double>(p2.uv.x) - p0.uv.x) * tw / (x1 - x0);
    const double dv = (static_cast<double>(p2.uv.y) - p0.uv.y) * th / (y1 - y0);
    const double u_start = p0.uv.x * tw + (xa + 0.5 - x0) * du;
    const double v_start = p0.uv.y * th + (ya + 0.5 - y0) * dv;
    const int max_u = atlas->width - 1, max_v = atlas->height - 1;
    constexpr int kColumns = 512;
    int columns[kColumns];
    const int n = std::min(xb - xa, kColumns);
    for (int i = 0; i < n; ++i) columns[i] = to_index(u_start + i * du, max_u);
    for (int y = ya; y < yb; ++y) {
        const int tv = to_index(v_start + (y - ya) * dv, max_v);
        const std::uint8_t* texels = atlas->alpha + static_cast<std::ptrdiff_t>(tv) * atlas->width;
        u32* out = row(target, y) + xa;
        for (int i = 0; i < xb - xa; ++i) {
            const int tu = i < kColumns ? columns[i] : to_index(u_start + i * du, max_u);
            const unsigned t = texels[tu];
            if (t == 0) continue;
            put(out[i], argb, div255(alpha * t));
        }
    }
    return true;
}

}   // namespace

void clear_target(const RasterTarget& target, std::uint32_t argb) {
    if (!usable(target)) return;
    for (int y = 0; y < target.height; ++y) std::fill_n(row(target, y), target.width, argb);
}

bool rasterise_triangle(const RasterVertex& a, const RasterVertex& b, const RasterVertex& c, const RasterTarget& target,
                        const RasterClip& clip, const RasterAtlas* atlas) {
    if (!usable(target)) return true;
    const Box box = intersect(target_box(target), Box{clip.x0, clip.y0, clip.x1, clip.y1});
    if (box.empty()) {
        // Still say whether the triangle was usable.
        for (const RasterVertex* v : {&a, &b, &c})
            if (!near_enough(v->x) || !near_enough(v->y)) return false;
        return true;
    }
    return draw_triangle(a, b, c, target, box, atlas);
}

RasterStats rasterise_draw_data(const ImDrawData& data, const RasterTarget& target, const RasterAtlas& atlas) {
    RasterStats stats;
    if (!usable(target) || data.CmdListsCount <= 0 || !data.CmdLists) return stats;
    Transform tf;
    tf.ox = data.DisplayPos.x;
    tf.oy = data.DisplayPos.y;
    if (std::isfinite(data.FramebufferScale.x) && data.FramebufferScale.x > 0) tf.sx = data.FramebufferScale.x;
    if (std::isfinite(data.FramebufferScale.y) && data.FramebufferScale.y > 0) tf.sy = data.FramebufferScale.y;
    if (!std::isfinite(tf.ox) || !std::isfinite(tf.oy)) return stats;
    const Box whole = target_box(target);

    for (int l = 0; l < data.CmdListsCount; ++l) {
        const ImDrawList* list = data.CmdLists[l];
        if (!list) continue;
        for (int c = 0; c < list->CmdBuffer.Size; ++c) {
            const ImDrawCmd& cmd = list->CmdBuffer[c];
            if (cmd.UserCallback) {
                if (cmd.UserCallback != ImDrawCallback_ResetRenderState) cmd.UserCallback(list, &cmd);
                continue;
            }
            Box clip;
            if (!pixel_range(tf.x(cmd.ClipRect.x), tf.x(cmd.ClipRect.z), whole.x0, whole.x1, clip.x0, clip.x1) ||
                !pixel_range(tf.y(cmd.ClipRect.y), tf.y(cmd.ClipRect.w), whole.y0, whole.y1, clip.y0, clip.y1))
                continue;   // nothing visible (or a clip rectangle that is not finite)
            const std::int64_t first = cmd.IdxOffset;
            if (first >= list->IdxBuffer.Size || cmd.VtxOffset >= static_cast<unsigned>(list->VtxBuffer.Size)) continue;
            int count = static_cast<int>(std::min<std::int64_t>(cmd.ElemCount, list->IdxBuffer.Size - first));
            count -= count % 3;
            const ImDrawIdx* ix = list->IdxBuffer.Data + first;
            const ImDrawVert* v = list->VtxBuffer.Data + cmd.VtxOffset;
            const int vertex_count = list->VtxBuffer.Size - static_cast<int>(cmd.VtxOffset);
            const RasterAtlas* tex = cmd.GetTexID() != nullptr && atlas_usable(&atlas) ? &atlas : nullptr;

            for (int i = 0; i + 3 <= count;) {
                if (i + 6 <= count && is_quad(v, vertex_count, ix + i)) {
                    bool blit = false;
                    if (draw_quad(v[ix[i]], v[ix[i] + 2], tf, target, clip, tex, blit)) {
                        ++(blit ? stats.rect_blits : stats.rect_fills);
                    } else {
                        ++stats.skipped;
                    }
                    i += 6;
                    continue;
                }
                const int a = ix[i], b = ix[i + 1], d = ix[i + 2];
                i += 3;
                if (a >= vertex_count || b >= vertex_count || d >= vertex_count) {
                    ++stats.skipped;
                    continue;
                }
                auto vertex = [&](const ImDrawVert& src) {
                    return RasterVertex{to_float(tf.x(src.pos.x)), to_float(tf.y(src.pos.y)), src.uv.x, src.uv.y,
                                        src.col};
                };
                if (draw_triangle(vertex(v[a]), vertex(v[b]), vertex(v[d]), target, clip, tex))
                    ++stats.triangles;
                else
                    ++stats.skipped;
            }
        }
    }
    return stats;
}

}   // namespace pb::ui
