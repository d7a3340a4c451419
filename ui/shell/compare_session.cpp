// Compare mode's state and behaviour: forking B, recording it beside A, B's step after A's, edits
// on A, B or both and their undo in the order made, what B changes, saving B. Drawing (the
// canvas, the tabs, the question) is in compare_session_draw.cpp.
#include "ui/shell/compare_session.hpp"

#include <algorithm>
#include <filesystem>
#include <utility>

#include "engine/compare/compare.hpp"
#include "engine/core/lab.hpp"
#include "engine/sweep/sweep.hpp"
#include "ui/shell/review_session.hpp"
#include "ui/shell/scenario_saving.hpp"
#include "ui/shell/shell_host.hpp"

namespace pb::ui {

namespace fs = std::filesystem;

namespace {

// Which sides the next undo (redo) acts on: the latest edit in effect (the earliest undone), on
// both sides when it was made on both.
std::pair<bool, bool> undo_sides(const EditHistory& a, const EditHistory& b, bool redo) {
    const auto sa = redo ? a.next_redo_seq() : a.last_done_seq();
    const auto sb = redo ? b.next_redo_seq() : b.last_done_seq();
    if (!sa || !sb) return {sa.has_value(), sb.has_value()};
    if (*sa == *sb) return {true, true};
    const bool pick_a = redo ? *sa < *sb : *sa > *sb;
    return {pick_a, !pick_a};
}

}   // namespace

CompareSession::CompareSession(ShellHost& host) : host_(host) {
    Simulation& a = host.simulation();
    sim_ = std::make_unique<Simulation>(a.fork());
    view_ = create_lab_view(a.world().lab().name);
    std::vector<std::string> known;
    for (auto& n : world_numbers(a.world())) known.push_back(std::move(n.path));
    results_ = compare_default_results(a.world().lab().name, known);
    fork_tick_ = a.tick();
}

void CompareSession::start_recording(const std::string& a_path) {
    if (recorder_.recording()) return;
    const std::string b_path = variant_replay_path(a_path);
    try {
        recorder_.start(*sim_, b_path, "B of " + fs::path(a_path).filename().string(),
                        fs::path(a_path).filename().string(), fork_tick_);
    } catch (const std::exception& e) {
        host_.show_error("Recording A to " + a_path + ", but could not record B beside it to " + b_path + ":\n" +
                         e.what());
        return;
    }
    host_.set_status("Recording A to " + a_path + " and B to " + b_path);
}

void CompareSession::flush_recording() {
    if (recorder_.recording()) recorder_.flush();
}

void CompareSession::end_recording() {
    try {
        recorder_.stop();
    } catch (const std::exception& e) {
        host_.show_error("B's recording " + recorder_.path() + " was not closed cleanly: " + e.what());
    }
}

void CompareSession::tick() {
    Simulation& b = *sim_;
    // B's slider held down hands its latest value over once per tick, as A's does.
    if (history_.dragging()) {
        if (auto why = history_.flush(b)) host_.set_status("Refused in B: " + *why);
        sync_redo();
    }
    if (view_)
        for (Command& c : view_->before_tick(b.world()))
            if (auto why = b.submit(std::move(c))) host_.set_status("Refused in B: " + *why);
    b.step();
}

std::optional<std::string> CompareSession::set_param(const std::string& key, double value) {
    Simulation& a = host_.simulation();
    if (edit_ != CompareEdit::B)
        if (auto why = host_.edit_history().apply(a, make_param_set(a.tick(), key, value))) return "A: " + *why;
    if (edit_ != CompareEdit::A)
        if (auto why = history_.apply(*sim_, make_param_set(sim_->tick(), key, value),
                                      edit_ == CompareEdit::Both ? &host_.edit_history() : nullptr))
            return "B: " + *why;
    sync_redo();
    return std::nullopt;
}

CompareSession::Side CompareSession::side(bool b) {
    if (b) return Side{*sim_, *view_, history_};
    return Side{host_.simulation(), *host_.lab_view(), host_.edit_history()};
}

std::optional<std::string> CompareSession::apply_edit(bool b, Command c, bool both) {
    Side first = side(b);
    Command copy = c;
    std::string what = describe(c);
    if (auto why = first.history.apply(first.sim, std::move(c))) {
        host_.set_status(std::string("Refused") + (b ? " in B: " : " in A: ") + *why);
        return why;
    }
    if (both) {
        Side other = side(!b);
        // The same edit on the other side: the ids match while both have the same things (B was
        // forked from A); where they differ, the other side says why it refuses.
        if (auto why = other.history.apply(other.sim, std::move(copy), &first.history)) {
            host_.set_status(what + " in " + (b ? "B" : "A") + "; refused in " + (b ? "A" : "B") + ": " + *why);
            sync_redo();
            return std::nullopt;
        }
        host_.set_status(what + " in A and B");
    } else {
        host_.set_status((b ? "B: " : "A: ") + what);
    }
    sync_redo();
    return std::nullopt;
}

void CompareSession::click(bool b, glm::dvec2 at, double pick_radius, bool both) {
    Side s = side(b);
    s.lab.click(s.sim.world(), at, pick_radius, host_.paused());
    for (Command& c : s.lab.take_commands()) apply_edit(b, std::move(c), both);
}

void CompareSession::sync_redo() {
    EditHistory& a_history = host_.edit_history();
    const auto a = a_history.last_done_seq(), b = history_.last_done_seq();
    const std::uint64_t latest = std::max(a.value_or(0), b.value_or(0));
    if (latest <= seen_edit_seq_) return;
    seen_edit_seq_ = latest;
    // The side that did not take the newest edit forgets its redo, as a single history would.
    if (a.value_or(0) != latest) a_history.drop_redo();
    if (b.value_or(0) != latest) history_.drop_redo();
}

bool CompareSession::can_undo(bool redo) const {
    const EditHistory& a = host_.edit_history();
    return redo ? a.can_redo() || history_.can_redo() : a.can_undo() || history_.can_undo();
}

std::string CompareSession::undo_label(bool redo) const {
    const char* verb = redo ? "Redo" : "Undo";
    const EditHistory& a = host_.edit_history();
    const EditHistory& b = history_;
    if (a.dragging() || b.dragging()) return verb;
    const auto [on_a, on_b] = undo_sides(a, b, redo);
    const std::string label_a = redo ? a.redo_label() : a.undo_label();
    const std::string label_b = redo ? b.redo_label() : b.undo_label();
    const std::size_t skip = std::string(verb).size() + 1;
    if (on_a && on_b)
        return std::string(verb) + " in A and B: " + (label_a.size() > skip ? label_a.substr(skip) : label_a);
    if (on_a) return std::string(verb) + " in A: " + (label_a.size() > skip ? label_a.substr(skip) : label_a);
    if (on_b) return std::string(verb) + " in B: " + (label_b.size() > skip ? label_b.substr(skip) : label_b);
    return verb;
}

void CompareSession::undo(bool redo) {
    Simulation& a_sim = host_.simulation();
    EditHistory& a = host_.edit_history();
    // A slider held down ends first (its edit then counts as the latest).
    if (a.dragging()) a.end_drag(a_sim);
    if (history_.dragging()) history_.end_drag(*sim_);
    const std::string label = undo_label(redo);
    const auto [on_a, on_b] = undo_sides(a, history_, redo);
    if (!on_a && !on_b) {
        host_.set_status(redo ? "Nothing to redo" : "Nothing to undo");
        return;
    }
    std::string failed;
    if (on_a)
        if (auto why = redo ? a.redo(a_sim) : a.undo(a_sim)) failed = "A: " + *why;
    if (on_b)
        if (auto why = redo ? history_.redo(*sim_) : history_.undo(*sim_))
            failed += (failed.empty() ? "B: " : "; B: ") + *why;
    host_.set_status(failed.empty() ? label : failed);
}

std::vector<CompareSession::ParamDifference> CompareSession::differences() const {
    std::vector<ParamDifference> out;
    const ParamSet& a = host_.simulation().world().params();
    const ParamSet& b = sim_->world().params();
    for (std::size_t i = 0; i < a.size(); ++i)
        if (a[i] != b[i])
            out.push_back(
                {a.table()[i].key, format_param_value(a.table()[i], a[i]), format_param_value(a.table()[i], b[i])});
    return out;
}

bool CompareSession::diverged_without_differences() const {
    return differences().empty() && sim_->world().hash() != host_.simulation().world().hash();
}

void CompareSession::fork_again() {
    if (recorder_.recording()) {
        host_.set_status("B is being recorded beside A: stop the recording first to fork B again.");
        return;
    }
    Simulation& a = host_.simulation();
    sim_ = std::make_unique<Simulation>(a.fork());
    view_ = create_lab_view(a.world().lab().name);
    history_.clear();   // B's edits were made on the B that goes
    fork_tick_ = a.tick();
    host_.set_status("B forked from A again at tick " + std::to_string(fork_tick_) + ": B - A starts from zero");
}

std::optional<std::string> CompareSession::save(const std::string& requested) {
    const std::string path = scenario_file_path(requested);
    try {
        save_simulation_scenario(*sim_, path);
    } catch (const std::exception& e) {
        host_.show_error(std::string("Could not save B to ") + path + ":\n" + e.what());
        return std::nullopt;
    }
    host_.set_status("Saved B as " + path);
    return path;
}

CompareFrame CompareSession::b_frame() const {
    CompareFrame b;
    b.world = &sim_->world();
    b.view = view_.get();
    b.results = results_;
    return b;
}

}   // namespace pb::ui
