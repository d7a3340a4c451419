// `playbench sweep run | merge | status` as a designer or a cluster job runs them: the CSV is the
// same bytes whatever the threads, the shards and the order shards finish in; a sweep killed
// with SIGKILL at random moments and run again gives the CSV of an uninterrupted run; missing
// runs are listed and merge exits 1; every example in sweeps/ runs and merges.
#include <doctest/doctest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "app_support.hpp"

namespace fs = std::filesystem;

namespace {

std::string fresh_dir(const std::string& name) {
    const std::string d = temp_path("sweep-" + name);
    fs::remove_all(d);
    return d;
}

std::string write_sweep(const std::string& name, const std::string& body) {
    const std::string path = temp_path(name + ".toml");
    std::ofstream(path) << "scenario = \"" << source_path("scenarios/podball-default.toml") << "\"\n" << body;
    return path;
}

// 3 frictions x 2 shot forces x 4 seeds = 24 runs of 1500 ticks.
std::string small_sweep() {
    return write_sweep(
        "small",
        "seeds = 4\nticks = 1500\n"
        "results = [\"metrics.score[0]\", \"metrics.score[1]\", \"state.ball.pos[0]\", \"state.ball.vel[1]\"]\n"
        "[[vary]]\nkey = \"podball.ball.friction\"\nvalues = [0.002, 0.005, 0.008]\n"
        "[[vary]]\nkey = \"podball.ball.shoot_force\"\nvalues = [0.002, 0.004]\n");
}

std::string csv_of(const std::string& dir) { return read_text(dir + "/results.csv"); }

}   // namespace

TEST_CASE("sweep run + merge: the same CSV bytes for 1 or 2 threads and for 1 or 3 shards merged in any order") {
    const std::string sweep = small_sweep();
    const std::string one = fresh_dir("t1"), two = fresh_dir("t2"), sharded = fresh_dir("n3");
    ProcessResult r = run_playbench("sweep run '" + sweep + "' --out '" + one + "' --threads 1 --shard 0/1");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.out.find("ran 24 runs") != std::string::npos);
    r = run_playbench("sweep merge '" + one + "'");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.out.find("merged 24 of 24 runs") != std::string::npos);
    const std::string reference = csv_of(one);
    CHECK(std::count(reference.begin(), reference.end(), '\n') == 25);
    CHECK(reference.rfind("run,point,seed,ticks,podball.ball.friction,podball.ball.shoot_force,metrics.score[0],", 0) ==
          0);
    CHECK(reference.find("\n9,2,2,1500,0.005,0.002,") !=
          std::string::npos);   // point 2 (friction 0.005, force 0.002), seed 2

    REQUIRE(run_playbench("sweep run '" + sweep + "' --out '" + two + "' --threads 2 --shard 0/1").exit_code == 0);
    REQUIRE(run_playbench("sweep merge '" + two + "'").exit_code == 0);
    CHECK(csv_of(two) == reference);

    // Shards from the environment as Slurm sets them (an array 5..7), finishing 2, 0, 1.
    for (int task : {7, 5, 6}) {
        r = run_playbench(
            "sweep run '" + sweep + "' --out '" + sharded + "' --threads 1",
            "SLURM_ARRAY_TASK_ID=" + std::to_string(task) + " SLURM_ARRAY_TASK_MIN=5 SLURM_ARRAY_TASK_COUNT=3");
        REQUIRE_MESSAGE(r.exit_code == 0, r.err);
        CHECK(r.out.find("shard " + std::to_string(task - 5) + "/3 ran 8 runs") != std::string::npos);
        CHECK(fs::exists(sharded + "/runs-" + std::to_string(task - 5) + "-of-3.log"));
    }
    r = run_playbench("sweep merge '" + sharded + "'");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(csv_of(sharded) == reference);
    // Merging again: the same CSV and the same database bytes.
    const std::string db = read_text(sharded + "/sweep.sqlite");
    REQUIRE(run_playbench("sweep merge '" + sharded + "'").exit_code == 0);
    CHECK(read_text(sharded + "/sweep.sqlite") == db);
    CHECK(csv_of(sharded) == reference);

    // A Kubernetes Indexed Job's index needs the count.
    r = run_playbench("sweep run '" + sweep + "' --out '" + sharded + "'", "JOB_COMPLETION_INDEX=1");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("JOB_COMPLETION_INDEX needs PLAYBENCH_SHARD_COUNT") != std::string::npos);
    r = run_playbench("sweep run '" + sweep + "' --out '" + sharded + "'",
                      "JOB_COMPLETION_INDEX=1 PLAYBENCH_SHARD_COUNT=3");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("shard 1/3 ran 0 runs") != std::string::npos);   // all done already
}

TEST_CASE("sweep merge: missing runs are listed and exit 1; status says how far it got; another sweep is refused") {
    const std::string sweep = small_sweep();
    const std::string dir = fresh_dir("half");
    REQUIRE(run_playbench("sweep run '" + sweep + "' --out '" + dir + "' --shard 1/2 --threads 2").exit_code == 0);
    ProcessResult r = run_playbench("sweep merge '" + dir + "'");
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("12 of 24 runs missing (run keys 0, 2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22;") !=
          std::string::npos);
    CHECK(r.out.find("merged 12 of 24 runs") != std::string::npos);
    const std::string half = csv_of(dir);
    CHECK(std::count(half.begin(), half.end(), '\n') == 13);

    r = run_playbench("sweep status '" + dir + "'");
    CHECK(r.exit_code == 0);
    CHECK(r.out.find("12 / 24 runs done (50.0 %), 12 missing") != std::string::npos);
    CHECK(r.out.find("runs-1-of-2.log: 12 runs") != std::string::npos);

    const std::string other = write_sweep("other", "seeds = 4\nticks = 1501\n");
    r = run_playbench("sweep run '" + other + "' --out '" + dir + "'");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("holds the results of a different sweep") != std::string::npos);

    r = run_playbench("sweep run '" + sweep + "' --out '" + dir + "' --shard 2/2");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("needs 0 <= I < N") != std::string::npos);

    const std::string bad =
        write_sweep("bad", "seeds = 4\nticks = 100\n[[vary]]\nkey = \"podball.ball.fricton\"\nvalues = [0.1]\n");
    r = run_playbench("sweep run '" + bad + "' --out '" + fresh_dir("bad") + "'");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("bad.toml:5: key 'vary[0].key': unknown parameter 'podball.ball.fricton'") != std::string::npos);
}

TEST_CASE("sweep run killed with SIGKILL at random moments, run again: the CSV of an uninterrupted run") {
    const std::string sweep =
        write_sweep("kill",
                    "seeds = 12\nticks = 12000\nresults = [\"metrics.score[0]\", \"state.ball.pos[0]\"]\n"
                    "[[vary]]\nkey = \"podball.pod.thrust\"\nfrom = 0.0001\nto = 0.0004\nsteps = 8\n");
    const std::string reference_dir = fresh_dir("kill-ref");
    REQUIRE(
        run_playbench("sweep run '" + sweep + "' --out '" + reference_dir + "' --threads 2 --shard 0/1").exit_code ==
        0);
    REQUIRE(run_playbench("sweep merge '" + reference_dir + "'").exit_code == 0);
    const std::string reference = csv_of(reference_dir);

    const std::string dir = fresh_dir("kill");
    std::mt19937 rng(20261126);
    int killed_mid_way = 0;
    for (int attempt = 0; attempt < 8; ++attempt) {
        std::fflush(stdout);   // or the child's freopen writes the parent's buffered output again
        std::fflush(stderr);
        const pid_t pid = ::fork();
        REQUIRE(pid >= 0);
        if (pid == 0) {
            const std::string null = "/dev/null";
            if (!std::freopen(null.c_str(), "w", stdout) || !std::freopen(null.c_str(), "w", stderr)) ::_exit(126);
            ::execl(PLAYBENCH_BINARY, PLAYBENCH_BINARY, "sweep", "run", sweep.c_str(), "--out", dir.c_str(),
                    "--threads", "2", "--shard", "0/1", static_cast<char*>(nullptr));
            ::_exit(127);
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(std::uniform_int_distribution<int>(5, 120)(rng)));
        ::kill(pid, SIGKILL);
        int status = 0;
        ::waitpid(pid, &status, 0);
        if (WIFSIGNALED(status)) ++killed_mid_way;
    }
    MESSAGE(killed_mid_way << " of 8 runs were killed before they finished");
    CHECK(killed_mid_way >= 3);
    ProcessResult st = run_playbench("sweep status '" + dir + "'");
    MESSAGE(st.out);
    ProcessResult r = run_playbench("sweep run '" + sweep + "' --out '" + dir + "' --threads 2 --shard 0/1");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    r = run_playbench("sweep merge '" + dir + "'");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.out.find("more than once") == std::string::npos);   // none duplicated
    CHECK(csv_of(dir) == reference);                            // none lost, none changed
}

TEST_CASE(
    "sweep run: one flipped byte in record k of a shard log: only run k runs again, the CSV of an undamaged sweep") {
    const std::string sweep = small_sweep();
    const std::string dir = fresh_dir("flip");
    // One thread: the log's records are in run order, record k + 1 holds run k.
    REQUIRE(run_playbench("sweep run '" + sweep + "' --out '" + dir + "' --threads 1 --shard 0/1").exit_code == 0);
    REQUIRE(run_playbench("sweep merge '" + dir + "'").exit_code == 0);
    const std::string reference = csv_of(dir);
    const std::string log = dir + "/runs-0-of-1.log";
    std::string bytes = read_text(log);
    const std::size_t size = 12 + 44 + 8 * 4;   // frame, fixed payload, four results
    REQUIRE(bytes.size() == 24 * size);
    const std::size_t k = 10;
    bytes[k * size + 40] = static_cast<char>(bytes[k * size + 40] ^ 0x04);   // inside run 10's record
    { std::ofstream(log, std::ios::binary | std::ios::trunc) << bytes; }

    ProcessResult r = run_playbench("sweep status '" + dir + "'");
    CHECK(r.out.find("runs-0-of-1.log: 23 runs; DAMAGED record 11 (88 bytes at byte 880)") != std::string::npos);
    r = run_playbench("sweep merge '" + dir + "'");
    CHECK(r.exit_code == 1);
    CHECK(r.out.find("DAMAGED: runs-0-of-1.log: record 11 (88 bytes at byte 880) is damaged: skipped") !=
          std::string::npos);
    CHECK(r.err.find("1 of 24 runs missing (run keys 10;") != std::string::npos);

    r = run_playbench("sweep run '" + sweep + "' --out '" + dir + "' --threads 2 --shard 0/1");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.out.find("ran 1 runs") != std::string::npos);
    CHECK(r.out.find("(23 already done;") != std::string::npos);
    CHECK(r.err.find(
              log +
              ": record 11 (88 bytes at byte 880) is DAMAGED (not a torn tail: 13 sound records follow it, all kept); "
              "it held run 10, which runs again; the log was rewritten without it") != std::string::npos);
    CHECK(read_text(log + ".damaged") == bytes);
    r = run_playbench("sweep merge '" + dir + "'");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.out.find("DAMAGED") == std::string::npos);
    CHECK(r.out.find("more than once") == std::string::npos);
    CHECK(csv_of(dir) == reference);
}

TEST_CASE(
    "sweep run: a grid of 10^8 or 10^30 runs is refused at once, exit 2, naming the file, the count and the limit") {
    // 500 MB of address space at most (10^7 points took 2 GB before anything was refused); not
    // under AddressSanitizer, which reserves terabytes of it at start-up.
#ifdef PLAYBENCH_SANITIZED
    const std::string limit = "timeout 60";
#else
    const std::string limit = "ulimit -v 500000; timeout 60";
#endif
    auto vary = [](const char* key, double from, double to, int steps) {
        return "[[vary]]\nkey = \"podball." + std::string(key) + "\"\nfrom = " + std::to_string(from) +
               "\nto = " + std::to_string(to) + "\nsteps = " + std::to_string(steps) + "\nscale = \"linear\"\n";
    };
    const std::string e8 =
        write_sweep("e8", "ticks = 10\n" + vary("pod.mass", 0.1, 10, 10000) + vary("ball.mass", 0.1, 5, 10000));
    const std::string out = fresh_dir("e8");
    ProcessResult r = run_playbench("sweep run '" + e8 + "' --out '" + out + "'", limit);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(
              e8 +
              ": 100000000 runs (a grid of 10000 x 10000 values x 1 seed) is more than the limit of 1000000 runs a "
              "sweep (kMaxSweepRuns)") != std::string::npos);
    CHECK_FALSE(fs::exists(out + "/manifest.txt"));
    std::string many = vary("pod.mass", 0.1, 10, 1000) + vary("ball.mass", 0.1, 5, 1000) +
                       vary("pod.radius", 0.01, 0.1, 1000) + vary("ball.radius", 0.003, 0.05, 1000) +
                       vary("pod.thrust", 0, 0.002, 1000) + vary("pod.friction", 0, 0.5, 1000) +
                       vary("ball.friction", 0.001, 0.05, 1000) + vary("ball.shoot_force", 0, 0.02, 1000) +
                       vary("pod.restitution", 0, 1, 1000) + vary("ball.pod_restitution", 0, 1, 1000);
    const std::string e30 = write_sweep("e30", "seeds = 20\nticks = 10\n" + many);
    r = run_playbench("sweep run '" + e30 + "' --out '" + fresh_dir("e30") + "'", limit);
    CHECK(r.exit_code == 2);
    CHECK(r.err.find(
              e30 +
              ": 20000000000000000000000000000000 runs (a grid of 1000 x 1000 x 1000 x 1000 x 1000 x 1000 x 1000 x "
              "1000 x 1000 x 1000 values x 20 seeds) is more than the limit of 1000000 runs") != std::string::npos);
}

TEST_CASE("sweep examples: every file in sweeps/ runs and merges (runs capped at 300 ticks)") {
    int examples = 0;
    for (const auto& e : fs::directory_iterator(source_path("sweeps"))) {
        if (e.path().extension() != ".toml") continue;
        ++examples;
        const std::string dir = fresh_dir("example-" + e.path().stem().string());
        CAPTURE(e.path().string());
        ProcessResult r =
            run_playbench("sweep run '" + e.path().string() + "' --out '" + dir + "' --threads 2 --test-cap-ticks 300");
        REQUIRE_MESSAGE(r.exit_code == 0, r.err);
        r = run_playbench("sweep merge '" + dir + "'");
        REQUIRE_MESSAGE(r.exit_code == 0, r.err);
        const std::string csv = csv_of(dir);
        CHECK(std::count(csv.begin(), csv.end(), '\n') >= 5);
        CHECK(csv.find(",nan") == std::string::npos);   // every result a number
    }
    CHECK(examples == 5);
}
