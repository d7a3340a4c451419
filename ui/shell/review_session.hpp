// A replay under review (docs/replays.md#replays-in-the-window): the replay player's simulation on
// screen with editing off, checked for divergence a slice a frame; the timeline, banners and the
// Review tab (notes saved into the file at once); a loop between two ticks; and, for a recording
// made in compare mode, B's replay beside it in lockstep. The engine does the work
// (engine/core/replay.hpp); the session says what happened through the shell (ShellHost), which
// switches the screen to the player's simulation and back (Shell::open_replay, close_replay,
// take_over) and draws the transport.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "engine/core/replay.hpp"
#include "ui/lab_view.hpp"
#include "ui/widgets/canvas.hpp"

namespace pb::ui {

class FixedStepClock;
class Painter;
class ShellHost;
class WidgetLocator;

// A replay whose scenario runs module libraries (code) opens only once the designer agrees: the
// question names each library, the file found with the pinned SHA-256 and the hash.
struct ModuleQuestion {
    std::string path;                     // the replay
    std::vector<std::string> libraries;   // one text per library: what it is, where, its SHA-256
    bool popup_open = false;
    enum class Answer { None, Load, Cancel, Closed };
    // The modal dialog; what the designer answered this frame (Closed: the popup went away).
    Answer draw(WidgetLocator& widgets);
};

// True when `path` is a readable file starting with the replay magic ("PBRPLY\r\n"): replays are
// told from scenarios by their content, never by their name.
bool is_replay_file(const std::string& path);

// The file B's replay goes to when A's goes to `a_path`: "match.pbreplay" -> "match.b.pbreplay".
std::string variant_replay_path(const std::string& a_path);

// The file's name without its folders, for titles and messages: "r.pbreplay".
std::string file_name(const std::string& path);

class ReviewSession {
public:
    // What opening a replay came to: the session, or the module question to ask first, or neither
    // (the error is shown).
    struct Opened {
        std::unique_ptr<ReviewSession> session;
        std::optional<ModuleQuestion> question;
    };
    // Reads and checks `path` (and B's replay beside it, when there is one); modules are loaded
    // only with `allow_modules`. Nothing on screen changes here.
    static Opened open(ShellHost& host, const std::string& path, bool allow_modules);
    // What the status line says once the session is on screen.
    std::string opened_message() const;

    ReplayPlayer& player() { return *player_; }
    const ReplayPlayer& player() const { return *player_; }
    const std::string& path() const { return path_; }
    // From loading (a cut-off file), shown until dismissed.
    const std::vector<std::string>& warnings() const { return warnings_; }
    // The file's notes plus those added here, by tick.
    const std::vector<ReplayNote>& notes() const { return notes_; }
    bool looping() const { return loop_; }
    // B's replay beside A's (a recording made in compare mode), or null.
    ReplayPlayer* b_player() { return b_player_.get(); }

    // A frame: checks the recorded hashes ahead a slice at a time and, unless paused, plays the
    // ticks `clock` has due (looping, or pausing at the end). Returns the ticks played.
    std::int64_t update(double frame_seconds, FixedStepClock& clock);
    // Transport (clamped to the recording).
    void seek(std::int64_t tick);
    void step(std::int64_t delta);
    // At the end of the replay (or the loop's), Play starts again from the top (or the loop's start).
    void rewind_if_ended();
    void set_loop_start();   // A = the current tick
    void set_loop_end();     // B = the current tick
    void toggle_loop();

    // A note at the current tick (and optionally a point in world units), saved into the replay
    // file at once. False with the error shown.
    bool add_note(const std::string& text, std::optional<glm::dvec2> point = std::nullopt);
    // Deletes a note (a deletion record appended to the file).
    bool delete_note(std::uint32_t id);
    // Edit > Undo deletes the latest note added here; Redo adds it back at its tick.
    void undo_note(bool redo);
    bool can_undo_note(bool redo) const { return !(redo ? undone_notes_ : added_notes_).empty(); }
    // Commands a view queued while reviewing are dropped: the recorded world must stay as it was.
    void refuse_edits(LabView& lab);

    // The canvas: a click sets the point of the note being written (true) when asked to; the hint
    // in the corner; the notes' pins near their tick.
    bool pick_point(glm::dvec2 at);
    std::string canvas_hint() const;
    void draw_pins(Painter& draw, const CanvasView& view, float scale) const;
    // B's replay on the right half of the canvas, `frame` as A's (its own pan and zoom).
    void draw_b_canvas(float width, float height, CanvasFrame frame);
    // B's world and view for the Analysis tab (compare results beside A's), or none.
    CompareFrame b_frame() const;

    // The timeline across the window (a mark per command and note, the divergence in red, drag
    // to seek), the banners (divergence, an incomplete file) and the Review tab.
    void draw_timeline();
    void draw_banners();
    void draw_panel();

private:
    explicit ReviewSession(ShellHost& host) : host_(host) {}

    ShellHost& host_;
    std::unique_ptr<ReplayPlayer> player_;
    std::string path_;
    std::vector<std::string> warnings_;
    std::vector<ReplayNote> notes_;
    std::uint32_t next_note_id_ = 1;   // above every id seen, deleted ones included
    // Notes added here, latest last, for Edit > Undo (which deletes one) and Redo (which adds it
    // back at its tick).
    std::vector<ReplayNote> added_notes_, undone_notes_;
    bool loop_ = false;
    std::int64_t loop_a_ = 0, loop_b_ = 0;   // the looped range, ticks
    // Ticks checked ahead per frame, adapted so checking costs a few milliseconds a frame.
    std::int64_t check_slice_ = 2000;
    bool divergence_announced_ = false;
    // The note being written in the Review tab.
    std::string note_text_;
    std::optional<glm::dvec2> note_point_;
    bool picking_point_ = false;   // the next canvas click sets note_point_
    // A recording made in compare mode: B's replay beside it (A's name with ".b", a branch of A's
    // file), played in lockstep and shown on the right half of the canvas.
    std::unique_ptr<ReplayPlayer> b_player_;
    std::string b_path_;
    std::unique_ptr<LabView> b_view_;
    CanvasView b_canvas_;
};

}   // namespace pb::ui
