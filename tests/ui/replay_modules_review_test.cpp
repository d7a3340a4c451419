// Reviewing a replay whose Podball team plays a module library
// (docs/replays.md#module-libraries-in-replays): the window asks first, naming the library's file
// and SHA-256; nothing is loaded until the designer agrees.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "engine/core/replay.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/sha256.hpp"
#include "engine/podball/world.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui_test_support.hpp"

using namespace pb;
namespace fs = std::filesystem;

#ifdef PB_MODULE_DIR

TEST_CASE("replay modules ui: reviewing asks before loading a module library, and loads only on Load") {
    test::ScratchDir dir;
    const std::string lib = dir.file("libteam.so");
    fs::copy_file(std::string(PB_MODULE_DIR) + "/libpb_test_module_marker.so", lib);
    std::ofstream(dir.file("team.toml"))
        << "lab = \"podball\"\nseed = 2\n[team0]\nmodule = \"lib:libteam.so\"\npods = 2\n"
           "[team1]\nmodule = \"idle\"\npods = 2\n";
    const std::string replay = dir.file("team.pbreplay");
    record_scenario(load_scenario_file(dir.file("team.toml")), 120, replay);
    std::string why;
    const std::string sha = to_hex(*sha256_file(lib, why));

    const std::string marker = dir.file("marker.txt");
    ::setenv("PB_MODULE_MARKER", marker.c_str(), 1);
    Simulation sim = test::default_simulation();
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, ui::ShellOptions{}};

    // The question, with the file and its hash; nothing loaded, nothing under review yet.
    CHECK_FALSE(shell.open_replay(replay));
    REQUIRE(shell.module_question());
    REQUIRE(shell.module_question()->libraries.size() == 1);
    const std::string& text = shell.module_question()->libraries[0];
    CHECK(text.find("lib:libteam.so") != std::string::npos);
    CHECK(text.find(sha) != std::string::npos);
    CHECK(text.find(fs::path(lib).lexically_normal().string()) != std::string::npos);
    renderer.render(shell, 3);   // the dialog is on screen with its two buttons
    CHECK(shell.widgets().find("modules.load"));
    CHECK(shell.widgets().find("modules.cancel"));
    CHECK_FALSE(shell.reviewing());
    CHECK_FALSE(fs::exists(marker));

    shell.refuse_replay_modules();
    CHECK_FALSE(shell.module_question());
    CHECK_FALSE(shell.reviewing());
    CHECK_FALSE(fs::exists(marker));

    // Load: the pinned library (a private copy of it) plays, and the replay matches every hash. It
    // runs in the module sandbox, where it cannot write the marker: it says so in its log instead.
    CHECK_FALSE(shell.open_replay(replay));
    REQUIRE(shell.allow_replay_modules());
    CHECK(shell.reviewing());
    const auto& reviewed = dynamic_cast<const podball::PodballWorld&>(shell.review()->player().simulation().world());
    CHECK(reviewed.team_module(0).log().text == "marker: loaded\n");
    for (int i = 0; i < 1000 && !shell.review()->player().fully_checked(); ++i) shell.update(1.0 / 60.0);
    CHECK(shell.review()->player().fully_checked());
    CHECK_FALSE(shell.review()->player().divergence());
    ::unsetenv("PB_MODULE_MARKER");
}

TEST_CASE("replay modules ui: a library whose bytes differ from the pin is refused without asking") {
    test::ScratchDir dir;
    const std::string lib = dir.file("libteam.so");
    fs::copy_file(std::string(PB_MODULE_DIR) + "/libpb_test_module_marker.so", lib);
    std::ofstream(dir.file("team.toml"))
        << "lab = \"podball\"\nseed = 2\n[team0]\nmodule = \"lib:libteam.so\"\npods = 2\n";
    const std::string replay = dir.file("team.pbreplay");
    record_scenario(load_scenario_file(dir.file("team.toml")), 60, replay);
    fs::remove(lib);
    fs::copy_file(std::string(PB_MODULE_DIR) + "/libpb_test_module_counter.so", lib);
    Simulation sim = test::default_simulation();
    ui::Shell shell{sim, ui::ShellOptions{}};
    CHECK_FALSE(shell.open_replay(replay));
    CHECK_FALSE(shell.module_question());
    CHECK_FALSE(shell.reviewing());
    CHECK(shell.error().find("no file with the bytes the replay pinned") != std::string::npos);
}

#endif
