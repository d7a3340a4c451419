// Screen rectangles of named widgets, recorded by the shell while it draws. UI automation (the
// window's --script) and tests use them to click "the play button" or "the ball friction slider"
// instead of hard-coded pixel positions, so scripts survive layout changes.
#pragma once
#include <map>
#include <string>

#include "engine/core/json.hpp"

namespace pb::ui {

struct WidgetRect {
    float x = 0, y = 0, w = 0, h = 0;
    bool visible = false;   // false when clipped away (scrolled out of its panel)
    float center_x() const { return x + w * 0.5f; }
    float center_y() const { return y + h * 0.5f; }
};

class WidgetLocator {
public:
    // Records the last ImGui item under `name` (ImGui::GetItemRectMin/Max, IsItemVisible).
    void record_last_item(const std::string& name);
    void record(const std::string& name, WidgetRect rect) { rects_[name] = rect; }
    // Called at the start of each frame: widgets not drawn this frame disappear.
    void clear() { rects_.clear(); }
    const WidgetRect* find(const std::string& name) const;
    const std::map<std::string, WidgetRect>& all() const { return rects_; }
    // {"name": {"x":..,"y":..,"w":..,"h":..,"visible":..}, ...}
    void write_json(JsonWriter& out) const;

private:
    std::map<std::string, WidgetRect> rects_;
};

}   // namespace pb::ui
