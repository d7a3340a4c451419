// rgs.unplace and rgs.restore, the commands undo uses (engine/rgs/inverse.cpp): what they put
// back, and their refusals with the reason.
#include "rgs_testing.hpp"

using namespace rgs_testing;

namespace {

RgsWorld two_drills() {
    return RgsWorld(params_with(), setup_of({at(0, {3600, 4000, 500}), at(1, {4400, 4000, 500})}), 1);
}

Command restore_of(const Rgs& r) {
    return to_command(RgsRestore{.id = r.id,
                                 .team = r.team,
                                 .kind = std::string(kind_key(r.kind)),
                                 .x = r.pos.x,
                                 .y = r.pos.y,
                                 .z = r.pos.z,
                                 .range = r.range_override,
                                 .state = std::string(state_key(r.state)),
                                 .health = r.health,
                                 .build_left = r.build_left,
                                 .price_paid = r.price_paid,
                                 .marked_tick = r.marked_tick});
}

}   // namespace

TEST_CASE("rgs.unplace takes the newest build back with its full price; refuses any other") {
    RgsWorld w = two_drills();
    for (int i = 0; i < 3; ++i) w.step();
    const double bp = w.teams()[0].bp;
    issue_ok(w, place(0, 2000, 2000, 500));
    issue_ok(w, place(0, 2600, 2000, 500));
    CHECK(w.structures().size() == 4);
    auto err = issue(w, to_command(RgsUnplace{.id = 2}));
    REQUIRE(err);
    CHECK(contains(*err, "RGS 2 is not the newest (RGS 3 came after it)"));
    err = issue(w, to_command(RgsUnplace{.id = 7}));
    REQUIRE(err);
    CHECK(contains(*err, "there is no RGS 7 (ids run 0 .. 3)"));
    issue_ok(w, to_command(RgsUnplace{.id = 3}));   // the default: its price comes back
    issue_ok(w, to_command(RgsUnplace{.id = 2}));
    CHECK(w.structures().size() == 2);
    CHECK(w.teams()[0].bp == doctest::Approx(bp));
    CHECK(w.teams()[0].spent == doctest::Approx(0.0));
    // A removed newest one cannot be unplaced (restore it first).
    issue_ok(w, place(0, 2000, 2000, 500));
    issue_ok(w, with_id("rgs.remove", 2));
    err = issue(w, to_command(RgsUnplace{.id = 2}));
    REQUIRE(err);
    CHECK(contains(*err, "RGS 2 was removed"));
}

TEST_CASE("rgs.restore brings a removed RGS back at its id, efficiencies and all; refuses a present one") {
    RgsWorld w = two_drills();
    w.step();
    issue_ok(w, to_command(RgsDamage{.id = 1, .amount = 30.0}));
    const std::uint64_t before = w.hash();
    const Rgs kept = *w.find(1);
    const double bp1 = w.teams()[1].bp;
    issue_ok(w, with_id("rgs.remove", 1));
    CHECK(w.find(1) == nullptr);
    CHECK(w.find(0)->efficiency == 1.0);
    CHECK(w.teams()[1].bp > bp1);   // the refund
    // With the ledger (as undo sends it) the world is the one before, bit for bit.
    RgsRestore r = from_command<RgsRestore>(restore_of(kept));
    r.bp_before = bp1;
    r.bp_after = w.teams()[1].bp;
    r.refunded_before = 0.0;
    r.refunded_after = w.teams()[1].refunded;
    issue_ok(w, to_command(r));
    CHECK(w.hash() == before);
    CHECK(w.find(0)->efficiency == doctest::Approx(27.0 / 32.0));

    auto err = issue(w, restore_of(kept));
    REQUIRE(err);
    CHECK(contains(*err, "RGS 1 is still on the map: only a removed RGS can be restored"));
    RgsRestore far = from_command<RgsRestore>(restore_of(kept));
    far.id = 9;
    err = issue(w, to_command(far));
    REQUIRE(err);
    CHECK(contains(*err, "there is no RGS 9 to restore (ids run 0 .. 1)"));

    // Without a ledger the refund (health% of the price) is taken back.
    issue_ok(w, with_id("rgs.remove", 1));
    issue_ok(w, restore_of(kept));
    CHECK(w.teams()[1].bp == doctest::Approx(bp1));
    // Its state must make sense.
    issue_ok(w, with_id("rgs.remove", 1));
    RgsRestore bad = from_command<RgsRestore>(restore_of(kept));
    bad.health = 0.0;
    err = issue(w, to_command(bad));
    REQUIRE(err);
    CHECK(contains(*err, "health must be above 0"));
    bad = from_command<RgsRestore>(restore_of(kept));
    bad.state = "marked";
    err = issue(w, to_command(bad));
    REQUIRE(err);
    CHECK(contains(*err, "a marked RGS needs marked_tick 0 .. 1"));
    bad = from_command<RgsRestore>(restore_of(kept));
    bad.x = -5.0;
    err = issue(w, to_command(bad));
    REQUIRE(err);
    CHECK(contains(*err, "outside the map"));
}
