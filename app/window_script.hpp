// UI automation for the live window (tests, demos): a text file of timed input events that the
// main loop pushes as real SDL events, so they travel the same path as a person's input.
//
//   # comment
//   frame 30 dump before.json            writes the window's JSON report (tick, params, widgets...)
//   frame 40 click @transport.play       left click at the centre of a named widget
//   frame +5 click 120 40                ... or at window coordinates; "+5" = 5 frames after the last line
//   frame +5 click @rgs.map -100 40       ... or that far from a widget's centre
//   frame 50 drag @param.podball.ball.friction 80 0    press, move by (dx, dy) over a few frames, release
//   frame 60 drag right 400 300 500 350  any button (left, right, middle), from x1 y1 to x2 y2
//   frame 70 wheel 2 @canvas              mouse wheel notches at a point (negative: zoom out)
//   frame 80 key ctrl+s                   a key with modifiers (SDL key names: space, ., f12, return...)
//   frame 85 text scenarios/other.toml    types text (into the focused field)
//   frame 88 drop scenarios/other.toml    drops a file on the window (as from a file manager)
//   frame 90 screenshot shot.png          writes what the window shows
//   frame 99 quit                         quits (without the unsaved-changes question)
//
// Widget names are those the shell records while drawing (see `dump`): transport.play,
// transport.step, param.<key>, params.filter, canvas, podball.pod.<team>.<index>, ...
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <SDL.h>

#include "ui/widgets/widget_locator.hpp"

namespace pb::app {

struct ScriptAction {
    enum class Kind { Move, Click, DoubleClick, Drag, Wheel, Key, Text, Drop, Dump, Screenshot, Quit };
    int frame = 0;
    int line = 0;
    Kind kind = Kind::Move;
    std::uint8_t button = SDL_BUTTON_LEFT;
    std::string widget;     // "@name" targets: resolved when the action starts
    float x = 0, y = 0;     // point, or drag start, or offset from the widget centre
    float x2 = 0, y2 = 0;   // drag end (absolute) or drag delta (with a widget)
    int amount = 0;         // wheel notches
    bool at_point = true;   // wheel: move to the point first
    SDL_Scancode key = SDL_SCANCODE_UNKNOWN;
    std::uint16_t mod = KMOD_NONE;
    std::string text;   // typed text, or the file of drop / dump / screenshot
};

// Parses a script; returns false with `error` as "file:line: what".
bool parse_window_script(const std::string& text, const std::string& name, std::vector<ScriptAction>& out,
                         std::string& error);

class ScriptPlayer {
public:
    explicit ScriptPlayer(std::vector<ScriptAction> actions);

    // At the start of frame `frame`: starts the actions due and pushes the SDL events due now.
    void push_events(int frame, const ui::WidgetLocator& widgets, std::uint32_t window_id);
    // After the frame was drawn: the dump / screenshot / quit actions due at `frame`.
    std::vector<ScriptAction> end_of_frame_actions(int frame);
    bool finished() const;
    int errors() const { return errors_; }

private:
    struct TimedEvent {
        int frame;
        SDL_Event event;
    };
    bool resolve(const ScriptAction& a, const ui::WidgetLocator& widgets, float& x, float& y);
    // An input action started at `frame`: its SDL events scheduled over the next frames.
    void start(const ScriptAction& a, int frame, const ui::WidgetLocator& widgets, std::uint32_t window_id);
    void schedule_click(const ScriptAction& a, int frame, float x, float y, std::uint32_t window_id);
    void schedule_drag(const ScriptAction& a, int frame, float x, float y, std::uint32_t window_id);
    void schedule_wheel(const ScriptAction& a, int frame, const ui::WidgetLocator& widgets, std::uint32_t window_id);
    void schedule_key(const ScriptAction& a, int frame, std::uint32_t window_id);
    void schedule_text(const ScriptAction& a, int frame, std::uint32_t window_id);
    void schedule_mouse(int frame, std::uint32_t type, float x, float y, std::uint8_t button, std::uint32_t window_id,
                        std::uint8_t clicks = 1);

    std::vector<ScriptAction> actions_;
    std::size_t next_ = 0;       // next input action to start
    std::size_t next_end_ = 0;   // next end-of-frame action
    std::vector<TimedEvent> pending_;
    int last_frame_ = 0;
    int errors_ = 0;
};

}   // namespace pb::app
