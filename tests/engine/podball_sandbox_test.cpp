// The sandbox of isolated library modules (engine/podball/modules/module_host.hpp,
// engine/podball/modules/host/module_sandbox.cpp; docs/team-modules.md#library-modules-run-isolated-the-default): a
// module that tries to get out of its host process (tests/modules/podball_escape_module.c) is
// refused, the refusal is a fault with its reason, the team idles for that call and the module
// plays on; no process of it outlives the match; its output is its log; its memory is limited by a
// parameter.
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "../modules/process_scan.hpp"
#include "engine/podball/modules/library_module.hpp"
#include "engine/podball/modules/module_host.hpp"
#include "podball_testing.hpp"

using namespace podball_testing;
namespace fs = std::filesystem;

#ifdef PB_MODULE_DIR

namespace {

// A folder of this test run's own, removed when the tests end.
fs::path sandbox_dir() {
    static const struct Dir {
        fs::path path = fs::temp_directory_path() / ("pb-sandbox-" + std::to_string(::getpid()));
        Dir() { fs::create_directories(path); }
        ~Dir() {
            std::error_code ec;
            fs::remove_all(path, ec);
        }
    } dir;
    return dir.path;
}

// The escape module's `variant`, copied to a path of its own, so that the processes that loaded it
// (and their forks) can be told from every other by their memory maps.
std::string escape_module(const std::string& variant) {
    static int copies = 0;
    const fs::path copy = sandbox_dir() / ("escape-" + variant + "-" + std::to_string(++copies) + ".so");
    fs::copy_file(module_path("libpb_escape_module_" + variant + ".so"), copy, fs::copy_options::overwrite_existing);
    return copy.string();
}

// The host's process id, which the escape module prints first thing ("pid N").
pid_t host_pid(const PodballWorld& w) {
    const ModuleLog log = w.team_module(0).log();
    int pid = -1;
    return std::sscanf(log.text.c_str(), "pid %d", &pid) == 1 ? static_cast<pid_t>(pid) : -1;
}

// After the match: nothing of the host's process group is left, and whatever still has
// the library loaded is a spare host (a child of ours, started ahead for the next match).
void check_nothing_left(pid_t host, const std::string& library) {
    REQUIRE(host > 0);
    const auto family = process_scan::left_after([&] { return process_scan::in_group(host); });
    CHECK_MESSAGE(family.empty(), "left running: " << process_scan::describe(family));
    for (const process_scan::Process& p : process_scan::mapping(library)) {
        if (process_scan::runs_this_program(p.pid)) continue;   // caught between fork and exec
        CAPTURE(process_scan::describe({p}));
        CHECK(p.ppid == ::getpid());
        CHECK(p.group == p.pid);
    }
}

}   // namespace

TEST_CASE("podball sandbox: every way out of the host is refused, a fault with its reason, and the module plays on") {
    struct Case {
        const char* variant;
        const char* reason;
    };
    const Case cases[] = {
        {"fork", "clone (fork: a new process)"},
        {"clone", "clone (fork: a new process)"},   // the host's own snapshot fork, forged
        {"thread", "clone (a thread)"},
        {"killparent", "kill (SIGKILL to Playbench)"},
        {"killgroup", "kill (SIGTERM to its process group)"},
        {"exec", "execve"},
        {"open", "openat"},
        {"unlink", "unlink"},
        {"socket", "socket"},
        {"sigsys", "rt_sigaction"},
        {"closefds", "close (and 1 more)"},   // fds 3 and 4, the socket and the page
    };
    const fs::path dir = sandbox_dir();   // where open and unlink try: the library's folder
    std::ofstream(dir / "keep") << "kept\n";
    for (const Case& c : cases) {
        const std::string variant = c.variant;
        CAPTURE(variant);
        const std::string library = escape_module(variant);
        pid_t host = -1;
        {
            PodballWorld w = library_vs_chaser(library);
            REQUIRE(w.module_health(0).load_error.empty());
            host = host_pid(w);
            for (int t = 0; t < 11; ++t) w.step();   // calls at ticks 0 and 5 play; the third, at 10, escapes
            CHECK(w.module_health(0).faults == 1);
            CHECK(w.module_health(0).last_fault_tick == 10);
            CHECK(w.module_health(0).last_fault.find("tried what the sandbox refuses: " + std::string(c.reason)) !=
                  std::string::npos);
            CHECK(w.module_health(0).last_fault.find("its pods idle for this call") != std::string::npos);
            CHECK(w.pods()[0].action.kind == PodAction::Kind::None);
            // The module was not stopped: its next call plays.
            for (int t = 0; t < 5; ++t) w.step();
            CHECK(w.pods()[0].action.kind == PodAction::Kind::Move);
            for (int t = 0; t < 584; ++t) w.step();
            CHECK(w.tick() == 600);
            CHECK(w.module_health(0).faults == 1);
            CHECK(w.module_health(1).faults == 0);
        }
        check_nothing_left(host, library);
    }
    CHECK(fs::exists(dir / "keep"));
    CHECK_FALSE(fs::exists(dir / "escaped"));
}

TEST_CASE("podball sandbox: a snapshot copy of a module is in the sandbox too, and goes with its world") {
    const std::string library = escape_module("fork");
    pid_t host = -1;
    {
        PodballWorld w = library_vs_chaser(library);
        host = host_pid(w);
        for (int t = 0; t < 6; ++t) w.step();   // two calls made
        // The escape module has no podball_module_clone: its copy starts afresh (init, then its
        // first call at tick 10), so it tries to fork in its third call, at tick 20.
        auto copy = w.clone();
        auto& c = dynamic_cast<PodballWorld&>(*copy);
        for (int t = 0; t < 15; ++t) c.step();
        CHECK(c.module_health(0).faults == 1);
        CHECK(c.module_health(0).last_fault_tick == 20);
        CHECK(c.module_health(0).last_fault.find("clone (fork: a new process)") != std::string::npos);
        // The copy's log continues its original's: the host's "pid" line, then the copy's own.
        const std::string log = c.team_module(0).log().text;
        CHECK(log.rfind("pid " + std::to_string(host) + "\npid ", 0) == 0);
        for (int t = 0; t < 10; ++t) w.step();
        CHECK(w.module_health(0).faults == 1);
        CHECK(c.module_health(0).faults == 1);
    }
    check_nothing_left(host, library);
}

TEST_CASE("podball sandbox: a module's stdout and stderr are its log, bounded, never Playbench's") {
    PodballWorld w = library_vs_chaser(escape_module("print"));
    for (int t = 0; t < 60; ++t) w.step();   // calls 1 to 12: a line to each stream from the third
    ModuleLog log = w.team_module(0).log();
    CHECK(log.text.find("call 3\nwarning at call 3\ncall 4\nwarning at call 4\n") != std::string::npos);
    CHECK(log.dropped_bytes == 0);
    CHECK(w.module_health(0).faults == 0);
    for (int t = 0; t < 140; ++t) w.step();   // from call 20, 1 MB at once every call
    log = w.team_module(0).log();
    CHECK(log.text.size() <= static_cast<std::size_t>(kLogBytes));
    CHECK(log.text.size() > static_cast<std::size_t>(kLogBytes) - 1024);
    CHECK(log.dropped_bytes >= (std::uint64_t{1} << 20) * 10);
    CHECK(w.module_health(0).faults == 0);
    CHECK(w.team_module(1).log().text.empty());   // a built-in module has no log
}

TEST_CASE(
    "podball sandbox: the memory limit is a parameter, outside the state hash; a leaking module is stopped at it") {
    const ParamDef& def = podball_param_table()[*podball_param_table().find("podball.modules.memory_limit")];
    CHECK(def.unit == "MiB");
    CHECK(def.default_value == kMemoryLimitMiB);
    CHECK(def.min == kMemoryLimitMinMiB);
    CHECK(def.max == kMemoryLimitMaxMiB);
    CHECK_FALSE(def.in_state_hash);

    const std::string library = escape_module("leak");
    PodballWorld limited =
        library_vs_chaser(library, Mode::Running, 3, params_with({{"podball.modules.memory_limit", 256.0}}));
    PodballWorld unlimited = library_vs_chaser(library);
    CHECK(limited.hash() == unlimited.hash());   // a limit on how it runs, not on what it computes
    int ticks = 0;
    while (limited.module_health(0).faults == 0 && ticks < 2000) {
        limited.step();
        ++ticks;
    }
    const std::string fault = limited.module_health(0).last_fault;
    CHECK(fault.find("crashed (SIGSEGV") != std::string::npos);
    CHECK(fault.find("MiB of its memory limit of 256 MiB (podball.modules.memory_limit)") != std::string::npos);
    CHECK(fault.find("its pods idle for the rest of the match") != std::string::npos);
    // 4 MB a call from the third: about 50 calls into 256 MiB (the host takes some), a call every 5 ticks.
    CHECK(ticks > 150);
    CHECK(ticks < 400);
    // The default (1 GiB) lets the same module run further than that.
    for (int t = 0; t < ticks; ++t) unlimited.step();
    CHECK(unlimited.module_health(0).faults == 0);
}

TEST_CASE("podball sandbox: an action kind the ABI does not have is a fault, isolated and in-process") {
    for (const bool in_process : {false, true}) {
        CAPTURE(in_process);
        set_library_modules_in_process(in_process);
        PodballWorld w = library_vs_chaser(escape_module("badkind"));
        set_library_modules_in_process(false);
        for (int t = 0; t < 11; ++t) w.step();
        CHECK(w.module_health(0).faults == 1);
        CHECK(w.module_health(0).last_fault_tick == 10);
        CHECK(w.module_health(0).last_fault.find("pod 0's action has kind 99") != std::string::npos);
        CHECK(w.pods()[1].action.kind == PodAction::Kind::None);   // the whole team idles for the call
        for (int t = 0; t < 5; ++t) w.step();
        CHECK(w.pods()[0].action.kind == PodAction::Kind::Move);
        CHECK(w.module_health(0).faults == 1);
    }
}

#endif   // PB_MODULE_DIR
