// Reading a Podball scenario's entities (the lab's setup_keys) with precise diagnostics.
#pragma once
#include <memory>

#include "engine/core/node.hpp"
#include "engine/podball/setup.hpp"

namespace pb::podball {

// Reads [team0], [team1], [[pod]], [ball] and start_mode from the scenario root through `reader`
// (which marks them as known). Problems go to `diag`; a complete setup is returned anyway.
std::shared_ptr<const PodballSetup> read_podball_setup(const Node& root, TableReader& reader, Diagnostics& diag);

}   // namespace pb::podball
