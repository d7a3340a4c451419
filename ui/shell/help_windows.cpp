#include "ui/shell/help_windows.hpp"

#include <algorithm>

#include <imgui.h>

#include "engine/core/lab.hpp"
#include "engine/core/world.hpp"
#include "ui/lab_view.hpp"
#include "ui/shell/shortcuts.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"
#include "ui/widgets/widget_locator.hpp"

namespace pb::ui {

namespace {

void keys_table(const char* id, const std::vector<LabKey>& keys) {
    if (keys.empty()) return;
    if (ImGui::BeginTable(id, 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        for (const LabKey& k : keys) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(k.keys.c_str());
            ImGui::TableNextColumn();
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextUnformatted(k.what.c_str());
            ImGui::PopTextWrapPos();
        }
        ImGui::EndTable();
    }
}

// Paragraphs separated by blank lines, wrapped to the window.
void paragraphs(const std::string& text) {
    ImGui::PushTextWrapPos(0.0f);
    std::size_t at = 0;
    while (at < text.size()) {
        std::size_t end = text.find("\n\n", at);
        if (end == std::string::npos) end = text.size();
        ImGui::TextUnformatted(text.c_str() + at, text.c_str() + end);
        ImGui::Spacing();
        at = end + 2;
    }
    ImGui::PopTextWrapPos();
}

// A help window centred on first use, `size` at UI scale 1 (at most 85 % of the screen's height),
// closed by its x or Esc, recorded as `widget`. Call ImGui::End() whatever it returns.
bool begin_help_window(const char* title, bool& open, ImVec2 size, const char* widget, WidgetLocator& widgets) {
    const float scale = current_ui_scale();
    const ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowSize(ImVec2(size.x * scale, std::min(io.DisplaySize.y * 0.85f, size.y * scale)),
                             ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_FirstUseEver,
                            ImVec2(0.5f, 0.5f));
    if (!ImGui::Begin(title, &open, ImGuiWindowFlags_NoCollapse)) return false;
    widgets.record(widget, WidgetRect{ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, ImGui::GetWindowWidth(),
                                      ImGui::GetWindowHeight(), true});
    if (ImGui::IsWindowFocused() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape))) open = false;
    return true;
}

}   // namespace

void HelpWindows::draw(const World& world, const LabView* lab, bool reviewing, bool comparing, WidgetLocator& widgets) {
    if (shortcuts_open_) draw_shortcuts(world, lab, reviewing, comparing, widgets);
    if (lab_help_open_) draw_lab_help(world, lab, widgets);
}

void HelpWindows::draw_shortcuts(const World& world, const LabView* lab_view, bool reviewing, bool comparing,
                                 WidgetLocator& widgets) {
    const LabHelp help = lab_view ? lab_view->help() : LabHelp{};
    const std::string& lab = world.lab().title;
    if (begin_help_window("Keyboard shortcuts###shortcuts", shortcuts_open_, ImVec2(560, 640), "help.shortcuts",
                          widgets)) {
        ImGui::TextColored(palette::kDimText, "%s",
                           reviewing ? "Everywhere (and while reviewing a replay)" : "Everywhere");
        if (ImGui::BeginTable("##shortcuts", 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
            for (const Shortcut& s : shortcuts_for(world.lab().name, reviewing)) {
                ImGui::TableNextRow();
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(s.keys.data(), s.keys.data() + s.keys.size());
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(s.what.data(), s.what.data() + s.what.size());
            }
            ImGui::EndTable();
        }
        ImGui::Spacing();
        ImGui::TextColored(palette::kDimText, "In %s", lab.c_str());
        keys_table("##lab_keys", help.keys);
        if (comparing) {
            ImGui::Spacing();
            ImGui::TextColored(palette::kDimText, "In compare mode");
            keys_table("##compare_keys",
                       {{"drag / click on A's or B's canvas", "edits that side only"},
                        {"Shift + drop / click", "makes the same edit on A and on B (one undo for both)"},
                        {"Edit: A / B / Both", "the side the Parameters and Tools tabs edit"},
                        {"Ctrl+Z / Ctrl+Shift+Z", "undo / redo the latest edit on either side, in order"}});
        }
        ImGui::Spacing();
        ImGui::Separator();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(
            palette::kDimText,
            "Canvas: the wheel zooms about the cursor; drag with the right or middle button (or the left "
            "on empty space) to pan. Drop a .toml file on the window to open it, or a .pbreplay to review "
            "it (editing is off until you Take over). Help > About this lab says more.");
        ImGui::PopTextWrapPos();
    }
    ImGui::End();
}

void HelpWindows::draw_lab_help(const World& world, const LabView* lab_view, WidgetLocator& widgets) {
    const LabHelp help = lab_view ? lab_view->help() : LabHelp{};
    const std::string title = "About " + world.lab().title + "###about_lab";
    if (begin_help_window(title.c_str(), lab_help_open_, ImVec2(620, 720), "help.about_lab", widgets)) {
        ImGui::PushFont(large_font());
        ImGui::TextUnformatted(world.lab().title.c_str());
        ImGui::PopFont();
        if (help.what_you_see.empty() && help.what_you_can_do.empty()) {
            ImGui::TextUnformatted("This lab has no help text yet.");
        }
        if (!help.what_you_see.empty() && ImGui::CollapsingHeader("What you see", ImGuiTreeNodeFlags_DefaultOpen))
            paragraphs(help.what_you_see);
        if (!help.what_you_can_do.empty() && ImGui::CollapsingHeader("What you can do", ImGuiTreeNodeFlags_DefaultOpen))
            paragraphs(help.what_you_can_do);
        if (!help.keys.empty() && ImGui::CollapsingHeader("Keys and gestures here", ImGuiTreeNodeFlags_DefaultOpen))
            keys_table("##about_keys", help.keys);
        if (ImGui::CollapsingHeader("Parameters, fine adjustment and undo", ImGuiTreeNodeFlags_DefaultOpen)) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextUnformatted(
                "Drag a slider; hold Shift while dragging to move ten times finer; over a slider the arrow keys "
                "nudge one step (Shift: a tenth); Ctrl+click types a value. A slider with ticks under it is "
                "logarithmic (a tick at every power of ten). One drag is one edit: Ctrl+Z undoes it whole, "
                "Ctrl+Shift+Z or Ctrl+Y redoes it; Edit > Edits list shows every edit with its tick.");
            const World& w = world;
            const std::vector<DerivedValue> derived =
                w.lab().derived ? w.lab().derived(w.params()) : std::vector<DerivedValue>{};
            if (!derived.empty()) {
                std::string names;
                for (const DerivedValue& d : derived) names += (names.empty() ? "" : ", ") + d.label;
                ImGui::Text(
                    "Under the sliders that feed them, this lab shows what the values mean for play: %s. "
                    "Hover one for its formula with today's numbers.",
                    names.c_str());
            }
            ImGui::PopTextWrapPos();
            widgets.record_last_item("help.about_lab.parameters");
        }
        if (!help.source.empty()) {
            ImGui::Spacing();
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(palette::kDimText, "Follows %s", help.source.c_str());
            ImGui::PopTextWrapPos();
        }
    }
    ImGui::End();
}

}   // namespace pb::ui
