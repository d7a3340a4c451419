// The module host: the program that runs one team module library in its own process
// (module_host.hpp). It is single-threaded and talks to Playbench only through the socket on fd 3
// and the shared page on fd 4; the module sees copies of its inputs in the host's own memory, and
// its action array ends at a page followed by 16 MB of inaccessible address space, so writing
// past the array stops the host with SIGSEGV at once instead of silently corrupting memory.
#include "engine/podball/module_host.hpp"

#include <dlfcn.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/socket.h>
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
#include <string>

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

struct Library {
    podball_module_init_fn init = nullptr;
    podball_module_play_fn play = nullptr;
    podball_module_dispose_fn dispose = nullptr;
    podball_module_clone_fn clone = nullptr;
};

void copy_text(char* out, std::size_t size, const std::string& text) {
    const std::size_t n = std::min(size - 1, text.size());
    std::memcpy(out, text.data(), n);
    out[n] = '\0';
}

bool reply(int sock, unsigned char r) { return send(sock, &r, 1, MSG_NOSIGNAL) == 1; }

// Reads one op; for OpClone also the two descriptors that come with it.
int read_op(int sock, int fds[2]) {
    unsigned char op = 0;
    char control[CMSG_SPACE(2 * sizeof(int))];
    iovec iov{&op, 1};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    ssize_t got;
    do {
        got = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
    } while (got < 0 && errno == EINTR);
    if (got != 1) return -1;
    fds[0] = fds[1] = -1;
    for (cmsghdr* c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
        if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS && c->cmsg_len == CMSG_LEN(2 * sizeof(int)))
            std::memcpy(fds, CMSG_DATA(c), 2 * sizeof(int));
    return op;
}

HostShared* map_shared(int fd) {
    void* p = mmap(nullptr, sizeof(HostShared), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    return p == MAP_FAILED ? nullptr : static_cast<HostShared*>(p);
}

}  // namespace

int module_host_main(int argc, char** argv) {
    signal(SIGPIPE, SIG_IGN);
    signal(SIGCHLD, SIG_IGN);   // forks serving snapshot copies are reaped by the system
    if (argc < 2) {
        std::fprintf(stderr, "%s: run by Playbench for an isolated team module, not by hand\n", kModuleHostName);
        return 2;
    }
    int sock = host::kSocketFd;
    HostShared* shared = map_shared(host::kMemFd);
    if (!shared) return 3;

    // The module's own copies of its inputs and its action array, the array ending where the
    // inaccessible guard begins.
    const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
    void* area = mmap(nullptr, page + kGuardBytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (area == MAP_FAILED || mprotect(area, page, PROT_READ | PROT_WRITE) != 0) return 3;
    static_assert(sizeof(podball_world) + sizeof(podball_settings) + sizeof(podball_action) * PODBALL_MAX_PODS <= 4096);
    auto* world = static_cast<podball_world*>(area);
    auto* live_settings = reinterpret_cast<podball_settings*>(static_cast<char*>(area) + sizeof(podball_world));
    auto* actions = reinterpret_cast<podball_action*>(static_cast<char*>(area) + page -
                                                      sizeof(podball_action) * PODBALL_MAX_PODS);
    podball_settings init_settings{};

    const std::string path = argv[1];
    Library lib;
    std::string error;
    alarm(kOrphanSeconds);
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (!handle) {
        const char* why = dlerror();
        error = "cannot load module library '" + path + "': " + (why ? why : "unknown reason");
    }
    podball_module_get_info_fn get_info = nullptr;
    auto find = [&](const char* symbol, bool required) -> void* {
        if (!handle) return nullptr;
        void* p = dlsym(handle, symbol);
        if (!p && required && error.empty())
            error = "module library '" + path + "' does not export '" + symbol +
                    "' (a module exports podball_module_get_info, podball_module_init, podball_module_play and "
                    "podball_module_dispose; see engine/podball/podball_module_abi.h)";
        return p;
    };
    get_info = reinterpret_cast<podball_module_get_info_fn>(find("podball_module_get_info", true));
    lib.init = reinterpret_cast<podball_module_init_fn>(find("podball_module_init", true));
    lib.play = reinterpret_cast<podball_module_play_fn>(find("podball_module_play", true));
    lib.dispose = reinterpret_cast<podball_module_dispose_fn>(find("podball_module_dispose", true));
    lib.clone = reinterpret_cast<podball_module_clone_fn>(find("podball_module_clone", false));
    if (error.empty()) {
        const podball_module_info* info = nullptr;
        try {
            info = get_info();
        } catch (...) {
            error = "module library '" + path + "': podball_module_get_info failed with an exception";
        }
        if (error.empty() && !info) error = "module library '" + path + "': podball_module_get_info returned NULL";
        if (error.empty() && info->abi_version != PODBALL_MODULE_ABI_VERSION)
            error = "module library '" + path + "' was built for module ABI version " + std::to_string(info->abi_version) +
                    ", this Playbench speaks version " + std::to_string(PODBALL_MODULE_ABI_VERSION) +
                    ": rebuild it against engine/podball/podball_module_abi.h";
        if (error.empty()) {
            copy_text(shared->name, sizeof shared->name, info->name && *info->name ? info->name : path);
            copy_text(shared->author, sizeof shared->author, info->author ? info->author : "");
            copy_text(shared->description, sizeof shared->description, info->description ? info->description : "");
            shared->can_clone = lib.clone ? 1 : 0;
        }
    }
    alarm(0);
    shared->magic = host::kMagic;
    if (!error.empty()) {
        copy_text(shared->error, sizeof shared->error, error);
        reply(sock, host::ReplyError);
        return 0;
    }
    if (!reply(sock, host::ReplyOk)) return 0;

    void* state = nullptr;
    // init with the settings it was first given: at start, and in a snapshot copy of a module
    // without podball_module_clone.
    auto make_state = [&]() -> std::string {
        alarm(kOrphanSeconds);
        try {
            state = lib.init(&init_settings);
        } catch (const std::exception& e) {
            state = nullptr;
            alarm(0);
            return std::string("podball_module_init failed: ") + e.what();
        } catch (...) {
            state = nullptr;
            alarm(0);
            return "podball_module_init failed with an exception";
        }
        alarm(0);
        if (!state) return "module library '" + path + "': podball_module_init returned NULL";
        return "";
    };

    std::uint32_t last_play = 0;
    auto request = [&] { return std::atomic_ref<std::uint32_t>(shared->play_request).load(); };
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
        // A play request in the shared page: spin a little before sleeping on the socket.
        int op = -1;
        int fds[2] = {-1, -1};
        const auto spin_until = std::chrono::steady_clock::now() + std::chrono::microseconds(host::kHostSpinMicroseconds);
        while (request() == last_play && std::chrono::steady_clock::now() < spin_until) sched_yield();
        if (request() == last_play) {
            disarm();   // no call runs while the host sleeps
            std::atomic_ref<std::uint32_t>(shared->host_waiting).store(1);
            if (request() == last_play) op = read_op(sock, fds);
            std::atomic_ref<std::uint32_t>(shared->host_waiting).store(0);
            if (op < 0 && request() == last_play) return 0;   // Playbench closed the socket
        }
        if (request() != last_play && (op < 0 || op == host::OpWake)) op = host::OpPlay;
        if (op == host::OpWake) continue;   // stale: nothing new
        if (op < 0 || op == host::OpQuit) return 0;
        if (op != host::OpPlay) disarm();   // init and clone set their own
        if (op == host::OpInit) {
            std::memcpy(&init_settings, &shared->settings, sizeof init_settings);
            const std::string why = make_state();
            shared->magic = host::kMagic;
            if (!why.empty()) copy_text(shared->error, sizeof shared->error, why);
            if (!reply(sock, why.empty() ? host::ReplyOk : host::ReplyError)) return 0;
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
                copy_text(shared->error, sizeof shared->error, e.what());
            } catch (...) {
                r = host::ReplyForeign;
            }
            shared->magic = host::kMagic;
            shared->status = status;
            std::memcpy(shared->actions, actions, sizeof(podball_action) * static_cast<std::size_t>(returned));
            shared->play_reply = r;
            last_play = request();
            std::atomic_ref<std::uint32_t>(shared->play_done).store(last_play);
            if (std::atomic_ref<std::uint32_t>(shared->caller_waiting).load() && !reply(sock, host::ReplyWake)) return 0;
        } else if (op == host::OpClone) {
            if (fds[0] < 0 || fds[1] < 0) return 4;
            const pid_t pid = fork();
            if (pid == 0) {
                // The copy: serve the new socket and page; keep this memory (a deep copy of the
                // state), or start afresh like the in-process copy of a module without clone.
                dup2(fds[0], host::kSocketFd);
                dup2(fds[1], host::kMemFd);
                close(fds[0]);
                close(fds[1]);
                munmap(shared, sizeof(HostShared));
                shared = map_shared(host::kMemFd);
                if (!shared) _exit(3);
                last_play = 0;
                alarm_armed = false;                     // a fork has no alarm
                cpu_mark_wall_ns = INT64_MIN / 2;        // nor the processor time of the original
                std::string why;
                if (!lib.clone) why = make_state();
                shared->magic = host::kMagic;
                if (!why.empty()) copy_text(shared->error, sizeof shared->error, why);
                if (!reply(sock, why.empty() ? host::ReplyOk : host::ReplyError)) return 0;
                continue;
            }
            close(fds[0]);
            close(fds[1]);
            shared->magic = host::kMagic;
            shared->clone_pid = pid > 0 ? static_cast<std::int32_t>(pid) : -1;
            if (!reply(sock, pid > 0 ? host::ReplyOk : host::ReplyError)) return 0;
        } else {
            return 4;
        }
    }
}

}  // namespace pb::podball
