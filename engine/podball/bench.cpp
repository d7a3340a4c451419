// `playbench bench podball`: ticks per second of whole matches (kick-offs, goals, periods, the
// metrics and the team modules included), one thread. Time is the process's CPU time
// (std::clock), so other work on a shared machine does not count against the engine; rounds
// smooth out cache and frequency noise, the median is reported.
#include <sched.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <memory>
#include <ostream>
#include <vector>

#include "engine/core/bench_timing.hpp"
#include "engine/core/read_file.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/modules/library_module.hpp"
#include "engine/podball/modules/module_host.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {
namespace {

struct Rate {
    double median = 0.0, best = 0.0;
    std::int64_t ticks = 0;
    int matches = 0;   // matches completed
    std::array<int, 2> goals{0, 0};
};

// Plays matches back to back (seeds 1, 2, ...) in rounds of at least `seconds` of CPU time (or
// wall-clock time with `wall`: isolated library modules spend theirs in other processes).
Rate measure(const ParamSet& params, const PodballSetup& setup, int rounds, double seconds, bool wall = false) {
    std::uint64_t seed = 1;
    auto world = std::make_unique<PodballWorld>(params, setup, seed);
    Rate r;
    auto run = [&](int ticks) {
        for (int i = 0; i < ticks; ++i) {
            world->step();
            if (world->finished()) {
                ++r.matches;
                r.goals[0] += world->score()[0];
                r.goals[1] += world->score()[1];
                world = std::make_unique<PodballWorld>(params, setup, ++seed);
            }
        }
    };
    run(20000);   // warm caches and branch predictors
    r = Rate{};
    std::vector<double> rates;
    for (int round = 0; round < rounds; ++round) {
        std::int64_t ticks = 0;
        const std::clock_t start = std::clock();
        const auto wall_start = std::chrono::steady_clock::now();
        double elapsed = 0.0;
        do {
            run(20000);
            ticks += 20000;
            elapsed = wall ? std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count()
                           : static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC;
        } while (elapsed < seconds);
        rates.push_back(static_cast<double>(ticks) / elapsed);
        r.ticks += ticks;
    }
    std::sort(rates.begin(), rates.end());
    r.median = rates[rates.size() / 2];
    r.best = rates.back();
    return r;
}

PodballSetup teams(const char* module0, const char* module1, int pods) {
    PodballSetup s;
    s.teams[0] = TeamInfo{"Blue", module0, pods};
    s.teams[1] = TeamInfo{"Red", module1, pods};
    return s;
}

// The rate (core's report_rate), then what was played to measure it.
void report(std::ostream& out, const char* what, const Rate& r, double target) {
    report_rate(out, "podball", what, r.median, r.best, "ticks/s", target);
    char line[160];
    std::snprintf(line, sizeof line, "  %lld ticks measured, %d full matches, goals %d : %d",
                  static_cast<long long>(r.ticks), r.matches, r.goals[0], r.goals[1]);
    report_line(out, "podball", line);
}

// Matches of `setup` back to back (seeds 1, 2, ...) with library modules isolated or in-process
// (library_module.hpp: decided when a world loads its modules).
class MatchRunner {
public:
    MatchRunner(const ParamSet& params, const PodballSetup& setup, bool in_process)
        : params_(params), setup_(setup), in_process_(in_process) {
        next_match();
    }
    // Plays `ticks` ticks; their wall-clock rate.
    double run(int ticks) {
        const auto start = std::chrono::steady_clock::now();
        for (int i = 0; i < ticks; ++i) {
            world_->step();
            if (world_->finished()) next_match();
        }
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return seconds > 0.0 ? ticks / seconds : 0.0;
    }

private:
    void next_match() {
        const bool was = library_modules_in_process();
        set_library_modules_in_process(in_process_);
        world_ = std::make_unique<PodballWorld>(params_, setup_, ++seed_);
        set_library_modules_in_process(was);
    }
    const ParamSet& params_;
    PodballSetup setup_;
    bool in_process_;
    std::uint64_t seed_ = 0;
    std::unique_ptr<PodballWorld> world_;
};

// What handing the processor from one process to another costs on this machine: two processes
// kept on one processor pass a turn back and forth through a shared page, each waiting by
// sched_yield as a host does (engine/podball/modules/module_host.hpp). Microseconds per hand-off,
// or a negative number when it could not be measured (the second process did not start or
// did not finish within two seconds).
double handoff_microseconds() {
    cpu_set_t before;
    if (sched_getaffinity(0, sizeof before, &before) != 0) return -1.0;
    const int cpu = sched_getcpu();
    if (cpu < 0) return -1.0;
    cpu_set_t one;
    CPU_ZERO(&one);
    CPU_SET(cpu, &one);
    if (sched_setaffinity(0, sizeof one, &one) != 0) return -1.0;
    void* page = mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    double result = -1.0;
    if (page != MAP_FAILED) {
        auto turn = std::atomic_ref<std::int64_t>(*static_cast<std::int64_t*>(page));
        constexpr std::int64_t kHandoffs = 20000;
        turn.store(0);
        const auto start = std::chrono::steady_clock::now();
        const auto give_up = start + std::chrono::seconds(2);
        const pid_t child = fork();
        if (child == 0) {
            for (std::int64_t i = 1; i < kHandoffs; i += 2) {
                while (turn.load() != i)
                    if (std::chrono::steady_clock::now() > give_up)
                        _exit(1);
                    else
                        sched_yield();
                turn.store(i + 1);
            }
            _exit(0);
        }
        bool finished = child > 0;
        for (std::int64_t i = 0; finished && i < kHandoffs; i += 2) {
            turn.store(i + 1);
            while (finished && turn.load() != i + 2) {
                sched_yield();
                if (std::chrono::steady_clock::now() > give_up) finished = false;
            }
        }
        const auto end = std::chrono::steady_clock::now();
        if (child > 0) {
            if (!finished) kill(child, SIGKILL);
            waitpid(child, nullptr, 0);
        }
        if (finished) result = std::chrono::duration<double, std::micro>(end - start).count() / kHandoffs;
        munmap(page, 4096);
    }
    sched_setaffinity(0, sizeof before, &before);
    return result;
}

// The cost of isolation: a 5v5 match of the example library module (examples/modules, built
// next to Playbench) against itself, isolated (two host processes, both teams' calls posted
// before either is awaited) and in-process. Wall-clock time for both (the hosts' time counts),
// in alternating rounds, so that the load of a shared machine, which changes from second to
// second, weighs on both alike; the share is the median of the rounds' shares.
void bench_library_modules(std::ostream& out, const ParamSet& params) {
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    const std::string lib = (self.parent_path() / "libsimple_striker.so").string();
    if (ec || !std::filesystem::is_regular_file(lib, ec)) {
        report_line(
            out, "podball",
            "library modules: skipped (no libsimple_striker.so next to Playbench: build the simple_striker target)");
        return;
    }
    PodballSetup s = teams(("lib:" + lib).c_str(), ("lib:" + lib).c_str(), 5);
    s.library_paths = {lib, lib};
    MatchRunner isolated(params, s, false), direct(params, s, true);
    isolated.run(20000);   // warm up (and start the hosts)
    direct.run(20000);
    constexpr int kRounds = 7;
    std::vector<double> iso_rates, direct_rates, shares;
    for (int round = 0; round < kRounds; ++round) {
        const double i = isolated.run(60000);
        const double d = direct.run(200000);
        iso_rates.push_back(i);
        direct_rates.push_back(d);
        shares.push_back(d > 0.0 ? 100.0 * i / d : 0.0);
    }
    auto median = [](std::vector<double> v) {
        std::sort(v.begin(), v.end());
        return v[v.size() / 2];
    };
    const double share = median(shares);
    char line[480];
    std::snprintf(
        line, sizeof line,
        "5v5 library module simple_striker vs itself, wall-clock: isolated %.0f ticks/s, in-process "
        "%.0f ticks/s (medians of %d alternating rounds): isolated at %.0f %% of in-process (rounds %.0f-%.0f %%), "
        "target >= 25 %%: %s",
        median(iso_rates), median(direct_rates), kRounds, share, *std::min_element(shares.begin(), shares.end()),
        *std::max_element(shares.begin(), shares.end()), share >= 25.0 ? "met" : "NOT MET");
    report_line(out, "podball", line);
    // Both teams' calls every ctrl_step ticks: with three processes on two processors, a round of
    // calls takes at least one hand-off besides the round's ticks (docs/benchmarks.md#podball).
    const double handoff = handoff_microseconds();
    const double in_process = median(direct_rates), ctrl_step = config_from(params).ctrl_step;
    if (handoff > 0.0 && in_process > 0.0) {
        const double round_us = ctrl_step / in_process * 1e6;
        std::snprintf(line, sizeof line,
                      "  a hand-off between two processes on one processor costs %.1f us here; a round of calls "
                      "(%.0f ticks, %.2f us in-process) with one hand-off would be at most %.0f %% of in-process",
                      handoff, ctrl_step, round_us, 100.0 * round_us / (round_us + handoff));
        report_line(out, "podball", line);
    }
    std::snprintf(
        line, sizeof line,
        "  isolation: one host process per team, both teams' calls in flight together (every ctrl_step ticks), "
        "budgets %d ms of processor time (%d ms wall-clock) per play, %d ms for init",
        kPlayBudgetMs, kPlayWallMs, kInitBudgetMs);
    report_line(out, "podball", line);
}

// The Lua chaser (examples/lua/chaser.lua: the built-in chaser's play, move for move) against
// itself: the cost of a team written in Lua. Found in the source tree beside a build folder, or
// installed (PREFIX/share/playbench/examples/lua for PREFIX/bin/playbench).
void bench_lua_chaser(std::ostream& out, const ParamSet& params) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const fs::path self = fs::read_symlink("/proc/self/exe", ec);
    std::string text;
    for (const fs::path& p : {self.parent_path().parent_path().parent_path() / "examples/lua/chaser.lua",
                              self.parent_path().parent_path() / "share/playbench/examples/lua/chaser.lua"}) {
        try {
            text = read_regular_file(p.string(), 1u << 20, "the Lua chaser");
            break;
        } catch (const std::exception&) {}
    }
    if (text.empty()) {
        report_line(out, "podball", "Lua chaser: skipped (examples/lua/chaser.lua not found beside Playbench)");
        return;
    }
    PodballSetup s = teams("lua:chaser.lua", "lua:chaser.lua", 5);
    const auto script = std::make_shared<const LuaScript>(LuaScript{"chaser.lua", text});
    s.lua_scripts = {script, script};
    report(out, "5v5 Lua chaser vs Lua chaser (examples/lua/chaser.lua, the chaser's play in Lua), full matches",
           measure(params, s, 3, 0.5), 150000.0);
}

}   // namespace

void bench_podball(std::ostream& out) {
    const ParamSet params(podball_param_table());
    report_line(out, "podball", "ticks per second of CPU time, one thread: the median of 3 rounds, the best beside it");
    report(out, "5v5 formation vs passer, 2-period matches, modules + metrics",
           measure(params, teams("formation", "passer", 5), 3, 0.5), 1e6);
    report(out, "11v11 formation vs passer, full 2-period matches",
           measure(params, teams("formation", "passer", 11), 3, 0.5), 0.0);
    report(out, "5v5 chaser vs chaser, full matches", measure(params, teams("chaser", "chaser", 5), 3, 0.3), 2e6);
    const Rate idle = measure(params, teams("idle", "idle", 5), 3, 0.15);
    report_rate(out, "podball", "5v5 idle vs idle (physics, rules and metrics only)", idle.median, idle.best,
                "ticks/s");
    bench_lua_chaser(out, params);
    bench_library_modules(out, params);
}

}   // namespace pb::podball
