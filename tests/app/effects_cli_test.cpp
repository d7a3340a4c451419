// The Effects lab from the command line: run --json lists every creep's active effects and the
// metrics per policy; --set, params and bench work for it; bad files say where and why.
#include <doctest/doctest.h>

#include <fstream>

#include "app_support.hpp"

namespace {

const std::string kExamples = "'" + source_path("scenarios/effects-worked-examples.toml") + "'";
const std::string kLevel = "'" + source_path("scenarios/effects-three-waves.toml") + "'";

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}   // namespace

TEST_CASE("effects: run --json lists each creep's effects at the end tick and the metrics per policy") {
    const auto r = run_playbench("run " + kExamples + " --ticks 21 --json");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(has(r.out, "\"lab\": \"effects\""));
    CHECK(has(r.out, "\"tick\": 21"));
    // Creep 0 carries (10 | 9 - one tick) of poison under the default policy.
    CHECK(has(r.out, "\"type\": \"poison\",\n                \"potency\": 10,\n                \"remaining\": 8.95"));
    // Creep 1 under highest duration: 18 dps.
    CHECK(has(r.out, "\"potency\": 18,"));
    // The metrics name every policy and book the PD of each effect type.
    for (const char* policy :
         {"\"policy\": \"highest_potency\"", "\"policy\": \"highest_duration\"", "\"policy\": \"average\""})
        CHECK(has(r.out, policy));
    CHECK(has(r.out, "\"applied_pd\""));
    // The average lost 37.5 of creep 1's 90 PD and 45 of creep 0's (10|4) + (10|5) -> (10|4.5).
    CHECK(has(r.out, "\"merge_delta_pd\": -82.5"));
    CHECK(has(r.out, "\"delivered_pd\""));
    // Deterministic: the same run, byte for byte.
    CHECK(run_playbench("run " + kExamples + " --ticks 21 --json").out == r.out);
}

TEST_CASE("effects: --set tunes the level, params lists the table") {
    const auto base = run_playbench("run " + kLevel + " --ticks 400 --json");
    const auto tuned = run_playbench("run " + kLevel + " --ticks 400 --json --set effects.creeps.hp_scale=3");
    REQUIRE(base.exit_code == 0);
    REQUIRE(tuned.exit_code == 0);
    CHECK(tuned.out != base.out);
    const auto bad = run_playbench("run " + kLevel + " --set effects.creeps.hp_scale=300");
    CHECK(bad.exit_code != 0);
    CHECK(has(bad.err, "0.05 .. 20"));
    const auto params = run_playbench("params effects");
    REQUIRE(params.exit_code == 0);
    CHECK(has(params.out, "effects.sim.tick_rate"));
    CHECK(has(params.out, "default 20"));
}

TEST_CASE("effects: a scenario with a bad tower says file, line and what is allowed") {
    const std::string path = temp_path("effects-bad.toml");
    std::ofstream(path) << "lab = \"effects\"\n[[towers]]\nposition = [1.0, 1.0]\neffect = \"plague\"\n";
    const auto r = run_playbench("run '" + path + "'");
    CHECK(r.exit_code != 0);
    CHECK(has(r.err, "effects-bad.toml:4"));
    CHECK(has(r.err, "allowed: poison, fire, chill, frozen, stun, bleed, confuse, blind"));
}

TEST_CASE("effects: bench reports the crowded-lane tick against its target") {
    const auto r = run_playbench("bench effects");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(has(r.out, "one tick: 10,000 creeps x 4 effects"));
    CHECK(has(r.out, "target < 1 ms"));
    CHECK(has(r.out, "one merging hit"));
}
