// Sweeps (engine/sweep/): the sweep file's checks (file:line: key: what is wrong, suggestions),
// how points are chosen (grid, linear and log steps, random, Latin hypercube), that a run's
// result depends only on its key, the results log's torn tails, and merging into SQLite + CSV.
#include <doctest/doctest.h>
#include <sqlite3.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>
#include <tuple>

#include "engine/core/json.hpp"
#include "engine/core/scenario.hpp"
#include "engine/sweep/sweep.hpp"
#include "engine/sweep/sweep_store.hpp"
#include "engine/sweep/sweep_table.hpp"

using namespace pb;
namespace fs = std::filesystem;

namespace {

const std::string kScenarios = std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios";

SweepSpec parse(const std::string& text) { return parse_sweep_text(text, "test.sweep.toml", kScenarios); }

// Every diagnostic of a sweep text that should fail, one string each.
std::vector<std::string> errors_of(const std::string& text) {
    try {
        parse(text);
    } catch (const SweepError& e) {
        std::vector<std::string> out;
        for (const Diagnostic& d : e.diagnostics) out.push_back(d.to_string());
        if (out.empty()) out.push_back(e.what());
        return out;
    }
    return {};
}

bool any_has(const std::vector<std::string>& list, const std::string& part) {
    return std::any_of(list.begin(), list.end(),
                       [&](const std::string& s) { return s.find(part) != std::string::npos; });
}

std::string temp_dir(const std::string& name) {
    auto d = fs::temp_directory_path() / ("playbench-sweep-test-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(d);
    return d.string();
}

const char* kHeader = "scenario = \"podball-default.toml\"\nseeds = 2\nticks = 50\n";

}   // namespace

TEST_CASE("sweep file: every mistake names file:line:key, what is wrong and what is allowed") {
    const auto e = errors_of(std::string(kHeader) +
                             "resluts = [\"metrics.score[0]\"]\n"                             // line 4: unknown key
                             "[[vary]]\nkey = \"podball.ball.fricton\"\nvalues = [0.002]\n"   // line 6: typo
                             "[[vary]]\nkey = \"podball.pod.mass\"\nvalues = [1, 99]\n");     // line 10: out of range
    REQUIRE(e.size() == 3);
    CHECK(any_has(e, "test.sweep.toml:4: key 'resluts': unknown key at the top level (did you mean results?)"));
    CHECK(any_has(e, "test.sweep.toml:6: key 'vary[0].key': unknown parameter 'podball.ball.fricton'"));
    CHECK(any_has(e, "podball.ball.friction"));
    CHECK(any_has(e, "test.sweep.toml:10: key 'vary[1].values[1]'"));
    CHECK(any_has(e, "0.05 .. 20"));   // the allowed range of podball.pod.mass

    const auto r = errors_of(std::string(kHeader) + "results = [\"metrics.scor[0]\", \"metrics.score[1]\"]\n");
    REQUIRE(r.size() == 1);
    CHECK(r[0].find("test.sweep.toml:4: key 'results[0]': no number at 'metrics.scor[0]'") == 0);
    CHECK(r[0].find("did you mean metrics.score[0]?") != std::string::npos);

    const auto d = errors_of("scenario = \"rgs-build-order.toml\"\nuntil = \"match_end\"\nsample = \"latin\"\n");
    CHECK(any_has(d, ":2: key 'until': until = \"match_end\" is for Podball scenarios"));
    CHECK(any_has(d, "key 'points': sample = \"latin\" needs points = N"));

    const auto m = errors_of("scenario = \"nowhere.toml\"\nticks = 5\n");
    REQUIRE(m.size() == 1);
    CHECK(m[0].find("test.sweep.toml:1: key 'scenario': cannot read the scenario") == 0);

    const auto g =
        errors_of(std::string(kHeader) + "[[vary]]\nkey = \"podball.ball.friction\"\nfrom = 0.001\nto = 0.01\n");
    CHECK(any_has(g, "a grid over from/to needs steps = N"));
    const auto lg =
        errors_of(std::string(kHeader) +
                  "[[vary]]\nkey = \"podball.pod.friction\"\nfrom = 0\nto = 0.1\nsteps = 3\nscale = \"log\"\n");
    CHECK(any_has(lg, "scale = \"log\" needs from and to above 0"));
}

TEST_CASE("sweep file: grid points, linear and log steps, seeds, point-major run keys") {
    const SweepSpec s =
        parse(std::string(kHeader) +
              "[[vary]]\nkey = \"podball.ball.friction\"\nfrom = 0.0005\nto = 0.05\nsteps = 3\nscale = \"log\"\n"
              "[[vary]]\nkey = \"podball.pod.mass\"\nfrom = 1\nto = 2\nsteps = 5\nscale = \"linear\"\n");
    REQUIRE(s.vary.size() == 2);
    CHECK(s.vary[0].values.size() == 3);
    CHECK(s.vary[0].values[0] == 0.0005);
    CHECK(s.vary[0].values[1] == doctest::Approx(0.005).epsilon(1e-12));   // the geometric middle
    CHECK(s.vary[0].values[2] == 0.05);
    CHECK(s.vary[1].values == std::vector<double>{1.0, 1.25, 1.5, 1.75, 2.0});
    REQUIRE(s.points.size() == 15);
    CHECK(s.points[0] == std::vector<double>{0.0005, 1.0});
    CHECK(s.points[1] == std::vector<double>{0.0005, 1.25});   // the last [[vary]] changes fastest
    CHECK(s.points[5][0] == s.vary[0].values[1]);
    CHECK(s.run_count() == 30);
    CHECK(s.point_of(7) == 3);
    CHECK(s.seed_of(7) == 2);
    CHECK(s.seeds == std::vector<std::uint64_t>{1, 2});

    const SweepSpec l = parse("scenario = \"podball-default.toml\"\nseeds = [3, 7, 11]\nticks = 5\n");
    CHECK(l.seeds == std::vector<std::uint64_t>{3, 7, 11});
    CHECK(l.points.size() == 1);
    CHECK(l.results.size() == default_sweep_results("podball").size());
}

TEST_CASE("sweep file: a Latin hypercube hits each stratum once per parameter; random points are reproducible") {
    const std::string body =
        "scenario = \"podball-default.toml\"\nticks = 5\npoints = 40\nsample_seed = 9\n"
        "[[vary]]\nkey = \"podball.ball.friction\"\nfrom = 0.001\nto = 0.01\n"
        "[[vary]]\nkey = \"podball.pod.thrust\"\nfrom = 0.0001\nto = 0.0004\n";
    const SweepSpec s = parse("sample = \"latin\"\n" + body);
    REQUIRE(s.points.size() == 40);
    for (std::size_t k = 0; k < 2; ++k) {
        const SweepVary& v = s.vary[k];
        std::set<int> strata;
        for (const auto& p : s.points) {
            const double u =
                v.log ? std::log(p[k] / v.from) / std::log(v.to / v.from) : (p[k] - v.from) / (v.to - v.from);
            CHECK(u >= 0.0);
            CHECK(u <= 1.0);
            strata.insert(std::min(39, static_cast<int>(u * 40.0)));
        }
        CHECK(strata.size() == 40);   // every one of the 40 strata, once
    }
    CHECK(s.vary[0].log);   // friction's slider is logarithmic, so is its default scale
    CHECK_FALSE(s.vary[1].log);

    const SweepSpec r1 = parse("sample = \"random\"\n" + body);
    const SweepSpec r2 = parse("sample = \"random\"\n" + body);
    CHECK(r1.points == r2.points);
    CHECK(r1.identity == r2.identity);
    CHECK(r1.identity != s.identity);
}

namespace {

// What parse() says of `text` in a child process whose address space may grow by at most 256 MB
// beyond the parent's: a refusal must come before anything big is made. (Not under
// AddressSanitizer: its shadow memory takes terabytes of address space; there the text is
// parsed without the limit.)
std::string parsed_within_256mb(const std::string& text) {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    const pid_t pid = ::fork();
    REQUIRE(pid >= 0);
    if (pid == 0) {
        ::close(fds[0]);
#ifndef PLAYBENCH_SANITIZED
        long pages = 0;
        if (FILE* f = std::fopen("/proc/self/statm", "r")) {
            if (std::fscanf(f, "%ld", &pages) != 1) pages = 0;
            std::fclose(f);
        }
        const rlim_t limit =
            static_cast<rlim_t>(pages) * static_cast<rlim_t>(::sysconf(_SC_PAGESIZE)) + (rlim_t{256} << 20);
        const rlimit lim{limit, limit};
        ::setrlimit(RLIMIT_AS, &lim);
#endif
        std::string said;
        try {
            said = "accepted " + std::to_string(parse(text).run_count()) + " runs";
        } catch (const SweepError& e) {
            said = e.what();
        } catch (const std::exception& e) {
            said = std::string("failed: ") + e.what();
        }
        const ssize_t n = ::write(fds[1], said.data(), said.size());
        ::_exit(n == static_cast<ssize_t>(said.size()) ? 0 : 1);
    }
    ::close(fds[1]);
    std::string out;
    char buf[4096];
    for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) out.append(buf, static_cast<std::size_t>(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    return WIFEXITED(status) ? out : "killed by signal " + std::to_string(WTERMSIG(status));
}

// A grid over the first `params` of sixteen Podball parameters, `steps` values each.
std::string grid_sweep(std::size_t params, int steps, int seeds) {
    static const std::vector<std::tuple<const char*, double, double>> ranges = {{"arena.width", 0.5, 4},
                                                                                {"arena.height", 0.2, 4},
                                                                                {"arena.goal_width", 0.02, 2},
                                                                                {"arena.center_keepoff", 0, 0.4},
                                                                                {"arena.goal_exclusion_radius", 0, 0.3},
                                                                                {"pod.radius", 0.005, 0.1},
                                                                                {"pod.mass", 0.05, 20},
                                                                                {"pod.thrust", 0, 0.002},
                                                                                {"pod.friction", 0, 0.5},
                                                                                {"pod.carry_friction", 0, 0.5},
                                                                                {"pod.restitution", 0, 1},
                                                                                {"pod.wall_restitution", 0, 1},
                                                                                {"ball.radius", 0.002, 0.05},
                                                                                {"ball.mass", 0.01, 5},
                                                                                {"ball.friction", 0.0005, 0.05},
                                                                                {"ball.shoot_force", 0, 0.02}};
    std::string t = "scenario = \"podball-default.toml\"\nseeds = " + std::to_string(seeds) + "\nticks = 50\n";
    for (std::size_t i = 0; i < params; ++i) {
        const auto& [key, from, to] = ranges.at(i);
        t += "[[vary]]\nkey = \"podball." + std::string(key) + "\"\nfrom = " + sweep_number(from) +
             "\nto = " + sweep_number(to) + "\nsteps = " + std::to_string(steps) + "\nscale = \"linear\"\n";
    }
    return t;
}

}   // namespace

TEST_CASE("sweep file: more runs than kMaxSweepRuns are refused before a point is made: 10^8, 10^30, 2^64") {
    const std::string limit =
        " is more than the limit of 1000000 runs a sweep (kMaxSweepRuns); use fewer values or seeds";
    CHECK(parsed_within_256mb(grid_sweep(2, 10000, 1)) ==
          "test.sweep.toml: 100000000 runs (a grid of 10000 x 10000 values x 1 seed)" + limit +
              ", sample = \"random\" or \"latin\" with points = N, or split it into several sweeps");
    const std::string r30 = parsed_within_256mb(grid_sweep(10, 1000, 1));
    CHECK(r30.find("test.sweep.toml: 1000000000000000000000000000000 runs (a grid of 1000 x 1000 x 1000 x 1000 x 1000 "
                   "x 1000 x "
                   "1000 x 1000 x 1000 x 1000 values x 1 seed)" +
                   limit) == 0);
    // 16^16 = 2^64 runs: a product in 64 bits wraps to 0 (an empty sweep).
    CHECK(parsed_within_256mb(grid_sweep(16, 16, 3))
              .find("test.sweep.toml: 55340232221128654848 runs (a grid of 16 x 16") == 0);
    CHECK(parsed_within_256mb(
              "scenario = \"podball-default.toml\"\nseeds = 3\nticks = 50\nsample = \"random\"\npoints = 1000000\n"
              "[[vary]]\nkey = \"podball.pod.mass\"\nfrom = 1\nto = 2\n") ==
          "test.sweep.toml: 3000000 runs (1000000 random points x 3 seeds)" + limit +
              ", sample = \"random\" or \"latin\" with points = N, or split it into several sweeps");
    // At the limit: a million runs are made.
    CHECK(parsed_within_256mb(grid_sweep(2, 1000, 1)) == "accepted 1000000 runs");
    std::string results = "results = [\"tick\"";
    for (int i = 0; i < 100; ++i) results += ", \"tick\"";
    CHECK(any_has(errors_of(std::string(kHeader) + results + "]\n"),
                  "test.sweep.toml:4: key 'results': results lists 101 paths, more than the limit of 100 a run "
                  "(kMaxSweepResults)"));
}

TEST_CASE("sweep runs: a result depends only on its key, whatever order the runs are made in") {
    const SweepSpec s = parse(
        "scenario = \"podball-default.toml\"\nseeds = 2\nticks = 400\n"
        "results = [\"metrics.score[0]\", \"state.ball.pos[0]\", \"tick\"]\n"
        "[[vary]]\nkey = \"podball.ball.friction\"\nvalues = [0.002, 0.02]\n");
    REQUIRE(s.run_count() == 4);
    std::vector<SweepRunResult> forward, backward;
    for (std::uint64_t i = 0; i < 4; ++i) forward.push_back(run_sweep_run(s, i));
    for (std::uint64_t i = 4; i-- > 0;) backward.push_back(run_sweep_run(s, i));
    for (std::uint64_t i = 0; i < 4; ++i) {
        CHECK(forward[i].values == backward[3 - i].values);
        CHECK(forward[i].values[2] == 400.0);
    }
    // Different friction or a different seed: a different ball.
    CHECK(forward[0].values[1] != forward[2].values[1]);
    CHECK(forward[0].values[1] != forward[1].values[1]);
    // The point's value reaches the world as the scenario's own value would.
    CHECK(forward[2].point == 1);
    CHECK(forward[2].seed == 1);
}

TEST_CASE("sweep log: a torn last record is cut off, good ones kept; merge writes SQLite and CSV, twice the same") {
    const std::string dir = temp_dir("log");
    const SweepSpec s =
        parse(std::string(kHeader) + "results = [\"tick\"]\n[[vary]]\nkey = \"podball.pod.mass\"\nvalues = [1, 2]\n");
    prepare_sweep_dir(s, dir);
    const std::string log = dir + "/" + shard_log_name(0, 1);
    {
        SweepLogWriter w(log);
        for (std::uint64_t i = 0; i < 3; ++i)
            w.append(SweepRunResult{i, s.point_of(i), s.seed_of(i), 50, 0.25, {50.0}});
    }
    const auto full = fs::file_size(log);
    const std::string torn = encode_run_record(SweepRunResult{3, 1, 2, 50, 0.25, {50.0}});
    {
        std::ofstream f(log, std::ios::binary | std::ios::app);
        f.write(torn.data(), static_cast<std::streamsize>(torn.size() - 5));
    }
    SweepLog l = read_sweep_log(log);
    CHECK(l.runs.size() == 3);
    CHECK(l.good_bytes == full);
    CHECK(l.file_bytes == full + torn.size() - 5);

    MergeReport r = merge_sweep_dir(dir);
    CHECK(r.found == 3);
    CHECK(r.missing == std::vector<std::uint64_t>{3});
    CHECK(r.torn.size() == 1);
    CHECK(r.damaged.empty());

    {
        SweepLog found;
        SweepLogWriter w(log, &found);
        CHECK(found.torn_bytes() == torn.size() - 5);
        CHECK(found.damage.empty());
        CHECK(fs::file_size(log) == full);
        w.append(SweepRunResult{3, 1, 2, 50, 0.25, {50.0}});
        w.append(SweepRunResult{1, 0, 2, 50, 0.5, {50.0}});   // a duplicate
    }
    r = merge_sweep_dir(dir);
    CHECK(r.missing.empty());
    CHECK(r.duplicated == std::vector<std::pair<std::uint64_t, int>>{{1, 2}});
    std::ifstream c(dir + "/results.csv");
    const std::string csv((std::istreambuf_iterator<char>(c)), std::istreambuf_iterator<char>());
    CHECK(csv ==
          "run,point,seed,ticks,podball.pod.mass,tick\n0,0,1,50,1,50\n1,0,2,50,1,50\n2,1,1,50,2,50\n3,1,2,50,2,50\n");

    auto db_bytes = [&] {
        std::ifstream f(dir + "/sweep.sqlite", std::ios::binary);
        return std::string((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    };
    const std::string first = db_bytes();
    merge_sweep_dir(dir);
    CHECK(db_bytes() == first);   // merging twice: the same database

    sqlite3* db = nullptr;
    REQUIRE(sqlite3_open_v2((dir + "/sweep.sqlite").c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
    sqlite3_stmt* st = nullptr;
    REQUIRE(sqlite3_prepare_v2(db, "SELECT COUNT(*), SUM(value) FROM results WHERE name = 'tick'", -1, &st, nullptr) ==
            SQLITE_OK);
    REQUIRE(sqlite3_step(st) == SQLITE_ROW);
    CHECK(sqlite3_column_int(st, 0) == 4);
    CHECK(sqlite3_column_double(st, 1) == 200.0);
    sqlite3_finalize(st);
    REQUIRE(sqlite3_prepare_v2(db, "SELECT value FROM run_params WHERE key = 2 AND name = 'podball.pod.mass'", -1, &st,
                               nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(st) == SQLITE_ROW);
    CHECK(sqlite3_column_double(st, 0) == 2.0);
    sqlite3_finalize(st);
    sqlite3_close(db);

    // Another sweep in the same folder is refused, naming both.
    const SweepSpec other = parse(std::string(kHeader) + "results = [\"tick\"]\n");
    try {
        prepare_sweep_dir(other, dir);
        FAIL("a different sweep was accepted");
    } catch (const SweepError& e) {
        CHECK(std::string(e.what()).find("holds the results of a different sweep") != std::string::npos);
    }
    fs::remove_all(dir);
}

TEST_CASE(
    "sweep log: a damaged record mid-log is damage: the sound records after it are kept, only its run runs again") {
    const std::string dir = temp_dir("mid");
    const SweepSpec s = parse(std::string(kHeader) +
                              "results = [\"tick\"]\n[[vary]]\nkey = \"podball.pod.mass\"\nvalues = [1, 2, 3]\n");
    REQUIRE(s.run_count() == 6);
    prepare_sweep_dir(s, dir);
    const std::string log = dir + "/" + shard_log_name(0, 1);
    auto result = [&](std::uint64_t i) {
        return SweepRunResult{i, s.point_of(i), s.seed_of(i), 50, 0.25, {50.0 + static_cast<double>(i)}};
    };
    {
        SweepLogWriter w(log);
        for (std::uint64_t i = 0; i < 6; ++i) w.append(result(i));
    }
    merge_sweep_dir(dir);
    const std::string reference = read_text_file(dir + "/results.csv");
    const std::string whole = read_text_file(log);
    const std::size_t size = encode_run_record(result(0)).size();
    REQUIRE(whole.size() == 6 * size);
    const std::size_t k = 2;   // the third record: run 2

    // Whichever byte of record k is flipped (its signature, size, key, values or checksum), the
    // five other records are read and record k is named as damage at its byte.
    for (std::size_t b = 0; b < size; ++b) {
        CAPTURE(b);
        std::string bad = whole;
        bad[k * size + b] = static_cast<char>(bad[k * size + b] ^ 0x10);
        write_file_atomically(log, bad);
        const SweepLog l = read_sweep_log(log);
        REQUIRE(l.runs.size() == 5);
        CHECK(std::none_of(l.runs.begin(), l.runs.end(), [&](const SweepRunResult& r) { return r.run == k; }));
        CHECK(l.runs.back() == result(5));
        REQUIRE(l.damage.size() == 1);
        CHECK(l.damage[0].offset == k * size);
        CHECK(l.damage[0].bytes == size);
        CHECK(l.damage[0].record == k);
        CHECK(l.torn_bytes() == 0);
    }

    // Opening the shard's log for the rerun: a copy of the damaged file, then the log rewritten
    // with the five sound records; the rerun's record goes after them.
    std::string bad = whole;
    bad[k * size + 30] = static_cast<char>(bad[k * size + 30] ^ 0x01);   // inside run 2's values
    write_file_atomically(log, bad);
    MergeReport before = merge_sweep_dir(dir);
    CHECK(before.missing == std::vector<std::uint64_t>{2});
    REQUIRE(before.damaged.size() == 1);
    CHECK(before.damaged[0] == "runs-0-of-1.log: record 3 (" + std::to_string(size) + " bytes at byte " +
                                   std::to_string(k * size) + ") is damaged: skipped, the sound records after it read");
    CHECK(before.torn.empty());
    {
        SweepLog found;
        SweepLogWriter w(log, &found);
        REQUIRE(found.damage.size() == 1);
        CHECK(found.damage[0].run == std::optional<std::uint64_t>(2));   // the key field survived
        CHECK(read_text_file(log + ".damaged") == bad);
        const SweepLog clean = read_sweep_log(log);
        CHECK(clean.damage.empty());
        CHECK(clean.runs.size() == 5);
        CHECK(fs::file_size(log) == 5 * size);
        w.append(result(2));
    }
    const MergeReport after = merge_sweep_dir(dir);
    CHECK(after.missing.empty());
    CHECK(after.damaged.empty());
    CHECK(after.duplicated.empty());
    CHECK(read_text_file(dir + "/results.csv") == reference);

    // A crafted stretch that would cost the search more than eight times the file's size: the
    // search stops, and the log is left as it is rather than cut (sound records may follow).
    std::string bomb;
    for (int i = 0; i < 1 << 18; ++i)
        bomb += std::string("PBSW") + std::string("\x00\x00\x10\x00", 4);   // each claims 1 MB
    const std::string crafted = whole.substr(0, 3 * size) + bomb + whole.substr(3 * size);
    write_file_atomically(log, crafted);
    const SweepLog gave_up = read_sweep_log(log);
    CHECK(gave_up.runs.size() == 3);
    CHECK_FALSE(gave_up.searched_to_end);
    std::string refused;
    try {
        SweepLogWriter w(log);
    } catch (const SweepError& e) {
        refused = e.what();
    }
    CHECK(refused == log + " is damaged from byte " + std::to_string(3 * size) +
                         " on, more than a search for its sound records may "
                         "cost; it is left as it is: move it aside to run its shard again");
    CHECK(read_text_file(log, 1ull << 30) == crafted);

    // Damage in the last record has no sound record after it: a torn tail, cut off as before.
    std::string tail = whole;
    tail[5 * size + 30] = static_cast<char>(tail[5 * size + 30] ^ 0x01);
    write_file_atomically(log, tail);
    const SweepLog l = read_sweep_log(log);
    CHECK(l.runs.size() == 5);
    CHECK(l.damage.empty());
    CHECK(l.torn_bytes() == size);
    fs::remove_all(dir);
}

TEST_CASE(
    "sweep table: a hand-edited results.csv: bad keys refused with file:line and column, unplottable values left out") {
    const std::string dir = temp_dir("csv");
    const SweepSpec s = parse(std::string(kHeader) +
                              "results = [\"tick\"]\n[[vary]]\nkey = \"podball.pod.mass\"\nvalues = [1, 2, 3]\n");
    prepare_sweep_dir(s, dir);
    {
        SweepLogWriter w(dir + "/" + shard_log_name(0, 1));
        for (std::uint64_t i = 0; i < 6; ++i)
            w.append(SweepRunResult{i, s.point_of(i), s.seed_of(i), 50, 0.25, {10.0 + static_cast<double>(i)}});
    }
    merge_sweep_dir(dir);
    const std::string csv_path = dir + "/results.csv";
    const std::string csv = read_text_file(csv_path);
    REQUIRE(csv ==
            "run,point,seed,ticks,podball.pod.mass,tick\n0,0,1,50,1,10\n1,0,2,50,1,11\n2,1,1,50,2,12\n3,1,2,50,2,13\n"
            "4,2,1,50,3,14\n5,2,2,50,3,15\n");
    auto edited = [&](const std::string& from, const std::string& to) {
        std::string t = csv;
        const auto at = t.find(from);
        REQUIRE(at != std::string::npos);
        t.replace(at, from.size(), to);
        write_file_atomically(csv_path, t);
    };
    auto refusal = [&]() -> std::string {
        try {
            read_sweep_table(dir);
        } catch (const SweepError& e) {
            return e.what();
        }
        return "accepted";
    };
    edited("\n2,1,1,50,2,12", "\n-2,1,1,50,2,12");
    CHECK(
        refusal().find(csv_path + ":4: column 1 'run': '-2' is not a run key of this sweep (a whole number 0 .. 5)") !=
        std::string::npos);
    CHECK(refusal().find("`playbench sweep merge " + dir + "` writes it again from the logs") != std::string::npos);
    edited("\n2,1,1,50,2,12", "\n2,1.5,1,50,2,12");
    CHECK(refusal().find(csv_path + ":4: column 2 'point': '1.5' is not run 2's point (1)") != std::string::npos);
    edited("\n2,1,1,50,2,12", "\n1,0,2,50,1,11");
    CHECK(refusal().find(csv_path + ":4: column 1 'run': '1' comes after run 1") != std::string::npos);
    edited("\n2,1,1,50,2,12", "\n2,1,1,50,1e308,12");
    CHECK(refusal().find(csv_path + ":4: column 5 'podball.pod.mass': '1e308' is not point 1's value (2)") !=
          std::string::npos);
    edited("\n2,1,1,50,2,12", "\n2,1,1,-50,2,12");
    CHECK(refusal().find(csv_path + ":4: column 4 'ticks': '-50' is not a run's ticks (a whole number 0 .. 50)") !=
          std::string::npos);
    edited("\n2,1,1,50,2,12", "\n2,1,1,50,2,twelve");
    CHECK(refusal().find(csv_path + ":4: column 6 'tick': 'twelve' is not a number") != std::string::npos);

    // Values no run gives: left out of the statistics and the axes, counted, the first named.
    std::string t = csv;
    for (const auto& [from, to] : std::vector<std::pair<std::string, std::string>>{
             {",1,11\n", ",1,1e308\n"}, {",2,13\n", ",2,-1e308\n"}, {",3,14\n", ",3,inf\n"}, {",3,15\n", ",3,nan\n"}})
        t.replace(t.find(from), from.size(), to);
    write_file_atomically(csv_path, t);
    const SweepTable table = read_sweep_table(dir);
    CHECK(table.rows.size() == 6);
    CHECK(table.left_out == 3);
    CHECK(table.no_value == 1);
    CHECK(table.first_left_out == csv_path + ":3: column 6 'tick': '1e308'");
    const SweepLine line = sweep_line(table, 0, 0);
    CHECK(line.x == std::vector<double>{1, 2});   // mass 3's two runs have no value left
    CHECK(line.ymin == 10.0);
    CHECK(line.ymax == 12.0);
    fs::remove_all(dir);
}

TEST_CASE("sweep CSV numbers: shortest round-trip text") {
    CHECK(sweep_number(0.1) == "0.1");
    CHECK(sweep_number(1e-9) == "1e-09");
    CHECK(sweep_number(36000) == "36000");
    CHECK(sweep_number(std::nan("")) == "nan");
    CHECK(std::stod(sweep_number(0.1 + 0.2)) == 0.1 + 0.2);
}

TEST_CASE("JsonWriter::numbers: every number with the path lines() gives it; text keeps its place in an array") {
    JsonWriter j = JsonWriter::numbers();
    j.begin_object();
    j.field("tick", 12);
    j.key("teams").begin_array();
    j.value("Blue").value(2.5).value(true).null();
    j.end_array();
    j.key("ball")
        .begin_object()
        .field("name", "b")
        .key("pos")
        .begin_array()
        .value(0.25)
        .value(-1.0)
        .end_array()
        .end_object();
    j.end_object();
    const auto& n = j.numbers_found();
    REQUIRE(n.size() == 6);
    CHECK(n[0].path == "tick");
    CHECK(n[0].value == 12.0);
    CHECK(n[1].path == "teams[1]");
    CHECK(n[1].value == 2.5);
    CHECK(n[2].path == "teams[2]");
    CHECK(n[2].value == 1.0);
    CHECK(n[3].path == "teams[3]");
    CHECK(std::isnan(n[3].value));
    CHECK(n[4].path == "ball.pos[0]");
    CHECK(n[5].path == "ball.pos[1]");
    CHECK(n[5].value == -1.0);
    CHECK(j.str().empty());
}
