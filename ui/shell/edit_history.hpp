// The designer's edits, for Edit > Undo / Redo and the Edits list. Every edit the shell submits
// (a slider, a tool button, a click, a canvas drag) goes through here: the history computes the
// edit's inverse from the world BEFORE it is applied (engine/core/inverse.hpp), applies it through
// the Simulation, and keeps {name, tick, forward commands, inverse commands, what changed}.
//
// Undo submits the inverse commands and redo the forward ones again, both as ordinary commands
// stamped at the CURRENT tick: a recording with undos replays and verifies like any other, and
// undo after time moved on applies the old values now (the world does not rewind).
//
// One drag, one edit: a slider drag (drag()) keeps its latest value pending and hands it to the
// simulation at most once per tick (flush(), called before every tick, and end_drag()), so a
// paused drag is one command at release and a running one at most one per tick; the whole drag is
// one entry, undone in one step.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/command.hpp"
#include "engine/core/simulation.hpp"

namespace pb::ui {

struct Edit {
    std::string name;                     // "move RGS 3" (menus say "Undo move RGS 3")
    std::int64_t tick = 0;                // when it was made (its first command)
    std::int64_t last_tick = 0;           // its last command (a drag over running ticks)
    std::vector<Command> forward;         // as applied, in order
    std::vector<Command> inverse;         // undoes all of `forward`, in order
    std::vector<std::string> changes;     // old -> new, for the Edits list's tooltip
    std::optional<std::string> no_undo;   // why it cannot be undone (then `inverse` is empty)
    // False when the inverse, tried on a copy of the world right after the edit, did not bring
    // back the world's hash from before it (ids used up, a refund): undo then only approximates.
    bool exact = true;
    bool undone = false;
    // When it was made, in one order across every history of the process: in compare mode A's and
    // B's histories interleave by it, and an edit made on both sides at once (Edit: Both, or a
    // Shift+click on the canvas) has the same number on each side, so they undo together.
    std::uint64_t seq = 0;
};

class EditHistory {
public:
    static constexpr std::size_t kMaxEdits = 500;

    // Applies one designer edit now and records it. Returns the simulation's refusal (nothing is
    // recorded then).
    // `with`: this edit is made together with `with`'s latest edit (the same gesture on B as on
    // A) and takes its `seq`.
    std::optional<std::string> apply(Simulation& sim, Command c, const EditHistory* with = nullptr);
    // Several commands as one edit ("Reset section"), named `name`.
    std::optional<std::string> apply_group(Simulation& sim, std::vector<Command> commands, std::string name,
                                           const EditHistory* with = nullptr);

    // A drag (a slider held down) that sets `c` each frame: the latest value waits until the next
    // tick or the end of the drag. `key` tells drags apart ("param.podball.ball.friction").
    // `with` as for apply(), read when the drag's edit is made (at its first flush).
    void drag(Simulation& sim, std::string_view key, Command c, const EditHistory* with = nullptr);
    // The value a drag has pending for parameter `param_key` (shown by the slider), if any.
    std::optional<double> pending_param(std::string_view param_key) const;
    bool dragging() const { return !drag_key_.empty(); }
    // Hands the pending command of a drag to the simulation (called before each tick).
    std::optional<std::string> flush(Simulation& sim);
    // The drag is over: its pending command goes in and its edit closes.
    std::optional<std::string> end_drag(Simulation& sim);

    bool can_undo() const;
    bool can_redo() const;
    // "Undo move RGS 3" / "Redo move RGS 3"; "Undo" / "Redo" when there is nothing.
    std::string undo_label() const;
    std::string redo_label() const;
    // Undoes the latest edit not undone: its inverse, applied now. Returns what went wrong.
    std::optional<std::string> undo(Simulation& sim);
    std::optional<std::string> redo(Simulation& sim);

    const std::vector<Edit>& edits() const { return edits_; }
    // The `seq` of the latest edit in effect, and of the edit redo would bring back.
    std::optional<std::uint64_t> last_done_seq() const;
    std::optional<std::uint64_t> next_redo_seq() const;
    // Forgets what could be redone (another history sharing the order took a new edit).
    void drop_redo();
    // The `seq` of the latest edit the process made (0: none yet): a moment to compare with.
    static std::uint64_t seq_now();
    // Whether the edits in effect are those of the moment `seq` (a save): every edit made since
    // was undone, each exactly, none lost while in effect, and none made before it undone. What
    // went into the world outside the history (a steered pod) is the caller's to count (submitted()).
    bool unchanged_since(std::uint64_t seq) const;
    // How many commands the history has handed to simulations, ever (edits, undos, redos): a
    // caller tells from it whether anything else reached the world.
    std::uint64_t submitted() const { return submitted_; }
    // The history now belongs to `sim` without forgetting (compare mode's Keep B: B's edits move
    // with B to the simulation on screen).
    void rebind(const Simulation& sim);
    // Forgets everything (a new scenario, a restart: the edits' ids and values no longer apply).
    void clear();
    // Clears when `sim` is no longer the simulation the edits were made on (another one on screen,
    // or this one went back in time: restart, reload).
    void follow(const Simulation& sim);

private:
    // Applies c to sim, adding its inverse (computed before) in front of `into`'s inverse.
    std::optional<std::string> apply_into(Simulation& sim, Command c, Edit& into);
    void push(Edit e, const EditHistory* with);

    // Notes edits_[from, to) about to be forgotten: one in effect, or undone only approximately,
    // leaves the world unlike any moment before its seq (lost_seq_).
    void lose(std::size_t from, std::size_t to);

    std::vector<Edit> edits_;
    std::size_t done_ = 0;         // edits_[0 .. done_) are in effect; the rest were undone (redo)
    std::uint64_t lost_seq_ = 0;   // the latest edit forgotten while it changed the world
    std::uint64_t submitted_ = 0;
    const Simulation* sim_ = nullptr;
    std::int64_t last_tick_ = 0;
    std::size_t live_seen_ = 0;   // the simulation's live commands when last seen

    // The drag in progress
    std::string drag_key_;
    std::optional<Command> pending_;
    bool drag_has_edit_ = false;   // edits_.back() is this drag's
    const EditHistory* drag_with_ = nullptr;
};

}   // namespace pb::ui
