#include "ui/render/painter.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "ui/render/text_check.hpp"

namespace pb::ui {

namespace {

thread_local DrawFaultLog t_faults;

// Half a pixel: ImGui 1.86's automatic segment count is 0 for radii under about 1e-6 px (a
// division by zero follows), and nothing under half a pixel shows anyway.
constexpr float kMinRadius = 0.5f;
// Text is culled beyond this far outside the clip rectangle (a label may reach that far in).
constexpr float kTextReach = 4096.0f;

ImVec2 lo_of(ImVec2 a, ImVec2 b) { return ImVec2(std::min(a.x, b.x), std::min(a.y, b.y)); }
ImVec2 hi_of(ImVec2 a, ImVec2 b) { return ImVec2(std::max(a.x, b.x), std::max(a.y, b.y)); }

float clamp_thickness(float t) { return std::min(t, Painter::kMaxThickness); }
int clamp_segments(int n) { return std::clamp(n, 0, Painter::kMaxSegments); }

}   // namespace

const DrawFaultLog& draw_fault_log() { return t_faults; }

void reset_draw_faults() { t_faults = DrawFaultLog{}; }

void report_draw_fault(const std::string& what) {
    if (t_faults.count++ == 0) t_faults.first = what;
}

float safe_fraction(double value, const char* what) {
    if (!std::isfinite(value)) {
        if (!std::isinf(value)) {
            report_draw_fault(std::string(what) + ": fraction = nan");
            return 0.0f;
        }
        return value > 0 ? 1.0f : 0.0f;
    }
    return static_cast<float>(std::clamp(value, 0.0, 1.0));
}

bool Painter::finite(const char* call, const char* what, float v) const {
    if (std::isfinite(v)) return true;
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s: %s = %g", call, what, static_cast<double>(v));
    report_draw_fault(buf);
    return false;
}

bool Painter::finite(const char* call, const char* what, ImVec2 v) const {
    if (std::isfinite(v.x) && std::isfinite(v.y)) return true;
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s: %s = (%g, %g)", call, what, static_cast<double>(v.x), static_cast<double>(v.y));
    report_draw_fault(buf);
    return false;
}

bool Painter::visible(ImVec2 lo, ImVec2 hi, float grow) const {
    const ImVec2 cmin = list_->GetClipRectMin(), cmax = list_->GetClipRectMax();
    return hi.x >= cmin.x - grow && hi.y >= cmin.y - grow && lo.x <= cmax.x + grow && lo.y <= cmax.y + grow;
}

bool Painter::clip_segment(ImVec2& a, ImVec2& b) const {
    // Liang-Barsky against the clip rectangle grown by kMargin, in double: the ends may be far out.
    const ImVec2 cmin = list_->GetClipRectMin(), cmax = list_->GetClipRectMax();
    const double x0 = cmin.x - kMargin, y0 = cmin.y - kMargin, x1 = cmax.x + kMargin, y1 = cmax.y + kMargin;
    const double ax = a.x, ay = a.y, dx = static_cast<double>(b.x) - ax, dy = static_cast<double>(b.y) - ay;
    double t0 = 0.0, t1 = 1.0;
    const double p[4] = {-dx, dx, -dy, dy};
    const double q[4] = {ax - x0, x1 - ax, ay - y0, y1 - ay};
    for (int i = 0; i < 4; ++i) {
        if (p[i] == 0.0) {
            if (q[i] < 0.0) return false;
            continue;
        }
        const double r = q[i] / p[i];
        if (p[i] < 0.0)
            t0 = std::max(t0, r);
        else
            t1 = std::min(t1, r);
        if (t0 > t1) return false;
    }
    const ImVec2 na(static_cast<float>(ax + t0 * dx), static_cast<float>(ay + t0 * dy));
    const ImVec2 nb(static_cast<float>(ax + t1 * dx), static_cast<float>(ay + t1 * dy));
    a = na;
    b = nb;
    return true;
}

void Painter::AddLine(ImVec2 a, ImVec2 b, ImU32 col, float thickness) {
    if (!finite("AddLine", "from", a) || !finite("AddLine", "to", b) || !finite("AddLine", "thickness", thickness))
        return;
    if (thickness <= 0.0f || !clip_segment(a, b)) return;
    list_->AddLine(a, b, col, clamp_thickness(thickness));
}

void Painter::AddRect(ImVec2 min, ImVec2 max, ImU32 col, float rounding, ImDrawFlags flags, float thickness) {
    if (!finite("AddRect", "min", min) || !finite("AddRect", "max", max) || !finite("AddRect", "rounding", rounding) ||
        !finite("AddRect", "thickness", thickness))
        return;
    if (thickness <= 0.0f) return;
    ImVec2 lo = lo_of(min, max), hi = hi_of(min, max);
    if (!visible(lo, hi, kMargin)) return;
    // Edges beyond the margin are off screen either way; clamping keeps the numbers small.
    const ImVec2 cmin = list_->GetClipRectMin(), cmax = list_->GetClipRectMax();
    const float far = kMargin + thickness;
    lo = ImVec2(std::max(lo.x, cmin.x - far), std::max(lo.y, cmin.y - far));
    hi = ImVec2(std::min(hi.x, cmax.x + far), std::min(hi.y, cmax.y + far));
    rounding = std::clamp(rounding, 0.0f, 0.5f * std::min(hi.x - lo.x, hi.y - lo.y));
    list_->AddRect(lo, hi, col, rounding, flags, clamp_thickness(thickness));
}

void Painter::AddRectFilled(ImVec2 min, ImVec2 max, ImU32 col, float rounding, ImDrawFlags flags) {
    if (!finite("AddRectFilled", "min", min) || !finite("AddRectFilled", "max", max) ||
        !finite("AddRectFilled", "rounding", rounding))
        return;
    ImVec2 lo = lo_of(min, max), hi = hi_of(min, max);
    if (!visible(lo, hi, 0.0f)) return;
    const ImVec2 cmin = list_->GetClipRectMin(), cmax = list_->GetClipRectMax();
    lo = ImVec2(std::max(lo.x, cmin.x - kMargin), std::max(lo.y, cmin.y - kMargin));
    hi = ImVec2(std::min(hi.x, cmax.x + kMargin), std::min(hi.y, cmax.y + kMargin));
    rounding = std::clamp(rounding, 0.0f, 0.5f * std::min(hi.x - lo.x, hi.y - lo.y));
    list_->AddRectFilled(lo, hi, col, rounding, flags);
}

void Painter::AddCircle(ImVec2 centre, float radius, ImU32 col, int num_segments, float thickness) {
    if (!finite("AddCircle", "centre", centre) || !finite("AddCircle", "radius", radius) ||
        !finite("AddCircle", "thickness", thickness))
        return;
    if (radius < kMinRadius || thickness <= 0.0f) return;
    const ImVec2 r(radius + thickness, radius + thickness);
    if (!visible(ImVec2(centre.x - r.x, centre.y - r.y), ImVec2(centre.x + r.x, centre.y + r.y), 0.0f)) return;
    // A rim wholly outside the clip rectangle (the rectangle lies inside the circle) shows nothing.
    const ImVec2 cmin = list_->GetClipRectMin(), cmax = list_->GetClipRectMax();
    const double fx =
        std::max(std::abs(static_cast<double>(cmin.x) - centre.x), std::abs(static_cast<double>(cmax.x) - centre.x));
    const double fy =
        std::max(std::abs(static_cast<double>(cmin.y) - centre.y), std::abs(static_cast<double>(cmax.y) - centre.y));
    if (std::hypot(fx, fy) < radius - thickness) return;
    if (radius > kMaxRadius) return;
    list_->AddCircle(centre, radius, col, clamp_segments(num_segments), clamp_thickness(thickness));
}

void Painter::AddCircleFilled(ImVec2 centre, float radius, ImU32 col, int num_segments) {
    if (!finite("AddCircleFilled", "centre", centre) || !finite("AddCircleFilled", "radius", radius)) return;
    if (radius < kMinRadius) return;
    if (!visible(ImVec2(centre.x - radius, centre.y - radius), ImVec2(centre.x + radius, centre.y + radius), 0.0f))
        return;
    const ImVec2 cmin = list_->GetClipRectMin(), cmax = list_->GetClipRectMax();
    const double fx =
        std::max(std::abs(static_cast<double>(cmin.x) - centre.x), std::abs(static_cast<double>(cmax.x) - centre.x));
    const double fy =
        std::max(std::abs(static_cast<double>(cmin.y) - centre.y), std::abs(static_cast<double>(cmax.y) - centre.y));
    if (std::hypot(fx, fy) <= radius) {   // the disc covers the whole clip rectangle
        list_->AddRectFilled(cmin, cmax, col);
        return;
    }
    if (radius > kMaxRadius) return;
    list_->AddCircleFilled(centre, radius, col, clamp_segments(num_segments));
}

void Painter::AddTriangle(ImVec2 a, ImVec2 b, ImVec2 c, ImU32 col, float thickness) {
    const ImVec2 pts[3] = {a, b, c};
    AddPolyline(pts, 3, col, ImDrawFlags_Closed, thickness);
}

void Painter::AddTriangleFilled(ImVec2 a, ImVec2 b, ImVec2 c, ImU32 col) {
    const ImVec2 pts[3] = {a, b, c};
    AddConvexPolyFilled(pts, 3, col);
}

void Painter::AddPolyline(const ImVec2* points, int count, ImU32 col, ImDrawFlags flags, float thickness) {
    if (!points || count < 2 || !finite("AddPolyline", "thickness", thickness) || thickness <= 0.0f) return;
    ImVec2 lo(FLT_MAX, FLT_MAX), hi(-FLT_MAX, -FLT_MAX);
    for (int i = 0; i < count; ++i) {
        if (!finite("AddPolyline", "point", points[i])) return;
        lo = lo_of(lo, points[i]);
        hi = hi_of(hi, points[i]);
    }
    if (!visible(lo, hi, kMargin + thickness)) return;
    const ImVec2 cmin = list_->GetClipRectMin(), cmax = list_->GetClipRectMax();
    constexpr float kFar = 1.0e5f;
    if (lo.x >= cmin.x - kFar && lo.y >= cmin.y - kFar && hi.x <= cmax.x + kFar && hi.y <= cmax.y + kFar) {
        list_->AddPolyline(points, count, col, flags, clamp_thickness(thickness));
        return;
    }
    // Points far out: segment by segment, each clipped (joints far off screen do not show).
    const int segments = (flags & ImDrawFlags_Closed) ? count : count - 1;
    for (int i = 0; i < segments; ++i) AddLine(points[i], points[(i + 1) % count], col, thickness);
}

void Painter::AddConvexPolyFilled(const ImVec2* points, int count, ImU32 col) {
    if (!points || count < 3) return;
    ImVec2 lo(FLT_MAX, FLT_MAX), hi(-FLT_MAX, -FLT_MAX);
    for (int i = 0; i < count; ++i) {
        if (!finite("AddConvexPolyFilled", "point", points[i])) return;
        lo = lo_of(lo, points[i]);
        hi = hi_of(hi, points[i]);
    }
    if (!visible(lo, hi, 0.0f)) return;
    // A shape reaching past 1e5 px is clipped to the clip rectangle by its half-planes'
    // intersection (Sutherland-Hodgman), so no vertex is far out.
    const ImVec2 cmin = list_->GetClipRectMin(), cmax = list_->GetClipRectMax();
    constexpr float kFar = 1.0e5f;
    if (lo.x >= cmin.x - kFar && lo.y >= cmin.y - kFar && hi.x <= cmax.x + kFar && hi.y <= cmax.y + kFar) {
        list_->AddConvexPolyFilled(points, count, col);
        return;
    }
    std::vector<ImVec2> poly(points, points + count), next;
    const double edge[4] = {cmin.x - kMargin, cmax.x + kMargin, cmin.y - kMargin, cmax.y + kMargin};
    for (int side = 0; side < 4 && poly.size() >= 3; ++side) {
        next.clear();
        const bool is_x = side < 2;
        const bool keep_above = side % 2 == 0;   // min edges keep what is above them
        auto inside = [&](ImVec2 p) {
            const double v = is_x ? p.x : p.y;
            return keep_above ? v >= edge[side] : v <= edge[side];
        };
        for (std::size_t i = 0; i < poly.size(); ++i) {
            const ImVec2 p = poly[i], q = poly[(i + 1) % poly.size()];
            const bool pin = inside(p), qin = inside(q);
            if (pin) next.push_back(p);
            if (pin != qin) {
                const double pv = is_x ? p.x : p.y, qv = is_x ? q.x : q.y;
                const double t = (edge[side] - pv) / (qv - pv);
                next.emplace_back(static_cast<float>(p.x + t * (static_cast<double>(q.x) - p.x)),
                                  static_cast<float>(p.y + t * (static_cast<double>(q.y) - p.y)));
            }
        }
        poly.swap(next);
    }
    if (poly.size() >= 3) list_->AddConvexPolyFilled(poly.data(), static_cast<int>(poly.size()), col);
}

void Painter::AddText(ImVec2 pos, ImU32 col, const char* text_begin, const char* text_end) {
    if (!text_shown_ || !text_begin || !finite("AddText", "position", pos)) return;
    if (!visible(pos, pos, kTextReach)) return;
    list_->AddText(pos, col, text_begin, text_end);
}

void Painter::AddText(const ImFont* font, float font_size, ImVec2 pos, ImU32 col, const char* text_begin,
                      const char* text_end, float wrap_width) {
    if (!text_shown_ || !text_begin || !finite("AddText", "position", pos) ||
        !finite("AddText", "font size", font_size) || !finite("AddText", "wrap width", wrap_width))
        return;
    if (font_size < 1.0f || !visible(pos, pos, kTextReach)) return;
    list_->AddText(font, std::min(font_size, 1000.0f), pos, col, text_begin, text_end, std::max(0.0f, wrap_width));
}

void Painter::AddTextInBox(ImVec2 box_min, ImVec2 box_max, ImVec2 pos, ImU32 col, const char* text, const ImFont* font,
                           float font_size) {
    if (!text_shown_ || !text || !finite("AddTextInBox", "position", pos)) return;
    const ImFont* f = font ? font : ImGui::GetFont();
    const float size = font ? font_size : ImGui::GetFontSize();
    const ImVec2 t = f->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
    // Half a pixel of slack: a label centred on a disc as wide as it still fits.
    constexpr float kSlack = 0.5f;
    if (pos.x < box_min.x - kSlack || pos.y < box_min.y - kSlack || pos.x + t.x > box_max.x + kSlack ||
        pos.y + t.y > box_max.y + kSlack) {
        char buf[256];
        std::snprintf(buf, sizeof buf, "past its box: \"%.80s\" is %.0f x %.0f px, its box %.0f x %.0f px", text,
                      static_cast<double>(t.x), static_cast<double>(t.y), static_cast<double>(box_max.x - box_min.x),
                      static_cast<double>(box_max.y - box_min.y));
        report_text_box(buf);
    }
    if (font)
        AddText(font, font_size, pos, col, text);
    else
        AddText(pos, col, text);
}

void Painter::AddLabelInDisc(ImVec2 centre, float radius, ImU32 inside, ImU32 beside, const char* text) {
    if (!text || !*text || !finite("AddLabelInDisc", "centre", centre) || !finite("AddLabelInDisc", "radius", radius))
        return;
    ImFont* font = ImGui::GetFont();
    const float size = ImGui::GetFontSize();
    const ImVec2 at_size = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
    // The text's box inside the disc: a square of side radius * sqrt(2) holds it whole.
    const float side = radius * 1.41421356f;
    const float scale = std::min({1.0f, side / std::max(1.0f, at_size.x), side / std::max(1.0f, at_size.y)});
    const ImVec2 box_min(centre.x - radius, centre.y - radius), box_max(centre.x + radius, centre.y + radius);
    if (size * scale >= kMinLabelPx) {
        const ImVec2 t(at_size.x * scale, at_size.y * scale);
        AddTextInBox(box_min, box_max, ImVec2(centre.x - t.x * 0.5f, centre.y - t.y * 0.5f), inside, text, font,
                     size * scale);
        return;
    }
    const ImVec2 pos(centre.x + radius + 2.0f, centre.y - at_size.y * 0.5f);
    AddTextInBox(pos, ImVec2(pos.x + at_size.x, pos.y + at_size.y), pos, beside, text, font, size);
}

void Painter::PathClear() {
    list_->PathClear();
    path_ok_ = true;
}

void Painter::PathLineTo(ImVec2 p) {
    if (!finite("PathLineTo", "point", p)) path_ok_ = false;
    if (path_ok_) list_->PathLineTo(p);
}

void Painter::PathArcTo(ImVec2 centre, float radius, float a_min, float a_max, int num_segments) {
    if (!finite("PathArcTo", "centre", centre) || !finite("PathArcTo", "radius", radius) ||
        !finite("PathArcTo", "angle", a_min) || !finite("PathArcTo", "angle", a_max) || radius > kMaxRadius) {
        path_ok_ = false;
    }
    if (!path_ok_) return;
    if (radius < kMinRadius) {   // a point (ImGui's automatic segment count fails under a pixel)
        list_->PathLineTo(centre);
        return;
    }
    list_->PathArcTo(centre, radius, a_min, a_max, clamp_segments(num_segments));
}

void Painter::PathFillConvex(ImU32 col) {
    if (path_ok_ && list_->_Path.Size >= 3) {
        std::vector<ImVec2> pts(list_->_Path.Data, list_->_Path.Data + list_->_Path.Size);
        list_->PathClear();
        AddConvexPolyFilled(pts.data(), static_cast<int>(pts.size()), col);
    }
    PathClear();
}

void Painter::PathStroke(ImU32 col, ImDrawFlags flags, float thickness) {
    if (path_ok_ && list_->_Path.Size >= 2) {
        std::vector<ImVec2> pts(list_->_Path.Data, list_->_Path.Data + list_->_Path.Size);
        list_->PathClear();
        AddPolyline(pts.data(), static_cast<int>(pts.size()), col, flags, thickness);
    }
    PathClear();
}

void Painter::PushClipRect(ImVec2 min, ImVec2 max, bool intersect_with_current) {
    // A bad rectangle becomes an empty one (push and pop must still pair up).
    if (!finite("PushClipRect", "min", min) || !finite("PushClipRect", "max", max)) max = min = ImVec2(0, 0);
    list_->PushClipRect(min, max, intersect_with_current);
}

void Painter::PopClipRect() { list_->PopClipRect(); }

void Painter::AddDashedLine(ImVec2 a, ImVec2 b, ImU32 col, float thickness, float dash) {
    if (!finite("AddDashedLine", "from", a) || !finite("AddDashedLine", "to", b) ||
        !finite("AddDashedLine", "dash", dash) || !finite("AddDashedLine", "thickness", thickness))
        return;
    if (thickness <= 0.0f || !clip_segment(a, b)) return;
    const double dx = static_cast<double>(b.x) - a.x, dy = static_cast<double>(b.y) - a.y;
    const double len = std::hypot(dx, dy);
    if (len <= 0.0) return;
    const double period = std::max({2.0 * static_cast<double>(dash), len / kMaxDashes, 1.0});
    const double on = period * 0.5;
    for (double s = 0.0; s < len; s += period) {
        const double e = std::min(s + on, len);
        list_->AddLine(ImVec2(static_cast<float>(a.x + dx * s / len), static_cast<float>(a.y + dy * s / len)),
                       ImVec2(static_cast<float>(a.x + dx * e / len), static_cast<float>(a.y + dy * e / len)), col,
                       clamp_thickness(thickness));
    }
}

int Painter::vertex_mark() const { return list_->VtxBuffer.Size; }

void Painter::fade_since(int mark, float factor) {
    factor = std::clamp(std::isfinite(factor) ? factor : 1.0f, 0.0f, 1.0f);
    for (int i = std::max(0, mark); i < list_->VtxBuffer.Size; ++i) {
        ImU32& col = list_->VtxBuffer[i].col;
        const float alpha = static_cast<float>((col >> IM_COL32_A_SHIFT) & 0xFF) * factor;
        col = (col & ~IM_COL32_A_MASK) | (static_cast<ImU32>(alpha + 0.5f) << IM_COL32_A_SHIFT);
    }
}

}   // namespace pb::ui
