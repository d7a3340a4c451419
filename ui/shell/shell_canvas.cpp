// The canvas: the lab's view of the world with pan (right/middle drag, or left drag on empty
// space), zoom about the cursor (wheel), hover tooltips, and — while paused — dragging an
// entity, which the lab view turns into a placement command on release.
#include <cmath>
#include <filesystem>

#include <imgui.h>

#include "ui/render/painter.hpp"
#include "ui/shell/shell.hpp"
#include "ui/shell/shortcuts.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"
#include "ui/widgets/tooltip.hpp"

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

    ImGui::InvisibleButton(
        "##canvas_input", size,
        ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    widgets_.record_last_item("canvas");
    const bool hovered = ImGui::IsItemHovered();
    const bool active = ImGui::IsItemActive();
    // Where the pointer is, before this frame's zoom or pan.
    const glm::dvec2 mouse_world = view_.to_world(io.MousePos);
    const double pick_radius = view_.to_world_length(4.0f * scale);
    // Shift makes a drop or a click edit both sides in compare mode; no dragging things while
    // reviewing: it would change the recorded world.
    const CanvasGesture g = gestures_.input(CanvasSide{*sim_, *lab_view_, view_, false}, scale, hovered, active,
                                            mouse_world, pick_radius, paused_, !review_, compare_ != nullptr);
    if (g.drop) apply_edit(std::move(*g.drop), g.both);
    if (g.click) canvas_click(*g.click, pick_radius, g.both);
    draw_canvas_world(origin, size, scale);
    if (hovered && !active) canvas_tooltip(world, mouse_world, pick_radius);
    ImGui::EndChild();
}

// A click on the map: places the note being written, else goes to the lab's view (what it
// queues, a build here, goes the usual way: submit_view_commands; in compare mode it is A's
// edit, or both sides' with Shift).
void Shell::canvas_click(glm::dvec2 mouse_world, double pick_radius, bool both) {
    if (review_ && review_->pick_point(mouse_world)) return;   // the note being written points here
    if (compare_)
        compare_->click(false, mouse_world, pick_radius, both);
    else
        lab_view_->click(sim_->world(), mouse_world, pick_radius, paused_);
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
    if (compare_ && compare_->ghost()) compare_->draw_ghost(frame);
    if (review_) review_->draw_pins(*draw, view_, scale);

    // A quiet hint in the corner: how to interact, and what pausing offers; in its room (compare
    // mode's half canvas is narrow at 1280 px: a shorter wording, else shortened).
    const float room = size.x - 20.0f * scale;
    bool cut = false;
    const std::string hint =
        compare_ && paused_
            ? first_that_fits({"A \xc2\xb7 drag or click edits A \xc2\xb7 Shift: A and B too \xc2\xb7 right-drag pans",
                               "A \xc2\xb7 drag or click edits A \xc2\xb7 Shift: both \xc2\xb7 right-drag pans"},
                              room)
        : compare_ ? first_that_fits({"A \xc2\xb7 click edits A (Shift: A and B) \xc2\xb7 Space pauses to drag",
                                      "A \xc2\xb7 click edits A (Shift: both) \xc2\xb7 Space pauses to drag"},
                                     room)
                   : fit_width(!review_ ? lab_view_->canvas_hint(paused_) : review_->canvas_hint(), room, cut);
    ImVec2 hint_size = ImGui::CalcTextSize(hint.c_str());
    const ImVec2 hint_at(origin.x + 10.0f * scale, origin.y + size.y - hint_size.y - 8.0f * scale);
    draw->AddText(hint_at, palette::with_alpha(palette::kOverlayDim, 170), hint.c_str());
    widgets_.record("canvas.hint", WidgetRect{hint_at.x, hint_at.y, hint_size.x, hint_size.y, true});
    if (compare_ && compare_->ghost())
        label_canvas("a", "A  with B ghosted over it", palette::kCompareB, widgets_);
    else if (compare_)
        label_canvas("a", "A  (the scenario)", palette::kCompareA, widgets_);
    else if (review_ && review_->b_player())
        label_canvas("a", "A  " + std::filesystem::path(review_->path()).filename().string(), palette::kCompareA,
                     widgets_);
    draw->PopClipRect();
}

// What is under the pointer, and what can be done with it.
void Shell::canvas_tooltip(const World& world, glm::dvec2 mouse_world, double pick_radius) {
    std::string tip = lab_view_->hover_text(world, mouse_world, pick_radius);
    if (tip.empty()) return;
    // While reviewing nothing moves (a drag pans): the hint says what review offers instead of
    // the lab's "drag to place it", and the cursor offers no grab (docs/replays.md#replays-in-the-window).
    if (paused_ && !review_) ImGui::SetMouseCursor(ImGuiMouseCursor_Hand);
    ImGui::BeginTooltip();
    ImGui::TextUnformatted(tip.c_str());
    const std::string how = review_ ? std::string("Reviewing: a drag pans, the wheel zooms. Take over here (") +
                                          shortcut_label(ShellAction::ToggleRecording) + ") to edit."
                                    : lab_view_->hover_hint(paused_);
    if (!how.empty()) ImGui::TextColored(palette::kDimText, "%s", how.c_str());
    ImGui::EndTooltip();
    log_tooltip(tip + "\n" + how);
}

}   // namespace pb::ui
