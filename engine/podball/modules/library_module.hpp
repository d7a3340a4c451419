// Team modules from shared libraries with the plain C ABI of podball_module_abi.h: loaded by path
// (dlopen), checked (every required symbol, the ABI version), and wrapped as a TeamModule so the
// world treats them like built-in ones. Each team gets its own state from the library's init, so
// one library can play both sides of a match, and many matches on several threads.
//
// Snapshots: a library's state is opaque to us. If the library exports podball_module_clone, a
// copied world gets a deep copy of it and continues exactly; otherwise the copy starts the module
// afresh (init with the original settings and seed) — exact for modules without memory, a
// restart of the module's memory for the others. The state hash covers the module's name and the
// number of calls made, not its memory.
#pragma once
#include <memory>
#include <optional>
#include <string>

#include "engine/podball/module.hpp"

namespace pb::podball {

// What a loadable library says about itself.
struct LibraryInfo {
    std::string name;
    std::string author;
    std::string description;
    bool can_clone = false;
};

// Isolation (the default): a library module's code runs in its own process, the module host
// (module_host.hpp), with a time budget per call; Playbench never loads the library itself. A
// module that overruns, crashes, aborts, exits or scribbles is stopped, its pods idle for the rest
// of the match and the fault is reported. In-process (opt-in, `--in-process-modules`): the library
// is dlopened into Playbench and called directly; faster, and only for modules you trust.
// Process-wide; set it before loading scenarios.
void set_library_modules_in_process(bool in_process);
bool library_modules_in_process();

// Opens the library and checks it (in a host process unless in-process); the reason when it cannot be used (missing file or symbol,
// another ABI version), with the path and what is expected.
std::optional<std::string> probe_module_library(const std::string& path, LibraryInfo* info = nullptr);

// A module playing with the library at `path`; nullptr and `error` when it cannot be loaded.
std::unique_ptr<TeamModule> load_library_module(const std::string& path, std::string& error);

}   // namespace pb::podball
