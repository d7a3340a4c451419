// The Podball view's match analysis: chart samples and the heat map as the world advances, the
// keyboard takeover's commands, and the heat map on an offscreen render.
#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include <glm/geometric.hpp>

#include "engine/podball/metrics.hpp"
#include "engine/podball/world.hpp"
#include "ui/podball/podball_view.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/palette.hpp"
#include "ui_test_support.hpp"

using namespace pb;

namespace {

const podball::PodballWorld& podball_world(const Simulation& sim) {
    return dynamic_cast<const podball::PodballWorld&>(sim.world());
}

// What the shell does while running: the view watches (and may issue commands) before each tick.
void run_watched(Simulation& sim, ui::PodballView& view, int ticks) {
    for (int i = 0; i < ticks; ++i) {
        for (Command& c : view.before_tick(sim.world())) REQUIRE_FALSE(sim.submit(std::move(c)));
        sim.step();
    }
}

}   // namespace

TEST_CASE("podball analysis: chart samples grow with ticks and start afresh on restart") {
    Simulation sim = test::default_simulation();
    ui::PodballView view;
    run_watched(sim, view, 500);
    const ui::MatchHistory& h = view.history();
    CHECK(h.size() == 50);   // ticks 0, 10, ..., 490: one sample a bucket while the match is short
    CHECK(h.bucket(0).first_tick == 0);
    CHECK(h.bucket(h.size() - 1).last_tick == 490);
    for (std::size_t i = 1; i < h.size(); ++i) CHECK(h.bucket(i).first_tick > h.bucket(i - 1).last_tick);

    run_watched(sim, view, 500);
    CHECK(h.size() == 100);
    // Cumulative counters never go down.
    for (std::size_t i = 1; i < h.size(); ++i)
        for (int t = 0; t < 2; ++t) CHECK(h.bucket(i).shots[t].lo >= h.bucket(i - 1).shots[t].hi);
    const auto& last = h.bucket(h.size() - 1);
    auto score = podball_world(sim).score();
    CHECK(last.score[0].hi <= static_cast<float>(score[0]));
    CHECK(last.score[1].hi <= static_cast<float>(score[1]));

    sim.restart();
    run_watched(sim, view, 1);
    CHECK(h.size() == 1);
    CHECK(h.bucket(0).first_tick == 0);
    CHECK(h.presence().samples == 1);
}

TEST_CASE("podball analysis: the charts keep the whole match, downsampled, its lows and highs kept") {
    Simulation sim = test::default_simulation();
    ui::PodballView view;
    // Four times what kBuckets buckets of one sample hold: they merge pairwise twice, then thrice.
    const int ticks = static_cast<int>(ui::MatchHistory::kBuckets * ui::MatchHistory::kSampleEvery) * 4 + 300;
    // Every sample the history takes, at full resolution, to hold its extremes against.
    float lo[2] = {1e9f, 1e9f}, hi[2] = {-1e9f, -1e9f};
    for (int i = 0; i < ticks; ++i) {
        const auto& w = podball_world(sim);
        if (sim.tick() % ui::MatchHistory::kSampleEvery == 0)   // what the view samples before this tick
            for (int t = 0; t < 2; ++t) {
                const auto pct =
                    static_cast<float>(podball::team_figures(w.metrics(), t, w.running_ticks()).possession_pct);
                lo[t] = std::min(lo[t], pct);
                hi[t] = std::max(hi[t], pct);
            }
        run_watched(sim, view, 1);
    }
    const ui::MatchHistory& h = view.history();
    CHECK(h.size() <= ui::MatchHistory::kBuckets);
    CHECK(h.size() >= ui::MatchHistory::kBuckets / 2);
    CHECK(h.ticks_per_bucket() == 8 * ui::MatchHistory::kSampleEvery);
    CHECK(h.bucket(0).first_tick == 0);   // the kick-off is still there
    CHECK(h.bucket(h.size() - 1).last_tick ==
          (ticks - 1) / ui::MatchHistory::kSampleEvery * ui::MatchHistory::kSampleEvery);
    // The possession shares' lowest and highest of the whole match are among the drawn points.
    CHECK(hi[0] > lo[0]);   // it moved: the check below has something to find
    for (int t = 0; t < 2; ++t) {
        std::vector<double> at, values;
        h.points(&ui::MatchBucket::possession_pct, t, at, values);
        REQUIRE(values.size() >= h.size());
        CHECK(at.front() == 0.0);
        for (std::size_t i = 1; i < at.size(); ++i) CHECK(at[i] > at[i - 1]);
        float drawn_lo = 1e9f, drawn_hi = -1e9f;
        for (double v : values) {
            drawn_lo = std::min(drawn_lo, static_cast<float>(v));
            drawn_hi = std::max(drawn_hi, static_cast<float>(v));
        }
        CHECK(drawn_lo == lo[t]);
        CHECK(drawn_hi == hi[t]);
    }
}

TEST_CASE("podball analysis: the heat map counts every pod at every sample") {
    Simulation sim = test::default_simulation();
    ui::PodballView view;
    run_watched(sim, view, 800);
    const ui::PresenceGrid& grid = view.history().presence();
    CHECK(grid.samples == 80);
    const auto& pods = podball_world(sim).pods();
    for (int team = 0; team < 2; ++team) {
        std::uint64_t team_pods = 0;
        for (const auto& p : pods) team_pods += p.team == team ? 1u : 0u;
        CAPTURE(team);
        CHECK(grid.total(team) == team_pods * static_cast<std::uint64_t>(grid.samples));
    }
    // The cell a pod stands in now was counted at the last sample.
    int col = 0, row = 0;
    ui::presence_cell(podball_world(sim).config(), pods[0].pos, col, row);
    CHECK(grid.at(pods[0].team, col, row) > 0);
    // Outside the arena counts at the edge rather than nowhere.
    ui::presence_cell(podball_world(sim).config(), {-5.0, 5.0}, col, row);
    CHECK(col == 0);
    CHECK(row == ui::PresenceGrid::kRows - 1);
}

TEST_CASE("podball analysis: a pod taken over is steered by pod.action commands") {
    Simulation sim = test::default_simulation();
    ui::PodballView view;
    const auto& w = podball_world(sim);
    const auto& pod = w.pods()[w.pod_id(1, 2) >= 0 ? static_cast<std::size_t>(w.pod_id(1, 2)) : 0];
    int team = pod.team, index = pod.index;
    const auto ctrl_step = static_cast<std::int64_t>(w.config().ctrl_step);

    // Nobody taken over: no commands.
    run_watched(sim, view, 3);
    CHECK(sim.live_commands().empty());

    view.takeover().take(ui::PodTakeover::Target{team, index});
    view.takeover().set_thrust({3.0, 4.0});
    run_watched(sim, view, 1);
    REQUIRE(sim.live_commands().size() == 1);
    const Command& move = sim.live_commands().back();
    CHECK(move.type == "pod.action");
    CHECK(move.integer("team") == team);
    CHECK(move.integer("pod") == index);
    CHECK(move.text("kind") == "move");
    CHECK(move.number("x") == doctest::Approx(0.6));
    CHECK(move.number("y") == doctest::Approx(0.8));
    CHECK(move.integer("ticks") == ctrl_step);
    int id = w.pod_id(team, index);
    CHECK(w.pods()[static_cast<std::size_t>(id)].override_ticks > 0);

    // The next move comes once the last one ran out, not every tick.
    run_watched(sim, view, static_cast<int>(ctrl_step) - 1);
    CHECK(sim.live_commands().size() == 1);
    run_watched(sim, view, 1);
    CHECK(sim.live_commands().size() == 2);

    // A shot goes out at once, full power along the aim.
    view.takeover().request_shot({0.0, -2.0});
    run_watched(sim, view, 1);
    REQUIRE(sim.live_commands().size() == 3);
    const Command& shot = sim.live_commands().back();
    CHECK(shot.text("kind") == "shoot");
    CHECK(shot.number("x") == doctest::Approx(0.0));
    CHECK(shot.number("y") == doctest::Approx(-1.0));
    double len = std::hypot(shot.number("x"), shot.number("y"));
    CHECK(len <= 1.0 + 1e-12);

    // Diagonal keys do not make a faster pod.
    view.takeover().set_thrust({-1.0, 1.0});
    run_watched(sim, view, static_cast<int>(ctrl_step));
    const Command& diagonal = sim.live_commands().back();
    CHECK(std::hypot(diagonal.number("x"), diagonal.number("y")) == doctest::Approx(1.0));

    // Released: no more commands.
    view.takeover().take(std::nullopt);
    std::size_t before = sim.live_commands().size();
    run_watched(sim, view, static_cast<int>(ctrl_step) * 3);
    CHECK(sim.live_commands().size() == before);
}

TEST_CASE("podball analysis: the heat map tints the arena where a team's pods stood") {
    Simulation sim = test::default_simulation();
    ui::OffscreenRenderer renderer{1280, 720};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, ui::ShellOptions{}};
    renderer.render(shell, 2);
    auto* view = dynamic_cast<ui::PodballView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    view->set_heat_map(ui::PodballView::HeatMap::Team0);

    // Run the way the window does: the shell's frames step the world and the view watches.
    shell.set_paused(false);
    for (int frame = 0; frame < 2000 && sim.tick() < 400; ++frame) shell.update(0.05);
    shell.set_paused(true);
    REQUIRE(sim.tick() >= 400);
    renderer.render(shell, 2);

    const auto& w = podball_world(sim);
    const auto& c = w.config();
    const ui::PresenceGrid& grid = view->history().presence();
    REQUIRE(grid.samples >= 40);
    std::uint32_t peak = grid.max_count(0);
    REQUIRE(peak > 0);
    int checked = 0;
    double cw = c.arena_width / ui::PresenceGrid::kColumns, ch = c.arena_height / ui::PresenceGrid::kRows;
    for (int col = 0; col < ui::PresenceGrid::kColumns; ++col) {
        for (int row = 0; row < ui::PresenceGrid::kRows; ++row) {
            if (grid.at(0, col, row) * 4 < peak) continue;
            glm::dvec2 centre{-c.arena_width * 0.5 + (col + 0.5) * cw, -c.arena_height * 0.5 + (row + 0.5) * ch};
            bool clear = glm::length(centre - w.ball().pos) > 0.05;
            for (const auto& p : w.pods()) clear = clear && glm::length(centre - p.pos) > 0.05;
            if (!clear) continue;
            ImVec2 s = shell.canvas().to_screen(centre);
            ui::Rgba px = renderer.pixel(static_cast<int>(s.x), static_cast<int>(s.y));
            CAPTURE(col);
            CAPTURE(row);
            CAPTURE(int(px.r));
            CAPTURE(int(px.g));
            CAPTURE(int(px.b));
            // Field is (38, 104, 64); team 0 is (66, 135, 245): the tint pulls blue up.
            CHECK(px.b > 110);
            CHECK(px.b > px.g);
            ++checked;
        }
    }
    CHECK(checked > 0);

    // Off again: the same spots show the field.
    view->set_heat_map(ui::PodballView::HeatMap::Off);
    renderer.render(shell, 1);
    bool field_again = false;
    for (int col = 0; col < ui::PresenceGrid::kColumns && !field_again; ++col) {
        for (int row = 0; row < ui::PresenceGrid::kRows && !field_again; ++row) {
            if (grid.at(0, col, row) * 4 < peak) continue;
            glm::dvec2 centre{-c.arena_width * 0.5 + (col + 0.5) * cw, -c.arena_height * 0.5 + (row + 0.5) * ch};
            bool clear = glm::length(centre - w.ball().pos) > 0.05;
            for (const auto& p : w.pods()) clear = clear && glm::length(centre - p.pos) > 0.05;
            if (!clear) continue;
            ImVec2 s = shell.canvas().to_screen(centre);
            ui::Rgba px = renderer.pixel(static_cast<int>(s.x), static_cast<int>(s.y));
            field_again = px.b < 90;
        }
    }
    CHECK(field_again);
}

TEST_CASE("podball analysis: the running shell submits the takeover's commands") {
    Simulation sim = test::default_simulation();
    ui::OffscreenRenderer renderer{800, 500};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, ui::ShellOptions{}};
    renderer.render(shell, 1);
    auto* view = dynamic_cast<ui::PodballView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    view->takeover().take(ui::PodTakeover::Target{0, 1});
    view->takeover().set_thrust({0.0, 1.0});
    shell.set_paused(false);
    for (int frame = 0; frame < 200 && sim.tick() < 60; ++frame) shell.update(0.05);
    shell.set_paused(true);
    REQUIRE(sim.tick() >= 60);
    REQUIRE_FALSE(sim.live_commands().empty());
    for (const Command& c : sim.live_commands()) {
        CHECK(c.type == "pod.action");
        CHECK(c.integer("team") == 0);
        CHECK(c.integer("pod") == 1);
        CHECK(c.number("y") == doctest::Approx(1.0));
    }
    // Steering by hand is an edit like any other.
    CHECK(shell.dirty());
}

TEST_CASE("gamepad: sticks have a radial dead zone, keep full deflection at 1 and point y up") {
    CHECK(ui::axis_fraction(32767) == doctest::Approx(1.0));
    CHECK(ui::axis_fraction(-32768) == doctest::Approx(-1.0));
    CHECK(ui::axis_fraction(0) == 0.0);
    // Resting drift inside the dead zone reads as nothing.
    glm::dvec2 rest = ui::stick_to_world(0.15, -0.1);
    CHECK(rest.x == 0.0);
    CHECK(rest.y == 0.0);
    // Full deflection down-right on SDL's axes is a unit vector down-right in the world (y up).
    glm::dvec2 full = ui::stick_to_world(1.0, 1.0);
    CHECK(glm::length(full) == doctest::Approx(1.0));
    CHECK(full.x == doctest::Approx(std::sqrt(0.5)));
    CHECK(full.y == doctest::Approx(-std::sqrt(0.5)));
    // Half way between the dead zone and the rim gives half the thrust, along the stick.
    glm::dvec2 half = ui::stick_to_world(0.0, -0.6);
    CHECK(half.x == doctest::Approx(0.0));
    CHECK(half.y == doctest::Approx(0.5));
    glm::dvec2 nan = ui::stick_to_world(std::nan(""), 0.5);
    CHECK(nan.x == 0.0);
    CHECK(nan.y == 0.0);
}

TEST_CASE("podball analysis: a gamepad steers and shoots the taken-over pod through commands") {
    Simulation sim = test::default_simulation();
    ui::OffscreenRenderer renderer{800, 500};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, ui::ShellOptions{}};
    renderer.render(shell, 1);
    auto* view = dynamic_cast<ui::PodballView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    view->takeover().take(ui::PodTakeover::Target{1, 0});

    // Left stick pushed fully left (SDL x = -1): the pod thrusts towards -x.
    ui::GamepadState pad;
    pad.connected = true;
    pad.name = "Test Pad";
    pad.left_x = -1.0;
    shell.set_gamepad(pad);
    renderer.render(shell, 1);   // the view reads its input while drawing
    CHECK(view->takeover().thrust().x == doctest::Approx(-1.0));
    CHECK(view->takeover().thrust().y == doctest::Approx(0.0));
    shell.perform(ui::ShellAction::StepOnce);   // single steps drive the pod too
    REQUIRE(sim.live_commands().size() == 1);
    const Command& move = sim.live_commands().back();
    CHECK(move.type == "pod.action");
    CHECK(move.text("kind") == "move");
    CHECK(move.integer("team") == 1);
    CHECK(move.number("x") == doctest::Approx(-1.0));

    // A pressed with the right stick pointing up (SDL y = -1): a full-power shot straight up.
    pad.left_x = 0.0;
    pad.right_y = -1.0;
    pad.shoot_down = pad.shoot_pressed = true;
    shell.set_gamepad(pad);
    renderer.render(shell, 1);
    shell.perform(ui::ShellAction::StepOnce);
    const Command& shot = sim.live_commands().back();
    CHECK(shot.text("kind") == "shoot");
    CHECK(shot.number("x") == doctest::Approx(0.0));
    CHECK(shot.number("y") == doctest::Approx(1.0));

    // Unplugged: the stick no longer counts.
    shell.set_gamepad(ui::GamepadState{});
    renderer.render(shell, 1);
    CHECK(view->takeover().thrust().x == 0.0);
}

TEST_CASE("podball analysis: ticks run through the shell (playbench render --ticks) fill the charts from tick 0") {
    Simulation sim = test::default_simulation();
    ui::Shell shell{sim, ui::ShellOptions{}};
    auto* view = dynamic_cast<ui::PodballView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    shell.run_ticks(1000);
    CHECK(sim.tick() == 1000);
    const ui::MatchHistory& h = view->history();
    // One sample every kSampleEvery ticks from the first, not one sample of the last tick.
    REQUIRE(h.size() >= 1000 / ui::MatchHistory::kSampleEvery);
    CHECK(h.bucket(0).first_tick < ui::MatchHistory::kSampleEvery);
    CHECK(h.presence().samples > 10);
}
