// `playbench solve` as a designer or a script uses it: the tables of the Toward the Stars paper
// ("the paper", docs/labs/tasks.md#sources) as text and JSON,
// parameter overrides, and clear refusals; `params tasks` and `run --json` for the Tasks lab.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>

#include "app_support.hpp"

namespace {

std::string scenario(const std::string& name) { return "'" + source_path("scenarios/" + name) + "'"; }

std::string without_spaces(std::string s) {
    s.erase(std::remove_if(s.begin(), s.end(), [](unsigned char c) { return std::isspace(c) != 0; }), s.end());
    return s;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}   // namespace

TEST_CASE("solve --json prints pairs, W^k with teams and routes, and the efficient set (D = 1: Tables 1-3)") {
    const auto r = run_playbench("solve " + scenario("tasks-toward-the-stars-d1.toml") + " --json");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    const std::string j = without_spaces(r.out);
    // Pair options are travel only: player 1 to tool 1 and on to the event, 7 corridors.
    CHECK(contains(
        j,
        R"({"player":1,"equipment":1,"options":[{"time":7,"damage":1,"route_to_equipment":[0,2,4,3,1,20],"route_to_event":[20,19,18]}]})"));
    // Table 1.
    CHECK(contains(
        j,
        R"({"k":1,"solutions":[{"time":13,"damage":1,"assignment":[{"player":1,"equipment":1,"time":13,"damage":1,"route":[0,2,4,3,1,20,19,18]}]}]})"));
    // Table 2.
    CHECK(contains(
        j,
        R"({"time":12,"damage":1,"assignment":[{"player":1,"equipment":1,"time":11,"damage":1,"route":[0,2,4,3,1,20,19,18]},{"player":3,"equipment":2,"time":12,"damage":1,"route":[24,25,22,7,6,4,2,0,18]}]})"));
    // Table 3 (a) and (b).
    CHECK(contains(
        j,
        R"({"time":13,"damage":1,"assignment":[{"player":1,"equipment":1,"time":9,"damage":1,"route":[0,2,4,3,1,20,19,18]},{"player":3,"equipment":2,"time":10,"damage":1,"route":[24,25,22,7,6,4,2,0,18]},{"player":4,"equipment":3,"time":13,"damage":1,"route":[36,32,30,27,26,23,7,6,4,2,0,18]}]})"));
    CHECK(contains(
        j,
        R"({"time":13,"damage":1,"assignment":[{"player":2,"equipment":1,"time":12,"damage":1,"route":[15,16,12,9,6,4,3,1,20,19,18]},{"player":3,"equipment":2,"time":10,"damage":1,"route":[24,25,22,7,6,4,2,0,18]},{"player":4,"equipment":3,"time":13,"damage":1,"route":[36,32,30,27,26,23,7,6,4,2,0,18]}]})"));
    CHECK(contains(j, R"("efficient":[{"k":1,"time":13,"damage":1},{"k":2,"time":12,"damage":1}])"));
}

TEST_CASE("solve prints the paper's tables as text; --set D = 2 adds the (11, 2) option") {
    const auto text = run_playbench("solve " + scenario("tasks-toward-the-stars-d1.toml"));
    REQUIRE_MESSAGE(text.exit_code == 0, text.err);
    CHECK(contains(text.out, "note: K = 4 clamped to 3"));
    CHECK(contains(text.out, "W^1 (1 player)\n  Time = 13, Damage = 1"));
    CHECK(contains(text.out, "0, 2, 4, 3, 1, 20, 19, 18"));
    CHECK(contains(text.out, "Efficient across k:\n  1 player: time 13, damage 1\n  2 players: time 12, damage 1\n"));

    const auto d2 = run_playbench("solve " + scenario("tasks-toward-the-stars-d1.toml") +
                                  " --json --set tasks.limits.max_damage=2");
    REQUIRE(d2.exit_code == 0);
    CHECK(contains(without_spaces(d2.out),
                   R"({"player":1,"equipment":1,"time":11,"damage":2,"route":[0,18,19,20,19,18]})"));
}

TEST_CASE("solve refuses other labs, bad --set values and broken files with the reason") {
    const auto other = run_playbench("solve " + scenario("rgs-two-at-0.toml"));
    CHECK(other.exit_code == 2);
    CHECK(contains(other.err, "solve answers Tasks scenarios"));
    const auto bad =
        run_playbench("solve " + scenario("tasks-toward-the-stars.toml") + " --set tasks.limits.max_damage=-3");
    CHECK(bad.exit_code == 2);
    CHECK(contains(bad.err, "tasks.limits.max_damage"));
}

TEST_CASE("params tasks and run --json work for the Tasks lab") {
    const auto params = run_playbench("params tasks");
    REQUIRE(params.exit_code == 0);
    CHECK(contains(params.out, "tasks.limits.max_damage"));
    CHECK(contains(params.out, "tasks.limits.max_time"));
    const auto run = run_playbench("run " + scenario("tasks-toward-the-stars.toml") + " --ticks 3 --json");
    REQUIRE(run.exit_code == 0);
    CHECK(contains(run.out, "\"lab\": \"tasks\""));
    CHECK(contains(
        without_spaces(run.out),
        R"("efficient":[{"k":1,"time":11,"damage":2},{"k":1,"time":13,"damage":1},{"k":2,"time":12,"damage":1}])"));
    const auto again = run_playbench("run " + scenario("tasks-toward-the-stars.toml") + " --ticks 3 --json");
    CHECK(again.out == run.out);
}
