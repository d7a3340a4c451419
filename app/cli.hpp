// The command line of the one binary, `playbench`: opening the window and every headless verb.
#pragma once
#include <string>

namespace pb::app {

int run_command_line(int argc, char** argv);

// Why `path` cannot be opened as a scenario before reading it, in one line naming it ("File does
// not exist: PATH", with the full path of Playbench's example of that name when there is one), or
// "" when it exists. The verbs refuse such a path (exit 2); the window opens its start page with
// the line (docs/window.md#menus).
std::string check_scenario_file(const std::string& path);

}   // namespace pb::app
