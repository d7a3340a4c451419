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

// Opens the library and checks it; the reason when it cannot be used (missing file or symbol,
// another ABI version), with the path and what is expected.
std::optional<std::string> probe_module_library(const std::string& path, LibraryInfo* info = nullptr);

// A module playing with the library at `path`; nullptr and `error` when it cannot be loaded.
std::unique_ptr<TeamModule> load_library_module(const std::string& path, std::string& error);

}  // namespace pb::podball
