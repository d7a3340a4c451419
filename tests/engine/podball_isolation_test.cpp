// Isolated library modules (engine/podball/modules/module_host.hpp): a module that loops, crashes, aborts,
// exits, scribbles past its action array or overruns its budget once is stopped, its pods idle for
// the rest of the match, the fault is reported once, and the match goes on. A well-behaved module
// plays bit for bit the same isolated as in-process, snapshots included.
#include <unistd.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "engine/core/json.hpp"
#include "engine/podball/modules/library_module.hpp"
#include "engine/podball/modules/module_host.hpp"
#include "podball_testing.hpp"

using namespace podball_testing;

#ifdef PB_MODULE_DIR

namespace {

// In-process for the life of the guard.
struct InProcess {
    InProcess() { set_library_modules_in_process(true); }
    ~InProcess() { set_library_modules_in_process(false); }
    InProcess(const InProcess&) = delete;
    InProcess& operator=(const InProcess&) = delete;
};

std::vector<std::uint64_t> hashes(PodballWorld& w, int ticks) {
    std::vector<std::uint64_t> h;
    for (int t = 0; t < ticks; ++t) {
        w.step();
        h.push_back(w.hash());
    }
    return h;
}

}   // namespace

TEST_CASE("podball isolation: isolation is the default") { CHECK_FALSE(library_modules_in_process()); }

TEST_CASE("podball isolation: a module that would take Playbench down is stopped, its pods idle, the match goes on") {
    struct Case {
        const char* variant;
        const char* fault;   // what the report says
    };
    const Case cases[] = {
        {"loop", " ms of processor time"},
        {"segv", "crashed (SIGSEGV"},
        {"abort", "crashed (SIGABRT"},
        {"exit", "exited with status 0"},
        {"scribble", "crashed (SIGSEGV"},   // the guard after the action array stops the first byte past it
        {"slow", "did not answer within 250 ms (in podball_module_play"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.variant);
        PodballWorld w = library_vs_chaser(test_module(c.variant));
        for (int t = 0; t < 11; ++t) w.step();   // calls at ticks 0 and 5 play; the third, at 10, is fatal
        CHECK(w.module_health(0).faults == 1);
        CHECK(w.module_health(0).last_fault_tick == 10);
        CHECK(w.module_health(0).last_fault.find(c.fault) != std::string::npos);
        CHECK(w.module_health(0).last_fault.find("its pods idle for the rest of the match") != std::string::npos);
        for (int t = 0; t < 1500; ++t) w.step();
        CHECK(w.tick() == 1511);
        // One fault, not one per call: the team is idle, the other plays on and scores.
        CHECK(w.module_health(0).faults == 1);
        for (int i = 0; i < 3; ++i) CHECK(w.pods()[static_cast<std::size_t>(i)].action.kind == PodAction::Kind::None);
        CHECK(w.pods()[3].action.kind != PodAction::Kind::None);
        CHECK(w.module_health(1).faults == 0);
        CHECK(w.score()[1] > 0);
        JsonWriter out(false);
        w.write_metrics(out);
        CHECK(out.str().find(c.fault) != std::string::npos);
        // A snapshot of a world whose module was stopped: the copy stays idle, with no new fault.
        auto copy = w.clone();
        auto& restored = dynamic_cast<PodballWorld&>(*copy);
        for (int t = 0; t < 20; ++t) restored.step();
        CHECK(restored.module_health(0).faults == 1);
        CHECK(restored.pods()[0].action.kind == PodAction::Kind::None);
    }
}

TEST_CASE("podball isolation: the slow module is not stopped in-process (no budget there)") {
    InProcess trusted;
    PodballWorld w = library_vs_chaser(test_module("slow"));
    for (int t = 0; t < 30; ++t) w.step();
    CHECK(w.module_health(0).faults == 0);
    CHECK(w.pods()[1].action.kind == PodAction::Kind::Move);
}

TEST_CASE("podball isolation: a huge finite vector is full thrust in its direction, not a fault") {
    for (const bool in_process : {false, true}) {
        CAPTURE(in_process);
        set_library_modules_in_process(in_process);
        PodballWorld w = library_vs_chaser(test_module("huge"));
        for (int t = 0; t < 20; ++t) w.step();
        set_library_modules_in_process(false);
        CHECK(w.module_health(0).faults == 0);
        REQUIRE(w.pods()[0].action.kind == PodAction::Kind::Move);
        CHECK(w.pods()[0].action.v.x == doctest::Approx(std::sqrt(0.5)));
        CHECK(w.pods()[0].action.v.y == doctest::Approx(std::sqrt(0.5)));
        CHECK(std::isfinite(w.pods()[0].pos.x));
    }
}

TEST_CASE("podball isolation: a well-behaved module plays bit for bit the same isolated and in-process") {
    for (const std::string& path : {striker(), test_module("counter")}) {
        CAPTURE(path);
        PodballWorld isolated = library_vs_chaser(path, Mode::KickoffTeam0, 5);
        const std::vector<std::uint64_t> a = hashes(isolated, 3000);
        std::vector<std::uint64_t> b;
        {
            InProcess trusted;
            PodballWorld direct = library_vs_chaser(path, Mode::KickoffTeam0, 5);
            b = hashes(direct, 3000);
        }
        CHECK(a == b);
        CHECK(isolated.module_health(0).faults == 0);
        CHECK(isolated.score()[0] + isolated.score()[1] > 0);

        // Snapshots: a copy taken at tick 1000 continues as the in-process copy does (the
        // striker's state is copied by the fork of its host; the counter restarts from init).
        auto continue_copy = [&](bool in_process) {
            set_library_modules_in_process(in_process);
            PodballWorld w = library_vs_chaser(path, Mode::KickoffTeam0, 5);
            for (int t = 0; t < 1000; ++t) w.step();
            auto copy = w.clone();
            set_library_modules_in_process(false);
            auto& c = dynamic_cast<PodballWorld&>(*copy);
            std::vector<std::uint64_t> h = hashes(c, 500);
            std::vector<double> xs;
            for (int t = 0; t < 50; ++t) {
                c.step();
                xs.push_back(c.pods()[0].pos.x);
            }
            return std::make_pair(h, xs);
        };
        const auto iso = continue_copy(false);
        const auto inp = continue_copy(true);
        CHECK(iso.first == inp.first);
        CHECK(iso.second == inp.second);
    }
}

TEST_CASE("podball isolation: two isolated teams, their calls in flight together, play bit for bit as in-process") {
    // Both teams' play calls are posted before either is awaited (TeamModule::start_play): the
    // two hosts think at the same time, and nothing may change for it.
    PodballSetup s;
    s.teams[0] = TeamInfo{"Blue", "lib:" + striker(), 5};
    s.teams[1] = TeamInfo{"Red", "lib:" + test_module("counter"), 5};
    s.library_paths = {striker(), test_module("counter")};
    s.start_mode = Mode::KickoffTeam1;
    // The seed's ball friction (the default before engine 7), so the striker's long shots score.
    const ParamSet params = params_with({{"podball.ball.friction", 0.004}});
    PodballWorld isolated(params, s, 7);
    const std::vector<std::uint64_t> a = hashes(isolated, 4000);
    std::vector<std::uint64_t> b;
    {
        InProcess trusted;
        PodballWorld direct(params, s, 7);
        b = hashes(direct, 4000);
    }
    REQUIRE(a.size() == b.size());
    CHECK(a == b);
    CHECK(isolated.module_health(0).faults == 0);
    CHECK(isolated.module_health(1).faults == 0);
    CHECK(isolated.module_health(0).load_error.empty());
    CHECK(isolated.module_health(1).load_error.empty());
    CHECK(isolated.score()[0] + isolated.score()[1] > 0);
}

TEST_CASE("podball isolation: a host that sleeps between calls, on its futex or on the socket, plays bit for bit") {
    // A host yields a while after each call, then sleeps on its bell's futex, then on the socket
    // (module_host.hpp: kHostYieldMicroseconds, kHostFutexMicroseconds); Playbench likewise while it
    // waits. Pauses between ticks send both teams' hosts to each, and a snapshot copy is asked
    // for while they sleep on the futex: every call and op must reach them whatever they sleep on.
    using namespace std::chrono_literals;
    static_assert(host::kHostYieldMicroseconds < 2000 && host::kHostFutexMicroseconds < 30000);
    PodballSetup s;
    s.teams[0] = TeamInfo{"Blue", "lib:" + striker(), 5};
    s.teams[1] = TeamInfo{"Red", "lib:" + test_module("counter"), 5};
    s.library_paths = {striker(), test_module("counter")};
    s.start_mode = Mode::KickoffTeam1;
    const ParamSet params = params_with({{"podball.ball.friction", 0.004}});
    auto play = [&](bool pauses) {
        PodballWorld w(params, s, 11);
        std::vector<std::uint64_t> h = hashes(w, 200);
        decltype(w.clone()) copy;
        for (int round = 0; round < 6; ++round) {
            if (pauses) std::this_thread::sleep_for(round % 2 == 0 ? 2ms : 30ms);   // futex, socket
            if (round == 4) copy = w.clone();
            for (std::uint64_t x : hashes(w, 40)) h.push_back(x);
        }
        auto& c = dynamic_cast<PodballWorld&>(*copy);
        if (pauses) std::this_thread::sleep_for(2ms);
        for (std::uint64_t x : hashes(c, 200)) h.push_back(x);
        CHECK(w.module_health(0).faults == 0);
        CHECK(w.module_health(1).faults == 0);
        CHECK(c.module_health(0).faults == 0);
        CHECK(c.module_health(1).faults == 0);
        return h;
    };
    const std::vector<std::uint64_t> isolated = play(true);
    std::vector<std::uint64_t> direct;
    {
        InProcess trusted;
        direct = play(false);
    }
    REQUIRE(isolated.size() == direct.size());
    CHECK(isolated == direct);
}

TEST_CASE(
    "podball isolation: a slow yield makes a side sleep first, 1 ms at first, longer only while yields stay slow") {
    using namespace pb::podball::host;
    SleepFirst w;
    CHECK_FALSE(w.active(0));
    w.slow_yield(1000);   // one slow yield on a quiet machine: 1 ms of sleeping first
    CHECK(w.active(1000 + kSleepFirstMinNs - 1));
    CHECK_FALSE(w.active(1000 + kSleepFirstMinNs));
    w.slow_yield(5000000);   // the next one: 2 ms
    CHECK(w.until_ns == 5000000 + 2 * kSleepFirstMinNs);
    for (int i = 0; i < 20; ++i) w.slow_yield(10000000);   // a busy machine: up to 100 ms
    CHECK(w.until_ns == 10000000 + kSleepFirstMaxNs);
    CHECK(w.length_ns == kSleepFirstMaxNs);
    for (int i = 0; i < 3; ++i) w.timely_wait();   // yields on time again: shorter each wait
    CHECK(w.length_ns == kSleepFirstMaxNs / 8);
    for (int i = 0; i < 20; ++i) w.timely_wait();
    CHECK(w.length_ns == kSleepFirstMinNs);
}

TEST_CASE("podball isolation: a spare host never plays an old build of a library") {
    // Hosts are started ahead (the library loaded) so a new match need not wait for one; a
    // library rebuilt since is loaded afresh.
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / ("pb-spare-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    const fs::path lib = dir / "libmine.so";
    fs::copy_file(striker(), lib, fs::copy_options::overwrite_existing);
    std::string error;
    auto first = load_library_module(lib.string(), error);
    REQUIRE(first);
    CHECK(first->name() == "simple_striker");
    auto second = load_library_module(lib.string(), error);   // a spare, most likely
    REQUIRE(second);
    CHECK(second->name() == "simple_striker");
    std::this_thread::sleep_for(std::chrono::milliseconds(300));   // spares of the old build start

    fs::remove(lib);   // "rebuilt": another library at the same path
    fs::copy_file(test_module("counter"), lib);
    auto rebuilt = load_library_module(lib.string(), error);
    REQUIRE(rebuilt);
    CHECK(rebuilt->name() == "test_module");
    LibraryInfo info;
    CHECK_FALSE(probe_module_library(lib.string(), &info).has_value());
    CHECK(info.name == "test_module");
    // The probe's host, given back as a spare, is taken at once (not awaited again: that would
    // wait out the 2 s budget and start another).
    const auto before = std::chrono::steady_clock::now();
    auto after_probe = load_library_module(lib.string(), error);
    const auto took = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - before);
    REQUIRE(after_probe);
    CHECK(after_probe->name() == "test_module");
    CHECK(took.count() < 1500);

    fs::remove(lib);   // gone: an error, not a spare
    CHECK(probe_module_library(lib.string()).has_value());
    CHECK_FALSE(load_library_module(lib.string(), error));
    CHECK(error.find("libmine.so") != std::string::npos);
    fs::remove_all(dir);
}

#endif   // PB_MODULE_DIR
