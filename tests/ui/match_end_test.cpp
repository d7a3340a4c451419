// The end of a match in the window (docs/window.md#the-end-of-a-match): at any speed, play stops
// at the final whistle and the status line says the match is over and how to go on; the charts
// keep the whole match, from the kick-off, however long it ran
// (docs/labs/podball.md#charts-over-match-time).
#include <doctest/doctest.h>

#include <cstdlib>
#include <string>

#include "engine/core/read_file.hpp"
#include "ui/podball/podball_view.hpp"
#include "ui_test_support.hpp"

using namespace pb;

namespace {

// The default match with periods of `period_ticks` running ticks.
Simulation match_of(std::int64_t period_ticks) {
    std::string text = read_regular_file(test::default_scenario_file(), 1 << 20, "a scenario");
    text += "\npodball.match.period_ticks = " + std::to_string(period_ticks) + "\n";
    return Simulation(load_scenario_text(text, "match-end-test.toml"));
}

// The tick of the final whistle, found by stepping a copy of the match headless.
std::int64_t final_tick(std::int64_t period_ticks) {
    Simulation sim = match_of(period_ticks);
    while (!sim.world().finished() && sim.tick() < 10'000'000) sim.step();
    REQUIRE(sim.world().finished());
    return sim.tick();
}

void max_speed(ui::Shell& shell) {
    for (std::size_t i = 0; i < ui::kSpeeds.size(); ++i) shell.perform(ui::ShellAction::SpeedUp);
    REQUIRE(shell.clock().unlimited());   // "max"
}

// Frames of the running window until it pauses (or `limit` frames): ticks as due, a frame built
// now and then.
void play_until_paused(ui::Shell& shell, ui::OffscreenRenderer& r, int limit) {
    shell.set_paused(false);
    for (int frame = 0; frame < limit && !shell.paused(); ++frame) {
        shell.update(1.0 / 60.0);
        if (frame % 25 == 0) r.build_frame(shell);
    }
}

}   // namespace

TEST_CASE("match end: at max speed a short match stops at its final whistle and says how to go on") {
    const std::int64_t end = final_tick(300);
    Simulation sim = match_of(300);
    ui::Shell shell{sim, ui::ShellOptions{}};
    ui::OffscreenRenderer r{1280, 800};
    REQUIRE_MESSAGE(r.ok(), r.error());
    max_speed(shell);
    play_until_paused(shell, r, 100000);
    CHECK(shell.paused());
    CHECK(sim.world().finished());
    CHECK(sim.tick() == end);   // not one tick past the whistle
    CHECK(shell.status().find("The match is over (tick " + std::to_string(end) + ")") != std::string::npos);
    CHECK(shell.status().find("press R to restart") != std::string::npos);
    r.render(shell, 2);
    CHECK(test::frame_text(r).find("OVER") != std::string::npos);   // the status line's state

    // Play at the end plays nothing: it says so again.
    shell.perform(ui::ShellAction::TogglePause);
    CHECK(shell.paused());
    for (int i = 0; i < 5; ++i) shell.update(1.0 / 60.0);
    CHECK(sim.tick() == end);

    // R goes back to the kick-off, and the next match runs to its own end.
    shell.perform(ui::ShellAction::Restart);
    CHECK(sim.tick() == 0);
    play_until_paused(shell, r, 100000);
    CHECK(sim.tick() == end);
}

TEST_CASE("match end: after a long match at max speed the charts still start at the kick-off") {
    // Two periods of 15,000 running ticks: longer than any sliding window of recent samples.
    Simulation sim = match_of(15000);
    ui::ShellOptions options;
    options.preferences.side_tab = ui::SideTab::Analysis;
    ui::Shell shell{sim, options};
    ui::OffscreenRenderer r{1920, 2400};   // tall: the Analysis tab's charts in sight
    REQUIRE_MESSAGE(r.ok(), r.error());
    max_speed(shell);
    play_until_paused(shell, r, 200000);
    REQUIRE(sim.world().finished());
    CHECK(sim.tick() > 30000);
    r.render(shell, 3);
    // The possession chart's readout at its left edge: the first point, at tick ~0.
    const auto* found = shell.widgets().find("podball.chart.possession");
    REQUIRE(found != nullptr);
    const auto chart_rect = *found;   // a copy: each frame rebuilds the widget list
    const auto* chart = &chart_rect;
    double first_seconds = -1.0;
    for (float x = chart->x; x < chart->x + chart->w * 0.5f && first_seconds < 0.0; x += 2.0f) {
        r.set_mouse(std::make_pair(x, chart->y + chart->h * 0.45f));
        r.render(shell, 2);
        for (const ui::DrawnText& t : r.drawn_text()) {
            const auto at = t.text.find("time at 1x ");
            if (at != std::string::npos) first_seconds = std::atof(t.text.c_str() + at + 11);
        }
    }
    REQUIRE_MESSAGE(first_seconds >= 0.0, "chart at " << chart->x << ", " << chart->y << " size " << chart->w << " x "
                                                      << chart->h << " visible "
                                                      << chart->visible);   // the readout was found
    CHECK(first_seconds < 2.0);                                             // tick ~0, not the last few hundred seconds
    // And the last point is the final whistle's.
    const auto* view = dynamic_cast<const ui::PodballView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    CHECK(view->history().bucket(view->history().size() - 1).last_tick >= sim.tick() - 10);
}
