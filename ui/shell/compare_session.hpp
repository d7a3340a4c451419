// Compare mode (docs/compare.md#compare-mode-in-the-window): B, a variant of the open scenario
// (A), forked at A's tick, runs beside it in lockstep under the one transport. The canvas shows
// A and B side by side (or B ghosted over A), each labelled; the parameter panel and the tools
// edit A, B or both; Edit > Undo / Redo takes back the latest edit on either side; the Compare
// tab lists what B changed and the lab's key results for A, B and B - A. The session owns B (its
// simulation, view, canvas, panel, edits and recording); A is the shell's world (ShellHost), and
// leaving compare mode (keep A or B) is the shell's (Shell::end_compare), which replaces A by B.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "engine/core/command.hpp"
#include "engine/core/replay.hpp"
#include "engine/core/simulation.hpp"
#include "ui/lab_view.hpp"
#include "ui/shell/edit_history.hpp"
#include "ui/widgets/canvas.hpp"
#include "ui/widgets/param_panel.hpp"
#include "ui/widgets/widget_locator.hpp"

namespace pb::ui {

class CanvasGestures;
class ShellHost;

// Which side the parameter panel and the tools edit (Both: A's edits are made on B too).
enum class CompareEdit { A, B, Both };

class CompareSession {
public:
    // B: a fork of the host's world at its tick (the same seed and state), with its own view.
    explicit CompareSession(ShellHost& host);

    Simulation& sim() { return *sim_; }
    const Simulation& sim() const { return *sim_; }
    LabView& view() { return *view_; }
    // B's own view, handed over when B is kept (the session ends right after).
    std::unique_ptr<LabView> take_view() { return std::move(view_); }
    // B's edits (its panel, its canvas, its tools), beside A's: the two histories interleave by
    // Edit::seq, and an edit made on both sides undoes on both.
    EditHistory& history() { return history_; }
    const EditHistory& history() const { return history_; }
    // What B's view recorded on B's canvas this frame (entity positions), apart from A's.
    const WidgetLocator& widgets() const { return widgets_; }
    // A new frame: what B's canvas recorded last frame goes.
    void new_frame() { widgets_.clear(); }

    CompareEdit edit() const { return edit_; }
    void set_edit(CompareEdit edit) { edit_ = edit; }
    // B ghosted over A on the whole canvas (true), or A and B side by side (false).
    bool ghost() const { return ghost_; }
    void set_ghost(bool ghost) { ghost_ = ghost; }

    // While A is recorded to `a_path`, B is recorded beside it (variant_replay_path), as a branch
    // of A's file: each file is an ordinary replay that verifies on its own. The error is shown
    // when B's file cannot be written (A's recording goes on).
    void start_recording(const std::string& a_path);
    bool recording() const { return recorder_.recording(); }
    // Throws on a disk error, as SessionRecorder::flush.
    void flush_recording();
    // B's recording ends here, whole; an error closing it is shown.
    void end_recording();

    // B's step after A's: its held slider's latest value, what its view commands, the step.
    void tick();

    // A parameter edit on the side(s) chosen, as the panel makes it (tests, automation): why it
    // was refused ("A: ..." or "B: ..."), or nothing.
    std::optional<std::string> set_param(const std::string& key, double value);
    // Applies a designer's edit to side A or B through its history, and, when `both`, the same
    // edit to the other side too (one step of undo for both). Says what happened in the status line.
    // Returns the first side's refusal, or nullopt when it was applied there.
    std::optional<std::string> apply_edit(bool b, Command c, bool both);
    // A click on side A's or B's canvas, at `at` (world units): what the side's view queues for
    // it is that side's edit (both sides' with `both`).
    void click(bool b, glm::dvec2 at, double pick_radius, bool both);
    // A new edit on one side drops what the other side could redo (as one history would).
    void sync_redo();
    // Edit > Undo / Redo: the latest edit on either side (both when made on both).
    bool can_undo(bool redo) const;
    std::string undo_label(bool redo) const;
    void undo(bool redo);

    // Parameters whose value B has other than A: key, A's value, B's value (as the table prints).
    struct ParamDifference {
        std::string key, a, b;
    };
    std::vector<ParamDifference> differences() const;
    // B's run differs from A's though no parameter does: B's edits were undone, but what they
    // did while in effect stays in B's world (its results still differ from A's).
    bool diverged_without_differences() const;
    // B made again from A now (A's world, tick and values; B's own edits go): B - A starts from
    // zero. Refused, said in the status line, while B is recorded (its file would break off).
    void fork_again();
    // Writes B as a scenario file (atomically), as File > Save would write A: the path written
    // (".toml" added when `path` has no extension), or nothing with the error shown.
    std::optional<std::string> save(const std::string& path);
    // The file dialog open now is "Save B as..." (the Compare tab asked for it).
    bool save_pending() const { return save_pending_; }
    void clear_save_pending() { save_pending_ = false; }

    // Leaving: the question whether to keep A or B (Cancel stays in compare mode).
    void request_end() { question_ = true; }
    bool question_open() const { return question_; }

    // B's world and view for the Analysis tab (compare results beside A's).
    CompareFrame b_frame() const;

    // --- drawing (compare_session_draw.cpp) ---
    // What the designer asked for in the Compare tab or the question.
    enum class Finish { None, KeepA, KeepB, SaveB };
    // B's world over A's canvas, faded (the ghost view), in A's `frame`.
    void draw_ghost(const CanvasFrame& frame);
    // The right half of the canvas, width x height: B's own pan and zoom, hover text; it edits
    // B as A's edits A (drag while paused, click, build), with Shift both. `frame` is A's.
    void draw_canvas(float width, float height, CanvasFrame frame, CanvasGestures& gestures);
    // The switch for the side the Parameters and Tools tabs edit.
    void draw_edit_switch();
    // The Parameters tab: the switch, then that side's panel (A's is `a_panel`).
    void draw_params(ParamPanelState& a_panel, std::string& refused);
    // The Compare tab: what B changed, the key results side by side, and the ways out (Keep B,
    // Save B as... (save_pending() is then on), Leave...).
    Finish draw_tab();
    // The question on leaving (request_end): Keep A or Keep B; Cancel closes it.
    Finish draw_question();

private:
    // What edits a side: A (the host's world) or B.
    struct Side {
        Simulation& sim;
        LabView& lab;
        EditHistory& history;
    };
    Side side(bool b);

    ShellHost& host_;
    std::unique_ptr<Simulation> sim_;   // B: forked from A, the same seed and tick
    std::unique_ptr<LabView> view_;     // B's own view: its charts and heat maps follow B
    CanvasView canvas_;                 // B's half of the canvas (its own pan and zoom)
    ParamPanelState panel_;             // B's parameter panel
    EditHistory history_;
    WidgetLocator widgets_;
    CompareEdit edit_ = CompareEdit::B;
    std::vector<std::string> results_;   // the lab's key results (engine/compare)
    std::int64_t fork_tick_ = 0;         // A's tick when B was made
    bool ghost_ = false;                 // B drawn faintly over A on one canvas, not beside it
    SessionRecorder recorder_;
    std::uint64_t seen_edit_seq_ = 0;   // the newest edit sync_redo has seen, on either side
    bool save_pending_ = false;
    bool question_ = false;   // leaving: keep A or B?
    bool question_popup_open_ = false;
};

}   // namespace pb::ui
