// libFuzzer target: the scenario loader of every lab (issue 19). The input is scenario text; the
// lab is the one its `lab = "..."` key names, as for a designer's file (the seed corpus has each
// lab's shipped scenarios in fuzz/corpus/scenario/<lab>/). A scenario that loads must also build
// its world, step a few ticks and save to text that loads again.
// Module libraries are never loaded: "lib:" teams are only described (ModulePolicy::Describe).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstdio>
#include <string>

#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    pb::ScenarioLoadOptions options;
    options.modules = pb::ModulePolicy::Describe;
    pb::Scenario scenario;
    try {
        scenario = pb::load_scenario_text(text, "fuzz.toml", options);
    } catch (const pb::ScenarioError&) {
        return 0;   // refused with diagnostics: what a hostile file should get
    }
    // Saving writes a complete, re-loadable file.
    const std::string saved = pb::scenario_to_toml(scenario);
    try {
        (void)pb::load_scenario_text(saved, "saved.toml", options);
    } catch (const pb::ScenarioError& e) {
        std::fprintf(stderr, "a loaded scenario saved to text that does not load again:\n%s\n--- saved text ---\n%s\n",
                     e.what(), saved.c_str());
        std::abort();
    }
    pb::Simulation sim(std::move(scenario));
    sim.advance(3);
    (void)sim.world().hash();
    return 0;
}
