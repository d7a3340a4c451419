// The logistics lab on the command line: run --json carries requests, transporters, the rate matrix
// of the idle transporters and the current policy's matching with its blocking pairs; --set
// switches the policy; params lists the table; bad values are refused with the allowed range.
#include <doctest/doctest.h>

#include <cstdio>
#include <string>
#include <utility>

#include "app_support.hpp"

static const std::string kColony = "'" + source_path("scenarios/logistics-colony.toml") + "'";

TEST_CASE("logistics: run --json has requests, transporters, rates and the matching") {
    auto r = run_playbench("run " + kColony + " --ticks 0 --json");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.out.find("\"lab\": \"logistics\"") != std::string::npos);
    CHECK(r.out.find("\"requests\": [") != std::string::npos);
    CHECK(r.out.find("\"dAmountdt\": ") != std::string::npos);
    CHECK(r.out.find("\"transporters\": [") != std::string::npos);
    CHECK(r.out.find("\"request\": null") != std::string::npos);   // at tick 0 nobody is assigned yet
    CHECK(r.out.find("\"matrix\": [") != std::string::npos);
    CHECK(r.out.find("\"policy\": \"stable_transporters\"") != std::string::npos);
    CHECK(r.out.find("\"blocking_pairs\": 0") != std::string::npos);
    CHECK(r.out.find("\"policies\": [") != std::string::npos);

    auto later = run_playbench("run " + kColony + " --ticks 300 --json");
    REQUIRE(later.exit_code == 0);
    CHECK(later.out.find("\"delivered_to_sinks\": ") != std::string::npos);
    CHECK(later.out.find("\"moved_into_buffers\": ") != std::string::npos);
    CHECK(later.out.find("\"request\": null") == std::string::npos);                   // all six busy by now
    CHECK(later.out == run_playbench("run " + kColony + " --ticks 300 --json").out);   // deterministic
}

TEST_CASE("logistics: --set switches the policy; bad values and keys are refused") {
    auto greedy = run_playbench("run " + kColony + " --ticks 5 --json --set logistics.matching.policy=2");
    REQUIRE_MESSAGE(greedy.exit_code == 0, greedy.err);
    CHECK(greedy.out.find("\"policy\": \"sequential_greedy\"") != std::string::npos);
    auto bad = run_playbench("run " + kColony + " --set logistics.matching.policy=7");
    CHECK(bad.exit_code != 0);
    CHECK(bad.err.find("logistics.matching.policy") != std::string::npos);
    CHECK(bad.err.find("3") != std::string::npos);
    // By name (docs/scenario-files.md#the-keys-every-scenario-has): the same run as by number; a
    // typo names the choice meant.
    auto by_name =
        run_playbench("run " + kColony + " --ticks 5 --json --set logistics.matching.policy=sequential_greedy");
    REQUIRE_MESSAGE(by_name.exit_code == 0, by_name.err);
    CHECK(by_name.out == greedy.out);
    auto typo = run_playbench("run " + kColony + " --set logistics.matching.policy=optimall");
    CHECK(typo.exit_code != 0);
    CHECK(typo.err.find("did you mean optimal?") != std::string::npos);
    auto key_typo = run_playbench("run " + kColony + " --set logistics.transporter.sped=2");
    CHECK(key_typo.exit_code != 0);
    CHECK(key_typo.err.find("did you mean logistics.transporter.speed?") != std::string::npos);
    auto params = run_playbench("params logistics");
    REQUIRE(params.exit_code == 0);
    CHECK(params.out.find("one of stable_transporters, stable_requests, sequential_greedy, optimal") !=
          std::string::npos);
    CHECK(params.out.find("3 = optimal: Optimal (max total rate)") != std::string::npos);
    CHECK(params.out.find("switch: true or false") != std::string::npos);
    auto lab_typo = run_playbench("params logistcs");
    CHECK(lab_typo.exit_code == 2);
    CHECK(lab_typo.err.find("did you mean logistics?") != std::string::npos);
    CHECK(params.out.find("logistics.distance.estimate_factor") != std::string::npos);
    CHECK(params.out.find("logistics.transporter.capacity") != std::string::npos);
}

TEST_CASE("logistics: render at the ticks that crashed ImGui (a load disc of 1e-7 px) writes the picture") {
    // logistics-large died with SIGFPE at tick 324, the colony at 333: a transporter carrying
    // 4.3e-14 energy got a disc ImGui 1.86's circle code divides by zero for.
    for (const auto& scenario_ticks :
         {std::pair<std::string, int>{"logistics-large.toml", 324}, {"logistics-colony.toml", 333}}) {
        const auto& scenario =
            scenario_ticks.first;   // (Clang 14 cannot capture a structured binding in a doctest macro)
        const auto& ticks = scenario_ticks.second;
        CAPTURE(scenario);
        const std::string png = temp_path("crash-" + scenario + ".png");
        std::remove(png.c_str());
        auto r = run_playbench("render '" + source_path("scenarios/" + scenario) + "' --ticks " +
                               std::to_string(ticks) + " --tab analysis --out '" + png + "'");
        CHECK_MESSAGE(r.exit_code == 0, r.err);
        CHECK(r.out.find("tick " + std::to_string(ticks)) != std::string::npos);
        CHECK(read_text(png).size() > 10000);
    }
}
