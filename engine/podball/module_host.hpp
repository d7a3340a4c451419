// Isolated library modules: the wire between Playbench and `playbench-module-host`, the small
// program that dlopens a team module library in a child process and runs its calls there, so a
// module that loops, crashes, aborts, exits or scribbles takes only its own process down.
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
// Snapshot copies (TeamModule::clone): Playbench passes a new socket and a new memfd to the host
// (SCM_RIGHTS), the host forks itself and the fork serves the copy: its module state is a copy of
// the original's memory (modules with podball_module_clone), or made afresh by init with the
// original settings (modules without), exactly as the in-process copy does.
#pragma once
#include <cstdint>

#include "engine/podball/podball_module_abi.h"

namespace pb::podball {

// Time budgets of one call (README: "Library modules run isolated"). Loading the library and
// init, and making a snapshot copy: 2 s, wall-clock. One play call: 50 ms of the host's processor
// time (a team is called every ctrl_step ticks; a 5v5 module answers in microseconds), and at most
// 250 ms wall-clock (a module that sleeps or blocks); processor time, so that a busy machine
// that leaves the host waiting for a core does not stop a module that did nothing wrong.
inline constexpr int kInitBudgetMs = 2000;
inline constexpr int kPlayBudgetMs = 50;
inline constexpr int kPlayWallMs = 250;

// The environment variable that names the host program (default: playbench-module-host next to
// the running executable).
inline constexpr const char* kModuleHostEnv = "PLAYBENCH_MODULE_HOST";
inline constexpr const char* kModuleHostName = "playbench-module-host";

namespace host {

inline constexpr std::uint32_t kMagic = 0x50424d48u;   // "PBMH"
inline constexpr int kSocketFd = 3;   // the host's end of the socket, as the host sees it
inline constexpr int kMemFd = 4;      // the shared page

enum Op : unsigned char { OpReady = 'R', OpInit = 'I', OpPlay = 'P', OpClone = 'C', OpQuit = 'Q', OpWake = 'W' };
enum Reply : unsigned char { ReplyOk = 'k', ReplyError = 'e', ReplyThrew = 't', ReplyForeign = 'x', ReplyWake = 'D' };

// play calls take a faster path than the socket: the request and the answer are sequence numbers
// in the shared page, each side spinning (yielding the processor) a little while for the other
// before it sleeps on the socket; a side about to sleep says so (`*_waiting`) and the other then
// sends one wake byte (OpWake, ReplyWake). Either side may see a stale wake byte and ignores it.
inline constexpr int kHostSpinMicroseconds = 200;
inline constexpr int kCallerSpinMicroseconds = 200;

// A play call makes no system call in the host (each costs a microsecond or more, as much as the
// call itself): the host reads its processor clock (for the budget) only when its last reading is
// older than this, and says how old it is (play_cpu_slack_ns), which Playbench does not count.
inline constexpr std::int64_t kCpuMarkNs = 1000000;

struct HostShared {
    std::uint32_t magic;
    std::int32_t status;              // play's return value
    std::int32_t can_clone;           // the library exports podball_module_clone
    std::int32_t clone_pid;           // the fork serving a copy (answer to OpClone)
    alignas(8) std::uint32_t play_request;   // play: sequence numbers (std::atomic_ref)
    std::uint32_t play_done;
    std::uint32_t host_waiting;       // the host sleeps on the socket: wake it with OpWake
    std::uint32_t caller_waiting;     // Playbench sleeps on the socket: wake it with ReplyWake
    std::uint32_t play_reply;         // the Reply of the play call numbered play_done
    std::uint32_t play_started;       // the play call the host has begun, at play_cpu_ns of its time
    alignas(8) std::int64_t play_cpu_ns;      // the host's processor clock, read at most kCpuMarkNs before the call
    std::int64_t play_cpu_slack_ns;           // the wall-clock time between that reading and the call
    podball_settings settings;        // init's settings; play: the live settings
    podball_world world;              // play's input (its settings pointer is the host's own)
    podball_action actions[PODBALL_MAX_PODS];   // play's output
    char name[128];
    char author[128];
    char description[512];
    char error[1024];                 // why init failed, what a play threw
};

}  // namespace host

// The host program's main (tools/module_host_main.cpp): argv[1] is the library's path.
int module_host_main(int argc, char** argv);

}  // namespace pb::podball
