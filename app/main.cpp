#include "app/cli.hpp"

int main(int argc, char** argv) { return pb::app::run_command_line(argc, argv); }
