#include "app_support.hpp"

#include <doctest/doctest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

std::string read_text(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string temp_path(const std::string& name) {
    auto dir = std::filesystem::temp_directory_path() / ("playbench-app-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    return (dir / name).string();
}

ProcessResult run_playbench(const std::string& args, const std::string& env_prefix) {
    static int counter = 0;
    std::string out = temp_path("out" + std::to_string(counter) + ".txt");
    std::string err = temp_path("err" + std::to_string(counter++) + ".txt");
    std::string cmd =
        env_prefix + " '" + std::string(PLAYBENCH_BINARY) + "' " + args + " >'" + out + "' 2>'" + err + "' </dev/null";
    int status = std::system(cmd.c_str());
    ProcessResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = read_text(out);
    r.err = read_text(err);
    return r;
}

std::string source_path(const std::string& relative) { return std::string(PLAYBENCH_SOURCE_DIR) + "/" + relative; }

std::string json_field(const std::string& json, const std::string& key, std::size_t from) {
    const std::string anchor = "\"" + key + "\": ";
    auto at = json.find(anchor, from);
    if (at == std::string::npos) return {};
    at += anchor.size();
    return json.substr(at, json.find_first_of(",\n}", at) - at);
}

bool have_xvfb() {
    if (std::system("command -v xvfb-run >/dev/null 2>&1") == 0) return true;
    if (std::getenv("CI")) FAIL("xvfb-run is missing in CI: scripts/install-deps.sh should install xvfb");
    MESSAGE("SKIPPED: xvfb-run is not installed (Debian packages xvfb, xauth); the window test needs it");
    return false;
}
