// Matchings: Gale-Shapley is stable on random instances and, with one shared strictly ordered
// score, equals the global greedy (in both directions); the optimal policy's total rate is never
// below another one-to-one policy's; sequential greedy sends two transporters to one target only
// when one is not enough.
#include <algorithm>
#include <cmath>

#include "engine/core/rng.hpp"
#include "logistics_testing.hpp"

using namespace logistics_testing;

namespace {

RateMatrix random_matrix(Rng& rng, int rows, int cols, double zero_share) {
    RateMatrix m;
    m.rows = rows;
    m.cols = cols;
    for (int i = 0; i < rows * cols; ++i) {
        m.rate.push_back(rng.uniform() < zero_share ? 0.0 : rng.uniform(0.01, 50.0));
        m.via.push_back(-1);
    }
    return m;
}

bool one_to_one(const Matching& m) {
    std::vector<int> cols;
    for (int c : m.request_of)
        if (c >= 0) cols.push_back(c);
    std::sort(cols.begin(), cols.end());
    return std::adjacent_find(cols.begin(), cols.end()) == cols.end();
}

// A random colony: transporters some carrying, targets of every kind.
LogisticsWorld random_colony(std::uint64_t seed, int transporters, Policy policy = Policy::StableTransporters) {
    LogisticsSetup s;
    s.walls = {{{24, 5}, {25, 44}}};
    s.generate.transporters = transporters;
    s.generate.storages = 1;
    s.generate.terminals = 1;
    s.generate.extensions = 20;
    s.generate.towers = 3;
    s.generate.upgrade_sites = 1;
    s.generate.labs = 3;
    s.generate.mining = 5;
    s.generate.extractors = 2;
    s.generate.fill = 0.4;
    return LogisticsWorld(params_with({{"logistics.matching.policy", static_cast<double>(policy)}}), s, seed);
}

}   // namespace

TEST_CASE("logistics matching: Gale-Shapley is stable and equals the global greedy on random instances") {
    Rng rng(2024);
    for (int round = 0; round < 40; ++round) {
        const int rows = 1 + static_cast<int>(rng.below(40)), cols = 1 + static_cast<int>(rng.below(40));
        const RateMatrix m = random_matrix(rng, rows, cols, round % 2 ? 0.3 : 0.0);
        const Matching t = stable_transporters_propose(m), r = stable_requests_propose(m), g = global_greedy(m);
        CAPTURE(round);
        CHECK(one_to_one(t));
        CHECK(one_to_one(r));
        CHECK(blocking_pairs(m, t) == 0);
        CHECK(blocking_pairs(m, r) == 0);
        // One shared, strictly ordered score: the stable matching is unique and is the greedy one.
        CHECK(t.request_of == g.request_of);
        CHECK(r.request_of == g.request_of);
        // Every pair made has a positive rate; no acceptable pair is left with both sides free.
        for (int row = 0; row < rows; ++row)
            if (t.request_of[row] >= 0) CHECK(m.at(row, t.request_of[row]) > 0.0);
    }
}

TEST_CASE("logistics matching: the pair-order stable matching equals Gale-Shapley, ties included") {
    Rng rng(99);
    for (int round = 0; round < 60; ++round) {
        const int rows = 1 + static_cast<int>(rng.below(60)), cols = 1 + static_cast<int>(rng.below(60));
        RateMatrix m = random_matrix(rng, rows, cols, 0.25);
        // Every other round, rates rounded to whole numbers: many ties, broken by row and column.
        if (round % 2)
            for (double& r : m.rate) r = std::round(r / 5.0);
        const Matching fast = stable_matching(m);
        CAPTURE(round);
        CHECK(fast.request_of == stable_transporters_propose(m).request_of);
        CHECK(fast.request_of == stable_requests_propose(m).request_of);
        CHECK(fast.request_of == global_greedy(m).request_of);
        CHECK(blocking_pairs(m, fast) == 0);
    }
}

TEST_CASE("logistics matching: the optimal total rate is at least every other one-to-one policy's") {
    Rng rng(77);
    for (int round = 0; round < 40; ++round) {
        const int rows = 1 + static_cast<int>(rng.below(30)), cols = 1 + static_cast<int>(rng.below(30));
        const RateMatrix m = random_matrix(rng, rows, cols, 0.2);
        const Matching best = optimal_assignment(m);
        CAPTURE(round);
        CHECK(one_to_one(best));
        for (const Matching& other : {stable_transporters_propose(m), stable_requests_propose(m), global_greedy(m)})
            CHECK(best.total_rate() >= other.total_rate() - 1e-9);
    }
    // Brute force on small squares: the Hungarian total is the true maximum.
    for (int round = 0; round < 20; ++round) {
        const RateMatrix m = random_matrix(rng, 5, 5, 0.3);
        std::vector<int> perm{0, 1, 2, 3, 4};
        double top = 0.0;
        do {
            double sum = 0.0;
            for (int r = 0; r < 5; ++r) sum += m.at(r, perm[r]);
            top = std::max(top, sum);
        } while (std::next_permutation(perm.begin(), perm.end()));
        CHECK(optimal_assignment(m).total_rate() == doctest::Approx(top));
    }
}

TEST_CASE("logistics matching: stable is not optimal, and the optimum has a blocking pair") {
    // Transporter 0 rates request 0 at 10 and request 1 at 9; transporter 1 rates them 9 and 1.
    // Stable: (0,0) + (1,1) = 11. Optimal: (0,1) + (1,0) = 18, blocked by (0,0), which both prefer.
    RateMatrix m;
    m.rows = m.cols = 2;
    m.rate = {10.0, 9.0, 9.0, 1.0};
    m.via = {-1, -1, -1, -1};
    const Matching stable = stable_transporters_propose(m), best = optimal_assignment(m);
    CHECK(stable.request_of == std::vector<int>{0, 1});
    CHECK(stable.total_rate() == 11.0);
    CHECK(best.request_of == std::vector<int>{1, 0});
    CHECK(best.total_rate() == 18.0);
    CHECK(blocking_pairs(m, stable) == 0);
    CHECK(blocking_pairs(m, best) == 1);
    // Nobody matched: every positive pair blocks.
    Matching none;
    none.request_of = {-1, -1};
    CHECK(blocking_pairs(m, none) == 4);
}

TEST_CASE("logistics matching: on real colonies the stable policies are stable and optimal is on top") {
    for (std::uint64_t seed : {3u, 4u, 5u}) {
        const LogisticsWorld w = random_colony(seed, 25);
        const MatchingReport stable = w.analyse(Policy::StableTransporters);
        const MatchingReport requests = w.analyse(Policy::StableRequests);
        const MatchingReport best = w.analyse(Policy::Optimal);
        CAPTURE(seed);
        REQUIRE(stable.rates.rows == 25);
        REQUIRE(stable.matching.pairs() > 0);
        CHECK(stable.blocking == 0);
        CHECK(requests.blocking == 0);
        CHECK(best.matching.total_rate() >= stable.matching.total_rate() - 1e-9);
        CHECK(best.matching.total_rate() >= requests.matching.total_rate() - 1e-9);
        CHECK(stable.matching.request_of == global_greedy(stable.rates).request_of);
    }
}

TEST_CASE("logistics matching: sequential greedy sends a second transporter only when one is not enough") {
    // Two empty transporters by a storage; an extension missing 50 energy (one load is plenty).
    LogisticsSetup s;
    auto ext = target(TargetKind::Extension, {10, 10});
    ext.rate = 0.0;
    s.targets = {ext, target(TargetKind::Storage, {30, 30}, 5000.0)};
    s.transporters = {transporter({31, 31}), transporter({29, 29})};
    const ParamSet greedy = params_with({{"logistics.matching.policy", 2.0}});
    LogisticsWorld w(greedy, s, 1);
    w.step();
    int serving = 0;
    for (const Transporter& t : w.transporters()) serving += t.request == 0;
    CHECK(serving == 1);
    // The one that goes detours through the storage, and its delivery is registered on the
    // extension itself (not only on the storage): the other sees nothing left to bring.
    const auto it = std::find_if(w.transporters().begin(), w.transporters().end(),
                                 [](const Transporter& t) { return t.request == 0; });
    REQUIRE(it != w.transporters().end());
    CHECK(it->via == 1);
    const auto prefs = w.preferences(it->id == 0 ? 1 : 0);
    REQUIRE(!prefs.empty());
    CHECK(prefs.front().amount == 0.0);

    // On later ticks too: a transporter added next to the extension does not go there.
    issue_ok(w, command("transporter.place", {{"x", std::int64_t{11}}, {"y", std::int64_t{11}}}));
    for (int i = 0; i < 3; ++i) w.step();
    CHECK(w.transporters()[2].request != 0);

    // An upgrade site missing 2000 with transporters of 500: one is not enough, both go.
    LogisticsSetup big = s;
    auto site = target(TargetKind::Upgrade, {10, 10});
    site.rate = 0.0;
    big.targets[0] = site;
    LogisticsWorld w2(greedy, big, 1);
    w2.step();
    CHECK(w2.transporters()[0].request == 0);
    CHECK(w2.transporters()[1].request == 0);
    // The stable matching is one to one: one of them, the other waits for the next tick's round.
    LogisticsWorld w3(params_with(), big, 1);
    w3.step();
    CHECK((w3.transporters()[0].request == 0) + (w3.transporters()[1].request == 0) == 1);
}

TEST_CASE("logistics matching: the policy is a parameter, switched live") {
    LogisticsWorld w = random_colony(9, 30);
    issue_ok(w, make_param_set(0, "logistics.matching.policy", 3.0));
    CHECK(w.config().matching_policy() == Policy::Optimal);
    auto err = issue(w, make_param_set(0, "logistics.matching.policy", 4.0));
    REQUIRE(err);
    CHECK(contains(*err, "logistics.matching.policy"));
    for (int p = 0; p < kPolicies; ++p) {
        LogisticsWorld each = random_colony(9, 30, static_cast<Policy>(p));
        for (int i = 0; i < 200; ++i) each.step();
        CAPTURE(p);
        CHECK(each.totals().delivered > 0.0);
        CHECK(each.totals().matches > 0);
    }
}
