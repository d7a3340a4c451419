// A path dialog drawn with ImGui (Playbench links no native dialog library): a path field and
// a listing of the folder it points into (sub-folders and files of the wanted kind).
// Simple and real: typing a path works, clicking through folders works.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "ui/widgets/widget_locator.hpp"

namespace pb::ui {

// ExportSweepPlot / ExportSweepTable: the sweep view's exports (a .png, a .csv).
enum class FileDialogMode { OpenScenario, SaveScenario, ExportPng, RecordReplay, ExportSweepPlot, ExportSweepTable };

class FileDialog {
public:
    // Opens the dialog next frame with `initial_path` in the field (a folder or a file).
    void show(FileDialogMode mode, std::string initial_path);
    // Draws the dialog when shown; returns the confirmed path once, then closes.
    std::optional<std::string> draw(WidgetLocator& widgets);
    bool visible() const { return visible_ || show_requested_; }
    FileDialogMode mode() const { return mode_; }
    const std::string& path() const { return path_; }   // what the path field holds

private:
    struct Entry {
        std::string name;
        bool is_dir = false;
    };
    void refresh_listing();
    std::string extension() const;
    bool listed(const std::string& file_extension) const;
    std::string listed_folder() const;   // the folder the path field points into

    FileDialogMode mode_ = FileDialogMode::OpenScenario;
    std::string path_;
    std::string listed_;   // folder of entries_
    std::vector<Entry> entries_;
    std::string listing_error_;
    bool show_requested_ = false;
    bool visible_ = false;
    bool focus_field_ = false;
};

}   // namespace pb::ui
