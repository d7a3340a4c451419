// The simulation over ticks: resources are conserved over long runs (nothing created or lost in
// transit), transporters really deliver, runs are deterministic, snapshots restore exactly, and
// the metrics move as they should.
#include <cmath>

#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "logistics_testing.hpp"

using namespace logistics_testing;

namespace {

#ifdef PLAYBENCH_SOURCE_DIR
Scenario shipped(const std::string& name) {
    return load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name);
}
#endif

void check_conserved(const LogisticsWorld& w) {
    CAPTURE(w.tick());
    CHECK(w.held() == doctest::Approx(w.ledger()).epsilon(1e-9));
    for (const Target& t : w.targets()) {
        if (t.removed) continue;
        CHECK(t.store[0] >= 0.0);
        CHECK(t.store[1] >= 0.0);
        CHECK(total(t.store) <= t.capacity + 1e-9);
    }
    for (const Transporter& t : w.transporters()) {
        if (t.removed) continue;
        CHECK(t.carry[0] >= 0.0);
        CHECK(t.carry[1] >= 0.0);
        CHECK(total(t.carry) <= t.capacity + 1e-9);
    }
}

}   // namespace

#ifdef PLAYBENCH_SOURCE_DIR
TEST_CASE("logistics simulation: resources are conserved over a long run, under every policy") {
    for (int policy = 0; policy < kPolicies; ++policy) {
        Scenario s = shipped("logistics-colony.toml");
        REQUIRE(!s.params.set("logistics.matching.policy", policy));
        auto world = s.lab->create_world(s);
        auto& w = dynamic_cast<LogisticsWorld&>(*world);
        const double start = w.held();
        for (int i = 0; i < 5000; ++i) {
            w.step();
            if (i % 250 == 0) check_conserved(w);
        }
        check_conserved(w);
        CAPTURE(policy);
        // Real movement happened: thousands of units delivered, produced and consumed.
        CHECK(w.totals().delivered_to_sinks > 10000.0);
        CHECK(w.totals().produced > 10000.0);
        CHECK(w.held() == doctest::Approx(start + w.totals().produced - w.totals().consumed).epsilon(1e-9));
    }
}

TEST_CASE("logistics simulation: conservation holds through the designer's edits") {
    Scenario s = shipped("logistics-colony.toml");
    auto world = s.lab->create_world(s);
    auto& w = dynamic_cast<LogisticsWorld&>(*world);
    for (int i = 0; i < 300; ++i) w.step();
    issue_ok(w, command("target.set", {{"id", std::int64_t{0}}, {"energy", 1234.0}}));
    issue_ok(w, command("target.remove", {{"id", std::int64_t{17}}}));
    issue_ok(
        w,
        command("target.place",
                {{"kind", std::string("mining")}, {"x", std::int64_t{5}}, {"y", std::int64_t{30}}, {"energy", 700.0}}));
    issue_ok(w, command("transporter.remove", {{"id", std::int64_t{2}}}));
    issue_ok(w, command("transporter.place", {{"x", std::int64_t{6}}, {"y", std::int64_t{30}}, {"capacity", 150.0}}));
    check_conserved(w);
    for (int i = 0; i < 1000; ++i) w.step();
    check_conserved(w);
    CHECK(w.transporters().back().capacity == 150.0);
    CHECK(w.transporters().back().travelled > 0.0);
}

TEST_CASE("logistics simulation: the same scenario and seed give the same hash every tick; snapshots restore") {
    for (const char* name : {"logistics-colony.toml", "logistics-large.toml"}) {
        const Scenario s = shipped(name);
        Simulation a(s), b(s);
        CAPTURE(name);
        for (int i = 0; i < 300; ++i) {
            a.step();
            b.step();
            REQUIRE(a.world().hash() == b.world().hash());
        }
        auto snapshot = a.world().clone();
        std::vector<std::uint64_t> hashes;
        for (int i = 0; i < 100; ++i) {
            a.step();
            hashes.push_back(a.world().hash());
        }
        a.world().restore(*snapshot);
        for (int i = 0; i < 100; ++i) {
            a.world().step();
            CHECK(a.world().hash() == hashes[i]);
        }
    }
}

TEST_CASE("logistics simulation: the generated colony depends on the seed") {
    Scenario s = shipped("logistics-large.toml");
    auto one = s.lab->create_world(s);
    s.seed = 8;
    auto other = s.lab->create_world(s);
    const auto& w = dynamic_cast<const LogisticsWorld&>(*one);
    CHECK(w.transporters().size() == 300);
    CHECK(w.targets().size() == 2 + 1 + 6 + 180 + 12 + 3 + 10 + 30 + 4);
    CHECK(one->hash() != other->hash());
    // Everything generated stands on open ground of one connected area.
    for (const Target& t : w.targets()) CHECK(w.map().connected(t.pos, w.targets()[0].pos));
}
#endif

TEST_CASE("logistics simulation: a transporter walks, withdraws from storage and fills the extension") {
    // Storage at (10,10), an empty extension at (20,10) that burns nothing, an empty transporter
    // at (10,14). It goes through the storage (1.1 x 4 + 10 ticks), takes 50 and delivers them.
    LogisticsSetup s;
    auto ext = target(TargetKind::Extension, {20, 10});
    ext.rate = 0.0;
    s.targets = {target(TargetKind::Storage, {10, 10}, 1000.0), ext};
    s.transporters = {transporter({10, 14})};
    LogisticsWorld w(params_with(), s, 1);
    w.step();
    CHECK(w.transporters()[0].assigned_rate == doctest::Approx(1.5 * 50.0 / (1.1 * 4 + 10)));
    const Transporter& t = w.transporters()[0];
    CHECK(t.request == 1);
    CHECK(t.via == 0);
    REQUIRE(t.tasks.size() == 2);
    CHECK(t.tasks[0].kind == TaskKind::Withdraw);
    CHECK(t.tasks[0].amount == 50.0);
    CHECK(t.tasks[1].kind == TaskKind::Transfer);
    int ticks = 1;
    for (; ticks < 40 && w.targets()[1].store[0] == 0.0; ++ticks) w.step();
    CHECK(ticks == 12);   // 3 + 9 steps; it acts in the tick it arrives
    CHECK(w.targets()[1].store[0] == 50.0);
    CHECK(w.targets()[0].store[0] == 950.0);
    CHECK(w.totals().delivered_to_sinks == 50.0);
    // Three tiles to stand next to the storage, then nine to stand next to the extension.
    CHECK(w.transporters()[0].travelled == 12.0);
    // With nothing left to do it parks by the storage (interruptible: idle for the matching).
    for (int i = 0; i < 20; ++i) w.step();
    CHECK(w.idle_fraction() == 1.0);
    CHECK(chebyshev(w.transporters()[0].pos, Tile{10, 10}) <= 1);
}

TEST_CASE("logistics simulation: a provide is picked up and dropped at the storage") {
    // A pile of 400 dropped energy; the transporter picks it up, then, with no request for
    // energy anywhere, carries it to the storage.
    LogisticsSetup s;
    auto pile = target(TargetKind::Pile, {30, 30}, 400.0);
    pile.rate = 0.0;
    s.targets = {target(TargetKind::Storage, {10, 10}), pile};
    s.transporters = {transporter({20, 20})};
    LogisticsWorld w(params_with(), s, 1);
    w.step();
    REQUIRE(!w.transporters()[0].tasks.empty());
    CHECK(w.transporters()[0].tasks[0].kind == TaskKind::Pickup);
    for (int i = 0; i < 60; ++i) w.step();
    CHECK(w.targets()[1].store[0] == 0.0);
    CHECK(w.targets()[0].store[0] == 400.0);
    CHECK(w.totals().withdrawn == 400.0);
}

TEST_CASE("logistics simulation: metrics — unmet demand, starvation, idle fraction, distance") {
    // A spawn burning 1 energy a tick with nothing to feed it: demand goes unmet and grows.
    LogisticsSetup s;
    s.targets = {target(TargetKind::Spawn, {10, 10}, 100.0)};
    s.transporters = {transporter({20, 20})};
    LogisticsWorld w(params_with(), s, 1);
    for (int i = 0; i < 150; ++i) w.step();
    CHECK(w.targets()[0].store[0] == 0.0);
    CHECK(w.totals().consumed == 100.0);
    CHECK(w.totals().starved == 50.0);
    CHECK(w.unmet_demand() == 300.0);
    CHECK(w.idle_fraction() == 1.0);   // empty, no buffer: nothing to fetch from
    CHECK(w.totals().travelled == 0.0);
    REQUIRE(!w.history().empty());
    CHECK(w.history().back().unmet == doctest::Approx(300.0));
}

TEST_CASE("logistics simulation: a wall built across a path makes the transporter give its chain up") {
    LogisticsSetup s;
    auto ext = target(TargetKind::Extension, {40, 10});
    ext.rate = 0.0;
    s.targets = {ext};
    s.transporters = {transporter({10, 10}, 100.0)};
    LogisticsWorld w(params_with(), s, 1);
    w.step();
    CHECK(w.transporters()[0].request == 0);
    issue_ok(
        w,
        command("wall.set",
                {{"x", std::int64_t{25}}, {"y", std::int64_t{0}}, {"x2", std::int64_t{25}}, {"y2", std::int64_t{49}}}));
    w.step();
    CHECK(w.transporters()[0].request == -1);
    for (int i = 0; i < 30; ++i) w.step();
    CHECK(w.targets()[0].store[0] == 0.0);   // unreachable now: never delivered
    CHECK(w.transporters()[0].carry[0] == 100.0);
}
