// `playbench match` as a designer runs it: totals and per-match lines, JSON that does not depend
// on the number of worker threads, and clear refusals.
#include <doctest/doctest.h>

#include <fstream>

#include "app_support.hpp"

static const std::string kMatch = "'" + source_path("scenarios/podball-formation-vs-passer.toml") + "'";

TEST_CASE("match plays full matches and reports results and metrics per team") {
    auto r = run_playbench("match " + kMatch + " --games 3 --seed 5");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    for (const char* part : {"3 matches, seeds 5 .. 7", "Blue (formation)", "Red (passer)", "wins", "draws", "losses",
                             "mean score", "ball possession %", "area coverage %", "attack ratio",
                             "shots on goal per match", "camping (matches)", "seed 5 ", "seed 7 "}) {
        CAPTURE(part);
        CHECK(r.out.find(part) != std::string::npos);
    }
    CHECK(r.err.empty());   // no progress bar when stderr is not a terminal
}

TEST_CASE("match results do not depend on the number of threads") {
    auto one = run_playbench("match " + kMatch + " --games 4 --json --threads 1");
    auto two = run_playbench("match " + kMatch + " --games 4 --json --threads 2");
    REQUIRE_MESSAGE(one.exit_code == 0, one.err);
    REQUIRE(two.exit_code == 0);
    CHECK(one.out == two.out);
    CHECK(one.out.find("\"games\": 4") != std::string::npos);
    CHECK(one.out.find("\"first_seed\": 1") != std::string::npos);
    CHECK(one.out.find("\"seed\": 4") != std::string::npos);
    CHECK(one.out.find("\"possession_pct\":") != std::string::npos);
    // A parameter override is a different tournament.
    auto tuned = run_playbench("match " + kMatch + " --games 4 --json --set podball.passer.arrival_speed=0.9");
    REQUIRE(tuned.exit_code == 0);
    CHECK(tuned.out != one.out);
}

TEST_CASE("match refuses bad arguments and broken team modules") {
    auto r = run_playbench("match " + kMatch + " --games 0");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("--games") != std::string::npos);
    r = run_playbench("match " + kMatch + " --set podball.match.periods=99");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("out of range") != std::string::npos);
    const std::string bad = temp_path("missing-lib.toml");
    std::ofstream(bad) << "lab = \"podball\"\n[team0]\nmodule = \"lib:no-such-lib.so\"\n";
    r = run_playbench("match '" + bad + "'");
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("missing-lib.toml:3") != std::string::npos);
    CHECK(r.err.find("cannot load module library") != std::string::npos);
}
