// The canvas: the lab's view of the world with pan (right/middle drag, or left drag on empty
// space), zoom about the cursor (wheel), hover tooltips, and — while paused — dragging an
// entity, which the lab view turns into a placement command on release.
#include <cmath>
#include <filesystem>

#include <imgui.h>

#include "ui/render/painter.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"

namespace pb::ui {

void Shell::draw_canvas(float width, float height) {
    float scale = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    ImGui::BeginChild("##canvas", ImVec2(width, height), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse | ImGuiWindowFlags_NoMove);
    ImVec2 origin = ImGui::GetCursorScreenPos();
    ImVec2 size(std::max(1.0f, width), std::max(1.0f, height));
    view_.set_viewport(origin, size);
    const World& world = sim_->world();

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
    const bool hovered = ImGui::IsItemHovered();
    const bool active = ImGui::IsItemActive();
    // Where the pointer is, before this frame's zoom or pan.
    const glm::dvec2 mouse_world = view_.to_world(io.MousePos);
    const double pick_radius = view_.to_world_length(4.0f * scale);
    canvas_input(edit_side(false), scale, hovered, active, mouse_world, pick_radius);
    draw_canvas_world(origin, size, scale);
    if (hovered && !active) canvas_tooltip(world, mouse_world, pick_radius);
    ImGui::EndChild();
}

// The canvas button's input: zoom about the cursor, press (grab an entity or start a pan), drag,
// and release (drop the entity as a command, or a click when the press did not move). In compare
// mode each canvas edits its own side; with Shift held at the drop or click, both sides.
void Shell::canvas_input(EditSide side, float scale, bool hovered, bool active, glm::dvec2 mouse_world, double pick_radius) {
    ImGuiIO& io = ImGui::GetIO();
    const World& world = side.sim.world();

    // Zoom about the cursor: the world point under it stays put.
    if (hovered && io.MouseWheel != 0.0f) side.view.zoom_about(io.MousePos, std::pow(1.15, static_cast<double>(io.MouseWheel)));

    if (ImGui::IsItemActivated()) {
        bool left = ImGui::IsMouseClicked(ImGuiMouseButton_Left);
        press_at_ = io.MousePos;
        press_left_ = left;
        drag_on_b_ = side.b;
        // No dragging things while reviewing: it would change the recorded world.
        if (left && paused_ && !review_ && side.lab.grab(world, mouse_world, pick_radius)) canvas_drag_ = CanvasDrag::Entity;
        else canvas_drag_ = CanvasDrag::Pan;
    }
    if (active && drag_on_b_ == side.b) {
        if (canvas_drag_ == CanvasDrag::Entity) {
            if (!paused_ || !side.lab.dragging()) {
                canvas_drag_ = CanvasDrag::None;   // resumed mid-drag: the drop would be stale
                side.lab.cancel_drag();
            } else {
                side.lab.drag_to(mouse_world);
                ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
            }
        } else if (canvas_drag_ == CanvasDrag::Pan) {
            if (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f) side.view.pan_by(io.MouseDelta);
            ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll);
        }
    }
    if (ImGui::IsItemDeactivated() && drag_on_b_ == side.b) {
        const bool both = compare_ != nullptr && io.KeyShift;
        if (canvas_drag_ == CanvasDrag::Entity && side.lab.dragging()) {
            if (auto cmd = side.lab.release(world, side.sim.tick())) apply_edit(side.b, std::move(*cmd), both);
        } else if (canvas_drag_ == CanvasDrag::Pan && press_left_) {
            // A left press released where it began is a click on the map, not a pan.
            const float dx = io.MousePos.x - press_at_.x, dy = io.MousePos.y - press_at_.y;
            const float slop = 4.0f * scale;
            if (dx * dx + dy * dy <= slop * slop) canvas_click(side, mouse_world, pick_radius, both);
        }
        canvas_drag_ = CanvasDrag::None;
    }
}

// A click on the map: places the note being written, else goes to the side's view (what it
// queues, a build here, is that side's edit, or both sides' with Shift).
void Shell::canvas_click(EditSide side, glm::dvec2 mouse_world, double pick_radius, bool both) {
    if (review_ && review_->picking_point) {
        review_->note_point = mouse_world;   // the note being written points here
        review_->picking_point = false;
        return;
    }
    side.lab.click(side.sim.world(), mouse_world, pick_radius, paused_);
    if (review_ || !compare_) return;   // queued commands go the usual way (submit_view_commands)
    for (Command& c : side.lab.take_commands()) apply_edit(side.b, std::move(c), both);
}

// The background, the lab's view of the world, review pins and the hint in the corner.
void Shell::draw_canvas_world(ImVec2 origin, ImVec2 size, float scale) {
    Painter window_painter = Painter::window();
    Painter* draw = &window_painter;
    draw->PushClipRect(origin, ImVec2(origin.x + size.x, origin.y + size.y), true);
    draw->AddRectFilled(origin, ImVec2(origin.x + size.x, origin.y + size.y), palette::kCanvasBackground);
    CanvasFrame frame;
    frame.draw = draw;
    frame.view = &view_;
    frame.ui_scale = scale;
    frame.paused = paused_;
    frame.velocity_hints = prefs_.velocity_hints;
    frame.widgets = &widgets_;
    frame.gamepad = &gamepad_;
    lab_view_->draw(sim_->world(), frame);
    if (compare_ && compare_->ghost) draw_ghost(frame);
    if (review_) draw_review_pins(*draw, scale);

    // A quiet hint in the corner: how to interact, and what pausing offers.
    const std::string hint = compare_ && paused_      ? std::string("A \xc2\xb7 drag or click edits A \xc2\xb7 Shift: A and B too \xc2\xb7 right-drag pans")
                             : compare_               ? std::string("A \xc2\xb7 click edits A (Shift: A and B) \xc2\xb7 Space pauses to drag")
                             : !review_               ? lab_view_->canvas_hint(paused_)
                             : review_->picking_point ? std::string("Click where the note points")
                                                      : std::string("Reviewing a replay \xc2\xb7 editing is off \xc2\xb7 wheel zooms \xc2\xb7 right-drag pans");
    ImVec2 hint_size = ImGui::CalcTextSize(hint.c_str());
    draw->AddText(ImVec2(origin.x + 10.0f * scale, origin.y + size.y - hint_size.y - 8.0f * scale),
                  palette::with_alpha(palette::kOverlayDim, 170), hint.c_str());
    if (compare_ && compare_->ghost) label_canvas("a", "A  with B ghosted over it", palette::kCompareB);
    else if (compare_) label_canvas("a", "A  (the scenario)", palette::kCompareA);
    else if (review_ && review_->b_player) label_canvas("a", "A  " + std::filesystem::path(review_->path).filename().string(), palette::kCompareA);
    draw->PopClipRect();
}

// Notes with a point show near their tick (two seconds either side), and the one being written.
void Shell::draw_review_pins(Painter& draw, float scale) {
    auto pin = [&](glm::dvec2 at, const std::string& text, ImU32 colour) {
        ImVec2 p = view_.to_screen(at);
        draw.AddCircle(p, 9.0f * scale, colour, 0, 2.5f * scale);
        draw.AddCircleFilled(p, 3.0f * scale, colour);
        draw.AddText(ImVec2(p.x + 12.0f * scale, p.y - 8.0f * scale), colour, text.c_str());
    };
    for (const ReplayNote& n : review_->notes)
        if (n.has_point && std::abs(n.tick - sim_->tick()) <= 120) pin({n.x, n.y}, n.text, palette::kNoteMark);
    if (review_->note_point) pin(*review_->note_point, review_->note_text.empty() ? "new note" : review_->note_text, palette::kNoteMark);
}

// What is under the pointer, and what can be done with it.
void Shell::canvas_tooltip(const World& world, glm::dvec2 mouse_world, double pick_radius) {
    std::string tip = lab_view_->hover_text(world, mouse_world, pick_radius);
    if (tip.empty()) return;
    if (paused_) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(tip.c_str());
    const std::string how = lab_view_->hover_hint(paused_);
    if (!how.empty()) ImGui::TextColored(palette::kDimText, "%s", how.c_str());
    ImGui::EndTooltip();
}

}  // namespace pb::ui
