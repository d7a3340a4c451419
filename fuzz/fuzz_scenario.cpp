// libFuzzer target: the scenario loader of every lab (docs/testing.md#fuzzing-fuzz). The input is
// scenario text; the lab is the one its `lab = "..."` key names, as for a designer's file (the seed
// corpus has each lab's shipped scenarios in fuzz/corpus/scenario/<lab>/). A scenario that loads
// must also build its world, step a few ticks and save to text that loads again, with no nan or inf
// in it. Module libraries are never loaded: "lib:" teams are only described
// (ModulePolicy::Describe).
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"

namespace {

// A bare nan or inf in the saved text's values (strings and comments left out): a non-finite
// number got through the loader, which docs/scenario-files.md#every-number-is-checked-by-one-path
// forbids (NaN never reaches the engine).
bool saved_text_has_non_finite(const std::string& saved, std::string& where) {
    std::size_t start = 0;
    while (start < saved.size()) {
        std::size_t end = saved.find('\n', start);
        if (end == std::string::npos) end = saved.size();
        const std::string line = saved.substr(start, end - start);
        std::string code;
        bool quoted = false;
        for (std::size_t i = 0; i < line.size(); ++i) {
            const char ch = line[i];
            if (quoted) {
                if (ch == '\\')
                    ++i;
                else if (ch == '"')
                    quoted = false;
                continue;
            }
            if (ch == '"') {
                quoted = true;
                code += ' ';
                continue;
            }
            if (ch == '#') break;
            code += ch;
        }
        for (const char* word : {"nan", "inf"}) {
            for (std::size_t at = code.find(word); at != std::string::npos; at = code.find(word, at + 1)) {
                const auto is_word = [](char ch) {
                    return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '.';
                };
                const bool before = at > 0 && is_word(code[at - 1]);
                const bool after = at + 3 < code.size() && is_word(code[at + 3]);
                if (!before && !after && code.find('=') < at) {
                    where = line;
                    return true;
                }
            }
        }
        start = end + 1;
    }
    return false;
}

}   // namespace

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
    std::string where;
    if (saved_text_has_non_finite(saved, where)) {
        std::fprintf(stderr, "a non-finite number was accepted; the saved scenario says:\n  %s\n", where.c_str());
        std::abort();
    }
    pb::Simulation sim(std::move(scenario));
    sim.advance(3);
    (void)sim.world().hash();
    return 0;
}
