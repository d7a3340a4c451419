// Where the Podball view puts things at 1280x800: the analysis in the side panel's Analysis tab,
// the takeover in its Tools tab, nothing but the score box over the canvas (and that box clear of
// the pitch centre and both goals); the heat map's numbers on hover; the lab's help.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "engine/podball/world.hpp"
#include "ui/podball/podball_view.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui_test_support.hpp"

using namespace pb;

namespace {

const podball::PodballWorld& podball_world(const Simulation& sim) {
    return dynamic_cast<const podball::PodballWorld&>(sim.world());
}

bool overlap(const ui::WidgetRect& a, const ui::WidgetRect& b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

bool inside(const ui::WidgetRect& inner, const ui::WidgetRect& outer) {
    return inner.x >= outer.x - 0.5f && inner.y >= outer.y - 0.5f && inner.x + inner.w <= outer.x + outer.w + 0.5f &&
           inner.y + inner.h <= outer.y + outer.h + 0.5f;
}

ui::ShellOptions with_tab(ui::SideTab tab) {
    ui::ShellOptions o;
    o.preferences.side_tab = tab;
    return o;
}

}   // namespace

TEST_CASE("podball layout: at 1280x800 the analysis is in the Analysis tab and only the score box is on the canvas") {
    Simulation sim = test::default_simulation();
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, with_tab(ui::SideTab::Analysis)};
    shell.run_ticks(600);
    renderer.render(shell, 3);
    const ui::WidgetLocator& wl = shell.widgets();
    const ui::WidgetRect* panel = wl.find("params.panel");
    const ui::WidgetRect* canvas = wl.find("canvas");
    REQUIRE(panel != nullptr);
    REQUIRE(canvas != nullptr);
    CHECK(shell.side_tab() == ui::SideTab::Analysis);

    // The metrics, the charts and the heat map choice are in the side panel, not on the canvas.
    for (std::string name : {"podball.analysis", "podball.metrics", "podball.chart.possession"}) {
        CAPTURE(name);
        const ui::WidgetRect* r = wl.find(name);
        REQUIRE(r != nullptr);
        CHECK(r->visible);
        CHECK(inside(*r, *panel));
        CHECK_FALSE(overlap(*r, *canvas));
    }
    // Further down (the tab scrolls): the other charts and the heat map's choice and key.
    for (std::string name :
         {"podball.chart.score", "podball.chart.shots", "podball.heat_map", "podball.heat_map.key"}) {
        CAPTURE(name);
        const ui::WidgetRect* r = wl.find(name);
        REQUIRE(r != nullptr);
        CHECK(r->x >= panel->x);
        CHECK_FALSE(overlap(*r, *canvas));
    }
    // The charts span the panel's width (readable), not a corner of it.
    CHECK(wl.find("podball.chart.possession")->w > panel->w * 0.8f);
    // The takeover is in the Tools tab: not drawn while the Analysis tab shows.
    CHECK(wl.find("podball.takeover") == nullptr);

    // Over the canvas: the score box only, clear of the pitch centre and both goals.
    const ui::WidgetRect* score = wl.find("overlay.score");
    REQUIRE(score != nullptr);
    const ui::WidgetRect* goals[2] = {wl.find("keep_visible.goal.0"), wl.find("keep_visible.goal.1")};
    REQUIRE(goals[0] != nullptr);
    REQUIRE(goals[1] != nullptr);
    ImVec2 centre = shell.canvas().to_screen({0.0, 0.0});
    int overlays = 0;
    for (const auto& name_r : wl.all()) {
        const auto& name = name_r.first;   // (Clang 14 cannot capture a structured binding in a doctest macro)
        const auto& r = name_r.second;
        if (name.rfind("overlay.", 0) != 0) continue;
        CAPTURE(name);
        ++overlays;
        CHECK_FALSE((centre.x >= r.x && centre.x <= r.x + r.w && centre.y >= r.y && centre.y <= r.y + r.h));
        for (const ui::WidgetRect* g : goals) CHECK_FALSE(overlap(r, *g));
    }
    CHECK(overlays == 1);
    // The goals are on the canvas, one at each end of the pitch.
    for (const ui::WidgetRect* g : goals) {
        CHECK(g->visible);
        CHECK(inside(*g, *canvas));
    }
    CHECK(goals[0]->x < centre.x);
    CHECK(goals[1]->x > centre.x);
}

TEST_CASE("podball layout: the Tools tab holds the pod takeover") {
    Simulation sim = test::default_simulation();
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, with_tab(ui::SideTab::Tools)};
    renderer.render(shell, 3);
    const ui::WidgetLocator& wl = shell.widgets();
    const ui::WidgetRect* panel = wl.find("params.panel");
    REQUIRE(panel != nullptr);
    for (std::string name : {"podball.takeover", "podball.takeover.pick"}) {
        CAPTURE(name);
        const ui::WidgetRect* r = wl.find(name);
        REQUIRE(r != nullptr);
        CHECK(r->visible);
        CHECK(inside(*r, *panel));
    }
    CHECK(wl.find("podball.metrics") == nullptr);
}

TEST_CASE("podball heat map: hovering a cell gives each team's share of its pod-time there") {
    Simulation sim = test::default_simulation();
    ui::PodballView view;
    for (int i = 0; i < 800; ++i) {
        for (Command& c : view.before_tick(sim.world())) REQUIRE_FALSE(sim.submit(std::move(c)));
        sim.step();
    }
    const auto& w = podball_world(sim);
    const auto& c = w.config();
    const ui::PresenceGrid& grid = view.history().presence();
    // The busiest cell of team 0, and a point at its centre away from every pod and the ball.
    int best_col = 0, best_row = 0;
    for (int col = 0; col < ui::PresenceGrid::kColumns; ++col)
        for (int row = 0; row < ui::PresenceGrid::kRows; ++row)
            if (grid.at(0, col, row) > grid.at(0, best_col, best_row)) best_col = col, best_row = row;
    const double cw = c.arena_width / ui::PresenceGrid::kColumns, ch = c.arena_height / ui::PresenceGrid::kRows;
    const glm::dvec2 point{-c.arena_width * 0.5 + (best_col + 0.5) * cw, -c.arena_height * 0.5 + (best_row + 0.5) * ch};

    // Off: no heat map numbers (and nothing else there to name, unless a pod stands on it).
    CHECK(view.heat_cell_text(w, point).empty());

    view.set_heat_map(ui::PodballView::HeatMap::Team0);
    const std::string text = view.heat_cell_text(w, point);
    CAPTURE(text);
    const std::uint32_t n = grid.at(0, best_col, best_row);
    REQUIRE(n > 0);
    char share[64];
    std::snprintf(share, sizeof share, "%.2f %% of its pod-time here (%u pod-samples",
                  100.0 * n / static_cast<double>(grid.total(0)), n);
    CHECK(text.find(w.teams()[0].name + ": " + share) != std::string::npos);
    CHECK(text.find(w.teams()[1].name + ":") == std::string::npos);   // team 1 is not shown
    char cell[48];
    std::snprintf(cell, sizeof cell, "cell %d, %d", best_col + 1, best_row + 1);
    CHECK(text.find(cell) != std::string::npos);
    // The canvas tooltip says the same, after what stands there, if anything.
    CHECK(view.hover_text(sim.world(), point, 1e-6).find(share) != std::string::npos);

    // Both teams: a line each.
    view.set_heat_map(ui::PodballView::HeatMap::Both);
    const std::string both = view.heat_cell_text(w, point);
    CHECK(both.find(w.teams()[0].name + ": ") != std::string::npos);
    CHECK(both.find(w.teams()[1].name + ": ") != std::string::npos);
    // Outside the arena: nothing.
    CHECK(view.heat_cell_text(w, {c.arena_width, 0.0}).empty());
    // The combo names the teams.
    CHECK(ui::PodballView::heat_map_label(w, ui::PodballView::HeatMap::Team1) == w.teams()[1].name + " only");
}

TEST_CASE("podball help: what you see, what you can do, the keys that work here, the source") {
    ui::PodballView view;
    const ui::LabHelp h = view.help();
    CHECK(h.what_you_see.find("ball") != std::string::npos);
    CHECK(h.what_you_can_do.find("Tools tab") != std::string::npos);
    CHECK(h.source.find("Podball engine's rule book") != std::string::npos);   // the seed, by its title
    CHECK(h.source.find("(docs/labs/podball.md#sources)") != std::string::npos);
    bool wasd = false, shoot = false, drag = false, pad = false;
    for (const ui::LabKey& k : h.keys) {
        wasd = wasd || k.keys.find("W A S D") != std::string::npos;
        shoot = shoot || k.keys.find("F / Enter") != std::string::npos;
        drag = drag || k.keys.find("drag") != std::string::npos;
        pad = pad || k.keys.find("gamepad") != std::string::npos;
    }
    CHECK(wasd);
    CHECK(shoot);
    CHECK(drag);
    CHECK(pad);
}
