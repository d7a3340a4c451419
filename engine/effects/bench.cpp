// The Effects benchmarks. Time is the process's CPU time (std::clock), like the other labs', so
// other work on a shared machine does not count against the engine; each figure is the median
// of 7 rounds, with the best beside it.
#include "engine/effects/bench.hpp"
#include "engine/core/bench_timing.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/effects/world.hpp"

namespace pb::effects {
namespace {

Command cmd(const char* type) {
    Command c;
    c.type = type;
    return c;
}

// A straight lane 4000 units long; 10,000 creeps spawned 0.005 s apart walk at 1 unit/s, so after
// the 50 s of spawning they are spread over 50 units. Each then carries poison, chill, bleed and
// blind for far longer than the bench runs (tough enough never to die), and `towers` defenders
// stand along the crowd, each firing every tick: every shot is a merge.
EffectsWorld crowded_lane(std::size_t lanes, int towers) {
    EffectsSetup setup;
    setup.waypoints = {{0.0, 0.0}, {4000.0, 0.0}};
    setup.waves.push_back(Wave{"Crowd", 0.0, 10000, 0.005, 1e12, 1.0, 0.0, 1.0});
    setup.compare.clear();
    const StackingPolicy policies[] = {StackingPolicy::HighestPotency, StackingPolicy::HighestDuration,
                                       StackingPolicy::Average};
    for (std::size_t i = 0; i < lanes; ++i) setup.compare.push_back(LaneVariant{policies[i % 3]});
    EffectsWorld world(ParamSet(effects_param_table()), setup, 7);
    while (world.lane(0).creeps().size() < 10000) world.step();
    const char* types[] = {"poison", "chill", "bleed", "blind"};
    const double potencies[] = {1.0, 20.0, 10.0, 10.0};
    Command hit = cmd("effect.apply");
    for (int id = 0; id < 10000; ++id)
        for (int k = 0; k < 4; ++k) {
            hit.set("creep", std::int64_t{id}).set("effect", std::string(types[k])).set("potency", potencies[k]);
            hit.set("duration", 1e5);
            world.apply(hit);
        }
    for (int t = 0; t < towers; ++t) {
        Command place = cmd("tower.place");
        place.set("x", 25.0 + 50.0 * t / towers).set("y", 1.0).set("range", 3.0).set("rate", 20.0).set("damage", 1.0);
        place.set("effect", std::string(types[t % 4]))
            .set("potency", potencies[t % 4] * (1 + t % 3))
            .set("duration", 5.0);
        world.apply(place);
    }
    return world;
}

}   // namespace

void bench_effects(std::ostream& out) {
    for (std::size_t lanes : {std::size_t{1}, std::size_t{3}}) {
        EffectsWorld world = crowded_lane(lanes, 40);
        const EffectsWorld start = world;
        int steps = 0;
        // Restart from the same crowd now and then, so every round times the same situation.
        const auto one_tick = [&] {
            if (++steps % 400 == 0) world = start;
            world.step();
        };
        char what[128];
        std::snprintf(what, sizeof what, "one tick: 10,000 creeps x 4 effects, 40 merging hits%s",
                      lanes == 1 ? "" : ", per lane of 3");
        Timing t = per_call(one_tick, 7, 0.3);
        t.median /= static_cast<double>(lanes);
        t.best /= static_cast<double>(lanes);
        report_time(out, "effects", what, t, kMilliseconds, 1e-3);
    }

    // One hit on a creep carrying 4 effects: interactions checked, then merged by the policy.
    EffectsSetup setup;
    EffectBook book = setup.book;
    std::vector<PdLedger> ledgers(book.types().size());
    EffectContext ctx;
    ctx.book = &book;
    ctx.ledgers = &ledgers;
    Creep creep;
    const int poison = *book.find("poison"), chill = *book.find("chill"), bleed = *book.find("bleed"),
              blind = *book.find("blind");
    for (int type : {poison, chill, bleed, blind}) apply_effect(creep, type, Dose{10.0, 1e9}, ctx);
    double potency = 1.0;
    report_time(out, "effects", "one merging hit (interactions + highest potency merge)",
                per_call(
                    [&] {
                        apply_effect(creep, poison, Dose{potency = potency > 20.0 ? 1.0 : potency + 1.0, 2.0}, ctx);
                    },
                    7, 0.2, 1000),
                kNanoseconds);
}

}   // namespace pb::effects
