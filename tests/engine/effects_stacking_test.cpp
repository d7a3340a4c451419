// The stacking numbers of the stacking article ("the post", docs/labs/effects.md#sources), its
// interactions, and the conservation of potency x duration.
#include <cmath>

#include "effects_testing.hpp"
#include "engine/core/rng.hpp"
#include "engine/effects/timeline.hpp"

using namespace effects_testing;

namespace {

void check_dose(Dose got, double potency, double duration) {
    CHECK(got.potency == doctest::Approx(potency).epsilon(1e-9));
    CHECK(got.duration == doctest::Approx(duration).epsilon(1e-9));
}

const LaneVariant kHighestPotency{StackingPolicy::HighestPotency};
const LaneVariant kHighestDuration{StackingPolicy::HighestDuration};
const LaneVariant kAverage{StackingPolicy::Average};

}   // namespace

TEST_CASE("effects: the post's merges, policy by policy") {
    using P = StackingPolicy;
    SUBCASE("same potency: durations add, (10|4s) + (10|5s) = (10|9s)") {
        check_dose(merge(P::HighestPotency, {10, 4}, {10, 5}), 10, 9);
        check_dose(merge(P::AddDurations, {10, 4}, {10, 5}), 10, 9);
    }
    SUBCASE("(20|2s) + (10|5s): PD 40 + 50 = 90") {
        check_dose(merge(P::HighestPotency, {20, 2}, {10, 5}), 20, 4.5);
        check_dose(merge(P::HighestPotency, {10, 5}, {20, 2}), 20, 4.5);   // order does not matter
        check_dose(merge(P::HighestDuration, {20, 2}, {10, 5}), 18, 5);
        const Dose avg = merge(P::Average, {20, 2}, {10, 5});
        check_dose(avg, 15, 3.5);
        CHECK(avg.pd() == doctest::Approx(52.5));                                           // "not what we want at all"
        CHECK(merge(P::RefreshLongest, {20, 2}, {10, 5}).pd() == doctest::Approx(100.0));   // power created
    }
    SUBCASE("slows (50%|2s) + (30%|10s) = (50%|8s); highest duration: 40% (it speeds up)") {
        check_dose(merge(P::HighestPotency, {50, 2}, {30, 10}), 50, 8);
        check_dose(merge(P::HighestDuration, {50, 2}, {30, 10}), 40, 10);
    }
    SUBCASE("highest duration raises potency for equal ones, the rise the post rejects") {
        check_dose(merge(P::HighestDuration, {10, 4}, {10, 5}), 18, 5);
    }
}

TEST_CASE("effects: a poison hit one second later adds its duration, on a creep in the world") {
    EffectsWorld w = world_of(dummies(1));
    issue_ok(w, hit(0, "poison", 10, 5));
    for (int i = 0; i < 20; ++i) w.step();   // one second at 20 ticks per second
    check_dose(dose_of(w, 0, "poison"), 10, 4);
    issue_ok(w, hit(0, "poison", 10, 5));
    check_dose(dose_of(w, 0, "poison"), 10, 9);
    // The merge is on record with what it combined.
    const EffectEvent& e = w.lane(0).events().events().back();
    CHECK(e.kind == EventKind::Merged);
    check_dose(e.before, 10, 4);
    check_dose(e.incoming, 10, 5);
    check_dose(e.after, 10, 9);
    // One second of poison took 10 hit points.
    CHECK(w.lane(0).creeps()[0].damage_taken == doctest::Approx(10.0));
}

TEST_CASE("effects: the same two hits under three policies, one lane each") {
    EffectsWorld w = world_of(dummies(2, {kHighestPotency, kHighestDuration, kAverage}));
    issue_ok(w, hit(0, "poison", 20, 2));
    issue_ok(w, hit(0, "poison", 10, 5));
    issue_ok(w, hit(1, "chill", 50, 2));
    issue_ok(w, hit(1, "chill", 30, 10));
    check_dose(dose_of(w, 0, "poison", 0), 20, 4.5);
    check_dose(dose_of(w, 0, "poison", 1), 18, 5);
    check_dose(dose_of(w, 0, "poison", 2), 15, 3.5);
    check_dose(dose_of(w, 1, "chill", 0), 50, 8);
    check_dose(dose_of(w, 1, "chill", 1), 40, 10);
    // The books: conserving lanes created or lost nothing; the average lost 37.5 of the 90 poison PD.
    const int poison = *w.book().find("poison");
    CHECK(w.lane(0).ledgers()[poison].merge_delta == doctest::Approx(0.0));
    CHECK(w.lane(1).ledgers()[poison].merge_delta == doctest::Approx(0.0));
    CHECK(w.lane(2).ledgers()[poison].merge_delta == doctest::Approx(-37.5));
    // Run the poison out: the conserving lanes deal 90 damage, the average 52.5.
    for (int i = 0; i < 20 * 6; ++i) w.step();
    CHECK(w.lane(0).ledgers()[poison].damage == doctest::Approx(90.0));
    CHECK(w.lane(1).ledgers()[poison].damage == doctest::Approx(90.0));
    CHECK(w.lane(2).ledgers()[poison].damage == doctest::Approx(52.5));
}

TEST_CASE("effects: fire and ice cancel; a freeze on a burning creep becomes a chill") {
    EffectsWorld w = world_of(dummies(3));
    const int fire = *w.book().find("fire");
    SUBCASE("chill on fire removes the fire, then chills") {
        issue_ok(w, hit(0, "fire", 10, 5));
        issue_ok(w, hit(0, "chill", 30, 4));
        CHECK(dose_of(w, 0, "fire").potency == 0.0);
        check_dose(dose_of(w, 0, "chill"), 30, 4);
        CHECK(w.lane(0).ledgers()[fire].cancelled == doctest::Approx(50.0));
    }
    SUBCASE("fire on a chilled or frozen creep removes the ice") {
        issue_ok(w, hit(1, "chill", 30, 4));
        issue_ok(w, hit(1, "fire", 10, 5));
        CHECK(dose_of(w, 1, "chill").potency == 0.0);
        check_dose(dose_of(w, 1, "fire"), 10, 5);
        issue_ok(w, hit(2, "frozen", 1, 2));
        issue_ok(w, hit(2, "fire", 10, 5));
        CHECK(dose_of(w, 2, "frozen").duration == 0.0);
        check_dose(dose_of(w, 2, "fire"), 10, 5);
    }
    SUBCASE("freeze on fire: the fire goes, the freeze applies as a 50% chill for its duration") {
        issue_ok(w, hit(0, "fire", 10, 5));
        issue_ok(w, hit(0, "frozen", 1, 3));
        CHECK(dose_of(w, 0, "fire").potency == 0.0);
        CHECK(dose_of(w, 0, "frozen").duration == 0.0);
        check_dose(dose_of(w, 0, "chill"), 50, 3);
        const Modifiers m = modifiers_of(w.lane(0).creeps()[0], w.book());
        CHECK_FALSE(m.stopped);
        CHECK(m.speed_factor == doctest::Approx(0.5));
    }
    SUBCASE("a freeze on a creep that does not burn stops it") {
        issue_ok(w, hit(0, "frozen", 1, 3));
        CHECK(modifiers_of(w.lane(0).creeps()[0], w.book()).stopped);
    }
    SUBCASE("other types coexist: bleeding and poisoned at once") {
        issue_ok(w, hit(0, "bleed", 20, 3));
        issue_ok(w, hit(0, "poison", 5, 3));
        CHECK(w.lane(0).creeps()[0].effects.size() == 2);
    }
}

TEST_CASE("effects: interactions and types are data, edited by commands") {
    EffectsWorld w = world_of(dummies(1));
    SUBCASE("a block rule: a stunned creep cannot be confused") {
        issue_ok(w, command("interaction.set", {{"incoming", std::string("confuse")},
                                                {"present", std::string("stun")},
                                                {"action", std::string("block")}}));
        issue_ok(w, hit(0, "stun", 1, 2));
        issue_ok(w, hit(0, "confuse", 100, 2));
        CHECK(dose_of(w, 0, "confuse").duration == 0.0);
        CHECK(w.lane(0).ledgers()[*w.book().find("confuse")].blocked == doctest::Approx(200.0));
    }
    SUBCASE("coexist removes a rule: fire and chill then stay together") {
        issue_ok(w, command("interaction.set", {{"incoming", std::string("chill")},
                                                {"present", std::string("fire")},
                                                {"action", std::string("coexist")}}));
        issue_ok(w, hit(0, "fire", 10, 5));
        issue_ok(w, hit(0, "chill", 30, 4));
        CHECK(w.lane(0).creeps()[0].effects.size() == 2);
    }
    SUBCASE("a new type: acid, damage over time that stacks independently") {
        issue_ok(w, command("effect.define", {{"name", std::string("acid")},
                                              {"kind", std::string("damage")},
                                              {"policy", std::string("independent")},
                                              {"colour", std::string("#a0ff20")}}));
        issue_ok(w, hit(0, "acid", 4, 2));
        issue_ok(w, hit(0, "acid", 6, 1));
        CHECK(w.lane(0).creeps()[0].effects.size() == 2);
        for (int i = 0; i < 20; ++i) w.step();
        CHECK(w.lane(0).creeps()[0].damage_taken == doctest::Approx(10.0));   // both stacks, 1 s
    }
    SUBCASE("refusals say why and change nothing") {
        const auto before = w.hash();
        CHECK(contains(issue(w, hit(0, "plague", 1, 1)).value_or(""), "unknown effect type 'plague'"));
        CHECK(contains(issue(w, hit(0, "chill", 150, 1)).value_or(""), "allowed 0 .. 100"));
        CHECK(contains(issue(w, hit(7, "chill", 10, 1)).value_or(""), "creep 7 is not walking"));
        CHECK(contains(issue(w, command("effect.define", {{"name", std::string("x")}})).value_or(""), "needs kind"));
        CHECK(contains(issue(w, command("interaction.set", {{"incoming", std::string("fire")},
                                                            {"present", std::string("mud")},
                                                            {"action", std::string("cancel")}}))
                           .value_or(""),
                       "unknown effect type 'mud'"));
        CHECK(contains(issue(w, command("interaction.set", {{"incoming", std::string("fire")},
                                                            {"present", std::string("stun")},
                                                            {"action", std::string("melt")}}))
                           .value_or(""),
                       "allowed: cancel, transform, block, coexist"));
        CHECK(w.hash() == before);
    }
}

TEST_CASE("effects: PD is conserved by every merge under random hits (property)") {
    // Random hits of every type, at random moments, on a few creeps, under every policy: the books
    // always balance, and the conserving policies never create or lose PD in a merge.
    for (StackingPolicy policy :
         {StackingPolicy::HighestPotency, StackingPolicy::HighestDuration, StackingPolicy::Independent,
          StackingPolicy::Average, StackingPolicy::AddDurations, StackingPolicy::RefreshLongest}) {
        CAPTURE(policy_key(policy));
        EffectsWorld w = world_of(dummies(4, {LaneVariant{policy}}), {{"effects.stacking.max_stacks", 4}});
        Rng rng(static_cast<std::uint64_t>(policy) + 11);
        const auto& types = w.book().types();
        double merged_pd_in = 0.0;
        for (int round = 0; round < 600; ++round) {
            const EffectType& t = types[rng.below(types.size())];
            const double potency = std::min(max_potency(t.kind), std::floor(rng.uniform(1.0, 60.0)));
            const double duration = std::floor(rng.uniform(1.0, 40.0)) / 4.0;
            issue_ok(w, hit(static_cast<int>(rng.below(4)), t.name.c_str(), potency, duration));
            merged_pd_in += potency * duration;
            for (std::uint64_t s = rng.below(8); s > 0; --s) w.step();
        }
        const Lane& lane = w.lane(0);
        const std::vector<double> remaining = lane.remaining_pd();
        std::int64_t merges = 0;
        for (std::size_t i = 0; i < types.size(); ++i) {
            const PdLedger& l = lane.ledgers()[i];
            CAPTURE(types[i].name);
            CHECK(std::abs(l.imbalance(remaining[i])) < 1e-6 * (1.0 + l.applied));
            if (conserves_pd(policy)) CHECK(std::abs(l.merge_delta) < 1e-6 * (1.0 + l.applied));
            merges += l.merges;
        }
        if (policy == StackingPolicy::Independent)
            CHECK(merges == 0);
        else
            CHECK(merges > 100);   // the property was really exercised
        CHECK(merged_pd_in > 0.0);
    }
}

TEST_CASE("effects: a slowed creep never speeds up when hit by another slow under the default policy") {
    Rng rng(5);
    EffectsWorld w = world_of(dummies(1));
    EffectsWorld literal = world_of(dummies(1, {kHighestDuration}));
    bool literal_sped_up = false;
    for (int round = 0; round < 400; ++round) {
        const double potency = std::floor(rng.uniform(5.0, 95.0)), duration = std::floor(rng.uniform(1.0, 40.0)) / 4.0;
        const double before = modifiers_of(w.lane(0).creeps()[0], w.book()).speed_factor;
        const double literal_before = modifiers_of(literal.lane(0).creeps()[0], literal.book()).speed_factor;
        issue_ok(w, hit(0, "chill", potency, duration));
        issue_ok(literal, hit(0, "chill", potency, duration));
        CHECK(modifiers_of(w.lane(0).creeps()[0], w.book()).speed_factor <= before);
        literal_sped_up |=
            modifiers_of(literal.lane(0).creeps()[0], literal.book()).speed_factor > literal_before + 1e-12;
        // Up to 4 s between hits, so slows also run out and the creep meets fresh ones.
        for (std::uint64_t s = rng.below(80); s > 0; --s) {
            w.step();
            literal.step();
        }
    }
    CHECK(literal_sped_up);   // the post's glitch, which the default avoids
}

TEST_CASE("effects: a creep's timeline shows each type's potency and remaining duration, merges marked") {
    EffectsWorld w = world_of(dummies(1));   // at tick 1
    issue_ok(w, hit(0, "poison", 10, 5));
    for (int i = 0; i < 20; ++i) w.step();
    issue_ok(w, hit(0, "poison", 10, 5));   // tick 21: (10|4) + (10|5) = (10|9)
    issue_ok(w, hit(0, "fire", 8, 2));
    issue_ok(w, hit(0, "chill", 30, 1));   // cancels the fire at once
    for (int i = 0; i < 400; ++i) w.step();
    const CreepTimeline t = creep_timeline(w.lane(0), 0, 0.05, w.tick());
    REQUIRE(t.types.size() == 3);
    const TypeTimeline& poison = t.types[0];
    CHECK(w.book().type(poison.type).name == "poison");
    REQUIRE(poison.marks.size() == 1);
    CHECK(poison.marks[0].tick == 21);
    CHECK(poison.marks[0].kind == EventKind::Merged);
    // Before the merge 4 s were left, after it 9 s; it runs out 180 ticks later.
    const auto at = [&](std::int64_t tick, bool after) {
        const TimelinePoint* found = nullptr;
        for (const TimelinePoint& p : poison.points)
            if (p.tick == tick && (after || !found)) found = &p;
        REQUIRE(found);
        return *found;
    };
    CHECK(at(21, false).remaining == doctest::Approx(4.0));
    CHECK(at(21, true).remaining == doctest::Approx(9.0));
    CHECK(at(21, true).potency == doctest::Approx(10.0));
    CHECK(at(21 + 180, true).remaining == doctest::Approx(0.0).epsilon(1e-6));
    CHECK(poison.points.back().tick == w.tick());
    const TypeTimeline& fire = t.types[1];
    REQUIRE(fire.marks.size() == 1);
    CHECK(fire.marks[0].kind == EventKind::Cancelled);
    CHECK(fire.points.back().potency == 0.0);
}

TEST_CASE("effects: a merge never pushes a potency past its kind's end; the excess lengthens it") {
    EffectsWorld w = world_of(dummies(1, {kHighestDuration}));
    issue_ok(w, hit(0, "chill", 90, 4));
    issue_ok(w, hit(0, "chill", 80, 4));   // PD 360 + 320 over 4 s would be a 170% slow
    check_dose(dose_of(w, 0, "chill"), 100, 6.8);
    CHECK(w.lane(0).ledgers()[*w.book().find("chill")].merge_delta == doctest::Approx(0.0));
}
