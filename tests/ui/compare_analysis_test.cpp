// While comparing (docs/compare.md#compare-mode-in-the-window), each lab's Analysis tab shows A, B
// and B - A for its key results (one shared table, ui/widgets/compare_results.hpp) and its charts overlay
// B's runs (dashed, "B ..."), live and when reviewing a compare recording. Without compare mode
// nothing of it shows.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <string>

#include "engine/compare/compare.hpp"
#include "engine/core/lab.hpp"
#include "engine/sweep/sweep.hpp"
#include "engine/tasks/world.hpp"
#include "ui/podball/podball_view.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/compare_results.hpp"
#include "ui_test_support.hpp"

using namespace pb;

namespace {

struct Chart {
    const char* id;   // the ChartSpec id (or the Tasks chart's widget)
    int series;       // B series drawn on it
};

struct LabCase {
    const char* scenario;
    const char* key;       // a parameter B changes
    double value;          // to this
    int ticks;             // run this long after the fork
    const char* changed;   // a key result the change moves by then
    std::vector<Chart> charts;
    const char* shot;   // analysis-<shot>.png
};

const std::vector<LabCase>& lab_cases() {
    static const std::vector<LabCase> cases = {
        {"podball-default.toml",
         "podball.ball.friction",
         0.004,
         900,
         "metrics.teams[0].possession_pct",
         {{"possession", 2}, {"score", 2}, {"shots", 2}},
         "podball"},
        {"rgs-two-at-800.toml",
         "rgs.economy.half_life",
         30,
         600,
         "metrics.teams[0].mined",
         {{"rgs_bp", 2}, {"rgs_rate", 3}},
         "rgs"},
        {"logistics-colony.toml",
         "logistics.transporter.capacity",
         100,
         400,
         "metrics.delivered_to_sinks",
         {{"logistics.delivered", 2}, {"logistics.unmet", 1}},
         "logistics"},
        {"effects-three-waves.toml",
         "effects.creeps.hp_scale",
         2,
         400,
         "metrics.policies[0].total_damage",
         {{"effects_damage", -1}, {"effects_leaks", -1}},
         "effects"},
        {"tasks-toward-the-stars.toml",
         "tasks.limits.max_damage",
         1,
         200,
         "metrics.solution.efficient[0].damage",
         {{"tasks.team_chart", 1}},
         "tasks"},
    };
    return cases;
}

std::string scenario_path(const char* name) { return std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name; }

bool same(double a, double b) { return a == b || (std::isnan(a) && std::isnan(b)); }

void shot(ui::OffscreenRenderer& r, const std::string& name) {
    std::string err;
    if (const char* dir = std::getenv("PLAYBENCH_TEST_SHOTS")) r.write_png(std::string(dir) + "/" + name + ".png", err);
}

// The table shows every key result of A and B as the worlds give them.
void check_table(ui::Shell& shell, const World& a, const World& b, const char* changed) {
    std::vector<std::string> known;
    for (auto& n : world_numbers(a)) known.push_back(std::move(n.path));
    const std::vector<std::string> paths = compare_default_results(a.lab().name, known);
    REQUIRE_FALSE(paths.empty());
    const auto& rows = ui::last_compare_rows();
    REQUIRE(rows.size() == paths.size());
    const std::vector<double> av = world_values(a, paths), bv = world_values(b, paths);
    bool moved = false;
    for (std::size_t k = 0; k < paths.size(); ++k) {
        CAPTURE(paths[k]);
        CHECK(rows[k].path == paths[k]);
        CHECK(same(rows[k].a, av[k]));
        CHECK(same(rows[k].b, bv[k]));
        CHECK(rows[k].meaning.label.find("metrics.") == std::string::npos);   // the lab's words, not a path
        CHECK(shell.widgets().find("analysis.compare." + paths[k]));
        if (paths[k] == changed) moved = !same(av[k], bv[k]);
    }
    CAPTURE(changed);
    CHECK(moved);   // B's change shows in the table
    CHECK(shell.widgets().find("analysis.compare"));
}

}   // namespace

TEST_CASE("compare mode: each lab's Analysis tab shows A, B and B - A and overlays B on its charts") {
    for (const LabCase& lab : lab_cases()) {
        CAPTURE(lab.scenario);
        Simulation sim(load_scenario_file(scenario_path(lab.scenario)));
        ui::ShellOptions options;
        options.preferences.side_tab = ui::SideTab::Analysis;
        ui::Shell shell(sim, options);
        ui::OffscreenRenderer r(1280, 800);
        REQUIRE(r.ok());
        shell.run_ticks(60);
        r.render(shell, 2);
        // Not comparing: no table, no B series.
        ui::compare_overlay_log().clear();
        r.render(shell, 2);
        CHECK_FALSE(shell.widgets().find("analysis.compare"));
        CHECK(ui::compare_overlay_log().empty());

        REQUIRE(shell.start_compare());
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, lab.value));
        shell.run_ticks(lab.ticks);
        shell.select_side_tab(ui::SideTab::Analysis);
        ui::compare_overlay_log().clear();
        r.render(shell, 3);
        REQUIRE(shell.side_tab() == ui::SideTab::Analysis);
        check_table(shell, sim.world(), shell.compare()->sim().world(), lab.changed);

        const auto& log = ui::compare_overlay_log();
        for (const Chart& c : lab.charts) {
            CAPTURE(c.id);
            REQUIRE(log.count(c.id) == 1);
            const ui::OverlayRecord& rec = log.at(c.id);
            if (c.series > 0)
                CHECK(rec.series == c.series);
            else
                CHECK(rec.series >= 1);
            CHECK(rec.points >= static_cast<std::size_t>(rec.series));
        }
        // Podball: B's lines are B's own history, sampled from the fork on.
        if (std::string(lab.shot) == "podball") {
            const auto* b_view = static_cast<const ui::PodballView*>(&shell.compare()->view());
            REQUIRE(b_view->history().size() > 50);
            CHECK(log.at("score").points == 2 * b_view->history().size());
            CHECK(b_view->history().bucket(0).first_tick >= 60);
            // The score box fits A's half of the canvas (its long line gives way to a short one).
            const auto* canvas = shell.widgets().find("canvas");
            const auto* score = shell.widgets().find("overlay.score");
            REQUIRE(canvas);
            REQUIRE(score);
            CHECK(score->x >= canvas->x);
            CHECK(score->x + score->w <= canvas->x + canvas->w);
        }
        // Tasks: one orange square per B efficient team.
        if (std::string(lab.shot) == "tasks") {
            const auto& bw = dynamic_cast<const tasks::TasksWorld&>(shell.compare()->sim().world());
            CHECK(log.at("tasks.team_chart").points == bw.solution().efficient.size());
        }
        shot(r, "analysis-" + std::string(lab.shot));
        if (std::getenv("PLAYBENCH_TEST_SHOTS")) {   // the whole tab, charts included, on a tall window
            ui::OffscreenRenderer tall(1280, 2600);
            REQUIRE(tall.ok());
            tall.render(shell, 1);   // a new ImGui context opens the first tab: select Analysis again
            shell.select_side_tab(ui::SideTab::Analysis);
            tall.render(shell, 3);
            shot(tall, "analysis-" + std::string(lab.shot) + "-full");
        }

        // Leaving compare mode: the tab is as before.
        shell.end_compare(false);
        ui::compare_overlay_log().clear();
        r.render(shell, 2);
        CHECK_FALSE(shell.widgets().find("analysis.compare"));
        CHECK(ui::compare_overlay_log().empty());
    }
}

// Records `ticks` of compare mode to `a_path` (and B beside it): B with `key` set to `value`.
static void record_compare(const std::string& a_path, const char* scenario, const char* key, double value,
                           std::int64_t ticks) {
    Simulation sim(load_scenario_file(scenario_path(scenario)));
    ui::Shell shell(sim, ui::ShellOptions{});
    REQUIRE(shell.start_recording(a_path));
    REQUIRE(shell.start_compare());
    REQUIRE_FALSE(shell.compare()->set_param(key, value));
    shell.run_ticks(ticks);
    shell.stop_recording("stopped");
}

TEST_CASE("compare mode: reviewing a compare recording overlays B in the Analysis tab too") {
    test::ScratchDir dir;
    const std::string a_path = dir.file("session.pbreplay");
    record_compare(a_path, "rgs-two-at-800.toml", "rgs.economy.half_life", 30, 600);
    Simulation host(load_scenario_file(scenario_path("rgs-two-at-800.toml")));
    ui::ShellOptions options;
    options.preferences.side_tab = ui::SideTab::Analysis;
    ui::Shell shell(host, options);
    REQUIRE(shell.open_replay(a_path));
    REQUIRE(shell.review()->b_player());
    shell.review()->seek(500);
    shell.select_side_tab(ui::SideTab::Analysis);
    ui::OffscreenRenderer r(1280, 800);
    REQUIRE(r.ok());
    ui::compare_overlay_log().clear();
    r.render(shell, 3);
    check_table(shell, shell.simulation().world(), shell.review()->b_player()->simulation().world(),
                "metrics.teams[0].mined");
    const auto& log = ui::compare_overlay_log();
    REQUIRE(log.count("rgs_bp") == 1);
    CHECK(log.at("rgs_bp").series == 2);
    CHECK(log.at("rgs_bp").points > 2);
    shot(r, "analysis-review-rgs");
}

TEST_CASE("compare mode: reviewing a Podball compare recording, B's charts follow B's replay") {
    test::ScratchDir dir;
    const std::string a_path = dir.file("match.pbreplay");
    record_compare(a_path, "podball-default.toml", "podball.ball.friction", 0.004, 900);
    Simulation host(load_scenario_file(scenario_path("podball-default.toml")));
    ui::ShellOptions options;
    options.preferences.side_tab = ui::SideTab::Analysis;
    ui::Shell shell(host, options);
    REQUIRE(shell.open_replay(a_path));
    REQUIRE(shell.review()->b_player());
    ui::OffscreenRenderer r(1280, 800);
    REQUIRE(r.ok());
    shell.select_side_tab(ui::SideTab::Analysis);
    shell.review()->seek(600);
    shell.set_paused(false);
    for (int i = 0; i < 120; ++i) {   // play on: both views watch their replay advance
        shell.update(1.0 / 60.0);
        r.build_frame(shell);
    }
    shell.set_paused(true);
    ui::compare_overlay_log().clear();
    r.render(shell, 2);
    check_table(shell, shell.simulation().world(), shell.review()->b_player()->simulation().world(),
                "metrics.teams[0].possession_pct");
    const auto& log = ui::compare_overlay_log();
    REQUIRE(log.count("possession") == 1);
    CHECK(log.at("possession").series == 2);
    CHECK(log.at("possession").points >= 2 * 10);   // 120 ticks at a sample every 10
    shot(r, "analysis-review-podball");
}
