// The command line of the one binary, `playbench`: opening the window and every headless verb.
#pragma once

namespace pb::app {

int run_command_line(int argc, char** argv);

}  // namespace pb::app
