#include "ui/shell/shell.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <new>

#include <unistd.h>

#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "engine/sweep/sweep_table.hpp"
#include "ui/shell/scenario_saving.hpp"

namespace fs = std::filesystem;

namespace pb::ui {

void remember_recent_file(std::vector<std::string>& recent, const std::string& path) {
    if (path.empty()) return;
    std::error_code ec;
    std::string absolute = fs::absolute(path, ec).lexically_normal().string();
    if (ec) absolute = path;
    recent.erase(std::remove(recent.begin(), recent.end(), absolute), recent.end());
    recent.insert(recent.begin(), absolute);
    if (recent.size() > ShellPreferences::kMaxRecentFiles) recent.resize(ShellPreferences::kMaxRecentFiles);
}

std::string_view side_tab_key(SideTab tab) {
    switch (tab) {
        case SideTab::Review: return "review";
        case SideTab::Tools: return "tools";
        case SideTab::Parameters: return "params";
        case SideTab::Analysis: return "analysis";
        case SideTab::Compare: return "compare";
    }
    return "params";
}

std::optional<SideTab> side_tab_from_key(std::string_view key) {
    for (SideTab t : {SideTab::Review, SideTab::Tools, SideTab::Parameters, SideTab::Analysis, SideTab::Compare})
        if (side_tab_key(t) == key) return t;
    return std::nullopt;
}

Shell::Shell(Simulation& sim, ShellOptions options)
    : sim_(&sim),
      host_sim_(&sim),
      scenarios_dir_(std::move(options.scenarios_dir)),
      prefs_(std::move(options.preferences)),
      paused_(options.start_paused),
      current_path_(sim.scenario().path),
      saved_live_count_(sim.live_commands().size()),
      saved_seq_(EditHistory::seq_now()) {
    clock_.set_speed_index(prefs_.speed_index);
    if (!current_path_.empty()) remember_recent_file(prefs_.recent_files, current_path_);
    ensure_lab_view();
}

void Shell::show_other_world() {
    // Another world is on screen (a scenario opened, a replay opened or closed): paused, the
    // clock's leftover time dropped, the lab's view for it, no drag half done, the view re-fitted.
    set_paused(true);
    clock_.reset();
    compare_.reset();   // another world: the variant belonged to the one before
    ensure_lab_view();
    if (lab_view_) lab_view_->cancel_drag();
    gestures_.reset();
    view_.reset_user_moved();
}

Shell::~Shell() {
    // Quitting ends a recording cleanly (the end record says it was not cut off).
    try {
        recorder_.stop();
    } catch (const std::exception& e) {
        std::cerr << "playbench: the recording was not closed cleanly: " << e.what() << "\n";
    }
}

void Shell::ensure_lab_view() {
    const std::string& name = sim_->world().lab().name;
    if (lab_view_ && lab_view_name_ == name) return;
    lab_view_ = create_lab_view(name);
    lab_view_name_ = name;
    view_.reset_user_moved();
    gestures_.reset();
}

void Shell::update(double frame_seconds) {
    using clock = std::chrono::steady_clock;
    meters_.new_frame(clock::now());
    if (recorder_.recording()) {
        // At least once a second the pending hashes reach the disk: a crash loses under a second.
        since_flush_ += frame_seconds;
        if (since_flush_ >= 1.0) {
            since_flush_ = 0.0;
            try {
                recorder_.flush();
                if (compare_) compare_->flush_recording();
            } catch (const std::exception& e) {
                stop_recording("");
                show_error(std::string("Recording stopped: ") + e.what());
            }
        }
    }
    // The start page's thumbnails: one a frame (from the cache, else rendered), outside the ImGui
    // frame, so the page fills in without a stall.
    if (show_start_page_) start_page_.make_next_thumbnail();
    if (!modal_open()) poll_script_files();
    // A modal dialog (unsaved changes, consent, About, a file dialog) or the start page holds the world still
    // while it is open; it runs on after, from where it was (no time catches up).
    if (dialog_pauses()) {
        clock_.reset();
        return;
    }
    if (review_) {
        meters_.count_ticks(review_->update(frame_seconds, clock_));
        return;
    }
    if (paused_) return;
    if (match_over()) {
        stop_at_end();
        return;
    }

    std::int64_t due = clock_.begin_frame(frame_seconds);
    std::int64_t ran = 0;
    auto start = clock::now();
    auto budget = std::chrono::duration<double>(FixedStepClock::kFrameBudgetSeconds);
    try {
        while (ran < due) {
            run_one_tick();
            ++ran;
            if (match_over()) {
                stop_at_end();
                break;
            }
            if (clock::now() - start >= budget) break;
        }
    } catch (const std::exception& e) {
        paused_ = true;
        show_error(std::string("The simulation stopped at tick ") + std::to_string(sim_->tick()) + ": " + e.what());
    }
    clock_.end_frame(due, ran);
    if (ran > 0) {
        meters_.note_tick_time(std::chrono::duration<double, std::micro>(clock::now() - start).count() /
                               static_cast<double>(ran));
        meters_.count_ticks(ran);
    }
}

void Shell::run_ticks(std::int64_t ticks) {
    for (std::int64_t i = 0; i < ticks; ++i) run_one_tick();
}

void Shell::run_one_tick() {
    // A slider held down hands its latest value over once per tick (ui/shell/edit_history.hpp).
    if (!review_)
        if (auto why = history_.flush(*sim_)) set_status("Refused: " + *why);
    if (lab_view_)
        for (Command& c : lab_view_->before_tick(sim_->world()))
            if (auto why = sim_->submit(std::move(c))) set_status("Refused: " + *why);
    sim_->step();
    if (compare_) compare_->tick();   // B in lockstep: the same tick as A
    report_recording_end();
}

bool Shell::match_over() const {
    // Only a lab whose play ends by itself (LabInfo::plays_to_the_end: Podball's whistle); an
    // Effects world with no wave left is "finished" too, but a designer places defenders on.
    if (review_ || !sim_->world().lab().plays_to_the_end || !sim_->world().finished()) return false;
    return !compare_ || compare_->sim().world().finished();
}

void Shell::stop_at_end() {
    set_paused(true);
    set_status("The match is over (tick " + std::to_string(sim_->tick()) +
               "): press R to restart it from the kick-off with your parameter values");
}

void Shell::set_paused(bool paused) {
    if (paused == paused_) return;
    paused_ = paused;
    clock_.reset();
    meters_.restart_rate();
    // A drag only makes sense on a still world.
    if (!paused_ && lab_view_ && lab_view_->dragging()) lab_view_->cancel_drag();
}

void Shell::perform(ShellAction action) {
    // While a dialog is open, keys belong to it (except quitting and F12: a screenshot of the
    // window with its dialog).
    if (modal_open() && action != ShellAction::Quit && action != ShellAction::Screenshot) return;
    switch (action) {
        case ShellAction::TogglePause:
            // At the end of a replay, Play starts it again from the top (or the loop's start).
            if (review_ && paused_) review_->rewind_if_ended();
            if (paused_ && match_over()) {   // nothing to play on to: say how to go on instead
                stop_at_end();
                break;
            }
            set_paused(!paused_);
            break;
        case ShellAction::StepOnce:
            set_paused(true);
            if (review_) {
                review_->step(+1);
                break;
            }
            try {
                run_one_tick();
            } catch (const std::exception& e) {
                show_error(std::string("The simulation stopped: ") + e.what());
            }
            break;
        case ShellAction::Restart:
            if (review_)
                review_->seek(0);
            else
                restart_keeping_parameters();
            break;
        case ShellAction::StepBack:
        case ShellAction::JumpToStart:
        case ShellAction::JumpToEnd:
            if (!review_) {
                set_status("Stepping back works while reviewing a replay (File > Open a .pbreplay).");
                break;
            }
            set_paused(true);
            if (action == ShellAction::StepBack)
                review_->step(-1);
            else
                review_->seek(action == ShellAction::JumpToStart ? 0 : review_->player().length());
            break;
        case ShellAction::ToggleRecording:
            if (recorder_.recording())
                stop_recording("Recording stopped");
            else if (review_)
                take_over();
            else
                start_recording();
            break;
        case ShellAction::SpeedUp: change_speed(+1); break;
        case ShellAction::SpeedDown: change_speed(-1); break;
        case ShellAction::Open: file_dialog_.show(FileDialogMode::OpenScenario, dialog_start_path()); break;
        case ShellAction::Save:
        case ShellAction::SaveAs:
        case ShellAction::Reload:
            // The scenario on screen is the replay's own: saving or reloading it would be a surprise.
            if (review_) {
                set_status("Not while reviewing a replay: Take over here (or close the replay) first.");
                break;
            }
            if (action == ShellAction::SaveAs) {
                std::string start = current_path_;
                if (start.empty()) start = (fs::path(dialog_start_path()) / "untitled.toml").string();
                file_dialog_.show(FileDialogMode::SaveScenario, start);
            } else if (action == ShellAction::Reload) {
                if (current_path_.empty())
                    set_status("This scenario has no file to reload from.");
                else if (dirty())
                    ask_about_unsaved(AfterDiscard::Reload);
                else
                    reload();
            } else if (current_path_.empty()) {
                perform(ShellAction::SaveAs);
            } else if (!folder_writable(fs::path(current_path_).parent_path())) {
                // An installed example (/usr/share/playbench/scenarios) or another read-only folder:
                // offer a copy in the home folder rather than fail.
                const char* home = std::getenv("HOME");
                const fs::path folder = home && *home ? fs::path(home) : fs::current_path();
                file_dialog_.show(FileDialogMode::SaveScenario, (folder / fs::path(current_path_).filename()).string());
                set_status(fs::path(current_path_).parent_path().string() +
                           " is read-only (an installed example?): choose where to save your copy");
            } else {
                save_scenario(current_path_);
            }
            break;
        case ShellAction::Screenshot: screenshot_request_ = default_screenshot_path(); break;
        case ShellAction::ExportScreenshot:
            file_dialog_.show(FileDialogMode::ExportPng, default_screenshot_path());
            break;
        case ShellAction::Quit: request_quit(false); break;
        case ShellAction::ResetZoom: view_.reset_user_moved(); break;
        case ShellAction::ToggleVelocityHints: prefs_.velocity_hints = !prefs_.velocity_hints; break;
        case ShellAction::ToggleParamPanel: prefs_.show_params = !prefs_.show_params; break;
        case ShellAction::ShowShortcuts: help_.toggle_shortcuts(); break;
        case ShellAction::ShowLabHelp: help_.toggle_lab_help(); break;
        case ShellAction::Undo: undo_edit(false); break;
        case ShellAction::Redo: undo_edit(true); break;
    }
}

void Shell::change_speed(int delta) {
    clock_.set_speed_index(clock_.speed_index() + delta);
    prefs_.speed_index = clock_.speed_index();
}

void Shell::restart_keeping_parameters() {
    // Designers tune a value, then restart to watch it from the kick-off: Simulation::restart
    // keeps the live parameter edits as tick 0's values (scheduled edits stay scheduled);
    // placements and other live edits are dropped.
    edits_before_restart_ = dirty();
    // The recording ends where the session goes back (the file stays as recorded).
    const bool was_recording = recorder_.recording();
    if (was_recording) stop_recording("");
    if (restart_from_) {
        sim_->reset(std::move(*restart_from_));
        restart_from_.reset();
    } else {
        sim_->restart();
    }
    mark_saved();
    clock_.reset();
    history_.clear();   // the edits' values and ids belong to the run before
    if (lab_view_) lab_view_->cancel_drag();
    if (compare_) compare_->sim().restart();   // B too, keeping its own parameter values
    set_status(was_recording ? "Restarted at tick 0; recording stopped: " + std::to_string(recorder_.ticks()) +
                                   " ticks in " + recorder_.path()
                             : std::string("Restarted at tick 0 (parameter values kept)"));
}

void Shell::replace_world(Scenario scenario, std::string path, const std::string& why) {
    if (review_) close_replay();
    if (recorder_.recording()) stop_recording(why);
    sim_->reset(std::move(scenario));   // leaves the simulation as it was when it throws
    // Another world is on screen: nothing unsaved, no error, its own view.
    current_path_ = std::move(path);
    restart_from_.reset();
    mark_saved();
    edits_before_restart_ = false;
    error_.clear();
    retry_path_.clear();
    show_other_world();
    show_start_page_ = false;
    sweep_.world_replaced();
}

bool Shell::open_scenario(const std::string& path) {
    Scenario loaded;
    try {
        loaded = load_scenario_file(path);
    } catch (const std::exception& e) {
        // The full message lists every problem as file:line: key ...
        show_error(std::string("Could not open ") + path + ":\n" + e.what(), path);
        return false;
    }
    try {
        replace_world(std::move(loaded), path, "Recording stopped: another scenario was opened");
    } catch (const std::exception& e) {
        show_error(std::string("Could not open ") + path + ":\n" +
                       (dynamic_cast<const std::bad_alloc*>(&e) ? std::string("out of memory making its world")
                                                                : std::string(e.what())),
                   path);
        return false;
    }
    remember_recent_file(prefs_.recent_files, path);
    set_status("Opened " + path);
    return true;
}

bool Shell::new_scenario(const std::string& lab_name) {
    const LabInfo* lab = find_lab(lab_name);
    if (!lab) {
        show_error("There is no lab called \"" + lab_name + "\".");
        return false;
    }
    Scenario fresh;
    try {
        fresh = default_scenario(*lab);
    } catch (const std::exception& e) {
        show_error("Could not start a new " + lab->title + " scenario: " + e.what());
        return false;
    }
    try {
        replace_world(std::move(fresh), "", "Recording stopped: a new scenario was started");
    } catch (const std::exception& e) {
        show_error("Could not start a new " + lab->title + " scenario: " + e.what());
        return false;
    }
    set_status("New " + lab->title + " scenario (the lab's defaults): File > Save As to keep it");
    return true;
}

void Shell::request_new(const std::string& lab) {
    if (refuse_while_comparing("start a new scenario")) return;
    if (dirty())
        ask_about_unsaved(AfterDiscard::New, lab);
    else
        new_scenario(lab);
}

void Shell::show_start_page(bool show) {
    show_start_page_ = show;
    // Read afresh each time it opens (files may have been added or edited meanwhile).
    if (show) start_page_.scan(scenarios_dir_);
}

bool Shell::folder_writable(const std::filesystem::path& folder) {
    return ::access((folder.empty() ? std::filesystem::path(".") : folder).c_str(), W_OK) == 0;
}

bool Shell::save_scenario(const std::string& requested) {
    const std::string path = scenario_file_path(requested);
    Scenario s;
    try {
        s = save_simulation_scenario(*sim_, path);
    } catch (const std::exception& e) {
        show_error(std::string("Could not save ") + path + ":\n" + e.what());
        return false;
    }
    current_path_ = path;
    restart_from_ = std::move(s);
    mark_saved();
    edits_before_restart_ = false;
    remember_recent_file(prefs_.recent_files, path);
    set_status("Saved " + path);
    return true;
}

void Shell::show_error(std::string message, std::string retry_path) {
    std::cerr << "playbench: " << message << "\n";
    error_ = std::move(message);
    retry_path_ = std::move(retry_path);
}

void Shell::set_status(std::string message) {
    status_ = std::move(message);
    status_time_ = ImGui::GetCurrentContext() ? ImGui::GetTime() : 0.0;
}

std::optional<std::string> Shell::take_screenshot_request() {
    auto r = std::move(screenshot_request_);
    screenshot_request_.reset();
    return r;
}

void Shell::screenshot_written(const std::string& path, const std::string& error) {
    if (!error.empty()) {
        show_error("Could not write the screenshot " + path + ": " + error);
        return;
    }
    std::error_code ec;
    std::string shown = fs::absolute(path, ec).string();
    set_status("Screenshot written to " + (ec ? path : shown));
}

void Shell::request_quit(bool force) {
    // A variant with changes of its own would be lost unasked: first keep A or B.
    if (!force && compare_ && !compare_->differences().empty()) {
        compare_->request_end();
        set_status("B has changes: keep A or B first (File > Save then saves what you kept), then quit");
        return;
    }
    if (force || !dirty())
        quit_confirmed_ = true;
    else
        ask_about_unsaved(AfterDiscard::Quit);
}

void Shell::request_open(const std::string& path) {
    if (refuse_while_comparing("open " + fs::path(path).filename().string())) return;
    // A sweep (its database or folder) opens in the sweep view over the world, which stays.
    if (looks_like_sweep(path)) {
        open_sweep(path);
        return;
    }
    // A replay opens beside the live session (which stays as it is): nothing to ask.
    if (is_replay_file(path))
        open_replay(path);
    else if (dirty())
        ask_about_unsaved(AfterDiscard::Open, path);
    else
        open_scenario(path);
}

bool Shell::open_sweep(const std::string& path) {
    try {
        sweep_.open(path);
    } catch (const std::exception& e) {
        show_error("Could not open the sweep " + path + ":\n" + e.what(), path);
        return false;
    }
    error_.clear();
    retry_path_.clear();
    show_start_page_ = false;
    sweep_.show(true);
    remember_recent_file(prefs_.recent_files, path);
    set_status(sweep_.opened_message());
    return true;
}

void Shell::request_sweep_run(std::uint64_t run) {
    if (refuse_while_comparing("watch run " + std::to_string(run) + " of the sweep")) return;
    if (dirty())
        ask_about_unsaved(AfterDiscard::SweepRun, std::to_string(run));
    else
        sweep_.open_run(run);
}

// Compare mode: B runs beside A (ui/shell/compare_session.hpp); leaving it replaces A by B or
// drops B, which only the shell can do.
bool Shell::start_compare() {
    if (review_) {
        show_error(
            "Compare mode works on the live simulation: close the replay first (File > Close replay), or take over "
            "from it (Simulation > Take over here).");
        return false;
    }
    if (compare_) return true;
    compare_ = std::make_unique<CompareSession>(*this);
    prefs_.side_tab = SideTab::Compare;
    set_status(std::string("Comparing: B is a copy of A at tick ") + std::to_string(sim_->tick()) +
               "; the Parameters tab edits B");
    if (recorder_.recording()) compare_->start_recording(recorder_.path());   // B's recording beside A's
    return true;
}

bool Shell::refuse_while_comparing(const std::string& what) {
    if (!compare_) return false;
    show_error("To " + what +
               ", leave compare mode first (Simulation > Leave compare mode: keep A or B), so neither is lost.");
    return true;
}

std::optional<std::string> Shell::apply_edit(Command c, bool both) {
    if (compare_) return compare_->apply_edit(false, std::move(c), both);
    const std::string what = describe(c);
    auto why = history_.apply(*sim_, std::move(c));
    set_status(why ? "Refused: " + *why : what);
    return why;
}

void Shell::end_compare(bool keep_b) {
    if (!compare_) return;
    CompareSession& c = *compare_;
    c.end_recording();   // B's file ends here, whole (a replay of its own)
    if (keep_b) {
        // B becomes the simulation on screen; its edits since the fork are unsaved.
        if (recorder_.recording()) stop_recording("");
        // Everything B was edited with counts as unsaved, as A's edits did.
        const bool b_differs =
            !c.differences().empty() || c.sim().live_commands().size() != sim_->live_commands().size();
        if (b_differs || dirty()) edits_before_restart_ = true;
        *sim_ = std::move(c.sim());
        lab_view_ = c.take_view();
        restart_from_.reset();   // Restart now starts B over, not the scenario A last saved
        // A's edits belong to A; B's come along and stay undoable.
        if (c.history().dragging()) c.history().end_drag(*sim_);
        history_ = std::move(c.history());
        history_.rebind(*sim_);
        set_status("Kept B: it is the scenario now (File > Save writes it)");
    } else {
        set_status("Left compare mode: A kept, B dropped");
    }
    compare_.reset();
    if (prefs_.side_tab == SideTab::Compare) prefs_.side_tab = SideTab::Parameters;
}

void Shell::finish_compare(CompareSession::Finish finish) {
    switch (finish) {
        case CompareSession::Finish::None: break;
        case CompareSession::Finish::KeepA: end_compare(false); break;
        case CompareSession::Finish::KeepB: end_compare(true); break;
        case CompareSession::Finish::SaveB: file_dialog_.show(FileDialogMode::SaveScenario, dialog_start_path()); break;
    }
}

bool Shell::save_variant(const std::string& path) {
    if (!compare_) return false;
    const auto written = compare_->save(path);
    if (written) remember_recent_file(prefs_.recent_files, *written);
    return written.has_value();
}

void Shell::reload() {
    if (open_scenario(current_path_)) set_status("Reloaded " + current_path_);
}

void Shell::ask_about_unsaved(AfterDiscard then, std::string path) {
    unsaved_question_ = UnsavedQuestion{then, std::move(path), false};
}

void Shell::cancel_unsaved_question() {
    if (!unsaved_question_) return;
    if (unsaved_question_->popup_open)
        unsaved_question_->cancel = true;   // ImGui closes it next frame
    else
        unsaved_question_.reset();
}

void Shell::continue_after(const UnsavedQuestion& question) {
    switch (question.then) {
        case AfterDiscard::Quit: quit_confirmed_ = true; break;
        case AfterDiscard::Open: open_scenario(question.path); break;
        case AfterDiscard::Reload: reload(); break;
        case AfterDiscard::New: new_scenario(question.path); break;
        case AfterDiscard::SweepRun: sweep_.open_run(std::stoull(question.path)); break;
    }
}

// The live session's edits: a replay under review is never "unsaved" (its notes are saved at once).
// Edits undone back to the saved (or opened) values leave nothing unsaved: every command since came
// from the edit history (none from elsewhere, e.g. a steered pod), and its edits since were all
// undone, exactly.
bool Shell::dirty() const {
    const Simulation& live = owned_sim_ ? *owned_sim_ : *host_sim_;
    if (edits_before_restart_) return true;
    if (live.live_commands().size() <= saved_live_count_) return false;
    const std::uint64_t by_history = history_.submitted() - saved_history_commands_;
    return live.live_commands().size() - saved_live_count_ != by_history || !history_.unchanged_since(saved_seq_);
}

void Shell::mark_saved() {
    saved_live_count_ = sim_->live_commands().size();
    saved_seq_ = EditHistory::seq_now();
    saved_history_commands_ = history_.submitted();
}

bool Shell::modal_open() const {
    return file_dialog_.visible() || unsaved_question_.has_value() || show_about_ ||
           (compare_ && compare_->question_open());
}

// The start page covers the canvas like a dialog: the world waits behind it too.
bool Shell::dialog_pauses() const {
    return modal_open() || module_question_.has_value() || show_start_page_ || sweep_.visible();
}

bool Shell::wants_continuous_frames() const {
    // A replay still being checked for divergence needs frames to get on with it.
    return !paused_ || gestures_.busy() || modal_open() || (review_ && !review_->player().fully_checked());
}

std::string Shell::window_title() const {
    std::string title = "Playbench";
    if (review_) {
        title += " \xe2\x80\x94 reviewing " + fs::path(review_->path()).filename().string() + " (" +
                 std::to_string(review_->player().length()) + " ticks)";
        if (review_->player().divergence()) title += " DIVERGED";
        return title;
    }
    if (sweep_.visible()) return title + " \xe2\x80\x94 " + sweep_.view()->title();
    if (recorder_.recording()) title = "\xe2\x97\x8f REC " + title;
    const std::string& scenario_title = sim_->scenario().title;
    if (!sweep_.run().empty())
        title += " \xe2\x80\x94 " + sweep_.run_title();   // the run, not the base scenario it came from
    else if (!scenario_title.empty())
        title += " \xe2\x80\x94 " + scenario_title;
    if (!current_path_.empty()) title += " (" + fs::path(current_path_).filename().string() + ")";
    if (dirty()) title = "* " + title;
    return title;
}

std::string Shell::default_screenshot_path() const {
    std::string stem = review_                 ? fs::path(review_->path()).stem().string()
                       : current_path_.empty() ? sim_->world().lab().name
                                               : fs::path(current_path_).stem().string();
    // Replays recorded here are named playbench-<scenario>-<time>: the picture of one is
    // playbench-<scenario>-<time>-t<tick>.png, not playbench-playbench-...
    if (stem.rfind("playbench-", 0) == 0 && stem.size() > 10) stem.erase(0, 10);
    char name[256];
    std::snprintf(name, sizeof name, "playbench-%s-t%lld.png", stem.c_str(), static_cast<long long>(sim_->tick()));
    std::error_code ec;
    fs::path cwd = fs::current_path(ec);
    return ec ? std::string(name) : (cwd / name).string();
}

std::string Shell::dialog_start_path() const {
    if (!current_path_.empty()) {
        fs::path parent = fs::absolute(current_path_).parent_path();
        std::error_code ec;
        if (fs::is_directory(parent, ec)) return parent.string();
    }
    std::error_code ec;
    if (!scenarios_dir_.empty() && fs::is_directory(scenarios_dir_, ec)) return scenarios_dir_;
    return fs::current_path(ec).string();
}

void Shell::write_report(JsonWriter& out) const {
    const World& w = sim_->world();
    out.field("tick", w.tick());
    out.field("paused", paused_);
    out.field("speed", clock_.speed().label);
    out.field("lab", w.lab().name);
    out.field("scenario", current_path_);
    out.field("title", sim_->scenario().title);
    out.field("dirty", dirty());
    out.field("live_commands", static_cast<std::int64_t>(sim_->live_commands().size()));
    out.field("summary", sweep_.visible() ? sweep_.view()->summary() : w.summary());   // as the status line
    out.field("status", status_);
    out.field("error", error_);
    out.field("tick_microseconds", meters_.tick_microseconds());
    out.field("ticks_per_second", meters_.ticks_per_second());
    out.field("canvas_pixels_per_unit", view_.pixels_per_unit());
    out.key("params").begin_array();
    const ParamSet& p = w.params();
    for (std::size_t i = 0; i < p.size(); ++i) {
        out.begin_object();
        out.field("key", p.table()[i].key);
        out.field("value", p[i]);
        out.field("default", p.table()[i].default_value);
        out.end_object();
    }
    out.end_array();
    out.field("reviewing", review_ != nullptr);
    out.field("replay", review_ ? review_->path() : std::string());
    out.field("replay_tick", review_ ? review_->player().tick() : std::int64_t{0});
    out.field("replay_length", review_ ? review_->player().length() : std::int64_t{0});
    out.field("replay_checked", review_ ? review_->player().fully_checked() : false);
    out.key("divergence");
    if (review_ && review_->player().divergence())
        out.value(*review_->player().divergence());
    else
        out.null();
    out.field("replay_notes", review_ ? static_cast<std::int64_t>(review_->notes().size()) : std::int64_t{0});
    out.field("loop", review_ ? review_->looping() : false);
    out.field("recording", recorder_.recording());
    out.field("recording_path", recorder_.recording() ? recorder_.path() : std::string());
    out.field("recording_ticks", recorder_.recording() ? recorder_.ticks() : std::int64_t{0});
    out.key("recent_files").begin_array();
    for (const std::string& f : prefs_.recent_files) out.value(f);
    out.end_array();
    out.key("widgets");
    widgets_.write_json(out);
}

}   // namespace pb::ui
