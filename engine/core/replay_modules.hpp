// Module libraries in replays (docs/replays.md#module-libraries-in-replays): a replay never runs
// code without consent.
//
// Recording pins every module library the scenario names (ModulePin: PATH as written, the
// absolute file, the SHA-256 of its bytes). Playing a replay back loads a library only when the
// caller has consent (`--allow-modules`, the window's confirmation) and only a file whose bytes
// hash to the pin: looked for at the recorded absolute path, then beside the replay file under
// the same file name, copied into a private folder (mkdtemp, 0700), the COPY hashed, and the copy
// is what dlopen gets, so nothing can swap the file between the check and the load. Without
// consent the scenario loads with ModulePolicy::Describe: nothing is opened, those teams idle.
// A replay recorded before pins existed names no hash: its libraries are never loaded.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/core/replay_file.hpp"
#include "engine/core/scenario.hpp"

namespace pb {

// What a replay's player may do with the module libraries its scenario names.
struct ReplayModuleAccess {
    bool allow = false;        // consent to load the pinned libraries
    std::string replay_path;   // the replay file (its folder is the second place looked in)
};

// The pins of the libraries a loaded scenario runs; throws std::runtime_error when one cannot be
// read (a recording must not name code it cannot pin).
std::vector<ModulePin> pin_module_libraries(const Scenario& s);

// PATH as written for every library module the replay's embedded scenario names (parsed with
// ModulePolicy::Describe: nothing is opened). Empty when it names none or does not load.
std::vector<std::string> replay_library_modules(const ReplayData& data);

// One place looked in for a pinned library.
struct PinCandidate {
    std::string path;
    std::string found;   // the SHA-256 found there (hex), or why none ("missing", "cannot read ...")
    bool matches = false;
};
// Where the library for `written` would be taken from, and what is there (hashes only, nothing
// loaded). nullopt when the replay pins no library for it.
std::optional<ModulePin> find_pin(const ReplayData& data, const std::string& written);
std::vector<PinCandidate> pin_candidates(const ModulePin& pin, const std::string& replay_path);

// The file to load for `written`: a private copy of the first candidate whose bytes match the
// pin, hashed after copying; nullopt and `why` (the module, the paths tried, the hashes expected
// and found) otherwise. Copies live until the process ends.
std::optional<std::string> pinned_library_copy(const ReplayData& data, const std::string& replay_path,
                                               const std::string& written, std::string& why);

// Empty when the replay may be played as asked; otherwise, for each library module, why not
// (no consent: the flag to pass; no pin: recorded before pins; no matching file: paths and
// hashes), ready to print. `allow_hint` names how to give consent ("pass --allow-modules").
std::string replay_module_problem(const ReplayData& data, const std::string& replay_path, bool allowed,
                                  const std::string& allow_hint);

// For `replay info`: each library module with its pin (or that it has none); nothing loaded.
std::vector<std::string> describe_replay_modules(const ReplayData& data);

}   // namespace pb
