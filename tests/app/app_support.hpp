// Running the real `playbench` binary from tests, as a designer or a script would.
#pragma once
#include <string>

struct ProcessResult {
    int exit_code = -1;
    std::string out;   // stdout
    std::string err;   // stderr
};

// Runs PLAYBENCH_BINARY with the given arguments (a shell-quoted string) and an optional
// environment prefix ("DISPLAY= "), capturing stdout and stderr.
ProcessResult run_playbench(const std::string& args, const std::string& env_prefix = "");
std::string source_path(const std::string& relative);
std::string temp_path(const std::string& name);
