// Replays in the window, through the shell as the window drives it (rendered offscreen):
// recording a live session, reviewing a replay with editing off, seeking, looping, divergence,
// notes saved into the file, and taking over at a tick to record a branch.
#include <doctest/doctest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <thread>

#include "engine/core/replay.hpp"
#include "engine/core/scenario.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/rgs/rgs_view.hpp"
#include "ui/shell/shell.hpp"
#include "ui/shell/shortcuts.hpp"
#include "ui/widgets/tooltip.hpp"
#include "ui_test_support.hpp"

using namespace pb;
using ui::ShellAction;

namespace {

std::string scenario_file(const std::string& name) { return std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name; }

// A replay of `ticks` ticks of the default Podball scenario with a friction edit at tick 40.
void record_podball(const std::string& path, std::int64_t ticks) {
    Simulation sim = test::default_simulation();
    SessionRecorder rec;
    rec.start(sim, path);
    for (std::int64_t t = 0; t < ticks; ++t) {
        if (t == 40) REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.friction", 0.006)));
        sim.step();
    }
    rec.stop();
}

ReplayData load(const std::string& path) {
    ReplayLoad l = read_replay_file(path);
    REQUIRE_MESSAGE(l.data.has_value(), l.error);
    return *l.data;
}

// Plays the shell until its player checked every recorded hash (as frames would).
void check_fully(ui::Shell& shell) {
    for (int i = 0; i < 1000 && !shell.review()->player().fully_checked(); ++i) shell.update(1.0 / 60.0);
    REQUIRE(shell.review()->player().fully_checked());
}

}   // namespace

TEST_CASE("replay ui: the Record button records the live session and the file verifies") {
    test::ScratchDir dir;
    Simulation sim = test::default_simulation();
    ui::OffscreenRenderer renderer{1100, 700};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, ui::ShellOptions{}};
    sim.advance(25);   // a session already under way is recorded from tick 0
    const std::string path = dir.file("live.pbreplay");
    REQUIRE(shell.start_recording(path));
    CHECK(shell.recording());
    CHECK(shell.status().find("Recording to") != std::string::npos);
    renderer.render(shell, 2);
    CHECK(shell.widgets().find("transport.rec_indicator"));
    CHECK(shell.window_title().find("REC") != std::string::npos);

    shell.set_paused(false);
    for (int i = 0; i < 30; ++i) shell.update(1.0 / 60.0);
    // An edit while recording: submitted between frames like the panel does, observed at draw.
    REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.friction", 0.007)));
    renderer.render(shell, 1);
    for (int i = 0; i < 30; ++i) shell.update(1.0 / 60.0);
    shell.perform(ShellAction::StepOnce);
    const std::int64_t end = sim.tick();
    CHECK(shell.recorder().ticks() == end);
    // Within a second of wall time the pending hashes reach the file (crash safety), paused too.
    // The recorder's own thread writes them: the file has them moments after the flush.
    shell.update(0.6);
    shell.update(0.6);
    {
        ReplayData so_far = load(path);
        for (int wait = 0; wait < 200 && so_far.length() < end; ++wait) {
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
            so_far = load(path);
        }
        CHECK_FALSE(so_far.closed);
        CHECK(so_far.length() == end);
    }
    shell.perform(ShellAction::ToggleRecording);   // Stop
    CHECK_FALSE(shell.recording());
    CHECK(shell.status().find("Recording stopped") != std::string::npos);

    ReplayData data = load(path);
    CHECK(data.closed);
    CHECK(data.length() == end);
    REQUIRE(data.commands.size() == 1);
    CHECK(data.commands[0].text("key") == "podball.ball.friction");
    VerifyResult v = verify_replay(data, path);
    CHECK(v.ok());
    CHECK(v.ticks == end);
}

TEST_CASE("replay ui: restart and opening stop a recording; an unwritable file is an error, not a crash") {
    test::ScratchDir dir;
    Simulation sim = test::default_simulation();
    ui::Shell shell{sim, ui::ShellOptions{}};
    CHECK_FALSE(shell.start_recording(dir.file("no/such/folder/x.pbreplay")));
    CHECK_FALSE(shell.recording());
    CHECK(shell.error().find("Could not record") != std::string::npos);

    REQUIRE(shell.start_recording(dir.file("a.pbreplay")));
    shell.perform(ShellAction::StepOnce);
    shell.perform(ShellAction::Restart);
    CHECK_FALSE(shell.recording());
    CHECK(shell.status().find("recording stopped") != std::string::npos);
    CHECK(load(dir.file("a.pbreplay")).length() == 1);

    REQUIRE(shell.start_recording(dir.file("b")));   // the extension is added
    CHECK(shell.recorder().path() == dir.file("b.pbreplay"));
    REQUIRE(shell.open_scenario(test::default_scenario_file()));
    CHECK_FALSE(shell.recording());
    CHECK(load(dir.file("b.pbreplay")).closed);
}

TEST_CASE("replay ui: opening a replay reviews it; seeking through the shell equals the player and a straight run") {
    test::ScratchDir dir;
    const std::string path = dir.file("review.pbreplay");
    record_podball(path, 600);
    // Told apart by content: the same file under another name is still a replay.
    const std::string renamed = dir.file("review.txt");
    std::filesystem::copy_file(path, renamed);
    CHECK(ui::is_replay_file(renamed));
    CHECK_FALSE(ui::is_replay_file(test::default_scenario_file()));
    CHECK_FALSE(ui::is_replay_file(dir.file("missing")));

    Simulation live = test::default_simulation();
    live.advance(7);
    ui::OffscreenRenderer renderer{1100, 700};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{live, ui::ShellOptions{}};
    REQUIRE(shell.open_file(renamed));
    REQUIRE(shell.reviewing());
    CHECK(&shell.simulation() == &shell.review()->player().simulation());
    CHECK(shell.simulation().tick() == 0);
    CHECK(shell.window_title().find("reviewing review.txt") != std::string::npos);
    renderer.render(shell, 2);
    for (const char* w : {"timeline", "transport.start", "transport.back", "transport.play", "transport.end",
                          "transport.take_over", "review.file", "review.add_note"})
        CHECK_MESSAGE(shell.widgets().find(w), w);
    // The timeline has the friction edit with what it changed.
    REQUIRE(shell.review()->player().timeline().size() == 1);
    // In the parameter panel's words (label and unit), not its key.
    CHECK(shell.review()->player().timeline()[0].text ==
          "Ball friction: 0.02 pod masses/tick -> 0.006 pod masses/tick");   // from the default

    shell.review()->seek(437);
    Simulation straight = test::default_simulation();
    for (std::int64_t t = 0; t < 437; ++t) {
        if (t == 40) REQUIRE_FALSE(straight.submit(make_param_set(straight.tick(), "podball.ball.friction", 0.006)));
        straight.step();
    }
    ReplayPlayer independent(load(path), path);
    independent.seek(437);
    CHECK(shell.simulation().tick() == 437);
    CHECK(shell.simulation().world().hash() == independent.simulation().world().hash());
    CHECK(shell.simulation().world().hash() == straight.world().hash());
    shell.review()->seek(12);
    shell.review()->step(+1);
    CHECK(shell.simulation().tick() == 13);
    shell.perform(ShellAction::StepBack);
    CHECK(shell.simulation().tick() == 12);
    shell.perform(ShellAction::JumpToEnd);
    CHECK(shell.simulation().tick() == 600);
    shell.perform(ShellAction::JumpToStart);
    CHECK(shell.simulation().tick() == 0);
    check_fully(shell);
    CHECK_FALSE(shell.review()->player().divergence());

    // Play runs the player at the transport's speed and stops at the end.
    shell.set_paused(false);
    for (int i = 0; i < 60; ++i) shell.update(1.0 / 60.0);
    CHECK(shell.simulation().tick() >= 59);
    CHECK(shell.simulation().tick() <= 60);
    shell.perform(ShellAction::SpeedUp);
    shell.perform(ShellAction::SpeedUp);   // 4x
    for (int i = 0; i < 600 && !shell.paused(); ++i) shell.update(1.0 / 60.0);
    CHECK(shell.paused());
    CHECK(shell.simulation().tick() == 600);
    CHECK(shell.status().find("End of the replay") != std::string::npos);
    // Play at the end starts again from the top.
    shell.perform(ShellAction::TogglePause);
    CHECK_FALSE(shell.paused());
    CHECK(shell.simulation().tick() == 0);
    shell.set_paused(true);
    shell.perform(ShellAction::JumpToEnd);

    // A screenshot in review mode is named after the replay and its tick.
    shell.perform(ShellAction::Screenshot);
    auto shot = shell.take_screenshot_request();
    REQUIRE(shot);
    CHECK(shot->find("playbench-review-t600.png") != std::string::npos);

    // Closing goes back to the live session as it was.
    shell.close_replay();
    CHECK_FALSE(shell.reviewing());
    CHECK(&shell.simulation() == &live);
    CHECK(live.tick() == 7);
}

TEST_CASE("replay ui: a loop plays its A-B range over and over") {
    test::ScratchDir dir;
    const std::string path = dir.file("loop.pbreplay");
    record_podball(path, 400);
    Simulation live = test::default_simulation();
    ui::Shell shell{live, ui::ShellOptions{}};
    REQUIRE(shell.open_replay(path));
    shell.review()->seek(100);
    shell.review()->set_loop_start();
    shell.review()->seek(130);
    shell.review()->set_loop_end();
    shell.review()->toggle_loop();
    CHECK(shell.review()->looping());
    shell.review()->seek(100);
    shell.set_paused(false);
    std::int64_t lowest = 1'000'000, highest = 0;
    for (int i = 0; i < 120; ++i) {
        shell.update(1.0 / 60.0);
        lowest = std::min(lowest, shell.simulation().tick());
        highest = std::max(highest, shell.simulation().tick());
    }
    CHECK_FALSE(shell.paused());
    CHECK(lowest >= 100);
    CHECK(highest <= 130);
    CHECK(highest == 130);
}

TEST_CASE("replay ui: editing is off while reviewing") {
    test::ScratchDir dir;
    const std::string path = dir.file("rgs.pbreplay");
    record_scenario(load_scenario_file(scenario_file("rgs-two-at-800.toml")), 200, path);
    Simulation live = test::default_simulation();
    ui::OffscreenRenderer renderer{1100, 700};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{live, ui::ShellOptions{}};
    REQUIRE(shell.open_replay(path));
    renderer.render(shell, 2);
    shell.review()->seek(50);
    const std::size_t before = shell.simulation().live_commands().size();
    const std::uint64_t hash = shell.simulation().world().hash();

    // A click that would build an RGS: the view queues the command, the shell drops it.
    auto* view = dynamic_cast<ui::RgsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    view->options().click_builds = true;
    view->click(shell.simulation().world(), {4.0, 4.8}, 0.05, true);
    renderer.render(shell, 1);
    CHECK(shell.simulation().live_commands().size() == before);
    CHECK(shell.simulation().world().hash() == hash);
    CHECK(shell.status().find("Editing is off while reviewing") != std::string::npos);

    // Save and Reload are refused; Restart goes to the replay's start; the live session is clean.
    shell.perform(ShellAction::Save);
    CHECK(shell.status().find("Not while reviewing") != std::string::npos);
    CHECK_FALSE(shell.dirty());
    shell.perform(ShellAction::Restart);
    CHECK(shell.reviewing());
    CHECK(shell.simulation().tick() == 0);
    // The replay still verifies: nothing was written into it.
    CHECK(verify_replay(load(path), path).ok());
}

TEST_CASE("replay ui: hovers and buttons say what review allows, not what editing would do") {
    test::ScratchDir dir;
    const std::string path = dir.file("podball.pbreplay");
    record_podball(path, 200);   // the friction changed at tick 40: Reset all would have work
    const std::string key = "podball.ball.friction";
    ui::OffscreenRenderer renderer{1280, 1400};   // tall: the ball's sliders on screen unscrolled
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    // Hovers `widget` for a few frames; the tooltip shown.
    const auto hover = [&](ui::Shell& shell, const std::string& widget) {
        const ui::WidgetRect* r = shell.widgets().find(widget);
        REQUIRE_MESSAGE(r, widget);
        ui::clear_tooltip_log();
        renderer.set_mouse(std::make_pair(r->center_x(), r->center_y()));
        renderer.render(shell, 4);
        renderer.set_mouse(std::nullopt);
        return ui::last_tooltip();
    };

    // Live and paused, a pod's hover offers the drag (the hover reaches the pod).
    Simulation live = test::default_simulation();
    ui::Shell shell{live, ui::ShellOptions{}};
    shell.set_paused(true);
    renderer.render(shell, 3);
    CHECK(hover(shell, "podball.pod.0.0").find("Drag to place it") != std::string::npos);

    REQUIRE(shell.open_replay(path));
    shell.review()->seek(100);
    shell.set_paused(true);
    renderer.render(shell, 3);
    const std::string pod = hover(shell, "podball.pod.0.0");
    CAPTURE(pod);
    CHECK_FALSE(pod.empty());
    CHECK(pod.find("Drag to") == std::string::npos);   // a drag pans here
    CHECK(pod.find("a drag pans") != std::string::npos);
    CHECK(pod.find("Take over here") != std::string::npos);

    shell.select_side_tab(ui::SideTab::Parameters);
    renderer.render(shell, 3);
    const std::string reset_all = hover(shell, "params.reset_all");
    CAPTURE(reset_all);
    CHECK(reset_all.find("Reviewing a replay") != std::string::npos);
    CHECK(reset_all.find("Take over here") != std::string::npos);
    CHECK(reset_all.find("Put every parameter back") == std::string::npos);
    const std::string slider = hover(shell, "param." + key);
    CAPTURE(slider);
    CHECK(slider.find("Reviewing a replay") != std::string::npos);
    CHECK(slider.find("Ctrl+click") == std::string::npos);
    const std::string reset = hover(shell, "param." + key + ".reset");
    CHECK(reset.find("Reviewing a replay") != std::string::npos);
    // Clicked anyway, Reset all changes nothing.
    const double friction = shell.simulation().world().params().get(key);
    CHECK(friction != 0.02);
    test::click(renderer, shell, *shell.widgets().find("params.reset_all"));
    CHECK(shell.simulation().world().params().get(key) == friction);

    // The Tools tab says why its controls are grey.
    shell.select_side_tab(ui::SideTab::Tools);
    renderer.render(shell, 2);
    CHECK(shell.widgets().find("tools.review_note"));
}

TEST_CASE("replay ui: a tampered hash shows a divergence at its tick and playback goes on") {
    test::ScratchDir dir;
    const std::string good = dir.file("good.pbreplay"), bad = dir.file("bad.pbreplay");
    record_podball(good, 300);
    ReplayData data = load(good);
    {
        // Rewrite the replay with tick 150's hash changed.
        ReplayWriter w;
        w.open(bad, data.header);
        std::size_t next_command = 0;
        std::size_t next_full = 0;
        for (std::int64_t t = 1; t <= data.length(); ++t) {
            for (; next_command < data.commands.size() && data.commands[next_command].tick < t; ++next_command)
                w.add_command(data.commands[next_command]);
            std::uint32_t h = *data.hashes.at(t);
            if (t == 150) h ^= 0x5a5a5a5au;
            std::optional<std::uint64_t> full;
            if (next_full < data.full_hashes.size() && data.full_hashes[next_full].first == t)
                full = data.full_hashes[next_full++].second;
            w.add_hash(t, h, full);
        }
        w.close();
    }
    Simulation live = test::default_simulation();
    ui::OffscreenRenderer renderer{1100, 700};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{live, ui::ShellOptions{}};
    REQUIRE(shell.open_replay(bad));
    check_fully(shell);
    REQUIRE(shell.review()->player().divergence());
    CHECK(*shell.review()->player().divergence() == 150);
    CHECK(shell.status().find("Diverged at tick 150") != std::string::npos);
    renderer.render(shell, 2);
    CHECK(shell.widgets().find("timeline.divergence"));
    CHECK(shell.widgets().find("divergence_banner"));
    CHECK(shell.window_title().find("DIVERGED") != std::string::npos);
    // Playback goes on past it.
    shell.review()->seek(140);
    shell.set_paused(false);
    for (int i = 0; i < 30; ++i) shell.update(1.0 / 60.0);
    CHECK(shell.simulation().tick() > 160);
}

TEST_CASE("replay ui: notes added while reviewing are in the file after reloading") {
    test::ScratchDir dir;
    const std::string path = dir.file("notes.pbreplay");
    record_podball(path, 200);
    Simulation live = test::default_simulation();
    ui::Shell shell{live, ui::ShellOptions{}};
    REQUIRE(shell.open_replay(path));
    CHECK_FALSE(shell.review()->add_note(""));   // no text: nothing saved
    shell.review()->seek(80);
    REQUIRE(shell.review()->add_note("the ball stops too soon", glm::dvec2{1.5, -2.0}));
    shell.review()->seek(20);
    REQUIRE(shell.review()->add_note("kick-off"));
    CHECK(shell.review()->notes().size() == 2);
    CHECK(shell.review()->notes()[0].tick == 20);   // listed by tick

    ReplayData data = load(path);
    REQUIRE(data.notes.size() == 2);
    const ReplayNote* pointed = data.notes[0].has_point ? &data.notes[0] : &data.notes[1];
    CHECK(pointed->text == "the ball stops too soon");
    CHECK(pointed->tick == 80);
    CHECK(pointed->x == doctest::Approx(1.5));
    CHECK(pointed->y == doctest::Approx(-2.0));
    CHECK(verify_replay(data, path).ok());

    shell.close_replay();
    REQUIRE(shell.open_replay(path));
    CHECK(shell.review()->notes().size() == 2);
}

TEST_CASE("replay ui: a deleted note is gone from the file, and a new one never reuses its id") {
    test::ScratchDir dir;
    const std::string path = dir.file("notes-delete.pbreplay");
    record_podball(path, 100);
    Simulation live = test::default_simulation();
    ui::Shell shell{live, ui::ShellOptions{}};
    REQUIRE(shell.open_replay(path));
    shell.review()->seek(10);
    REQUIRE(shell.review()->add_note("first"));
    shell.review()->seek(30);
    REQUIRE(shell.review()->add_note("second"));
    const std::uint32_t second = shell.review()->notes()[1].id;
    REQUIRE(shell.review()->delete_note(second));
    CHECK_FALSE(shell.review()->delete_note(second));   // already gone: refused, file untouched
    CHECK(shell.review()->notes().size() == 1);
    REQUIRE(shell.review()->add_note("third"));
    CHECK(shell.review()->notes().back().id > second);

    ReplayData data = load(path);
    REQUIRE(data.notes.size() == 2);
    CHECK(data.notes[0].text == "first");
    CHECK(data.notes[1].text == "third");
    CHECK(verify_replay(data, path).ok());
}

TEST_CASE("replay ui: take over forks at the tick, continues live and records a branch that verifies") {
    test::ScratchDir dir;
    const std::string path = dir.file("source.pbreplay"), branch = dir.file("branch.pbreplay");
    record_podball(path, 500);
    Simulation live = test::default_simulation();
    ui::OffscreenRenderer renderer{1100, 700};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{live, ui::ShellOptions{}};
    REQUIRE(shell.open_replay(path));
    shell.review()->seek(300);
    const std::uint64_t at = shell.simulation().world().hash();
    REQUIRE(shell.take_over(branch));
    CHECK_FALSE(shell.reviewing());
    CHECK(&shell.simulation() != &live);
    CHECK(shell.simulation().tick() == 300);
    CHECK(shell.simulation().world().hash() == at);
    CHECK(shell.recording());
    CHECK(shell.recorder().path() == branch);
    CHECK(live.tick() == 0);

    // Live again: editing works, and the branch records it.
    renderer.render(shell, 1);
    REQUIRE_FALSE(shell.simulation().submit(make_param_set(shell.simulation().tick(), "podball.ball.friction", 0.002)));
    shell.set_paused(false);
    for (int i = 0; i < 60; ++i) shell.update(1.0 / 60.0);
    const std::int64_t end = shell.simulation().tick();
    CHECK(end > 350);
    shell.stop_recording("stopped");

    ReplayData data = load(branch);
    CHECK(data.header.branch_of == path);
    CHECK(data.header.branch_tick == 300);
    CHECK(data.length() == end);
    CHECK(data.commands.size() == 2);   // the replay's edit and the one made after taking over
    CHECK(verify_replay(data, branch).ok());
}

TEST_CASE("replay ui: bad replays give clear messages, a cut-off one opens with a warning") {
    test::ScratchDir dir;
    const std::string path = dir.file("cut.pbreplay");
    record_podball(path, 5000);
    std::string bytes;
    {
        std::ifstream in(path, std::ios::binary);
        bytes.assign(std::istreambuf_iterator<char>(in), {});
    }
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() - 7);
    Simulation live = test::default_simulation();
    ui::OffscreenRenderer renderer{1100, 700};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{live, ui::ShellOptions{}};
    REQUIRE(shell.open_replay(path));
    CHECK_FALSE(shell.review()->warnings().empty());
    CHECK(shell.status().find("incomplete") != std::string::npos);
    renderer.render(shell, 2);
    CHECK(shell.widgets().find("replay_warning_banner"));

    const std::string garbage = dir.file("garbage.pbreplay");
    std::ofstream(garbage, std::ios::binary) << std::string("PBRPLY\r\n") + "not a record at all";
    shell.close_replay();
    CHECK_FALSE(shell.open_file(garbage));
    CHECK_FALSE(shell.reviewing());
    CHECK(shell.error().find("Could not open the replay") != std::string::npos);
    CHECK(&shell.simulation() == &live);
}

TEST_CASE("replay ui: a dropped replay opens for review without asking about unsaved live edits") {
    test::ScratchDir dir;
    const std::string path = dir.file("dropped.pbreplay");
    record_podball(path, 100);
    Simulation live = test::default_simulation();
    ui::Shell shell{live, ui::ShellOptions{}};
    REQUIRE_FALSE(live.submit(make_param_set(0, "podball.ball.friction", 0.01)));
    REQUIRE(shell.dirty());
    shell.request_open(path);   // what a drop or File > Open does
    CHECK(shell.reviewing());
    CHECK_FALSE(shell.modal_open());
    CHECK(shell.wants_continuous_frames() == !shell.review()->player().fully_checked());
    // The live edit is still there once the replay is closed, and still unsaved.
    shell.close_replay();
    CHECK(shell.dirty());
    CHECK(live.world().params().get("podball.ball.friction") == doctest::Approx(0.01));
}
