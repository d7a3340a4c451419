// The canvas: the lab's view of the world with pan (right/middle drag, or left drag on empty
// space), zoom about the cursor (wheel), hover tooltips, and — while paused — dragging an
// entity, which the lab view turns into a placement command on release.
#include <cmath>

#include <imgui.h>

#include "ui/palette.hpp"
#include "ui/shell.hpp"
#include "ui/style.hpp"

namespace pb::ui {

void Shell::draw_canvas(float width, float height) {
    float scale = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    ImGui::BeginChild("##canvas", ImVec2(width, height), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoMove);
    ImVec2 origin = ImGui::GetCursorScreenPos();
    ImVec2 size(std::max(1.0f, width), std::max(1.0f, height));
    view_.set_viewport(origin, size);
    const World& world = sim_.world();

    // Until the designer pans or zooms, the arena stays fitted to the canvas (also on resize),
    // leaving room at the top for the score overlay.
    if (!view_.user_moved()) {
        WorldRect bounds = lab_view_->bounds(world);
        view_.fit(bounds, 24.0f * scale, 64.0f * scale);
    }

    ImGui::InvisibleButton("##canvas_input", size,
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight |
                               ImGuiButtonFlags_MouseButtonMiddle);
    widgets_.record_last_item("canvas");
    bool hovered = ImGui::IsItemHovered();
    bool active = ImGui::IsItemActive();
    glm::dvec2 mouse_world = view_.to_world(io.MousePos);
    double pick_radius = view_.to_world_length(4.0f * scale);

    // Zoom about the cursor: the world point under it stays put.
    if (hovered && io.MouseWheel != 0.0f) view_.zoom_about(io.MousePos, std::pow(1.15, static_cast<double>(io.MouseWheel)));

    if (ImGui::IsItemActivated()) {
        bool left = ImGui::IsMouseClicked(ImGuiMouseButton_Left);
        if (left && paused_ && lab_view_->grab(world, mouse_world, pick_radius)) canvas_drag_ = CanvasDrag::Entity;
        else canvas_drag_ = CanvasDrag::Pan;
    }
    if (active) {
        if (canvas_drag_ == CanvasDrag::Entity) {
            if (!paused_ || !lab_view_->dragging()) {
                canvas_drag_ = CanvasDrag::None;   // resumed mid-drag: the drop would be stale
                lab_view_->cancel_drag();
            } else {
                lab_view_->drag_to(mouse_world);
                ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
            }
        } else if (canvas_drag_ == CanvasDrag::Pan) {
            if (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f) view_.pan_by(io.MouseDelta);
            ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
        }
    }
    if (ImGui::IsItemDeactivated()) {
        if (canvas_drag_ == CanvasDrag::Entity && lab_view_->dragging()) {
            if (auto cmd = lab_view_->release(world, sim_.tick())) {
                std::string what = describe(*cmd);
                if (auto why = sim_.submit(std::move(*cmd))) set_status("Refused: " + *why);
                else set_status(what);
            }
        }
        canvas_drag_ = CanvasDrag::None;
    }

    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
    draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), palette::kCanvasBackground);
    CanvasFrame frame;
    frame.draw = draw;
    frame.view = &view_;
    frame.ui_scale = scale;
    frame.paused = paused_;
    frame.velocity_hints = prefs_.velocity_hints;
    frame.widgets = &widgets_;
    lab_view_->draw(sim_.world(), frame);
    for (Command& c : lab_view_->frame_commands(sim_.world(), sim_.tick())) {
        std::string what = describe(c);
        if (auto why = sim_.submit(std::move(c))) set_status("Refused: " + *why);
        else set_status(what);
    }

    // A quiet hint in the corner: how to interact, and what pausing offers.
    const char* hint = paused_ ? "Paused \xc2\xb7 drag pods or the ball to place them \xc2\xb7 wheel zooms \xc2\xb7 right-drag pans"
                               : "Space pauses \xc2\xb7 wheel zooms \xc2\xb7 right-drag pans";
    ImVec2 hint_size = ImGui::CalcTextSize(hint);
    draw->AddText(ImVec2(origin.x + 10.0f * scale, origin.y + size.y - hint_size.y - 8.0f * scale),
                  palette::with_alpha(palette::kOverlayDim, 170), hint);
    draw->PopClipRect();

    if (hovered && !active) {
        std::string tip = lab_view_->hover_text(world, mouse_world, pick_radius);
        if (!tip.empty()) {
            if (paused_) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
            ImGui::BeginTooltip();
            ImGui::TextUnformatted(tip.c_str());
            ImGui::TextColored(palette::kDimText, paused_ ? "Drag to place it" : "Pause (Space) to drag it");
            ImGui::EndTooltip();
        }
    }
    ImGui::EndChild();
}

}  // namespace pb::ui
