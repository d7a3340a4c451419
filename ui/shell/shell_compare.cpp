// Compare mode (README "Comparing two variants"): B, a variant of the open scenario A, forked at
// the current tick, runs beside it in lockstep under the one transport. The canvas shows A and B
// side by side, each labelled; the parameter panel edits A, B or both; the Compare tab lists what
// B changed and the lab's key results for A, B and B - A; Keep B / Save B as... / Leave.
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <imgui.h>

#include "engine/compare/compare.hpp"
#include "engine/core/lab.hpp"
#include "engine/sweep/sweep.hpp"
#include "ui/render/painter.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/compare_results.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"

namespace pb::ui {

namespace fs = std::filesystem;

namespace {

// A heading over a part of the tab (Dear ImGui 1.86 has no SeparatorText).
void section_heading(const char* text) {
    ImGui::Spacing();
    ImGui::TextColored(palette::kDimText, "%s", text);
    ImGui::Separator();
}

}  // namespace

bool Shell::start_compare() {
    if (review_) {
        show_error("Compare mode works on the live simulation: close the replay first (File > Close replay), or take over "
                   "from it (Simulation > Take over here).");
        return false;
    }
    if (compare_) return true;
    auto c = std::make_unique<CompareSession>();
    c->sim = std::make_unique<Simulation>(sim_->fork());
    c->view = create_lab_view(sim_->world().lab().name);
    std::vector<std::string> known;
    for (auto& n : world_numbers(sim_->world())) known.push_back(std::move(n.path));
    c->results = compare_default_results(sim_->world().lab().name, known);
    c->fork_tick = sim_->tick();
    compare_ = std::move(c);
    prefs_.side_tab = SideTab::Compare;
    set_status(std::string("Comparing: B is a copy of A at tick ") + std::to_string(sim_->tick()) + "; the Parameters tab edits B");
    start_variant_recording();
    return true;
}

void Shell::start_variant_recording() {
    if (!compare_ || !recorder_.recording() || compare_->recorder.recording()) return;
    const std::string a_path = recorder_.path();
    const std::string b_path = variant_replay_path(a_path);
    try {
        compare_->recorder.start(*compare_->sim, b_path, "B of " + fs::path(a_path).filename().string(),
                                 fs::path(a_path).filename().string(), compare_->fork_tick);
    } catch (const std::exception& e) {
        show_error("Recording A to " + a_path + ", but could not record B beside it to " + b_path + ":\n" + e.what());
        return;
    }
    set_status("Recording A to " + a_path + " and B to " + b_path);
}

bool Shell::refuse_while_comparing(const std::string& what) {
    if (!compare_) return false;
    show_error("To " + what + ", leave compare mode first (Simulation > Leave compare mode: keep A or B), so neither is lost.");
    return true;
}

void Shell::set_compare_edit(CompareEdit edit) {
    if (compare_) compare_->edit = edit;
}

std::optional<CompareEdit> Shell::compare_edit() const {
    if (!compare_) return std::nullopt;
    return compare_->edit;
}

std::optional<std::string> Shell::compare_set_param(const std::string& key, double value) {
    if (!compare_) return "not comparing";
    const CompareEdit e = compare_->edit;
    if (e != CompareEdit::B)
        if (auto why = history_.apply(*sim_, make_param_set(sim_->tick(), key, value))) return "A: " + *why;
    if (e != CompareEdit::A)
        if (auto why = compare_->history.apply(*compare_->sim, make_param_set(compare_->sim->tick(), key, value),
                                               e == CompareEdit::Both ? &history_ : nullptr))
            return "B: " + *why;
    sync_compare_redo();
    return std::nullopt;
}

Shell::EditSide Shell::edit_side(bool b) {
    if (b && compare_) return EditSide{*compare_->sim, *compare_->view, compare_->history, compare_->canvas, true};
    return EditSide{*sim_, *lab_view_, history_, view_, false};
}

void Shell::apply_edit(bool b, Command c, bool both) {
    EditSide first = edit_side(b);
    const char* name = !compare_ ? "" : b ? "B: " : "A: ";
    Command copy = c;
    std::string what = describe(c);
    if (auto why = first.history.apply(first.sim, std::move(c))) {
        set_status(std::string("Refused") + (compare_ ? (b ? " in B: " : " in A: ") : ": ") + *why);
        return;
    }
    if (both && compare_) {
        EditSide other = edit_side(!b);
        // The same edit on the other side: the ids match while both have the same things (B was
        // forked from A); where they differ, the other side says why it refuses.
        if (auto why = other.history.apply(other.sim, std::move(copy), &first.history)) {
            set_status(what + " in " + (b ? "B" : "A") + "; refused in " + (b ? "A" : "B") + ": " + *why);
            sync_compare_redo();
            return;
        }
        set_status(what + " in A and B");
    } else {
        set_status(name + what);
    }
    sync_compare_redo();
}

void Shell::sync_compare_redo() {
    if (!compare_) return;
    const auto a = history_.last_done_seq(), b = compare_->history.last_done_seq();
    const std::uint64_t latest = std::max(a.value_or(0), b.value_or(0));
    if (latest <= seen_edit_seq_) return;
    seen_edit_seq_ = latest;
    // The side that did not take the newest edit forgets its redo, as a single history would.
    if (a.value_or(0) != latest) history_.drop_redo();
    if (b.value_or(0) != latest) compare_->history.drop_redo();
}

bool Shell::compare_can_undo(bool redo) const {
    if (!compare_) return false;
    return redo ? history_.can_redo() || compare_->history.can_redo() : history_.can_undo() || compare_->history.can_undo();
}

// Which sides the next undo (redo) acts on: the latest edit in effect (the earliest undone), on
// both sides when it was made on both.
static std::pair<bool, bool> undo_sides(const EditHistory& a, const EditHistory& b, bool redo) {
    const auto sa = redo ? a.next_redo_seq() : a.last_done_seq();
    const auto sb = redo ? b.next_redo_seq() : b.last_done_seq();
    if (!sa || !sb) return {sa.has_value(), sb.has_value()};
    if (*sa == *sb) return {true, true};
    const bool pick_a = redo ? *sa < *sb : *sa > *sb;
    return {pick_a, !pick_a};
}

std::string Shell::compare_undo_label(bool redo) const {
    const char* verb = redo ? "Redo" : "Undo";
    if (!compare_) return verb;
    const EditHistory& b = compare_->history;
    if (history_.dragging() || b.dragging()) return verb;
    const auto [on_a, on_b] = undo_sides(history_, b, redo);
    const std::string label_a = redo ? history_.redo_label() : history_.undo_label();
    const std::string label_b = redo ? b.redo_label() : b.undo_label();
    const std::size_t skip = std::string(verb).size() + 1;
    if (on_a && on_b) return std::string(verb) + " in A and B: " + (label_a.size() > skip ? label_a.substr(skip) : label_a);
    if (on_a) return std::string(verb) + " in A: " + (label_a.size() > skip ? label_a.substr(skip) : label_a);
    if (on_b) return std::string(verb) + " in B: " + (label_b.size() > skip ? label_b.substr(skip) : label_b);
    return verb;
}

void Shell::undo_compare_edit(bool redo) {
    CompareSession& c = *compare_;
    // A slider held down ends first (its edit then counts as the latest).
    if (history_.dragging()) history_.end_drag(*sim_);
    if (c.history.dragging()) c.history.end_drag(*c.sim);
    const std::string label = compare_undo_label(redo);
    const auto [on_a, on_b] = undo_sides(history_, c.history, redo);
    if (!on_a && !on_b) {
        set_status(redo ? "Nothing to redo" : "Nothing to undo");
        return;
    }
    std::string failed;
    if (on_a)
        if (auto why = redo ? history_.redo(*sim_) : history_.undo(*sim_)) failed = "A: " + *why;
    if (on_b)
        if (auto why = redo ? c.history.redo(*c.sim) : c.history.undo(*c.sim)) failed += (failed.empty() ? "B: " : "; B: ") + *why;
    set_status(failed.empty() ? label : failed);
}

std::vector<Shell::ParamDifference> Shell::variant_differences() const {
    std::vector<ParamDifference> out;
    if (!compare_) return out;
    const ParamSet& a = sim_->world().params();
    const ParamSet& b = compare_->sim->world().params();
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i]) out.push_back({a.table()[i].key, format_param_value(a.table()[i], a[i]), format_param_value(a.table()[i], b[i])});
    return out;
}

void Shell::compare_tick() {
    Simulation& b = *compare_->sim;
    // B's slider held down hands its latest value over once per tick, as A's does.
    if (compare_->history.dragging()) {
        if (auto why = compare_->history.flush(b)) set_status("Refused in B: " + *why);
        sync_compare_redo();
    }
    if (compare_->view)
        for (Command& c : compare_->view->before_tick(b.world()))
            if (auto why = b.submit(std::move(c))) set_status("Refused in B: " + *why);
    b.step();
}

void Shell::end_compare(bool keep_b) {
    if (!compare_) return;
    // B's recording ends here, whole (its file is a replay of its own).
    try {
        compare_->recorder.stop();
    } catch (const std::exception& e) {
        show_error("B's recording " + compare_->recorder.path() + " was not closed cleanly: " + e.what());
    }
    if (keep_b) {
        // B becomes the simulation on screen; its edits since the fork are unsaved.
        if (recorder_.recording()) stop_recording("");
        // Everything B was edited with counts as unsaved, as A's edits did.
        const bool b_differs = !variant_differences().empty() || compare_->sim->live_commands().size() != sim_->live_commands().size();
        if (b_differs || dirty()) edits_before_restart_ = true;
        *sim_ = std::move(*compare_->sim);
        lab_view_ = std::move(compare_->view);
        restart_from_.reset();   // Restart now starts B over, not the scenario A last saved
        // A's edits belong to A; B's come along and stay undoable.
        if (compare_->history.dragging()) compare_->history.end_drag(*sim_);
        history_ = std::move(compare_->history);
        history_.rebind(*sim_);
        set_status("Kept B: it is the scenario now (File > Save writes it)");
    } else {
        set_status("Left compare mode: A kept, B dropped");
    }
    compare_.reset();
    if (prefs_.side_tab == SideTab::Compare) prefs_.side_tab = SideTab::Parameters;
}

void Shell::request_end_compare() {
    if (compare_) compare_->question = true;
}

bool Shell::save_variant(const std::string& requested) {
    if (!compare_) return false;
    std::string path = requested;
    if (fs::path(path).extension().empty()) path += ".toml";
    Scenario s = compare_->sim->scenario_for_saving();
    s.path = path;
    try {
        save_scenario_file(s, path);
    } catch (const std::exception& e) {
        show_error(std::string("Could not save B to ") + path + ":\n" + e.what());
        return false;
    }
    remember_recent_file(prefs_.recent_files, path);
    set_status("Saved B as " + path);
    return true;
}

// B's world over A's canvas in the same view (they share the arena), every vertex it adds faded
// to 40 % so A shows through: what moved differently stands out as a second, fainter copy.
void Shell::draw_ghost(const CanvasFrame& frame) {
    const int first = frame.draw->vertex_mark();
    CanvasFrame ghost = frame;
    ghost.widgets = nullptr;   // A's view records the positions automation uses
    compare_->view->draw(compare_->sim->world(), ghost);
    frame.draw->fade_since(first, 0.4f);
}

// The right half of the canvas: B while comparing, or B's replay beside A's under review. Its
// own pan and zoom, hover text; compare mode's B canvas edits B as A's edits A (drag while
// paused, click, build), with Shift both.
void Shell::draw_side_b_canvas(float width, float height) {
    CanvasFrame frame;
    frame.paused = paused_;
    frame.velocity_hints = prefs_.velocity_hints;
    frame.gamepad = &gamepad_;
    if (!compare_) {
        if (review_ && review_->b_player()) review_->draw_b_canvas(width, height, frame);
        return;
    }
    const float scale = current_ui_scale();
    CanvasView& view = compare_->canvas;
    const auto diffs = variant_differences();
    const std::string label = diffs.empty() ? std::string("B  (no change yet)") : "B  (" + std::to_string(diffs.size()) + " changed)";
    const char* hint = paused_ ? "B \xc2\xb7 drag or click edits B \xc2\xb7 Shift: A and B too \xc2\xb7 right-drag pans"
                               : "B \xc2\xb7 click edits B (Shift: A and B) \xc2\xb7 Space pauses to drag";
    frame.widgets = &b_widgets_;   // B's entity positions (variant_widgets()), apart from A's
    auto input = [&](bool hovered, bool active) {
        const glm::dvec2 at = view.to_world(ImGui::GetIO().MousePos);
        const double pick_radius = view.to_world_length(4.0f * scale);
        const EditSide side = edit_side(true);
        const CanvasGesture g = gestures_.input(CanvasSide{side.sim, side.lab, side.view, true}, scale, hovered, active, at, pick_radius,
                                                paused_, true, true);
        if (g.drop) apply_edit(true, std::move(*g.drop), g.both);
        if (g.click) canvas_click(side, *g.click, pick_radius, g.both);
    };
    draw_side_canvas(width, height, view, *compare_->view, compare_->sim->world(), frame, widgets_, input, hint, label);
    // What B's view queued on its own (its tools in the Tools tab, its keys) is B's edit.
    for (Command& c : compare_->view->take_commands()) apply_edit(true, std::move(c), false);
}

// The Parameters tab in compare mode: a switch for the side edited, then that side's panel.
// The switch for the side the Parameters and Tools tabs edit (the canvases edit the side under
// the cursor, both with Shift).
void Shell::draw_compare_edit_switch() {
    CompareSession& c = *compare_;
    ImGui::TextUnformatted("Edit:");
    ImGui::SameLine();
    auto option = [&](const char* label, CompareEdit e, const char* widget) {
        if (ImGui::RadioButton(label, c.edit == e)) c.edit = e;
        widgets_.record_last_item(widget);
        ImGui::SameLine();
    };
    option("A", CompareEdit::A, "compare.edit.a");
    option("B", CompareEdit::B, "compare.edit.b");
    option("Both", CompareEdit::Both, "compare.edit.both");
    ImGui::NewLine();
}

void Shell::draw_compare_params(std::string& refused) {
    CompareSession& c = *compare_;
    draw_compare_edit_switch();
    const auto diffs = variant_differences();
    if (!diffs.empty()) {
        ImGui::PushStyleColor(ImGuiCol_Text, palette::kChangedMark);
        ImGui::TextWrapped("B differs from A in %zu parameter%s (the Compare tab lists them)", diffs.size(),
                           diffs.size() == 1 ? "" : "s");
        ImGui::PopStyleColor();
    }
    if (c.edit == CompareEdit::B) {
        c.panel.history = &c.history;   // B's edits, undoable beside A's
        c.panel.other = &sim_->world().params();   // A's values where B differs
        c.panel.other_is_a = true;
        draw_param_panel(*c.sim, c.panel, widgets_, refused);
        sync_compare_redo();
        return;
    }
    // A, or both: A's panel with its undo history; with Both, each edit is made on B too as the
    // same edit (one undo takes it back on both).
    param_panel_.read_only = false;
    param_panel_.history = &history_;
    param_panel_.mirror = c.edit == CompareEdit::Both ? c.sim.get() : nullptr;
    param_panel_.mirror_history = c.edit == CompareEdit::Both ? &c.history : nullptr;
    param_panel_.other = &c.sim->world().params();   // B's values where A differs
    param_panel_.other_is_a = false;
    draw_param_panel(*sim_, param_panel_, widgets_, refused);
    param_panel_.mirror = nullptr;
    param_panel_.mirror_history = nullptr;
    param_panel_.other = nullptr;
    sync_compare_redo();
}

// The Compare tab: what B changed, the key results side by side, and the ways out.
void Shell::draw_compare_tab() {
    CompareSession& c = *compare_;
    const float scale = current_ui_scale();
    ImGui::BeginChild("##compare_tab", ImVec2(0, 0), false);
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kCompareA), "A");
    ImGui::SameLine();
    ImGui::TextUnformatted(c.ghost ? "the scenario as it was (solid)" : "the scenario as it was (left)");
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kCompareB), "B");
    ImGui::SameLine();
    ImGui::TextUnformatted(c.ghost ? "a copy to change (faint, over A)" : "a copy to change (right)");
    ImGui::TextColored(palette::kDimText, "Both run at the same tick, seed and speed.");

    const auto diffs = variant_differences();
    bool ghost = c.ghost;
    if (ImGui::Checkbox("Ghost B over A (one canvas)", &ghost)) c.ghost = ghost;
    widgets_.record_last_item("compare.ghost");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("B drawn faintly over A in the same view, instead of side by side");

    section_heading("What B changes");
    if (diffs.empty()) {
        ImGui::TextColored(palette::kDimText, "Nothing yet: edit B in the Parameters tab.");
    } else if (ImGui::BeginTable("##compare_changes", 3, ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("parameter", ImGuiTableColumnFlags_WidthStretch, 3.0f);
        ImGui::TableSetupColumn("A", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("B", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableHeadersRow();
        for (const auto& d : diffs) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const ParamTable& table = sim_->world().params().table();
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
    widgets_.record("compare.changes", WidgetRect{ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectSize().x,
                                                  ImGui::GetItemRectSize().y, true});

    // The lab's key results for A, B and B - A, in the lab's words (the table its Analysis tab
    // shows too).
    ImGui::Spacing();
    CompareFrame b_frame;
    b_frame.world = &c.sim->world();
    b_frame.view = c.view.get();
    b_frame.results = c.results;
    const LabView& lab = *lab_view_;
    draw_compare_results(sim_->world(), &b_frame, [&](const std::string& path) { return lab.describe_result(sim_->world(), path); },
                         &widgets_);
    if (const WidgetRect* table = widgets_.find("analysis.compare")) widgets_.record("compare.results", *table);

    section_heading("Finish");
    if (ImGui::Button("Keep B", ImVec2(110 * scale, 0))) end_compare(true);
    widgets_.record_last_item("compare.keep_b");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("B becomes the scenario (unsaved: File > Save writes it); A is dropped");
    ImGui::SameLine();
    if (compare_ && ImGui::Button("Save B as...", ImVec2(110 * scale, 0))) {
        compare_->save_pending = true;
        file_dialog_.show(FileDialogMode::SaveScenario, dialog_start_path());
    }
    widgets_.record_last_item("compare.save_b");
    ImGui::SameLine();
    if (compare_ && ImGui::Button("Leave...", ImVec2(110 * scale, 0))) request_end_compare();
    widgets_.record_last_item("compare.leave");
    ImGui::EndChild();
}

void Shell::draw_compare_question() {
    if (!compare_ || !compare_->question) return;
    const char* title = "Leave compare mode?###compare_leave";
    if (!compare_->question_open) {
        ImGui::OpenPopup(title);
        compare_->question_open = true;
    }
    const float scale = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal(title, nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        const auto diffs = variant_differences();
        ImGui::TextUnformatted("Which one stays on screen?");
        ImGui::TextColored(palette::kDimText, "B differs from A in %zu parameter%s.", diffs.size(), diffs.size() == 1 ? "" : "s");
        ImGui::Spacing();
        bool close = false;
        if (ImGui::Button("Keep A", ImVec2(110 * scale, 0))) {
            end_compare(false);
            close = true;
        }
        widgets_.record_last_item("compare.question.keep_a");
        ImGui::SameLine();
        if (ImGui::Button("Keep B", ImVec2(110 * scale, 0))) {
            end_compare(true);
            close = true;
        }
        widgets_.record_last_item("compare.question.keep_b");
        ImGui::SameLine();
        if (!close && (ImGui::Button("Cancel", ImVec2(110 * scale, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))) {
            compare_->question = false;
            compare_->question_open = false;
            close = true;
        }
        widgets_.record_last_item("compare.question.cancel");
        if (close) ImGui::CloseCurrentPopup();
        ImGui::EndPopup();
    }
}

}  // namespace pb::ui
