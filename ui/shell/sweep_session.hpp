// A sweep in the window (docs/sweeps.md#in-the-window): File > Open of a merged sweep shows the
// sweep view (ui/shell/sweep_view.hpp) where the canvas and the side panel are; a run clicked in
// its table opens in its lab, as `sweep run` ran it, to watch; the Sweep menu comes back to the
// view. The session owns the open sweep and the run on screen; the world is replaced only by
// opening a run, through the shell (ShellHost::replace_world), as opening a file does.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "ui/shell/sweep_view.hpp"
#include "ui/widgets/file_dialog.hpp"

namespace pb::ui {

class ShellHost;

class SweepSession {
public:
    explicit SweepSession(ShellHost& host) : host_(host) {}

    // Opens DIR/sweep.sqlite or the folder DIR in the view. Throws what SweepView::open throws
    // (not a merged sweep, an unmerged folder: which command merges it); the sweep open before
    // then stays.
    void open(const std::string& path);
    // What the status line says once a sweep opened.
    std::string opened_message() const;
    // The view goes (the run on screen stays, the world with it).
    void close();
    SweepView* view() const { return view_.get(); }
    // The sweep view on screen (Sweep > Show the sweep view), or the lab (a run being watched).
    bool visible() const { return view_ && shown_; }
    // Shows the view (the world waits behind it, paused, and stays paused after) or the lab.
    void show(bool show);
    // Another world came on screen: the view steps aside (Sweep > Show brings it back) and no
    // run of the sweep is on screen.
    void world_replaced();

    // Opens run `run` (its key) of the open sweep in its lab: the base scenario with the point's
    // values and the run's seed, as `sweep run` ran it; untitled (File > Save As keeps it). False
    // with the error shown (no such run, the base scenario missing: its path).
    bool open_run(std::uint64_t run);
    // The run on screen, in words ("run 17: point 5 (...), seed 3"); empty when none.
    const std::string& run() const { return run_; }
    // The window's title while a run is on screen, in place of the scenario's: the sweep and the
    // run ("sweep podball-scoring.toml, run 17: point 5 (Ball friction = 0.004), seed 3").
    std::string run_title() const;

    // Writes the plot (ExportSweepPlot: a PNG) or the table (ExportSweepTable: CSV) to `path`.
    void export_to(FileDialogMode mode, const std::string& path);
    // Draws the view, width x height; an export asks `dialog` for its file, Close closes. Returns
    // the run a table row asked to watch (the shell asks about unsaved edits first).
    std::optional<std::uint64_t> draw(float width, float height, FileDialog& dialog);
    // The Sweep menu, while a sweep is open: show the view, close the sweep.
    void draw_menu();

private:
    ShellHost& host_;
    std::unique_ptr<SweepView> view_;
    bool shown_ = false;
    std::string run_;
    std::string sweep_file_;   // the sweep the run on screen came from
};

}   // namespace pb::ui
