// Draws a Tasks world: the ship graph on the canvas (rooms, corridors priced by time and damage,
// hazards, players, equipment, the event), the routes of the chosen team with its players
// walking them, and a side panel with the Pareto charts (W^k of every team size, and the options
// of one player-equipment pair, dominated points faint), the chosen team as the paper's table,
// and the editing tools. Every edit is a command: dragging a room (room.move) or a player, a
// piece of equipment or the event onto a room (player.move, ...), and the panel's corridor,
// hazard and task fields. The world re-solves at once, so the charts follow the ship.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/tasks/world.hpp"
#include "ui/lab_view.hpp"

namespace pb::ui {

class TasksView final : public LabView {
public:
    static constexpr float kPanelWidth = 380.0f;   // at UI scale 1

    WorldRect bounds(const World& world) const override;
    void draw(const World& world, const CanvasFrame& frame) override;

    bool grab(const World& world, glm::dvec2 point, double pick_radius) override;
    void drag_to(glm::dvec2 point) override { drag_pos_ = point; }
    std::optional<Command> release(const World& world, std::int64_t tick) override;
    void cancel_drag() override { grabbed_.reset(); }
    bool dragging() const override { return grabbed_.has_value(); }
    std::string hover_text(const World& world, glm::dvec2 point, double pick_radius) const override;

    // What is grabbed: a room, or a token standing in one.
    enum class Token { Room, Player, Equipment, Event };
    // The solution shown on the canvas: an index into the solution's points and one of its teams;
    // -1 = the first efficient one.
    struct Choice {
        int point = -1;
        int team = 0;
    };
    const Choice& chosen() const { return chosen_; }
    void choose(int point, int team = 0) { chosen_ = Choice{point, team}; }

private:
    struct Grabbed {
        Token token = Token::Room;
        int index = 0;               // room number, or 0-based player / equipment index
        glm::dvec2 offset{};         // token centre minus the grab point
    };

    static const tasks::TasksWorld& tasks_world(const World& world);
    static glm::dvec2 room_pos(const tasks::Ship& ship, int room) {
        return {ship.rooms[room].x, ship.rooms[room].y};
    }
    // Where each token sits on the canvas: tokens in the same room fan out around it.
    glm::dvec2 token_pos(const tasks::TasksWorld& w, Token token, int index) const;
    std::optional<Grabbed> pick(const tasks::TasksWorld& w, glm::dvec2 point, double pick_radius) const;
    int nearest_room(const tasks::Ship& ship, glm::dvec2 point) const;
    // The point shown: the hovered chart point wins over the chosen one.
    int shown_point(const tasks::TaskSolution& s) const;

    void draw_ship(const tasks::TasksWorld& w, const CanvasFrame& f) const;
    void draw_routes(const tasks::TasksWorld& w, const CanvasFrame& f) const;
    void draw_tokens(const tasks::TasksWorld& w, const CanvasFrame& f) const;
    // tasks_panel.cpp
    void draw_panel(const tasks::TasksWorld& w, const CanvasFrame& f);
    void draw_team_chart(const tasks::TasksWorld& w, float scale);
    void draw_pair_chart(const tasks::TasksWorld& w, float scale);
    void draw_team_table(const tasks::TasksWorld& w);
    void draw_edit_tools(const tasks::TasksWorld& w);

    std::optional<Grabbed> grabbed_;
    glm::dvec2 drag_pos_{};
    Choice chosen_;
    int hovered_point_ = -1;          // chart point under the mouse this frame
    int pair_player_ = 0, pair_equipment_ = 0;
    // The panel's share of the canvas last frame: bounds() leaves that much room on the right so
    // that the fitted ship is not hidden under the panel.
    double panel_share_ = 0.45;
    std::vector<Command> pending_;    // from the panel this frame, queued for the shell after drawing
    // Edit fields (UI state only; a button turns them into a command).
    int edit_from_ = 0, edit_to_ = 1, edit_time_ = 1, edit_damage_ = 0, edit_room_ = 0, edit_hazard_ = 1;
};

}  // namespace pb::ui
