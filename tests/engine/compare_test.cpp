// A/B comparison (engine/compare): Student's t, the paired difference, and each lab's known
// answers run through run_compare.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "engine/compare/compare.hpp"
#include "engine/core/param_overrides.hpp"
#include "engine/core/scenario.hpp"

using namespace pb;

namespace {

const std::string kScenarios = std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/";

Scenario load(const std::string& name, const std::vector<std::string>& sets = {}) {
    Scenario s = load_scenario_file(kScenarios + name);
    REQUIRE_FALSE(apply_param_overrides(s.params, sets));
    return s;
}

const CompareResult& result(const CompareReport& r, const std::string& path) {
    for (const auto& x : r.results)
        if (x.path == path) return x;
    FAIL("no result " << path);
    throw 0;
}

}   // namespace

TEST_CASE("Student's t quantiles match the tables") {
    CHECK(student_t_quantile(0.975, 1) == doctest::Approx(12.7062047).epsilon(1e-7));
    CHECK(student_t_quantile(0.975, 2) == doctest::Approx(4.30265273).epsilon(1e-7));
    CHECK(student_t_quantile(0.975, 9) == doctest::Approx(2.26215716).epsilon(1e-7));
    CHECK(student_t_quantile(0.975, 30) == doctest::Approx(2.04227246).epsilon(1e-7));
    CHECK(student_t_quantile(0.975, 1e7) == doctest::Approx(1.95996398).epsilon(1e-6));   // the normal's
    CHECK(student_t_quantile(0.025, 9) == doctest::Approx(-2.26215716).epsilon(1e-7));
    CHECK(student_t_quantile(0.5, 4) == 0.0);
    CHECK(student_t_cdf(0.0, 3) == doctest::Approx(0.5));
    CHECK(student_t_cdf(1.0, 1) == doctest::Approx(0.75));   // Cauchy: 1/2 + atan(1)/pi
    CHECK(std::isnan(student_t_quantile(1.0, 3)));
    CHECK(std::isnan(student_t_quantile(0.5, 0)));
}

TEST_CASE("the paired difference: mean, sd and the 95 % interval over pairs") {
    // b - a = 1, 2, 2, 5: mean 2.5, sd sqrt(3), half width t(0.975, 3) sqrt(3) / 2 = 2.7561.
    PairedDifference d = paired_difference({1, 2, 3, 4}, {2, 4, 5, 9});
    CHECK(d.pairs == 4);
    CHECK(d.mean_a == doctest::Approx(2.5));
    CHECK(d.mean_b == doctest::Approx(5.0));
    CHECK(d.mean == doctest::Approx(2.5));
    CHECK(d.sd == doctest::Approx(std::sqrt(3.0)));
    REQUIRE(d.interval);
    CHECK(d.low == doctest::Approx(2.5 - 3.18244631 * std::sqrt(3.0) / 2));
    CHECK(d.high == doctest::Approx(2.5 + 3.18244631 * std::sqrt(3.0) / 2));
    CHECK_FALSE(d.excludes_zero);   // -0.256 .. 5.256

    // The same means, less spread: the interval leaves zero.
    d = paired_difference({1, 2, 3, 4}, {3.4, 4.5, 5.6, 6.5});
    CHECK(d.mean == doctest::Approx(2.5));
    CHECK(d.excludes_zero);
    CHECK(d.low > 0);

    // A run without the result drops its pair; one pair has no interval; none has no mean.
    d = paired_difference({1, NAN, 3}, {2, 7, NAN});
    CHECK(d.pairs == 1);
    CHECK(d.mean == doctest::Approx(1.0));
    CHECK(d.mean_a == doctest::Approx(2.0));
    CHECK(d.mean_b == doctest::Approx(4.5));
    CHECK_FALSE(d.interval);
    d = paired_difference({NAN}, {1});
    CHECK(d.pairs == 0);
    CHECK(std::isnan(d.mean));
    CHECK(std::isnan(d.mean_a));
}

TEST_CASE("compare RGS: a doubled half-life mines more BP by minute 30") {
    Scenario a = load("rgs-two-at-800.toml");
    Scenario b = load("rgs-two-at-800.toml", {"rgs.economy.half_life=30"});
    CompareOptions o;
    o.seeds = 3;
    o.ticks = 1800;   // 60 ticks a minute
    CompareReport r = run_compare(a, b, o);
    CHECK(r.lab == "rgs");
    REQUIRE(r.changes.size() == 1);
    CHECK(r.changes[0].key == "rgs.economy.half_life");
    CHECK(r.changes[0].a == "15");
    CHECK(r.changes[0].b == "30");
    const CompareResult& mined = result(r, "metrics.teams[0].mined");
    CHECK(mined.diff.excludes_zero);
    CHECK(mined.diff.mean > 60);
    // r(t) = R0 2^(-t/T): 30 minutes mine (T / ln 2)(1 - 2^(-30/T)), 15 x 0.75 against 30 x 0.5 -- 4/3 as
    // much once both mine from the start; the build time before mining starts takes a little off.
    const double ratio = mined.diff.mean_b / mined.diff.mean_a;
    CHECK(ratio > 1.32);
    CHECK(ratio < 4.0 / 3.0 + 1e-9);
}

TEST_CASE("compare Effects: the average policy deals less damage than highest potency on the worked examples") {
    // B: the same scenario with one lane under the average policy; A: under highest potency.
    Scenario a = load("effects-worked-examples.toml");
    std::string text = read_text_file(kScenarios + "effects-worked-examples.toml");
    auto only = [&](const char* policy) {
        std::string t = text;
        const auto at = t.find("compare = [");
        REQUIRE(at != std::string::npos);
        t.replace(at, t.find('\n', at) - at, std::string("compare = [\"") + policy + "\"]");
        return load_scenario_text(t, "worked-" + std::string(policy) + ".toml");
    };
    a = only("highest_potency");
    Scenario b = only("average");
    CompareOptions o;
    o.seeds = 2;
    o.ticks = 3600;
    CompareReport r = run_compare(a, b, o);
    const CompareResult& dmg = result(r, "metrics.policies[0].total_damage");
    // Creep 0's (10|4)+(10|5) and creep 1's (20|2)+(10|5): 190 poison + 20 fire under highest potency;
    // the naive average keeps 52.5 of creep 1's 90 and loses some of creep 0's.
    CHECK(dmg.diff.mean_a == doctest::Approx(210));
    CHECK(dmg.diff.mean_b == doctest::Approx(127.5));
    CHECK(dmg.diff.excludes_zero);
    CHECK(dmg.diff.mean < 0);
}

// (11, 2) is the option of the Toward the Stars paper's instance with D = 2
// (docs/labs/tasks.md#sources).
TEST_CASE("compare Tasks: a damage budget of 1 trades the paper's (11, 2) for (13, 1)") {
    Scenario a = load("tasks-toward-the-stars.toml");
    Scenario b = load("tasks-toward-the-stars.toml", {"tasks.limits.max_damage=1"});
    CompareOptions o;
    o.seeds = 2;
    o.ticks = 1;
    CompareReport r = run_compare(a, b, o);
    const CompareResult& t = result(r, "metrics.solution.efficient[0].time");
    const CompareResult& dmg = result(r, "metrics.solution.efficient[0].damage");
    CHECK(t.diff.mean_a == 11);
    CHECK(t.diff.mean_b == 13);
    CHECK(dmg.diff.mean_a == 2);
    CHECK(dmg.diff.mean_b == 1);
    CHECK(t.diff.excludes_zero);
    // A budget of 0 leaves no option: B has no value, and no pair.
    Scenario none = load("tasks-toward-the-stars.toml", {"tasks.limits.max_damage=0"});
    r = run_compare(a, none, o);
    CHECK(result(r, "metrics.solution.efficient[0].time").diff.pairs == 0);
    CHECK(std::isnan(result(r, "metrics.solution.efficient[0].time").diff.mean_b));
}

TEST_CASE("compare Logistics: smaller transporters deliver less and starve more") {
    Scenario a = load("logistics-colony.toml");
    Scenario b = load("logistics-colony.toml", {"logistics.transporter.capacity=100"});
    CompareOptions o;
    o.seeds = 2;
    o.ticks = 3600;
    CompareReport r = run_compare(a, b, o);
    CHECK(result(r, "metrics.delivered_to_sinks").diff.mean < 0);
    CHECK(result(r, "metrics.delivered_to_sinks").diff.excludes_zero);
    CHECK(result(r, "metrics.starved").diff.mean > 0);
}

TEST_CASE("compare Podball: ten times the ball friction scores far fewer goals, paired over full matches") {
    // A's values are set, so the answer does not hang on the defaults.
    const std::vector<std::string> base{"podball.ball.friction=0.004", "podball.ball.shoot_force=0.0032"};
    Scenario a = load("podball-default.toml", base);
    Scenario b = a;
    REQUIRE_FALSE(apply_param_overrides(b.params, {"podball.ball.friction=0.04"}));
    CompareOptions o;
    o.seeds = 4;
    o.threads = 2;
    CompareReport r = run_compare(a, b, o);
    CHECK(r.full_match);
    CHECK(r.seeds == std::vector<std::uint64_t>{a.seed, a.seed + 1, a.seed + 2, a.seed + 3});
    for (std::int64_t t : r.ticks_a) CHECK(t >= 12000);   // two periods of 6000 running ticks at least
    const CompareResult& goals = result(r, "metrics.score[0]");
    CHECK(goals.diff.mean_a > 5);
    CHECK(goals.diff.mean < 0);
    CHECK(goals.diff.excludes_zero);
    // Threads do not change the runs.
    o.threads = 1;
    CompareReport one = run_compare(a, b, o);
    CHECK(one.results.front().a == r.results.front().a);
    CHECK(one.results.front().b == r.results.front().b);
}

TEST_CASE("compare refuses what it cannot compare") {
    Scenario a = load("rgs-two-at-800.toml");
    Scenario other = load("tasks-toward-the-stars.toml");
    CompareOptions o;
    o.seeds = 2;
    o.ticks = 10;
    CHECK_THROWS_WITH_AS(run_compare(a, other, o), "A and B must be scenarios of the same lab", CompareError);
    o.results = {"metrics.teams[0].bq"};
    CHECK_THROWS_WITH_AS(run_compare(a, a, o), doctest::Contains("did you mean metrics.teams[0].bp"), CompareError);
    o.results = {};
    o.seeds = 0;
    CHECK_THROWS_AS(run_compare(a, a, o), CompareError);
}
