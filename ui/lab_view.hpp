// What a lab's view offers the shell: drawing its world on the canvas and, while the simulation
// is paused, letting the designer drag an entity, which becomes a command on release.
// Views read the world and return commands; they never write to it.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <imgui.h>

#include "engine/core/command.hpp"
#include "engine/core/world.hpp"
#include "ui/canvas.hpp"
#include "ui/widget_locator.hpp"

namespace pb::ui {

struct CanvasFrame {
    ImDrawList* draw = nullptr;
    const CanvasView* view = nullptr;
    float ui_scale = 1.0f;          // HiDPI factor for line widths and text
    bool paused = false;
    bool velocity_hints = true;
    WidgetLocator* widgets = nullptr;   // views record entity positions here for automation
};

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

    // Called by the shell once per frame, paused or not, after draw(): commands the view's own
    // widgets asked for this frame (a button in its side panel, an edited field). Views with
    // editing panels need this because before_tick only runs while the simulation runs.
    virtual std::vector<Command> frame_commands(const World&, std::int64_t /*tick*/) { return {}; }

    // Tooltip text for what lies under `point`, empty for nothing.
    virtual std::string hover_text(const World&, glm::dvec2 /*point*/, double /*pick_radius*/) const { return {}; }
};

// The view registered for a lab name (ui/lab_views.cpp); a placeholder that says so for a lab
// without a view yet.
std::unique_ptr<LabView> create_lab_view(std::string_view lab_name);

}  // namespace pb::ui
