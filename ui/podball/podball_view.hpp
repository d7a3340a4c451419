// Draws a Podball world on the canvas: the arena (field, half-way and keep-off lines, goal
// mouths in the defending team's colour), pods with their numbers, the ball and its carrier,
// velocity hints and the score overlay. While paused, pods and the ball can be dragged; the
// drop becomes a `pod.place` / `ball.place` command. Also the match analysis: goal exclusion
// areas with their holder, a heat map of each team's presence on demand, and a "Podball" window
// with the metrics, conduct flags, charts over match time and the keyboard takeover of one pod.
#pragma once
#include <optional>
#include <vector>

#include "engine/podball/world.hpp"
#include "ui/lab_view.hpp"
#include "ui/podball/match_history.hpp"
#include "ui/podball/pod_takeover.hpp"

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
    std::string hover_hint(bool paused) const override { return paused ? "Drag to place it" : "Pause (Space) to drag it"; }
    std::string canvas_hint(bool paused) const override {
        return paused ? "Paused \xc2\xb7 drag pods or the ball to place them \xc2\xb7 wheel zooms \xc2\xb7 right-drag pans"
                      : "Space pauses \xc2\xb7 wheel zooms \xc2\xb7 right-drag pans";
    }
    // Samples charts and the heat map as the world advances; issues the takeover's commands.
    std::vector<Command> before_tick(const World& world) override;

    // Heat map of presence drawn on the arena: off, one team's, or both.
    enum class HeatMap { Off, Team0, Team1, Both };
    HeatMap heat_map() const { return heat_map_; }
    void set_heat_map(HeatMap h) { heat_map_ = h; }
    const MatchHistory& history() const { return history_; }
    PodTakeover& takeover() { return takeover_; }
    const PodTakeover& takeover() const { return takeover_; }

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
    void draw_goal_areas(const podball::PodballWorld& w, const CanvasFrame& f) const;
    void draw_heat_map(const podball::PodballWorld& w, const CanvasFrame& f) const;
    void draw_takeover_marker(const podball::PodballWorld& w, const CanvasFrame& f) const;
    // podball_panel.cpp: the designer's keys and clicks for the takeover, and the analysis window.
    void read_takeover_input(const podball::PodballWorld& w, const CanvasFrame& f);
    void draw_panel(const podball::PodballWorld& w, const CanvasFrame& f);

    std::optional<Grabbed> grabbed_;
    glm::dvec2 drag_pos_{};
    MatchHistory history_;
    PodTakeover takeover_;
    HeatMap heat_map_ = HeatMap::Off;
    bool pick_takeover_ = false;   // the next click on a pod takes it over
};

}  // namespace pb::ui
