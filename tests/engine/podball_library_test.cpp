// Team modules from shared libraries (C ABI, include/playbench/podball_module_abi.h): the shipped
// example loaded from a scenario and playing, one library playing both teams and on two threads,
// snapshots with and without podball_module_clone, and every way a library can be broken.
#include <filesystem>
#include <fstream>
#include <thread>
#include <vector>

#include "engine/core/scenario.hpp"
#include "engine/podball/match_runner.hpp"
#include "engine/podball/modules/library_module.hpp"
#include "podball_testing.hpp"

using namespace podball_testing;

#ifdef PB_MODULE_DIR

namespace {

std::string scenario_text(const std::string& module0, const std::string& module1, int pods = 5) {
    return "lab = \"podball\"\nseed = 3\n[team0]\nmodule = \"" + module0 + "\"\npods = " + std::to_string(pods) +
           "\n[team1]\nmodule = \"" + module1 + "\"\npods = " + std::to_string(pods) + "\n";
}

// The seed's ball friction, the default before engine 7, for matches that need goals at both ends.
const std::string kSeedBall = "[params]\npodball.ball.friction = 0.004\n";

std::string load_errors(const std::string& text) {
    try {
        load_scenario_text(text, "lib.toml");
    } catch (const ScenarioError& e) {
        return e.what();
    }
    return "";
}

const PodballWorld& as_podball(const World& w) { return dynamic_cast<const PodballWorld&>(w); }

// A world where team 0 plays the library module at `path` (loaded directly, as a scenario would).
PodballWorld library_world(const std::string& path, Mode start = Mode::KickoffTeam0) {
    PodballSetup s;
    s.teams[0] = TeamInfo{"Lib", "lib:" + path, 3};
    s.teams[1] = TeamInfo{"Red", "idle", 3};
    s.library_paths[0] = path;
    s.start_mode = start;
    return PodballWorld(params_with(), s, 2);
}

}   // namespace

TEST_CASE("podball library modules: the example loads, describes itself and plays a full match") {
    LibraryInfo info;
    REQUIRE_FALSE(probe_module_library(striker(), &info).has_value());
    CHECK(info.name == "simple_striker");
    CHECK(info.can_clone);

    // The seed's ball friction (the default before engine 7): the striker's long shots score
    // against idle pods; with today's 0.02 it wins 7 of seeds 3..12 by 2 to 6 goals
    // (docs/sweeps.md#what-the-scoring-sweep-found).
    const Scenario s = load_scenario_text(scenario_text("lib:" + striker(), "idle") + kSeedBall, "striker.toml");
    const MatchOutcome o = play_match(s, 3);
    CHECK(o.finished);
    CHECK(o.score[0] >= 5);
    CHECK(o.score[1] == 0);
    CHECK(o.winner == 0);
    CHECK(o.health[0].load_error.empty());
    CHECK(o.health[0].faults == 0);
    CHECK(o.figures[0].shots_on_goal >= o.score[0]);
}

TEST_CASE("podball library modules: a path relative to the scenario file, one library for both teams") {
    // The scenario lives in a temporary folder and names the library relative to it.
    const auto dir = std::filesystem::temp_directory_path() / "playbench-lib-test";
    std::filesystem::create_directories(dir);
    const std::string relative = std::filesystem::relative(striker(), dir).string();
    REQUIRE(relative.rfind("..", 0) == 0);
    const std::string file = (dir / "both.toml").string();
    std::ofstream(file) << scenario_text("lib:" + relative, "lib:" + relative) + kSeedBall;   // both sides score
    const Scenario s = load_scenario_file(file);
    const auto* setup = dynamic_cast<const PodballSetup*>(s.setup.get());
    REQUIRE(setup);
    CHECK(setup->teams[0].module == "lib:" + relative);   // saved back as written
    CHECK(std::filesystem::equivalent(setup->library_paths[0], striker()));
    CHECK(scenario_to_toml(s).find("module = \"lib:" + relative + "\"") != std::string::npos);

    // Each team has its own state from the same library; the match is symmetric enough that both
    // sides score, and it replays exactly.
    const MatchOutcome a = play_match(s, 5);
    CHECK(a.finished);
    CHECK(a.score[0] > 0);
    CHECK(a.score[1] > 0);
    const MatchOutcome b = play_match(s, 5);
    CHECK(a.score == b.score);
    CHECK(a.ticks == b.ticks);

    // Two matches at once on two threads give what they give one after the other.
    MatchOutcome t1, t2;
    std::thread x([&] { t1 = play_match(s, 5); });
    std::thread y([&] { t2 = play_match(s, 6); });
    x.join();
    y.join();
    CHECK(t1.score == a.score);
    CHECK(t2.score == play_match(s, 6).score);
}

TEST_CASE("podball library modules: snapshots copy the state with podball_module_clone, else restart it") {
    SUBCASE("with clone: a restored world replays the same future") {
        PodballWorld w = library_world(striker());
        for (int t = 0; t < 600; ++t) w.step();
        const auto snapshot = w.clone();
        std::vector<std::uint64_t> ahead;
        for (int t = 0; t < 600; ++t) {
            w.step();
            ahead.push_back(w.hash());
        }
        w.restore(*snapshot);
        for (int t = 0; t < 600; ++t) {
            w.step();
            REQUIRE(w.hash() == ahead[static_cast<std::size_t>(t)]);
        }
    }
    SUBCASE("without clone: the copy's module starts afresh from init") {
        // The counter module thrusts pod 0 by (calls % 50) / 50: its memory shows in its play.
        PodballWorld w = library_world(test_module("counter"), Mode::Running);
        for (int t = 0; t < 100; ++t) w.step();   // 20 calls (every 5 ticks)
        const auto copy = w.clone();
        auto& restarted = dynamic_cast<PodballWorld&>(*copy);
        w.step();
        restarted.step();
        CHECK(w.pods()[0].action.v.x == doctest::Approx(21.0 / 50.0));
        CHECK(restarted.pods()[0].action.v.x == doctest::Approx(1.0 / 50.0));
        CHECK(w.module_health(0).faults == 0);
        CHECK(restarted.module_health(0).faults == 0);
    }
}

TEST_CASE("podball library modules: broken libraries are refused with the file, line and reason") {
    std::string err = load_errors(scenario_text("lib:/no/such/libteam.so", "idle"));
    CHECK(err.find("lib.toml:4") != std::string::npos);
    CHECK(err.find("team0.module") != std::string::npos);
    CHECK(err.find("cannot load module library '/no/such/libteam.so'") != std::string::npos);

    err = load_errors(scenario_text("idle", "lib:" + test_module("nosym")));
    CHECK(err.find("lib.toml:7") != std::string::npos);
    CHECK(err.find("team1.module") != std::string::npos);
    CHECK(err.find("does not export 'podball_module_play'") != std::string::npos);

    err = load_errors(scenario_text("lib:" + test_module("abi"), "idle"));
    CHECK(err.find("built for module ABI version 2.0, this Playbench speaks version 1.1") != std::string::npos);

    err = load_errors(scenario_text("lib:", "idle"));
    CHECK(err.find("needs the path of a module library") != std::string::npos);

    err = load_errors(scenario_text("wizard", "idle"));
    CHECK(err.find("allowed: idle, chaser, formation, passer, random, or \"lib:PATH\"") != std::string::npos);
}

TEST_CASE("podball library modules: a module that cannot start leaves its team idle, reported") {
    // init returning NULL passes the scenario check (it needs the match settings) and is reported
    // by the world; the match goes on with that team standing still.
    const Scenario s = load_scenario_text(scenario_text("lib:" + test_module("initfail"), "chaser"), "initfail.toml");
    auto world = s.lab->create_world(s);
    const PodballWorld& w = as_podball(*world);
    CHECK(w.module_health(0).load_error.find("podball_module_init returned NULL") != std::string::npos);
    for (int t = 0; t < 3000; ++t) world->step();
    CHECK(w.score()[1] > 0);
    CHECK(w.score()[0] == 0);
    JsonWriter out(false);
    w.write_metrics(out);
    CHECK(out.str().find("podball_module_init returned NULL") != std::string::npos);
}

TEST_CASE("podball library modules: NaN, exceptions and error statuses idle the pods for that call") {
    SUBCASE("NaN: that pod idles, the others move") {
        PodballWorld w = library_world(test_module("nan"), Mode::Running);
        for (int t = 0; t < 50; ++t) w.step();   // 10 calls
        CHECK(w.pods()[0].action.kind == PodAction::Kind::None);
        CHECK(w.pods()[1].action.kind == PodAction::Kind::Move);
        CHECK(w.pods()[1].action.v == Vec2{0.0, 0.5});
        CHECK(w.module_health(0).faults == 10);
        CHECK(w.module_health(0).last_fault.find("pod 0: the action's vector is not finite") != std::string::npos);
        CHECK(std::isfinite(w.pods()[0].pos.x));
    }
    SUBCASE("an exception escaping the library: every pod idles, the match goes on") {
        PodballWorld w = library_world(test_module("throw"), Mode::Running);
        for (int t = 0; t < 50; ++t) w.step();
        for (int i = 0; i < 3; ++i) CHECK(w.pods()[static_cast<std::size_t>(i)].action.kind == PodAction::Kind::None);
        CHECK(w.module_health(0).faults == 10);
        CHECK(w.module_health(0).last_fault_tick == 45);
        CHECK(w.module_health(0).last_fault.find("test module gave up at tick 45") != std::string::npos);
        CHECK(w.tick() == 50);
    }
    SUBCASE("an error status") {
        PodballWorld w = library_world(test_module("status"), Mode::Running);
        for (int t = 0; t < 20; ++t) w.step();
        CHECK(w.module_health(0).faults == 4);
        CHECK(w.module_health(0).last_fault.find("returned status 7") != std::string::npos);
        CHECK(w.module_health(1).faults == 0);
    }
}

#endif   // PB_MODULE_DIR
