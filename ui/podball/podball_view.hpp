// Draws a Podball world on the canvas: the arena (field, half-way and keep-off lines, goal
// mouths in the defending team's colour), pods with their numbers, the ball and its carrier,
// velocity hints and the score box ("overlay.score", kept above the pitch; the goals are recorded
// as "keep_visible.goal.0/1"). While paused, pods and the ball can be dragged; the drop becomes a
// `pod.place` / `ball.place` command. Also the match analysis: goal exclusion areas with their
// holder and a heat map of each team's presence on demand on the canvas; in the side panel's
// Analysis tab the metrics, conduct flags, charts over match time and the heat map's key
// (podball_panel.cpp); in its Tools tab the keyboard / gamepad takeover of one pod.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/podball/world.hpp"
#include "ui/lab_view.hpp"
#include "ui/podball/match_history.hpp"
#include "ui/podball/pod_takeover.hpp"
#include "ui/podball/script_panel.hpp"

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
    std::string hover_hint(bool paused) const override {
        if (!hovered_entity_) return {};   // a heat map cell: nothing to drag
        return paused ? "Drag to place it" : "Pause (Space) to drag it";
    }
    std::string canvas_hint(bool paused) const override {
        return paused
                   ? "Paused \xc2\xb7 drag pods or the ball to place them \xc2\xb7 wheel zooms \xc2\xb7 right-drag pans"
                   : "Space pauses \xc2\xb7 wheel zooms \xc2\xb7 right-drag pans";
    }
    // Samples charts and the heat map as the world advances; issues the takeover's commands.
    std::vector<Command> before_tick(const World& world) override;

    bool draw_analysis(const World& world, const CanvasFrame& frame) override;
    ResultMeaning describe_result(const World& world, const std::string& path) const override;
    bool has_analysis() const override { return true; }
    bool draw_tools(const World& world, const CanvasFrame& frame) override;
    bool has_tools() const override { return true; }
    LabHelp help() const override;
    void switch_everything_on(const World& world, bool paused, int variant) override;   // everything_on.cpp
    // A saved Lua script: a script.reload for each team playing it (script_reload.cpp).
    std::vector<Command> script_saved(const World& world, const std::string& written, const std::string& text) override;
    std::vector<std::string> playing_scripts(const World& world) const override;
    void script_reloaded(const World& world, const Command& c, const std::optional<std::string>& refusal) override;
    // Per team, why the script saved last was not reloaded ("PATH:LINE: message"): empty when it
    // was, and once the team plays another script than it did then (an undo, a restart, another
    // scenario).
    std::array<std::string, 2> script_errors(const World& world) const;

    // Heat map of presence drawn on the arena: off, one team's, or both.
    enum class HeatMap { Off, Team0, Team1, Both };
    HeatMap heat_map() const { return heat_map_; }
    void set_heat_map(HeatMap h) { heat_map_ = h; }
    const MatchHistory& history() const { return history_; }
    // "off", "<team 0> only", "<team 1> only", "both teams".
    static std::string heat_map_label(const podball::PodballWorld& w, HeatMap h);
    // What the heat map says about the cell under `point` (empty when off or outside the arena):
    // per team shown, its share of the team's pod-time there and the mean pods there.
    std::string heat_cell_text(const podball::PodballWorld& w, glm::dvec2 point) const;
    PodTakeover& takeover() { return takeover_; }
    const PodTakeover& takeover() const { return takeover_; }
    // Each Lua team's script panel in the Analysis tab (ui/podball/script_panel.hpp).
    ScriptPanels& scripts() { return scripts_; }

private:
    struct Grabbed {
        int pod = -1;          // index into world.pods(); -1: the ball
        glm::dvec2 offset{};   // entity centre minus the grab point, so it does not jump
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
    // podball_panel.cpp: the designer's keys and clicks for the takeover; the heat map's key.
    void read_takeover_input(const podball::PodballWorld& w, const CanvasFrame& f);
    void draw_heat_map_key(const podball::PodballWorld& w, const CanvasFrame& f) const;

    // The heat map's tint: a cell holding `share` of the busiest cell's count is drawn in the
    // team colour at this alpha (square root: a few visits stay visible next to a pod that
    // never moved). Both teams at once: each at lower strength, so overlaps read as a mix.
    double heat_strength() const { return heat_map_ == HeatMap::Both ? 150.0 : 200.0; }
    static double heat_alpha(double strength, double share);
    bool heat_team_shown(int team) const {
        return heat_map_ == HeatMap::Both || (heat_map_ == HeatMap::Team0 && team == 0) ||
               (heat_map_ == HeatMap::Team1 && team == 1);
    }

    struct ReloadRefusal {
        std::string error;     // the world's refusal
        std::string written;   // the script's PATH
        std::string playing;   // the text the team played then (and plays on)
    };
    std::array<ReloadRefusal, 2> reload_refusals_;
    std::optional<Grabbed> grabbed_;
    glm::dvec2 drag_pos_{};
    MatchHistory history_;
    PodTakeover takeover_;
    ScriptPanels scripts_;
    HeatMap heat_map_ = HeatMap::Off;
    bool pick_takeover_ = false;           // the next click on a pod takes it over
    mutable bool hovered_entity_ = true;   // the last hover_text named a pod or the ball (not a cell)
};

}   // namespace pb::ui
