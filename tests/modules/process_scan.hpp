// What a test sees of the machine's processes after a match (/proc): which map a given library
// file, and which are in a given process group. For the sandbox tests: no process of
// a team module may outlive its match (docs/team-modules.md#library-modules-run-isolated-the-default).
#pragma once
#include <sys/types.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace process_scan {

struct Process {
    pid_t pid = 0;
    pid_t ppid = 0;
    pid_t group = 0;
    pid_t session = 0;
};

// Every process now (one that ends while it is read is left out).
inline std::vector<Process> all() {
    std::vector<Process> out;
    std::error_code ec;
    for (const auto& entry : std::filesystem::directory_iterator("/proc", ec)) {
        const std::string name = entry.path().filename().string();
        if (name.empty() || name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream in(entry.path() / "stat");
        std::string stat((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        // pid (comm) state ppid pgrp session ...: comm may hold anything, so read after its last ')'.
        const std::size_t close = stat.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(stat.substr(close + 1));
        char state = 0;
        Process p;
        p.pid = static_cast<pid_t>(std::stol(name));
        if (rest >> state >> p.ppid >> p.group >> p.session) out.push_back(p);
    }
    return out;
}

// The processes that have `path` mapped (a library they loaded).
inline std::vector<Process> mapping(const std::string& path) {
    std::vector<Process> out;
    for (const Process& p : all()) {
        std::ifstream maps("/proc/" + std::to_string(p.pid) + "/maps");
        for (std::string line; std::getline(maps, line);)
            if (line.size() >= path.size() && line.compare(line.size() - path.size(), path.size(), path) == 0) {
                out.push_back(p);
                break;
            }
    }
    return out;
}

// Whether process `pid` runs this very program: a fork of ours that has not yet exec'd the host
// (it maps whatever we map, the module libraries the in-process tests loaded included).
inline bool runs_this_program(pid_t pid) {
    std::error_code ec;
    const auto exe = std::filesystem::read_symlink("/proc/" + std::to_string(pid) + "/exe", ec);
    return !ec && exe == std::filesystem::read_symlink("/proc/self/exe", ec);
}

// The processes in process group `id`.
inline std::vector<Process> in_group(pid_t id) {
    std::vector<Process> out;
    for (const Process& p : all())
        if (p.group == id) out.push_back(p);
    return out;
}

// `find()` until it is empty or `seconds` have passed (a process killed a moment ago may still be
// on its way out); what it found last.
template <class Find>
std::vector<Process> left_after(Find find, double seconds = 3.0) {
    const auto until = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    std::vector<Process> found = find();
    while (!found.empty() && std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        found = find();
    }
    return found;
}

inline std::string describe(const std::vector<Process>& ps) {
    std::string s;
    for (const Process& p : ps)
        s += "pid " + std::to_string(p.pid) + " (parent " + std::to_string(p.ppid) + ", group " +
             std::to_string(p.group) + ", session " + std::to_string(p.session) + ") ";
    return s;
}

}   // namespace process_scan
