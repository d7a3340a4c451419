#include "ui/widgets/canvas.hpp"

#include <algorithm>

namespace pb::ui {

ImVec2 CanvasView::to_screen(glm::dvec2 world) const {
    double sx = origin_.x + size_.x * 0.5 + (world.x - center_.x) * pixels_per_unit_;
    double sy = origin_.y + size_.y * 0.5 - (world.y - center_.y) * pixels_per_unit_;
    return ImVec2(static_cast<float>(sx), static_cast<float>(sy));
}

glm::dvec2 CanvasView::to_world(ImVec2 screen) const {
    double wx = center_.x + (screen.x - origin_.x - size_.x * 0.5) / pixels_per_unit_;
    double wy = center_.y - (screen.y - origin_.y - size_.y * 0.5) / pixels_per_unit_;
    return {wx, wy};
}

void CanvasView::zoom_about(ImVec2 screen_point, double factor) {
    glm::dvec2 anchor = to_world(screen_point);
    pixels_per_unit_ = std::clamp(pixels_per_unit_ * factor, kMinPixelsPerUnit, kMaxPixelsPerUnit);
    // Move the centre so that `anchor` maps back to `screen_point`.
    glm::dvec2 moved = to_world(screen_point);
    center_ += anchor - moved;
    user_moved_ = true;
}

void CanvasView::pan_by(ImVec2 screen_delta) {
    center_.x -= screen_delta.x / pixels_per_unit_;
    center_.y += screen_delta.y / pixels_per_unit_;
    user_moved_ = true;
}

void CanvasView::fit(const WorldRect& bounds, float margin, float top_inset) {
    glm::dvec2 extent = bounds.size();
    double avail_x = std::max(1.0, static_cast<double>(size_.x) - 2.0 * margin);
    double avail_y = std::max(1.0, static_cast<double>(size_.y) - 2.0 * margin - top_inset);
    double scale_x = extent.x > 0.0 ? avail_x / extent.x : kMaxPixelsPerUnit;
    double scale_y = extent.y > 0.0 ? avail_y / extent.y : kMaxPixelsPerUnit;
    pixels_per_unit_ = std::clamp(std::min(scale_x, scale_y), kMinPixelsPerUnit, kMaxPixelsPerUnit);
    // The bounds' centre sits in the middle of the area below the inset (world y is up).
    center_ = bounds.center() + glm::dvec2(0.0, top_inset * 0.5 / pixels_per_unit_);
}

}   // namespace pb::ui
