// The economy over match time: BP credited once per second from summed efficiency, prices,
// refunds of health% on deconstruction, nothing for a destroyed RGS, the minimum efficiency while
// the main structure lives, and refusals that say why.
#include <cmath>

#include "engine/core/simulation.hpp"
#include "engine/rgs/mine_rate.hpp"
#include "rgs_testing.hpp"

using namespace rgs_testing;

namespace {

// Sum over whole seconds t in [from, to) of r(t)/60: a geometric series, summed in closed form.
double credited(double r0, double half_life_min, std::int64_t from, std::int64_t to) {
    const double a = std::exp2(-1.0 / (60.0 * half_life_min));
    return r0 / 60.0 * (std::pow(a, static_cast<double>(from)) - std::pow(a, static_cast<double>(to))) / (1.0 - a);
}

Scenario scripted(std::vector<Command> commands, ParamSet params) {
    Scenario s = default_scenario(rgs_lab());
    s.params = std::move(params);
    for (Command& c : commands) s.commands.push_back(std::move(c));
    return s;
}

Command at_tick(std::int64_t tick, Command c) {
    c.tick = tick;
    return c;
}

}   // namespace

TEST_CASE("rgs: BP after a scripted build order match the hand computation") {
    // R0 = 15 BP/min, T = 15 min (the example of Unvanquished's resource post,
    // docs/labs/rgs.md#sources), no minimum, drills cost 10 BP and build for 10 s.
    const ParamSet params = params_with({{"rgs.economy.min_efficiency", 0.0}, {"rgs.economy.initial_bp", 50.0}});
    Simulation sim(scripted({at_tick(0, place(0, 1000, 1000, 500)),     // A: mines from t = 10 s
                             at_tick(60, place(0, 1800, 1000, 500)),    // B, 800 qu from A: both 27/32 from t = 70 s
                             at_tick(120, place(1, 6000, 6000, 500)),   // a leech far away: 1 from t = 130 s
                             at_tick(600, with_id("rgs.remove", 1))},   // B goes at 10 min: A back to 1
                            params));
    const auto& w = dynamic_cast<const RgsWorld&>(sim.world());
    sim.advance(10);
    CHECK(w.teams()[0].bp == 40.0);   // paid, nothing mined while building
    CHECK(w.structures()[0].state == State::Active);
    sim.advance(1800 - 10);   // 30 minutes of match time
    REQUIRE(sim.refused().empty());

    const double r0 = 15.0, T = 15.0, pair = 2.0 * 27.0 / 32.0;
    const double team0 = 50.0 - 10.0 - 10.0 + credited(r0, T, 10, 70) + pair * credited(r0, T, 70, 600) +
                         10.0 /* B deconstructed at full health: the whole price back */ + credited(r0, T, 600, 1800);
    const double team1 = 50.0 - 10.0 + credited(r0, T, 130, 1800);
    CHECK(w.teams()[0].bp == doctest::Approx(team0).epsilon(1e-12));
    CHECK(w.teams()[1].bp == doctest::Approx(team1).epsilon(1e-12));
    CHECK(w.teams()[0].spent == 20.0);
    CHECK(w.teams()[0].refunded == 10.0);
    // The post: one RGS over the first half life mines R0 T / (2 ln 2) ... per second, in sum.
    CHECK(credited(r0, T, 0, 900) == doctest::Approx(15.0 / 60.0 * 0.5 / (1.0 - std::exp2(-1.0 / 900.0))));
    CHECK(w.mine_rate(0) == doctest::Approx(r0 * std::exp2(-2.0)));   // t = 2T: R0/4 at efficiency 1
}

TEST_CASE("rgs: deconstruction refunds health% of the price, destruction nothing") {
    const ParamSet params = params_with({{"rgs.drill.build_time", 0.0}, {"rgs.economy.min_efficiency", 0.0}});
    RgsWorld w(params, RgsSetup{}, 1);
    issue_ok(w, place(0, 1000, 1000, 500));
    issue_ok(w, place(0, 1000, 1000, 500));
    CHECK(w.teams()[0].bp == 30.0);
    CHECK(w.structures()[0].efficiency == 0.5);

    issue_ok(w, command("rgs.damage", {{"id", std::int64_t{0}}, {"amount", 75.0}}));   // 300 -> 225 HP: 75%
    CHECK(w.structures()[0].health == 225.0);
    issue_ok(w, with_id("rgs.remove", 0));
    CHECK(w.teams()[0].bp == 30.0 + 7.5);
    CHECK(w.teams()[0].refunded == 7.5);
    CHECK(w.find(0) == nullptr);
    CHECK(w.structures()[1].efficiency == 1.0);   // its neighbour mines alone again

    // Repair is capped at full health; a destroyed RGS refunds nothing, mines nothing and
    // interferes with nobody; its wreck can be removed (still for nothing).
    issue_ok(w, command("rgs.damage", {{"id", std::int64_t{1}}, {"amount", 100.0}}));
    issue_ok(w, command("rgs.repair", {{"id", std::int64_t{1}}, {"amount", 40.0}}));
    CHECK(w.structures()[1].health == 240.0);
    issue_ok(w, with_id("rgs.repair", 1));
    CHECK(w.structures()[1].health == 300.0);
    issue_ok(w, place(0, 1000, 1000, 500));
    CHECK(w.structures()[2].efficiency == 0.5);
    issue_ok(w, command("rgs.damage", {{"id", std::int64_t{1}}, {"amount", 1000.0}}));
    CHECK(w.structures()[1].state == State::Destroyed);
    CHECK(w.structures()[1].efficiency == 0.0);
    CHECK(w.structures()[2].efficiency == 1.0);
    const double before = w.teams()[0].bp;
    auto err = issue(w, with_id("rgs.repair", 1));
    REQUIRE(err);
    CHECK(contains(*err, "destroyed"));
    issue_ok(w, with_id("rgs.remove", 1));
    CHECK(w.teams()[0].bp == before);
}

TEST_CASE("rgs: building without enough BP is refused with the reason; marked RGS pay for new ones") {
    const ParamSet params = params_with({{"rgs.drill.build_time", 0.0}, {"rgs.economy.initial_bp", 25.0}});
    RgsWorld w(params, RgsSetup{}, 1);
    issue_ok(w, place(0, 1000, 1000, 500));
    issue_ok(w, place(0, 3000, 1000, 500));
    auto err = issue(w, place(0, 5000, 1000, 500));
    REQUIRE(err);
    CHECK(contains(*err, "not enough BP"));
    CHECK(contains(*err, "has 5.00 BP"));
    CHECK(contains(*err, "costs 10.00 BP"));
    CHECK(w.count_present() == 2);
    CHECK(w.teams()[0].bp == 5.0);

    // A marked RGS still mines; when its team needs the BP it is deconstructed (full health:
    // the whole price back) and the new one is paid.
    issue_ok(w, with_id("rgs.mark", 0));
    CHECK(w.structures()[0].state == State::Marked);
    CHECK(w.structures()[0].efficiency == 1.0);
    issue_ok(w, place(0, 5000, 1000, 500));
    CHECK(w.find(0) == nullptr);
    CHECK(w.teams()[0].bp == 5.0);
    CHECK(w.teams()[0].refunded == 10.0);

    // Marked refunds that still fall short leave everything as it was.
    issue_ok(w, command("rgs.damage", {{"id", std::int64_t{1}}, {"amount", 285.0}}));   // 5% health
    issue_ok(w, with_id("rgs.mark", 1));
    err = issue(w, place(0, 7000, 1000, 500));
    REQUIRE(err);
    CHECK(contains(*err, "refund only 0.50"));
    CHECK(w.find(1) != nullptr);
    issue_ok(w, command("rgs.mark", {{"id", std::int64_t{1}}, {"marked", false}}));
    CHECK(w.structures()[1].state == State::Active);

    // Other refusals: outside the map, unknown or removed ids, bad kinds.
    err = issue(w, place(1, 9000, 1000, 500));
    REQUIRE(err);
    CHECK(contains(*err, "outside the map: x 0 .. 8000"));
    err = issue(w, command("rgs.move", {{"id", std::int64_t{1}}, {"x", 100.0}, {"y", 100.0}, {"z", -1.0}}));
    REQUIRE(err);
    CHECK(contains(*err, "outside the map"));
    err = issue(w, with_id("rgs.remove", 42));
    REQUIRE(err);
    CHECK(contains(*err, "there is no RGS 42"));
    err = issue(w, with_id("rgs.damage", 0));
    REQUIRE(err);
    CHECK(contains(*err, "missing argument 'amount'"));
    err = issue(w, command("rgs.move", {{"id", std::int64_t{0}}, {"x", 1.0}, {"y", 1.0}, {"z", 1.0}}));
    REQUIRE(err);
    CHECK(contains(*err, "RGS 0 was removed"));
    err = issue(
        w, command("rgs.place",
                   {{"team", std::int64_t{1}}, {"x", 1.0}, {"y", 1.0}, {"z", 1.0}, {"kind", std::string("tower")}}));
    REQUIRE(err);
    CHECK(contains(*err, "allowed: drill, leech"));
}

TEST_CASE("rgs: the minimum efficiency holds while the main structure lives; BP never go below 0") {
    const ParamSet params = params_with({{"rgs.economy.min_efficiency", 20.0},
                                         {"rgs.economy.initial_bp", 0.0},
                                         {"rgs.economy.initial_mine_rate", 60.0},
                                         {"rgs.economy.half_life", 1e5}});
    RgsSetup s;
    s.teams[1].main_structure = false;
    RgsWorld w(params, s, 1);
    CHECK(w.effective_efficiency(0) == 0.2);
    CHECK(w.effective_efficiency(1) == 0.0);
    w.step();
    CHECK(w.teams()[0].bp == doctest::Approx(0.2));   // 60 BP/min = 1 BP/s at efficiency 0.2
    CHECK(w.teams()[1].bp == 0.0);

    // Above the floor the RGS count as they are; the floor is a floor, not a bonus.
    issue_ok(w, command("team.main", {{"team", std::int64_t{1}}, {"alive", true}}));
    RgsWorld pair(params, setup_of({at(0, {100, 100, 100}), at(0, {100, 100, 100})}), 1);
    CHECK(pair.effective_efficiency(0) == 1.0);
    RgsWorld crowd(params,
                   setup_of({at(0, {9, 9, 9}), at(0, {9, 9, 9}), at(0, {9, 9, 9}), at(0, {9, 9, 9}), at(0, {9, 9, 9}),
                             at(0, {9, 9, 9})}),
                   1);
    CHECK(crowd.team_efficiency(0) == 6.0 / 32.0);
    CHECK(crowd.effective_efficiency(0) == 0.2);
    issue_ok(crowd, command("team.main", {{"team", std::int64_t{0}}, {"alive", false}}));
    CHECK(crowd.effective_efficiency(0) == 6.0 / 32.0);

    // Spending down to exactly 0 is allowed; one BP short is refused and nothing changes.
    RgsSetup rich;
    rich.teams[0].bp = 10.0;
    RgsWorld spend(params, rich, 1);
    issue_ok(spend, place(0, 10, 10, 10));
    CHECK(spend.teams()[0].bp == 0.0);
    CHECK(issue(spend, place(0, 20, 20, 20)));
    CHECK(spend.teams()[0].bp == 0.0);
}

TEST_CASE("rgs: a building RGS mines and interferes only once built") {
    const ParamSet params = params_with({{"rgs.drill.build_time", 5.0}});
    RgsWorld w(params, setup_of({at(0, {1000, 1000, 500})}), 1);
    issue_ok(w, place(0, 1000, 1000, 500));
    CHECK(w.structures()[1].state == State::Building);
    CHECK(w.structures()[1].efficiency == 0.0);
    CHECK(w.structures()[0].efficiency == 1.0);
    for (int i = 0; i < 4; ++i) w.step();
    CHECK(w.structures()[1].state == State::Building);
    w.step();
    CHECK(w.structures()[1].state == State::Active);
    CHECK(w.structures()[0].efficiency == 0.5);
    CHECK(w.structures()[1].efficiency == 0.5);
    // A building RGS cannot be marked (remove it to cancel).
    issue_ok(w, place(0, 3000, 1000, 500));
    auto err = issue(w, with_id("rgs.mark", 2));
    REQUIRE(err);
    CHECK(contains(*err, "still building"));
}
