// Sweeps (engine/sweep/): the sweep file's checks (file:line: key: what is wrong, suggestions),
// how points are chosen (grid, linear and log steps, random, Latin hypercube), that a run's
// result depends only on its key, the results log's torn tails, and merging into SQLite + CSV.
#include <doctest/doctest.h>
#include <sqlite3.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <set>

#include "engine/core/json.hpp"
#include "engine/core/scenario.hpp"
#include "engine/sweep/sweep.hpp"
#include "engine/sweep/sweep_store.hpp"

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
    return std::any_of(list.begin(), list.end(), [&](const std::string& s) { return s.find(part) != std::string::npos; });
}

std::string temp_dir(const std::string& name) {
    auto d = fs::temp_directory_path() / ("playbench-sweep-test-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(d);
    return d.string();
}

const char* kHeader = "scenario = \"podball-default.toml\"\nseeds = 2\nticks = 50\n";

}  // namespace

TEST_CASE("sweep file: every mistake names file:line:key, what is wrong and what is allowed") {
    const auto e = errors_of(std::string(kHeader) +
                             "resluts = [\"metrics.score[0]\"]\n"                           // line 4: unknown key
                             "[[vary]]\nkey = \"podball.ball.fricton\"\nvalues = [0.002]\n"  // line 6: typo
                             "[[vary]]\nkey = \"podball.pod.mass\"\nvalues = [1, 99]\n");    // line 10: out of range
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

    const auto g = errors_of(std::string(kHeader) + "[[vary]]\nkey = \"podball.ball.friction\"\nfrom = 0.001\nto = 0.01\n");
    CHECK(any_has(g, "a grid over from/to needs steps = N"));
    const auto lg = errors_of(std::string(kHeader) +
                              "[[vary]]\nkey = \"podball.pod.friction\"\nfrom = 0\nto = 0.1\nsteps = 3\nscale = \"log\"\n");
    CHECK(any_has(lg, "scale = \"log\" needs from and to above 0"));
}

TEST_CASE("sweep file: grid points, linear and log steps, seeds, point-major run keys") {
    const SweepSpec s = parse(std::string(kHeader) +
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
    const std::string body = "scenario = \"podball-default.toml\"\nticks = 5\npoints = 40\nsample_seed = 9\n"
                             "[[vary]]\nkey = \"podball.ball.friction\"\nfrom = 0.001\nto = 0.01\n"
                             "[[vary]]\nkey = \"podball.pod.thrust\"\nfrom = 0.0001\nto = 0.0004\n";
    const SweepSpec s = parse("sample = \"latin\"\n" + body);
    REQUIRE(s.points.size() == 40);
    for (std::size_t k = 0; k < 2; ++k) {
        const SweepVary& v = s.vary[k];
        std::set<int> strata;
        for (const auto& p : s.points) {
            const double u = v.log ? std::log(p[k] / v.from) / std::log(v.to / v.from) : (p[k] - v.from) / (v.to - v.from);
            CHECK(u >= 0.0);
            CHECK(u <= 1.0);
            strata.insert(std::min(39, static_cast<int>(u * 40.0)));
        }
        CHECK(strata.size() == 40);   // every one of the 40 strata, once
    }
    CHECK(s.vary[0].log);    // friction's slider is logarithmic, so is its default scale
    CHECK_FALSE(s.vary[1].log);

    const SweepSpec r1 = parse("sample = \"random\"\n" + body);
    const SweepSpec r2 = parse("sample = \"random\"\n" + body);
    CHECK(r1.points == r2.points);
    CHECK(r1.identity == r2.identity);
    CHECK(r1.identity != s.identity);
}

TEST_CASE("sweep runs: a result depends only on its key, whatever order the runs are made in") {
    const SweepSpec s = parse("scenario = \"podball-default.toml\"\nseeds = 2\nticks = 400\n"
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
    const SweepSpec s = parse(std::string(kHeader) + "results = [\"tick\"]\n[[vary]]\nkey = \"podball.pod.mass\"\nvalues = [1, 2]\n");
    prepare_sweep_dir(s, dir);
    const std::string log = dir + "/" + shard_log_name(0, 1);
    {
        SweepLogWriter w(log);
        for (std::uint64_t i = 0; i < 3; ++i) w.append(SweepRunResult{i, s.point_of(i), s.seed_of(i), 50, 0.25, {50.0}});
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
    CHECK(r.damaged.size() == 1);

    std::uint64_t dropped = 0;
    {
        SweepLogWriter w(log, &dropped);
        CHECK(dropped == torn.size() - 5);
        CHECK(fs::file_size(log) == full);
        w.append(SweepRunResult{3, 1, 2, 50, 0.25, {50.0}});
        w.append(SweepRunResult{1, 0, 2, 50, 0.5, {50.0}});   // a duplicate
    }
    r = merge_sweep_dir(dir);
    CHECK(r.missing.empty());
    CHECK(r.duplicated == std::vector<std::pair<std::uint64_t, int>>{{1, 2}});
    std::ifstream c(dir + "/results.csv");
    const std::string csv((std::istreambuf_iterator<char>(c)), std::istreambuf_iterator<char>());
    CHECK(csv == "run,point,seed,ticks,podball.pod.mass,tick\n0,0,1,50,1,50\n1,0,2,50,1,50\n2,1,1,50,2,50\n3,1,2,50,2,50\n");

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
    REQUIRE(sqlite3_prepare_v2(db, "SELECT COUNT(*), SUM(value) FROM results WHERE name = 'tick'", -1, &st, nullptr) == SQLITE_OK);
    REQUIRE(sqlite3_step(st) == SQLITE_ROW);
    CHECK(sqlite3_column_int(st, 0) == 4);
    CHECK(sqlite3_column_double(st, 1) == 200.0);
    sqlite3_finalize(st);
    REQUIRE(sqlite3_prepare_v2(db, "SELECT value FROM run_params WHERE key = 2 AND name = 'podball.pod.mass'", -1, &st, nullptr) == SQLITE_OK);
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
    j.key("ball").begin_object().field("name", "b").key("pos").begin_array().value(0.25).value(-1.0).end_array().end_object();
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
