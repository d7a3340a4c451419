// Compare mode's drawing: B ghosted over A, B's half of the canvas, the Edit switch, the
// Parameters tab's panels, the Compare tab (what B changes, the key results, the ways out) and the
// question on leaving.
#include <string>

#include <imgui.h>

#include "ui/render/painter.hpp"
#include "ui/shell/canvases.hpp"
#include "ui/shell/compare_session.hpp"
#include "ui/shell/shell_host.hpp"
#include "ui/widgets/compare_results.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"
#include "ui/widgets/tooltip.hpp"

namespace pb::ui {

namespace {

// A heading over a part of the tab (Dear ImGui 1.86 has no SeparatorText).
void section_heading(const char* text) {
    ImGui::Spacing();
    ImGui::TextColored(palette::kDimText, "%s", text);
    ImGui::Separator();
}

}   // namespace

// B's world over A's canvas in the same view (they share the arena), every vertex it adds faded
// to 40 % so A shows through: what moved differently stands out as a second, fainter copy. B's
// text and its boxes at fixed places (score, status, keys) are left out: they sit where A's do and
// would print over them; the Compare tab has B's numbers.
void CompareSession::draw_ghost(const CanvasFrame& frame) {
    const int first = frame.draw->vertex_mark();
    CanvasFrame ghost = frame;
    ghost.widgets = &widgets_;   // B's positions (and any box it drew) apart from A's
    ghost.ghost = true;
    frame.draw->set_text_shown(false);
    view_->draw(sim_->world(), ghost);
    frame.draw->set_text_shown(true);
    frame.draw->fade_since(first, 0.4f);
}

void CompareSession::draw_canvas(float width, float height, CanvasFrame frame, CanvasGestures& gestures) {
    const float scale = current_ui_scale();
    const bool paused = host_.paused();
    const auto diffs = differences();
    const std::string label =
        diffs.empty() ? std::string("B  (no change yet)") : "B  (" + std::to_string(diffs.size()) + " changed)";
    // The hint in its room (half the canvas is narrow at 1280 px): a shorter wording when needed.
    const float room = width - 20.0f * scale;
    const std::string hint =
        paused
            ? first_that_fits({"B \xc2\xb7 drag or click edits B \xc2\xb7 Shift: A and B too \xc2\xb7 right-drag pans",
                               "B \xc2\xb7 drag or click edits B \xc2\xb7 Shift: both \xc2\xb7 right-drag pans"},
                              room)
            : first_that_fits({"B \xc2\xb7 click edits B (Shift: A and B) \xc2\xb7 Space pauses to drag",
                               "B \xc2\xb7 click edits B (Shift: both) \xc2\xb7 Space pauses to drag"},
                              room);
    frame.widgets = &widgets_;   // B's entity positions (widgets()), apart from A's
    auto input = [&](bool hovered, bool active) {
        const glm::dvec2 at = canvas_.to_world(ImGui::GetIO().MousePos);
        const double pick_radius = canvas_.to_world_length(4.0f * scale);
        const CanvasGesture g = gestures.input(CanvasSide{*sim_, *view_, canvas_, true}, scale, hovered, active, at,
                                               pick_radius, paused, true, true);
        if (g.drop) apply_edit(true, std::move(*g.drop), g.both);
        if (g.click) click(true, *g.click, pick_radius, g.both);
    };
    draw_side_canvas(width, height, canvas_, *view_, sim_->world(), frame, host_.frame_widgets(), input, hint.c_str(),
                     label);
    // What B's view queued on its own (its tools in the Tools tab, its keys) is B's edit.
    for (Command& c : view_->take_commands()) apply_edit(true, std::move(c), false);
}

// The switch for the side the Parameters and Tools tabs edit (the canvases edit the side under
// the cursor, both with Shift).
void CompareSession::draw_edit_switch() {
    WidgetLocator& widgets = host_.frame_widgets();
    ImGui::TextUnformatted("Edit:");
    ImGui::SameLine();
    auto option = [&](const char* label, CompareEdit e, const char* widget) {
        if (ImGui::RadioButton(label, edit_ == e)) edit_ = e;
        widgets.record_last_item(widget);
        ImGui::SameLine();
    };
    option("A", CompareEdit::A, "compare.edit.a");
    option("B", CompareEdit::B, "compare.edit.b");
    option("Both", CompareEdit::Both, "compare.edit.both");
    ImGui::NewLine();
}

// The Parameters tab in compare mode: a switch for the side edited, then that side's panel.
void CompareSession::draw_params(ParamPanelState& a_panel, std::string& refused) {
    WidgetLocator& widgets = host_.frame_widgets();
    Simulation& a = host_.simulation();
    draw_edit_switch();
    const auto diffs = differences();
    if (!diffs.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, palette::kChangedMark);
        ImGui::TextWrapped("B differs from A in %zu parameter%s (the Compare tab lists them)", diffs.size(),
                           diffs.size() == 1 ? "" : "s");
        ImGui::PopStyleColor();
    }
    if (edit_ == CompareEdit::B) {
        panel_.history = &history_;           // B's edits, undoable beside A's
        panel_.other = &a.world().params();   // A's values where B differs
        panel_.other_is_a = true;
        draw_param_panel(*sim_, panel_, widgets, refused);
        sync_redo();
        return;
    }
    // A, or both: A's panel with its undo history; with Both, each edit is made on B too as the
    // same edit (one undo takes it back on both).
    a_panel.read_only = false;
    a_panel.history = &host_.edit_history();
    a_panel.mirror = edit_ == CompareEdit::Both ? sim_.get() : nullptr;
    a_panel.mirror_history = edit_ == CompareEdit::Both ? &history_ : nullptr;
    a_panel.other = &sim_->world().params();   // B's values where A differs
    a_panel.other_is_a = false;
    draw_param_panel(a, a_panel, widgets, refused);
    a_panel.mirror = nullptr;
    a_panel.mirror_history = nullptr;
    a_panel.other = nullptr;
    sync_redo();
}

// The Compare tab: what B changed, the key results side by side, and the ways out.
CompareSession::Finish CompareSession::draw_tab() {
    WidgetLocator& widgets = host_.frame_widgets();
    const World& a = host_.simulation().world();
    const float scale = current_ui_scale();
    ImGui::BeginChild("##compare_tab", ImVec2(0, 0), false);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kCompareA), "A");
    ImGui::SameLine();
    ImGui::TextUnformatted(ghost_ ? "the scenario as it was (solid)" : "the scenario as it was (left)");
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kCompareB), "B");
    ImGui::SameLine();
    ImGui::TextUnformatted(ghost_ ? "a copy to change (faint, over A)" : "a copy to change (right)");
    ImGui::TextColored(palette::kDimText, "Both run at the same tick, seed and speed.");

    const auto diffs = differences();
    bool ghost = ghost_;
    if (ImGui::Checkbox("Ghost B over A (one canvas)", &ghost)) ghost_ = ghost;
    widgets.record_last_item("compare.ghost");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("B drawn faintly over A in the same view, instead of side by side");

    section_heading("What B changes");
    if (diffs.empty() && diverged_without_differences()) {
        // B's edits were undone, but what they did stays in B's run: B - A below is real, not a
        // parameter's doing. Forking again starts the comparison afresh.
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(palette::kDimText,
                           "No parameter differs now, but the runs do: the edits undone since changed them while in "
                           "effect (B - A below).");
        ImGui::PopTextWrapPos();
        if (ImGui::Button("Fork B from A again")) fork_again();
        widgets.record_last_item("compare.fork_again");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("B becomes a fresh copy of A at this tick: B - A starts from zero");
    } else if (diffs.empty()) {
        ImGui::TextColored(palette::kDimText, "Nothing yet: edit B in the Parameters tab.");
    } else if (ImGui::BeginTable("##compare_changes", 3, ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("parameter", ImGuiTableColumnFlags_WidthStretch, 3.0f);
        ImGui::TableSetupColumn("A", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("B", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableHeadersRow();
        for (const auto& d : diffs) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const ParamTable& table = a.params().table();
            const auto index = table.find(d.key);
            ImGui::TextUnformatted(index ? table[*index].label.c_str() : d.key.c_str());
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", d.key.c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(d.a.c_str());
            ImGui::TableNextColumn();
            ImGui::TextColored(palette::kChangedMark, "%s", d.b.c_str());
        }
        ImGui::EndTable();
    }
    widgets.record("compare.changes", WidgetRect{ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y,
                                                 ImGui::GetItemRectSize().x, ImGui::GetItemRectSize().y, true});

    // The lab's key results for A, B and B - A, in the lab's words (the table its Analysis tab
    // shows too).
    ImGui::Spacing();
    const CompareFrame b = b_frame();
    const LabView& lab = *host_.lab_view();
    draw_compare_results(
        a, &b, [&](const std::string& path) { return lab.describe_result(a, path); }, &widgets);
    if (const WidgetRect* table = widgets.find("analysis.compare")) widgets.record("compare.results", *table);

    section_heading("Finish");
    Finish finish = Finish::None;
    if (ImGui::Button("Keep B", ImVec2(110 * scale, 0))) finish = Finish::KeepB;
    widgets.record_last_item("compare.keep_b");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("B becomes the scenario (unsaved: File > Save writes it); A is dropped");
    ImGui::SameLine();
    // Kept B: compare mode ends once the tab is drawn, so the other ways out are not offered.
    if (finish == Finish::None && ImGui::Button("Save B as...", ImVec2(110 * scale, 0))) {
        save_pending_ = true;
        finish = Finish::SaveB;
    }
    widgets.record_last_item("compare.save_b");
    ImGui::SameLine();
    if (finish != Finish::KeepB && ImGui::Button("Leave...", ImVec2(110 * scale, 0))) request_end();
    widgets.record_last_item("compare.leave");
    ImGui::EndChild();
    return finish;
}

CompareSession::Finish CompareSession::draw_question() {
    if (!question_) return Finish::None;
    const char* title = "Leave compare mode?###compare_leave";
    if (!question_popup_open_) {
        ImGui::OpenPopup(title);
        question_popup_open_ = true;
    }
    WidgetLocator& widgets = host_.frame_widgets();
    const float scale = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    Finish finish = Finish::None;
    if (ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        const auto diffs = differences();
        ImGui::TextUnformatted("Which one stays on screen?");
        ImGui::TextColored(palette::kDimText, "B differs from A in %zu parameter%s.", diffs.size(),
                           diffs.size() == 1 ? "" : "s");
        ImGui::Spacing();
        if (ImGui::Button("Keep A", ImVec2(110 * scale, 0))) finish = Finish::KeepA;
        widgets.record_last_item("compare.question.keep_a");
        ImGui::SameLine();
        if (ImGui::Button("Keep B", ImVec2(110 * scale, 0))) finish = Finish::KeepB;
        widgets.record_last_item("compare.question.keep_b");
        ImGui::SameLine();
        bool close = finish != Finish::None;
        if (!close && (ImGui::Button("Cancel", ImVec2(110 * scale, 0)) ||
                       ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))) {
            question_ = false;
            question_popup_open_ = false;
            close = true;
        }
        widgets.record_last_item("compare.question.cancel");
        if (close) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
    return finish;
}

}   // namespace pb::ui
