// The headless verbs behind the command line, each returning a process exit code and writing
// its own messages. Kept apart from the argument parsing so tests and tools can call them.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "engine/core/scenario.hpp"

namespace pb::app {

struct RunOptions {
    std::string scenario;
    std::int64_t ticks = 3600;
    std::vector<std::string> sets;   // KEY=VALUE
    bool json = false;
};
int run_scenario(const RunOptions& o, std::ostream& out, std::ostream& err);

struct RenderOptions {
    std::string scenario;
    std::int64_t ticks = 0;
    int width = 1280;
    int height = 720;
    std::vector<std::string> sets;
    std::string out;
    std::string tab = "params";   // the side panel's tab: tools, params or analysis
};
int render_scenario(const RenderOptions& o, std::ostream& out, std::ostream& err);

// Loads a scenario and applies --set overrides (KEY=VALUE); prints the reason and returns false
// on failure.
bool load_with_overrides(const std::string& path, const std::vector<std::string>& sets, Scenario& out,
                         std::ostream& err);

int list_params(const std::string& lab, std::ostream& out, std::ostream& err);
int run_benchmarks(const std::string& what, std::ostream& out, std::ostream& err);

// Where the default scenario lives: scenarios/podball-default.toml in Playbench's data folder
// (app/data_paths.hpp: the installed share/playbench, or the source tree), from any directory.
std::string default_scenario_path();
// Each lab's default scenario file (the one its page docs/labs/<lab>.md names, `bench` uses), as a path.
std::string lab_default_scenario(const std::string& lab);

}   // namespace pb::app
