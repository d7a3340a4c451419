// Charts and colour keys for the labs' panels, so every picture that encodes a value says how.
//
// draw_chart: a line chart as wide as the panel, with both axes labelled (name and unit), tick
// labels at round values (1, 2, 5 x 10^k), a key naming each series, and a readout on hover: a
// vertical rule at the mouse and a tooltip with every series' value there. Values that are not
// finite are left out (and logged as draw faults: they mean a bug upstream).
//
// Keys: legend_swatch() for a colour that names a category (a team, a policy, an effect),
// colour_scale() for a colour that encodes a number (a heat map): a gradient bar with its
// numbers at both ends and in the middle.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include <imgui.h>

#include "ui/render/painter.hpp"

namespace pb::ui {

struct ChartAxis {
    std::string label;   // "match time", "delivered per tick"
    std::string unit;    // "s", "units/tick", "%"; empty for a count
    double min = 0.0;
    double max = 1.0;   // widened when equal to min
    bool log = false;   // x only: a log scale (ticks at 1, 2, 5 x 10^k), when min > 0
};

struct ChartSeries {
    std::string name;
    ImU32 colour = IM_COL32(255, 255, 255, 255);
    std::vector<double> x, y;   // same length; x increasing
    float width = 1.5f;         // at UI scale 1
    bool dashed = false;        // drawn (and keyed) dashed: compare mode's B beside a solid A
};

// What draw_chart tells a caller that wants its own readout or clicks (ChartSpec::hover).
struct ChartHover {
    bool hovered = false;                            // the mouse is over the plot area
    double x = 0.0;                                  // the x value under the mouse (when hovered)
    ImVec2 plot_min, plot_max;                       // the plot area on screen
    double x0 = 0.0, x1 = 1.0, y0 = 0.0, y1 = 1.0;   // the axes' ranges as drawn
    bool xlog = false;
    ImVec2 at(double x, double y) const;   // where a value pair is on screen
};

struct ChartSpec {
    const char* id = "chart";   // unique within the window
    float height = 90.0f;       // plot height at UI scale 1 (axes and key come on top)
    ChartAxis x, y;
    std::vector<ChartSeries> series;
    bool key = true;               // the series' names under the chart (when there are several or one is named)
    ChartHover* hover = nullptr;   // when set, filled in by draw_chart (the tooltip can then be added to)
};

// Draws into the current window at the cursor and advances it.
void draw_chart(const ChartSpec& spec);

// Round tick values between lo and hi, about `target` of them (1, 2 or 5 times a power of ten).
std::vector<double> nice_ticks(double lo, double hi, int target);
// A short number for an axis: 0.25, 12, 1.5k, 3M.
std::string short_number(double v);

// A small square of `colour` and its text on one line (ImGui item; use SameLine between them).
void legend_swatch(ImU32 colour, const char* text);
// A line drawn as in the picture (for lines and routes), then its text; `dashed` as a dashed series.
void legend_line(ImU32 colour, const char* text, float thickness = 2.0f, bool dashed = false);
// A small picture drawn as on the canvas by `paint(painter, centre, half_size)` in a box one line
// high, then its text, wrapped (an ImGui item): the key to a shape (a target kind, a creep ring).
template <class Paint>
void legend_picture(const char* text, Paint paint) {
    const float h = ImGui::GetTextLineHeight();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(h * 1.6f, h));
    Painter d = Painter::window();
    paint(d, ImVec2(p.x + h * 0.8f, p.y + h * 0.5f), h * 0.5f);
    ImGui::SameLine(0, 4.0f);
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextUnformatted(text);
    ImGui::PopTextWrapPos();
}

// A horizontal colour bar: `colour_at(t)` for t in 0..1, labelled with the values lo, mid and hi
// in `unit`, with `caption` above it. Hovering it shows the value under the mouse.
void colour_scale(const char* caption, const std::function<ImU32(float)>& colour_at, double lo, double hi,
                  const char* unit, float width = 0.0f);

}   // namespace pb::ui
