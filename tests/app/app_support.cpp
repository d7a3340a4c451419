#include "app_support.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

static std::string slurp(const std::string& path) {
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
    std::string cmd = env_prefix + " '" + std::string(PLAYBENCH_BINARY) + "' " + args + " >'" + out + "' 2>'" + err +
                      "' </dev/null";
    int status = std::system(cmd.c_str());
    ProcessResult r;
    r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(out);
    r.err = slurp(err);
    return r;
}

std::string source_path(const std::string& relative) { return std::string(PLAYBENCH_SOURCE_DIR) + "/" + relative; }
