// Running the real `playbench` binary from tests, as a designer or a script would.
#pragma once
#include <cstddef>
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

// The whole file as text ("" when it cannot be read).
std::string read_text(const std::string& path);
// The raw text after `"key": ` (from `from` on) up to the next comma / newline / brace, in a
// window script's JSON report.
std::string json_field(const std::string& json, const std::string& key, std::size_t from = 0);
// Whether xvfb-run is there for the real-window tests; in CI a missing one fails the test (the
// install script provides it), elsewhere the test is skipped with a message.
bool have_xvfb();
