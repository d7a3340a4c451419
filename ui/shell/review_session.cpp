// Reviewing a replay file: opening it (and B's beside it), checking and playing it, seeking and
// looping, notes saved into the file. Drawing the timeline, banners and the Review tab is in
// review_session_draw.cpp.
#include "ui/shell/review_session.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <imgui.h>

#include "engine/compare/compare.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/sha256.hpp"
#include "engine/sweep/sweep.hpp"
#include "ui/render/painter.hpp"
#include "ui/shell/canvases.hpp"
#include "ui/shell/fixed_step_clock.hpp"
#include "ui/shell/shell_host.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"
#include "ui/widgets/widget_locator.hpp"

namespace fs = std::filesystem;

namespace pb::ui {

namespace {

// Checking ahead (divergence, keyframes) may take this long per frame: the window stays smooth.
constexpr double kCheckSecondsPerFrame = 0.006;

}   // namespace

std::string file_name(const std::string& path) { return fs::path(path).filename().string(); }

bool is_replay_file(const std::string& path) {
    static constexpr char kMagic[8] = {'P', 'B', 'R', 'P', 'L', 'Y', '\r', '\n'};
    // A FIFO or a device is not a replay (and is refused as a scenario too): never opened blocking.
    std::error_code ec;
    if (!fs::is_regular_file(path, ec)) return false;
    std::ifstream in(path, std::ios::binary);
    char head[sizeof kMagic] = {};
    return in && in.read(head, sizeof head) && std::memcmp(head, kMagic, sizeof kMagic) == 0;
}

std::string variant_replay_path(const std::string& a_path) {
    fs::path p(a_path);
    return (p.parent_path() / (p.stem().string() + ".b" + p.extension().string())).string();
}

ModuleQuestion::Answer ModuleQuestion::draw(WidgetLocator& widgets) {
    if (!popup_open) {
        ImGui::OpenPopup("Run code from this replay?###modules");
        popup_open = true;
    }
    const float scale = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Run code from this replay?###modules", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        popup_open = false;
        return Answer::Closed;
    }
    ImGui::TextUnformatted(("The replay " + file_name(path) + " plays module libraries: compiled code that").c_str());
    ImGui::TextUnformatted("runs with your permissions once loaded. Load them only if you trust who made them.");
    ImGui::Spacing();
    for (const std::string& lib : libraries) ImGui::TextUnformatted(lib.c_str());
    ImGui::Spacing();
    ImGui::TextColored(palette::kDimText,
                       "Only a file with exactly the bytes recorded (this SHA-256) is loaded, from a private copy.");
    Answer answer = Answer::None;
    if (ImGui::Button("Load and review", ImVec2(170 * scale, 0))) answer = Answer::Load;
    widgets.record_last_item("modules.load");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(100 * scale, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)))
        answer = Answer::Cancel;
    widgets.record_last_item("modules.cancel");
    if (answer != Answer::None) {
        ImGui::CloseCurrentPopup();
        popup_open = false;
    }
    ImGui::EndPopup();
    return answer;
}

ReviewSession::Opened ReviewSession::open(ShellHost& host, const std::string& path, bool allow_modules) {
    Opened opened;
    ReplayLoad load = read_replay_file(path);
    if (!load.data) {
        host.show_error("Could not open the replay " + path + ":\n" + load.error);
        return opened;
    }
    if (!allow_modules && !replay_library_modules(*load.data).empty()) {
        // Code: nothing is loaded before the designer agrees, and nothing that cannot be loaded
        // safely (no pin, no file with the pinned bytes) is offered.
        const std::string problem = replay_module_problem(*load.data, path, true, "");
        if (!problem.empty()) {
            host.show_error("Could not open the replay " + path + ": its scenario runs code from a module library\n" +
                            problem);
            return opened;
        }
        ModuleQuestion q;
        q.path = path;
        for (const std::string& written : replay_library_modules(*load.data)) {
            const auto pin = find_pin(*load.data, written);
            std::string file;
            for (const PinCandidate& c : pin_candidates(*pin, path))
                if (c.matches && file.empty()) file = c.path;
            q.libraries.push_back("lib:" + written + "\n    file     " + file + "\n    SHA-256  " +
                                  to_hex(pin->sha256));
        }
        opened.question = std::move(q);
        return opened;
    }
    std::unique_ptr<ReviewSession> session(new ReviewSession(host));
    try {
        session->player_ = std::make_unique<ReplayPlayer>(std::move(*load.data), path, ReplayPlayer::kDefaultBudget,
                                                          ReplayModuleAccess{allow_modules, path});
    } catch (const std::exception& e) {
        host.show_error("Could not open the replay " + path + ":\n" + e.what());
        return opened;
    }
    // A recording made in compare mode has B's replay beside it, a branch of this file.
    const std::string b_path = variant_replay_path(path);
    if (b_path != path && is_replay_file(b_path)) {
        ReplayLoad b_load = read_replay_file(b_path);
        if (b_load.data && b_load.data->header.branch_of == file_name(path)) {
            try {
                session->b_player_ =
                    std::make_unique<ReplayPlayer>(std::move(*b_load.data), b_path, ReplayPlayer::kDefaultBudget,
                                                   ReplayModuleAccess{allow_modules, b_path});
                session->b_path_ = b_path;
                session->b_view_ = create_lab_view(session->player_->simulation().world().lab().name);
            } catch (const std::exception& e) {
                session->warnings_.push_back("B's replay " + file_name(b_path) + " does not play: " + e.what());
            }
        } else if (!b_load.data) {
            session->warnings_.push_back("B's replay " + file_name(b_path) + " does not open: " + b_load.error);
        }
    }
    session->path_ = path;
    for (std::string& w : load.warnings) session->warnings_.push_back(std::move(w));
    session->notes_ = session->player_->data().notes;
    session->loop_b_ = session->player_->length();
    opened.session = std::move(session);
    return opened;
}

std::string ReviewSession::opened_message() const {
    std::string status = "Reviewing " + file_name(path_) + ": " + std::to_string(player_->length()) + " ticks";
    if (b_player_) status += ", with B beside it (" + file_name(b_path_) + ")";
    if (!warnings_.empty()) status += " (the file is incomplete: see the banner)";
    return status;
}

std::int64_t ReviewSession::update(double frame_seconds, FixedStepClock& clock) {
    ReplayPlayer& player = *player_;
    // Find divergences and lay keyframes a slice at a time, so the whole file gets checked
    // without freezing the window; the slice adapts to the lab's cost per tick.
    if (!player.fully_checked()) {
        auto start = std::chrono::steady_clock::now();
        player.check_ahead(check_slice_);
        double spent = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        double ratio = spent > 0.0 ? kCheckSecondsPerFrame / spent : 2.0;
        check_slice_ = std::clamp<std::int64_t>(
            static_cast<std::int64_t>(static_cast<double>(check_slice_) * std::clamp(ratio, 0.5, 2.0)), 64, 100000);
    }
    if (player.divergence() && !divergence_announced_) {
        divergence_announced_ = true;
        host_.set_status("Diverged at tick " + std::to_string(*player.divergence()) + ": see the banner");
    }
    if (host_.paused()) return 0;

    // Play: one player step per fixed tick, at the transport's speed.
    std::int64_t due = clock.begin_frame(frame_seconds);
    std::int64_t ran = 0;
    const std::int64_t end = loop_ ? std::min(loop_b_, player.length()) : player.length();
    auto start = std::chrono::steady_clock::now();
    auto budget = std::chrono::duration<double>(FixedStepClock::kFrameBudgetSeconds);
    LabView* lab = host_.lab_view();
    try {
        while (ran < due) {
            if (player.tick() >= end) {
                if (loop_ && loop_a_ < end) {
                    player.seek(loop_a_);
                } else {
                    host_.set_paused(true);
                    host_.set_status("End of the replay (tick " + std::to_string(player.tick()) + ")");
                    break;
                }
            }
            // Views watch the world advance (charts); what they would command is not applied.
            if (lab) lab->before_tick(player.simulation().world());
            player.step();
            if (ReplayPlayer* b = b_player_.get(); b && b->tick() < b->length() && b->tick() < player.tick()) {
                if (b_view_) b_view_->before_tick(b->simulation().world());
                b->step();
            }
            ++ran;
            if (std::chrono::steady_clock::now() - start >= budget) break;
        }
    } catch (const std::exception& e) {
        host_.set_paused(true);
        host_.show_error("The replay stopped at tick " + std::to_string(player.tick()) + ": " + e.what());
    }
    clock.end_frame(due, ran);
    return ran;
}

void ReviewSession::seek(std::int64_t tick) {
    if (LabView* lab = host_.lab_view()) lab->cancel_drag();
    try {
        player_->seek(tick);
        if (ReplayPlayer* b = b_player_.get()) b->seek(std::min(player_->tick(), b->length()));
    } catch (const std::exception& e) {
        host_.show_error("Could not seek the replay to tick " + std::to_string(tick) + ": " + e.what());
    }
}

void ReviewSession::step(std::int64_t delta) { seek(player_->tick() + delta); }

void ReviewSession::rewind_if_ended() {
    if (player_->tick() >= (loop_ ? loop_b_ : player_->length())) seek(loop_ ? loop_a_ : 0);
}

void ReviewSession::set_loop_start() {
    loop_a_ = player_->tick();
    if (loop_b_ <= loop_a_) loop_b_ = player_->length();
    host_.set_status("Loop from tick " + std::to_string(loop_a_));
}

void ReviewSession::set_loop_end() {
    loop_b_ = player_->tick();
    if (loop_a_ >= loop_b_) loop_a_ = 0;
    host_.set_status("Loop to tick " + std::to_string(loop_b_));
}

void ReviewSession::toggle_loop() {
    if (loop_b_ <= loop_a_) {
        host_.set_status("The loop needs a range: set A before B");
        loop_ = false;
        return;
    }
    loop_ = !loop_;
    host_.set_status(loop_ ? "Looping ticks " + std::to_string(loop_a_) + " to " + std::to_string(loop_b_)
                           : std::string("Loop off"));
}

bool ReviewSession::add_note(const std::string& text, std::optional<glm::dvec2> point) {
    if (text.empty()) {
        host_.set_status("Write the note's text first.");
        return false;
    }
    ReplayNote note;
    for (const ReplayNote& n : notes_) next_note_id_ = std::max(next_note_id_, n.id + 1);
    note.id = next_note_id_;
    note.tick = player_->tick();
    note.text = text;
    if (point) {
        note.has_point = true;
        note.x = point->x;
        note.y = point->y;
    }
    try {
        append_replay_notes(path_, {note}, {});
    } catch (const std::exception& e) {
        host_.show_error("Could not save the note into " + path_ + ":\n" + e.what());
        return false;
    }
    next_note_id_ = note.id + 1;
    notes_.push_back(note);
    added_notes_.push_back(note);
    undone_notes_.clear();
    std::sort(notes_.begin(), notes_.end(), [](const ReplayNote& a, const ReplayNote& b) {
        return a.tick != b.tick ? a.tick < b.tick : a.id < b.id;
    });
    host_.set_status("Note saved at tick " + std::to_string(note.tick) + " in " + file_name(path_));
    return true;
}

bool ReviewSession::delete_note(std::uint32_t id) {
    auto it = std::find_if(notes_.begin(), notes_.end(), [&](const ReplayNote& n) { return n.id == id; });
    if (it == notes_.end()) {
        host_.set_status("That note is not in this replay (any more).");
        return false;
    }
    try {
        append_replay_notes(path_, {}, {id});
    } catch (const std::exception& e) {
        host_.show_error("Could not delete the note from " + path_ + ":\n" + e.what());
        return false;
    }
    const std::int64_t tick = it->tick;
    next_note_id_ = std::max(next_note_id_, id + 1);
    notes_.erase(it);
    host_.set_status("Note at tick " + std::to_string(tick) + " deleted from " + file_name(path_));
    return true;
}

// While reviewing, the designer's edits are the notes added to the replay: Undo deletes the
// latest (a deletion record in the file), Redo adds it back at its tick.
void ReviewSession::undo_note(bool redo) {
    auto& from = redo ? undone_notes_ : added_notes_;
    if (from.empty()) {
        host_.set_status(redo ? "Nothing to redo"
                              : "Nothing to undo (while reviewing, Undo takes back the notes you added)");
        return;
    }
    const ReplayNote n = from.back();
    if (!redo) {
        if (!delete_note(n.id)) return;
        added_notes_.pop_back();
        undone_notes_.push_back(n);
        host_.set_status("Undo note at t=" + std::to_string(n.tick));
        return;
    }
    std::vector<ReplayNote> still_undone(undone_notes_.begin(), undone_notes_.end() - 1);
    const std::int64_t now = player_->tick();
    if (now != n.tick) seek(n.tick);
    const bool added = add_note(n.text, n.has_point ? std::optional<glm::dvec2>(glm::dvec2(n.x, n.y)) : std::nullopt);
    if (player_->tick() != now) seek(now);
    if (!added) return;
    undone_notes_ = std::move(still_undone);
    host_.set_status("Redo note at t=" + std::to_string(n.tick));
}

void ReviewSession::refuse_edits(LabView& lab) {
    // The recorded world must stay as recorded: a tool or a click changes nothing here.
    if (!lab.take_commands().empty())
        host_.set_status("Editing is off while reviewing a replay: Take over here to change the world from this tick.");
}

bool ReviewSession::pick_point(glm::dvec2 at) {
    if (!picking_point_) return false;
    note_point_ = at;   // the note being written points here
    picking_point_ = false;
    return true;
}

std::string ReviewSession::canvas_hint() const {
    return picking_point_
               ? std::string("Click where the note points")
               : std::string(
                     "Reviewing a replay \xc2\xb7 editing is off \xc2\xb7 wheel zooms \xc2\xb7 right-drag pans");
}

// Notes with a point show near their tick (two seconds either side), and the one being written.
void ReviewSession::draw_pins(Painter& draw, const CanvasView& view, float scale) const {
    auto pin = [&](glm::dvec2 at, const std::string& text, ImU32 colour) {
        ImVec2 p = view.to_screen(at);
        draw.AddCircle(p, 9.0f * scale, colour, 0, 2.5f * scale);
        draw.AddCircleFilled(p, 3.0f * scale, colour);
        draw.AddText(ImVec2(p.x + 12.0f * scale, p.y - 8.0f * scale), colour, text.c_str());
    };
    for (const ReplayNote& n : notes_)
        if (n.has_point && std::abs(n.tick - player_->tick()) <= 120) pin({n.x, n.y}, n.text, palette::kNoteMark);
    if (note_point_) pin(*note_point_, note_text_.empty() ? "new note" : note_text_, palette::kNoteMark);
}

void ReviewSession::draw_b_canvas(float width, float height, CanvasFrame frame) {
    std::string label = "B  " + file_name(b_path_);
    if (b_player_->tick() < player_->tick()) label += "  (ended at tick " + std::to_string(b_player_->tick()) + ")";
    frame.widgets = nullptr;   // B's entity positions are recorded only while comparing live
    draw_side_canvas(width, height, b_canvas_, *b_view_, b_player_->simulation().world(), frame, host_.frame_widgets(),
                     nullptr, "B's replay \xc2\xb7 wheel zooms \xc2\xb7 drag pans", label);
    // What B's view queued is dropped: the recorded world stays as it was recorded.
    (void)b_view_->take_commands();
}

CompareFrame ReviewSession::b_frame() const {
    CompareFrame b;
    if (!b_player_ || !b_view_) return b;
    const World& a = player_->simulation().world();
    b.world = &b_player_->simulation().world();
    b.view = b_view_.get();
    std::vector<std::string> known;
    for (auto& n : world_numbers(a)) known.push_back(std::move(n.path));
    b.results = compare_default_results(a.lab().name, known);
    return b;
}

}   // namespace pb::ui
