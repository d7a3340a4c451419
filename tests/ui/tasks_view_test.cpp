// The Tasks view: dragging rooms and tokens becomes commands the world accepts (and re-solves
// on), hover text names what is under the cursor, and the window renders the ship, the event
// and the charts offscreen: the team chart in the side panel's Analysis tab, large in its own
// window on demand, with the ship kept in sight.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/tasks/world.hpp"
#include "ui/lab_view.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui/tasks/tasks_colours.hpp"
#include "ui/tasks/tasks_view.hpp"

using namespace pb;

namespace {

Simulation scenario_simulation(const char* file) {
    return Simulation(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + file));
}

Simulation paper_simulation() { return scenario_simulation("tasks-toward-the-stars-d1.toml"); }

ui::ShellOptions with_tab(ui::SideTab tab) {
    ui::ShellOptions o;
    o.preferences.side_tab = tab;
    return o;
}

bool overlap(const ui::WidgetRect& a, const ui::WidgetRect& b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool inside(const ui::WidgetRect& inner, const ui::WidgetRect& outer) {
    return inner.x >= outer.x - 0.5f && inner.y >= outer.y - 0.5f && inner.x + inner.w <= outer.x + outer.w + 0.5f &&
           inner.y + inner.h <= outer.y + outer.h + 0.5f;
}

// Pixels within 6 of `want` in the rectangle (the whole image by default).
int count_colour(const ui::OffscreenRenderer& renderer, ImU32 want, ui::WidgetRect in = {}) {
    const int r = static_cast<int>((want >> IM_COL32_R_SHIFT) & 0xFF),
              g = static_cast<int>((want >> IM_COL32_G_SHIFT) & 0xFF),
              b = static_cast<int>((want >> IM_COL32_B_SHIFT) & 0xFF);
    if (in.w <= 0) in = {0, 0, static_cast<float>(renderer.width()), static_cast<float>(renderer.height()), true};
    int n = 0;
    for (int y = static_cast<int>(in.y); y < static_cast<int>(in.y + in.h); ++y)
        for (int x = static_cast<int>(in.x); x < static_cast<int>(in.x + in.w); ++x) {
            const ui::Rgba p = renderer.pixel(x, y);
            n += std::abs(p.r - r) <= 6 && std::abs(p.g - g) <= 6 && std::abs(p.b - b) <= 6;
        }
    return n;
}

const tasks::TasksWorld& tasks_world(const Simulation& sim) {
    return dynamic_cast<const tasks::TasksWorld&>(sim.world());
}

glm::dvec2 room(const Simulation& sim, int r) {
    const auto& rooms = tasks_world(sim).ship().rooms;
    return {rooms[r].x, rooms[r].y};
}

}   // namespace

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

TEST_CASE("tasks view: the window renders the ship, the event ring and the charts in the Analysis tab") {
    Simulation sim = paper_simulation();
    ui::OffscreenRenderer renderer{1280, 720};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, with_tab(ui::SideTab::Analysis)};
    renderer.render(shell, 3);
    REQUIRE(shell.widgets().find("tasks.team_chart") != nullptr);
    REQUIRE(shell.widgets().find("tasks.player1") != nullptr);
    // The event ring and at least one tool are on screen, in their colours.
    CHECK(count_colour(renderer, ui::tasks_colours::kEvent) > 20);
    CHECK(count_colour(renderer, ui::tasks_colours::kEquipment) > 20);
    CHECK(count_colour(renderer, ui::tasks_colours::kChartBackground) > 2000);   // the charts
}

TEST_CASE("tasks layout: at 1280x800 the Analysis tab shows the team chart and nothing covers the ship") {
    Simulation sim = scenario_simulation("tasks-toward-the-stars.toml");
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, with_tab(ui::SideTab::Analysis)};
    renderer.render(shell, 3);
    const ui::WidgetLocator& wl = shell.widgets();
    const ui::WidgetRect* panel = wl.find("params.panel");
    const ui::WidgetRect* canvas = wl.find("canvas");
    const ui::WidgetRect* chart = wl.find("tasks.team_chart");
    const ui::WidgetRect* ship = wl.find("keep_visible.ship");
    REQUIRE(panel != nullptr);
    REQUIRE(canvas != nullptr);
    REQUIRE(chart != nullptr);
    REQUIRE(ship != nullptr);
    // The chart is in the side panel, as wide as it, and readable (not 130 px high).
    CHECK(inside(*chart, *panel));
    CHECK(chart->w > panel->w * 0.8f);
    CHECK(chart->h >= 170.0f);
    CHECK(wl.find("tasks.pareto.open") != nullptr);
    // The ship is on the canvas and nothing is drawn over the canvas.
    CHECK(ship->visible);
    CHECK(inside(*ship, *canvas));
    CHECK(ship->w > 100.0f);
    CHECK(ship->h > 100.0f);
    for (const auto& entry : wl.all()) CHECK_MESSAGE(entry.first.rfind("overlay.", 0) != 0, entry.first);
    auto* view = dynamic_cast<ui::TasksView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    CHECK_FALSE(view->pareto_open());
    CHECK(view->has_analysis());
    CHECK(view->has_tools());
}

TEST_CASE("tasks layout: the Pareto window opens large beside the ship, one colour per team size") {
    Simulation sim = scenario_simulation("tasks-generated-ship.toml");
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, with_tab(ui::SideTab::Analysis)};
    renderer.render(shell, 2);
    auto* view = dynamic_cast<ui::TasksView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    view->set_pareto_open(true);
    renderer.render(shell, 4);   // the window opens, then the ship refits beside it
    const ui::WidgetLocator& wl = shell.widgets();
    const ui::WidgetRect* pareto = wl.find("tasks.pareto");
    const ui::WidgetRect* ship = wl.find("keep_visible.ship");
    const ui::WidgetRect* canvas = wl.find("canvas");
    REQUIRE(pareto != nullptr);
    REQUIRE(ship != nullptr);
    REQUIRE(canvas != nullptr);
    // About half the screen.
    CHECK(pareto->h >= 0.5f * 800.0f);
    CHECK(pareto->w >= 0.45f * 1280.0f);
    CHECK(pareto->y + pareto->h <= 800.0f);
    CHECK(pareto->x + pareto->w <= 1280.0f);
    // Its plot takes most of it: a large chart, not a thumbnail.
    const ui::WidgetRect* plot = wl.find("tasks.pareto.chart");
    REQUIRE(plot != nullptr);
    CHECK(inside(*plot, *pareto));
    CHECK(plot->w >= 0.45f * pareto->w);   // the efficient set is listed beside it
    CHECK(plot->h >= 200.0f);
    // It lies partly over the canvas, so it says so; it covers neither the ship nor the centre.
    const ui::WidgetRect* overlay = wl.find("overlay.pareto");
    REQUIRE(overlay != nullptr);
    CHECK(ship->visible);
    CHECK(inside(*ship, *canvas));
    const float cx = canvas->center_x(), cy = canvas->center_y();
    for (const auto& name_r : wl.all()) {
        const auto& name = name_r.first;   // (Clang 14 cannot capture a structured binding in a doctest macro)
        const auto& r = name_r.second;
        if (name.rfind("overlay.", 0) != 0) continue;
        CAPTURE(name);
        CHECK_FALSE(overlap(r, *ship));
        CHECK_FALSE((cx >= r.x && cx <= r.x + r.w && cy >= r.y && cy <= r.y + r.h));
    }
    // Every team size with an efficient team shows its colour in the window (its filled markers).
    const auto& sol = dynamic_cast<const tasks::TasksWorld&>(sim.world()).solution();
    REQUIRE(sol.k_max >= 4);
    std::vector<int> sizes;
    for (int i : sol.efficient)
        if (std::find(sizes.begin(), sizes.end(), sol.teams.points[i].k) == sizes.end())
            sizes.push_back(sol.teams.points[i].k);
    REQUIRE(sizes.size() >= 3);
    for (int k : sizes) {
        CAPTURE(k);
        CHECK(count_colour(renderer, ui::tasks_colours::team_size(k), *pareto) > 10);
    }

    // Closed: no window, no overlay, and the ship has the canvas again. (The rectangles found
    // above belong to this frame's locator: keep a copy of the ship's before the next frame.)
    const ui::WidgetRect ship_beside_window = *ship;
    view->set_pareto_open(false);
    renderer.render(shell, 3);
    CHECK(shell.widgets().find("tasks.pareto") == nullptr);
    CHECK(shell.widgets().find("overlay.pareto") == nullptr);
    REQUIRE(shell.widgets().find("keep_visible.ship") != nullptr);
    CHECK(shell.widgets().find("keep_visible.ship")->w > ship_beside_window.w);
}

TEST_CASE("tasks help: what you see, what you can do, the keys that work here, the source") {
    ui::TasksView view;
    const ui::LabHelp h = view.help();
    CHECK(h.what_you_see.find("Pareto") != std::string::npos);
    CHECK(h.what_you_see.find("marker shape") != std::string::npos);
    CHECK(h.what_you_can_do.find("Tools tab") != std::string::npos);
    CHECK(h.source.find("Toward the Stars") != std::string::npos);   // the seed, by its title
    CHECK(h.source.find("(docs/labs/tasks.md#sources)") != std::string::npos);
    bool drag = false, click = false;
    for (const ui::LabKey& k : h.keys) {
        drag = drag || k.keys.find("drag") != std::string::npos;
        click = click || k.keys.find("click a chart point") != std::string::npos;
    }
    CHECK(drag);
    CHECK(click);
    // No Podball keys here.
    for (const ui::LabKey& k : h.keys) CHECK(k.keys.find("W A S D") == std::string::npos);
}
