// Shared by the ui tests: the default scenario and scratch files.
#pragma once
#include <atomic>
#include <filesystem>
#include <string>
#include <unistd.h>

#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"

namespace pb::test {

inline std::string default_scenario_file() { return std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/podball-default.toml"; }

inline Simulation default_simulation() { return Simulation(load_scenario_file(default_scenario_file())); }

// A fresh folder under the system temp dir, removed with its contents at scope exit.
class ScratchDir {
public:
    ScratchDir() {
        static std::atomic<int> counter{0};
        path_ = std::filesystem::temp_directory_path() /
                ("playbench-ui-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

}  // namespace pb::test
