// Draws a Tasks world: the ship graph on the canvas (rooms, corridors priced by time and damage,
// hazards, players, equipment, the event; its screen rectangle recorded as "keep_visible.ship"),
// the routes of the chosen team with its players walking them. The side panel's Analysis tab
// holds the Pareto chart of every team size (one colour and one marker shape per k, the
// efficient set filled and listed), the chosen team as a table like those of the Toward the Stars
// paper (docs/labs/tasks.md#sources) and the options of one
// player-equipment pair; "Open Pareto chart" shows the team chart large in its own movable,
// resizable window (about half the screen, placed over the side panel and the canvas's lower
// right, with the ship refitted beside it; "overlay.pareto" while it lies over the canvas). The
// Tools tab holds the editing fields. Every edit is a command: dragging a room (room.move) or a
// player, a piece of equipment or the event onto a room (player.move, ...), and the corridor,
// hazard and task fields. The world re-solves on every edit, so the charts follow the ship.
//
// The solve: by default the view shows the world's answer, solving it if nobody has (so a render,
// a test or a replay review shows the final answer of the frame's state). The window turns on
// set_solve_off_frame(true): then a worker thread (BackgroundSolve) solves the world's current job
// while frames go on drawing the last finished answer, dimmed, with a "Solving..." marker on the
// canvas and in the Analysis tab saying how long it has taken and how many edits old the shown
// answer is. Once done, the shown answer is the world's own (the synchronous one).
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/tasks/world.hpp"
#include "ui/lab_view.hpp"

namespace pb::ui {

class BackgroundSolve;

class TasksView final : public LabView {
public:
    TasksView();
    ~TasksView() override;
    TasksView(const TasksView&) = delete;
    TasksView& operator=(const TasksView&) = delete;

    // Process-wide: whether Tasks views solve off the frame (the window) or wait for the answer
    // (the default: render, tests, replay review). Read each frame.
    static void set_solve_off_frame(bool off_frame);
    static bool solve_off_frame();
    WorldRect bounds(const World& world) const override;
    void draw(const World& world, const CanvasFrame& frame) override;

    bool grab(const World& world, glm::dvec2 point, double pick_radius) override;
    void drag_to(glm::dvec2 point) override { drag_pos_ = point; }
    std::optional<Command> release(const World& world, std::int64_t tick) override;
    void cancel_drag() override { grabbed_.reset(); }
    bool dragging() const override { return grabbed_.has_value(); }
    std::string hover_text(const World& world, glm::dvec2 point, double pick_radius) const override;

    bool draw_analysis(const World& world, const CanvasFrame& frame) override;
    ResultMeaning describe_result(const World& world, const std::string& path) const override;
    bool has_analysis() const override { return true; }
    bool draw_tools(const World& world, const CanvasFrame& frame) override;
    bool has_tools() const override { return true; }
    LabHelp help() const override;
    void switch_everything_on(const World& world, bool paused, int variant) override;   // everything_on.cpp

    // The large Pareto chart window ("Open Pareto chart" in the Analysis tab); it stays open
    // until closed, also across scenarios of the lab.
    bool pareto_open() const { return pareto_open_; }
    void set_pareto_open(bool open) { pareto_open_ = open; }

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

    // What the frames show (tests): the job whose answer is on screen (null when none), whether
    // it is an older one while the current job is solved, and the worker (null until needed).
    const tasks::TaskSolveJob* shown_job() const { return shown_job_.get(); }
    bool showing_older() const { return older_; }
    BackgroundSolve* background() { return background_.get(); }

private:
    struct Grabbed {
        Token token = Token::Room;
        int index = 0;         // room number, or 0-based player / equipment index
        glm::dvec2 offset{};   // token centre minus the grab point
    };

    static const tasks::TasksWorld& tasks_world(const World& world);
    static glm::dvec2 room_pos(const tasks::Ship& ship, int room) { return {ship.rooms[room].x, ship.rooms[room].y}; }
    // Where each token sits on the canvas: tokens in the same room fan out around it.
    glm::dvec2 token_pos(const tasks::TasksWorld& w, Token token, int index) const;
    std::optional<Grabbed> pick(const tasks::TasksWorld& w, glm::dvec2 point, double pick_radius) const;
    int nearest_room(const tasks::Ship& ship, glm::dvec2 point) const;
    // The point shown: the hovered chart point wins over the chosen one.
    int shown_point(const tasks::TaskSolution& s) const;

    // Picks this frame's answer (called first by every entry that draws from it): the world's
    // current one, or while the worker solves it, the last finished one.
    void refresh_solution(const tasks::TasksWorld& w);
    const tasks::TaskSolution& shown_solution() const;
    // "Solving... 0.4 s; shown: the answer from 2 edits ago", empty when the answer is current.
    std::string solving_text() const;
    void draw_solving_marker(const CanvasFrame& f) const;

    void draw_ship(const tasks::TasksWorld& w, const CanvasFrame& f) const;
    void draw_routes(const tasks::TasksWorld& w, const CanvasFrame& f) const;
    void draw_tokens(const tasks::TasksWorld& w, const CanvasFrame& f) const;
    void record_ship_rect(const tasks::TasksWorld& w, const CanvasFrame& f) const;
    // tasks_panel.cpp
    void draw_pareto_window(const tasks::TasksWorld& w, const CanvasFrame& f);
    // The team chart: W^k of every k, `plot_height` px high (UI scale 1), with its key. The plot
    // is recorded in `widgets` as `record_as`. With `b` (compare mode), B's efficient teams too.
    void draw_team_chart(const tasks::TasksWorld& w, const char* id, float plot_height, float scale,
                         WidgetLocator* widgets, const char* record_as, const tasks::TaskSolution* b = nullptr);
    // The efficient set as a table (click a row to show that team): `list_rows` rows then it
    // scrolls, or filling `height` px when that is positive.
    void draw_efficient_list(const tasks::TasksWorld& w, float scale, int list_rows, float height);
    void draw_pair_chart(const tasks::TasksWorld& w, float scale);
    void draw_team_table(const tasks::TasksWorld& w);
    void draw_edit_tools(const tasks::TasksWorld& w);

    std::optional<Grabbed> grabbed_;
    glm::dvec2 drag_pos_{};
    Choice chosen_;
    int hovered_point_ = -1;   // chart point under the mouse (this frame or the last)
    int hover_next_ = -1;      // found by the charts this frame, shown on the ship next frame
    int pair_player_ = 0, pair_equipment_ = 0;
    bool pareto_open_ = false;
    float key_height_ = 60.0f;   // the team chart's key, as tall as last frame
    // The share of the canvas's width the Pareto window covered last frame: bounds() leaves that
    // much room on the right so that the fitted ship is not hidden under it.
    double pareto_share_ = 0.0;
    std::unique_ptr<BackgroundSolve> background_;
    std::shared_ptr<const tasks::TaskSolveJob> shown_job_;     // whose answer the frame draws
    std::shared_ptr<const tasks::TaskSolveJob> solving_job_;   // the world's current job, while older_
    bool older_ = false;                                       // shown_job_ is not the world's current job
    double solving_since_ = 0.0;                               // ImGui time the current job was first seen unsolved
    std::vector<Command> pending_;   // from the panel this frame, queued for the shell after drawing
    // Edit fields (UI state only; a button turns them into a command).
    int edit_from_ = 0, edit_to_ = 1, edit_time_ = 1, edit_damage_ = 0, edit_room_ = 0, edit_hazard_ = 1;
};

}   // namespace pb::ui
