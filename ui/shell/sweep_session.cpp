#include "ui/shell/sweep_session.hpp"

#include <imgui.h>

#include <filesystem>

#include "engine/core/scenario.hpp"
#include "engine/sweep/sweep_table.hpp"
#include "ui/shell/shell_host.hpp"
#include "ui/widgets/widget_locator.hpp"

namespace pb::ui {

namespace fs = std::filesystem;

void SweepSession::open(const std::string& path) { view_ = SweepView::open(path); }

std::string SweepSession::opened_message() const {
    if (!view_->scenario_problem().empty()) return "Opened " + view_->title() + "; its base scenario is missing";
    return "Opened " + view_->title() + ": click a row of the table to watch that run";
}

void SweepSession::close() {
    view_.reset();
    shown_ = false;
}

void SweepSession::show(bool show) {
    shown_ = show && view_;
    // The world waits behind the view (the shell's dialog_pauses), and stays paused after.
    if (shown_) host_.set_paused(true);
}

void SweepSession::world_replaced() {
    shown_ = false;
    run_.clear();
}

bool SweepSession::open_run(std::uint64_t run) {
    if (!view_) return false;
    const SweepTableRow* row = view_->row_of_run(run);
    if (!row) {
        host_.show_error("The sweep has no run " + std::to_string(run) + " in its merged results.");
        return false;
    }
    const std::string what = view_->describe_run(*row);
    Scenario scenario;
    try {
        scenario = sweep_run_scenario_of(view_->table(), *row);
    } catch (const std::exception& e) {
        host_.show_error("Could not open " + what + ":\n" + e.what());
        return false;
    }
    // Untitled: saving must not write the point's values over the sweep's base scenario.
    try {
        host_.replace_world(std::move(scenario), "", "Recording stopped: a sweep's run was opened");
    } catch (const std::exception& e) {
        host_.show_error("Could not open " + what + ":\n" + e.what());
        return false;
    }
    run_ = what;
    sweep_file_ = view_->table().manifest.sweep_file;
    // The whole point is in the window's title; the status line, short enough to show whole at
    // 1280 px beside the world's summary, says how to go on.
    host_.set_status("Sweep run " + std::to_string(row->run) + ": Play runs it; Sweep > Show goes back");
    return true;
}

std::string SweepSession::run_title() const {
    return run_.empty() ? "" : "sweep " + fs::path(sweep_file_).filename().string() + ", " + run_;
}

void SweepSession::export_to(FileDialogMode mode, const std::string& path) {
    if (!view_) return;
    std::string error;
    const bool ok =
        mode == FileDialogMode::ExportSweepPlot ? view_->export_png(path, error) : view_->export_csv(path, error);
    if (!ok)
        host_.show_error("Could not write " + path + ": " + error);
    else
        host_.set_status("Wrote " + path);
}

std::optional<std::uint64_t> SweepSession::draw(float width, float height, FileDialog& dialog) {
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8.0f, 6.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8.0f, 4.0f));
    ImGui::BeginChild("##sweep_view", ImVec2(width, height), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
    const SweepViewAction a = view_->draw(host_.frame_widgets());
    ImGui::EndChild();
    ImGui::PopStyleVar(2);
    if (a.export_png) dialog.show(FileDialogMode::ExportSweepPlot, view_->default_png_name());
    if (a.export_csv) dialog.show(FileDialogMode::ExportSweepTable, view_->default_csv_name());
    if (a.close) close();
    return a.open_run;
}

void SweepSession::draw_menu() {
    if (!view_) return;
    WidgetLocator& widgets = host_.frame_widgets();
    if (ImGui::BeginMenu("Sweep")) {
        if (ImGui::MenuItem("Show the sweep view", nullptr, shown_)) show(!shown_);
        widgets.record_last_item("menu.sweep.show");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", view_->path().c_str());
        if (ImGui::MenuItem("Close the sweep")) close();
        widgets.record_last_item("menu.sweep.close");
        ImGui::EndMenu();
    }
    widgets.record_last_item("menu.sweep");
}

}   // namespace pb::ui
