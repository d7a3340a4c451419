// Replays in the window: recording the live session, reviewing a replay file (the player's
// simulation on screen, editing off), notes saved into the file, and taking over at a tick.
// The engine does the work (engine/core/replay.hpp); this file switches what the shell shows
// and says what happened.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>

#include <imgui.h>

#include "engine/core/lab.hpp"
#include "engine/core/sha256.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"

namespace fs = std::filesystem;

namespace pb::ui {

namespace {

// Checking ahead (divergence, keyframes) may take this long per frame: the window stays smooth.
constexpr double kCheckSecondsPerFrame = 0.006;

std::string file_name(const std::string& path) { return fs::path(path).filename().string(); }

}  // namespace

bool is_replay_file(const std::string& path) {
    static constexpr char kMagic[8] = {'P', 'B', 'R', 'P', 'L', 'Y', '\r', '\n'};
    // A FIFO or a device is not a replay (and is refused as a scenario too): never opened blocking.
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return false;
    std::ifstream in(path, std::ios::binary);
    char head[sizeof kMagic] = {};
    return in && in.read(head, sizeof head) && std::memcmp(head, kMagic, sizeof kMagic) == 0;
}

bool Shell::open_file(const std::string& path) { return is_replay_file(path) ? open_replay(path) : open_scenario(path); }

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

void Shell::draw_module_question() {
    if (!module_question_) {
        module_popup_open_ = false;
        return;
    }
    if (!module_popup_open_) {
        ImGui::OpenPopup("Run code from this replay?###modules");
        module_popup_open_ = true;
    }
    const float scale = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Run code from this replay?###modules", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        module_question_.reset();
        module_popup_open_ = false;
        return;
    }
    ImGui::TextUnformatted(("The replay " + file_name(module_question_->path) + " plays module libraries: compiled code that").c_str());
    ImGui::TextUnformatted("runs with your permissions once loaded. Load them only if you trust who made them.");
    ImGui::Spacing();
    for (const std::string& lib : module_question_->libraries) ImGui::TextUnformatted(lib.c_str());
    ImGui::Spacing();
    ImGui::TextColored(palette::kDimText, "Only a file with exactly the bytes recorded (this SHA-256) is loaded, from a private copy.");
    enum class Answer { None, Load, Cancel } answer = Answer::None;
    if (ImGui::Button("Load and review", ImVec2(170 * scale, 0))) answer = Answer::Load;
    widgets_.record_last_item("modules.load");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(100 * scale, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
        answer = Answer::Cancel;
    widgets_.record_last_item("modules.cancel");
    if (answer != Answer::None) {
        ImGui::CloseCurrentPopup();
        module_popup_open_ = false;
    }
    ImGui::EndPopup();
    if (answer == Answer::Load) allow_replay_modules();
    else if (answer == Answer::Cancel) refuse_replay_modules();
}

bool Shell::open_replay_with(const std::string& path, bool allow_modules) {
    ReplayLoad load = read_replay_file(path);
    if (!load.data) {
        show_error("Could not open the replay " + path + ":\n" + load.error);
        return false;
    }
    if (!allow_modules && !replay_library_modules(*load.data).empty()) {
        // Code: nothing is loaded before the designer agrees, and nothing that cannot be loaded
        // safely (no pin, no file with the pinned bytes) is offered.
        const std::string problem = replay_module_problem(*load.data, path, true, "");
        if (!problem.empty()) {
            show_error("Could not open the replay " + path + ": its scenario runs code from a module library\n" + problem);
            return false;
        }
        ModuleQuestion q;
        q.path = path;
        for (const std::string& written : replay_library_modules(*load.data)) {
            const auto pin = find_pin(*load.data, written);
            std::string file;
            for (const PinCandidate& c : pin_candidates(*pin, path))
                if (c.matches && file.empty()) file = c.path;
            q.libraries.push_back("lib:" + written + "\n    file     " + file + "\n    SHA-256  " + to_hex(pin->sha256));
        }
        module_question_ = std::move(q);
        set_status("The replay " + file_name(path) + " runs module libraries: answer the question to open it");
        return false;
    }
    auto session = std::make_unique<ReviewSession>();
    try {
        session->player = std::make_unique<ReplayPlayer>(std::move(*load.data), path, ReplayPlayer::kDefaultBudget,
                                                         ReplayModuleAccess{allow_modules, path});
    } catch (const std::exception& e) {
        show_error("Could not open the replay " + path + ":\n" + e.what());
        return false;
    }
    // Recording stops before the live session leaves the screen: the file ends where it was.
    // A recording made in compare mode has B's replay beside it, a branch of this file.
    const std::string b_path = variant_replay_path(path);
    if (b_path != path && is_replay_file(b_path)) {
        ReplayLoad b_load = read_replay_file(b_path);
        if (b_load.data && b_load.data->header.branch_of == file_name(path)) {
            try {
                session->b_player = std::make_unique<ReplayPlayer>(std::move(*b_load.data), b_path, ReplayPlayer::kDefaultBudget,
                                                                   ReplayModuleAccess{allow_modules, b_path});
                session->b_path = b_path;
                session->b_view = create_lab_view(session->player->simulation().world().lab().name);
            } catch (const std::exception& e) {
                session->warnings.push_back("B's replay " + file_name(b_path) + " does not play: " + e.what());
            }
        } else if (!b_load.data) {
            session->warnings.push_back("B's replay " + file_name(b_path) + " does not open: " + b_load.error);
        }
    }
    if (recorder_.recording()) stop_recording("Recording stopped: a replay was opened");
    if (review_) close_replay();
    session->path = path;
    for (std::string& w : load.warnings) session->warnings.push_back(std::move(w));
    session->notes = session->player->data().notes;
    session->loop_b = session->player->length();
    review_ = std::move(session);
    prefs_.side_tab = SideTab::Review;   // the replay's file, hashes and notes first
    sim_ = &review_->player->simulation();
    error_.clear();
    retry_path_.clear();
    show_other_world();
    remember_recent_file(prefs_.recent_files, path);
    std::string status = "Reviewing " + file_name(path) + ": " + std::to_string(review_->player->length()) + " ticks";
    if (review_->b_player) status += ", with B beside it (" + file_name(review_->b_path) + ")";
    if (!review_->warnings.empty()) status += " (the file is incomplete: see the banner)";
    set_status(status);
    return true;
}

void Shell::close_replay() {
    if (!review_) return;
    // The simulation on screen belongs to the player: switch away before it goes.
    sim_ = &live_sim();
    std::string path = review_->path;
    review_.reset();
    if (prefs_.side_tab == SideTab::Review) prefs_.side_tab = SideTab::Parameters;
    show_other_world();
    set_status("Closed the replay " + file_name(path) + "; back to the live session");
}

void Shell::review_update(double frame_seconds) {
    ReplayPlayer& player = *review_->player;
    // Find divergences and lay keyframes a slice at a time, so the whole file gets checked
    // without freezing the window; the slice adapts to the lab's cost per tick.
    if (!player.fully_checked()) {
        auto start = std::chrono::steady_clock::now();
        player.check_ahead(review_->check_slice);
        double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        double ratio = spent > 0.0 ? kCheckSecondsPerFrame / spent : 2.0;
        review_->check_slice = std::clamp<std::int64_t>(
            static_cast<std::int64_t>(static_cast<double>(review_->check_slice) * std::clamp(ratio, 0.5, 2.0)), 64, 100000);
    }
    if (player.divergence() && !review_->divergence_announced) {
        review_->divergence_announced = true;
        set_status("Diverged at tick " + std::to_string(*player.divergence()) + ": see the banner");
    }
    if (paused_) return;

    // Play: one player step per fixed tick, at the transport's speed.
    std::int64_t due = clock_.begin_frame(frame_seconds);
    std::int64_t ran = 0;
    const std::int64_t end = review_->loop ? std::min(review_->loop_b, player.length()) : player.length();
    auto start = std::chrono::steady_clock::now();
    auto budget = std::chrono::duration<double>(FixedStepClock::kFrameBudgetSeconds);
    try {
        while (ran < due) {
            if (player.tick() >= end) {
                if (review_->loop && review_->loop_a < end) {
                    player.seek(review_->loop_a);
                } else {
                    set_paused(true);
                    set_status("End of the replay (tick " + std::to_string(player.tick()) + ")");
                    break;
                }
            }
            // Views watch the world advance (charts); what they would command is not applied.
            if (lab_view_) lab_view_->before_tick(sim_->world());
            player.step();
            if (ReplayPlayer* b = review_->b_player.get(); b && b->tick() < b->length() && b->tick() < player.tick()) {
                if (review_->b_view) review_->b_view->before_tick(b->simulation().world());
                b->step();
            }
            ++ran;
            if (std::chrono::steady_clock::now() - start >= budget) break;
        }
    } catch (const std::exception& e) {
        set_paused(true);
        show_error("The replay stopped at tick " + std::to_string(player.tick()) + ": " + e.what());
    }
    clock_.end_frame(due, ran);
    tps_ticks_ += ran;
}

void Shell::review_seek(std::int64_t tick) {
    if (!review_) return;
    if (lab_view_) lab_view_->cancel_drag();
    try {
        review_->player->seek(tick);
        if (ReplayPlayer* b = review_->b_player.get()) b->seek(std::min(review_->player->tick(), b->length()));
    } catch (const std::exception& e) {
        show_error("Could not seek the replay to tick " + std::to_string(tick) + ": " + e.what());
    }
}

void Shell::review_step(std::int64_t delta) {
    if (review_) review_seek(review_->player->tick() + delta);
}

void Shell::set_loop_start() {
    if (!review_) return;
    review_->loop_a = review_->player->tick();
    if (review_->loop_b <= review_->loop_a) review_->loop_b = review_->player->length();
    set_status("Loop from tick " + std::to_string(review_->loop_a));
}

void Shell::set_loop_end() {
    if (!review_) return;
    review_->loop_b = review_->player->tick();
    if (review_->loop_a >= review_->loop_b) review_->loop_a = 0;
    set_status("Loop to tick " + std::to_string(review_->loop_b));
}

void Shell::toggle_loop() {
    if (!review_) return;
    if (review_->loop_b <= review_->loop_a) {
        set_status("The loop needs a range: set A before B");
        review_->loop = false;
        return;
    }
    review_->loop = !review_->loop;
    set_status(review_->loop ? "Looping ticks " + std::to_string(review_->loop_a) + " to " + std::to_string(review_->loop_b)
                             : std::string("Loop off"));
}

bool Shell::add_review_note(const std::string& text, std::optional<glm::dvec2> point) {
    if (!review_) {
        set_status("Notes go into a replay: open one to review first.");
        return false;
    }
    if (text.empty()) {
        set_status("Write the note's text first.");
        return false;
    }
    ReplayNote note;
    for (const ReplayNote& n : review_->notes) review_->next_note_id = std::max(review_->next_note_id, n.id + 1);
    note.id = review_->next_note_id;
    note.tick = review_->player->tick();
    note.text = text;
    if (point) {
        note.has_point = true;
        note.x = point->x;
        note.y = point->y;
    }
    try {
        append_replay_notes(review_->path, {note}, {});
    } catch (const std::exception& e) {
        show_error("Could not save the note into " + review_->path + ":\n" + e.what());
        return false;
    }
    review_->next_note_id = note.id + 1;
    review_->notes.push_back(note);
    review_->added_notes.push_back(note);
    review_->undone_notes.clear();
    std::sort(review_->notes.begin(), review_->notes.end(),
              [](const ReplayNote& a, const ReplayNote& b) { return a.tick != b.tick ? a.tick < b.tick : a.id < b.id; });
    set_status("Note saved at tick " + std::to_string(note.tick) + " in " + file_name(review_->path));
    return true;
}

bool Shell::delete_review_note(std::uint32_t id) {
    if (!review_) return false;
    auto it = std::find_if(review_->notes.begin(), review_->notes.end(), [&](const ReplayNote& n) { return n.id == id; });
    if (it == review_->notes.end()) {
        set_status("That note is not in this replay (any more).");
        return false;
    }
    try {
        append_replay_notes(review_->path, {}, {id});
    } catch (const std::exception& e) {
        show_error("Could not delete the note from " + review_->path + ":\n" + e.what());
        return false;
    }
    const std::int64_t tick = it->tick;
    review_->next_note_id = std::max(review_->next_note_id, id + 1);
    review_->notes.erase(it);
    set_status("Note at tick " + std::to_string(tick) + " deleted from " + file_name(review_->path));
    return true;
}

bool Shell::take_over(const std::string& requested) {
    if (!review_) {
        set_status("Take over works while reviewing a replay.");
        return false;
    }
    const std::string replay = review_->path;
    const std::int64_t tick = review_->player->tick();
    std::unique_ptr<Simulation> branch;
    try {
        branch = std::make_unique<Simulation>(review_->player->simulation().fork());
    } catch (const std::exception& e) {
        show_error("Could not take over at tick " + std::to_string(tick) + ": " + e.what());
        return false;
    }
    // The branch becomes the live session; the host's simulation is left as it was.
    owned_sim_ = std::move(branch);
    close_replay();
    current_path_.clear();   // the scenario came from the replay, not from a file
    restart_from_.reset();
    saved_live_count_ = sim_->live_commands().size();
    edits_before_restart_ = false;
    std::string path = requested.empty() ? default_replay_path(fs::path(replay).stem().string() + "-branch") : requested;
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
    start_variant_recording();   // in compare mode, B beside it
    return true;
}

void Shell::stop_recording(const std::string& why) {
    if (compare_ && compare_->recorder.recording()) {
        try {
            compare_->recorder.stop();
        } catch (const std::exception& e) {
            show_error("B's recording " + compare_->recorder.path() + " was not closed cleanly: " + e.what());
        }
    }
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
                   recorder_.path() + " keeps the ticks written before the failure and still opens for review; "
                   "free space (or pick another folder) and record again for the rest.");
    else set_status("Recording stopped at tick " + std::to_string(recorder_.ticks()) + " (" + end->why + ")");
}

void Shell::refuse_edit_while_reviewing() {
    set_status("Editing is off while reviewing a replay: Take over here to change the world from this tick.");
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

}  // namespace pb::ui
