#include "ui/shell/canvases.hpp"

#include <algorithm>
#include <cmath>

#include "engine/core/simulation.hpp"
#include "ui/lab_view.hpp"
#include "ui/render/painter.hpp"
#include "ui/widgets/canvas.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"
#include "ui/widgets/tooltip.hpp"
#include "ui/widgets/widget_locator.hpp"

namespace pb::ui {

// In compare mode each canvas edits its own side; with Shift held at the drop or click, both.
CanvasGesture CanvasGestures::input(CanvasSide side, float scale, bool hovered, bool active, glm::dvec2 mouse_world,
                                    double pick_radius, bool paused, bool may_grab, bool comparing) {
    CanvasGesture out;
    ImGuiIO& io = ImGui::GetIO();
    const World& world = side.sim.world();

    // Zoom about the cursor: the world point under it stays put.
    if (hovered && io.MouseWheel != 0.0f)
        side.view.zoom_about(io.MousePos, std::pow(1.15, static_cast<double>(io.MouseWheel)));

    if (ImGui::IsItemActivated()) {
        bool left = ImGui::IsMouseClicked(ImGuiMouseButton_Left);
        press_at_ = io.MousePos;
        press_left_ = left;
        on_b_ = side.b;
        if (left && paused && may_grab && side.lab.grab(world, mouse_world, pick_radius))
            drag_ = Drag::Entity;
        else
            drag_ = Drag::Pan;
    }
    if (active && on_b_ == side.b) {
        if (drag_ == Drag::Entity) {
            if (!paused || !side.lab.dragging()) {
                drag_ = Drag::None;   // resumed mid-drag: the drop would be stale
                side.lab.cancel_drag();
            } else {
                side.lab.drag_to(mouse_world);
                ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
            }
        } else if (drag_ == Drag::Pan) {
            if (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f) side.view.pan_by(io.MouseDelta);
            ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
        }
    }
    if (ImGui::IsItemDeactivated() && on_b_ == side.b) {
        out.both = comparing && io.KeyShift;
        if (drag_ == Drag::Entity && side.lab.dragging()) {
            out.drop = side.lab.release(world, side.sim.tick());
        } else if (drag_ == Drag::Pan && press_left_) {
            // A left press released where it began is a click on the map, not a pan.
            const float dx = io.MousePos.x - press_at_.x, dy = io.MousePos.y - press_at_.y;
            const float slop = 4.0f * scale;
            if (dx * dx + dy * dy <= slop * slop) out.click = mouse_world;
        }
        drag_ = Drag::None;
    }
    return out;
}

void label_canvas(const char* id, const std::string& text, ImU32 colour, WidgetLocator& widgets) {
    const float scale = current_ui_scale();
    const ImVec2 o = ImGui::GetWindowPos();
    const ImVec2 window_size = ImGui::GetWindowSize();
    Painter p = Painter::window();
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const float line = ImGui::GetTextLineHeight();
    const ImVec2 a(o.x + 8.0f * scale,
                   o.y + window_size.y - line - 8.0f * scale - size.y - 8.0f * scale - 10.0f * scale);
    const ImVec2 b(a.x + size.x + 14.0f * scale, a.y + size.y + 8.0f * scale);
    p.AddRectFilled(a, b, palette::kOverlayBackground, 4.0f * scale);
    p.AddRect(a, b, colour, 4.0f * scale, 0, 1.5f * scale);
    p.AddText(ImVec2(a.x + 7.0f * scale, a.y + 4.0f * scale), colour, text.c_str());
    widgets.record(std::string("overlay.compare.") + id, WidgetRect{a.x, a.y, b.x - a.x, b.y - a.y, true});
}

void draw_side_canvas(float width, float height, CanvasView& view, LabView& lab, const World& world, CanvasFrame frame,
                      WidgetLocator& widgets, const std::function<void(bool hovered, bool active)>& input,
                      const char* hint, const std::string& label) {
    const float scale = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    ImGui::BeginChild("##canvas_b", ImVec2(width, height), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoMove);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const ImVec2 size(std::max(1.0f, width), std::max(1.0f, height));
    view.set_viewport(origin, size);
    if (!view.user_moved()) view.fit(lab.bounds(world), 24.0f * scale, 64.0f * scale);
    ImGui::InvisibleButton(
        "##canvas_b_input", size,
        ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    widgets.record_last_item("canvas.b");
    const bool hovered = ImGui::IsItemHovered();
    if (input) {
        input(hovered, ImGui::IsItemActive());
    } else {
        if (hovered && io.MouseWheel != 0.0f)
            view.zoom_about(io.MousePos, std::pow(1.15, static_cast<double>(io.MouseWheel)));
        if (ImGui::IsItemActive() && (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f)) {
            view.pan_by(io.MouseDelta);
            ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
        }
    }

    Painter painter = Painter::window();
    painter.PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
    painter.AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), palette::kCanvasBackground);
    frame.draw = &painter;
    frame.view = &view;
    frame.ui_scale = scale;
    lab.draw(world, frame);
    bool cut = false;
    const std::string fitted = fit_width(hint, size.x - 20.0f * scale, cut);
    const ImVec2 hint_size = ImGui::CalcTextSize(fitted.c_str());
    const ImVec2 hint_at(origin.x + 10.0f * scale, origin.y + size.y - hint_size.y - 8.0f * scale);
    painter.AddText(hint_at, palette::with_alpha(palette::kOverlayDim, 170), fitted.c_str());
    widgets.record("canvas.b.hint", WidgetRect{hint_at.x, hint_at.y, hint_size.x, hint_size.y, true});
    label_canvas("b", label, palette::kCompareB, widgets);
    painter.PopClipRect();
    if (hovered && !ImGui::IsItemActive()) {
        const std::string tip = lab.hover_text(world, view.to_world(io.MousePos), view.to_world_length(4.0f * scale));
        if (!tip.empty()) ImGui::SetTooltip("%s", tip.c_str());
    }
    ImGui::EndChild();
}

}   // namespace pb::ui
