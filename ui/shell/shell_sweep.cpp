// Sweeps in the window (README "Sweeps" > "In the window"): File > Open of a merged sweep shows
// the sweep view (ui/shell/sweep_view.hpp) where the canvas and the side panel are; a run clicked in
// its table opens in its lab, as `sweep run` ran it, to watch; the Sweep menu comes back to the
// view. The world is replaced only by opening a run, through the same steps as opening a file.
#include <string>

#include <imgui.h>

#include "engine/core/scenario.hpp"
#include "engine/sweep/sweep_table.hpp"
#include "ui/shell/shell.hpp"
#include "ui/shell/sweep_view.hpp"


namespace pb::ui {

bool Shell::open_sweep(const std::string& path) {
    try {
        sweep_ = SweepView::open(path);
    } catch (const std::exception& e) {
        show_error("Could not open the sweep " + path + ":\n" + e.what(), path);
        return false;
    }
    error_.clear();
    retry_path_.clear();
    show_start_page_ = false;
    show_sweep(true);
    remember_recent_file(prefs_.recent_files, path);
    std::string msg = "Opened " + sweep_->title() + ": click a row of the table to watch that run";
    if (!sweep_->scenario_problem().empty()) msg = "Opened " + sweep_->title() + "; its base scenario is missing";
    set_status(msg);
    return true;
}

void Shell::close_sweep() {
    sweep_.reset();
    show_sweep_ = false;
}

void Shell::show_sweep(bool show) {
    show_sweep_ = show && sweep_;
    // The world waits behind the view (dialog_pauses), and stays paused after.
    if (show_sweep_) set_paused(true);
}

void Shell::request_sweep_run(std::uint64_t run) {
    if (refuse_while_comparing("watch run " + std::to_string(run) + " of the sweep")) return;
    if (dirty()) ask_about_unsaved(AfterDiscard::SweepRun, std::to_string(run));
    else open_sweep_run(run);
}

bool Shell::open_sweep_run(std::uint64_t run) {
    if (!sweep_) return false;
    const SweepTableRow* row = sweep_->row_of_run(run);
    if (!row) {
        show_error("The sweep has no run " + std::to_string(run) + " in its merged results.");
        return false;
    }
    const std::string what = sweep_->describe_run(*row);
    Scenario scenario;
    try {
        scenario = sweep_run_scenario_of(sweep_->table(), *row);
    } catch (const std::exception& e) {
        show_error("Could not open " + what + ":\n" + e.what());
        return false;
    }
    if (review_) close_replay();
    if (recorder_.recording()) stop_recording("Recording stopped: a sweep's run was opened");
    try {
        sim_->reset(std::move(scenario));
    } catch (const std::exception& e) {
        show_error("Could not open " + what + ":\n" + e.what());
        return false;
    }
    // Untitled: saving must not write the point's values over the sweep's base scenario.
    current_path_.clear();
    world_replaced();
    sweep_run_ = what;
    // The whole point is in the window's title; the status line says how to go on.
    set_status("Watching sweep run " + std::to_string(row->run) + " (point " + std::to_string(row->point) + ", seed " +
               std::to_string(row->seed) + "): Play runs it; Sweep > Show the sweep view goes back");
    return true;
}

void Shell::export_sweep(FileDialogMode mode, const std::string& path) {
    if (!sweep_) return;
    std::string error;
    const bool ok = mode == FileDialogMode::ExportSweepPlot ? sweep_->export_png(path, error) : sweep_->export_csv(path, error);
    if (!ok) show_error("Could not write " + path + ": " + error);
    else set_status("Wrote " + path);
}

void Shell::draw_sweep(float width, float height) {
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8.0f, 6.0f));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8.0f, 4.0f));
    ImGui::BeginChild("##sweep_view", ImVec2(width, height), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
    const SweepViewAction a = sweep_->draw(widgets_);
    ImGui::EndChild();
    ImGui::PopStyleVar(2);
    if (a.export_png) file_dialog_.show(FileDialogMode::ExportSweepPlot, sweep_->default_png_name());
    if (a.export_csv) file_dialog_.show(FileDialogMode::ExportSweepTable, sweep_->default_csv_name());
    if (a.open_run) request_sweep_run(*a.open_run);
    if (a.close) close_sweep();
}

void Shell::draw_sweep_menu() {
    if (!sweep_) return;
    if (ImGui::BeginMenu("Sweep")) {
        if (ImGui::MenuItem("Show the sweep view", nullptr, show_sweep_)) show_sweep(!show_sweep_);
        widgets_.record_last_item("menu.sweep.show");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", sweep_->path().c_str());
        if (ImGui::MenuItem("Close the sweep")) close_sweep();
        widgets_.record_last_item("menu.sweep.close");
        ImGui::EndMenu();
    }
    widgets_.record_last_item("menu.sweep");
}

}  // namespace pb::ui
