// Compare mode in the window (docs/compare.md#compare-mode-in-the-window), in every lab. B forks
// from A, both advance together, B's edits do not touch A (and A's do not touch B unless "Both"),
// Keep B / Save B as / Leave do what they say, and the window shows A and B side by side, labelled.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>

#include "engine/core/lab.hpp"
#include "engine/core/replay.hpp"
#include "engine/core/replay_file.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui/shell/shortcuts.hpp"
#include "ui/widgets/compare_results.hpp"
#include "ui_test_support.hpp"

using namespace pb;

namespace {

struct LabCase {
    const char* scenario;
    const char* key;   // a parameter B changes
    double value;      // to this
};

const LabCase kLabs[] = {
    {"podball-default.toml", "podball.ball.friction", 0.004},
    {"rgs-two-at-800.toml", "rgs.economy.half_life", 30},
    {"logistics-colony.toml", "logistics.transporter.capacity", 100},
    {"effects-three-waves.toml", "effects.creeps.hp_scale", 2},
    {"tasks-toward-the-stars.toml", "tasks.limits.max_damage", 1},
};

std::string scenario_path(const char* name) { return std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name; }

}   // namespace

TEST_CASE("compare mode: B forks from A, edits stay on their side, both advance together (every lab)") {
    for (const LabCase& lab : kLabs) {
        CAPTURE(lab.scenario);
        Simulation sim(load_scenario_file(scenario_path(lab.scenario)));
        ui::Shell shell(sim, ui::ShellOptions{});
        shell.run_ticks(30);
        REQUIRE(shell.start_compare());
        REQUIRE(shell.comparing());
        Simulation& b = shell.compare()->sim();
        CHECK(b.tick() == sim.tick());
        CHECK(b.world().hash() == sim.world().hash());
        CHECK(shell.compare()->edit() == ui::CompareEdit::B);   // B is what a designer came to change
        CHECK(shell.compare()->differences().empty());

        const double a_value = sim.world().params().get(lab.key);
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, lab.value));
        CHECK(sim.world().params().get(lab.key) == a_value);   // B's edit does not touch A
        CHECK(b.world().params().get(lab.key) == lab.value);
        REQUIRE(shell.compare()->differences().size() == 1);
        CHECK(shell.compare()->differences()[0].key == lab.key);

        shell.run_ticks(90);
        CHECK(sim.tick() == 120);
        CHECK(b.tick() == 120);

        // A alone, then both.
        const ParamTable& table = sim.world().params().table();
        const ParamDef& def = table[*table.find(lab.key)];
        const double other = def.min != a_value ? def.min : def.max;
        shell.compare()->set_edit(ui::CompareEdit::A);
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, other));
        CHECK(sim.world().params().get(lab.key) == other);
        CHECK(b.world().params().get(lab.key) == lab.value);
        shell.compare()->set_edit(ui::CompareEdit::Both);
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, a_value));
        CHECK(sim.world().params().get(lab.key) == a_value);
        CHECK(b.world().params().get(lab.key) == a_value);
        CHECK(shell.compare()->differences().empty());

        // Restart: both back to tick 0, each keeping its own values.
        shell.compare()->set_edit(ui::CompareEdit::B);
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, lab.value));
        shell.perform(ui::ShellAction::Restart);
        CHECK(sim.tick() == 0);
        CHECK(shell.compare()->sim().tick() == 0);
        CHECK(shell.compare()->sim().world().params().get(lab.key) == lab.value);
        CHECK(sim.world().params().get(lab.key) == a_value);
    }
}

TEST_CASE("compare mode: B's edits change B's run, not A's") {
    // Podball: a fifth of the friction lets every shot run five times as far; A's run is the one without B.
    Simulation alone(load_scenario_file(scenario_path("podball-default.toml")));
    alone.advance(600);

    Simulation sim(load_scenario_file(scenario_path("podball-default.toml")));
    ui::Shell shell(sim, ui::ShellOptions{});
    REQUIRE(shell.start_compare());
    REQUIRE_FALSE(shell.compare()->set_param("podball.ball.friction", 0.004));
    shell.run_ticks(600);
    CHECK(sim.world().hash() == alone.world().hash());
    CHECK(shell.compare()->sim().world().hash() != alone.world().hash());
}

TEST_CASE("compare mode: keep B, save B as, leave keeping A") {
    test::ScratchDir dir;
    SUBCASE("Keep B makes B the scenario, unsaved") {
        Simulation sim(load_scenario_file(scenario_path("rgs-two-at-800.toml")));
        ui::Shell shell(sim, ui::ShellOptions{});
        REQUIRE(shell.start_compare());
        REQUIRE_FALSE(shell.compare()->set_param("rgs.economy.half_life", 30));
        shell.run_ticks(60);
        const std::uint64_t b_hash = shell.compare()->sim().world().hash();
        shell.end_compare(true);
        CHECK_FALSE(shell.comparing());
        CHECK(&shell.simulation() == &sim);
        CHECK(sim.world().params().get("rgs.economy.half_life") == 30);
        CHECK(sim.world().hash() == b_hash);
        CHECK(shell.dirty());
        // Restart starts B over with its values, even after A had been saved.
        shell.perform(ui::ShellAction::Restart);
        CHECK(sim.tick() == 0);
        CHECK(sim.world().params().get("rgs.economy.half_life") == 30);
    }
    SUBCASE("Keep B after Save: Restart restarts B, not the file A saved") {
        Simulation sim(load_scenario_file(scenario_path("rgs-two-at-800.toml")));
        ui::Shell shell(sim, ui::ShellOptions{});
        REQUIRE(shell.save_scenario(dir.file("a.toml")));
        REQUIRE(shell.start_compare());
        REQUIRE_FALSE(shell.compare()->set_param("rgs.economy.half_life", 30));
        shell.end_compare(true);
        shell.perform(ui::ShellAction::Restart);
        CHECK(sim.world().params().get("rgs.economy.half_life") == 30);
    }
    SUBCASE("Quitting with a changed B asks which to keep first") {
        Simulation sim(load_scenario_file(scenario_path("rgs-two-at-800.toml")));
        ui::Shell shell(sim, ui::ShellOptions{});
        REQUIRE(shell.start_compare());
        REQUIRE_FALSE(shell.compare()->set_param("rgs.economy.half_life", 30));
        shell.request_quit(false);
        CHECK_FALSE(shell.quit_requested());
        CHECK(shell.compare()->question_open());
        shell.end_compare(false);
        shell.request_quit(false);
        CHECK(shell.quit_requested());   // A had no edits of its own
    }
    SUBCASE("Leave keeping A drops B and leaves A as it was") {
        Simulation sim(load_scenario_file(scenario_path("rgs-two-at-800.toml")));
        ui::Shell shell(sim, ui::ShellOptions{});
        REQUIRE(shell.start_compare());
        REQUIRE_FALSE(shell.compare()->set_param("rgs.economy.half_life", 30));
        shell.run_ticks(60);
        const std::uint64_t a_hash = sim.world().hash();
        shell.compare()->request_end();
        CHECK(shell.compare()->question_open());
        CHECK(shell.modal_open());   // the world waits while the question is open
        shell.end_compare(false);
        CHECK_FALSE(shell.comparing());
        CHECK(sim.world().hash() == a_hash);
        CHECK(sim.world().params().get("rgs.economy.half_life") == 15);
        CHECK_FALSE(shell.dirty());
    }
    SUBCASE("Save B as writes B's scenario; A stays") {
        Simulation sim(load_scenario_file(scenario_path("logistics-colony.toml")));
        ui::Shell shell(sim, ui::ShellOptions{});
        REQUIRE(shell.start_compare());
        REQUIRE_FALSE(shell.compare()->set_param("logistics.transporter.capacity", 100));
        const std::string path = dir.file("variant-b.toml");
        REQUIRE(shell.save_variant(path));
        Scenario saved = load_scenario_file(path);
        CHECK(saved.params.get("logistics.transporter.capacity") == 100);
        CHECK(saved.seed == sim.scenario().seed);
        CHECK(sim.world().params().get("logistics.transporter.capacity") == 300);
        CHECK(shell.comparing());
        CHECK(shell.current_path() == scenario_path("logistics-colony.toml"));
    }
    SUBCASE("Opening another file while comparing is refused with the way out") {
        Simulation sim(load_scenario_file(scenario_path("rgs-two-at-800.toml")));
        ui::Shell shell(sim, ui::ShellOptions{});
        REQUIRE(shell.start_compare());
        shell.request_open(scenario_path("podball-default.toml"));
        CHECK(shell.comparing());
        CHECK(sim.world().lab().name == "rgs");
        CHECK(shell.error().find("leave compare mode first") != std::string::npos);
    }
}

TEST_CASE("compare mode in the window: A and B side by side, labelled, the Compare tab") {
    for (const LabCase& lab : kLabs) {
        CAPTURE(lab.scenario);
        Simulation sim(load_scenario_file(scenario_path(lab.scenario)));
        ui::Shell shell(sim, ui::ShellOptions{});
        ui::OffscreenRenderer r(1280, 800);
        REQUIRE(r.ok());
        r.render(shell, 2);
        REQUIRE(shell.start_compare());
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, lab.value));
        shell.run_ticks(120);
        r.render(shell, 3);
        const auto* a = shell.widgets().find("canvas");
        const auto* b = shell.widgets().find("canvas.b");
        REQUIRE(a);
        REQUIRE(b);
        CHECK(a->x + a->w <= b->x);             // A left of B
        CHECK(std::abs(a->w - b->w) <= 1.0f);   // halves
        CHECK(a->w > 250.0f);
        CHECK(shell.widgets().find("overlay.compare.a"));
        CHECK(shell.widgets().find("overlay.compare.b"));
        CHECK(shell.widgets().find("side.tab.compare"));
        CHECK(shell.side_tab() == ui::SideTab::Compare);
        CHECK(shell.widgets().find("compare.results"));
        CHECK(shell.widgets().find("compare.keep_b"));
        // The Parameters tab: the switch, B's panel.
        shell.select_side_tab(ui::SideTab::Parameters);
        r.render(shell, 2);
        CHECK(shell.widgets().find("compare.edit.a"));
        CHECK(shell.widgets().find("compare.edit.b"));
        CHECK(shell.widgets().find("compare.edit.both"));
        CHECK(shell.widgets().find(std::string("param.") + lab.key));
        // Many frames while running: no crash, both at the same tick.
        shell.set_paused(false);
        for (int i = 0; i < 20; ++i) {
            shell.run_ticks(10);
            r.build_frame(shell);
        }
        CHECK(shell.compare()->sim().tick() == sim.tick());
    }
}

TEST_CASE("compare mode: recording keeps both sides; each file verifies; reviewing shows both again") {
    test::ScratchDir dir;
    const std::string a_path = dir.file("session.pbreplay");
    const std::string b_path = dir.file("session.b.pbreplay");
    CHECK(ui::variant_replay_path(a_path) == b_path);
    std::uint64_t a_hash_300 = 0, b_hash_300 = 0;
    {
        Simulation sim(load_scenario_file(scenario_path("podball-default.toml")));
        ui::Shell shell(sim, ui::ShellOptions{});
        shell.run_ticks(50);
        REQUIRE(shell.start_recording(a_path));
        REQUIRE(shell.start_compare());   // recording already: B is recorded beside A from here
        REQUIRE_FALSE(shell.compare()->set_param("podball.ball.friction", 0.004));
        shell.run_ticks(250);
        a_hash_300 = sim.world().hash();
        b_hash_300 = shell.compare()->sim().world().hash();
        CHECK(a_hash_300 != b_hash_300);
        shell.run_ticks(100);
        shell.stop_recording("stopped");
        CHECK_FALSE(shell.recording());
    }
    // Each file is an ordinary replay, verified on its own; B's says whose branch it is.
    for (const std::string& path : {a_path, b_path}) {
        CAPTURE(path);
        ReplayLoad load = read_replay_file(path);
        REQUIRE(load.data);
        CHECK(load.warnings.empty());
        VerifyResult v = verify_replay(*load.data, path);
        CHECK(v.ok());
        CHECK(v.ticks == 400);
    }
    ReplayLoad b_load = read_replay_file(b_path);
    CHECK(b_load.data->header.branch_of == "session.pbreplay");
    CHECK(b_load.data->header.branch_tick == 50);

    // Reviewing A finds B and plays both in lockstep, side by side.
    Simulation host(load_scenario_file(scenario_path("podball-default.toml")));
    ui::Shell shell(host, ui::ShellOptions{});
    REQUIRE(shell.open_replay(a_path));
    REQUIRE(shell.review()->b_player());
    shell.review()->seek(300);
    CHECK(shell.simulation().world().hash() == a_hash_300);
    CHECK(shell.review()->b_player()->tick() == 300);
    CHECK(shell.review()->b_player()->simulation().world().hash() == b_hash_300);
    CHECK(shell.status().find("with B beside it (session.b.pbreplay)") != std::string::npos);
    ui::OffscreenRenderer r(1280, 800);
    REQUIRE(r.ok());
    r.render(shell, 3);
    CHECK(shell.widgets().find("canvas.b"));
    CHECK(shell.widgets().find("overlay.compare.a"));
    CHECK(shell.widgets().find("overlay.compare.b"));
    // Playing on moves both.
    shell.review()->seek(100);
    shell.set_paused(false);
    for (int i = 0; i < 10; ++i) {
        shell.update(1.0 / 60.0);
        r.build_frame(shell);
    }
    CHECK(shell.review()->b_player()->tick() == shell.simulation().tick());
    CHECK(shell.simulation().tick() > 100);

    // A's file alone (B's moved away) is a plain replay: one canvas.
    shell.close_replay();
    std::filesystem::rename(b_path, dir.file("elsewhere.pbreplay"));
    REQUIRE(shell.open_replay(a_path));
    CHECK_FALSE(shell.review()->b_player());
}

TEST_CASE("compare mode: B ghosted over A on one canvas, a toggle") {
    Simulation sim(load_scenario_file(scenario_path("podball-default.toml")));
    ui::Shell shell(sim, ui::ShellOptions{});
    ui::OffscreenRenderer r(1280, 800);
    REQUIRE(r.ok());
    r.render(shell, 2);
    const float full = shell.widgets().find("canvas")->w;
    REQUIRE(shell.start_compare());
    REQUIRE_FALSE(shell.compare()->set_param("podball.ball.friction", 0.004));
    shell.run_ticks(400);
    r.render(shell, 2);
    CHECK(shell.widgets().find("canvas")->w < full * 0.6f);
    std::string err;
    // PLAYBENCH_TEST_SHOTS=DIR writes the pictures (the compare screenshot README.md shows comes
    // from here).
    if (std::getenv("PLAYBENCH_TEST_SHOTS"))
        r.write_png(std::string(std::getenv("PLAYBENCH_TEST_SHOTS")) + "/compare.png", err);
    shell.compare()->set_ghost(true);
    r.render(shell, 2);
    CHECK(shell.widgets().find("canvas")->w == doctest::Approx(full));
    CHECK_FALSE(shell.widgets().find("canvas.b"));
    CHECK(shell.widgets().find("overlay.compare.a"));
    if (std::getenv("PLAYBENCH_TEST_SHOTS"))
        r.write_png(std::string(std::getenv("PLAYBENCH_TEST_SHOTS")) + "/ghost.png", err);
    shell.compare()->set_ghost(false);
    r.render(shell, 2);
    CHECK(shell.widgets().find("canvas.b"));
}

namespace {

bool overlap(const ui::WidgetRect& a, const ui::WidgetRect& b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

}   // namespace

TEST_CASE("compare mode: B ghosted over A draws none of its boxes over A's (every lab)") {
    for (const LabCase& lab : kLabs) {
        const std::string scenario = lab.scenario;
        CAPTURE(scenario);
        Simulation sim(load_scenario_file(scenario_path(lab.scenario)));
        ui::Shell shell(sim, ui::ShellOptions{});
        ui::OffscreenRenderer r(1280, 800);
        REQUIRE(r.ok());
        REQUIRE(shell.start_compare());
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, lab.value));
        shell.run_ticks(120);
        shell.compare()->set_ghost(true);
        r.render(shell, 3);
        // A's boxes on the canvas (its score or status box, its key), and whatever B's view
        // recorded while drawn over them.
        std::vector<std::pair<std::string, ui::WidgetRect>> a_boxes;
        for (const auto& [name, rect] : shell.widgets().all())
            if (name.rfind("overlay.", 0) == 0 && name.rfind("overlay.compare.", 0) != 0 &&
                name.rfind("overlay.window.", 0) != 0)
                a_boxes.emplace_back(name, rect);
        for (const auto& b : shell.compare()->widgets().all()) {
            const std::string& b_name = b.first;
            if (b_name.rfind("overlay.", 0) != 0 && b_name.rfind("effects.lane.", 0) != 0) continue;
            for (const auto& a : a_boxes) {
                const std::string& a_name = a.first;
                CAPTURE(b_name);
                CAPTURE(a_name);
                CHECK_FALSE(overlap(a.second, b.second));
            }
        }
        if (lab.key == std::string("rgs.economy.half_life")) CHECK(shell.widgets().find("overlay.rgs_status"));
        if (lab.key == std::string("podball.ball.friction")) CHECK(shell.widgets().find("overlay.score"));
    }
}

TEST_CASE(
    "compare mode: B's only edit undone, the Compare tab says the runs still differ; forking again clears B - A") {
    Simulation sim(load_scenario_file(scenario_path("podball-default.toml")));
    ui::Shell shell(sim, ui::ShellOptions{});
    ui::OffscreenRenderer r(1280, 800);
    REQUIRE(r.ok());
    REQUIRE(shell.start_compare());
    REQUIRE_FALSE(shell.compare()->set_param("podball.ball.friction", 0.004));
    shell.run_ticks(400);
    shell.perform(ui::ShellAction::Undo);
    REQUIRE(shell.compare()->differences().empty());
    shell.run_ticks(10);
    r.render(shell, 3);
    REQUIRE(shell.side_tab() == ui::SideTab::Compare);
    // B - A is not zero (B's run went its own way while the edit was in effect) ...
    bool differ = false;
    for (const ui::CompareRow& row : ui::last_compare_rows()) differ = differ || row.a != row.b;
    CHECK(differ);
    CHECK(shell.compare()->diverged_without_differences());
    // ... so the tab says so and offers to fork B again, which puts B - A back to zero.
    const ui::WidgetRect* fork = shell.widgets().find("compare.fork_again");
    REQUIRE(fork);
    test::click(r, shell, *fork);
    CHECK(shell.compare()->sim().world().hash() == sim.world().hash());
    CHECK(shell.compare()->sim().tick() == sim.tick());
    CHECK_FALSE(shell.compare()->diverged_without_differences());
    shell.run_ticks(60);
    r.render(shell, 2);
    for (const ui::CompareRow& row : ui::last_compare_rows()) CHECK(row.a == row.b);
    CHECK_FALSE(shell.widgets().find("compare.fork_again"));
    // B's edits went with the old B: undo has nothing of B's left.
    CHECK_FALSE(shell.compare()->history().can_undo());
}

TEST_CASE(
    "compare mode at 1280x800: the status line's message and summary fit on it, neither over the other; each canvas's "
    "hint fits its half") {
    for (const LabCase& lab : kLabs) {
        const std::string scenario = lab.scenario;
        CAPTURE(scenario);
        Simulation sim(load_scenario_file(scenario_path(lab.scenario)));
        ui::Shell shell(sim, ui::ShellOptions{});
        ui::OffscreenRenderer r(1280, 800);
        REQUIRE(r.ok());
        REQUIRE(shell.start_compare());
        shell.compare()->set_edit(ui::CompareEdit::Both);
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, lab.value));
        shell.set_status(shell.status());   // shown afresh: the message is on the line now
        r.render(shell, 2);
        CAPTURE(shell.status());
        const ui::WidgetRect* summary = shell.widgets().find("status.summary");
        const ui::WidgetRect* message = shell.widgets().find("status.message");
        REQUIRE(summary);
        REQUIRE(message);
        CHECK(message->x + message->w <= 1280.0f);
        CHECK(summary->x + summary->w <= message->x);
        // The corner hints, paused and running, each inside its own half of the canvas.
        for (const bool paused : {true, false}) {
            CAPTURE(paused);
            shell.set_paused(paused);
            r.render(shell, 2);
            for (const std::string canvas : {"canvas", "canvas.b"}) {
                CAPTURE(canvas);
                const ui::WidgetRect* c = shell.widgets().find(canvas);
                const ui::WidgetRect* hint = shell.widgets().find(canvas + ".hint");
                REQUIRE(c);
                REQUIRE(hint);
                CHECK(hint->w > 100.0f);
                CHECK(hint->x + hint->w <= c->x + c->w);
            }
        }
    }
}
