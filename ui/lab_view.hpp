// What a lab's view offers the shell: drawing its world on the canvas and, while the simulation
// is paused, letting the designer drag an entity, which becomes a command on release.
// Views read the world and return commands; they never write to it.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <imgui.h>

#include "engine/core/command.hpp"
#include "engine/core/world.hpp"
#include "ui/render/painter.hpp"
#include "ui/widgets/canvas.hpp"
#include "ui/widgets/gamepad.hpp"
#include "ui/widgets/widget_locator.hpp"

namespace pb::ui {

class LabView;

// What a key result (a value path such as "metrics.teams[0].mined") means to a designer: compare
// mode's tables name it so (LabView::describe_result).
struct ResultMeaning {
    std::string label;    // "Blue goals", "delivered to sinks"
    std::string unit;     // "goals", "units", "%"; empty for a count
    int better = 0;       // +1: more is better, -1: less is better, 0: the lab cannot say
    double scale = 1.0;   // shown value = world value x scale (a fraction shown in %)
    std::string what;     // a tooltip line, may be empty
};

// While comparing (Simulation > Compare with a variant, or reviewing a compare recording), the
// Analysis tab gets B beside A: B's world and B's own view, which watched B's ticks (its charts'
// histories follow B). A lab overlays B's runs on its charts and shows A, B and B - A for its key
// results (`results`: value paths as in engine/compare, resolved with world_values).
struct CompareFrame {
    const World* world = nullptr;
    const LabView* view = nullptr;   // the same lab's view type as the one drawing
    std::vector<std::string> results;
};

struct CanvasFrame {
    Painter* draw = nullptr;   // every shape goes through the painter's guards (ui/render/painter.hpp)
    const CanvasView* view = nullptr;
    float ui_scale = 1.0f;   // HiDPI factor for line widths and text
    bool paused = false;
    bool velocity_hints = true;
    WidgetLocator* widgets = nullptr;        // views record entity positions here for automation
    const GamepadState* gamepad = nullptr;   // the first game controller the host sees, if any
    const CompareFrame* compare = nullptr;   // set for the Analysis tab while comparing
    // Compare mode's B ghosted over A's canvas (docs/compare.md#compare-mode-in-the-window): the
    // view leaves out what sits at fixed places on screen or fills a whole panel (score and
    // status boxes, keys, lane panels), which would cover A's or print over its numbers.
    bool ghost = false;
    // Why the script a team plays was not replaced by the one the designer saved, per team (the
    // view's own, set for its panels: docs/lua-teams.md#hot-reload-in-the-window); null for none.
    const std::array<std::string, 2>* script_errors = nullptr;
};

// What Help > About this lab says (ui/shell/shell_help.cpp draws it).
struct LabKey {
    std::string keys;   // "H", "Ctrl+click", "drag (paused)"
    std::string what;
};
struct LabHelp {
    std::string what_you_see;   // paragraphs, separated by blank lines
    std::string what_you_can_do;
    std::vector<LabKey> keys;   // the keys and gestures that work in this lab (canvas and tools)
    std::string source;         // the seed document and spec it follows
};

// Overlays a view draws on the canvas (score boxes, folded windows, floating panels) record their
// screen rectangles in the WidgetLocator under "overlay.<name>", and what must stay in sight
// (goals, the ship) under "keep_visible.<name>": the layout test checks no overlay covers the
// canvas centre or anything kept visible at the default layout.
class LabView {
public:
    virtual ~LabView() = default;

    // The world rectangle "zoom to fit" shows.
    virtual WorldRect bounds(const World& world) const = 0;
    virtual void draw(const World& world, const CanvasFrame& frame) = 0;

    // Entity dragging (the shell only offers it while paused). grab() starts a drag when an
    // entity lies within `pick_radius` of `point`; drag_to() follows the mouse; release() ends
    // it and returns the command that places the entity there.
    virtual bool grab(const World&, glm::dvec2 /*point*/, double /*pick_radius*/) { return false; }
    virtual void drag_to(glm::dvec2 /*point*/) {}
    virtual std::optional<Command> release(const World&, std::int64_t /*tick*/) { return std::nullopt; }
    virtual void cancel_drag() {}
    virtual bool dragging() const { return false; }

    // Called by the shell before each tick it runs: the view may watch the world advance (charts,
    // heat maps) and return commands to issue now, such as a pod steered from the keyboard. The
    // shell submits them like the designer's other commands.
    virtual std::vector<Command> before_tick(const World&) { return {}; }

    // Tooltip text for what lies under `point`, empty for nothing.
    virtual std::string hover_text(const World&, glm::dvec2 /*point*/, double /*pick_radius*/) const { return {}; }
    // The tooltip's second line and the canvas's corner hint: what the designer can do here.
    virtual std::string hover_hint(bool paused) const {
        return paused ? "Drag to move it" : "Pause (Space) to drag it";
    }
    virtual std::string canvas_hint(bool paused) const {
        return paused ? "Paused \xc2\xb7 drag things to move them \xc2\xb7 wheel zooms \xc2\xb7 right-drag pans"
                      : "Space pauses \xc2\xb7 wheel zooms \xc2\xb7 right-drag pans";
    }

    // A left click on the canvas that grabbed nothing and barely moved (running or paused): the
    // view may select, or queue a command (build here).
    virtual void click(const World&, glm::dvec2 /*point*/, double /*pick_radius*/, bool /*paused*/) {}

    // The lab's tools in the side panel's Tools tab (ImGui widgets: a team to build for, actions
    // on the selection). Return false to show nothing.
    virtual bool draw_tools(const World&, const CanvasFrame&) { return false; }
    virtual bool has_tools() const { return false; }
    // The lab's analysis in the side panel's Analysis tab: metrics, charts (ui/widgets/chart.hpp, with
    // axes, units and a readout on hover), comparisons, the keys to the canvas's colours.
    // Return false when the lab has none.
    virtual bool draw_analysis(const World&, const CanvasFrame&) { return false; }
    virtual bool has_analysis() const { return false; }
    // A key result in the lab's words (compare mode's tables); an empty label shows the path.
    virtual ResultMeaning describe_result(const World&, const std::string& /*path*/) const { return {}; }

    // Help > About this lab, and the lab's lines in the shortcut list.
    virtual LabHelp help() const { return {}; }

    // "Everything on" (ui/soak_setup.hpp): switches on every overlay, heat map and option the view
    // offers, through its own API, so the soak test and `bench render` draw the busiest picture a
    // designer can ask for. `variant` picks among options that exclude each other; 0 is the
    // fullest top-down picture. Called again as the world changes (a selection may have gone).
    virtual void switch_everything_on(const World&, bool /*paused*/, int /*variant*/) {}

    // A script the scenario names (LabSetup::scripts) was saved with `text`
    // (docs/lua-teams.md#hot-reload-in-the-window): the commands that make the world play it
    // (Podball: a script.reload for each team playing PATH), which the shell submits as the
    // designer's edits; none when the world already plays that text.
    virtual std::vector<Command> script_saved(const World&, const std::string& /*written*/,
                                              const std::string& /*text*/) {
        return {};
    }
    // The scripts the world plays now, by PATH as written, which the shell watches besides the
    // scenario's (a Podball team switched to a new script by team.module).
    virtual std::vector<std::string> playing_scripts(const World&) const { return {}; }
    // What became of one of those commands: the world's refusal, or nullopt (it plays the text).
    virtual void script_reloaded(const World&, const Command&, const std::optional<std::string>& /*refusal*/) {}

    // Commands the view queued this frame (tool buttons, clicks, keys), drained by the shell after
    // drawing and submitted at the current tick whether running or paused.
    std::vector<Command> take_commands() { return std::exchange(queued_, {}); }

protected:
    void queue(Command c) { queued_.push_back(std::move(c)); }

private:
    std::vector<Command> queued_;
};

// The view registered for a lab name (ui/lab_views.cpp); a placeholder that says so for a lab
// without a view yet.
std::unique_ptr<LabView> create_lab_view(std::string_view lab_name);

// The window never waits for a view's long computation (a Tasks solve): views that can do it on a
// worker thread do so from now on (ui/lab_views.cpp). Tests and offscreen renders keep the
// default, the answer in the frame that asks.
void set_lab_views_work_off_frame(bool off_frame);

}   // namespace pb::ui
