// Library modules cannot take Playbench down
// (docs/team-modules.md#what-playbench-does-with-a-broken-module), on the real binary: a Podball
// team module that loops, segfaults, aborts, calls exit(0) or writes 1 MB past its action array is
// stopped; `run`, `match` and `replay verify` complete, the other team plays on, and the fault is
// named in the output. In-process stays available as an opt-in and plays the same match.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "app_support.hpp"

namespace fs = std::filesystem;

#ifdef PB_MODULE_DIR

namespace {

std::string test_module(const std::string& variant) {
    return std::string(PB_MODULE_DIR) + "/libpb_test_module_" + variant + ".so";
}

// Team 0 (Lib) plays the library, team 1 (Red) the chaser; short periods keep matches quick.
std::string write_scenario(const std::string& name, const std::string& library) {
    const fs::path dir = temp_path("isolation");
    fs::create_directories(dir);
    const fs::path file = dir / (name + ".toml");
    std::ofstream(file) << "lab = \"podball\"\nseed = 4\n[params]\npodball.match.period_ticks = 1200\n"
                           "[team0]\nname = \"Lib\"\nmodule = \"lib:"
                        << library
                        << "\"\npods = 3\n"
                           "[team1]\nname = \"Red\"\nmodule = \"chaser\"\npods = 3\n";
    return file.string();
}

}   // namespace

TEST_CASE(
    "module isolation cli: a looping, crashing, aborting, exiting or scribbling module leaves the match running") {
    struct Case {
        const char* variant;
        const char* fault;
    };
    const Case cases[] = {
        {"loop", " ms of processor time"}, {"segv", "crashed (SIGSEGV"},     {"abort", "crashed (SIGABRT"},
        {"exit", "exited with status 0"},  {"scribble", "crashed (SIGSEGV"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.variant);
        const std::string scenario = write_scenario(c.variant, test_module(c.variant));

        ProcessResult run = run_playbench("run '" + scenario + "' --ticks 900 --json");
        INFO(run.err);
        REQUIRE(run.exit_code == 0);
        CHECK(run.out.find("\"tick\": 900") != std::string::npos);
        CHECK(run.out.find(c.fault) != std::string::npos);
        CHECK(run.out.find("\"faults\": 1") != std::string::npos);

        ProcessResult text = run_playbench("run '" + scenario + "' --ticks 900");
        REQUIRE(text.exit_code == 0);
        CHECK(text.out.find("tick 900") != std::string::npos);
        CHECK(text.out.find("Lib's module stopped at t=10") != std::string::npos);
        CHECK(text.out.find(c.fault) != std::string::npos);

        ProcessResult match = run_playbench("match '" + scenario + "' --games 2");
        INFO(match.err);
        REQUIRE(match.exit_code == 0);
        CHECK(match.out.find("2 matches") != std::string::npos);
        CHECK(match.out.find(c.fault) != std::string::npos);
        CHECK(match.out.find("module faults") != std::string::npos);

        const std::string replay = (fs::path(temp_path("isolation")) / (std::string(c.variant) + ".pbreplay")).string();
        ProcessResult rec = run_playbench("replay record '" + scenario + "' --ticks 600 --out '" + replay + "'");
        INFO(rec.err);
        REQUIRE(rec.exit_code == 0);
        ProcessResult verify = run_playbench("replay verify '" + replay + "' --allow-modules");
        INFO(verify.out);
        INFO(verify.err);
        // The fault falls on the same call again: the replay matches. (A timeout depends on the
        // machine; here the loop never ends, so it is the same timeout.)
        CHECK(verify.exit_code == 0);
    }
}

TEST_CASE("module isolation cli: in-process is an opt-in that plays the same match") {
    const std::string scenario = write_scenario("counter", test_module("counter"));
    ProcessResult isolated = run_playbench("run '" + scenario + "' --ticks 2000 --json");
    ProcessResult direct = run_playbench("run '" + scenario + "' --ticks 2000 --json --in-process-modules");
    REQUIRE_MESSAGE(isolated.exit_code == 0, isolated.err);
    REQUIRE_MESSAGE(direct.exit_code == 0, direct.err);
    CHECK(isolated.out == direct.out);
    CHECK(isolated.out.find("\"faults\": 0") != std::string::npos);
    // The opt-in really runs the library inside Playbench: a crash there takes Playbench down.
    const std::string crashing = write_scenario("segv-in-process", test_module("segv"));
    ProcessResult crashed = run_playbench("run '" + crashing + "' --ticks 100 --in-process-modules");
    CHECK(crashed.exit_code != 0);
    ProcessResult survived = run_playbench("run '" + crashing + "' --ticks 100");
    CHECK(survived.exit_code == 0);
}

TEST_CASE("module isolation cli: a module's own error message is part of the fault in run and run --json") {
    // The lasterror test module fails every second call (ticks 5, 15, ...) and says why
    // (podball_module_last_error): isolated, the host ships the message back through its page.
    const std::string scenario = write_scenario("lasterror", test_module("lasterror"));
    for (const char* mode : {"", " --in-process-modules"}) {
        CAPTURE(mode);
        ProcessResult run = run_playbench("run '" + scenario + "' --ticks 100 --json" + mode);
        INFO(run.err);
        REQUIRE(run.exit_code == 0);
        CHECK(run.out.find("\"faults\": 10") != std::string::npos);
        // The control character the module wrote is shown as \x01 (a backslash, escaped in JSON).
        CHECK(run.out.find("podball_module_play returned status 3: no plan for tick 95\\\\x01xxxx") !=
              std::string::npos);
        ProcessResult text = run_playbench("run '" + scenario + "' --ticks 100" + std::string(mode));
        REQUIRE(text.exit_code == 0);
        CHECK(text.out.find("returned status 3: no plan for tick 95\\x01xxxx") != std::string::npos);
    }
}

TEST_CASE("module isolation cli: a replay whose module now overruns its budget diverges, and verify names the module") {
    // Recorded in-process (no budget: the slow call of 300 ms just waits), verified isolated (the
    // same call overruns 50 ms): as a replay from a faster machine would.
    const std::string scenario = write_scenario("slow", test_module("slow"));
    const std::string replay = (fs::path(temp_path("isolation")) / "slow.pbreplay").string();
    ProcessResult rec =
        run_playbench("replay record '" + scenario + "' --ticks 600 --in-process-modules --out '" + replay + "'");
    REQUIRE_MESSAGE(rec.exit_code == 0, rec.err);
    ProcessResult trusted = run_playbench("replay verify '" + replay + "' --allow-modules --in-process-modules");
    CHECK_MESSAGE(trusted.exit_code == 0, trusted.out);
    ProcessResult verify = run_playbench("replay verify '" + replay + "' --allow-modules");
    INFO(verify.out);
    INFO(verify.err);
    CHECK(verify.exit_code == 1);
    CHECK(verify.out.find("DIVERGED at tick 11") != std::string::npos);
    CHECK(verify.out.find("Lib's module stopped at t=10") != std::string::npos);
}

TEST_CASE("module isolation window: a crashing and a looping module leave the window running, the fault shown") {
    if (!have_xvfb()) return;
    for (const char* variant : {"segv", "loop"}) {
        CAPTURE(variant);
        const std::string scenario = write_scenario(std::string("window-") + variant, test_module(variant));
        const std::string config_home = temp_path("isolation-window-config");
        fs::remove_all(config_home);
        fs::create_directories(config_home + "/playbench");
        const std::string report = temp_path("isolation-window.json");
        const std::string later = temp_path("isolation-window-later.json");
        fs::remove(report);
        fs::remove(later);
        const std::string script_path = temp_path("isolation-window-script.txt");
        // Two reports: the window plays on wall-clock time, so how many ticks 70 frames hold depends
        // on the machine; what must hold everywhere is that the clock passed the fault and kept going.
        std::ofstream(script_path) << "frame 10 click @transport.play\n"
                                      "frame 80 dump "
                                   << report
                                   << "\n"
                                      "frame 160 dump "
                                   << later
                                   << "\n"
                                      "frame 165 quit\n";
        const std::string env = "XDG_CONFIG_HOME='" + config_home +
                                "' PLAYBENCH_UI_SCALE=1 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0"
                                " timeout 180 xvfb-run -a -s '-screen 0 1600x1000x24 -nolisten tcp -noreset'";
        ProcessResult r = run_playbench("--script '" + script_path + "' '" + scenario + "'", env);
        INFO(r.err);
        REQUIRE(r.exit_code == 0);
        const std::string dumped = read_text(report);
        REQUIRE_FALSE(dumped.empty());
        // The status line's summary names the stopped module; the window went on ticking.
        CHECK(json_field(dumped, "summary").find("Lib's module stopped at t=10") != std::string::npos);
        const long long first_tick = std::stoll(json_field(dumped, "tick"));
        CHECK(first_tick > 10);
        const std::string dumped_later = read_text(later);
        REQUIRE_FALSE(dumped_later.empty());
        CHECK(std::stoll(json_field(dumped_later, "tick")) > first_tick);
    }
}

#endif   // PB_MODULE_DIR
