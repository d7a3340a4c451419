#include "ui/shell/edit_history.hpp"

#include <algorithm>

#include "engine/core/inverse.hpp"
#include "engine/core/words.hpp"

namespace pb::ui {
namespace {

// Worlds whose hash solves a problem again (Tasks: clock_only_base) are not checked on a copy:
// that would solve the ship a second time on every edit.
bool cheap_to_check(const World& w) { return !w.clock_only_base().has_value(); }

// One order for every edit the process makes (the UI thread's), so histories can interleave.
std::uint64_t last_seq = 0;
std::uint64_t next_seq() { return ++last_seq; }

}   // namespace

std::uint64_t EditHistory::seq_now() { return last_seq; }

bool EditHistory::unchanged_since(std::uint64_t seq) const {
    if (lost_seq_ > seq) return false;
    for (std::size_t i = 0; i < edits_.size(); ++i) {
        const bool in_effect = i < done_;
        if (edits_[i].seq > seq ? in_effect || !edits_[i].exact : !in_effect) return false;
    }
    return true;
}

void EditHistory::lose(std::size_t from, std::size_t to) {
    for (std::size_t i = from; i < to && i < edits_.size(); ++i)
        if (i < done_ || !edits_[i].exact) lost_seq_ = std::max(lost_seq_, edits_[i].seq);
}

std::optional<std::string> EditHistory::apply_into(Simulation& sim, Command c, Edit& into) {
    c.tick = sim.tick();
    Inverse inv = inverse_of(sim.world(), c);
    const Command applied = c;
    if (auto why = sim.submit(std::move(c))) return why;
    ++submitted_;
    if (into.forward.empty()) into.tick = applied.tick;
    into.last_tick = applied.tick;
    into.forward.push_back(applied);
    if (into.name.empty()) into.name = inv.name;
    if (inv.refused) {
        into.no_undo = *inv.refused;
        into.inverse.clear();
    } else if (!into.no_undo) {
        into.inverse.insert(into.inverse.begin(), inv.commands.begin(), inv.commands.end());
    }
    into.changes.insert(into.changes.end(), inv.changes.begin(), inv.changes.end());
    return std::nullopt;
}

void EditHistory::push(Edit e, const EditHistory* with) {
    e.seq = with && with->last_done_seq() ? *with->last_done_seq() : next_seq();
    lose(done_, edits_.size());
    edits_.resize(done_);   // a new edit drops what could be redone
    edits_.push_back(std::move(e));
    if (edits_.size() > kMaxEdits) {
        lose(0, 1);
        edits_.erase(edits_.begin());
    }
    done_ = edits_.size();
}

std::optional<std::string> EditHistory::apply(Simulation& sim, Command c, const EditHistory* with) {
    follow(sim);
    if (dragging()) end_drag(sim);
    std::unique_ptr<World> before = cheap_to_check(sim.world()) ? sim.world().clone() : nullptr;
    Edit e;
    if (auto why = apply_into(sim, std::move(c), e)) return why;
    if (before && !e.no_undo) {
        std::unique_ptr<World> test = sim.world().clone();
        for (const Command& inv : e.inverse)
            if (test->apply(inv)) e.exact = false;
        if (test->hash() != before->hash()) e.exact = false;
    }
    push(std::move(e), with);
    last_tick_ = sim.tick();
    live_seen_ = sim.live_commands().size();
    return std::nullopt;
}

std::optional<std::string> EditHistory::apply_group(Simulation& sim, std::vector<Command> commands, std::string name,
                                                    const EditHistory* with) {
    follow(sim);
    if (dragging()) end_drag(sim);
    if (commands.empty()) return std::nullopt;
    Edit e;
    e.name = std::move(name);
    std::optional<std::string> refused;
    for (Command& c : commands)
        if (auto why = apply_into(sim, std::move(c), e); why && !refused) refused = why;
    if (!e.forward.empty()) push(std::move(e), with);
    last_tick_ = sim.tick();
    live_seen_ = sim.live_commands().size();
    return refused;
}

void EditHistory::drag(Simulation& sim, std::string_view key, Command c, const EditHistory* with) {
    follow(sim);
    if (dragging() && drag_key_ != key) end_drag(sim);
    if (!dragging()) {
        drag_key_ = std::string(key);
        drag_has_edit_ = false;
        drag_with_ = with;
    }
    pending_ = std::move(c);
}

std::optional<double> EditHistory::pending_param(std::string_view param_key) const {
    if (!pending_ || pending_->type != kParamSetCommand || pending_->text("key") != param_key) return std::nullopt;
    return pending_->number("value");
}

std::optional<std::string> EditHistory::flush(Simulation& sim) {
    if (!pending_) return std::nullopt;
    Command c = std::move(*pending_);
    pending_.reset();
    if (!drag_has_edit_) {
        Edit e;
        if (auto why = apply_into(sim, std::move(c), e)) return why;
        push(std::move(e), drag_with_);
        drag_has_edit_ = true;
    } else {
        // Later commands of the drag join its edit; its inverse stays the first one's (which
        // puts back the value from before the drag).
        Edit& e = edits_.back();
        c.tick = sim.tick();
        const Command applied = c;
        if (auto why = sim.submit(std::move(c))) return why;
        e.forward.push_back(applied);
        e.last_tick = applied.tick;
    }
    last_tick_ = sim.tick();
    live_seen_ = sim.live_commands().size();
    return std::nullopt;
}

std::optional<std::string> EditHistory::end_drag(Simulation& sim) {
    if (!dragging()) return std::nullopt;
    auto why = flush(sim);
    if (drag_has_edit_ && !edits_.empty()) {
        // What the whole drag changed: from the value before it to the last one.
        Edit& e = edits_.back();
        if (e.forward.size() > 1 && !e.inverse.empty() && e.inverse.front().type == kParamSetCommand) {
            const double from = e.inverse.front().number("value");
            const double to = e.forward.back().number("value");
            const std::string label = e.name.rfind("set ", 0) == 0 ? e.name.substr(4) : e.name;
            e.changes = {label + " " + format_number(from) + " -> " + format_number(to) + "  (" +
                         std::to_string(e.forward.size()) + " commands over ticks " + std::to_string(e.tick) + " .. " +
                         std::to_string(e.last_tick) + ")"};
        }
    }
    drag_key_.clear();
    drag_has_edit_ = false;
    drag_with_ = nullptr;
    pending_.reset();
    return why;
}

std::optional<std::uint64_t> EditHistory::last_done_seq() const {
    if (done_ == 0) return std::nullopt;
    return edits_[done_ - 1].seq;
}

std::optional<std::uint64_t> EditHistory::next_redo_seq() const {
    if (done_ >= edits_.size()) return std::nullopt;
    return edits_[done_].seq;
}

void EditHistory::drop_redo() {
    lose(done_, edits_.size());
    edits_.resize(done_);
}

void EditHistory::rebind(const Simulation& sim) {
    sim_ = &sim;
    last_tick_ = sim.tick();
    live_seen_ = sim.live_commands().size();
}

bool EditHistory::can_undo() const { return done_ > 0 || (dragging() && pending_); }
bool EditHistory::can_redo() const { return done_ < edits_.size() && !dragging(); }

std::string EditHistory::undo_label() const {
    if (done_ == 0) return "Undo";
    return "Undo " + edits_[done_ - 1].name;
}

std::string EditHistory::redo_label() const {
    if (done_ >= edits_.size()) return "Redo";
    return "Redo " + edits_[done_].name;
}

std::optional<std::string> EditHistory::undo(Simulation& sim) {
    follow(sim);
    if (dragging()) end_drag(sim);
    if (done_ == 0) return std::string("Nothing to undo");
    Edit& e = edits_[done_ - 1];
    if (e.no_undo) return "Cannot undo " + e.name + ": " + *e.no_undo;
    for (Command c : e.inverse) {
        c.tick = sim.tick();
        if (auto why = sim.submit(std::move(c))) {
            lost_seq_ = next_seq();   // partly undone: no save's state any more
            return capitalised(e.name) + " could not be undone: " + *why;
        }
        ++submitted_;
    }
    e.undone = true;
    --done_;
    last_tick_ = sim.tick();
    live_seen_ = sim.live_commands().size();
    return std::nullopt;
}

std::optional<std::string> EditHistory::redo(Simulation& sim) {
    follow(sim);
    if (dragging()) end_drag(sim);
    if (done_ >= edits_.size()) return std::string("Nothing to redo");
    Edit& old = edits_[done_];
    // The forward commands again, now; the inverse is computed anew (ids may differ now).
    Edit e;
    e.name = old.name;
    const std::vector<Command> forward = old.forward.size() > 1 && old.forward.front().type == kParamSetCommand &&
                                                 old.forward.front().text("key") == old.forward.back().text("key")
                                             ? std::vector<Command>{old.forward.back()}   // a drag: its final value
                                             : old.forward;
    for (const Command& c : forward)
        if (auto why = apply_into(sim, c, e)) {
            lost_seq_ = next_seq();   // partly redone
            return "Cannot redo " + old.name + ": " + *why;
        }
    e.changes = old.changes;
    e.exact = old.exact;
    e.seq = old.seq;
    old = std::move(e);
    ++done_;
    last_tick_ = sim.tick();
    live_seen_ = sim.live_commands().size();
    return std::nullopt;
}

void EditHistory::clear() {
    lose(0, edits_.size());
    edits_.clear();
    done_ = 0;
    drag_key_.clear();
    pending_.reset();
    drag_has_edit_ = false;
    drag_with_ = nullptr;
}

void EditHistory::follow(const Simulation& sim) {
    if (&sim != sim_ || sim.tick() < last_tick_ || sim.live_commands().size() < live_seen_) {
        clear();
        sim_ = &sim;
    }
    last_tick_ = sim.tick();
    live_seen_ = sim.live_commands().size();
}

}   // namespace pb::ui
