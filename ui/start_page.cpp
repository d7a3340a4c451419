#include "ui/start_page.hpp"

#include <algorithm>
#include <filesystem>

#include <imgui.h>

#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "ui/palette.hpp"
#include "ui/style.hpp"
#include "ui/widget_locator.hpp"

namespace fs = std::filesystem;

namespace pb::ui {

namespace {
const ImVec4 kErrorText{1.00f, 0.50f, 0.45f, 1.0f};   // a file that does not load
}  // namespace

void StartPage::scan(const std::string& dir) {
    dir_ = dir;
    scanned_ = true;
    labs_.clear();
    for (const LabInfo* lab : all_labs()) labs_.push_back(StartLab{lab->name, lab->title, lab->summary, {}});
    StartLab other{"", "Other files", "Files that name no known lab or do not load.", {}};

    std::vector<fs::path> files;
    std::error_code ec;
    if (!dir.empty() && fs::is_directory(dir, ec))
        for (const auto& e : fs::directory_iterator(dir, ec))
            if (e.path().extension() == ".toml" && e.is_regular_file(ec)) files.push_back(e.path());
    std::sort(files.begin(), files.end());

    for (const fs::path& f : files) {
        StartEntry entry{f.string(), f.filename().string(), "", ""};
        StartLab* home = &other;
        try {
            Scenario s = load_scenario_file(f.string());
            if (!s.title.empty()) entry.title = s.title;
            entry.description = s.description;
            for (StartLab& l : labs_)
                if (l.name == s.lab->name) home = &l;
        } catch (const std::exception& e) {
            entry.error = e.what();
        }
        home->scenarios.push_back(std::move(entry));
    }
    if (!other.scenarios.empty()) labs_.push_back(std::move(other));
}

StartChoice StartPage::draw(bool* open, WidgetLocator& widgets, const std::string& error) {
    StartChoice choice;
    const float scale = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(ImVec2(std::min(760.0f * scale, io.DisplaySize.x * 0.9f), io.DisplaySize.y * 0.8f),
                             ImGuiCond_Appearing);
    if (!ImGui::Begin("Start page###start_page", open, ImGuiWindowFlags_NoCollapse)) {
        ImGui::End();
        return choice;
    }
    ImGui::PushFont(large_font());
    ImGui::TextUnformatted("Playbench: pick a scenario, or start a new one");
    ImGui::PopFont();
    ImGui::TextColored(palette::kDimText, "Examples from %s. Help > Start page brings this back.", dir_.c_str());
    if (!error.empty()) {
        ImGui::Spacing();
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(kErrorText, "%s", error.c_str());
        ImGui::PopTextWrapPos();
    }
    ImGui::Separator();
    for (const StartLab& lab : labs_) {
        ImGui::PushID(lab.name.c_str());
        ImGui::PushFont(large_font());
        ImGui::TextUnformatted(lab.title.c_str());
        ImGui::PopFont();
        if (!lab.summary.empty()) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(palette::kDimText, "%s", lab.summary.c_str());
            ImGui::PopTextWrapPos();
        }
        if (!lab.name.empty()) {
            std::string label = "New " + lab.title + " scenario";
            if (ImGui::Button(label.c_str())) choice.new_lab = lab.name;
            widgets.record_last_item("start.new." + lab.name);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("File > New > %s: the lab's defaults, untitled", lab.title.c_str());
        }
        for (const StartEntry& e : lab.scenarios) {
            ImGui::PushID(e.path.c_str());
            const std::string file = fs::path(e.path).filename().string();
            if (ImGui::Button("Open")) choice.open_path = e.path;
            widgets.record_last_item("start.open." + file);
            ImGui::SameLine();
            ImGui::BeginGroup();
            ImGui::TextUnformatted(e.title.c_str());
            ImGui::SameLine();
            ImGui::TextColored(palette::kDimText, "(%s)", file.c_str());
            ImGui::PushTextWrapPos(0.0f);
            if (!e.error.empty()) ImGui::TextColored(kErrorText, "Does not load: %s", e.error.c_str());
            else if (!e.description.empty()) ImGui::TextColored(palette::kDimText, "%s", e.description.c_str());
            ImGui::PopTextWrapPos();
            ImGui::EndGroup();
            ImGui::PopID();
        }
        if (lab.scenarios.empty() && !lab.name.empty())
            ImGui::TextColored(palette::kDimText, "No example file for this lab: start a new one above.");
        ImGui::Spacing();
        ImGui::PopID();
    }
    ImGui::End();
    return choice;
}

}  // namespace pb::ui
