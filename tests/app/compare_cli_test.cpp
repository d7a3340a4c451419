// `playbench compare` as a designer runs it: the table, JSON that does not depend on threads, and
// clear refusals.
#include <doctest/doctest.h>

#include <vector>

#include "app_support.hpp"

static std::string scenario(const char* name) { return "'" + source_path(std::string("scenarios/") + name) + "'"; }

TEST_CASE("compare prints A, B, B - A and the interval for each key result") {
    auto r = run_playbench("compare " + scenario("rgs-two-at-800.toml") +
                           " --b rgs.economy.half_life=30 --ticks 1800 --seeds 3");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    for (const char* part : {"(rgs): A and B over 3 paired seeds (1 .. 3), 1800 ticks each",
                             "rgs.economy.half_life: A 15, B 30", "result", "A mean", "B mean", "B - A",
                             "95 % interval", "differs?", "metrics.teams[0].mined", "yes, B higher", "Student's t"}) {
        CAPTURE(part);
        CHECK(r.out.find(part) != std::string::npos);
    }
}

TEST_CASE("compare --json: every run's values, the same whatever the threads") {
    const std::string args = "compare " + scenario("podball-default.toml") +
                             " --set podball.ball.friction=0.004 --b podball.ball.friction=0.03 --seeds 3 --json";
    auto one = run_playbench(args + " --threads 1");
    auto two = run_playbench(args + " --threads 2");
    REQUIRE_MESSAGE(one.exit_code == 0, one.err);
    REQUIRE(two.exit_code == 0);
    CHECK(one.out == two.out);
    for (const char* part :
         {"\"full_match\": true", "\"key\": \"podball.ball.friction\"", "\"a\": \"0.004\"", "\"b\": \"0.03\"",
          "\"path\": \"metrics.score[0]\"", "\"interval95\": [", "\"excludes_zero\": "}) {
        CAPTURE(part);
        CHECK(one.out.find(part) != std::string::npos);
    }
}

TEST_CASE("compare with another scenario as B, and a chosen result") {
    auto r = run_playbench("compare " + scenario("rgs-two-at-800.toml") + " --b-scenario " +
                           scenario("rgs-two-at-0.toml") + " --ticks 600 --seeds 2 --result metrics.teams[0].mined");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.out.find("B's scenario: ") != std::string::npos);
    CHECK(r.out.find("metrics.teams[0].mined") != std::string::npos);
    CHECK(r.out.find("metrics.teams[1].bp") == std::string::npos);
    // Two RGS on one spot interfere: B mines less.
    CHECK(r.out.find("yes, B lower") != std::string::npos);
}

TEST_CASE("compare refuses bad input with the reason") {
    const std::string rgs = scenario("rgs-two-at-800.toml");
    struct Case {
        std::string args, says;
    };
    for (const Case& c : std::vector<Case>{
             {"compare " + rgs, "B needs at least one --b KEY=VALUE"},
             {"compare " + rgs + " --b rgs.economy.half_lif=30",
              "--b rgs.economy.half_lif=30: unknown parameter 'rgs.economy.half_lif' (did you mean "
              "rgs.economy.half_life?)"},
             {"compare " + rgs + " --b rgs.economy.half_life=15", "B is the same as A"},
             {"compare " + rgs + " --b rgs.economy.half_life=-1",
              "--b rgs.economy.half_life=-1: parameter 'rgs.economy.half_life' = -1 is out of range: allowed 0.1 .. "
              "100000"},
             {"compare " + rgs + " --b-scenario " + scenario("tasks-toward-the-stars.toml"), "must be of the same lab"},
             {"compare " + rgs + " --b rgs.economy.half_life=30 --result metrics.teams[0].bq",
              "did you mean metrics.teams[0].bp"},
             {"compare " + rgs + " --b rgs.economy.half_life=30 --seed x", "--seed must be a whole number"},
             {"compare " + rgs + " --b rgs.economy.half_life=30 --seed 9223372036854775807 --seeds 2",
              "passes the largest seed"},
             {"compare " + rgs + " --b rgs.economy.half_life=30 --seeds 0", "--seeds"},
         }) {
        CAPTURE(c.args);
        auto r = run_playbench(c.args);
        CHECK(r.exit_code == 2);
        CHECK(r.err.find(c.says) != std::string::npos);
        CHECK(r.out.empty());
    }
}
