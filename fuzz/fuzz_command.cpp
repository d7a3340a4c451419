// libFuzzer target: the command validator and the worlds behind it (docs/testing.md#fuzzing-fuzz).
// The input is text: the first line names a lab, each further line is one command in describe()'s
// form without the tick, `pod.place team=0 pod=2 x=0.1 y=-0.2` (a value reads as true/false, an
// integer, a number -- nan, inf and 1e999 included -- or else a string). Each command is submitted
// live to the lab's default world (Simulation::submit: the lab's command specs, the parameter
// table, then the world's own checks), with a tick stepped after each. An accepted command must
// leave a world that steps, hashes and writes its state.
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <sstream>
#include <string>

#include "engine/core/json.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"

namespace {

pb::CommandValue parse_value(const std::string& v) {
    if (v == "true") return true;
    if (v == "false") return false;
    if (!v.empty()) {
        const char* s = v.c_str();
        char* end = nullptr;
        errno = 0;
        const long long i = std::strtoll(s, &end, 10);
        if (*end == '\0' && errno == 0) return static_cast<std::int64_t>(i);
        end = nullptr;
        const double d = std::strtod(s, &end);
        if (*end == '\0') return d;
    }
    return v;
}

constexpr int kMaxCommands = 16;

}   // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    std::string line;
    if (!std::getline(in, line)) return 0;
    const pb::LabInfo* lab = pb::find_lab(line);
    if (!lab) return 0;
    // Each lab's default world is built once (the Tasks solver takes seconds under ASan); every
    // input works on a fork of it.
    static std::map<const pb::LabInfo*, pb::Simulation> base;
    auto it = base.find(lab);
    if (it == base.end()) it = base.emplace(lab, pb::Simulation(pb::default_scenario(*lab))).first;
    pb::Simulation sim = it->second.fork();
    for (int n = 0; n < kMaxCommands && std::getline(in, line); ++n) {
        std::istringstream words(line);
        pb::Command c;
        if (!(words >> c.type)) continue;
        std::string word;
        while (words >> word) {
            const auto eq = word.find('=');
            if (eq == std::string::npos)
                c.set(word, true);
            else
                c.set(word.substr(0, eq), parse_value(word.substr(eq + 1)));
        }
        (void)pb::describe(c);
        if (!sim.submit(c)) {
            // Accepted: the world goes on and can be hashed and written.
            sim.step();
            (void)sim.world().hash();
        }
    }
    pb::JsonWriter json;
    sim.world().write_state(json);
    return 0;
}
