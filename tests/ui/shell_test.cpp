#include <doctest/doctest.h>

#include <unistd.h>
#include <cstdlib>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/podball/world.hpp"
#include "ui/shell/shell.hpp"
#include "ui/shell/shortcuts.hpp"
#include "ui_test_support.hpp"

using namespace pb;
using ui::ShellAction;

namespace {

double ball_friction(const Simulation& sim) { return sim.world().params().get("podball.ball.friction"); }

}   // namespace

TEST_CASE("shell: starts paused; play runs 60 ticks per second at 1x") {
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    CHECK(shell.paused());
    shell.update(1.0 / 60.0);
    CHECK(sim.tick() == 0);

    shell.perform(ShellAction::TogglePause);
    CHECK_FALSE(shell.paused());
    for (int i = 0; i < 60; ++i) shell.update(1.0 / 60.0);
    CHECK(sim.tick() >= 59);
    CHECK(sim.tick() <= 60);
    CHECK(shell.tick_microseconds() > 0.0);
}

TEST_CASE("shell: speed buttons change the tick rate, not the tick") {
    Simulation sim = test::default_simulation();
    ui::ShellOptions opts;
    opts.preferences.speed_index = 4;   // 4x
    ui::Shell shell(sim, opts);
    shell.set_paused(false);
    for (int i = 0; i < 30; ++i) shell.update(1.0 / 60.0);
    CHECK(sim.tick() >= 119);
    CHECK(sim.tick() <= 120);
    shell.perform(ShellAction::SpeedDown);
    CHECK(shell.clock().speed().label == "2x");
    CHECK(shell.preferences().speed_index == 3);
}

TEST_CASE("shell: as fast as possible stays within the frame budget") {
    Simulation sim = test::default_simulation();
    ui::ShellOptions opts;
    opts.preferences.speed_index = static_cast<int>(ui::kSpeeds.size()) - 1;
    ui::Shell shell(sim, opts);
    shell.set_paused(false);
    auto start = std::chrono::steady_clock::now();
    shell.update(1.0 / 60.0);
    double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    CHECK(sim.tick() > 60);   // far more than 1x would run
    CHECK(ms < 100.0);        // budget 12 ms; generous for loaded machines
}

TEST_CASE("shell: single step pauses and advances exactly one tick") {
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    shell.set_paused(false);
    shell.perform(ShellAction::StepOnce);
    CHECK(shell.paused());
    CHECK(sim.tick() == 1);
    shell.perform(ShellAction::StepOnce);
    CHECK(sim.tick() == 2);
}

TEST_CASE("shell: restart goes back to tick 0 and keeps the tuned parameters") {
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.friction", 0.01)));
    sim.advance(50);
    shell.perform(ShellAction::Restart);
    CHECK(sim.tick() == 0);
    CHECK(ball_friction(sim) == 0.01);
    CHECK(shell.dirty());   // 0.01 is not what the file says
}

TEST_CASE("shell: a broken scenario file leaves the current scenario running, with the full message") {
    test::ScratchDir dir;
    std::string bad = dir.file("broken.toml");
    std::ofstream(bad) << "lab = \"podball\"\n[params]\npodball.ball.friction = 99\n";
    Simulation sim = test::default_simulation();
    sim.advance(10);
    std::string title = sim.scenario().title;
    ui::Shell shell(sim, ui::ShellOptions{});
    CHECK_FALSE(shell.open_scenario(bad));
    CHECK(sim.tick() == 10);
    CHECK(sim.scenario().title == title);
    CHECK(shell.error().find(bad) != std::string::npos);
    CHECK(shell.error().find("podball.ball.friction") != std::string::npos);
    CHECK(shell.current_path() == test::default_scenario_file());

    CHECK_FALSE(shell.open_scenario(dir.file("does-not-exist.toml")));
    CHECK(sim.tick() == 10);
}

TEST_CASE("shell: save writes the edits; opening the file brings them back") {
    test::ScratchDir dir;
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    CHECK_FALSE(shell.dirty());
    REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.friction", 0.0125)));
    CHECK(shell.dirty());
    CHECK(shell.window_title().rfind("* ", 0) == 0);

    std::string path = dir.file("tuned");   // ".toml" is added
    REQUIRE(shell.save_scenario(path));
    CHECK(std::filesystem::exists(path + ".toml"));
    CHECK_FALSE(shell.dirty());
    CHECK(shell.current_path() == path + ".toml");
    CHECK(shell.preferences().recent_files.front() == std::filesystem::absolute(path + ".toml").string());

    Simulation reopened(load_scenario_file(path + ".toml"));
    CHECK(ball_friction(reopened) == 0.0125);

    // Opening resets the world to the file's tick 0, paused.
    shell.set_paused(false);
    sim.advance(20);
    REQUIRE(shell.open_scenario(path + ".toml"));
    CHECK(sim.tick() == 0);
    CHECK(shell.paused());
    CHECK(ball_friction(sim) == 0.0125);
}

TEST_CASE("shell: Save of a scenario in a read-only or vanished folder offers a copy in the home folder") {
    test::ScratchDir dir;
    const std::string folder = dir.file("examples");
    std::filesystem::create_directories(folder);
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    REQUIRE(shell.save_scenario(folder + "/match.toml"));
    REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.friction", 0.0125)));
    const char* home = std::getenv("HOME");
    REQUIRE(home != nullptr);
    const auto offered = [&] {
        return shell.file_dialog().visible() && shell.file_dialog().mode() == ui::FileDialogMode::SaveScenario &&
               shell.file_dialog().path() == (std::filesystem::path(home) / "match.toml").string();
    };
    if (::geteuid() != 0) {   // root may write anywhere: only the vanished folder applies then
        std::filesystem::permissions(folder, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec);
        shell.perform(ui::ShellAction::Save);
        CHECK(offered());
        CHECK(shell.status().find("read-only") != std::string::npos);
        CHECK(shell.dirty());   // nothing was written, nothing lost
        std::filesystem::permissions(folder, std::filesystem::perms::owner_all);
    }
    Simulation other = test::default_simulation();
    ui::Shell fresh(other, ui::ShellOptions{});
    REQUIRE(fresh.save_scenario(folder + "/match.toml"));
    std::filesystem::remove_all(folder);
    REQUIRE_FALSE(other.submit(make_param_set(other.tick(), "podball.ball.friction", 0.0125)));
    fresh.perform(ui::ShellAction::Save);
    CHECK(fresh.file_dialog().visible());
    CHECK(fresh.file_dialog().path() == (std::filesystem::path(home) / "match.toml").string());
    CHECK(fresh.dirty());
}

TEST_CASE("shell: a placement makes the scenario dirty; restart after save starts from the saved file") {
    test::ScratchDir dir;
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    REQUIRE_FALSE(sim.submit(to_command(podball::BallPlace{.x = -0.2, .y = 0.1}, sim.tick())));
    CHECK(shell.dirty());
    REQUIRE(shell.save_scenario(dir.file("placed.toml")));
    CHECK_FALSE(shell.dirty());
    sim.advance(30);
    shell.perform(ShellAction::Restart);
    CHECK(sim.tick() == 0);
    // The saved schedule places the ball at tick 0: one step applies it.
    sim.step();
    const auto& w = dynamic_cast<const podball::PodballWorld&>(sim.world());
    CHECK(w.ball().pos.x == doctest::Approx(-0.2).epsilon(0.05));
}

TEST_CASE("shell: quitting asks first when there are unsaved changes") {
    Simulation sim = test::default_simulation();
    {
        ui::Shell shell(sim, ui::ShellOptions{});
        shell.request_quit(false);
        CHECK(shell.quit_requested());   // nothing to lose
    }
    {
        ui::Shell shell(sim, ui::ShellOptions{});
        REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.friction", 0.02)));
        shell.request_quit(false);
        CHECK_FALSE(shell.quit_requested());
        CHECK(shell.modal_open());
        shell.request_quit(true);
        CHECK(shell.quit_requested());
    }
}

TEST_CASE("shell: recent files are absolute, unique, most recent first, at most 10") {
    std::vector<std::string> recent;
    for (int i = 0; i < 12; ++i) ui::remember_recent_file(recent, "/tmp/s" + std::to_string(i) + ".toml");
    CHECK(recent.size() == 10);
    CHECK(recent.front() == "/tmp/s11.toml");
    CHECK(recent.back() == "/tmp/s2.toml");
    ui::remember_recent_file(recent, "/tmp/s5.toml");
    CHECK(recent.size() == 10);
    CHECK(recent.front() == "/tmp/s5.toml");
    CHECK(std::count(recent.begin(), recent.end(), "/tmp/s5.toml") == 1);
    ui::remember_recent_file(recent, "relative.toml");
    CHECK(std::filesystem::path(recent.front()).is_absolute());
}

TEST_CASE("shell: the report carries tick, pause state and parameters") {
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    sim.advance(3);
    JsonWriter out;
    out.begin_object();
    shell.write_report(out);
    out.end_object();
    const std::string& j = out.str();
    CHECK(j.find("\"tick\": 3") != std::string::npos);
    CHECK(j.find("\"paused\": true") != std::string::npos);
    CHECK(j.find("\"key\": \"podball.ball.friction\"") != std::string::npos);
    CHECK(j.find("\"widgets\"") != std::string::npos);
}

TEST_CASE("shortcuts: keys map to shell actions") {
    using ui::action_for_key;
    CHECK(action_for_key(SDL_SCANCODE_SPACE, false, false, false, false) == ShellAction::TogglePause);
    CHECK_FALSE(action_for_key(SDL_SCANCODE_SPACE, false, false, false, true).has_value());   // no auto-repeat
    CHECK(action_for_key(SDL_SCANCODE_PERIOD, false, false, false, true) == ShellAction::StepOnce);
    CHECK(action_for_key(SDL_SCANCODE_R, false, false, false, false) == ShellAction::Restart);
    CHECK(action_for_key(SDL_SCANCODE_R, true, false, false, false) == ShellAction::Reload);
    CHECK(action_for_key(SDL_SCANCODE_O, true, false, false, false) == ShellAction::Open);
    CHECK(action_for_key(SDL_SCANCODE_S, true, false, false, false) == ShellAction::Save);
    CHECK(action_for_key(SDL_SCANCODE_S, true, true, false, false) == ShellAction::SaveAs);
    CHECK(action_for_key(SDL_SCANCODE_F12, false, false, false, false) == ShellAction::Screenshot);
    CHECK(action_for_key(SDL_SCANCODE_EQUALS, false, true, false, false) == ShellAction::SpeedUp);   // "+"
    CHECK_FALSE(action_for_key(SDL_SCANCODE_S, false, false, false, false).has_value());
    CHECK_FALSE(action_for_key(SDL_SCANCODE_SPACE, false, false, true, false).has_value());
    CHECK(std::string(ui::shortcut_label(ShellAction::Open)) == "Ctrl+O");
}

TEST_CASE("shell: opening another file with unsaved edits asks first") {
    test::ScratchDir dir;
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    REQUIRE(shell.save_scenario(dir.file("other.toml")));
    CHECK_FALSE(shell.dirty());
    REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.friction", 0.02)));
    sim.advance(5);
    shell.request_open(test::default_scenario_file());
    CHECK(shell.modal_open());   // the question is up; nothing was opened
    CHECK(sim.tick() == 5);
    CHECK(shell.current_path() == dir.file("other.toml"));

    ui::Shell clean(sim, ui::ShellOptions{});   // a shell that has seen no edits
    clean.request_open(test::default_scenario_file());
    CHECK(sim.tick() == 0);
    CHECK(clean.current_path() == test::default_scenario_file());
}

TEST_CASE("shell: a scenario's own scheduled parameter changes are not unsaved edits") {
    test::ScratchDir dir;
    std::string path = dir.file("scheduled.toml");
    {
        Simulation sim = test::default_simulation();
        ui::Shell shell(sim, ui::ShellOptions{});
        REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.friction", 0.02)));
        REQUIRE(shell.save_scenario(path));   // the edit is now a scheduled command of the file
    }
    Simulation sim(load_scenario_file(path));
    ui::Shell shell(sim, ui::ShellOptions{});
    sim.advance(10);
    CHECK(ball_friction(sim) == 0.02);
    CHECK_FALSE(shell.dirty());
}
