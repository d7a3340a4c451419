// Scenario files (TOML, hand-edited by designers): which lab, title, seed, parameter values,
// the lab's initial entities, and scheduled commands. Loading reports every problem with file,
// line, key and what is allowed; saving is atomic and writes a complete, re-loadable file.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/command.hpp"
#include "engine/core/node.hpp"
#include "engine/core/params.hpp"
#include "engine/core/read_file.hpp"

namespace pb {

struct LabInfo;

// Code a scenario may name (a Podball team's "lib:PATH" module library), as the setup holds it.
struct ModuleLibraryRef {
    std::string written;   // PATH as the scenario wrote it
    std::string path;      // the absolute file it was loaded from ("" when not loaded)
};

// A script a scenario names (a Podball team's "lua:PATH" module), with the text it was read
// with: scripts are data, carried by replays so that they play with no file beside them.
struct ScriptRef {
    std::string written;   // PATH as the scenario wrote it
    std::string text;
};

// A lab's initial entities, parsed from its part of the scenario.
class LabSetup {
public:
    virtual ~LabSetup() = default;
    // Writes the lab's keys back as TOML (with comments a designer can follow).
    virtual void write_toml(std::ostream& out) const = 0;
    // Every module library the scenario names, in order (the same library twice, twice).
    virtual std::vector<ModuleLibraryRef> module_libraries() const { return {}; }
    // Every script the scenario names, in order, each once.
    virtual std::vector<ScriptRef> scripts() const { return {}; }
    // Parameters the set-up adds to its lab's table for this scenario (Podball: its scripts'
    // tunables), after the lab's rows: ParamSet::with_rows.
    virtual std::vector<ParamDef> params() const { return {}; }
    // Saving a live session (Simulation::scenario_for_saving): a command played live that changes
    // what the set-up sets up (Podball's team.module) gives the set-up that starts with the change;
    // nullptr for any other command, which is saved among the scenario's timed commands.
    virtual std::shared_ptr<const LabSetup> with_command(const Command& /*c*/) const { return nullptr; }
};

// What loading a scenario may do with the module libraries it names (code: loading one runs it).
enum class ModulePolicy {
    Load,       // resolve and load them (dlopen): a designer's own scenario files
    Describe,   // parse and check the text only, never touch the library; the team plays idle
};

struct ScenarioLoadOptions {
    ModulePolicy modules = ModulePolicy::Load;
    // Absolute folder a relative "lib:" path resolves against: the scenario file's folder
    // (load_scenario_file sets it). Empty: a relative path is an error (the scenario has no file).
    std::string base_dir;
    // When set, it decides instead of the path rules (replays: the pinned copy, recording: the
    // libraries the session already runs): given PATH as written, the file to load, or nullopt
    // with the reason, and the module is then not loaded (not a load error).
    std::function<std::optional<std::string>(const std::string& written, std::string& why)> resolve_library;
    // When set, a script's text comes from here instead of its file (a replay's copy, the
    // session's own when recording): given PATH as written, the text, or nullopt with the reason
    // (a load error).
    std::function<std::optional<std::string>(const std::string& written, std::string& why)> resolve_script;
    // Parameter values (index in the lab's table, value) set after the file's [params], as if the
    // file gave them: a sweep point (engine/sweep/). The lab's setup reads them like its own.
    std::vector<std::pair<std::size_t, double>> param_values;
};

struct Scenario {
    std::string path;   // where it was loaded from ("" when built in memory)
    const LabInfo* lab = nullptr;
    std::string title;
    std::string description;
    std::uint64_t seed = 1;
    ParamSet params;   // values at tick 0
    std::shared_ptr<const LabSetup> setup;
    std::vector<Command> commands;   // scheduled, sorted by tick (stable)
    // Library modules the load options kept from loading, each with why (their teams play idle).
    std::vector<std::string> modules_not_loaded;
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
Scenario load_scenario_text(const std::string& text, const std::string& name_for_messages,
                            const ScenarioLoadOptions& options = {});
// Relative "lib:" paths resolve against the file's folder (options.base_dir, when empty).
Scenario load_scenario_file(const std::string& path, const ScenarioLoadOptions& options = {});

// The complete file text: header, every parameter (changed ones active, the rest as comments
// with their range), the lab's entities, the scheduled commands.
std::string scenario_to_toml(const Scenario& s);
// Writes to a temporary file beside `path`, flushes, then renames over it: a crash never leaves
// half a scenario. Throws std::runtime_error with the reason on failure.
void save_scenario_file(const Scenario& s, const std::string& path);
void write_file_atomically(const std::string& path, const std::string& content);
// A regular file of at most max_bytes (engine/core/read_file.hpp: FIFOs and devices are refused,
// never waited on or read forever); throws std::runtime_error with the reason.
std::string read_text_file(const std::string& path, std::uint64_t max_bytes = kMaxTextFileBytes);

// The default values of a lab: its parameters at default, no entities beyond the lab's defaults.
Scenario default_scenario(const LabInfo& lab);

}   // namespace pb
