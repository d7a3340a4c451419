// Saving the world on screen as a scenario file: File > Save writes A (Shell::save_scenario),
// compare mode's Save B as... writes B (CompareSession::save); both the same way.
#pragma once
#include <string>

#include "engine/core/scenario.hpp"

namespace pb {
class Simulation;
}

namespace pb::ui {

// Where a scenario asked to go to `path` is written: `path`, with ".toml" added when it has no
// extension.
std::string scenario_file_path(const std::string& path);

// Writes `sim`'s scenario (its current parameters and the designer's placements) to `path`
// atomically (save_scenario_file). Returns the scenario written, its path set; throws what
// save_scenario_file throws.
Scenario save_simulation_scenario(const Simulation& sim, const std::string& path);

}   // namespace pb::ui
