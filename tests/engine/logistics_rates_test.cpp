// Rates for hand-built cases, with the numbers worked out beside each check: going direct, via a
// buffer, a provide, dAmountdt, multipliers, an unreachable buffer, and the seed's
// nextAvailability(T3) = [11, upgradingContainer.pos], predictedCarry(T3) = {energy: 0}.
#include <cmath>

#include "logistics_testing.hpp"

using namespace logistics_testing;

namespace {

struct Case {
    LogisticsWorld world;
    // The rate of transporter `t` for the request on target `target`, with every choice.
    LogisticsWorld::Preference pref(int t, int target_id) const {
        for (const auto& p : world.preferences(t))
            if (p.request.id == target_id) return p;
        FAIL("no request on target " << target_id);
        return {};
    }
};

Case colony(std::vector<TargetPlacement> targets, std::vector<TransporterPlacement> transporters,
            ParamSet params = params_with(), std::vector<WallRect> walls = {}) {
    LogisticsSetup s;
    s.targets = std::move(targets);
    s.transporters = std::move(transporters);
    s.walls = std::move(walls);
    return Case{LogisticsWorld(params, s, 1)};
}

TargetPlacement still(TargetPlacement p) {
    p.rate = 0.0;   // dAmountdt = 0: the amount is what it is
    return p;
}

}   // namespace

TEST_CASE("logistics rates: direct delivery is multiplier * min(amount, carry) / (1.1 x Chebyshev)") {
    // An empty extension (capacity 50) 10 tiles from a transporter carrying 100 energy.
    const Case c = colony({still(target(TargetKind::Extension, {10, 10}))}, {transporter({20, 10}, 100.0)});
    const auto p = c.pref(0, 0);
    CHECK(p.request.amount == 50.0);
    CHECK(p.request.multiplier == 1.5);   // spawn battery multiplier
    REQUIRE(p.choices.size() == 1);       // no buffer on the map
    CHECK(p.best.via == -1);
    CHECK(p.best.dq == 50.0);
    CHECK(p.best.dt == doctest::Approx(11.0));
    CHECK(p.best.score == doctest::Approx(1.5 * 50.0 / 11.0));
}

TEST_CASE("logistics rates: an empty transporter gets its rate through a buffer") {
    // Transporter (20,10) -> storage (20,20): 1.1 x 10 = 11 ticks; storage -> extension (10,10): a
    // path of 10 diagonal steps. dq = min(50, 0 + min(500 free, 1000 stock)) = 50 over 21 ticks.
    const Case c =
        colony({still(target(TargetKind::Extension, {10, 10})), target(TargetKind::Storage, {20, 20}, 1000.0)},
               {transporter({20, 10})});
    const auto p = c.pref(0, 0);
    REQUIRE(p.choices.size() == 2);
    CHECK(p.choices[0].score == 0.0);   // direct: it carries nothing
    CHECK(p.best.via == 1);
    CHECK(p.best.dq == 50.0);
    CHECK(p.best.dt == doctest::Approx(21.0));
    CHECK(p.best.score == doctest::Approx(1.5 * 50.0 / 21.0));

    // A storage with only 20 energy limits the load: dq = 20.
    Case low = colony({still(target(TargetKind::Extension, {10, 10})), target(TargetKind::Storage, {20, 20}, 20.0)},
                      {transporter({20, 10})});
    CHECK(low.pref(0, 0).best.dq == 20.0);
}

TEST_CASE("logistics rates: a provide takes min(|amount|, free space); dropping off first frees room") {
    // A mining container holding 600 energy; a transporter of capacity 500 ten tiles away.
    const Case c = colony({still(target(TargetKind::Mining, {30, 30}, 600.0))}, {transporter({30, 40})});
    const auto p = c.pref(0, 0);
    CHECK(p.request.amount == -600.0);
    CHECK(p.best.dq == 500.0);
    CHECK(p.best.dt == doctest::Approx(11.0));
    CHECK(p.best.score == doctest::Approx(500.0 / 11.0));

    // Carrying 400 of 500: direct moves 100 in 11 ticks (9.09/tick); dropping off at a storage on
    // the way (5 tiles off, 5 steps on to the container) frees 400 more: min(600, 100 + 400) = 500
    // in 1.1 x 5 + 5 = 10.5 ticks (47.6/tick).
    const Case full =
        colony({still(target(TargetKind::Mining, {30, 30}, 600.0)), target(TargetKind::Storage, {30, 35})},
               {transporter({30, 40}, 400.0)});
    const auto q = full.pref(0, 0);
    REQUIRE(q.choices.size() == 2);
    CHECK(q.choices[0].dq == 100.0);
    CHECK(q.best.via == 1);
    CHECK(q.best.dq == 500.0);
    CHECK(q.best.dt == doctest::Approx(10.5));
}

TEST_CASE("logistics rates: dAmountdt grows the amount over the trip, clamped to the capacity") {
    // An upgrade site (capacity 2000, 15 energy a tick) holding 1990: amount 10 now, but at the
    // transporter's arrival (1.1 x 20 = 22 ticks) it wants 10 + 15 x 22 = 340.
    auto site = target(TargetKind::Upgrade, {10, 10}, 1990.0);
    const Case c = colony({site}, {transporter({30, 10}, 500.0)});
    const auto p = c.pref(0, 0);
    CHECK(p.request.amount == 10.0);
    CHECK(p.request.dAmountdt == 15.0);
    CHECK(p.amount == doctest::Approx(340.0));
    CHECK(p.best.dq == doctest::Approx(340.0));
    CHECK(p.best.score == doctest::Approx(340.0 / 22.0));

    // Demand scale 2: 10 + 30 x 22 = 670, more than the 500 it carries.
    const Case doubled = colony({site}, {transporter({30, 10}, 500.0)}, params_with({{"logistics.demand.scale", 2.0}}));
    CHECK(doubled.pref(0, 0).amount == doctest::Approx(670.0));
    CHECK(doubled.pref(0, 0).best.dq == 500.0);

    // Empty: 2000 + 15 x 22 = 2330, clamped to the capacity of 2000.
    const Case empty = colony({target(TargetKind::Upgrade, {10, 10})}, {transporter({30, 10}, 500.0)});
    CHECK(empty.pref(0, 0).amount == 2000.0);

    // A provide grows negative: a mining container (10 a tick) holding 100, 22 ticks away, will
    // hold 100 + 10 x 22 = 320 when the transporter gets there.
    const Case mine = colony({target(TargetKind::Mining, {10, 10}, 100.0)}, {transporter({30, 10})});
    CHECK(mine.pref(0, 0).amount == doctest::Approx(-320.0));
    CHECK(mine.pref(0, 0).best.dq == doctest::Approx(320.0));
}

TEST_CASE("logistics rates: multipliers scale the score") {
    // A tower (multiplier 2) missing 100 energy, 11 ticks away: 2 x 100 / 11.
    auto tower = still(target(TargetKind::Tower, {10, 10}, 900.0));
    const Case c = colony({tower}, {transporter({20, 10}, 500.0)});
    CHECK(c.pref(0, 0).best.score == doctest::Approx(2.0 * 100.0 / 11.0));
    // Its own multiplier wins over the kind's; the parameter changes every tower.
    tower.multiplier = 3.0;
    CHECK(colony({tower}, {transporter({20, 10}, 500.0)}).pref(0, 0).best.score == doctest::Approx(3.0 * 100.0 / 11.0));
    tower.multiplier = 0.0;
    const Case tuned =
        colony({tower}, {transporter({20, 10}, 500.0)}, params_with({{"logistics.multiplier.tower", 1.0}}));
    CHECK(tuned.pref(0, 0).best.score == doctest::Approx(100.0 / 11.0));
}

TEST_CASE("logistics rates: an unreachable buffer is no choice (not NaN), an unreachable target no request") {
    // A storage walled in on every side: Overmind's path length was NaN and poisoned the score.
    const std::vector<WallRect> ring = {
        {{38, 38}, {42, 38}}, {{38, 42}, {42, 42}}, {{38, 39}, {38, 41}}, {{42, 39}, {42, 41}}};
    const Case c =
        colony({still(target(TargetKind::Extension, {10, 10})), target(TargetKind::Storage, {40, 40}, 1000.0)},
               {transporter({20, 10})}, params_with(), ring);
    const auto p = c.pref(0, 0);
    REQUIRE(p.choices.size() == 1);   // only the direct choice
    CHECK(p.best.score == 0.0);
    CHECK(std::isfinite(p.best.score));

    // The transporter inside the ring cannot reach the extension at all.
    const Case inside =
        colony({still(target(TargetKind::Extension, {10, 10}))}, {transporter({40, 40}, 100.0)}, params_with(), ring);
    const auto q = inside.pref(0, 0);
    CHECK(q.choices.empty());
    CHECK(q.best.score == 0.0);
}

TEST_CASE("logistics rates: true path lengths see the walls the estimate ignores") {
    // A wall from (15,0) to (15,45) between a transporter at (20,10) and an extension at (10,10):
    // the estimate says 1.1 x 10 = 11, the path goes round the wall's end at y = 46.
    const std::vector<WallRect> wall = {{{15, 0}, {15, 45}}};
    const auto ext = still(target(TargetKind::Extension, {10, 10}));
    const Case estimate = colony({ext}, {transporter({20, 10}, 100.0)}, params_with(), wall);
    CHECK(estimate.pref(0, 0).best.dt == doctest::Approx(11.0));
    const Case paths =
        colony({ext}, {transporter({20, 10}, 100.0)}, params_with({{"logistics.distance.true_paths", 1.0}}), wall);
    CHECK(paths.pref(0, 0).best.dt == doctest::Approx(paths.world.map().path_length({20, 10}, {10, 10})));
    CHECK(paths.pref(0, 0).best.dt == 36.0 + 36.0);   // 36 steps down to (15,46)'s side and 36 back up
}

TEST_CASE("logistics rates: nextAvailability and predictedCarry follow the chain without touching the transporter") {
    // The seed's T3: on its way to the upgrade container 10 tiles off, carrying 200 energy to
    // deliver there. nextAvailability(T3) = [11, upgradingContainer.pos]; predictedCarry = {energy: 0}.
    const Case c = colony({target(TargetKind::Upgrade, {10, 10})}, {transporter({20, 10}, 200.0)});
    std::vector<Transporter> ts = c.world.transporters();
    ts[0].tasks = {Task{TaskKind::Transfer, 0, Resource::Energy, 200.0, false}};
    const Colony col{c.world.map(), c.world.config(), c.world.targets(), ts};
    const Availability a = next_availability(col, ts[0]);
    CHECK(a.busy == doctest::Approx(11.0));
    CHECK(a.pos == Tile{10, 10});
    const Store carry = predicted_carry(col, ts[0]);
    CHECK(carry[0] == 0.0);
    CHECK(ts[0].carry[0] == 200.0);   // the real carry is untouched (Overmind mutated it)

    // A chain through a storage: 1.1 x 10 to the storage, 1.1 x 10 on to the site; the withdrawal
    // is capped by the free space (500 - 200 carried).
    Case two = colony({target(TargetKind::Upgrade, {10, 10}), target(TargetKind::Storage, {20, 20}, 5000.0)},
                      {transporter({20, 30}, 200.0)});
    std::vector<Transporter> t2 = two.world.transporters();
    t2[0].tasks = {Task{TaskKind::Withdraw, 1, Resource::Energy, 1000.0, false},
                   Task{TaskKind::Transfer, 0, Resource::Energy, 400.0, false}};
    const Colony col2{two.world.map(), two.world.config(), two.world.targets(), t2};
    CHECK(next_availability(col2, t2[0]).busy == doctest::Approx(22.0));
    CHECK(predicted_carry(col2, t2[0])[0] == doctest::Approx(200.0 + 300.0 - 400.0));
}

TEST_CASE("logistics rates: predictedAmount subtracts what other transporters bring, never below zero") {
    // An extension missing 50; transporter 0 is already bringing 30, transporter 1 would bring
    // the other 20. A third already bringing 50 leaves nothing: the amount stops at 0.
    const Case c = colony({still(target(TargetKind::Extension, {10, 10}))},
                          {transporter({12, 10}, 100.0), transporter({20, 10}, 100.0), transporter({25, 10}, 100.0)});
    std::vector<Transporter> ts = c.world.transporters();
    ts[0].tasks = {Task{TaskKind::Transfer, 0, Resource::Energy, 30.0, false}};
    const Colony col{c.world.map(), c.world.config(), c.world.targets(), ts};
    const std::vector<Request> reqs = current_requests(col);
    RateModel model(col, reqs, {0, 1});
    CHECK(model.predicted_amount(1, 0) == doctest::Approx(20.0));
    CHECK(model.best(1, 0).dq == doctest::Approx(20.0));
    // Its own delivery is not "another transporter": transporter 0 still sees all 50.
    CHECK(model.predicted_amount(0, 0) == doctest::Approx(50.0));

    ts[2].tasks = {Task{TaskKind::Transfer, 0, Resource::Energy, 50.0, false}};
    const Colony col3{c.world.map(), c.world.config(), c.world.targets(), ts};
    RateModel crowded(col3, current_requests(col3), {1});
    CHECK(crowded.predicted_amount(0, 0) == 0.0);
    CHECK(crowded.best(0, 0).score == 0.0);
}

TEST_CASE("logistics rates: requests come from targets, and request id 0 is a request like any other") {
    const Case c = colony({target(TargetKind::Extension, {10, 10}), target(TargetKind::Mining, {20, 20}, 300.0),
                           target(TargetKind::Storage, {30, 30}), target(TargetKind::Tower, {40, 40}, 1000.0)},
                          {});
    const auto reqs = c.world.requests();
    // Extension (id 0, wants 50), mining (provides 300); the storage is a buffer, the full tower
    // still asks: it burns 1 energy a tick.
    REQUIRE(reqs.size() == 3);
    CHECK(reqs[0].id == 0);
    CHECK(reqs[0].amount == 50.0);
    CHECK(reqs[1].amount == -300.0);
    CHECK(reqs[1].dAmountdt == -10.0);
    CHECK(reqs[2].id == 3);
    CHECK(reqs[2].amount == 0.0);
    CHECK(reqs[2].dAmountdt == 1.0);
}

TEST_CASE("logistics rates: the rate matrix's fast rows give the same bits as the scored choices") {
    // Random colonies with carrying transporters, both resources, walls and an enclosed buffer:
    // every matrix entry equals best() of its pair, to the bit, and so does its detour.
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        LogisticsSetup s;
        s.walls = {{{24, 5}, {25, 44}}, {{2, 2}, {6, 2}}, {{2, 6}, {6, 6}}, {{2, 3}, {2, 5}}, {{6, 3}, {6, 5}}};
        s.targets = {target(TargetKind::Storage, {4, 4}, 500.0, 100.0)};   // walled in
        s.generate.transporters = 40;
        s.generate.storages = 2;
        s.generate.extensions = 15;
        s.generate.labs = 4;
        s.generate.mining = 6;
        s.generate.extractors = 3;
        s.generate.towers = 3;
        s.generate.fill = 0.3;
        LogisticsWorld w(params_with(), s, seed);
        std::vector<Transporter> ts = w.transporters();
        for (std::size_t i = 0; i < ts.size(); ++i)
            ts[i].carry = {static_cast<double>(i % 3) * 90.0, static_cast<double>(i % 5) * 20.0};
        const Colony col{w.map(), w.config(), w.targets(), ts};
        std::vector<int> ids;
        for (const Transporter& t : ts) ids.push_back(t.id);
        const RateModel model(col, current_requests(col), ids);
        const RateMatrix m = rate_matrix(model);
        int positive = 0, detours = 0;
        for (int r = 0; r < m.rows; ++r)
            for (int c = 0; c < m.cols; ++c) {
                const Choice ch = model.best(r, c);
                REQUIRE(m.at(r, c) == ch.score);
                REQUIRE(m.via_at(r, c) == (ch.score > 0.0 ? ch.via : -1));
                positive += ch.score > 0.0;
                detours += ch.via >= 0;
            }
        CAPTURE(seed);
        CHECK(positive > m.rows * m.cols / 3);
        CHECK(detours > 0);
    }
}
