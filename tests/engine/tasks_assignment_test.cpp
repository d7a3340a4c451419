// W^k from the matching sweep against plain enumeration of every team, on random option tables
// with up to 6 players and 6 pieces of equipment; ties listed in the same order; bounds honoured.
// "The paper" is the Toward the Stars paper summarised in docs/labs/tasks.md#sources.
#include "tasks_testing.hpp"

using namespace tasks_testing;

namespace {

OptionTable random_table(Rng& rng, int players, int equipment) {
    OptionTable table;
    table.reset(players, equipment);
    for (int p = 0; p < players; ++p)
        for (int e = 0; e < equipment; ++e) {
            table.begin_pair();
            // A random Pareto front: increasing time, decreasing damage; sometimes none at all
            // (unreachable equipment).
            const int count = rng.below(5) == 0 ? 0 : 1 + static_cast<int>(rng.below(3));
            Cost t = static_cast<Cost>(rng.below(6)), d = 6 + static_cast<Cost>(rng.below(4));
            for (int i = 0; i < count && d >= 0; ++i) {
                table.add_option({t, d});
                t += 1 + static_cast<Cost>(rng.below(3));
                d -= 1 + static_cast<Cost>(rng.below(3));
            }
        }
    table.finish();
    return table;
}

}   // namespace

TEST_CASE("tasks: the matching sweep equals enumerating every team (points, ties and their order)") {
    Rng rng(5150);
    int points = 0, with_ties = 0, capped = 0;
    TeamAssigner assigner;
    for (int round = 0; round < 400; ++round) {
        const int players = 1 + static_cast<int>(rng.below(6)), equipment = 1 + static_cast<int>(rng.below(6));
        const OptionTable table = random_table(rng, players, equipment);
        for (int k = 1; k <= std::min(players, equipment); ++k) {
            TeamRequest request{k, rng.below(4) == 0 ? static_cast<Cost>(rng.below(10)) : kNoLimit,
                                rng.below(4) == 0 ? static_cast<Cost>(rng.below(10)) : kNoLimit,
                                1 + static_cast<int>(rng.below(4))};
            TeamFronts fast, slow;
            assigner.solve(table, request, fast);
            enumerate_teams(table, request, slow);
            CAPTURE(round);
            CAPTURE(k);
            REQUIRE(fast.points.size() == slow.points.size());
            for (std::size_t i = 0; i < fast.points.size(); ++i) {
                const TeamPoint& a = fast.points[i];
                const TeamPoint& b = slow.points[i];
                CHECK(a.time == b.time);
                CHECK(a.damage == b.damage);
                CHECK(a.time <= request.max_time);
                CHECK(a.damage <= request.max_damage);
                REQUIRE(a.assignment_count == b.assignment_count);
                CHECK(a.more_ties == b.more_ties);
                for (int j = 0; j < a.assignment_count; ++j) {
                    const auto ta = fast.assignment(a.first_assignment + j, k);
                    const auto tb = slow.assignment(b.first_assignment + j, k);
                    CHECK(std::equal(ta.begin(), ta.end(), tb.begin(), tb.end()));
                    // The team really is that good, and the point is its worst member.
                    Cost worst_t = 0, worst_d = 0;
                    for (const Pick& pick : ta) {
                        worst_t = std::max(worst_t, pick.time);
                        worst_d = std::max(worst_d, pick.damage);
                    }
                    CHECK(worst_t == a.time);
                    CHECK(worst_d <= a.damage);
                }
                ++points;
                with_ties += a.assignment_count > 1 ? 1 : 0;
                capped += a.more_ties ? 1 : 0;
            }
        }
    }
    CHECK(points > 500);
    CHECK(with_ties > 50);
    CHECK(capped > 10);
}

TEST_CASE("tasks: T and D filter the options and the teams of every k") {
    // Paper instance, D = 1: every option takes the hazard once, so D = 0 leaves nothing.
    CHECK(solve(paper_instance(0)).teams.points.empty());
    // T = 12: k = 1 needs 13 (tau_1 = 6), so only the teams of two remain (and k = 3 needs 13).
    const TaskSolution tight = solve(paper_instance(1, 12));
    CHECK(points_of(tight, 1).empty());
    REQUIRE(points_of(tight, 2).size() == 1);
    CHECK(points_of(tight, 2)[0].time == 12);
    CHECK(points_of(tight, 3).empty());
    // T = 11 with D = 2: only the (11, 2) detour of player 1 alone survives.
    const TaskSolution detour = solve(paper_instance(2, 11));
    REQUIRE(detour.teams.points.size() == 1);
    CHECK(detour.teams.points[0].k == 1);
    CHECK(detour.teams.points[0].time == 11);
    CHECK(detour.teams.points[0].damage == 2);
    // Every pair option respects the loosest bound (tau_3 = 2 is the smallest tau with K = 3).
    for (const PairOption& o : tight.options) {
        CHECK(o.time + 2 <= 12);
        CHECK(o.damage <= 1);
    }
}

TEST_CASE("tasks: the assigner handles instances far beyond the paper's by matching, not enumeration") {
    Rng rng(9);
    const OptionTable table = random_table(rng, 40, 40);
    TeamAssigner assigner;
    TeamFronts fronts;
    assigner.solve(table, TeamRequest{30, kNoLimit, kNoLimit, 2}, fronts);
    REQUIRE_FALSE(fronts.points.empty());
    // Each point is exactly right: a team within it exists, none within anything smaller.
    for (const TeamPoint& p : fronts.points) {
        CHECK(p.assignment_count >= 1);
        CHECK(p.k == 30);
    }
    CHECK(assigner.matchings() < 20000);   // 40! / 10! teams would never finish
}
