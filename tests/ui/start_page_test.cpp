// A file that fails to load keeps the work; File > New per lab; the start page
// (docs/window.md#start-page); modal dialogs hold the world still; F12 in dialogs and in review.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>

#include "engine/core/lab.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui/shell/start_page.hpp"
#include "ui_test_support.hpp"

using namespace pb;
using ui::ShellAction;
namespace fs = std::filesystem;

namespace {

void write_file(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

std::string scenarios_dir() { return std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios"; }

}   // namespace

TEST_CASE("keep the work: a broken file opened over an edited scenario leaves it as it was") {
    test::ScratchDir dir;
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    REQUIRE(shell.open_scenario(test::default_scenario_file()));
    REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.friction", 0.02)));
    sim.advance(37);
    REQUIRE(shell.dirty());
    const std::uint64_t hash = sim.world().hash();
    const std::int64_t tick = sim.tick();
    const std::string title = shell.window_title();

    // A misspelt key on line 5, a file that is not TOML, a file cut off as a replay.
    const std::string misspelt = dir.file("misspelt.toml");
    write_file(misspelt, "lab = \"podball\"\ntitle = \"x\"\nseed = 1\n[params]\npodball.ball.frictionn = 0.02\n");
    const std::string garbage = dir.file("garbage.toml");
    write_file(garbage, "lab = \"podball\n[[[\n");
    const std::string replay = dir.file("cut.pbreplay");
    write_file(replay, std::string("PBRPLY\r\n") + "\x01\x02 not a replay");

    for (const std::string& path : {misspelt, garbage, replay}) {
        CAPTURE(path);
        CHECK_FALSE(shell.open_file(path));
        CHECK(sim.world().hash() == hash);
        CHECK(sim.tick() == tick);
        CHECK(shell.dirty());
        CHECK(&shell.simulation() == &sim);
        CHECK_FALSE(shell.reviewing());
        CHECK(shell.current_path() == test::default_scenario_file());
        CHECK(shell.window_title() == title);
        CHECK(shell.error().find(fs::path(path).filename().string()) != std::string::npos);
    }
    // The banner names the file, the line and the key.
    CHECK_FALSE(shell.open_scenario(misspelt));
    CHECK(shell.error().find("misspelt.toml:5") != std::string::npos);
    CHECK(shell.error().find("podball.ball.frictionn") != std::string::npos);

    // Through the designer's path too: the unsaved question, then "Open without saving".
    shell.request_open(misspelt);
    CHECK(shell.unsaved_question_open());
    shell.cancel_unsaved_question();
    CHECK_FALSE(shell.unsaved_question_open());
    CHECK(sim.world().hash() == hash);
    CHECK(shell.dirty());
}

TEST_CASE("File > New: each lab starts a running world of that lab from its template") {
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    REQUIRE(all_labs().size() >= 5);
    for (const LabInfo* lab : all_labs()) {
        CAPTURE(lab->name);
        REQUIRE(shell.new_scenario(lab->name));
        CHECK(sim.world().lab().name == lab->name);
        CHECK(sim.tick() == 0);
        CHECK(shell.current_path().empty());
        CHECK_FALSE(shell.dirty());
        CHECK(shell.error().empty());
        shell.set_paused(false);
        for (int i = 0; i < 10; ++i) shell.update(1.0 / 60.0);
        CHECK(sim.tick() >= 9);
        shell.set_paused(true);
    }
    // An unknown lab changes nothing.
    const std::uint64_t hash = sim.world().hash();
    CHECK_FALSE(shell.new_scenario("nosuchlab"));
    CHECK(sim.world().hash() == hash);
    CHECK(shell.error().find("nosuchlab") != std::string::npos);

    // With unsaved edits, New asks first.
    REQUIRE(shell.new_scenario("podball"));
    REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.friction", 0.02)));
    shell.request_new("rgs");
    CHECK(shell.unsaved_question_open());
    CHECK(sim.world().lab().name == "podball");
}

TEST_CASE("start page: every shipped scenario is listed under its lab with its title") {
    ui::StartPage page;
    page.scan(scenarios_dir());
    std::set<std::string> listed_labs;
    for (const ui::StartLab& l : page.labs()) listed_labs.insert(l.name);
    for (const LabInfo* lab : all_labs()) CHECK(listed_labs.count(lab->name) == 1);

    int files = 0;
    for (const auto& e : fs::directory_iterator(scenarios_dir())) {
        if (e.path().extension() != ".toml") continue;
        ++files;
        Scenario s = load_scenario_file(e.path().string());
        CAPTURE(e.path().string());
        REQUIRE_FALSE(s.title.empty());
        REQUIRE_FALSE(s.description.empty());
        const ui::StartEntry* found = nullptr;
        for (const ui::StartLab& l : page.labs())
            for (const ui::StartEntry& entry : l.scenarios)
                if (fs::path(entry.path).filename() == e.path().filename()) {
                    CHECK(l.name == s.lab->name);
                    found = &entry;
                }
        REQUIRE(found);
        CHECK(found->title == s.title);
        CHECK(found->description == s.description);
        CHECK(found->error.empty());
    }
    CHECK(files >= 17);

    // An empty folder: every lab is still there (File > New), with no files.
    test::ScratchDir empty;
    page.scan(empty.file(""));
    CHECK(page.labs().size() == all_labs().size());
    for (const ui::StartLab& l : page.labs()) CHECK(l.scenarios.empty());

    // A broken file is listed with its error, not dropped.
    write_file(empty.file("broken.toml"), "lab = \"nolab\"\n");
    page.scan(empty.file(""));
    REQUIRE(page.labs().size() == all_labs().size() + 1);
    REQUIRE(page.labs().back().scenarios.size() == 1);
    CHECK_FALSE(page.labs().back().scenarios[0].error.empty());
}

TEST_CASE("start page: drawn in the window with an Open per example and a New per lab") {
    Simulation sim = test::default_simulation();
    ui::ShellOptions opts;
    opts.scenarios_dir = scenarios_dir();
    ui::Shell shell(sim, opts);
    CHECK_FALSE(shell.start_page_visible());
    shell.show_start_page(true);
    ui::OffscreenRenderer r(1280, 800);
    REQUIRE(r.ok());
    r.render(shell);
    CHECK(shell.start_page_visible());
    for (const LabInfo* lab : all_labs()) CHECK(shell.widgets().find("start.new." + lab->name) != nullptr);
    CHECK(shell.widgets().find("start.open.podball-default.toml") != nullptr);
    // Opening from the page closes it.
    REQUIRE(shell.open_scenario(scenarios_dir() + "/rgs-two-at-800.toml"));
    CHECK_FALSE(shell.start_page_visible());
}

TEST_CASE("modal dialogs hold the simulation still while open; F12 still works") {
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.friction", 0.02)));
    shell.set_paused(false);
    for (int i = 0; i < 10; ++i) shell.update(1.0 / 60.0);
    const std::int64_t before = sim.tick();
    CHECK(before >= 9);

    shell.request_quit(false);
    REQUIRE(shell.unsaved_question_open());
    ui::OffscreenRenderer r(1280, 800);
    REQUIRE(r.ok());
    for (int i = 0; i < 60; ++i) {
        shell.update(1.0 / 60.0);
        if (i % 20 == 0) r.render(shell, 1);
    }
    CHECK(sim.tick() == before);
    CHECK_FALSE(shell.paused());   // held, not paused: it runs on after

    // F12 while the question is up.
    shell.perform(ShellAction::Screenshot);
    auto shot = shell.take_screenshot_request();
    REQUIRE(shot);
    CHECK(fs::path(*shot).filename().string() == "playbench-podball-default-t" + std::to_string(before) + ".png");
    // Other keys still belong to the dialog.
    shell.perform(ShellAction::StepOnce);
    CHECK(sim.tick() == before);

    shell.cancel_unsaved_question();
    r.render(shell, 2);   // the popup closes
    CHECK_FALSE(shell.modal_open());
    for (int i = 0; i < 10; ++i) shell.update(1.0 / 60.0);
    CHECK(sim.tick() >= before + 9);
    CHECK(sim.tick() <= before + 11);   // no time caught up for the seconds the dialog was open
}

TEST_CASE("the start page holds the simulation still while open; it runs on when closed") {
    Simulation sim = test::default_simulation();
    ui::ShellOptions opts;
    opts.scenarios_dir = scenarios_dir();
    ui::Shell shell(sim, opts);
    shell.set_paused(false);
    for (int i = 0; i < 10; ++i) shell.update(1.0 / 60.0);
    const std::int64_t before = sim.tick();
    CHECK(before >= 9);
    shell.show_start_page(true);   // Help > Start page while it plays
    ui::OffscreenRenderer r(1280, 800);
    REQUIRE(r.ok());
    for (int i = 0; i < 30; ++i) {
        shell.update(1.0 / 60.0);
        if (i % 10 == 0) r.render(shell, 1);
    }
    CHECK(shell.start_page_visible());
    CHECK(sim.tick() == before);
    CHECK_FALSE(shell.paused());   // held, not paused
    shell.show_start_page(false);
    for (int i = 0; i < 10; ++i) shell.update(1.0 / 60.0);
    CHECK(sim.tick() >= before + 9);
    CHECK(sim.tick() <= before + 11);   // the seconds it was open are not caught up
}

TEST_CASE("F12 in replay review: playbench-<scenario>-t<tick>.png") {
    test::ScratchDir dir;
    Simulation sim = test::default_simulation();
    ui::Shell shell(sim, ui::ShellOptions{});
    const std::string replay = dir.file("playbench-podball-default-20260101-120000.pbreplay");
    REQUIRE(shell.start_recording(replay));
    shell.run_ticks(30);
    shell.stop_recording("");
    REQUIRE(shell.open_replay(replay));
    shell.review()->seek(20);
    shell.perform(ShellAction::Screenshot);
    auto shot = shell.take_screenshot_request();
    REQUIRE(shot);
    const std::string name = fs::path(*shot).filename().string();
    CHECK(name == "playbench-podball-default-20260101-120000-t20.png");
    CHECK(name.find("playbench-playbench") == std::string::npos);
}

TEST_CASE("start page: thumbnails are real pictures, rendered once, then from the cache") {
    test::ScratchDir cache;
    const char* old = std::getenv("XDG_CACHE_HOME");
    const std::string saved = old ? old : "";
    ::setenv("XDG_CACHE_HOME", cache.file("").c_str(), 1);
    CHECK(ui::thumbnail_cache_dir().find(cache.file("")) == 0);

    // A few examples (the whole folder renders in the second part from the cache too).
    test::ScratchDir dir;
    const std::vector<std::string> files = {"podball-default.toml", "rgs-two-at-800.toml", "logistics-colony.toml",
                                            "tasks-toward-the-stars.toml", "effects-three-waves.toml"};
    for (const std::string& f : files) fs::copy_file(scenarios_dir() + "/" + f, dir.file(f));

    ui::StartPage page;
    page.scan(dir.file(""));
    int calls = 0;
    while (page.make_next_thumbnail()) ++calls;
    CHECK(calls == static_cast<int>(files.size()));   // one per call
    CHECK(page.thumbnails_rendered() == static_cast<int>(files.size()));
    CHECK(page.thumbnails_from_cache() == 0);
    std::vector<std::vector<std::uint8_t>> first;
    for (const ui::StartLab& l : page.labs())
        for (const ui::StartEntry& e : l.scenarios) {
            CAPTURE(e.path);
            REQUIRE(e.thumbnail.size() == static_cast<std::size_t>(ui::kThumbWidth * ui::kThumbHeight * 3));
            // Not blank: the luminance varies across the picture.
            double sum = 0, sum2 = 0;
            const double n = ui::kThumbWidth * ui::kThumbHeight;
            for (std::size_t i = 0; i < e.thumbnail.size(); i += 3) {
                double l = 0.3 * e.thumbnail[i] + 0.59 * e.thumbnail[i + 1] + 0.11 * e.thumbnail[i + 2];
                sum += l;
                sum2 += l * l;
            }
            const double variance = sum2 / n - (sum / n) * (sum / n);
            CHECK(variance > 100.0);
            first.push_back(e.thumbnail);
        }
    CHECK(first[0] != first[1]);   // each scenario its own picture

    // The second time: all from the cache, the same pictures.
    ui::StartPage again;
    again.scan(dir.file(""));
    while (again.make_next_thumbnail()) {}
    CHECK(again.thumbnails_rendered() == 0);
    CHECK(again.thumbnails_from_cache() == static_cast<int>(files.size()));
    std::size_t i = 0;
    for (const ui::StartLab& l : again.labs())
        for (const ui::StartEntry& e : l.scenarios) CHECK(e.thumbnail == first[i++]);

    // An edited file (other content hash) renders afresh.
    { std::ofstream(dir.file("podball-default.toml"), std::ios::app) << "\n# edited\n"; }
    ui::StartPage edited;
    edited.scan(dir.file(""));
    while (edited.make_next_thumbnail()) {}
    CHECK(edited.thumbnails_rendered() == 1);

    if (old)
        ::setenv("XDG_CACHE_HOME", saved.c_str(), 1);
    else
        ::unsetenv("XDG_CACHE_HOME");
}
