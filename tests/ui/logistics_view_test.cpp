// The logistics view through the shell: the colony is drawn (targets, transporters, routes), a
// click selects or builds as the chosen tool says, a drag becomes a move command, hovering a
// transporter lists its ranked preferences, and the side panel shows the policy comparison.
#include <doctest/doctest.h>

#include <string>

#include "engine/core/scenario.hpp"
#include "engine/logistics/world.hpp"
#include "ui/logistics/logistics_view.hpp"
#include "ui/offscreen_renderer.hpp"
#include "ui/shell.hpp"

using namespace pb;

// The lab's tools sit in the side panel's Tools tab.
static pb::ui::ShellOptions tools_tab() {
    pb::ui::ShellOptions o;
    o.preferences.side_tab = pb::ui::SideTab::Tools;
    return o;
}
using ui::LogisticsView;

namespace {

Simulation colony() {
    return Simulation(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/logistics-colony.toml"));
}

const logistics::LogisticsWorld& world_of(const Simulation& sim) {
    return dynamic_cast<const logistics::LogisticsWorld&>(sim.world());
}

glm::dvec2 at(int x, int y) { return LogisticsView::tile_centre({x, y}); }

}  // namespace

TEST_CASE("logistics view: the colony, its routes and the panel are drawn") {
    Simulation sim = colony();
    sim.advance(200);
    ui::OffscreenRenderer renderer{1300, 950};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tools_tab()};
    renderer.render(shell, 3);
    auto* view = dynamic_cast<LogisticsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    CHECK(shell.widgets().find("logistics.map") != nullptr);
    CHECK(shell.widgets().find("logistics.policy") != nullptr);
    CHECK(shell.widgets().find("logistics.policies") != nullptr);
    CHECK(shell.widgets().find("logistics.tool.target") != nullptr);
    // The spawn (target 2) and every transporter are where the world says.
    const auto* spawn = shell.widgets().find("logistics.target.2");
    REQUIRE(spawn != nullptr);
    const auto* t0 = shell.widgets().find("logistics.transporter.0");
    REQUIRE(t0 != nullptr);
    // The spawn's box is full of energy: the energy colour fills it.
    REQUIRE(world_of(sim).targets()[2].store[0] > 250.0);
    const auto px = renderer.pixel(static_cast<int>(spawn->center_x()), static_cast<int>(spawn->y + spawn->h - 3));
    CHECK(px.r > 200);
    CHECK(px.g > 150);
    CHECK(px.b < 120);
}

TEST_CASE("logistics view: clicks select, build targets and transporters, toggle walls — as commands") {
    Simulation sim = colony();
    ui::OffscreenRenderer renderer{1100, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tools_tab()};
    renderer.render(shell, 2);
    auto* view = dynamic_cast<LogisticsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    const double pick = 0.05;
    const auto& w = world_of(sim);

    view->click(sim.world(), at(25, 25), pick, true);   // the storage
    REQUIRE(view->selected());
    CHECK_FALSE(view->selected()->transporter);
    CHECK(view->selected()->id == 0);
    view->click(sim.world(), at(24, 24), pick, true);   // a transporter stands there
    REQUIRE(view->selected());
    CHECK(view->selected()->transporter);
    CHECK(view->selected()->id == 0);
    renderer.render(shell, 1);
    CHECK(shell.widgets().find("logistics.remove") != nullptr);
    CHECK(sim.live_commands().empty());

    view->options().tool = LogisticsView::Tool::PlaceTarget;
    view->options().kind = logistics::TargetKind::Tower;
    view->click(sim.world(), at(40, 30), pick, true);
    renderer.render(shell, 1);
    REQUIRE(sim.live_commands().size() == 1);
    CHECK(sim.live_commands()[0].type == "target.place");
    CHECK(w.targets().back().kind == logistics::TargetKind::Tower);
    CHECK(w.targets().back().pos == logistics::Tile{40, 30});

    view->options().tool = LogisticsView::Tool::PlaceTransporter;
    view->click(sim.world(), at(41, 30), pick, true);
    view->options().tool = LogisticsView::Tool::Wall;
    view->click(sim.world(), at(5, 5), pick, true);
    renderer.render(shell, 1);
    CHECK(w.transporters().size() == 7);
    CHECK(w.map().wall({5, 5}));
    // On the tower's own tile the target is refused, and the status line says why.
    view->options().tool = LogisticsView::Tool::PlaceTarget;
    view->click(sim.world(), at(40, 30), pick, true);
    renderer.render(shell, 1);
    CHECK(shell.status().rfind("Refused: ", 0) == 0);
    CHECK(shell.status().find("already holds target") != std::string::npos);
}

TEST_CASE("logistics view: a drag moves a target or a transporter; hover lists preferences") {
    Simulation sim = colony();
    ui::OffscreenRenderer renderer{1100, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tools_tab()};
    renderer.render(shell, 2);
    auto* view = dynamic_cast<LogisticsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    REQUIRE(view->grab(sim.world(), at(28, 20), 0.05));   // the tower at (28, 20)
    view->drag_to(at(30, 15));
    const auto move = view->release(sim.world(), sim.tick());
    REQUIRE(move);
    CHECK(move->type == "target.move");
    CHECK(move->integer("x") == 30);
    CHECK(move->integer("y") == 15);
    CHECK_FALSE(sim.submit(*move));
    CHECK(world_of(sim).targets()[13].pos == logistics::Tile{30, 15});

    const std::string tip = view->hover_text(sim.world(), at(26, 26), 0.05);   // transporter 3
    CHECK(tip.find("Transporter 3") != std::string::npos);
    CHECK(tip.find("Preferences") != std::string::npos);
    CHECK(tip.find("1. ") != std::string::npos);
    CHECK(tip.find("via Storage #0") != std::string::npos);   // empty: its rates go through the storage
    const std::string target_tip = view->hover_text(sim.world(), at(38, 10), 0.05);   // the upgrade site
    CHECK(target_tip.find("Upgrade site #15") != std::string::npos);
    CHECK(target_tip.find("dAmountdt +15") != std::string::npos);
}
