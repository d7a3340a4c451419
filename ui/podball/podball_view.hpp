// Draws a Podball world on the canvas: the arena (field, half-way and keep-off lines, goal
// mouths in the defending team's colour), pods with their numbers, the ball and its carrier,
// velocity hints and the score overlay. While paused, pods and the ball can be dragged; the
// drop becomes a `pod.place` / `ball.place` command.
#pragma once
#include <optional>

#include "engine/podball/world.hpp"
#include "ui/lab_view.hpp"

namespace pb::ui {

class PodballView final : public LabView {
public:
    // How far ahead a velocity hint points, in ticks: long enough to read a pod's course.
    static constexpr double kVelocityHintTicks = 30.0;
    // Depth of the drawn goal boxes behind the goal line, in arena widths (visual only).
    static constexpr double kGoalDepth = 0.035;

    WorldRect bounds(const World& world) const override;
    void draw(const World& world, const CanvasFrame& frame) override;

    bool grab(const World& world, glm::dvec2 point, double pick_radius) override;
    void drag_to(glm::dvec2 point) override { drag_pos_ = point; }
    std::optional<Command> release(const World& world, std::int64_t tick) override;
    void cancel_drag() override { grabbed_.reset(); }
    bool dragging() const override { return grabbed_.has_value(); }
    std::string hover_text(const World& world, glm::dvec2 point, double pick_radius) const override;

private:
    struct Grabbed {
        int pod = -1;           // index into world.pods(); -1: the ball
        glm::dvec2 offset{};    // entity centre minus the grab point, so it does not jump
    };
    // The pod (index into pods()) or ball (-1) under `point`; nullopt for nothing.
    static std::optional<int> pick(const podball::PodballWorld& w, glm::dvec2 point, double pick_radius);
    static const podball::PodballWorld& podball(const World& world);

    void draw_arena(const podball::PodballWorld& w, const CanvasFrame& f) const;
    void draw_entities(const podball::PodballWorld& w, const CanvasFrame& f) const;
    void draw_drag_ghost(const podball::PodballWorld& w, const CanvasFrame& f) const;
    void draw_overlay(const podball::PodballWorld& w, const CanvasFrame& f) const;

    std::optional<Grabbed> grabbed_;
    glm::dvec2 drag_pos_{};
};

}  // namespace pb::ui
