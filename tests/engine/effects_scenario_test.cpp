// Effects scenario files: keys read with precise errors, written back re-loadable; the shipped
// scenarios give the numbers of the stacking article ("the post", docs/labs/effects.md#sources);
// runs are deterministic and snapshots restore exactly.
#include "effects_testing.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"

using namespace effects_testing;

namespace {

std::string load_errors(const std::string& text) {
    try {
        load_scenario_text(text, "test.toml");
    } catch (const ScenarioError& e) {
        return e.what();
    }
    return "";
}

const std::string head = "lab = \"effects\"\n";

Scenario shipped(const std::string& name) {
    return load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name);
}

const EffectsWorld& effects_world(const Simulation& sim) { return dynamic_cast<const EffectsWorld&>(sim.world()); }

}   // namespace

TEST_CASE("effects: scenario keys are read, and written back re-loadable") {
    const std::string text = head + R"(compare = ["as_defined", "average"]
builtin_interactions = false

[[effects]]
name = "acid"
kind = "damage"
policy = "independent"
colour = "#80ff20"
icon = "Ac"

[[effects]]
name = "poison"
policy = "add_durations"

[[interactions]]
incoming = "acid"
present = "poison"
action = "transform"
into = "fire"
potency = 7.0

[lane]
waypoints = [[0, 0], [5, 0], [5, 5]]

[[waves]]
name = "Grunts"
start = 2.0
count = 4
interval = 0.5
hp = 80.0
speed = 1.5
armour = 2.0
attack = 2.0
at = 1.5

[[towers]]
position = [3.0, 1.0]
range = 2.5
rate = 2.0
damage = 5.0
effect = "acid"
potency = 3.0
duration = 4.0
chance = 50.0
)";
    const Scenario s = load_scenario_text(text, "keys.toml");
    const auto* setup = dynamic_cast<const EffectsSetup*>(s.setup.get());
    REQUIRE(setup);
    REQUIRE(setup->compare.size() == 2);
    CHECK_FALSE(setup->compare[0].policy.has_value());
    CHECK(setup->compare[1].policy == StackingPolicy::Average);
    CHECK(setup->book.types().size() == 9);   // the post's eight and acid
    const EffectType& acid = setup->book.type(*setup->book.find("acid"));
    CHECK(acid.policy == StackingPolicy::Independent);
    CHECK(acid.colour == Rgb{0x80, 0xff, 0x20});
    CHECK(acid.icon == "Ac");
    CHECK(setup->book.type(*setup->book.find("poison")).policy == StackingPolicy::AddDurations);
    CHECK(setup->book.type(*setup->book.find("poison")).kind == EffectKind::Damage);   // kept
    REQUIRE(setup->book.rules().size() == 1);
    CHECK(setup->book.rules()[0].into == "fire");
    CHECK(setup->waypoints.size() == 3);
    REQUIRE(setup->waves.size() == 1);
    CHECK(setup->waves[0].interval == 0.5);
    CHECK(setup->waves[0].armour == 2.0);
    CHECK(setup->waves[0].at == 1.5);
    REQUIRE(setup->towers.size() == 1);
    CHECK(setup->towers[0].chance == 50.0);

    // Saved and loaded again: the same scenario, so the same run.
    const Scenario again = load_scenario_text(scenario_to_toml(s), "again.toml");
    Simulation a(s), b(again);
    a.advance(200);
    b.advance(200);
    CHECK(a.world().hash() == b.world().hash());
    CHECK(effects_world(a).lane(0).creeps().size() == 4);
}

TEST_CASE("effects: bad scenario values are reported with file, line, key and what is allowed") {
    SUBCASE("an unknown key in a tower") {
        const std::string e = load_errors(head + "[[towers]]\nposition = [1.0, 1.0]\nrnage = 3.0\n");
        CHECK(contains(e, "test.toml:4"));
        CHECK(contains(e, "unknown key"));
        CHECK(contains(e, "'range'"));
    }
    SUBCASE("a tower's effect that is not a type") {
        const std::string e = load_errors(head + "[[towers]]\nposition = [1.0, 1.0]\neffect = \"plague\"\n");
        CHECK(contains(e, "test.toml:4"));
        CHECK(contains(e, "allowed: poison, fire, chill"));
    }
    SUBCASE("a potency beyond its kind's range") {
        const std::string e =
            load_errors(head + "[[towers]]\nposition = [1.0, 1.0]\neffect = \"chill\"\npotency = 140.0\n");
        CHECK(contains(e, "test.toml:5"));
        CHECK(contains(e, "allowed 0 .. 100"));
    }
    SUBCASE("a new effect type without a kind, a bad colour") {
        const std::string e = load_errors(head + "[[effects]]\nname = \"acid\"\ncolour = \"green\"\n");
        CHECK(contains(e, "needs kind"));
        CHECK(contains(e, "test.toml:4"));
        CHECK(contains(e, "#rrggbb"));
    }
    SUBCASE("an interaction naming an unknown type or action") {
        const std::string e =
            load_errors(head + "[[interactions]]\nincoming = \"fire\"\npresent = \"mud\"\naction = \"melt\"\n");
        CHECK(contains(e, "test.toml:4"));
        CHECK(contains(e, "test.toml:5"));
        CHECK(contains(e, "allowed: cancel, transform, block, coexist"));
    }
    SUBCASE("a lane of one waypoint") {
        const std::string e = load_errors(head + "[lane]\nwaypoints = [[1.0, 1.0]]\n");
        CHECK(contains(e, "test.toml:3"));
        CHECK(contains(e, "two or more waypoints"));
    }
    SUBCASE("creeps that would appear beyond the lane's end") {
        const std::string e = load_errors(head + "[lane]\nwaypoints = [[0, 0], [4, 0]]\n[[waves]]\nat = 6.0\n");
        CHECK(contains(e, "test.toml:5"));
        CHECK(contains(e, "below its length 4"));
    }
    SUBCASE("a policy that does not exist") {
        const std::string e = load_errors(head + "compare = [\"highest_potency\", \"lowest\"]\n");
        CHECK(contains(e, "test.toml:2"));
        CHECK(contains(e, "as_defined, highest_potency"));
    }
    SUBCASE("a scheduled command with a bad argument") {
        const std::string e = load_errors(
            head +
            "[[commands]]\ntick = 3\ntype = \"effect.apply\"\ncreep = 0\neffect = \"poison\"\nduration = -2.0\n");
        CHECK(contains(e, "test.toml:2"));
        CHECK(contains(e, "'duration'"));
    }
    SUBCASE("a parameter out of range") {
        const std::string e = load_errors(head + "[params]\neffects.sim.tick_rate = 1000\n");
        CHECK(contains(e, "test.toml:3"));
        CHECK(contains(e, "5 .. 120"));
    }
}

TEST_CASE("effects: the worked-examples scenario gives the post's numbers under each policy") {
    Simulation sim(shipped("effects-worked-examples.toml"));
    sim.advance(21);   // the hits of tick 20 have landed (one second after the first ones)
    REQUIRE(sim.refused().empty());
    const EffectsWorld& w = effects_world(sim);
    REQUIRE(w.lanes().size() == 3);
    const double tick = 0.05;
    // Creep 0: (10|4) + (10|5) = (10|9) under highest potency, then one tick ran.
    const Dose p0 = dose_of(w, 0, "poison", 0);
    CHECK(p0.potency == doctest::Approx(10.0));
    CHECK(p0.duration == doctest::Approx(9.0 - tick));
    // Creep 1, hit at tick 0: (20|4.5), (18|5), (15|3.5), each after 21 ticks.
    const Dose p1[] = {dose_of(w, 1, "poison", 0), dose_of(w, 1, "poison", 1), dose_of(w, 1, "poison", 2)};
    CHECK(p1[0].potency == doctest::Approx(20.0));
    CHECK(p1[0].duration == doctest::Approx(4.5 - 21 * tick));
    CHECK(p1[1].potency == doctest::Approx(18.0));
    CHECK(p1[1].duration == doctest::Approx(5.0 - 21 * tick));
    CHECK(p1[2].potency == doctest::Approx(15.0));
    CHECK(p1[2].duration == doctest::Approx(3.5 - 21 * tick));
    // Creep 2: slows (50|2) + (30|10) = (50|8).
    const Dose c2 = dose_of(w, 2, "chill", 0);
    CHECK(c2.potency == doctest::Approx(50.0));
    CHECK(c2.duration == doctest::Approx(8.0 - 21 * tick));
    // Creep 3: the chill cancelled the fire. Creep 4: the freeze became a 50% chill for 3 s.
    CHECK(dose_of(w, 3, "fire", 0).potency == 0.0);
    CHECK(dose_of(w, 3, "chill", 0).potency == doctest::Approx(30.0));
    CHECK(dose_of(w, 4, "fire", 0).potency == 0.0);
    CHECK(dose_of(w, 4, "frozen", 0).potency == 0.0);
    const Dose c4 = dose_of(w, 4, "chill", 0);
    CHECK(c4.potency == doctest::Approx(50.0));
    CHECK(c4.duration == doctest::Approx(3.0 - tick));
}

TEST_CASE("effects: the three-wave level ends with kills and leaks per policy, books balanced") {
    Simulation sim(shipped("effects-three-waves.toml"));
    const EffectsWorld& w = effects_world(sim);
    while (!w.finished() && sim.tick() < 20 * 300) sim.step();
    REQUIRE(w.finished());
    REQUIRE(w.lanes().size() == 4);
    for (const Lane& lane : w.lanes()) {
        CAPTURE(variant_key(lane.variant()));
        CHECK(lane.kills() + lane.leaks() == 40);
        const std::vector<double> remaining = lane.remaining_pd();
        for (std::size_t i = 0; i < lane.ledgers().size(); ++i)
            CHECK(std::abs(lane.ledgers()[i].imbalance(remaining[i])) < 1e-6 * (1.0 + lane.ledgers()[i].applied));
    }
    // Averaging loses poison power: it kills no more and deals less damage than highest potency.
    CHECK(w.lane(2).total_damage() < w.lane(0).total_damage());
    CHECK(w.lane(2).leaks() >= w.lane(0).leaks());
}

TEST_CASE("effects: same scenario and seed give the same hash tick for tick; snapshots restore exactly") {
    Simulation a(shipped("effects-three-waves.toml")), b(shipped("effects-three-waves.toml"));
    std::unique_ptr<World> snapshot;
    std::uint64_t hash_at_400 = 0;
    for (int t = 0; t < 800; ++t) {
        a.step();
        b.step();
        REQUIRE(a.world().hash() == b.world().hash());
        if (t == 399) {
            snapshot = a.world().clone();
            hash_at_400 = a.world().hash();
        }
    }
    const std::uint64_t hash_at_800 = a.world().hash();
    a.world().restore(*snapshot);
    CHECK(a.world().hash() == hash_at_400);
    for (int t = 0; t < 400; ++t) a.world().step();
    CHECK(a.world().hash() == hash_at_800);
    // A different seed changes the frost tower's 60% rolls, so the run.
    Scenario other = shipped("effects-three-waves.toml");
    other.seed = 8;
    Simulation c(other);
    c.advance(800);
    CHECK(c.world().hash() != hash_at_800);
}

TEST_CASE("effects: the creep sums a lane keeps for the tick hash equal a fresh count at every tick") {
    // step() sums each walking creep's health and distance as it moves it (and the step's spawns
    // after); a replay's tick hash takes them from there. Whatever the step does to a creep, the
    // kept sums must equal those of the creeps walking when it ends, in id order.
    Simulation sim(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/effects-three-waves.toml"));
    int walking_seen = 0, killed_seen = 0;
    for (int t = 1; t <= 1500; ++t) {
        sim.step();
        const auto& w = dynamic_cast<const pb::effects::EffectsWorld&>(sim.world());
        for (const pb::effects::Lane& lane : w.lanes()) {
            pb::effects::Lane::WalkSums fresh;
            for (const pb::effects::Creep& c : lane.creeps()) {
                if (c.walking()) {
                    fresh.add(c);
                    ++walking_seen;
                } else if (c.fate == pb::effects::CreepFate::Killed && c.end_tick == t) {
                    ++killed_seen;
                }
            }
            REQUIRE(lane.walk_sums() == fresh);
        }
    }
    // The level ran: creeps walked, died mid-lane, and the sums followed them.
    CHECK(walking_seen > 20000);
    CHECK(killed_seen > 100);
}
