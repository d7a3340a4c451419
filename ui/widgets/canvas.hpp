// The canvas's view of a lab's world: a world<->screen transform with pan and zoom.
// World coordinates are the lab's (y up, as in the specs); screen coordinates are ImGui's
// (pixels, y down). The view is UI state only; it never touches the world.
#pragma once
#include <imgui.h>
#include <glm/vec2.hpp>

namespace pb::ui {

struct WorldRect {
    glm::dvec2 min{0.0, 0.0};
    glm::dvec2 max{0.0, 0.0};
    glm::dvec2 center() const { return (min + max) * 0.5; }
    glm::dvec2 size() const { return max - min; }
};

class CanvasView {
public:
    static constexpr double kMinPixelsPerUnit = 20.0;
    static constexpr double kMaxPixelsPerUnit = 200000.0;

    // The screen rectangle the canvas occupies this frame.
    void set_viewport(ImVec2 origin, ImVec2 size) {
        origin_ = origin;
        size_ = size;
    }
    ImVec2 origin() const { return origin_; }
    ImVec2 size() const { return size_; }

    ImVec2 to_screen(glm::dvec2 world) const;
    glm::dvec2 to_world(ImVec2 screen) const;
    float to_pixels(double world_length) const { return static_cast<float>(world_length * pixels_per_unit_); }
    double to_world_length(float pixels) const { return pixels / pixels_per_unit_; }

    // Zooms by `factor` keeping the world point under `screen_point` where it is on screen.
    void zoom_about(ImVec2 screen_point, double factor);
    void pan_by(ImVec2 screen_delta);
    // Shows `bounds` whole and centred with `margin` pixels around it and `top_inset` more
    // pixels kept free at the top (for an overlay).
    void fit(const WorldRect& bounds, float margin, float top_inset = 0.0f);

    glm::dvec2 center() const { return center_; }
    double pixels_per_unit() const { return pixels_per_unit_; }
    // Once the designer pans or zooms, the view stops refitting itself on resize until
    // View > Reset zoom.
    bool user_moved() const { return user_moved_; }
    void reset_user_moved() { user_moved_ = false; }

private:
    ImVec2 origin_{0, 0};
    ImVec2 size_{1, 1};
    glm::dvec2 center_{0.0, 0.0};   // world point shown at the viewport's centre
    double pixels_per_unit_ = 1000.0;
    bool user_moved_ = false;
};

}   // namespace pb::ui
