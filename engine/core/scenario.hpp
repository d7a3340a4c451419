// Scenario files (TOML, hand-edited by designers): which lab, title, seed, parameter values,
// the lab's initial entities, and scheduled commands. Loading reports every problem with file,
// line, key and what is allowed; saving is atomic and writes a complete, re-loadable file.
#pragma once
#include <cstdint>
#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/command.hpp"
#include "engine/core/node.hpp"
#include "engine/core/params.hpp"

namespace pb {

struct LabInfo;

// A lab's initial entities, parsed from its part of the scenario.
class LabSetup {
public:
    virtual ~LabSetup() = default;
    // Writes the lab's keys back as TOML (with comments a designer can follow).
    virtual void write_toml(std::ostream& out) const = 0;
};

struct Scenario {
    std::string path;         // where it was loaded from ("" when built in memory)
    const LabInfo* lab = nullptr;
    std::string title;
    std::string description;
    std::uint64_t seed = 1;
    ParamSet params;                    // values at tick 0
    std::shared_ptr<const LabSetup> setup;
    std::vector<Command> commands;      // scheduled, sorted by tick (stable)
};

class ScenarioError : public std::runtime_error {
public:
    explicit ScenarioError(const Diagnostics& d) : std::runtime_error(d.to_string()), diagnostics(d.list()) {}
    explicit ScenarioError(std::string message) : std::runtime_error(std::move(message)) {}
    std::vector<Diagnostic> diagnostics;
};

// Parses TOML text into a Node tree; syntax errors become diagnostics with their line.
bool parse_toml(const std::string& text, Node& root, Diagnostics& diag);

// Throws ScenarioError listing every problem found.
Scenario load_scenario_text(const std::string& text, const std::string& name_for_messages);
Scenario load_scenario_file(const std::string& path);

// The complete file text: header, every parameter (changed ones active, the rest as comments
// with their range), the lab's entities, the scheduled commands.
std::string scenario_to_toml(const Scenario& s);
// Writes to a temporary file beside `path`, flushes, then renames over it: a crash never leaves
// half a scenario. Throws std::runtime_error with the reason on failure.
void save_scenario_file(const Scenario& s, const std::string& path);
void write_file_atomically(const std::string& path, const std::string& content);
std::string read_text_file(const std::string& path);  // throws std::runtime_error

// The default values of a lab: its parameters at default, no entities beyond the lab's defaults.
Scenario default_scenario(const LabInfo& lab);

}  // namespace pb
