#include "ui/shell/scenario_saving.hpp"

#include <filesystem>

#include "engine/core/simulation.hpp"

namespace pb::ui {

std::string scenario_file_path(const std::string& path) {
    return std::filesystem::path(path).extension().empty() ? path + ".toml" : path;
}

Scenario save_simulation_scenario(const Simulation& sim, const std::string& path) {
    Scenario s = sim.scenario_for_saving();
    s.path = path;
    save_scenario_file(s, path);
    return s;
}

}   // namespace pb::ui
