// Replays in the window: recording the live session, putting a replay under review on screen
// (the player's simulation, editing off) and back, and taking over at a tick. The review itself
// is ui/shell/review_session.hpp; the engine does the work (engine/core/replay.hpp); this file
// switches what the shell shows and says what happened.
#include <ctime>
#include <filesystem>

#include "engine/core/lab.hpp"
#include "ui/shell/shell.hpp"

namespace fs = std::filesystem;

namespace pb::ui {

bool Shell::open_file(const std::string& path) {
    return is_replay_file(path) ? open_replay(path) : open_scenario(path);
}

bool Shell::open_replay(const std::string& path) { return open_replay_with(path, false); }

bool Shell::allow_replay_modules() {
    if (!module_question_) return false;
    const std::string path = module_question_->path;
    module_question_.reset();
    return open_replay_with(path, true);
}

void Shell::refuse_replay_modules() {
    if (!module_question_) return;
    set_status("Did not open " + file_name(module_question_->path) + ": its module libraries were not loaded");
    module_question_.reset();
}

bool Shell::open_replay_with(const std::string& path, bool allow_modules) {
    ReviewSession::Opened opened = ReviewSession::open(*this, path, allow_modules);
    if (opened.question) {
        module_question_ = std::move(opened.question);
        set_status("The replay " + file_name(path) + " runs module libraries: answer the question to open it");
        return false;
    }
    if (!opened.session) return false;
    // Recording stops before the live session leaves the screen: the file ends where it was.
    if (recorder_.recording()) stop_recording("Recording stopped: a replay was opened");
    if (review_) close_replay();
    review_ = std::move(opened.session);
    prefs_.side_tab = SideTab::Review;   // the replay's file, hashes and notes first
    sim_ = &review_->player().simulation();
    error_.clear();
    retry_path_.clear();
    show_other_world();
    remember_recent_file(prefs_.recent_files, path);
    set_status(review_->opened_message());
    return true;
}

void Shell::close_replay() {
    if (!review_) return;
    // The simulation on screen belongs to the player: switch away before it goes.
    sim_ = owned_sim_ ? owned_sim_.get() : host_sim_;
    std::string path = review_->path();
    review_.reset();
    if (prefs_.side_tab == SideTab::Review) prefs_.side_tab = SideTab::Parameters;
    show_other_world();
    set_status("Closed the replay " + file_name(path) + "; back to the live session");
}

bool Shell::take_over(const std::string& requested) {
    if (!review_) {
        set_status("Take over works while reviewing a replay.");
        return false;
    }
    const std::string replay = review_->path();
    const std::int64_t tick = review_->player().tick();
    std::unique_ptr<Simulation> branch;
    try {
        branch = std::make_unique<Simulation>(review_->player().simulation().fork());
    } catch (const std::exception& e) {
        show_error("Could not take over at tick " + std::to_string(tick) + ": " + e.what());
        return false;
    }
    // The branch becomes the live session; the host's simulation is left as it was.
    owned_sim_ = std::move(branch);
    close_replay();
    current_path_.clear();   // the scenario came from the replay, not from a file
    restart_from_.reset();
    mark_saved();
    edits_before_restart_ = false;
    std::string path =
        requested.empty() ? default_replay_path(fs::path(replay).stem().string() + "-branch") : requested;
    try {
        recorder_.start(*sim_, path, file_name(replay) + " @ tick " + std::to_string(tick), replay, tick);
    } catch (const std::exception& e) {
        show_error("Took over at tick " + std::to_string(tick) + " but could not record the branch to " + path + ":\n" +
                   e.what());
        return true;
    }
    since_flush_ = 0.0;
    set_status("Took over at tick " + std::to_string(tick) + "; recording the branch to " + path);
    return true;
}

bool Shell::start_recording(const std::string& requested) {
    if (review_) {
        set_status("A replay under review is recorded already: Take over here to record a branch.");
        return false;
    }
    std::string stem = current_path_.empty() ? sim_->world().lab().name : fs::path(current_path_).stem().string();
    std::string path = requested.empty() ? default_replay_path(stem) : requested;
    if (fs::path(path).extension().empty()) path += ".pbreplay";
    try {
        recorder_.start(*sim_, path, current_path_);
    } catch (const std::exception& e) {
        show_error("Could not record to " + path + ":\n" + e.what());
        return false;
    }
    since_flush_ = 0.0;
    set_status("Recording to " + path);
    if (compare_) compare_->start_recording(recorder_.path());   // in compare mode, B beside it
    return true;
}

void Shell::stop_recording(const std::string& why) {
    if (compare_ && compare_->recording()) compare_->end_recording();
    if (!recorder_.recording()) return;
    const std::string path = recorder_.path();
    const std::int64_t ticks = recorder_.ticks();
    try {
        recorder_.stop();
    } catch (const std::exception& e) {
        show_error("The recording " + path + " was not closed cleanly: " + e.what());
        return;
    }
    if (!why.empty()) set_status(why + ": " + std::to_string(ticks) + " ticks in " + path);
}

void Shell::report_recording_end() {
    // The simulation reports every step and command to the recorder itself; a recording that
    // ended on its own (the simulation went back or closed, a disk error) is said here, once.
    const auto end = recorder_.take_end();
    if (!end) return;
    // The window keeps what was written before a disk failure: a crash-safe prefix that plays.
    if (end->failed)
        show_error("Recording stopped at tick " + std::to_string(recorder_.ticks()) + ": " + end->why + ". " +
                   recorder_.path() +
                   " keeps the ticks written before the failure and still opens for review; "
                   "free space (or pick another folder) and record again for the rest.");
    else
        set_status("Recording stopped at tick " + std::to_string(recorder_.ticks()) + " (" + end->why + ")");
}

std::string Shell::default_replay_path(const std::string& stem) const {
    std::time_t now = std::time(nullptr);
    std::tm local{};
    localtime_r(&now, &local);
    char stamp[32];
    std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &local);
    std::error_code ec;
    fs::path cwd = fs::current_path(ec);
    std::string name = "playbench-" + stem + "-" + stamp;
    // Two recordings within a second get distinct names.
    fs::path candidate = (ec ? fs::path() : cwd) / (name + ".pbreplay");
    for (int n = 2; fs::exists(candidate, ec) && n < 1000; ++n)
        candidate = (ec ? fs::path() : cwd) / (name + "-" + std::to_string(n) + ".pbreplay");
    return candidate.string();
}

}   // namespace pb::ui
