// Scenario files: round trip, atomic save, and every kind of bad scenario with its clear error.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"

using namespace pb;
namespace fs = std::filesystem;

static const char* kGood = R"(lab = "podball"
title = "Test match"
seed = 7

[team0]
name = "Blue"
module = "chaser"
pods = 3

[team1]
name = "Red"
module = "idle"
pods = 2

[params]
podball.ball.friction = 0.006
podball.rules.ballkeep_ticks = 150

[[commands]]
tick = 40
type = "ball.place"
x = -0.1
y = -0.05

[[commands]]
tick = 20
type = "param.set"
key = "podball.pod.mass"
value = 1.5
)";

// Loads text expected to fail and returns the message.
static std::string error_of(const std::string& text) {
    try {
        load_scenario_text(text, "bad.toml");
    } catch (const ScenarioError& e) {
        return e.what();
    }
    FAIL("scenario loaded but should have been refused:\n" << text);
    return "";
}

static fs::path temp_dir() {
    fs::path d = fs::temp_directory_path() / ("playbench-test-" + std::to_string(::getpid()));
    fs::create_directories(d);
    return d;
}

TEST_CASE("a scenario loads lab, title, seed, params and sorted commands") {
    Scenario s = load_scenario_text(kGood, "good.toml");
    CHECK(s.lab->name == "podball");
    CHECK(s.title == "Test match");
    CHECK(s.seed == 7);
    CHECK(s.params.get("podball.ball.friction") == 0.006);
    CHECK(s.params.get("podball.rules.ballkeep_ticks") == 150);
    REQUIRE(s.commands.size() == 2);
    CHECK(s.commands[0].tick == 20);   // sorted by tick
    CHECK(s.commands[1].type == "ball.place");
}

TEST_CASE("save then load gives the same scenario, and the same run") {
    Scenario s = load_scenario_text(kGood, "good.toml");
    fs::path dir = temp_dir();
    std::string path = (dir / "round.toml").string();
    save_scenario_file(s, path);
    Scenario back = load_scenario_file(path);
    CHECK(back.title == s.title);
    CHECK(back.seed == s.seed);
    CHECK(back.params == s.params);
    CHECK(back.commands == s.commands);
    CHECK(scenario_to_toml(back) == scenario_to_toml(s));
    Simulation a(s), b(back);
    a.advance(300);
    b.advance(300);
    CHECK(a.world().hash() == b.world().hash());
    // Nothing but the file itself is left behind in the folder (no temp files).
    int files = 0;
    for (auto& e : fs::directory_iterator(dir)) files += e.is_regular_file();
    CHECK(files == 1);
    fs::remove_all(dir);
}

TEST_CASE("a saved scenario's header cites its lab's page in the repository, which has that section") {
    const std::string root = PLAYBENCH_SOURCE_DIR;
    std::set<std::string> labs;
    for (const char* file : {"podball-default.toml", "rgs-build-order.toml", "logistics-colony.toml",
                             "effects-three-waves.toml", "tasks-toward-the-stars.toml"}) {
        const Scenario s = load_scenario_file(root + "/scenarios/" + file);
        const LabInfo* lab = s.lab;
        CAPTURE(lab->name);
        labs.insert(lab->name);
        const std::string text = scenario_to_toml(s);
        const std::string page = "docs/labs/" + lab->name + ".md";
        CHECK(text.find("# Keys are described in " + page + "#scenario-files; `playbench params " + lab->name +
                        "` lists every parameter.\n") != std::string::npos);
        CHECK(text.find("README") == std::string::npos);
        std::ifstream in(root + "/" + page);
        REQUIRE_MESSAGE(in, page);
        const std::string doc((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        CHECK(doc.find("\n## Scenario files\n") != std::string::npos);   // mkdocs' #scenario-files
    }
    CHECK(labs.size() == all_labs().size());   // every lab
}

TEST_CASE("saving is atomic: a failed save leaves the old file whole") {
    fs::path dir = temp_dir();
    std::string path = (dir / "keep.toml").string();
    write_file_atomically(path, "lab = \"podball\"\n");
    CHECK(read_text_file(path) == "lab = \"podball\"\n");
    write_file_atomically(path, "second version\n");
    CHECK(read_text_file(path) == "second version\n");
    CHECK_THROWS_WITH_AS(write_file_atomically((dir / "no-such-dir" / "x.toml").string(), "x"),
                         doctest::Contains("cannot write"), std::runtime_error);
    fs::remove_all(dir);
}

TEST_CASE("the default scenario file loads") {
    Scenario s = load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/podball-default.toml");
    CHECK(s.lab->name == "podball");
    CHECK(s.seed == 42);
}

TEST_CASE("bad scenarios: each gets a message with file, line, key and what is allowed") {
    SUBCASE("not TOML") {
        auto m = error_of("lab = \"podball\"\ntitle = \"x\n");
        CHECK(m.find("bad.toml:2") != std::string::npos);
        CHECK(m.find("not valid TOML") != std::string::npos);
    }
    SUBCASE("no lab") {
        auto m = error_of("title = \"x\"\n");
        CHECK(m.find("key 'lab'") != std::string::npos);
        CHECK(m.find("podball") != std::string::npos);
    }
    SUBCASE("unknown lab") {
        auto m = error_of("lab = \"podbal\"\n");
        CHECK(m.find("bad.toml:1: key 'lab': unknown lab \"podbal\" (did you mean podball?) (allowed: podball") !=
              std::string::npos);
    }
    SUBCASE("unknown top-level key") {
        auto m = error_of("lab = \"podball\"\ncolour = \"red\"\n");
        CHECK(m.find("bad.toml:2: key 'colour': unknown key at the top level") != std::string::npos);
        CHECK(m.find("'team0'") != std::string::npos);
    }
    SUBCASE("unknown parameter, with a suggestion") {
        auto m = error_of("lab = \"podball\"\n[params]\npodball.pod.shoot_force = 0.003\n");
        CHECK(m.find("bad.toml:3") != std::string::npos);
        CHECK(m.find("unknown parameter 'podball.pod.shoot_force'") != std::string::npos);
        CHECK(m.find("did you mean podball.ball.shoot_force") != std::string::npos);
    }
    SUBCASE("parameter out of range names the range") {
        auto m = error_of("lab = \"podball\"\n\n[params]\npodball.ball.friction = 5.0\n");
        CHECK(m.find("bad.toml:4") != std::string::npos);
        CHECK(m.find("podball.ball.friction") != std::string::npos);
        CHECK(m.find("out of range: allowed") != std::string::npos);
    }
    SUBCASE("parameter of the wrong type") {
        auto m = error_of("lab = \"podball\"\n[params]\npodball.ball.friction = \"low\"\n");
        CHECK(m.find("bad.toml:3") != std::string::npos);
        CHECK(m.find("expects a number between") != std::string::npos);
    }
    SUBCASE("integer parameter given a fraction") {
        auto m = error_of("lab = \"podball\"\n[params]\npodball.rules.ballkeep_ticks = 10.5\n");
        CHECK(m.find("whole number") != std::string::npos);
    }
    SUBCASE("seed of the wrong type") {
        auto m = error_of("lab = \"podball\"\nseed = \"abc\"\n");
        CHECK(m.find("bad.toml:2: key 'seed': expected a whole number") != std::string::npos);
    }
    SUBCASE("team size out of range") {
        auto m = error_of("lab = \"podball\"\n[team0]\npods = 12\n");
        CHECK(m.find("bad.toml:3: key 'team0.pods'") != std::string::npos);
        CHECK(m.find("1 .. 11") != std::string::npos);
    }
    SUBCASE("unknown module names the built-in ones") {
        auto m = error_of("lab = \"podball\"\n[team1]\nmodule = \"genius\"\n");
        CHECK(m.find("bad.toml:3: key 'team1.module'") != std::string::npos);
        CHECK(m.find("chaser") != std::string::npos);
        CHECK(m.find("idle") != std::string::npos);
    }
    SUBCASE("unknown key inside a section") {
        auto m = error_of("lab = \"podball\"\n[team0]\nsize = 3\n");
        CHECK(m.find("bad.toml:3: key 'team0.size': unknown key in [team0]") != std::string::npos);
        CHECK(m.find("'pods'") != std::string::npos);
    }
    SUBCASE("command of an unknown type lists the types") {
        auto m = error_of("lab = \"podball\"\n[[commands]]\ntick = 5\ntype = \"pod.teleport\"\n");
        CHECK(m.find("bad.toml:2") != std::string::npos);
        CHECK(m.find("unknown command type \"pod.teleport\"") != std::string::npos);
        CHECK(m.find("pod.place") != std::string::npos);
    }
    SUBCASE("a file of many bad keys: the first 100 problems, then how many more") {
        std::string text = "lab = \"podball\"\n";
        for (int i = 0; i < 500; ++i) text += "k" + std::to_string(i) + " = 1\n";
        auto m = error_of(text);
        CHECK(m.find("bad.toml:2: key 'k0'") != std::string::npos);
        CHECK(m.find("bad.toml: ... and 400 more problems (the first 100 are shown)") != std::string::npos);
        CHECK(std::count(m.begin(), m.end(), '\n') == 100);
    }
    SUBCASE("a long text is echoed cut, with its size") {
        auto m = error_of("lab = \"podball\"\n[[commands]]\ntick = 5\ntype = \"" + std::string(60000, 'x') + "\"\n");
        CHECK(m.find("unknown command type \"xxxxxxxxxx") != std::string::npos);
        CHECK(m.find("(58.6 KB)") != std::string::npos);
        CHECK(m.size() < 2000);
    }
    SUBCASE("command without a tick") {
        auto m = error_of("lab = \"podball\"\n[[commands]]\ntype = \"ball.place\"\nx = 0.0\ny = 0.0\n");
        CHECK(m.find("'tick'") != std::string::npos);
    }
    SUBCASE("command with a missing argument") {
        auto m = error_of("lab = \"podball\"\n[[commands]]\ntick = 5\ntype = \"ball.place\"\nx = 0.0\n");
        CHECK(m.find("missing argument 'y'") != std::string::npos);
    }
    SUBCASE("param.set to a value out of range") {
        auto m = error_of(
            "lab = \"podball\"\n[[commands]]\ntick = 5\ntype = \"param.set\"\nkey = \"podball.ball.friction\"\n"
            "value = -1.0\n");
        CHECK(m.find("out of range") != std::string::npos);
    }
    SUBCASE("command the world refuses: a pod that does not exist") {
        auto m = error_of(
            "lab = \"podball\"\n[team0]\npods = 2\n\n[[commands]]\ntick = 5\ntype = \"pod.place\"\nteam = 0\n"
            "pod = 4\nx = 0.0\ny = 0.0\n");
        CHECK(m.find("bad.toml:5") != std::string::npos);
        CHECK(m.find("refused") != std::string::npos);
    }
    SUBCASE("command the world refuses at its tick: ball across the keep-off line during kick-off") {
        auto m = error_of("lab = \"podball\"\n[[commands]]\ntick = 5\ntype = \"ball.place\"\nx = 0.3\ny = 0.0\n");
        CHECK(m.find("bad.toml:2") != std::string::npos);
        CHECK(m.find("at tick 5") != std::string::npos);
    }
    SUBCASE("several problems are reported together") {
        auto m = error_of("lab = \"podball\"\nseed = -3\nwhat = 1\n[params]\npodball.ball.friction = 9.0\n");
        CHECK(m.find("bad.toml:2") != std::string::npos);
        CHECK(m.find("bad.toml:3") != std::string::npos);
        CHECK(m.find("bad.toml:5") != std::string::npos);
    }
}

TEST_CASE("a missing file says which and why") {
    try {
        load_scenario_file("/nonexistent/dir/x.toml");
        FAIL("should not load");
    } catch (const ScenarioError& e) {
        CHECK(std::string(e.what()).find("cannot open '/nonexistent/dir/x.toml'") != std::string::npos);
    }
}

TEST_CASE("simulation: scheduled commands, live commands, restart keeps the tuning") {
    Scenario s = load_scenario_text(kGood, "good.toml");
    Simulation sim(s);
    sim.advance(20);
    CHECK(sim.world().params().get("podball.pod.mass") == 1.0);   // due at tick 20, not yet applied
    sim.step();
    CHECK(sim.world().params().get("podball.pod.mass") == 1.5);
    CHECK(sim.log().size() == 1);
    CHECK(sim.log()[0].tick == 20);

    auto refused = sim.submit(make_param_set(0, "podball.ball.friction", 3.0));
    CHECK(refused);
    CHECK_FALSE(sim.submit(make_param_set(0, "podball.ball.friction", 0.01)));
    CHECK(sim.live_commands().back().tick == 21);   // stamped with the current tick
    CHECK(sim.world().params().get("podball.ball.friction") == 0.01);

    Scenario saved = sim.scenario_for_saving();
    CHECK(saved.params.get("podball.ball.friction") == 0.01);

    sim.restart();
    CHECK(sim.tick() == 0);
    CHECK(sim.world().params().get("podball.ball.friction") == 0.01);
    CHECK(sim.world().params().get("podball.pod.mass") == 1.0);   // scheduled edits stay scheduled
    CHECK(sim.live_commands().empty());
    sim.advance(21);
    CHECK(sim.world().params().get("podball.pod.mass") == 1.5);
}
