// The Edit menu (Undo / Redo naming the edit, the Edits list) and the Edits window: every edit
// the designer made with its tick, what it changed on hover, undone ones greyed. The history
// itself is ui/shell/edit_history.hpp.
#include <algorithm>
#include <cctype>

#include <imgui.h>

#include "engine/core/words.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"

namespace pb::ui {

void Shell::undo_edit(bool redo) {
    if (review_) {
        review_->undo_note(redo);
        return;
    }
    if (compare_) {
        compare_->undo(redo);
        return;
    }
    std::string label = redo ? history_.redo_label() : history_.undo_label();
    const std::int64_t made = [&]() -> std::int64_t {
        const auto& edits = history_.edits();
        for (auto it = edits.rbegin(); it != edits.rend(); ++it)
            if (it->undone == redo) return it->tick;
        return sim_->tick();
    }();
    if (auto why = redo ? history_.redo(*sim_) : history_.undo(*sim_)) {
        set_status(*why);
        return;
    }
    // The world does not rewind: an edit made earlier is undone with its old values, now.
    if (made < sim_->tick())
        label += " (made at t=" + std::to_string(made) + ", " + (redo ? "redone" : "undone") +
                 " now at t=" + std::to_string(sim_->tick()) + ")";
    set_status(label);
}

void Shell::draw_edit_menu() {
    if (!review_) history_.follow(*sim_);
    if (compare_) compare_->history().follow(compare_->sim());
    if (!ImGui::BeginMenu("Edit")) return;
    const bool live = review_ == nullptr;
    // While reviewing, the designer's edits are the notes added to the replay.
    bool can_undo = live ? history_.can_undo() : review_->can_undo_note(false);
    bool can_redo = live ? history_.can_redo() : review_->can_undo_note(true);
    std::string undo = live ? history_.undo_label() : can_undo ? "Undo note" : "Undo";
    std::string redo = live ? history_.redo_label() : can_redo ? "Redo note" : "Redo";
    if (compare_) {
        // A's and B's edits in the order made: "Undo in B: set ball friction".
        can_undo = compare_->can_undo(false);
        can_redo = compare_->can_undo(true);
        undo = compare_->undo_label(false);
        redo = compare_->undo_label(true);
    }
    if (ImGui::MenuItem(undo.c_str(), shortcut_label(ShellAction::Undo), false, can_undo)) perform(ShellAction::Undo);
    if (ImGui::MenuItem(redo.c_str(), shortcut_label(ShellAction::Redo), false, can_redo)) perform(ShellAction::Redo);
    ImGui::Separator();
    ImGui::MenuItem("Edits list", nullptr, &show_edits_);
    ImGui::EndMenu();
}

void Shell::draw_edits_window() {
    const float scale = current_ui_scale();
    const ImVec2 size(420 * scale, 300 * scale);
    ImGui::SetNextWindowSize(size, ImGuiCond_FirstUseEver);
    // First shown in the canvas's lower left corner, clear of the score box and the canvas centre.
    if (const WidgetRect* canvas = widgets_.find("canvas"))
        ImGui::SetNextWindowPos(
            ImVec2(canvas->x + 8 * scale, std::max(canvas->y, canvas->y + canvas->h - size.y - 8 * scale)),
            ImGuiCond_FirstUseEver);
    if (!ImGui::Begin("Edits###edits", &show_edits_)) {
        ImGui::End();
        return;
    }
    widgets_.record("edits.window", WidgetRect{ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                               ImGui::GetWindowSize().x, ImGui::GetWindowSize().y, true});
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(
        palette::kDimText,
        "Your edits, oldest first (t = the tick it was made). Ctrl+Z undoes the latest, Ctrl+Shift+Z or "
        "Ctrl+Y redoes. Undo applies the old values NOW, as commands at the current tick: the world does "
        "not rewind, so undoing after time moved on keeps what happened since.");
    ImGui::PopTextWrapPos();
    ImGui::Separator();
    // In compare mode, A's and B's edits in the order made, each marked with its side (an edit
    // made on both sides at once shows once, as "A+B").
    struct Row {
        const Edit* edit;
        const char* side;
    };
    std::vector<Row> rows;
    for (const Edit& e : history_.edits()) rows.push_back({&e, compare_ ? "A: " : ""});
    if (compare_) {
        for (const Edit& e : compare_->history().edits()) {
            auto same = std::find_if(rows.begin(), rows.end(), [&](const Row& r) { return r.edit->seq == e.seq; });
            if (same != rows.end())
                same->side = "A+B: ";
            else
                rows.push_back({&e, "B: "});
        }
        std::stable_sort(rows.begin(), rows.end(),
                         [](const Row& x, const Row& y) { return x.edit->seq < y.edit->seq; });
    }
    if (rows.empty()) ImGui::TextDisabled("No edits yet: move a slider, drag, build or place something.");
    if (ImGui::BeginTable("##edits", 3,
                          ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp | ImGuiTableFlags_ScrollY)) {
        ImGui::TableSetupColumn("tick", ImGuiTableColumnFlags_WidthFixed, 70 * scale);
        ImGui::TableSetupColumn("edit", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn("undo", ImGuiTableColumnFlags_WidthFixed, 90 * scale);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Edit& e = *rows[i].edit;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::Text("t=%lld", static_cast<long long>(e.tick));
            ImGui::TableNextColumn();
            std::string name = e.name;
            if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
            name = rows[i].side + name;
            if (e.undone)
                ImGui::TextDisabled("%s (undone)", name.c_str());
            else
                ImGui::TextUnformatted(name.c_str());
            widgets_.record_last_item("edits.row." + std::to_string(i));
            if (ImGui::IsItemHovered()) {
                ImGui::BeginTooltip();
                for (const std::string& change : e.changes) ImGui::TextUnformatted(change.c_str());
                if (e.last_tick != e.tick)
                    ImGui::TextColored(palette::kDimText, "one drag: %s, ticks %lld .. %lld",
                                       count_of(static_cast<long long>(e.forward.size()), "command").c_str(),
                                       static_cast<long long>(e.tick), static_cast<long long>(e.last_tick));
                if (e.no_undo)
                    ImGui::TextColored(palette::kEditedLabel, "No undo: %s", e.no_undo->c_str());
                else if (!e.exact)
                    ImGui::TextColored(palette::kEditedLabel,
                                       "Undo approximates: it takes the edit back, but the world is not bit-for-bit as "
                                       "before (an id stays used, a refund differs)");
                if (e.tick < sim_->tick() && !e.undone && !e.no_undo)
                    ImGui::TextColored(palette::kDimText, "Made at t=%lld: undo now applies the old values at t=%lld",
                                       static_cast<long long>(e.tick), static_cast<long long>(sim_->tick()));
                ImGui::EndTooltip();
            }
            ImGui::TableNextColumn();
            if (e.no_undo)
                ImGui::TextDisabled("no undo");
            else if (!e.exact)
                ImGui::TextColored(palette::kEditedLabel, "approx.");
            else
                ImGui::TextDisabled(e.undone ? "redo" : "undo");
        }
        ImGui::EndTable();
    }
    ImGui::End();
}

}   // namespace pb::ui
