// A lab is registered once under a stable name, the one scenario files use. Adding a lab touches
// the list in engine/labs.cpp (and ui/lab_views.cpp for its view), nothing else.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/command.hpp"
#include "engine/core/derived.hpp"
#include "engine/core/node.hpp"
#include "engine/core/params.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/world.hpp"

namespace pb {

struct LabInfo {
    std::string name;      // "podball"
    std::string title;     // "Podball"
    std::string summary;   // one line
    const ParamTable* params = nullptr;
    std::vector<CommandSpec> commands;   // param.set is added by the core, do not list it
    // Top-level scenario keys the lab reads (besides lab, title, description, seed, params, commands).
    std::vector<std::string> setup_keys;
    // Reads the lab's keys from the scenario root. Report problems to diag; return a setup anyway.
    // `params` is the scenario's [params] as the table read it (a bad value already reported there,
    // with its line; the set then holds the default): a setup that depends on a parameter (RGS
    // positions inside the map) reads it here, never from the raw [params] table.
    std::function<std::shared_ptr<const LabSetup>(const Node& root, const ParamSet& params, TableReader& reader,
                                                  Diagnostics& diag)>
        parse_setup;
    std::function<std::shared_ptr<const LabSetup>()> default_setup;
    std::function<std::unique_ptr<World>(const Scenario&)> create_world;
    // Benchmarks for `playbench bench LAB`; prints its own report lines.
    std::function<void(std::ostream&)> bench;
    // What the current parameters mean for play (engine/<lab>/derived.cpp); empty: none.
    std::function<std::vector<DerivedValue>(const ParamSet&)> derived;
};

const std::vector<const LabInfo*>& all_labs();
const LabInfo* find_lab(std::string_view name);
std::string lab_names();   // "podball, rgs, ..." for messages
// " (did you mean podball?)" for a mistyped lab name, "" when nothing is close.
std::string did_you_mean_lab(std::string_view typed);

// All commands of a lab, including the core's param.set.
std::vector<CommandSpec> command_specs(const LabInfo& lab);

}  // namespace pb

namespace pb {
// Checks a command against the lab's specs and, for param.set, the parameter table.
std::optional<std::string> validate_lab_command(const LabInfo& lab, const Command& c);
}  // namespace pb
