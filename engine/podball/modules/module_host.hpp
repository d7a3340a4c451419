// Isolated library modules: the wire between Playbench and `playbench-module-host`, the small
// program (engine/podball/modules/host/module_host.cpp) that dlopens a team module library in a child process and runs
// its calls there, so a module that loops, crashes, aborts, exits or scribbles takes only its own
// process down, and inside a sandbox (engine/podball/modules/host/module_sandbox.cpp), so that it cannot get out of that
// process either: no new process, no signal to another, no file, no socket, a memory limit.
//
// One host process per team module (and per snapshot copy of it), and up to two spares per
// library started ahead with the library loaded (library_module.cpp, HostPool). The world posts
// both teams' play calls before it waits for either (TeamModule::start_play). Playbench and the host share
// one page of memory (a memfd both map: HostShared below) and a Unix socket. A call is one byte
// each way: Playbench writes the inputs into the shared page and sends the op; the host copies
// them into its own memory, calls the library, copies the outputs back and answers with one byte.
// Playbench waits for the answer at most the call's budget (kInitBudgetMs, kPlayBudgetMs); on
// overrun it kills the host. Everything the host wrote is checked by Playbench before use (counts,
// kinds, finite numbers), so a scribbled page is a fault, never a crash.
//
// Snapshot copies (TeamModule::clone): Playbench passes a new socket, a new memfd and a new log to
// the host (SCM_RIGHTS), the host forks itself and the fork serves the copy: its module state is a
// copy of the original's memory (modules with podball_module_clone), or made afresh by init with
// the original settings (modules without), exactly as the in-process copy does. The fork is made
// with CLONE_PARENT, so every process of a host family (the host and its copies) is Playbench's
// own child, in the host's process group.
//
// The sandbox (docs/team-modules.md#library-modules-run-isolated-the-default): the host starts in a process group of its
// own, dies with the Playbench thread that started it (PR_SET_PDEATHSIG), has its address space
// (RLIMIT_AS: podball.modules.memory_limit), its log (RLIMIT_FSIZE: kLogBytes), its descriptors
// and core dumps limited, and installs a seccomp filter before it loads the library. System calls
// the filter refuses fail with EPERM and are recorded in the shared page (`call_refusals`,
// `refused`); a play call that had any answers ReplyRefused, and Playbench counts a fault with the
// call's name. Creating a process or sending a signal is decided by Playbench itself (seccomp user
// notification: the host hands Playbench the filter's listener first thing): it lets through only
// the host's own snapshot fork, while it asked for one, and a signal a process sends to itself.
// The module's stdout and stderr are one memfd per module (O_APPEND), read only when shown.
#pragma once
#include <linux/futex.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <string>

#include "engine/podball/modules/module_abi.hpp"

namespace pb::podball {

// Time budgets of one call (docs/team-modules.md#library-modules-run-isolated-the-default). Loading the library and
// init, and making a snapshot copy: 2 s, wall-clock. One play call: 50 ms of the host's processor
// time (a team is called every ctrl_step ticks; a 5v5 module answers in microseconds), and at most
// 250 ms wall-clock (a module that sleeps or blocks); processor time, so that a busy machine
// that leaves the host waiting for a core does not stop a module that did nothing wrong.
inline constexpr int kInitBudgetMs = 2000;
inline constexpr int kPlayBudgetMs = 50;
inline constexpr int kPlayWallMs = 250;

// The sandbox's limits. The module's log (its stdout and stderr) keeps its first kLogBytes; what
// it writes beyond is dropped and counted. The address space a module's process may use is the
// parameter podball.modules.memory_limit (engine/podball/params.cpp), kMemoryLimitMiB unless set.
inline constexpr std::int64_t kLogBytes = 64 * 1024;
inline constexpr int kMemoryLimitMiB = 1024;
inline constexpr int kMemoryLimitMinMiB = 128;
inline constexpr int kMemoryLimitMaxMiB = 65536;

// The environment variable that names the host program (default: playbench-module-host next to
// the running executable).
inline constexpr const char* kModuleHostEnv = "PLAYBENCH_MODULE_HOST";
inline constexpr const char* kModuleHostName = "playbench-module-host";
// Set (to "1") in the environment of a module that runs in the sandbox.
inline constexpr const char* kModuleSandboxEnv = "PLAYBENCH_MODULE_SANDBOX";

namespace host {

inline constexpr std::uint32_t kMagic = 0x50424d48u;   // "PBMH"
// The host's descriptors: its log is 1 and 2 (stdout, stderr), 0 is /dev/null; nothing else is
// open when it starts.
inline constexpr int kSocketFd = 3;   // the host's end of the socket, as the host sees it
inline constexpr int kMemFd = 4;      // the shared page
// The host's arguments: argv[1] the library's path, argv[2] its memory limit in bytes, argv[3]
// Playbench's process id (the host ends at once when its parent is another: Playbench is gone).
inline constexpr int kHostArgs = 4;

// ReplyListener comes first, before the library is loaded, with the seccomp filter's listener
// (SCM_RIGHTS). ReplyRefused: the play call ran, but the sandbox refused a system call in it.
enum Op : unsigned char { OpReady = 'R', OpInit = 'I', OpPlay = 'P', OpClone = 'C', OpQuit = 'Q', OpWake = 'W' };
enum Reply : unsigned char {
    ReplyOk = 'k',
    ReplyError = 'e',
    ReplyThrew = 't',
    ReplyForeign = 'x',
    ReplyWake = 'D',
    ReplyListener = 'L',
    ReplyRefused = 'r'
};

// The one process-creating clone the filter's listener (Playbench) lets through: the host's own
// snapshot fork, a sibling of the host (Playbench's child), and only while Playbench asked for it.
inline constexpr unsigned long kCloneFlags = 0x00008000ul /* CLONE_PARENT */ | 17ul /* SIGCHLD */;

// The host's exit status when it lost its connection to Playbench in a way Playbench did not
// cause (the socket or the page gone); 0 is Playbench closing it.
inline constexpr int kExitLostConnection = 5;

// play calls take a faster path than the socket (docs/team-modules.md#library-modules-run-isolated-the-default,
// "What it costs"): the request and the answer are sequence numbers in the shared page. Playbench posts a call by
// writing play_request and ringing the host's bell (host_bell: one more for every play call posted
// and every op sent, rung before the op's byte is sent); the host answers by writing play_done.
// Each side waits for the other in three steps, each cheaper for the machine and slower to wake:
// polling the word with the processor's pause instruction (no system call, no clock read) for
// k*SpinPauses rounds, then yielding the processor until k*YieldMicroseconds after the wait
// began, then sleeping on the word's futex (FUTEX_WAIT on the shared page, not FUTEX_PRIVATE: the
// two processes share it) until k*FutexMicroseconds, then on the socket. A side about to sleep
// says how (`*_waiting`: kWaitFutex or kWaitSocket); the other then wakes it with FUTEX_WAKE or one
// wake byte (OpWake, ReplyWake). Either side may see a stale wake byte and ignores it. Every futex
// sleep has a timeout, so that a host that died, or a notification of the sandbox's filter that
// only Playbench can answer, is noticed on the socket and the listener soon after.
inline constexpr std::uint32_t kWaitNone = 0;
inline constexpr std::uint32_t kWaitFutex = 1;
inline constexpr std::uint32_t kWaitSocket = 2;
// The host does not poll (kHostSpinPauses 0): its next call is ctrl_step ticks of simulation
// away, and a host polling on the processor Playbench or the other host needs holds them up.
// Playbench polls about 0.6 µs, what a host on another processor takes to answer.
inline constexpr int kHostSpinPauses = 0;
inline constexpr int kHostYieldMicroseconds = 200;
inline constexpr int kHostFutexMicroseconds = 20000;
inline constexpr int kCallerSpinPauses = 16;
inline constexpr int kCallerYieldMicroseconds = 200;
inline constexpr int kCallerFutexMicroseconds = 500;
// A yield that came back this late means another process had the processor (Waiter below).
// The side then sleeps first for a while: 1 ms after one slow yield, twice as long after each
// further one (up to 100 ms), half as long again after each wait that yielding answered on time.
inline constexpr std::int64_t kSlowYieldNs = 100000;
inline constexpr std::int64_t kSleepFirstMinNs = 1000000;
inline constexpr std::int64_t kSleepFirstMaxNs = 100000000;

// A play call makes no system call in the host (each costs a microsecond or more, as much as the
// call itself): the host reads its processor clock (for the budget) only when its last reading is
// older than this, and says how old it is (play_cpu_slack_ns), which Playbench does not count.
inline constexpr std::int64_t kCpuMarkNs = 1000000;

struct HostShared {
    std::uint32_t magic;
    std::int32_t status;                        // play's return value
    std::int32_t can_clone;                     // the library exports podball_module_clone
    std::int32_t clone_pid;                     // the fork serving a copy (answer to OpClone)
    alignas(8) std::uint32_t play_request;      // play: sequence numbers (std::atomic_ref)
    std::uint32_t play_done;                    // a futex word: Playbench sleeps on it
    std::uint32_t host_bell;                    // a futex word: the host sleeps on it (rung for every call and op)
    std::uint32_t host_waiting;                 // the host sleeps (kWaitFutex, kWaitSocket): wake it
    std::uint32_t caller_waiting;               // Playbench sleeps (kWaitFutex, kWaitSocket): wake it
    std::uint32_t play_reply;                   // the Reply of the play call numbered play_done
    std::uint32_t play_started;                 // the play call the host has begun, at play_cpu_ns of its time
    alignas(8) std::int64_t play_cpu_ns;        // the host's processor clock, read at most kCpuMarkNs before the call
    std::int64_t play_cpu_slack_ns;             // the wall-clock time between that reading and the call
    podball_settings settings;                  // init's settings; play: the live settings
    podball_world world;                        // play's input (its settings pointer is the host's own)
    podball_action actions[PODBALL_MAX_PODS];   // play's output
    char name[128];
    char author[128];
    char description[512];
    char error[1024];   // why init failed, what a play threw
    // The sandbox (engine/podball/modules/host/module_sandbox.cpp). Refusals of the current call (or the load): their
    // number, the first one's system call (number, audit arch) or, from Playbench's side of the
    // filter (process creation, signals), its text; the host names a numbered one after the call.
    std::uint32_t call_refusals;
    std::int32_t refused_nr;
    std::uint32_t refused_arch;
    std::int32_t
        memory_used_mib;   // >= 0: the module's process had used this much at a crash or exception near its limit
    std::uint64_t log_dropped_bytes;   // what the module wrote to its full log (RLIMIT_FSIZE refused it)
    char refused[160];
    // podball_module_last_error's answer after a failed init or play (module_abi.hpp), as the
    // module wrote it; "" when it has none. Playbench makes it printable.
    char module_error[PODBALL_MODULE_ERROR_BYTES + 1];
};

// `text` into a fixed field of the page, cut to fit and terminated.
inline void copy_text(char* out, std::size_t size, const std::string& text) {
    const std::size_t n = std::min(size - 1, text.size());
    std::memcpy(out, text.data(), n);
    out[n] = '\0';
}

// What the sandbox refused in the call just made: the first refusal and how many more.
inline std::string refusal_text(const HostShared& sh) {
    std::string what(sh.refused, strnlen(sh.refused, sizeof sh.refused));
    if (sh.call_refusals > 1) what += " (and " + std::to_string(sh.call_refusals - 1) + " more)";
    return what;
}

// A pause in a spinning wait: the processor's hint that this is one (fewer wasted cycles, no
// penalty when the wait ends); nothing on processors without one.
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    asm volatile("yield" ::: "memory");
#endif
}

// Sleeps while `*word` (a word of the shared page) is `expected`, at most `timeout_ns`; returns
// early when woken, when the word differs already, or on a signal: the caller looks again.
inline void futex_wait(std::uint32_t* word, std::uint32_t expected, std::int64_t timeout_ns) {
    timespec t{static_cast<time_t>(timeout_ns / 1000000000), static_cast<long>(timeout_ns % 1000000000)};
    syscall(SYS_futex, word, FUTEX_WAIT, expected, &t, nullptr, 0);
}

// Wakes whoever sleeps on `*word`.
inline void futex_wake(std::uint32_t* word) { syscall(SYS_futex, word, FUTEX_WAKE, 1, nullptr, nullptr, 0); }

// std::chrono::steady_clock's time (CLOCK_MONOTONIC), in nanoseconds.
inline std::int64_t monotonic_ns() {
    return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// How one side waits for the other (the hand-off above). Yielding is the fastest
// hand-off while the machine has room: the other side runs at once. When other processes keep
// the processors busy it is the slowest: a task that yields goes behind every other runnable task
// for a whole time slice of the scheduler (milliseconds), while one that sleeps and is woken runs
// soon. So a yield that comes back only after kSlowYieldNs (another process had the processor)
// makes this side sleep at once, without yielding, for a while. With three processes on two
// processors a slow yield happens now and then on a quiet machine too, where yielding is still
// the fastest by far (bench podball: 27 % of in-process with a 1 ms window, 12 % with a fixed
// 100 ms one); on a busy machine slow yields come one after another. So the window starts at
// kSleepFirstMinNs, doubles with every slow yield up to kSleepFirstMaxNs, and halves with every
// wait that yielding answered on time.
struct SleepFirst {
    std::int64_t until_ns = 0;
    std::int64_t length_ns = kSleepFirstMinNs;

    bool active(std::int64_t now_ns) const { return now_ns < until_ns; }
    // A yield came back late at `now_ns`.
    void slow_yield(std::int64_t now_ns) {
        until_ns = now_ns + length_ns;
        length_ns = std::min(2 * length_ns, kSleepFirstMaxNs);
    }
    // Yielding answered a wait on time.
    void timely_wait() { length_ns = std::max(length_ns / 2, kSleepFirstMinNs); }
};

struct Waiter {
    SleepFirst sleep_first;

    // Waits until `ready()`: `spin_pauses` polls with the pause instruction, then yielding the
    // processor until `yield_until_ns` (monotonic_ns), then sleeping on the futex `word` (whose
    // value `current()` reads) until `sleep_until_ns`, saying so in `waiting` meanwhile. True when
    // ready() came, false at sleep_until_ns.
    template <class Ready, class Current>
    bool await(Ready ready, Current current, std::uint32_t* word, std::uint32_t* waiting, int spin_pauses,
               std::int64_t yield_until_ns, std::int64_t sleep_until_ns) {
        for (int i = 0; i < spin_pauses; ++i) {
            if (ready()) return true;
            cpu_relax();
        }
        std::int64_t now = monotonic_ns();
        if (sleep_first.active(now)) yield_until_ns = 0;
        bool slow = false, yielded = false;
        while (!ready() && now < yield_until_ns) {
            sched_yield();
            yielded = true;
            const std::int64_t after = monotonic_ns();
            if (after - now >= kSlowYieldNs) {
                sleep_first.slow_yield(after);
                slow = true;
                break;
            }
            now = after;
        }
        if (ready()) {
            if (yielded && !slow) sleep_first.timely_wait();
            return true;
        }
        std::atomic_ref<std::uint32_t>(*waiting).store(kWaitFutex);
        for (;;) {
            const std::uint32_t seen = current();
            if (ready()) break;
            now = monotonic_ns();
            if (now >= sleep_until_ns) break;
            futex_wait(word, seen, sleep_until_ns - now);
        }
        std::atomic_ref<std::uint32_t>(*waiting).store(kWaitNone);
        return ready();
    }
};

// One byte over the socket, with up to 3 descriptors (SCM_RIGHTS) when `count` > 0.
inline bool send_byte(int sock, unsigned char byte, const int* fds = nullptr, int count = 0) {
    iovec iov{&byte, 1};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    alignas(cmsghdr) char control[CMSG_SPACE(3 * sizeof(int))] = {};
    if (count > 0) {
        msg.msg_control = control;
        msg.msg_controllen = CMSG_SPACE(static_cast<std::size_t>(count) * sizeof(int));
        cmsghdr* c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(static_cast<std::size_t>(count) * sizeof(int));
        std::memcpy(CMSG_DATA(c), fds, static_cast<std::size_t>(count) * sizeof(int));
    }
    return sendmsg(sock, &msg, MSG_NOSIGNAL) == 1;
}

// One byte from the socket (recvmsg's result: 1, 0 at the end, -1), and the descriptors that came
// with it when they are exactly `count` (close-on-exec); any others are closed.
inline long receive_byte(int sock, unsigned char& byte, int* fds, int count) {
    iovec iov{&byte, 1};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    alignas(cmsghdr) char control[CMSG_SPACE(3 * sizeof(int))];
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    long got;
    do {
        got = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
    } while (got < 0 && errno == EINTR);
    for (int i = 0; i < count; ++i) fds[i] = -1;
    if (got != 1) return got;
    for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
        if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS) continue;
        const std::size_t n = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        int got_fds[3] = {-1, -1, -1};
        std::memcpy(got_fds, CMSG_DATA(c), std::min<std::size_t>(n, 3) * sizeof(int));
        if (count > 0 && n == static_cast<std::size_t>(count) && fds[0] < 0) {
            std::memcpy(fds, got_fds, n * sizeof(int));
        } else {
            for (std::size_t i = 0; i < std::min<std::size_t>(n, 3); ++i) close(got_fds[i]);
        }
    }
    return got;
}

}   // namespace host

// The host program's main (engine/podball/modules/host/module_host.cpp; kHostArgs above).
int module_host_main(int argc, char** argv);

}   // namespace pb::podball
