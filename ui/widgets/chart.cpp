#include "ui/widgets/chart.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/core/words.hpp"
#include "ui/render/painter.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::ui {

namespace {

constexpr ImU32 kPlotBackground = palette::rgb(16, 18, 21);
constexpr ImU32 kGridLine = palette::rgb(255, 255, 255, 22);
constexpr ImU32 kRule = palette::rgb(255, 255, 255, 120);

std::string axis_title(const std::string& label, const std::string& unit) {
    return unit.empty() ? label : label + " (" + unit + ")";
}

// The index of the sample nearest x in an increasing series.
std::size_t nearest(const std::vector<double>& xs, double x) {
    auto it = std::lower_bound(xs.begin(), xs.end(), x);
    if (it == xs.end()) return xs.size() - 1;
    std::size_t i = static_cast<std::size_t>(it - xs.begin());
    if (i > 0 && std::abs(xs[i - 1] - x) <= std::abs(xs[i] - x)) --i;
    return i;
}

// A polyline in dashes of `dash` px with gaps as long, the pattern running on across its corners
// (a dense series of short segments still reads as dashed).
void dashed_polyline(Painter& d, const std::vector<ImVec2>& pts, ImU32 col, float thickness, float dash) {
    float phase = 0.0f;   // distance into the current dash + gap period
    const float period = 2.0f * dash;
    for (std::size_t i = 1; i < pts.size(); ++i) {
        const ImVec2 a = pts[i - 1], b = pts[i];
        const float len = std::hypot(b.x - a.x, b.y - a.y);
        if (!(len > 0.0f)) continue;
        float s = 0.0f;
        while (s < len) {
            const float in_period = std::fmod(phase + s, period);
            const float step = std::min(len - s, (in_period < dash ? dash : period) - in_period);
            if (in_period < dash) {
                const float t0 = s / len, t1 = (s + step) / len;
                d.AddLine(ImVec2(a.x + (b.x - a.x) * t0, a.y + (b.y - a.y) * t0),
                          ImVec2(a.x + (b.x - a.x) * t1, a.y + (b.y - a.y) * t1), col, thickness);
            }
            s += std::max(step, 0.01f);
        }
        phase = std::fmod(phase + len, period);
    }
}

}   // namespace

std::vector<double> nice_ticks(double lo, double hi, int target) {
    std::vector<double> out;
    if (!std::isfinite(lo) || !std::isfinite(hi) || hi <= lo || target < 1) return out;
    const double raw = (hi - lo) / target;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    double step = mag;
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * mag >= raw) {
            step = m * mag;
            break;
        }
    const double first = std::ceil(lo / step - 1e-9) * step;
    for (double v = first; v <= hi + step * 1e-9 && out.size() < 50; v += step)
        out.push_back(std::abs(v) < step * 1e-9 ? 0.0 : v);
    return out;
}

std::string short_number(double v) {
    char buf[32];
    const double a = std::abs(v);
    if (!std::isfinite(v)) return "-";
    if (a >= 1e9)
        std::snprintf(buf, sizeof buf, "%.3gG", v / 1e9);
    else if (a >= 1e6)
        std::snprintf(buf, sizeof buf, "%.3gM", v / 1e6);
    else if (a >= 1e4)
        std::snprintf(buf, sizeof buf, "%.3gk", v / 1e3);
    else
        std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

ImVec2 ChartHover::at(double x, double y) const {
    const double tx = xlog ? std::log10(std::max(x, 1e-300) / x0) / std::log10(x1 / x0) : (x - x0) / (x1 - x0);
    const double ty = (y - y0) / (y1 - y0);
    return ImVec2(plot_min.x + static_cast<float>(tx) * (plot_max.x - plot_min.x),
                  plot_max.y - static_cast<float>(ty) * (plot_max.y - plot_min.y));
}

void draw_chart(const ChartSpec& spec) {
    const float s = ImGui::GetFontSize() / 13.0f;
    const float line_h = ImGui::GetTextLineHeight();
    ImGui::PushID(spec.id);

    // Axis range: widened when empty or flat.
    double x0 = spec.x.min, x1 = spec.x.max, y0 = spec.y.min, y1 = spec.y.max;
    if (!std::isfinite(x0) || !std::isfinite(x1)) x0 = 0.0, x1 = 1.0;
    if (!std::isfinite(y0) || !std::isfinite(y1)) y0 = 0.0, y1 = 1.0;
    if (x1 <= x0) x1 = x0 + 1.0;
    if (y1 <= y0) y1 = y0 + 1.0;

    ImGui::TextColored(palette::kDimText, "%s", axis_title(spec.y.label, spec.y.unit).c_str());
    const bool xlog = spec.x.log && x0 > 0.0;
    // About one y tick per three lines of plot height, at least 3 (a panel's chart gets 3).
    std::vector<double> yt = nice_ticks(y0, y1, std::max(3, static_cast<int>(spec.height * s / (line_h * 3.0f)))), xt;
    if (xlog) {
        for (double p = std::pow(10.0, std::floor(std::log10(x0))); p <= x1 && xt.size() < 50; p *= 10.0)
            for (double m : {1.0, 2.0, 5.0})
                if (m * p >= x0 * (1 - 1e-9) && m * p <= x1 * (1 + 1e-9)) xt.push_back(m * p);
        if (xt.size() < 2) xt = {x0, x1};
    } else {
        xt = nice_ticks(x0, x1, 4);
    }
    float label_w = 0.0f;
    for (double v : yt) label_w = std::max(label_w, ImGui::CalcTextSize(short_number(v).c_str()).x);
    const float left = label_w + 6.0f * s;
    const float width = std::max(80.0f * s, ImGui::GetContentRegionAvail().x);
    const float plot_h = std::max(30.0f * s, spec.height * s);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 pmin(origin.x + left, origin.y + line_h * 0.5f), pmax(origin.x + width - 4.0f * s, pmin.y + plot_h);
    const float total_h = plot_h + line_h * 2.6f;   // plot, tick labels, x axis label
    ImGui::InvisibleButton("##plot", ImVec2(width, total_h));
    const bool hovered = ImGui::IsItemHovered();

    Painter window = Painter::window();
    Painter* d = &window;
    auto px = [&](double x) {
        const double t = xlog ? std::log10(std::max(x, 1e-300) / x0) / std::log10(x1 / x0) : (x - x0) / (x1 - x0);
        return pmin.x + static_cast<float>(t) * (pmax.x - pmin.x);
    };
    auto py = [&](double y) {
        return pmax.y - static_cast<float>(std::clamp((y - y0) / (y1 - y0), -0.02, 1.02)) * (pmax.y - pmin.y);
    };
    d->AddRectFilled(pmin, pmax, kPlotBackground);
    for (double v : yt) {
        const float y = py(v);
        d->AddLine(ImVec2(pmin.x, y), ImVec2(pmax.x, y), kGridLine);
        const std::string t = short_number(v);
        const float tw = ImGui::CalcTextSize(t.c_str()).x;
        d->AddText(ImVec2(pmin.x - tw - 4.0f * s, y - line_h * 0.5f), palette::kTickText, t.c_str());
    }
    for (double v : xt) {
        const float x = px(v);
        d->AddLine(ImVec2(x, pmin.y), ImVec2(x, pmax.y), kGridLine);
        const std::string t = short_number(v);
        const float tw = ImGui::CalcTextSize(t.c_str()).x;
        d->AddText(ImVec2(std::clamp(x - tw * 0.5f, pmin.x - left, pmax.x - tw), pmax.y + 2.0f * s), palette::kTickText,
                   t.c_str());
    }
    d->AddRect(pmin, pmax, palette::kPlotFrame);
    const std::string xl = axis_title(spec.x.label, spec.x.unit);
    const float xlw = ImGui::CalcTextSize(xl.c_str()).x;
    d->AddText(ImVec2(pmax.x - xlw, pmax.y + line_h + 4.0f * s), palette::kTickText, xl.c_str());

    d->PushClipRect(pmin, pmax, true);
    std::vector<ImVec2> pts;
    for (const ChartSeries& ser : spec.series) {
        pts.clear();
        const std::size_t n = std::min(ser.x.size(), ser.y.size());
        // At most ~2 points a pixel column: a long history is thinned, keeping each column's extremes.
        const std::size_t stride =
            std::max<std::size_t>(1, n / std::max<std::size_t>(1, static_cast<std::size_t>(2.0f * (pmax.x - pmin.x))));
        for (std::size_t i = 0; i < n; i += stride) {
            if (!std::isfinite(ser.x[i]) || !std::isfinite(ser.y[i])) {
                report_draw_fault("chart '" + std::string(spec.id) + "': " + ser.name +
                                  " has a value that is not finite");
                continue;
            }
            pts.emplace_back(px(ser.x[i]), py(ser.y[i]));
        }
        if (n > 0 && (n - 1) % stride != 0 && std::isfinite(ser.x[n - 1]) && std::isfinite(ser.y[n - 1]))
            pts.emplace_back(px(ser.x[n - 1]), py(ser.y[n - 1]));
        if (pts.size() == 1)
            d->AddCircleFilled(pts[0], 2.0f * s, ser.colour);
        else if (ser.dashed)
            dashed_polyline(*d, pts, ser.colour, ser.width * s, 5.0f * s);
        else
            d->AddPolyline(pts.data(), static_cast<int>(pts.size()), ser.colour, 0, ser.width * s);
    }
    d->PopClipRect();

    if (spec.hover) {
        const float mx = ImGui::GetIO().MousePos.x;
        const double f = (mx - pmin.x) / (pmax.x - pmin.x);
        *spec.hover = ChartHover{hovered && mx >= pmin.x && mx <= pmax.x,
                                 xlog ? x0 * std::pow(x1 / x0, f) : x0 + f * (x1 - x0),
                                 pmin,
                                 pmax,
                                 x0,
                                 x1,
                                 y0,
                                 y1,
                                 xlog};
    }
    if (hovered) {
        const float mx = ImGui::GetIO().MousePos.x;
        if (mx >= pmin.x && mx <= pmax.x) {
            const double f = (mx - pmin.x) / (pmax.x - pmin.x);
            const double at = xlog ? x0 * std::pow(x1 / x0, f) : x0 + f * (x1 - x0);
            d->AddLine(ImVec2(mx, pmin.y), ImVec2(mx, pmax.y), kRule);
            ImGui::BeginTooltip();
            bool header = false;
            for (const ChartSeries& ser : spec.series) {
                const std::size_t n = std::min(ser.x.size(), ser.y.size());
                if (n == 0) continue;
                std::vector<double> xs(ser.x.begin(), ser.x.begin() + static_cast<std::ptrdiff_t>(n));
                const std::size_t i = nearest(xs, at);
                if (!header) {
                    ImGui::Text("%s %s", spec.x.label.c_str(), with_unit(short_number(ser.x[i]), spec.x.unit).c_str());
                    header = true;
                }
                legend_swatch(ser.colour, "");
                ImGui::SameLine();
                char value[32];
                std::snprintf(value, sizeof value, "%.4g", ser.y[i]);
                ImGui::Text("%s%s%s", ser.name.c_str(), ser.name.empty() ? "" : ": ",
                            with_unit(value, spec.y.unit).c_str());
            }
            if (!header) ImGui::TextUnformatted("no data yet");
            ImGui::EndTooltip();
        }
    }

    bool named = spec.series.size() > 1;
    for (const ChartSeries& ser : spec.series) named = named || !ser.name.empty();
    if (spec.key && named) {
        bool first = true;
        for (const ChartSeries& ser : spec.series) {
            // The key wraps onto a new line rather than running past the panel's edge.
            const float item_w = ImGui::GetTextLineHeight() * 1.4f + 4.0f + ImGui::CalcTextSize(ser.name.c_str()).x;
            if (!first) {
                ImGui::SameLine(0, 12.0f * s);
                if (ImGui::GetContentRegionAvail().x < item_w) ImGui::NewLine();
            }
            first = false;
            legend_line(ser.colour, ser.name.c_str(), ser.width, ser.dashed);
        }
    }
    ImGui::PopID();
}

void legend_swatch(ImU32 colour, const char* text) {
    const float h = ImGui::GetTextLineHeight();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(h * 0.8f, h));
    Painter::window().AddRectFilled(ImVec2(p.x, p.y + h * 0.15f), ImVec2(p.x + h * 0.7f, p.y + h * 0.85f), colour,
                                    2.0f);
    if (text && *text) {
        ImGui::SameLine(0, 4.0f);
        ImGui::TextUnformatted(text);
    }
}

void legend_line(ImU32 colour, const char* text, float thickness, bool dashed) {
    const float h = ImGui::GetTextLineHeight();
    const float s = ImGui::GetFontSize() / 13.0f;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(h * 1.4f, h));
    const ImVec2 a(p.x, p.y + h * 0.5f), b(p.x + h * 1.2f, p.y + h * 0.5f);
    if (dashed) {
        Painter window = Painter::window();
        dashed_polyline(window, {a, b}, colour, thickness * s, h * 0.26f);
    } else {
        Painter::window().AddLine(a, b, colour, thickness * s);
    }
    if (text && *text) {
        ImGui::SameLine(0, 4.0f);
        ImGui::TextUnformatted(text);
    }
}

void colour_scale(const char* caption, const std::function<ImU32(float)>& colour_at, double lo, double hi,
                  const char* unit, float width) {
    const float s = ImGui::GetFontSize() / 13.0f;
    const float line_h = ImGui::GetTextLineHeight();
    if (caption && *caption) {
        ImGui::PushTextWrapPos(0.0f);   // a long caption wraps in a narrow panel
        ImGui::TextColored(palette::kDimText, "%s", caption);
        ImGui::PopTextWrapPos();
    }
    const float w = width > 0.0f ? width : std::max(80.0f * s, ImGui::GetContentRegionAvail().x);
    const float bar_h = 10.0f * s;
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::InvisibleButton(caption && *caption ? caption : "##scale", ImVec2(w, bar_h + line_h + 2.0f * s));
    const bool hovered = ImGui::IsItemHovered();
    Painter window = Painter::window();
    constexpr int kSteps = 48;
    for (int i = 0; i < kSteps; ++i) {
        // Whole pixels, each step starting where the last ended: no seams between them.
        const float a = std::round(p.x + w * static_cast<float>(i) / kSteps),
                    b = std::round(p.x + w * static_cast<float>(i + 1) / kSteps);
        window.AddRectFilled(ImVec2(a, std::round(p.y)), ImVec2(b, std::round(p.y + bar_h)),
                             colour_at((static_cast<float>(i) + 0.5f) / kSteps));
    }
    window.AddRect(p, ImVec2(p.x + w, p.y + bar_h), palette::kPlotFrame);
    const std::string_view u = unit ? unit : "";
    // Every label with its unit ("50 %" in the middle too); the middle one is left out when the
    // bar is too narrow for the three apart (the hover gives any value).
    const std::string l = with_unit(short_number(lo), u), m = with_unit(short_number((lo + hi) * 0.5), u),
                      h = with_unit(short_number(hi), u);
    const float ty = p.y + bar_h + 1.0f * s;
    window.AddText(ImVec2(p.x, ty), palette::kTickText, l.c_str());
    const float lw = ImGui::CalcTextSize(l.c_str()).x, mw = ImGui::CalcTextSize(m.c_str()).x,
                hw = ImGui::CalcTextSize(h.c_str()).x, gap = 6.0f * s;
    if (lw + gap <= (w - mw) * 0.5f && (w + mw) * 0.5f + gap <= w - hw)
        window.AddText(ImVec2(p.x + (w - mw) * 0.5f, ty), palette::kTickText, m.c_str());
    if (lw + gap <= w - hw) window.AddText(ImVec2(p.x + w - hw, ty), palette::kTickText, h.c_str());
    if (hovered) {
        const float t = std::clamp((ImGui::GetIO().MousePos.x - p.x) / w, 0.0f, 1.0f);
        ImGui::SetTooltip("%s", with_unit(short_number(lo + t * (hi - lo)), u).c_str());
    }
}

}   // namespace pb::ui
