// Where Playbench's own data lives: the example scenarios, sweeps and modules it ships.
//  - Installed (`cmake --install`, the Debian package): beside the executable's prefix,
//    EXE_DIR/../share/playbench (/usr/bin/playbench -> /usr/share/playbench), found through
//    /proc/self/exe, so it does not matter which folder Playbench is started from.
//  - Run from a build tree (make run, the tests): the source tree it was built from.
// When the installed folder exists it is the only place looked at (an install never reads the
// sources it was built from). Only Playbench's own files are looked up this way: a scenario path
// the user gives stays relative to the user's working directory.
#pragma once
#include <filesystem>
#include <string>

namespace pb::app {

// The data folder for an executable at `exe` built from `source_dir`: exe's ../share/playbench
// when that folder holds scenarios/, else `source_dir`. Pure (tests give it temporary trees).
std::filesystem::path data_dir_for(const std::filesystem::path& exe, const std::filesystem::path& source_dir);

// data_dir_for(the running executable, the source tree it was built from); computed once.
const std::filesystem::path& data_dir();

// A file of Playbench's own data: data_dir() / relative (e.g. "scenarios/podball-default.toml").
std::string data_file(const std::string& relative);

}   // namespace pb::app
