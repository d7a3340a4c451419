// The RGS view's editing tools through the shell: a click selects or builds, the tools' commands
// reach the world at the current tick whether running or paused, and refusals reach the status line.
#include <doctest/doctest.h>

#include <string>

#include "engine/core/scenario.hpp"
#include "engine/rgs/world.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/rgs/rgs_view.hpp"
#include "ui/shell/shell.hpp"

using namespace pb;

// The lab's tools sit in the side panel's Tools tab.
static pb::ui::ShellOptions tools_tab() {
    pb::ui::ShellOptions o;
    o.preferences.side_tab = pb::ui::SideTab::Tools;
    return o;
}

namespace {

Simulation rgs_simulation(const std::string& name) {
    return Simulation(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name));
}

const rgs::RgsWorld& rgs_world(const Simulation& sim) { return dynamic_cast<const rgs::RgsWorld&>(sim.world()); }

// Canvas units are kilometres of the map.
glm::dvec2 canvas_at(double x_qu, double y_qu) { return {x_qu / 1000.0, y_qu / 1000.0}; }

}   // namespace

TEST_CASE("rgs tools: a click selects an RGS, or with 'click builds' places one, while paused") {
    Simulation sim = rgs_simulation("rgs-two-at-800.toml");
    ui::OffscreenRenderer renderer{1000, 700};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tools_tab()};
    renderer.render(shell, 2);
    REQUIRE(shell.paused());
    auto* view = dynamic_cast<ui::RgsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    const double pick = 0.05;

    // The two RGS of the example in Unvanquished's resource post (docs/labs/rgs.md#sources) sit at
    // x = 3600 and 4400 (800 apart, 27/32 each).
    view->click(sim.world(), canvas_at(4390.0, 4010.0), pick, true);
    CHECK(view->selected() == 1);
    view->click(sim.world(), canvas_at(1000.0, 1000.0), pick, true);   // free map, not building: deselects
    CHECK(view->selected() == -1);
    renderer.render(shell, 1);
    CHECK(sim.live_commands().empty());

    // Building for the aliens with a click: the command goes in at tick 0 although paused.
    view->options().click_builds = true;
    view->options().team = 1;
    view->click(sim.world(), canvas_at(4000.0, 4800.0), pick, true);
    renderer.render(shell, 1);
    REQUIRE(sim.live_commands().size() == 1);
    const Command& placed = sim.live_commands().front();
    CHECK(placed.type == "rgs.place");
    CHECK(placed.tick == 0);
    CHECK(placed.integer("team") == 1);
    CHECK(placed.text("kind") == "leech");
    const rgs::RgsWorld& w = rgs_world(sim);
    REQUIRE(w.structures().size() == 3);
    const rgs::Rgs& built = w.structures()[2];
    CHECK(built.team == 1);
    CHECK(built.pos.x == doctest::Approx(4000.0));
    CHECK(built.pos.y == doctest::Approx(4800.0));
    CHECK(built.pos.z == doctest::Approx(500.0));   // the heat map's height: half the map's 1000 qu
    CHECK(built.state == rgs::State::Building);
    CHECK(w.teams()[1].bp == doctest::Approx(w.config().initial_bp - w.config().leech_price));
    CHECK(shell.dirty());

    // Outside the map nothing is built.
    view->click(sim.world(), canvas_at(-500.0, 4000.0), pick, true);
    renderer.render(shell, 1);
    CHECK(sim.live_commands().size() == 1);
}

TEST_CASE("rgs tools: building beyond the team's BP is refused and the status line says why") {
    Simulation sim = rgs_simulation("rgs-two-at-1600.toml");
    ui::OffscreenRenderer renderer{1000, 700};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tools_tab()};
    renderer.render(shell, 2);
    auto* view = dynamic_cast<ui::RgsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    view->options().click_builds = true;
    const rgs::RgsWorld& w = rgs_world(sim);
    const int affordable = static_cast<int>(w.config().initial_bp / w.config().drill_price);   // 50 / 10
    for (int i = 0; i <= affordable; ++i) {
        view->click(sim.world(), canvas_at(500.0 + 600.0 * i, 500.0), 0.05, true);
        renderer.render(shell, 1);
    }
    CHECK(sim.live_commands().size() == static_cast<std::size_t>(affordable));
    CHECK(w.teams()[0].bp == doctest::Approx(0.0));
    CHECK(shell.status().rfind("Refused: ", 0) == 0);
    CHECK(shell.status().find("BP") != std::string::npos);
}

TEST_CASE("rgs tools: remove, mark, damage, repair and the main structure are commands the world takes") {
    Simulation sim = rgs_simulation("rgs-two-at-800.toml");
    const rgs::RgsWorld& w = rgs_world(sim);
    auto submit = [&](Command c) {
        c.tick = sim.tick();
        return sim.submit(std::move(c));
    };
    const double full = w.config().max_health(w.structures()[0].kind);
    CHECK_FALSE(submit(ui::RgsView::damage_command(0, 100.0)));
    CHECK(w.structures()[0].health == doctest::Approx(full - 100.0));
    CHECK_FALSE(submit(ui::RgsView::repair_command(0)));
    CHECK(w.structures()[0].health == doctest::Approx(full));
    CHECK_FALSE(submit(ui::RgsView::mark_command(1, true)));
    CHECK(w.structures()[1].state == rgs::State::Marked);
    CHECK(w.structures()[1].efficiency == doctest::Approx(27.0 / 32.0));   // marked RGS still mine
    CHECK_FALSE(submit(ui::RgsView::mark_command(1, false)));
    CHECK(w.structures()[1].state == rgs::State::Active);
    CHECK_FALSE(submit(ui::RgsView::remove_command(1)));
    CHECK(w.find(1) == nullptr);
    CHECK(w.structures()[0].efficiency == doctest::Approx(1.0));   // alone again
    CHECK_FALSE(submit(ui::RgsView::main_structure_command(0, false)));
    CHECK_FALSE(w.teams()[0].main_structure);
    CHECK(submit(ui::RgsView::remove_command(1)).has_value());   // already gone: refused, with a reason
}

TEST_CASE("rgs tools: the side panel offers the selection's actions and the canvas hint says how to build") {
    Simulation sim = rgs_simulation("rgs-two-at-800.toml");
    ui::OffscreenRenderer renderer{1000, 700};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tools_tab()};
    renderer.render(shell, 2);
    auto* view = dynamic_cast<ui::RgsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    CHECK(shell.widgets().find("rgs.click_builds") != nullptr);
    CHECK(shell.widgets().find("rgs.remove") == nullptr);   // nothing selected yet
    CHECK(shell.widgets().find("rgs.rgs.0") != nullptr);
    view->select(0);
    renderer.render(shell, 1);
    CHECK(shell.widgets().find("rgs.remove") != nullptr);
    CHECK(shell.widgets().find("rgs.damage") != nullptr);
    CHECK(view->canvas_hint(true).find("B: click to build") != std::string::npos);
    view->options().click_builds = true;
    CHECK(view->canvas_hint(true).find("Click builds") != std::string::npos);
}
