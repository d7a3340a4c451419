#include "ui/widgets/widget_locator.hpp"

#include <imgui.h>

namespace pb::ui {

void WidgetLocator::record_last_item(const std::string& name) {
    ImVec2 min = ImGui::GetItemRectMin();
    ImVec2 max = ImGui::GetItemRectMax();
    rects_[name] = WidgetRect{min.x, min.y, max.x - min.x, max.y - min.y, ImGui::IsItemVisible()};
}

const WidgetRect* WidgetLocator::find(const std::string& name) const {
    auto it = rects_.find(name);
    return it == rects_.end() ? nullptr : &it->second;
}

void WidgetLocator::write_json(JsonWriter& out) const {
    out.begin_object();
    for (const auto& [name, r] : rects_) {
        out.key(name).begin_object();
        out.field("x", static_cast<double>(r.x));
        out.field("y", static_cast<double>(r.y));
        out.field("w", static_cast<double>(r.w));
        out.field("h", static_cast<double>(r.h));
        out.field("visible", r.visible);
        out.end_object();
    }
    out.end_object();
}

}   // namespace pb::ui
