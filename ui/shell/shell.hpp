// The whole Playbench window, drawn immediate-mode from a Simulation each frame: menu bar,
// transport bar, canvas with the lab's view, parameter panel, status line, dialogs.
// The shell changes the world only by submitting commands (or by the Simulation's own
// step/restart/reset); it never writes engine state. It knows nothing of the SDL window: the
// host (app/window.cpp, or the offscreen renderer) feeds it frames and fulfils its requests.
#pragma once
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/json.hpp"
#include "engine/core/replay.hpp"
#include "engine/core/simulation.hpp"
#include "ui/lab_view.hpp"
#include "ui/shell/canvases.hpp"
#include "ui/shell/compare_session.hpp"
#include "ui/shell/edit_history.hpp"
#include "ui/shell/fixed_step_clock.hpp"
#include "ui/shell/help_windows.hpp"
#include "ui/shell/review_session.hpp"
#include "ui/shell/script_watch.hpp"
#include "ui/shell/shell_host.hpp"
#include "ui/shell/shell_meters.hpp"
#include "ui/shell/shortcuts.hpp"
#include "ui/shell/start_page.hpp"
#include "ui/shell/sweep_session.hpp"
#include "ui/widgets/canvas.hpp"
#include "ui/widgets/file_dialog.hpp"
#include "ui/widgets/param_panel.hpp"
#include "ui/widgets/widget_locator.hpp"

namespace pb::ui {

// The side panel's tabs (Compare only in compare mode).
enum class SideTab { Review, Tools, Parameters, Analysis, Compare };
std::string_view side_tab_key(SideTab tab);   // "review", "tools", "params", "analysis", "compare"
std::optional<SideTab> side_tab_from_key(std::string_view key);

// What the designer arranged, persisted by the app between sessions.
struct ShellPreferences {
    SideTab side_tab = SideTab::Parameters;   // the side panel's tab last chosen
    static constexpr std::size_t kMaxRecentFiles = 10;
    bool show_params = true;
    bool show_transport = true;
    bool show_status = true;
    bool velocity_hints = true;
    float param_panel_width = 440.0f;   // at UI scale 1
    int speed_index = kDefaultSpeedIndex;
    std::vector<std::string> recent_files;   // most recent first
};

// Puts `path` (made absolute) first in `recent`, without duplicates, at most kMaxRecentFiles.
void remember_recent_file(std::vector<std::string>& recent, const std::string& path);

struct ShellOptions {
    std::string scenarios_dir;   // where File > Open starts when no scenario file is open
    ShellPreferences preferences;
    bool start_paused = true;
};

class Shell : public ShellHost {
public:
    Shell(Simulation& sim, ShellOptions options);
    ~Shell();
    Shell(const Shell&) = delete;
    Shell& operator=(const Shell&) = delete;

    // Runs the ticks due for a frame of `frame_seconds` (fixed steps within a time budget).
    void update(double frame_seconds);
    // Draws the whole window into the current ImGui frame (between NewFrame and Render).
    void draw();
    // Runs ticks one by one as a running window does (the lab's view sees each), at once;
    // for renders of a later tick. Throws what the simulation throws.
    void run_ticks(std::int64_t ticks);

    // Brings a side panel tab to the front (kept as the designer's choice); a tab the lab does not
    // have shows Parameters instead.
    void select_side_tab(SideTab tab) { prefs_.side_tab = tab; }
    SideTab side_tab() const { return side_tab_shown_.value_or(prefs_.side_tab); }

    // Menus, buttons and keyboard shortcuts all end up here.
    void perform(ShellAction action);
    // Opens a scenario file; on failure the error banner shows why and the current scenario stays.
    bool open_scenario(const std::string& path);
    // The designer's way to open (File > Open, Recent, a dropped file): with unsaved edits it
    // first asks whether to save them.
    void request_open(const std::string& path);
    // File > New: a fresh scenario of `lab` (its name, "podball") from the lab's template (its
    // registered defaults: default_scenario), untitled and without a file. False with the error
    // shown (an unknown lab); the current scenario then stays.
    bool new_scenario(const std::string& lab);
    // The designer's way to File > New: with unsaved edits it first asks whether to save them.
    void request_new(const std::string& lab);
    // The start page (ui/shell/start_page.hpp): the example scenarios by lab, and File > New per lab.
    // Opens on first run and from Help > Start page.
    void show_start_page(bool show = true);
    bool start_page_visible() const { return show_start_page_; }
    const StartPage& start_page() const { return start_page_; }
    // Saves the scenario with the current parameters and the designer's placements (atomically).
    bool save_scenario(const std::string& path);
    void show_error(std::string message, std::string retry_path = {}) override;
    void set_status(std::string message) override;
    void set_paused(bool paused) override;

    // Requests the host fulfils: a screenshot of the next rendered frame, quitting.
    std::optional<std::string> take_screenshot_request();
    void screenshot_written(const std::string& path, const std::string& error);
    // A quit asked for by the designer; with unsaved changes it first asks whether to save them,
    // unless `force` (scripts, tests).
    void request_quit(bool force);
    bool quit_requested() const { return quit_confirmed_; }

    bool paused() const override { return paused_; }
    bool dirty() const;
    bool modal_open() const;
    // The unsaved-changes question (quit, open, reload, new): open?, and its Cancel (automation,
    // tests; the window's own Cancel button does the same).
    bool unsaved_question_open() const { return unsaved_question_.has_value(); }
    void cancel_unsaved_question();
    // True while something animates without input (running, dragging): the host must not idle.
    bool wants_continuous_frames() const;
    std::string window_title() const;
    const std::string& current_path() const { return current_path_; }
    const ShellPreferences& preferences() const { return prefs_; }
    const WidgetLocator& widgets() const { return widgets_; }
    WidgetLocator& frame_widgets() override { return widgets_; }
    const CanvasView& canvas() const { return view_; }
    const FixedStepClock& clock() const { return clock_; }
    const std::string& error() const { return error_; }
    const std::string& status() const { return status_; }
    // The simulation on screen: the live one, or while reviewing the replay player's.
    Simulation& simulation() override { return *sim_; }
    // The lab's view on the canvas (tests and automation reach its tools through it).
    LabView* lab_view() override { return lab_view_.get(); }
    // Microseconds of simulation per tick, measured here (smoothed).
    double tick_microseconds() const { return meters_.tick_microseconds(); }
    // The host reports the game controller's state each frame (disconnected when there is none).
    void set_gamepad(GamepadState state) { gamepad_ = std::move(state); }
    const GamepadState& gamepad() const { return gamepad_; }
    // The host reports how long a frame took to produce (UI + rendering, not idle waits).
    void note_frame_time(double milliseconds) { meters_.note_frame_time(milliseconds); }

    // --- replays (ui/shell/shell_replay.cpp; the review itself: ui/shell/review_session.hpp) ---
    // Opens a scenario, or a replay when the file starts with the replay magic (whatever its name).
    bool open_file(const std::string& path);
    // Review mode: the replay's simulation on screen, editing off. On failure the error banner
    // says why and the current simulation stays.
    bool open_replay(const std::string& path);
    // A replay whose scenario runs module libraries (code) opens only once the designer agrees:
    // open_replay asks instead (a dialog naming each library, the file found with the pinned
    // SHA-256 and the hash) and returns false; the answer opens it with the pinned libraries or
    // drops it. A library without a pin or without a matching file is refused with the reason.
    const std::optional<ModuleQuestion>& module_question() const { return module_question_; }
    bool allow_replay_modules();    // "Load and review"
    void refuse_replay_modules();   // "Cancel"
    // Back to the live simulation, as it was before the replay was opened.
    void close_replay();
    bool reviewing() const { return review_ != nullptr; }
    // The replay under review (its transport, loop and notes), or null.
    ReviewSession* review() { return review_.get(); }
    // "Take over here": forks the replay's simulation at the current tick, leaves review mode
    // and carries on live with it, recording a branch replay (to `path`, default name if empty).
    bool take_over(const std::string& path = {});
    // Recording the live simulation to `path` (a default name in the current folder if empty).
    bool start_recording(const std::string& path = {});
    void stop_recording(const std::string& why);
    bool recording() const { return recorder_.recording(); }
    const SessionRecorder& recorder() const { return recorder_; }

    // --- sweeps (ui/shell/sweep_session.hpp) ---
    // Opens a merged sweep (DIR/sweep.sqlite, or the folder DIR) in the sweep view, which takes
    // the canvas's and the side panel's place; the world stays as it was, held still. False with
    // the error shown (not a merged sweep, an unmerged folder: which command merges it).
    bool open_sweep(const std::string& path);
    SweepSession& sweep() { return sweep_; }

    // --- compare mode (ui/shell/compare_session.hpp) ---
    // Simulation > Compare with a variant: B forks from A at the current tick (same seed, same
    // state); both then run in lockstep. False with the reason shown while reviewing a replay.
    bool start_compare();
    bool comparing() const { return compare_ != nullptr; }
    // B, its edits and its side of the screen, or null.
    CompareSession* compare() { return compare_.get(); }
    // Leaves compare mode keeping A (B dropped) or B (B becomes the scenario on screen, with its
    // edits unsaved).
    void end_compare(bool keep_b);
    // Writes B as a scenario file (atomically), as File > Save would write A; remembered as a
    // recent file.
    bool save_variant(const std::string& path);

    // The designer's edits (Edit > Undo / Redo, the Edits list): ui/shell/shell_edits.cpp.
    EditHistory& edit_history() override { return history_; }
    // The file dialog (tests: which one is open, and the path it offers).
    const FileDialog& file_dialog() const { return file_dialog_; }
    bool edits_window_open() const { return show_edits_; }
    void show_edits_window(bool open) { show_edits_ = open; }

    // The report UI automation dumps: tick, paused, speed, parameters, widget rectangles...
    // Writes fields into an object the caller has opened.
    void write_report(JsonWriter& out) const;

private:
    // shell_replay.cpp
    void report_recording_end();
    std::string default_replay_path(const std::string& stem) const;
    bool open_replay_with(const std::string& path, bool allow_modules);
    std::optional<ModuleQuestion> module_question_;
    // shell.cpp: compare mode's start and end (the rest is ui/shell/compare_session.hpp)
    // True, having said why, when compare mode is on: opening or starting another scenario would
    // drop A or B, so the designer leaves compare mode first.
    bool refuse_while_comparing(const std::string& what);
    // A designer's edit of the scenario (A) through its history, said in the status line; in
    // compare mode on A (and with `both` on B too) as CompareSession::apply_edit. Returns the
    // refusal (A's), or nullopt when it was applied.
    std::optional<std::string> apply_edit(Command c, bool both);
    // What the Compare tab or the leaving question asked for.
    void finish_compare(CompareSession::Finish finish);
    std::unique_ptr<CompareSession> compare_;
    // shell_scripts.cpp: the live scenario's scripts, reloaded as the designer saves them
    // (docs/lua-teams.md#hot-reload-in-the-window); called once a frame.
    void poll_script_files();
    ScriptWatch script_watch_;
    // shell.cpp: actions
    void restart_keeping_parameters();
    static bool folder_writable(const std::filesystem::path& folder);
    void change_speed(int delta);
    std::string default_screenshot_path() const;
    std::string dialog_start_path() const;
    void ensure_lab_view();
    // One tick: the view's due commands (a steered pod), then the step. Running and Single step
    // both go through here, so stepping by hand drives a taken-over pod too.
    void run_one_tick();
    // The live match ended by itself (World::finished of a lab that plays_to_the_end: Podball's
    // final whistle), on A's side and,
    // when comparing, on B's too: play stops there at every speed (docs/window.md#the-end-of-a-match).
    bool match_over() const;
    // Pauses at the end and says so, with what to do next.
    void stop_at_end();
    // shell_draw.cpp: layout
    void draw_menu_bar();
    void draw_transport_bar();
    void draw_review_transport();
    // The transport bar's child window (both bars), and the speed buttons 0 .. count-1.
    void begin_transport_child(float item_spacing);
    // Right-aligned text (the tick), then the child window ends.
    void end_transport_child(const char* right_text, const char* widget_name);
    void show_other_world();
    void draw_speed_buttons(int count, bool small);
    void draw_error_banner();
    void draw_side_panel(float width, float height);
    void draw_status_line();
    void draw_dialogs();
    // shell_edits.cpp: Edit menu, undo / redo, the Edits list
    void draw_edit_menu();
    void draw_edits_window();
    void undo_edit(bool redo);
    // Records each top-level window over the canvas as "overlay.window.<title>".
    void record_floating_windows();
    void draw_unsaved_question();
    // Submits what the lab view queued this frame (tools, clicks) at the current tick.
    void submit_view_commands();

    // What to do once the designer answered the unsaved-changes question.
    enum class AfterDiscard { Quit, Open, Reload, New, SweepRun };
    struct UnsavedQuestion {
        AfterDiscard then = AfterDiscard::Quit;
        std::string path;   // for Open; the lab's name for New; the run's key for SweepRun
        bool popup_open = false;
        bool cancel = false;   // cancelled from code: the popup closes at the next frame
    };
    void ask_about_unsaved(AfterDiscard then, std::string path = {});
    void continue_after(const UnsavedQuestion& question);
    void reload();
    void replace_world(Scenario scenario, std::string path, const std::string& why) override;
    // The designer's way to a sweep's run (a table row clicked): with unsaved edits it first asks.
    void request_sweep_run(std::uint64_t run);
    SweepSession sweep_{*this};
    // shell_canvas.cpp
    void draw_canvas(float width, float height);
    void canvas_click(glm::dvec2 mouse_world, double pick_radius, bool both);
    void draw_canvas_world(ImVec2 origin, ImVec2 size, float scale);
    void canvas_tooltip(const World& world, glm::dvec2 mouse_world, double pick_radius);

    // On screen: the host's simulation, a branch taken over from a replay (owned_sim_), or the
    // replay player's while reviewing.
    Simulation* sim_;
    Simulation* host_sim_;
    std::unique_ptr<Simulation> owned_sim_;
    std::unique_ptr<ReviewSession> review_;
    SessionRecorder recorder_;
    double since_flush_ = 0.0;   // seconds of wall time since the recording was last flushed
    std::string scenarios_dir_;
    ShellPreferences prefs_;
    FixedStepClock clock_;
    CanvasView view_;
    std::unique_ptr<LabView> lab_view_;
    std::string lab_view_name_;
    WidgetLocator widgets_;
    GamepadState gamepad_;
    ParamPanelState param_panel_;
    EditHistory history_;
    bool show_edits_ = false;
    FileDialog file_dialog_;

    bool paused_ = true;
    std::string current_path_;
    // Saving writes the scenario plus the live edits; Restart then starts from what was saved.
    std::optional<Scenario> restart_from_;
    // Unsaved = designer commands since the last open/save (a scenario's own scheduled
    // commands do not count), including edits made before a restart dropped the log.
    std::size_t saved_live_count_ = 0;
    // The moment of the last save or open: the edits' order (EditHistory::seq_now) and how many
    // commands the history had submitted (any other command since makes the session unsaved).
    std::uint64_t saved_seq_ = 0;
    std::uint64_t saved_history_commands_ = 0;
    void mark_saved();
    bool edits_before_restart_ = false;

    CanvasGestures gestures_;   // a pan or drag in progress on either canvas

    std::string error_;
    std::string retry_path_;
    std::string status_;
    double status_time_ = -1e9;
    std::optional<std::string> screenshot_request_;
    std::optional<UnsavedQuestion> unsaved_question_;
    bool quit_confirmed_ = false;
    HelpWindows help_;   // Help > Keyboard shortcuts (this lab's), Help > About this lab
    // The side panel's tab on screen last frame (a tab chosen in code is selected once).
    std::optional<SideTab> side_tab_shown_;
    bool show_about_ = false;
    bool show_start_page_ = false;
    StartPage start_page_;
    void draw_start_page();
    // Keeps the simulation still while a modal dialog is open (resumes after).
    bool dialog_pauses() const;

    ShellMeters meters_;
};

}   // namespace pb::ui
