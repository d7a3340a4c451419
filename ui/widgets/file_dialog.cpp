#include "ui/widgets/file_dialog.hpp"

#include <algorithm>
#include <filesystem>
#include <system_error>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"

namespace fs = std::filesystem;

namespace pb::ui {

namespace {

const char* title(FileDialogMode m) {
    switch (m) {
        case FileDialogMode::OpenScenario: return "Open scenario, replay or sweep###file_dialog";
        case FileDialogMode::ExportSweepPlot: return "Export the sweep's plot (PNG)###file_dialog";
        case FileDialogMode::ExportSweepTable: return "Export the sweep's runs (CSV)###file_dialog";
        case FileDialogMode::SaveScenario: return "Save scenario as###file_dialog";
        case FileDialogMode::ExportPng: return "Export screenshot (PNG)###file_dialog";
        case FileDialogMode::RecordReplay: return "Record to a replay###file_dialog";
    }
    return "###file_dialog";
}

const char* confirm_label(FileDialogMode m) {
    switch (m) {
        case FileDialogMode::OpenScenario: return "Open";
        case FileDialogMode::SaveScenario: return "Save";
        case FileDialogMode::ExportPng:
        case FileDialogMode::ExportSweepPlot:
        case FileDialogMode::ExportSweepTable: return "Export";
        case FileDialogMode::RecordReplay: return "Record";
    }
    return "OK";
}

bool is_dir(const std::string& p) {
    std::error_code ec;
    return !p.empty() && fs::is_directory(p, ec);
}

bool is_file(const std::string& p) {
    std::error_code ec;
    return !p.empty() && fs::is_regular_file(p, ec);
}

}   // namespace

void FileDialog::show(FileDialogMode mode, std::string initial_path) {
    mode_ = mode;
    path_ = std::move(initial_path);
    if (path_.empty()) path_ = fs::current_path().string();
    show_requested_ = true;
    listed_.clear();   // list afresh: files may have appeared since last time
}

std::string FileDialog::extension() const {
    switch (mode_) {
        case FileDialogMode::ExportPng:
        case FileDialogMode::ExportSweepPlot: return ".png";
        case FileDialogMode::ExportSweepTable: return ".csv";
        case FileDialogMode::RecordReplay: return ".pbreplay";
        default: return ".toml";
    }
}

bool FileDialog::listed(const std::string& file_extension) const {
    // Open takes scenarios, replays and sweep databases alike (the shell tells them apart by their content).
    if (mode_ == FileDialogMode::OpenScenario && (file_extension == ".pbreplay" || file_extension == ".sqlite"))
        return true;
    return file_extension == extension();
}

std::string FileDialog::listed_folder() const {
    if (is_dir(path_)) return path_;
    fs::path parent = fs::path(path_).parent_path();
    return parent.empty() ? std::string(".") : parent.string();
}

void FileDialog::refresh_listing() {
    std::string folder = listed_folder();
    if (folder == listed_) return;
    listed_ = folder;
    entries_.clear();
    listing_error_.clear();
    std::error_code ec;
    fs::directory_iterator it(folder, fs::directory_options::skip_permission_denied, ec);
    if (ec) {
        listing_error_ = "Cannot list " + folder + ": " + ec.message();
        return;
    }
    for (const fs::directory_entry& e : it) {
        std::string name = e.path().filename().string();
        if (name.empty() || name[0] == '.') continue;   // hidden files and folders
        std::error_code ec2;
        if (e.is_directory(ec2)) {
            entries_.push_back({name, true});
        } else if (listed(e.path().extension().string())) {
            entries_.push_back({name, false});
        }
    }
    std::sort(entries_.begin(), entries_.end(), [](const Entry& a, const Entry& b) {
        if (a.is_dir != b.is_dir) return a.is_dir;
        return a.name < b.name;
    });
}

std::optional<std::string> FileDialog::draw(WidgetLocator& widgets) {
    if (show_requested_) {
        ImGui::OpenPopup("###file_dialog");
        show_requested_ = false;
        visible_ = true;
        focus_field_ = true;
    }
    if (!visible_) return std::nullopt;

    float s = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    ImGui::SetNextWindowSize(
        ImVec2(std::min(680.0f * s, io.DisplaySize.x * 0.9f), std::min(460.0f * s, io.DisplaySize.y * 0.9f)),
        ImGuiCond_Appearing);
    bool keep_open = true;
    if (!ImGui::BeginPopupModal(title(mode_), &keep_open)) {
        visible_ = false;
        return std::nullopt;
    }
    refresh_listing();
    std::optional<std::string> chosen;

    ImGui::TextUnformatted(mode_ == FileDialogMode::OpenScenario
                               ? "Scenario (.toml), replay (.pbreplay) or sweep (sweep.sqlite, or its folder):"
                           : mode_ == FileDialogMode::ExportSweepTable ? "Write the CSV to:"
                           : mode_ == FileDialogMode::SaveScenario     ? "Save to (.toml):"
                           : mode_ == FileDialogMode::RecordReplay     ? "Record the session to (.pbreplay):"
                                                                       : "Write the PNG to:");
    if (focus_field_) {
        ImGui::SetKeyboardFocusHere();
        focus_field_ = false;
    }
    ImGui::SetNextItemWidth(-FLT_MIN);
    bool entered = ImGui::InputText("##path", &path_, ImGuiInputTextFlags_EnterReturnsTrue);
    widgets.record_last_item("dialog.path");

    // The listing of the folder the field points into.
    float footer = ImGui::GetFrameHeightWithSpacing() * 2.2f;
    ImGui::BeginChild("##listing", ImVec2(0, -footer), true);
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDimText);
    ImGui::TextUnformatted(listed_.c_str());
    ImGui::PopStyleColor();
    if (!listing_error_.empty()) ImGui::TextColored(ImVec4(1, 0.45f, 0.4f, 1), "%s", listing_error_.c_str());
    std::string file_name = is_dir(path_) ? std::string() : fs::path(path_).filename().string();
    if (ImGui::Selectable("..  (up one folder)", false, ImGuiSelectableFlags_DontClosePopups)) {
        fs::path up = fs::absolute(listed_).lexically_normal().parent_path();
        if (up.filename().empty()) up = up.parent_path();   // "a/b/" -> "a"
        path_ = (up / file_name).string();
    }
    for (const Entry& e : entries_) {
        std::string label = e.is_dir ? e.name + "/" : e.name;
        bool selected = !e.is_dir && e.name == file_name;
        if (ImGui::Selectable(label.c_str(), selected,
                              ImGuiSelectableFlags_DontClosePopups | ImGuiSelectableFlags_AllowDoubleClick)) {
            fs::path target = fs::path(listed_) / e.name;
            if (e.is_dir) {
                // Into the folder, keeping the file name typed so far (for Save as).
                path_ = (mode_ == FileDialogMode::OpenScenario ? target : target / file_name).string();
            } else {
                path_ = target.string();
                if (ImGui::IsMouseDoubleClicked(0)) entered = true;
            }
        }
        widgets.record_last_item("dialog.entry." + e.name);
    }
    if (entries_.empty() && listing_error_.empty()) ImGui::TextDisabled("(no %s files here)", extension().c_str());
    ImGui::EndChild();

    // Footer: what will happen, then the buttons.
    bool valid = false;
    if (mode_ == FileDialogMode::OpenScenario) {
        // A sweep's folder opens too (the shell reads its merged results).
        const bool sweep_dir = is_dir(path_) && is_file((fs::path(path_) / "manifest.txt").string());
        valid = is_file(path_) || sweep_dir;
        if (!valid)
            ImGui::TextColored(palette::kDimText,
                               "Choose an existing scenario (.toml), replay (.pbreplay) or sweep (sweep.sqlite).");
        else
            ImGui::TextColored(palette::kDimText, sweep_dir ? "A sweep folder: Open shows its merged results." : " ");
    } else {
        valid = !path_.empty() && !is_dir(path_);
        if (is_file(path_))
            ImGui::TextColored(palette::kChangedMark, "The file exists and will be replaced.");
        else
            ImGui::TextColored(palette::kDimText, valid ? "A new file will be written." : "Type a file name.");
    }
    ImGui::BeginDisabled(!valid);
    if (ImGui::Button(confirm_label(mode_), ImVec2(110 * s, 0)) || (entered && valid)) chosen = path_;
    widgets.record_last_item("dialog.confirm");
    ImGui::EndDisabled();
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(110 * s, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
        keep_open = false;
    widgets.record_last_item("dialog.cancel");

    if (chosen || !keep_open) {
        ImGui::CloseCurrentPopup();
        visible_ = false;
    }
    ImGui::EndPopup();
    return chosen;
}

}   // namespace pb::ui
