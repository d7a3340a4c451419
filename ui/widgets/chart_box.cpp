#include "ui/widgets/chart_box.hpp"
#include "ui/render/painter.hpp"

#include <algorithm>

#include "ui/widgets/palette.hpp"

namespace pb::ui {

ImVec2 ChartBox::at(double x, double y) const {
    constexpr float kInset = 2.0f;
    const float fx = static_cast<float>(std::clamp((x - x0) / std::max(1e-9, x1 - x0), 0.0, 1.0));
    const float fy = static_cast<float>(std::clamp(y / std::max(1e-9, top), 0.0, 1.0));
    return ImVec2(min.x + kInset + fx * (max.x - min.x - 2.0f * kInset),
                  max.y - kInset - fy * (max.y - min.y - 2.0f * kInset));
}

ChartBox reserve_chart(float height_at_scale_1, double x0, double x1, double top) {
    const float s = ImGui::GetFontSize() / 13.0f;
    const float width = std::max(60.0f, ImGui::GetContentRegionAvail().x), height = height_at_scale_1 * s;
    ChartBox box{ImGui::GetCursorScreenPos(), {}, x0, x1, top};
    box.max = ImVec2(box.min.x + width, box.min.y + height);
    // Reserve the box in the layout; the lines go into it with the draw list.
    ImGui::Dummy(ImVec2(width, height));
    Painter window_painter = Painter::window();
    Painter* d = &window_painter;
    d->AddRectFilled(box.min, box.max, palette::rgb(16, 18, 21));
    d->AddRect(box.min, box.max, palette::rgb(70, 76, 84));
    return box;
}

void polyline(const std::vector<ImVec2>& points, ImU32 colour, float width) {
    if (points.size() >= 2)
        Painter::window().AddPolyline(points.data(), static_cast<int>(points.size()), colour, 0, width);
}

}   // namespace pb::ui
