// Hostile inputs on the real command line (docs/scenario-files.md#limits): paths that are not
// files, NaN in a scenario, out-of-range --set and --seed. Each gets a clear error and a non-zero
// exit, quickly.
#include <doctest/doctest.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/replay_file.hpp"
#include "tests/app/app_support.hpp"

namespace fs = std::filesystem;

namespace {

// `timeout 20` around the run: a regression that blocks (a FIFO) fails the test, never hangs it.
ProcessResult run_bounded(const std::string& args, double& seconds) {
    const auto t0 = std::chrono::steady_clock::now();
    ProcessResult r = run_playbench(args, "timeout 20");
    seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

std::string write_file(const std::string& name, const std::string& text) {
    const std::string path = temp_path(name);
    std::ofstream(path) << text;
    return path;
}

}   // namespace

TEST_CASE("run /dev/zero and run FIFO are refused at once as not regular files") {
    double seconds = 0.0;
    ProcessResult r = run_bounded("run /dev/zero --ticks 1", seconds);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("'/dev/zero' is a character device, not a regular file") != std::string::npos);
    CHECK(seconds < 10.0);

    const std::string fifo = temp_path("hostile-pipe.toml");
    ::unlink(fifo.c_str());
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    r = run_bounded("run '" + fifo + "' --ticks 1", seconds);
    CHECK(r.exit_code == 2);   // 124 would be timeout's: blocked on the FIFO
    CHECK(r.err.find("is a FIFO (named pipe), not a regular file") != std::string::npos);
    CHECK(seconds < 10.0);
    r = run_bounded("replay info '" + fifo + "'", seconds);
    CHECK(r.exit_code != 0);
    CHECK(r.exit_code != 124);
    CHECK(r.err.find("not a regular file") != std::string::npos);
    ::unlink(fifo.c_str());
}

TEST_CASE("a NaN lane waypoint is refused with file:line: key by run --json and render (no crash, no exit 0)") {
    const std::string path =
        write_file("hostile-nan.toml",
                   "lab = \"effects\"\n[lane]\nwaypoints = [[0, 0], [nan, 3], [10, 3]]\n[[waves]]\ncount = 5\n");
    double seconds = 0.0;
    ProcessResult r = run_bounded("run '" + path + "' --json --ticks 10", seconds);
    CHECK(r.exit_code == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("hostile-nan.toml:3: key 'lane.waypoints[1]'") != std::string::npos);
    CHECK(r.err.find("got [nan, 3]") != std::string::npos);
    r = run_bounded("render '" + path + "' --ticks 10 --size 320x200 --out '" + temp_path("hostile-nan.png") + "'",
                    seconds);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("key 'lane.waypoints[1]'") != std::string::npos);
}

TEST_CASE("--set 2^63 is refused as given (not wrapped) and --seed 2^64 names the allowed range") {
    const std::string scenario = "'" + source_path("scenarios/podball-default.toml") + "'";
    double seconds = 0.0;
    ProcessResult r =
        run_bounded("run " + scenario + " --ticks 1 --set podball.rules.ballkeep_ticks=9223372036854775808", seconds);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("out of range: allowed 1 .. 5000") != std::string::npos);
    CHECK(r.err.find("9.223372036854776e+18") != std::string::npos);
    CHECK(r.err.find("-9223372036854775808") == std::string::npos);
    r = run_bounded("match " + scenario + " --seed 18446744073709551616", seconds);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--seed must be a whole number 0 .. 9223372036854775807, got '18446744073709551616'") !=
          std::string::npos);
    r = run_bounded("match " + scenario + " --seed -1", seconds);
    CHECK(r.exit_code == 2);
}

TEST_CASE("huge scenarios are refused at load naming the limit, in well under a second") {
    std::string effects =
        "lab = \"effects\"\ncompare = [\"as_defined\", \"as_defined\", \"as_defined\", \"as_defined\"]\n";
    for (int i = 0; i < 100; ++i) effects += "[[waves]]\ncount = 100000\n";
    double seconds = 0.0;
    ProcessResult r = run_bounded("run '" + write_file("hostile-creeps.toml", effects) + "' --ticks 3", seconds);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("kMaxCreeps") != std::string::npos);
    CHECK(r.err.find("hostile-creeps.toml:3: key 'waves'") != std::string::npos);
    CHECK(seconds < 5.0);

    std::string logistics = "lab = \"logistics\"\n[generate]\n";
    for (const char* k : {"transporters", "spawns", "extensions", "towers", "upgrade_sites", "labs", "mining", "piles",
                          "extractors", "storages", "terminals"})
        logistics += std::string(k) + " = 5000\n";
    r = run_bounded("run '" + write_file("hostile-colony.toml", logistics) + "' --ticks 3", seconds);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("hostile-colony.toml:3: key 'generate.transporters': value 5000 is more than the limit of 1000") !=
          std::string::npos);
    CHECK(seconds < 5.0);
}

TEST_CASE(
    "out of memory is a clear error and exit 1, not an abort (a scenario at the Logistics limits under ulimit -v)") {
#ifdef PLAYBENCH_SANITIZED
    // ASan reserves its shadow memory (terabytes of address space) at start-up and aborts on an
    // allocation that fails rather than throwing: the Release run checks this.
    MESSAGE("skipped under the sanitizers: ASan cannot start under ulimit -v");
    return;
#endif
    // 250 transporters x 1000 targets: within every limit (about 180 MB when running); under a
    // 60 MB address-space limit the allocation fails and main reports it.
    std::string colony = "lab = \"logistics\"\n[map]\nsize = [256, 256]\n[generate]\ntransporters = 250\n";
    for (const char* k : {"spawns", "extensions", "towers", "upgrade_sites", "labs", "mining", "piles", "extractors",
                          "storages", "terminals"})
        colony += std::string(k) + " = 100\n";
    const std::string path = write_file("hostile-oom.toml", colony);
    ProcessResult r = run_playbench("run '" + path + "' --ticks 5 --json", "ulimit -v 60000; timeout 60");
    CHECK(r.exit_code == 1);   // an uncaught std::bad_alloc would abort (no exit code: -1)
    CHECK(r.err.find("playbench: out of memory") != std::string::npos);
    CHECK(r.out.empty());
}

TEST_CASE("a key of 20,000 dot-separated parts is refused by every entry point with file:line, never a crash") {
    // 40 KB of "a.a.a...": it overflowed the stack of every command that reads TOML (exit 139).
    std::string key = "a";
    for (int i = 1; i < 20000; ++i) key += ".a";
    const std::string expected = "a key of 20000 dot-separated parts, more than the limit of 32 parts in one key";
    const std::string podball = write_file("hostile-key-podball.toml", "lab = \"podball\"\n" + key + " = 1\n");
    const std::string tasks = write_file("hostile-key-tasks.toml", "lab = \"tasks\"\n[ship]\n" + key + " = 1\n");
    const std::string good = "'" + source_path("scenarios/podball-default.toml") + "'";
    double seconds = 0.0;
    const auto refused_by = [&](const std::string& args, const std::string& where) {
        CAPTURE(args);
        const ProcessResult r = run_bounded(args, seconds);
        CHECK(r.exit_code > 0);
        CHECK(r.exit_code < 128);   // 139: killed by SIGSEGV
        CHECK(r.err.find(where) != std::string::npos);
        CHECK(r.err.find(expected) != std::string::npos);
        CHECK(r.err.size() < 1000);   // the key is shown cut
        CHECK(seconds < 10.0);
    };
    refused_by("run '" + podball + "' --ticks 1", "hostile-key-podball.toml:2: key 'a.a.a.a");
    refused_by("solve '" + tasks + "'", "hostile-key-tasks.toml:3: key 'ship.a.a.a");
    refused_by("compare " + good + " --b-scenario '" + podball + "' --ticks 10", "hostile-key-podball.toml:2:");

    // A sweep file with such a key, and a sweep of such a scenario.
    const std::string sweep =
        write_file("hostile-key.sweep.toml", "scenario = " + good + "\nseeds = 1\nticks = 10\n" + key + " = 1\n");
    refused_by("sweep run '" + sweep + "' --out '" + temp_path("hostile-key-sweep-out") + "'",
               "hostile-key.sweep.toml:4:");
    const std::string sweep_of =
        write_file("hostile-key-of.sweep.toml", "scenario = '" + podball + "'\nseeds = 1\nticks = 10\n");
    refused_by("sweep run '" + sweep_of + "' --out '" + temp_path("hostile-key-sweep-of-out") + "'",
               "hostile-key-podball.toml:2:");

    // A replay whose every record is intact (CRCs valid) embedding such a scenario.
    const std::string replay = temp_path("hostile-key.pbreplay");
    {
        pb::ReplayHeader h;
        h.lab = "podball";
        h.seed = 1;
        h.scenario_text = "lab = \"podball\"\n" + key + " = 1\n";
        pb::ReplayWriter w;
        w.open(replay, h);
        for (std::int64_t t = 1; t <= 10; ++t) w.add_hash(t, static_cast<std::uint64_t>(t) * 2654435761u);
        w.close();
    }
    refused_by("replay verify '" + replay + "'", ":2: key 'a.a.a.a");
    const ProcessResult info = run_bounded("replay info '" + replay + "'", seconds);
    CHECK(info.exit_code < 128);
    CHECK((info.out + info.err).find(expected) != std::string::npos);
}

TEST_CASE("a 12 MB text value and a list of a million elements are refused at once, the text shown cut") {
    double seconds = 0.0;
    ProcessResult r = run_bounded(
        "run '" + write_file("hostile-text.toml", "lab = \"" + std::string(12500000, 'a') + "\"\n") + "' --ticks 1",
        seconds);
    CHECK(r.exit_code == 2);
    CHECK(
        r.err.find(
            "hostile-text.toml:1: key 'lab': the text \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\u2026\" (11.9 MB) is "
            "longer than the limit of 64 KB for one text value (kMaxTomlStringBytes)") != std::string::npos);
    CHECK(r.err.size() < 400);   // not 12.5 MB of 'a'
    std::string list = "lab = \"podball\"\nx = [1";
    for (int i = 1; i < 1000000; ++i) list += ",1";
    r = run_bounded("run '" + write_file("hostile-list.toml", list + "]\n") + "' --ticks 1", seconds);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("hostile-list.toml:2: key 'x': a list of more than 100000 elements, the limit for one list "
                     "(kMaxTomlArrayLength)") != std::string::npos);
}

TEST_CASE("window: a scenario and a settings file with a key of 20,000 parts are refused, the window stays up") {
    if (!have_xvfb()) return;
    std::string key = "a";
    for (int i = 1; i < 20000; ++i) key += ".a";
    const std::string config_home = temp_path("hostile-key-config");
    fs::create_directories(config_home + "/playbench");
    std::ofstream(config_home + "/playbench/settings.toml") << "[window]\n" << key << " = 1\n";
    const std::string scenario = write_file("hostile-key-window.toml", "lab = \"podball\"\n" + key + " = 1\n");
    const std::string dump = temp_path("hostile-key-window.json");
    fs::remove(dump);
    const std::string script = write_file("hostile-key-window.txt", "frame 15 dump " + dump + "\nframe 20 quit\n");
    const ProcessResult r =
        run_playbench("--script '" + script + "' '" + scenario + "'",
                      "XDG_CONFIG_HOME='" + config_home +
                          "' PLAYBENCH_UI_SCALE=1 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0"
                          " timeout 180 xvfb-run -a -s '-screen 0 1600x1000x24 -nolisten tcp -noreset'");
    INFO("stderr: " << r.err.substr(0, 2000));
    REQUIRE(r.exit_code == 0);   // 139 when the stack overflowed
    CHECK(r.err.find("settings.toml:2: key 'window.a.a.a") != std::string::npos);
    const std::string error = json_field(read_text(dump), "error");
    CHECK(error.find("hostile-key-window.toml:2: key 'a.a.a") != std::string::npos);
    CHECK(error.find("a key of 20000 dot-separated parts") != std::string::npos);
}
