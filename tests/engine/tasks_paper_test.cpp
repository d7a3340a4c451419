// The instance of the Toward the Stars paper ("the paper", docs/labs/tasks.md#sources): Tables 1-3
// exactly with D = 1 (routes included), the (11, 2) option the paper does not print with D = 2, and
// the fast solver equal to the paper's own method.
#include <string>

#include "tasks_testing.hpp"

using namespace tasks_testing;

namespace {

std::vector<int> route_of(const TaskSolution& s, const Pick& pick) {
    return s.full_route(s.pair_options(pick.player, pick.equipment)[pick.option]);
}

struct Row {
    int player, tool;
    Cost time, damage;
    std::vector<int> route;
};

void check_assignment(const TaskSolution& s, const TeamPoint& point, int index, const std::vector<Row>& rows) {
    const auto picks = s.assignment(point, index);
    REQUIRE(picks.size() == rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        CAPTURE(i);
        CHECK(picks[i].player + 1 == rows[i].player);
        CHECK(picks[i].equipment + 1 == rows[i].tool);
        CHECK(picks[i].time == rows[i].time);
        CHECK(picks[i].damage == rows[i].damage);
        CHECK(route_of(s, picks[i]) == rows[i].route);
    }
}

const std::vector<int> kRoute1{0, 2, 4, 3, 1, 20, 19, 18};
const std::vector<int> kRoute3{24, 25, 22, 7, 6, 4, 2, 0, 18};
const std::vector<int> kRoute4{36, 32, 30, 27, 26, 23, 7, 6, 4, 2, 0, 18};
const std::vector<int> kRoute2{15, 16, 12, 9, 6, 4, 3, 1, 20, 19, 18};

}   // namespace

TEST_CASE("tasks: the paper's ship has 37 rooms and 102 arcs") {
    const Ship ship = toward_the_stars_ship();
    CHECK(ship.room_count() == 37);
    CHECK(ship.arcs(Leg::ToEquipment).size() == 102);
    CHECK_FALSE(ship.problem());
}

TEST_CASE("tasks: with D = 1 the solver reproduces Tables 1-3, routes included") {
    const TaskSolution s = solve(paper_instance(1));
    REQUIRE(s.k_max == 3);   // 4 tau values, but only 3 pieces of equipment

    const auto w1 = points_of(s, 1);
    REQUIRE(w1.size() == 1);   // Table 1: time 13, damage 1
    CHECK(w1[0].time == 13);
    CHECK(w1[0].damage == 1);
    REQUIRE(w1[0].assignment_count == 1);
    check_assignment(s, w1[0], 0, {{1, 1, 13, 1, kRoute1}});

    const auto w2 = points_of(s, 2);
    REQUIRE(w2.size() == 1);   // Table 2: time 12, damage 1
    CHECK(w2[0].time == 12);
    CHECK(w2[0].damage == 1);
    // Table 2's team comes first. On this corridor list a second team ties: player 4 reaches
    // tool 1 through corridor 36-7 in 8, which the paper's lost layout may not have had.
    REQUIRE(w2[0].assignment_count == 2);
    check_assignment(s, w2[0], 0, {{1, 1, 11, 1, kRoute1}, {3, 2, 12, 1, kRoute3}});
    check_assignment(s, w2[0], 1, {{3, 2, 12, 1, kRoute3}, {4, 1, 12, 1, {36, 7, 6, 4, 3, 1, 20, 19, 18}}});

    const auto w3 = points_of(s, 3);
    REQUIRE(w3.size() == 1);   // Table 3: two teams, both time 13, damage 1
    CHECK(w3[0].time == 13);
    CHECK(w3[0].damage == 1);
    REQUIRE(w3[0].assignment_count == 2);
    CHECK_FALSE(w3[0].more_ties);
    check_assignment(s, w3[0], 0, {{1, 1, 9, 1, kRoute1}, {3, 2, 10, 1, kRoute3}, {4, 3, 13, 1, kRoute4}});
    check_assignment(s, w3[0], 1, {{2, 1, 12, 1, kRoute2}, {3, 2, 10, 1, kRoute3}, {4, 3, 13, 1, kRoute4}});

    // "The solutions using three players are dominated by the others."
    REQUIRE(s.efficient.size() == 2);
    CHECK(s.teams.points[s.efficient[0]].k == 1);
    CHECK(s.teams.points[s.efficient[1]].k == 2);
}

TEST_CASE("tasks: with the paper's D = 2, k = 1 also runs through the hazard twice for (11, 2)") {
    const TaskSolution s = solve(paper_instance(2));
    const auto w1 = points_of(s, 1);
    REQUIRE(w1.size() == 2);
    CHECK(w1[0].time == 11);
    CHECK(w1[0].damage == 2);
    REQUIRE(w1[0].assignment_count == 1);
    check_assignment(s, w1[0], 0, {{1, 1, 11, 2, {0, 18, 19, 20, 19, 18}}});
    CHECK(w1[1].time == 13);
    CHECK(w1[1].damage == 1);
    // The printed solutions are still there.
    const auto w2 = points_of(s, 2);
    REQUIRE_FALSE(w2.empty());
    CHECK(w2.back().time == 12);
    CHECK(w2.back().damage == 1);
}

TEST_CASE("tasks: the paper's method gives the same solution on the paper's instance") {
    for (Cost d : {Cost{1}, Cost{2}, Cost{3}}) {
        CAPTURE(d);
        const TaskInstance in = paper_instance(d);
        const TaskSolution fast = solve(in);
        TaskSolution paper;
        solve_with_paper_method(in, paper);
        REQUIRE(fast.options.size() == paper.options.size());
        for (std::size_t i = 0; i < fast.options.size(); ++i) {
            CHECK(fast.options[i].time == paper.options[i].time);
            CHECK(fast.options[i].damage == paper.options[i].damage);
        }
        REQUIRE(fast.teams.points.size() == paper.teams.points.size());
        for (std::size_t i = 0; i < fast.teams.points.size(); ++i) {
            const TeamPoint& a = fast.teams.points[i];
            const TeamPoint& b = paper.teams.points[i];
            CHECK(a.k == b.k);
            CHECK(a.time == b.time);
            CHECK(a.damage == b.damage);
            CHECK(a.assignment_count == b.assignment_count);
        }
        CHECK(fast.efficient == paper.efficient);
    }
}
