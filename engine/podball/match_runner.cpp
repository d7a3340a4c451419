#include "engine/podball/match_runner.hpp"

#include "engine/core/lab.hpp"
#include "engine/core/simulation.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {

MatchOutcome outcome_of(const PodballWorld& w, std::uint64_t seed) {
    MatchOutcome o;
    o.seed = seed;
    o.finished = w.finished();
    o.ticks = w.tick();
    o.running_ticks = w.running_ticks();
    o.score = w.score();
    o.winner = w.finished() ? w.leader() : -1;
    for (int t = 0; t < 2; ++t) {
        o.figures[t] = team_figures(w.metrics(), t, w.running_ticks());
        o.own_goals_conceded[t] = w.metrics().team[t].own_goals;
        o.upfield_pod_ticks[t] = w.metrics().team[t].upfield_pod_ticks;
        o.own_half_pod_ticks[t] = w.metrics().team[t].own_half_pod_ticks;
        o.health[t] = w.module_health(t);
    }
    o.conduct = w.metrics().flags;
    return o;
}

MatchOutcome play_match(const Scenario& scenario, std::uint64_t seed, std::int64_t stall_ticks) {
    if (scenario.lab != &podball_lab())
        throw ScenarioError("a match needs a podball scenario, '" + scenario.path + "' is a " +
                            (scenario.lab ? scenario.lab->name : std::string("?")) + " scenario");
    Scenario s = scenario;
    s.seed = seed;
    Simulation sim(std::move(s));
    const auto& world = dynamic_cast<const PodballWorld&>(sim.world());
    std::int64_t last_running = world.running_ticks(), last_progress = 0;
    while (!world.finished()) {
        sim.step();
        if (world.running_ticks() != last_running) {
            last_running = world.running_ticks();
            last_progress = world.tick();
        } else if (world.tick() - last_progress > stall_ticks) {
            MatchOutcome o = outcome_of(world, seed);
            o.note = "stopped at tick " + std::to_string(world.tick()) + ": no running time for " +
                     std::to_string(stall_ticks) + " ticks (mode " + std::string(mode_key(world.mode())) + ")";
            return o;
        }
    }
    return outcome_of(world, seed);
}

}   // namespace pb::podball
