// The Tasks view: dragging rooms and tokens becomes commands the world accepts (and re-solves
// on), hover text names what is under the cursor, and the window renders the ship, the event
// and the side panel offscreen.
#include <doctest/doctest.h>

#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/tasks/world.hpp"
#include "ui/lab_view.hpp"
#include "ui/offscreen_renderer.hpp"
#include "ui/shell.hpp"
#include "ui/tasks/tasks_colours.hpp"
#include "ui/tasks/tasks_view.hpp"

using namespace pb;

namespace {

Simulation paper_simulation() {
    return Simulation(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/tasks-toward-the-stars-d1.toml"));
}

const tasks::TasksWorld& tasks_world(const Simulation& sim) { return dynamic_cast<const tasks::TasksWorld&>(sim.world()); }

glm::dvec2 room(const Simulation& sim, int r) {
    const auto& rooms = tasks_world(sim).ship().rooms;
    return {rooms[r].x, rooms[r].y};
}

}  // namespace

TEST_CASE("tasks view: registered for the lab") {
    CHECK(dynamic_cast<ui::TasksView*>(ui::create_lab_view("tasks").get()) != nullptr);
}

TEST_CASE("tasks view: dragging a room becomes room.move; the corridors' costs stay") {
    Simulation sim = paper_simulation();
    ui::TasksView view;
    const glm::dvec2 from = room(sim, 5);
    REQUIRE(view.grab(sim.world(), from + glm::dvec2(0.03, 0.0), 0.05));
    CHECK(view.dragging());
    view.drag_to(from + glm::dvec2(1.53, -0.97));
    const auto cmd = view.release(sim.world(), sim.tick());
    REQUIRE(cmd.has_value());
    CHECK(cmd->type == "room.move");
    CHECK(cmd->integer("room") == 5);
    CHECK(cmd->number("x") == doctest::Approx(std::round((from.x + 1.5) * 10.0) / 10.0));
    const std::uint64_t solved = tasks_world(sim).solution().teams.points.size();
    REQUIRE_FALSE(sim.submit(*cmd));
    CHECK(room(sim, 5).x == doctest::Approx(cmd->number("x")));
    CHECK(tasks_world(sim).solution().teams.points.size() == solved);
}

TEST_CASE("tasks view: dropping player 1 on room 20 (tool 1's room) moves the player and re-solves") {
    Simulation sim = paper_simulation();
    ui::TasksView view;
    // Player 1 stands beside room 0; grab the token, not the room.
    const auto hover = view.hover_text(sim.world(), room(sim, 0), 0.01);
    CHECK(hover.find("Room 0") == 0);
    bool grabbed = false;
    for (double angle = 0.0; angle < 6.3 && !grabbed; angle += 0.1) {
        const glm::dvec2 p = room(sim, 0) + glm::dvec2(std::cos(angle), std::sin(angle)) * 0.4;
        if (view.hover_text(sim.world(), p, 0.01).find("Player 1") == 0) grabbed = view.grab(sim.world(), p, 0.01);
    }
    REQUIRE(grabbed);
    view.drag_to(room(sim, 20) + glm::dvec2(0.05, 0.05));
    const auto cmd = view.release(sim.world(), sim.tick());
    REQUIRE(cmd.has_value());
    CHECK(cmd->type == "player.move");
    CHECK(cmd->integer("player") == 1);
    CHECK(cmd->integer("room") == 20);
    REQUIRE_FALSE(sim.submit(*cmd));
    // Player 1 now starts at tool 1: 20 19 18 is 2 corridors, plus tau_1 = 6.
    const auto& points = tasks_world(sim).solution().teams.points;
    REQUIRE_FALSE(points.empty());
    CHECK(points.front().k == 1);
    CHECK(points.front().time == 8);
}

TEST_CASE("tasks view: the event is dragged by its ring; empty space grabs nothing") {
    Simulation sim = paper_simulation();
    ui::TasksView view;
    CHECK_FALSE(view.grab(sim.world(), glm::dvec2(-50.0, -50.0), 0.05));
    REQUIRE(view.grab(sim.world(), room(sim, 18) + glm::dvec2(0.17, 0.0), 0.01));
    view.drag_to(room(sim, 33) + glm::dvec2(0.17, 0.0));
    const auto cmd = view.release(sim.world(), sim.tick());
    REQUIRE(cmd.has_value());
    CHECK(cmd->type == "event.move");
    CHECK(cmd->integer("room") == 33);
}

TEST_CASE("tasks view: the window renders the ship, the event ring and the side panel") {
    Simulation sim = paper_simulation();
    ui::OffscreenRenderer renderer{1280, 720};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, ui::ShellOptions{}};
    renderer.render(shell, 3);
    REQUIRE(shell.widgets().find("tasks.panel") != nullptr);
    REQUIRE(shell.widgets().find("tasks.player1") != nullptr);
    // The event ring and at least one tool are on screen, in their colours.
    const auto count_colour = [&](ImU32 want) {
        const int r = static_cast<int>((want >> IM_COL32_R_SHIFT) & 0xFF), g = static_cast<int>((want >> IM_COL32_G_SHIFT) & 0xFF),
                  b = static_cast<int>((want >> IM_COL32_B_SHIFT) & 0xFF);
        int n = 0;
        for (int y = 0; y < renderer.height(); y += 1)
            for (int x = 0; x < renderer.width(); x += 1) {
                const ui::Rgba p = renderer.pixel(x, y);
                n += std::abs(p.r - r) <= 6 && std::abs(p.g - g) <= 6 && std::abs(p.b - b) <= 6;
            }
        return n;
    };
    CHECK(count_colour(ui::tasks_colours::kEvent) > 20);
    CHECK(count_colour(ui::tasks_colours::kEquipment) > 20);
    CHECK(count_colour(ui::tasks_colours::kChartBackground) > 2000);   // the charts
}
