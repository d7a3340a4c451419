// What the shell's canvases share: the gestures on a canvas (zoom about the cursor, pan, while
// paused a drag that drops an entity as a command, a click), the right half's canvas (compare
// mode's B, or B's replay beside A's under review) and the label in a canvas's corner. The main
// canvas is the shell's (ui/shell/shell_canvas.cpp); the sessions draw B's.
#pragma once
#include <functional>
#include <optional>
#include <string>

#include <imgui.h>
#include <glm/vec2.hpp>

#include "engine/core/command.hpp"

namespace pb {
class Simulation;
class World;
}   // namespace pb

namespace pb::ui {

class CanvasView;
class LabView;
class WidgetLocator;
struct CanvasFrame;

// The side a canvas shows and edits: the scenario (A) or, while comparing, B.
struct CanvasSide {
    Simulation& sim;
    LabView& lab;
    CanvasView& view;
    bool b;
};

// What a frame's gestures on one canvas came to; the canvas's owner applies it.
struct CanvasGesture {
    std::optional<Command> drop;       // an entity dropped: the view's command for it
    std::optional<glm::dvec2> click;   // a left press released where it began: a click, in world units
    bool both = false;                 // Shift held in compare mode: the edit goes to A and B
};

// A gesture in progress, across frames and the two canvases of compare mode.
class CanvasGestures {
public:
    // The canvas button's input (call right after it): zoom about the cursor, press (grab an
    // entity when `may_grab` and paused, else start a pan), drag, release.
    CanvasGesture input(CanvasSide side, float scale, bool hovered, bool active, glm::dvec2 mouse_world,
                        double pick_radius, bool paused, bool may_grab, bool comparing);
    bool busy() const { return drag_ != Drag::None; }
    void reset() { drag_ = Drag::None; }

private:
    enum class Drag { None, Pan, Entity };
    Drag drag_ = Drag::None;
    ImVec2 press_at_{};   // where a gesture began: a release close by is a click
    bool press_left_ = false;
    bool on_b_ = false;   // the gesture is on B's canvas (compare mode's right half)
};

// A label in the canvas's bottom-left corner, above the hint line (the top holds the labs' score
// boxes and colour keys): which side this is. Records "overlay.compare.<id>".
void label_canvas(const char* id, const std::string& text, ImU32 colour, WidgetLocator& widgets);

// The right half of the canvas, width x height: `lab`'s view of `world` on its own `view` (pan
// and zoom), drawn with `frame`'s settings, `hint` at the bottom and `label` in the corner (B's
// colour); records "canvas.b" in `widgets`. `input` gets the canvas button's hover and activity
// (compare mode edits B through it); without one the wheel zooms and a drag pans.
void draw_side_canvas(float width, float height, CanvasView& view, LabView& lab, const World& world, CanvasFrame frame,
                      WidgetLocator& widgets, const std::function<void(bool hovered, bool active)>& input,
                      const char* hint, const std::string& label);

}   // namespace pb::ui
