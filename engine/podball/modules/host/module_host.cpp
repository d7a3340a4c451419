// The module host: the program that runs one team module library in its own process
// (engine/podball/modules/module_host.hpp). It is single-threaded and talks to Playbench only through the
// socket on fd 3 and the shared page on fd 4; the module sees copies of its inputs in the host's
// own memory, and its action array ends at a page followed by 16 MB of inaccessible address space,
// so writing past the array stops the host with SIGSEGV at once instead of silently corrupting
// memory. Before it loads the library it shuts itself in (engine/podball/modules/host/module_sandbox.hpp).
#include "engine/podball/modules/module_host.hpp"

#include <dlfcn.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>

#include "engine/podball/modules/host/module_sandbox.hpp"

namespace pb::podball {
namespace {

using host::HostShared;

// The longest one call may run even when nobody is waiting for it (Playbench gone): the host
// then ends itself (SIGALRM), so a looping module never outlives Playbench for long. Play calls
// re-arm the alarm only when it was set kOrphanRearmSeconds ago or more (a call in 25-30 s).
constexpr unsigned kOrphanSeconds = 30;
constexpr std::int64_t kOrphanRearmSeconds = 5;
constexpr std::size_t kGuardBytes = std::size_t{16} << 20;

std::int64_t clock_ns(clockid_t clock) {
    timespec t{};
    clock_gettime(clock, &t);
    return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

using host::copy_text;

bool reply(int sock, unsigned char r) { return host::send_byte(sock, r); }

constexpr int kClosed = -1;   // read_op: Playbench closed the socket
constexpr int kBroken = -2;   // read_op: the socket is unusable (the module closed or replaced it)

// Reads one op; for OpClone also the three descriptors that come with it (socket, page, log).
int read_op(int sock, int fds[3]) {
    unsigned char op = 0;
    const long got = host::receive_byte(sock, op, fds, 3);
    if (got == 0) return kClosed;
    if (got != 1) return kBroken;
    return op;
}

HostShared* map_shared(int fd) {
    void* p = mmap(nullptr, sizeof(HostShared), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    return p == MAP_FAILED ? nullptr : static_cast<HostShared*>(p);
}

// The refusals of the call just made (the sandbox's SIGSYS handler or Playbench recorded them):
// none yet for the next one.
void clear_refusals(HostShared* sh) {
    sh->call_refusals = 0;
    sh->refused_nr = -1;
    sh->refused[0] = '\0';
}

// What the sandbox refused in the call just made, named ("openat"); "" when nothing.
std::string refusals(HostShared* sh) {
    if (sh->call_refusals == 0) return "";
    if (sh->refused_nr >= 0 && sh->refused[0] == '\0')
        copy_text(sh->refused, sizeof sh->refused, sandbox::syscall_name(sh->refused_nr, sh->refused_arch));
    return host::refusal_text(*sh);
}

}   // namespace

int module_host_main(int argc, char** argv) {
    signal(SIGPIPE, SIG_IGN);
    if (argc < host::kHostArgs) {
        std::fprintf(stderr, "%s: run by Playbench for an isolated team module, not by hand\n", kModuleHostName);
        return 2;
    }
    // Ends with the Playbench thread that started it; Playbench may be gone already.
    const pid_t playbench = static_cast<pid_t>(std::strtol(argv[3], nullptr, 10));
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != playbench) return 0;
    const std::uint64_t memory_limit = std::strtoull(argv[2], nullptr, 10);
    // Only fds 0 to 4 are the host's (Playbench's spawn closes the others; a wrapper may not).
    close_range(host::kMemFd + 1, ~0u, 0);
    // Unbuffered, like stderr (stdout is a file, which stdio would buffer by 4 KB): the log shows
    // what a module printed at once, a crash loses none of it, and every printf is one write, so
    // what the full log refuses is counted whole (a buffered stream drops some without a write).
    setvbuf(stdout, nullptr, _IONBF, 0);
    int sock = host::kSocketFd;
    HostShared* shared = map_shared(host::kMemFd);
    if (!shared) return 3;
    shared->memory_used_mib = -1;
    clear_refusals(shared);
    sandbox::watch(shared, memory_limit);

    // The module's own copies of its inputs and its action array, the array ending where the
    // inaccessible guard begins.
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    void* area = mmap(nullptr, page + kGuardBytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (area == MAP_FAILED || mprotect(area, page, PROT_READ | PROT_WRITE) != 0) return 3;
    static_assert(sizeof(podball_world) + sizeof(podball_settings) + sizeof(podball_action) * PODBALL_MAX_PODS <= 4096);
    auto* world = static_cast<podball_world*>(area);
    auto* live_settings = reinterpret_cast<podball_settings*>(static_cast<char*>(area) + sizeof(podball_world));
    auto* actions =
        reinterpret_cast<podball_action*>(static_cast<char*>(area) + page - sizeof(podball_action) * PODBALL_MAX_PODS);
    podball_settings init_settings{};

    const std::string path = argv[1];
    ModuleEntryPoints lib;
    std::string error;
    auto fail = [&](const std::string& why) {
        shared->magic = host::kMagic;
        copy_text(shared->error, sizeof shared->error, why);
        reply(sock, host::ReplyError);
        return 0;
    };
    // The sandbox, before any of the library's code runs (its constructors run in dlopen).
    int listener = -1;
    for (const std::string& why : {sandbox::limit(memory_limit), sandbox::install_handlers()})
        if (!why.empty()) return fail(why);
    if (const std::string why = sandbox::filter_for_loading(listener); !why.empty()) return fail(why);
    const bool handed = host::send_byte(sock, host::ReplyListener, &listener, 1);
    close(listener);   // only Playbench may answer the filter
    if (!handed) return host::kExitLostConnection;

    // The library's answer when something throws: with what the process had used, when that was
    // its memory limit (a module's allocation then fails).
    auto note_memory = [&] { shared->memory_used_mib = sandbox::memory_at_limit_mib(memory_limit); };
    // A module may tell that it runs in the sandbox (and, say, not try to write a file).
    setenv(kModuleSandboxEnv, "1", 1);
    alarm(kOrphanSeconds);
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        error = "cannot load module library '" + path + "': " + (why ? why : "unknown reason");
    }
    if (handle) error = bind_module(handle, path, lib);
    if (error.empty()) {
        const podball_module_info* info = lib.info;
        copy_text(shared->name, sizeof shared->name, info->name && *info->name ? info->name : path);
        copy_text(shared->author, sizeof shared->author, info->author ? info->author : "");
        copy_text(shared->description, sizeof shared->description, info->description ? info->description : "");
        shared->can_clone = lib.clone ? 1 : 0;
    }
    alarm(0);
    if (const std::string refused = refusals(shared); !refused.empty() && error.empty())
        error = "module library '" + path + "' tried what the sandbox refuses while it was loaded: " + refused;
    if (error.empty()) error = sandbox::filter_for_calls();
    if (!error.empty()) return fail(error);
    shared->magic = host::kMagic;
    if (!reply(sock, host::ReplyOk)) return host::kExitLostConnection;

    void* state = nullptr;
    // init with the settings it was first given: at start, and in a snapshot copy of a module
    // without podball_module_clone. A refused system call in init keeps the module from playing.
    auto make_state = [&]() -> std::string {
        alarm(kOrphanSeconds);
        clear_refusals(shared);
        shared->module_error[0] = '\0';
        std::string why;
        try {
            state = lib.init(&init_settings);
        } catch (const std::exception& e) {
            note_memory();
            why = std::string("podball_module_init failed: ") + e.what();
        } catch (...) {
            note_memory();
            why = "podball_module_init failed with an exception";
        }
        alarm(0);
        if (const std::string refused = refusals(shared); !refused.empty())
            return "module library '" + path + "': podball_module_init tried what the sandbox refuses: " + refused;
        if (!why.empty()) return why;
        if (!state) {
            copy_text(shared->module_error, sizeof shared->module_error, module_last_error(lib.last_error, nullptr));
            return "module library '" + path + "': podball_module_init returned NULL";
        }
        return "";
    };

    std::uint32_t last_play = 0;
    std::uint32_t bell_seen = 0;   // the host's bell as far as the host has answered it
    host::Waiter waiter;
    auto request = [&] { return std::atomic_ref<std::uint32_t>(shared->play_request).load(); };
    auto bell = [&] { return std::atomic_ref<std::uint32_t>(shared->host_bell).load(); };
    // The orphan alarm of play calls (set at alarm_set_ns, CLOCK_MONOTONIC, a call without a system
    // call) and the last reading of the processor clock (cpu_mark_ns at cpu_mark_wall_ns).
    bool alarm_armed = false;
    std::int64_t alarm_set_ns = 0;
    std::int64_t cpu_mark_ns = 0;
    std::int64_t cpu_mark_wall_ns = INT64_MIN / 2;
    auto disarm = [&] {
        if (alarm_armed) alarm(0);
        alarm_armed = false;
    };
    for (;;) {
        // The bell: spin, then sleep on its futex a while, then on the socket (module_host.hpp).
        int op = kClosed;
        int fds[3] = {-1, -1, -1};
        const std::int64_t wait_start = host::monotonic_ns();
        const bool rang =
            waiter.await([&] { return bell() != bell_seen; }, bell, &shared->host_bell, &shared->host_waiting,
                         host::kHostSpinPauses, wait_start + std::int64_t{host::kHostYieldMicroseconds} * 1000,
                         wait_start + std::int64_t{host::kHostFutexMicroseconds} * 1000);
        if (!rang) {
            disarm();   // no call runs while the host sleeps
            std::atomic_ref<std::uint32_t>(shared->host_waiting).store(host::kWaitSocket);
            if (bell() == bell_seen) op = read_op(sock, fds);
            std::atomic_ref<std::uint32_t>(shared->host_waiting).store(host::kWaitNone);
            if (op == kBroken) return host::kExitLostConnection;
            if (op == kClosed && bell() == bell_seen) return 0;   // Playbench closed the socket
        }
        // Playbench rings the bell once for every play call it posts and every op it sends, before
        // the op's byte: an op read here has rung already, and a ring without a new play call
        // is an op on its way (wake bytes before it are stale).
        const std::uint32_t rung = bell();
        if (op >= 0 && op != host::OpWake) {
            bell_seen = rung;
        } else if (rung != bell_seen) {
            bell_seen = rung;
            if (request() != last_play) {
                op = host::OpPlay;
            } else {
                do {
                    op = read_op(sock, fds);
                } while (op == host::OpWake);
                if (op == kBroken) return host::kExitLostConnection;
            }
        } else {
            continue;   // a stale wake byte: nothing new
        }
        if (op < 0 || op == host::OpQuit) return 0;
        if (op != host::OpPlay) disarm();   // init and clone set their own
        if (op == host::OpInit) {
            std::memcpy(&init_settings, &shared->settings, sizeof init_settings);
            const std::string why = make_state();
            shared->magic = host::kMagic;
            if (!why.empty()) copy_text(shared->error, sizeof shared->error, why);
            if (!reply(sock, why.empty() ? host::ReplyOk : host::ReplyError)) return host::kExitLostConnection;
        } else if (op == host::OpPlay) {
            std::memcpy(world, &shared->world, sizeof *world);
            std::memcpy(live_settings, &shared->settings, sizeof *live_settings);
            world->settings = live_settings;
            // Only the actions of the pods in the view go back (fewer cache lines between cores).
            const int returned = std::clamp(world->own_count, 0, PODBALL_MAX_PODS);
            for (int i = 0; i < PODBALL_MAX_PODS; ++i) actions[i] = podball_action{PODBALL_ACTION_NONE, 0, {0.0, 0.0}};
            unsigned char r = host::ReplyOk;
            std::int32_t status = 0;
            const std::int64_t wall = clock_ns(CLOCK_MONOTONIC);
            if (wall - cpu_mark_wall_ns >= host::kCpuMarkNs) {
                cpu_mark_ns = clock_ns(CLOCK_PROCESS_CPUTIME_ID);
                cpu_mark_wall_ns = wall;
            }
            shared->play_cpu_ns = cpu_mark_ns;
            shared->play_cpu_slack_ns = wall - cpu_mark_wall_ns;
            shared->call_refusals = 0;
            std::atomic_ref<std::uint32_t>(shared->play_started).store(request());
            if (!alarm_armed || wall - alarm_set_ns >= kOrphanRearmSeconds * 1000000000) {
                alarm(kOrphanSeconds);
                alarm_armed = true;
                alarm_set_ns = wall;
            }
            try {
                status = lib.play(state, world, actions);
            } catch (const std::exception& e) {
                r = host::ReplyThrew;
                note_memory();
                copy_text(shared->error, sizeof shared->error, e.what());
            } catch (...) {
                note_memory();
                r = host::ReplyForeign;
            }
            // Refused system calls: named (not in the handler: naming allocates), the call a fault.
            if (shared->call_refusals != 0) {
                r = host::ReplyRefused;
                refusals(shared);
            }
            // The module's own words for a failed call, within the call's budget.
            if (status != 0 && r == host::ReplyOk)
                copy_text(shared->module_error, sizeof shared->module_error, module_last_error(lib.last_error, state));
            shared->magic = host::kMagic;
            shared->status = status;
            std::memcpy(shared->actions, actions, sizeof(podball_action) * static_cast<std::size_t>(returned));
            shared->play_reply = r;
            last_play = request();
            std::atomic_ref<std::uint32_t>(shared->play_done).store(last_play);
            const std::uint32_t waiting = std::atomic_ref<std::uint32_t>(shared->caller_waiting).load();
            if (waiting == host::kWaitFutex) host::futex_wake(&shared->play_done);
            if (waiting == host::kWaitSocket && !reply(sock, host::ReplyWake)) return host::kExitLostConnection;
        } else if (op == host::OpClone) {
            if (fds[0] < 0 || fds[1] < 0 || fds[2] < 0) return 4;
            // What the module printed goes to the original's log, not again to the copy's.
            std::fflush(stdout);
            std::fflush(stderr);
            // Not fork(): the copy is Playbench's own child (CLONE_PARENT), which Playbench lets
            // through while it waits for this answer (library_module.cpp, HostFamily).
            const long pid = syscall(SYS_clone, host::kCloneFlags, 0, 0, 0, 0);
            if (pid == 0) {
                // The copy: dies with Playbench too; serves the new socket, page and log; keeps
                // this memory (a deep copy of the state), or starts afresh like the in-process
                // copy of a module without clone.
                if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != playbench) _exit(0);
                dup2(fds[0], host::kSocketFd);
                dup2(fds[1], host::kMemFd);
                dup2(fds[2], STDOUT_FILENO);
                dup2(fds[2], STDERR_FILENO);
                for (int fd : fds) close(fd);
                munmap(shared, sizeof(HostShared));
                shared = map_shared(host::kMemFd);
                if (!shared) _exit(3);
                shared->memory_used_mib = -1;
                clear_refusals(shared);
                sandbox::watch(shared, memory_limit);
                last_play = 0;
                bell_seen = 0;                      // the new page's bell
                alarm_armed = false;                // a fork has no alarm
                cpu_mark_wall_ns = INT64_MIN / 2;   // nor the processor time of the original
                std::string why;
                if (!lib.clone) why = make_state();
                shared->magic = host::kMagic;
                if (!why.empty()) copy_text(shared->error, sizeof shared->error, why);
                if (!reply(sock, why.empty() ? host::ReplyOk : host::ReplyError)) return host::kExitLostConnection;
                continue;
            }
            for (int fd : fds) close(fd);
            shared->magic = host::kMagic;
            shared->clone_pid = pid > 0 ? static_cast<std::int32_t>(pid) : -1;
            if (!reply(sock, pid > 0 ? host::ReplyOk : host::ReplyError)) return host::kExitLostConnection;
        } else {
            return 4;
        }
    }
}

}   // namespace pb::podball
