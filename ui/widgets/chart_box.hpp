// A small line chart in a side panel: the box is reserved in the ImGui layout (ImGui::Dummy) and
// the lines are drawn into it with the window's draw list. Shared by the labs' panels (Podball's
// match charts, Logistics' history, Effects' comparisons and timelines).
#pragma once
#include <vector>

#include <imgui.h>

namespace pb::ui {

struct ChartBox {
    ImVec2 min, max;
    double x0 = 0.0, x1 = 1.0, top = 1.0;   // data range: x from x0 to x1, y from 0 to top
    // Screen position of a data point (2 px inside the frame; y clamped to the box).
    ImVec2 at(double x, double y) const;
};

// Reserves a box as wide as the panel and `height_at_scale_1` tall (scaled with the font), draws its
// background and frame, and returns it for the lines.
ChartBox reserve_chart(float height_at_scale_1, double x0, double x1, double top);

// A line through the points, when there are at least two.
void polyline(const std::vector<ImVec2>& points, ImU32 colour, float width);

}   // namespace pb::ui
