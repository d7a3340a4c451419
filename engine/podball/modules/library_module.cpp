// Loading team modules from shared libraries (library_module.hpp) and translating between the
// engine's TeamView/PodAction and the C structs of podball_module_abi.h.
#include "engine/podball/modules/library_module.hpp"

#include <dlfcn.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <spawn.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <future>
#include <map>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <vector>

#include "engine/core/replay_file.hpp"
#include "engine/podball/modules/module_abi.hpp"
#include "engine/podball/modules/module_host.hpp"

extern char** environ;

namespace pb::podball {
namespace {

// An open library and its entry points; shared by every module made from it (and their copies),
// closed when the last one goes.
class ModuleLibrary {
public:
    ModuleLibrary(const ModuleLibrary&) = delete;
    ModuleLibrary& operator=(const ModuleLibrary&) = delete;
    ~ModuleLibrary() {
        if (handle_) dlclose(handle_);
    }

    static std::shared_ptr<ModuleLibrary> open(const std::string& path, std::string& error) {
        std::shared_ptr<ModuleLibrary> lib(new ModuleLibrary);
        lib->path_ = path;
        // RTLD_NOW: a library with unresolved symbols fails here, with the linker's reason, rather
        // than in the middle of a match. RTLD_LOCAL: two modules may use the same symbol names.
        lib->handle_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
        if (!lib->handle_) {
            const char* why = dlerror();
            error = "cannot load module library '" + path + "': " + (why ? why : "unknown reason");
            return nullptr;
        }
        error = bind_module(lib->handle_, path, lib->entry_);
        if (!error.empty()) return nullptr;
        const podball_module_info* info = lib->entry_.info;
        lib->info_.name = info->name && *info->name ? info->name : path;
        lib->info_.author = info->author ? info->author : "";
        lib->info_.description = info->description ? info->description : "";
        lib->info_.can_clone = lib->entry_.clone != nullptr;
        return lib;
    }

    const LibraryInfo& info() const { return info_; }
    const std::string& path() const { return path_; }
    const ModuleEntryPoints& entry() const { return entry_; }

private:
    ModuleLibrary() = default;
    void* handle_ = nullptr;
    ModuleEntryPoints entry_;
    std::string path_;
    LibraryInfo info_;
};

std::int32_t abi_mode(Mode m) {
    switch (m) {
        case Mode::KickoffTeam0: return PODBALL_MODE_KICKOFF_OWN;
        case Mode::KickoffTeam1: return PODBALL_MODE_KICKOFF_OPPONENT;
        case Mode::Running: return PODBALL_MODE_RUNNING;
        case Mode::GoalTeam0: return PODBALL_MODE_GOAL_OWN;
        case Mode::GoalTeam1: return PODBALL_MODE_GOAL_OPPONENT;
        case Mode::Suspended: return PODBALL_MODE_SUSPENDED;
        case Mode::Final: return PODBALL_MODE_FINAL;
    }
    return PODBALL_MODE_SUSPENDED;
}

void fill_settings(podball_settings& s, const PodballConfig& c) {
    s.abi_version = PODBALL_MODULE_ABI_VERSION;
    s.arena_width = c.arena_width;
    s.arena_height = c.arena_height;
    s.goal_width = c.goal_width;
    s.center_keepoff = c.center_keepoff;
    s.goal_exclusion_radius = c.goal_exclusion_radius;
    s.pod_radius = c.pod_radius;
    s.pod_mass = c.pod_mass;
    s.pod_thrust = c.pod_thrust;
    s.pod_friction = c.pod_friction;
    s.pod_carry_friction = c.carry_friction;
    s.ball_radius = c.ball_radius;
    s.ball_mass = c.ball_mass;
    s.ball_friction = c.ball_friction;
    s.shoot_force = c.shoot_force;
    s.pickup_velocity = c.pickup_velocity;
    s.collision_force_limit = c.collision_force_limit;
    s.ballkeep_ticks = static_cast<std::int32_t>(c.ballkeep_ticks);
    s.balldeny_ticks = static_cast<std::int32_t>(c.balldeny_ticks);
    s.ctrl_step = static_cast<std::int32_t>(c.ctrl_step);
    s.periods = static_cast<std::int32_t>(c.periods);
    s.period_ticks = static_cast<std::int32_t>(c.period_ticks);
    s.kickoff_ticks = static_cast<std::int32_t>(c.kickoff_ticks);
    s.goal_ticks = static_cast<std::int32_t>(c.goal_ticks);
}

void fill_pods(podball_pod* out, const std::vector<PodView>& pods) {
    const std::size_t n = std::min<std::size_t>(pods.size(), PODBALL_MAX_PODS);
    for (std::size_t i = 0; i < n; ++i) {
        out[i].pos = podball_vec2{pods[i].pos.x, pods[i].pos.y};
        out[i].vel = podball_vec2{pods[i].vel.x, pods[i].vel.y};
        out[i].denied = pods[i].denied ? 1 : 0;
        out[i].reserved = 0;
    }
}

// The view a play call gets, in the ABI's structs (its settings pointer left to the caller).
void fill_world(podball_world& w, podball_settings& live, const TeamView& v, std::uint64_t seed) {
    fill_settings(live, v.config);
    live.own_pods = static_cast<std::int32_t>(v.own.size());
    live.opponent_pods = static_cast<std::int32_t>(v.opponents.size());
    live.seed = seed;
    w.tick = v.tick;
    w.running_ticks = v.running_ticks;
    w.mode = abi_mode(v.mode);
    w.period = v.period;
    w.own_score = v.own_score;
    w.opponent_score = v.opponent_score;
    w.own_count = static_cast<std::int32_t>(std::min<std::size_t>(v.own.size(), PODBALL_MAX_PODS));
    w.opponent_count = static_cast<std::int32_t>(std::min<std::size_t>(v.opponents.size(), PODBALL_MAX_PODS));
    fill_pods(w.own, v.own);
    fill_pods(w.opponents, v.opponents);
    w.ball_pos = podball_vec2{v.ball_pos.x, v.ball_pos.y};
    w.ball_vel = podball_vec2{v.ball_vel.x, v.ball_vel.y};
    w.ball_owner_team = v.ball_owner_team;
    w.ball_owner_index = v.ball_owner_index;
    w.own_area_holder = v.own_area_holder;
    w.opponent_area_holder = v.opponent_area_holder;
    w.settings = nullptr;
}

// The module's answers as engine actions; the world checks and normalises the vectors
// (module_action_in_world). A kind the ABI does not have is a fault (thrown: the team idles for
// the call), not an action silently dropped.
void read_actions(const std::string& module, const podball_action* in, std::vector<PodAction>& actions) {
    const std::size_t n = std::min<std::size_t>(actions.size(), PODBALL_MAX_PODS);
    for (std::size_t i = 0; i < n; ++i) {
        const podball_action& a = in[i];
        if (a.kind != PODBALL_ACTION_NONE && a.kind != PODBALL_ACTION_MOVE && a.kind != PODBALL_ACTION_SHOOT)
            throw std::runtime_error("module '" + module + "': pod " + std::to_string(i) + "'s action has kind " +
                                     std::to_string(a.kind) +
                                     ", which is none of PODBALL_ACTION_NONE (0), PODBALL_ACTION_MOVE (1) and "
                                     "PODBALL_ACTION_SHOOT (2); its pods idle for this call");
    }
    for (std::size_t i = 0; i < n; ++i) {
        const podball_action& a = in[i];
        const PodAction::Kind kind = a.kind == PODBALL_ACTION_MOVE    ? PodAction::Kind::Move
                                     : a.kind == PODBALL_ACTION_SHOOT ? PodAction::Kind::Shoot
                                                                      : PodAction::Kind::None;
        actions[i] = PodAction{kind, Vec2{a.v.x, a.v.y}};
    }
}

// A failed call's fault with the module's own words for it (podball_module_last_error, bounded
// already), made safe for a terminal, JSON and the window.
std::string with_module_error(const std::string& fault, const std::string& message) {
    return message.empty() ? fault : fault + ": " + printable(message);
}

class LibraryModule final : public TeamModule {
public:
    explicit LibraryModule(std::shared_ptr<ModuleLibrary> lib) : lib_(std::move(lib)) {}
    ~LibraryModule() override { release(); }
    LibraryModule(const LibraryModule&) = delete;
    LibraryModule& operator=(const LibraryModule&) = delete;

    std::string name() const override { return lib_->info().name; }

    void init(const TeamSettings& settings) override {
        release();
        settings_ = settings;
        podball_settings s{};
        fill_settings(s, settings.config);
        s.own_pods = settings.own_pods;
        s.opponent_pods = settings.opponent_pods;
        s.seed = settings.seed;
        initialised_ = true;
        state_ = lib_->entry().init(&s);
        if (!state_)
            throw std::runtime_error(
                with_module_error("module library '" + lib_->path() + "': podball_module_init returned NULL",
                                  module_last_error(lib_->entry().last_error, nullptr)));
    }

    void play(const TeamView& v, std::vector<PodAction>& actions) override {
        if (!state_) throw std::runtime_error("module '" + name() + "' has no state (its init or clone failed)");
        ++calls_;
        fill_world(world_, live_settings_, v, settings_.seed);
        world_.settings = &live_settings_;
        podball_world& w = world_;
        for (podball_action& a : actions_) a = podball_action{PODBALL_ACTION_NONE, 0, {0.0, 0.0}};

        const std::int32_t status = lib_->entry().play(state_, &w, actions_.data());
        if (status != 0)
            throw std::runtime_error(with_module_error(
                "module '" + name() + "': podball_module_play returned status " + std::to_string(status),
                module_last_error(lib_->entry().last_error, state_)));
        read_actions(name(), actions_.data(), actions);
    }

    std::unique_ptr<TeamModule> clone() const override {
        auto copy = std::make_unique<LibraryModule>(lib_);
        copy->settings_ = settings_;
        copy->calls_ = calls_;
        if (!initialised_) return copy;
        copy->initialised_ = true;
        // clone() must not fail: a state that cannot be copied (or re-made) leaves the copy
        // without one, and its play() reports that as a fault every call.
        try {
            if (state_ && lib_->entry().clone) {
                copy->state_ = lib_->entry().clone(state_);
            } else if (state_) {
                podball_settings s{};
                fill_settings(s, settings_.config);
                s.own_pods = settings_.own_pods;
                s.opponent_pods = settings_.opponent_pods;
                s.seed = settings_.seed;
                copy->state_ = lib_->entry().init(&s);
            }
        } catch (...) {
            copy->state_ = nullptr;
        }
        return copy;
    }

    void hash(StateHasher& h) const override {
        h.add(lib_->info().name);
        h.add(calls_);
    }

private:
    void release() {
        if (state_) {
            try {
                lib_->entry().dispose(state_);
            } catch (...) {
                // A module throwing from dispose leaks its state; nothing else we can do.
            }
        }
        state_ = nullptr;
    }

    std::shared_ptr<ModuleLibrary> lib_;
    void* state_ = nullptr;
    bool initialised_ = false;
    TeamSettings settings_;
    std::int64_t calls_ = 0;
    // Scratch for the calls, kept so a call allocates nothing.
    podball_settings live_settings_{};
    podball_world world_{};
    std::array<podball_action, PODBALL_MAX_PODS> actions_{};
};

// ---------------------------------------------------------------- isolated modules

std::atomic<bool> g_in_process{false};

std::string module_host_path() {
    if (const char* env = std::getenv(kModuleHostEnv); env && *env) return env;
    std::error_code ec;
    const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) return kModuleHostName;
    // Beside Playbench in a build tree; installed (cmake --install, the Debian package) it is a
    // helper, not a command: PREFIX/libexec/playbench/ for PREFIX/bin/playbench.
    const std::filesystem::path beside = self.parent_path() / kModuleHostName;
    const std::filesystem::path installed =
        self.parent_path().parent_path() / "libexec" / "playbench" / kModuleHostName;
    if (!std::filesystem::exists(beside, ec) && std::filesystem::exists(installed, ec)) return installed.string();
    return beside.string();
}

std::string signal_text(int sig) {
    switch (sig) {
        case SIGSEGV: return "SIGSEGV, a segmentation fault";
        case SIGABRT: return "SIGABRT, it aborted";
        case SIGBUS: return "SIGBUS";
        case SIGFPE: return "SIGFPE, an arithmetic fault";
        case SIGILL: return "SIGILL";
        case SIGKILL: return "SIGKILL";
        case SIGALRM: return "SIGALRM";
        case SIGSYS: return "SIGSYS, a system call the sandbox does not allow at all";
        default: return "signal " + std::to_string(sig);
    }
}

std::string text_field(const char* field, std::size_t size) { return std::string(field, strnlen(field, size)); }
using host::copy_text;

// A non-std exception escaping the module's play, re-thrown in Playbench so the world reports it
// as it does for an in-process module.
struct ForeignException {};

// A module's log: one memfd (O_APPEND) that is its host's stdout and stderr. The host cannot
// grow it beyond kLogBytes (RLIMIT_FSIZE); Playbench reads it only when it shows it. It outlives
// the host, so what a module printed before it crashed is still there.
class LogFile {
public:
    LogFile(const LogFile&) = delete;
    LogFile& operator=(const LogFile&) = delete;
    ~LogFile() {
        if (fd_ >= 0) close(fd_);
    }

    // A new log, holding `from`'s text (a snapshot copy's log continues its original's); nullptr
    // and errno when there is no memfd to be had.
    static std::shared_ptr<LogFile> make(const LogFile* from) {
        const int fd = memfd_create("playbench-module-log", MFD_CLOEXEC);
        if (fd < 0) return nullptr;
        std::shared_ptr<LogFile> log(new LogFile(fd));
        const int flags = fcntl(fd, F_GETFL);
        if (flags < 0 || fcntl(fd, F_SETFL, flags | O_APPEND) != 0) return nullptr;
        if (from) {
            const std::string text = from->text();
            if (!text.empty() && write(fd, text.data(), text.size()) != static_cast<ssize_t>(text.size()))
                return nullptr;
            log->dropped_ = from->dropped_.load();
        }
        return log;
    }

    int fd() const { return fd_; }
    std::string text() const {
        std::string out(static_cast<std::size_t>(kLogBytes), '\0');
        std::size_t got = 0;
        while (got < out.size()) {
            const ssize_t n = pread(fd_, out.data() + got, out.size() - got, static_cast<off_t>(got));
            if (n < 0 && errno == EINTR) continue;
            if (n <= 0) break;
            got += static_cast<std::size_t>(n);
        }
        out.resize(got);
        return out;
    }
    // What the host counted as dropped (its page), kept here when the host goes.
    std::uint64_t dropped() const { return dropped_; }
    void set_dropped(std::uint64_t bytes) { dropped_ = bytes; }

private:
    explicit LogFile(int fd) : fd_(fd) {}
    int fd_ = -1;
    std::atomic<std::uint64_t> dropped_{0};
};

// What Playbench says about a system call the sandbox refused.
std::string signal_name(long sig) {
    const char* abbrev = sig > 0 && sig < NSIG ? sigabbrev_np(static_cast<int>(sig)) : nullptr;
    return abbrev ? std::string("SIG") + abbrev : sig == 0 ? "signal 0" : "signal " + std::to_string(sig);
}

std::string signal_target(long target) {
    if (target == getpid()) return "Playbench";
    if (target == 0) return "its process group";
    if (target == -1) return "every process";
    if (target < 0) return "process group " + std::to_string(-target);
    return "process " + std::to_string(target);
}

// A host family: a host and the snapshot copies made from it (and from them), in the host's
// process group, all Playbench's children, under one seccomp filter. The filter asks
// Playbench (its listener, which the host hands over before it loads the library) whether a
// member may create a process or send a signal: only the host's own snapshot fork, while
// Playbench waits for it, and a signal a process sends to itself. Whoever waits on a member
// answers (answer(), under the family's lock). The last member to leave kills whatever is left
// in the process group, while that member (not reaped yet) still holds the group's number.
class HostFamily {
public:
    explicit HostFamily(pid_t group) : group_(group) {}
    HostFamily(const HostFamily&) = delete;
    HostFamily& operator=(const HostFamily&) = delete;
    ~HostFamily() {
        if (listener_ >= 0) close(listener_);
    }

    // The host's first message; any other descriptor a member sends is closed.
    void take_listener(int fd) {
        std::lock_guard lock(mutex_);
        if (listener_ < 0)
            listener_ = fd;
        else
            close(fd);
    }
    int listener() const { return listener_; }

    void join(pid_t pid, host::HostShared* page) {
        std::lock_guard lock(mutex_);
        members_[pid] = page;
        if (auto it = pending_.find(pid); it != pending_.end()) {
            record(page, it->second);
            pending_.erase(it);
        }
    }

    // Before the member is reaped (its number, and the group's, still taken).
    void leave(pid_t pid) {
        std::lock_guard lock(mutex_);
        members_.erase(pid);
        if (members_.empty()) kill(-group_, SIGKILL);
    }

    // The member that may fork itself now (-1: none).
    void expect_clone(pid_t from) {
        std::lock_guard lock(mutex_);
        cloning_ = from;
    }

    // Answers every notification waiting.
    void answer() {
        std::lock_guard lock(mutex_);
        if (listener_ < 0) return;
        static const std::pair<std::size_t, std::size_t> sizes = notification_sizes();
        std::vector<std::uint64_t> req_buf(sizes.first / 8 + 1), resp_buf(sizes.second / 8 + 1);
        auto* req = reinterpret_cast<seccomp_notif*>(req_buf.data());
        auto* resp = reinterpret_cast<seccomp_notif_resp*>(resp_buf.data());
        for (;;) {
            pollfd p{listener_, POLLIN, 0};
            if (poll(&p, 1, 0) <= 0 || !(p.revents & POLLIN)) return;
            std::fill(req_buf.begin(), req_buf.end(), 0);
            if (ioctl(listener_, SECCOMP_IOCTL_NOTIF_RECV, req) != 0) {
                if (errno == EINTR || errno == ENOENT) continue;   // ENOENT: the caller died meanwhile
                return;
            }
            std::string refused;
            const bool allow = decide(*req, refused);
            std::fill(resp_buf.begin(), resp_buf.end(), 0);
            resp->id = req->id;
            if (allow) {
                resp->flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
            } else {
                resp->error = -EPERM;
                const pid_t pid = static_cast<pid_t>(req->pid);
                if (auto it = members_.find(pid); it != members_.end())
                    record(it->second, refused);
                else if (pending_.size() < 64)
                    pending_[pid] = refused;   // a copy not joined yet
            }
            ioctl(listener_, SECCOMP_IOCTL_NOTIF_SEND, resp);   // ENOENT: the caller died meanwhile
        }
    }

private:
    static std::pair<std::size_t, std::size_t> notification_sizes() {
        seccomp_notif_sizes s{};
        std::size_t req = sizeof(seccomp_notif), resp = sizeof(seccomp_notif_resp);
        if (syscall(SYS_seccomp, SECCOMP_GET_NOTIF_SIZES, 0, &s) == 0) {
            req = std::max<std::size_t>(req, s.seccomp_notif);
            resp = std::max<std::size_t>(resp, s.seccomp_notif_resp);
        }
        return {req, resp};
    }

    // Only the host's own snapshot fork (exactly its flags, while Playbench waits for it) and a
    // signal to the caller itself go through; `refused` says what was tried otherwise.
    bool decide(const seccomp_notif& req, std::string& refused) const {
        const pid_t caller = static_cast<pid_t>(req.pid);
        const seccomp_data& d = req.data;
        const long target = static_cast<pid_t>(d.args[0]);
        switch (d.nr) {
            case SYS_clone: {
                const unsigned long flags = d.args[0];
                if (caller == cloning_ && flags == host::kCloneFlags) return true;
                refused = flags & CLONE_THREAD  ? "clone (a thread)"
                          : flags & CLONE_VFORK ? "clone (vfork or posix_spawn: a new process)"
                                                : "clone (fork: a new process)";
                return false;
            }
            case SYS_kill:
            case SYS_tkill:
                if (target == caller) return true;
                refused = std::string(d.nr == SYS_kill ? "kill" : "tkill") + " (" +
                          signal_name(static_cast<long>(d.args[1])) + " to " + signal_target(target) + ")";
                return false;
            case SYS_tgkill:
                if (target == caller) return true;
                refused = "tgkill (" + signal_name(static_cast<long>(d.args[2])) + " to " + signal_target(target) + ")";
                return false;
            default: refused = "system call " + std::to_string(d.nr); return false;
        }
    }

    static void record(host::HostShared* page, const std::string& what) {
        if (page->call_refusals == 0) {
            copy_text(page->refused, sizeof page->refused, what);
            page->refused_nr = -1;
        }
        page->call_refusals = page->call_refusals + 1;
    }

    std::mutex mutex_;
    std::atomic<int> listener_{-1};   // read without the lock by those about to wait on it
    const pid_t group_;
    std::map<pid_t, host::HostShared*> members_;
    std::map<pid_t, std::string> pending_;   // refusals of a copy that has not joined yet
    pid_t cloning_ = -1;
};

// A descriptor above the host's fixed ones (0 to 4), so that setting those up in the spawned
// host overwrites none of the sources.
int above_host_fds(int fd) {
    if (fd < 0 || fd > host::kMemFd) return fd;
    const int high = fcntl(fd, F_DUPFD_CLOEXEC, host::kMemFd + 1);
    close(fd);
    return high;
}
// One host process (module_host.hpp) and Playbench's end of its socket, page and log.
class HostProcess {
public:
    HostProcess(const HostProcess&) = delete;
    HostProcess& operator=(const HostProcess&) = delete;
    HostProcess() = default;
    ~HostProcess() { stop(); }

    // Starts the host for the library at `path` without waiting for it (await_ready does); false
    // and `error` when it cannot. Its parent is the calling thread: the host ends when that thread
    // does (PR_SET_PDEATHSIG), so HostPool starts every host on its own thread, which lives as
    // long as Playbench.
    bool start(const std::string& path, std::uint64_t memory_limit, std::string& error) {
        int sv[2];
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
            error = std::string("cannot start a module host: socketpair: ") + std::strerror(errno);
            return false;
        }
        sv[1] = above_host_fds(sv[1]);
        const int mem = above_host_fds(make_page());
        log_ = LogFile::make(nullptr);
        const int log = log_ ? above_host_fds(dup(log_->fd())) : -1;
        if (sv[1] < 0 || mem < 0 || log < 0) {
            error = std::string("cannot start a module host: ") + std::strerror(errno);
            for (int fd : {sv[0], sv[1], mem, log})
                if (fd >= 0) close(fd);
            unmap();
            return false;
        }
        const std::string host = module_host_path();
        // The host's descriptors: /dev/null, its log twice, the socket, the page; nothing else.
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_adddup2(&fa, sv[1], host::kSocketFd);
        posix_spawn_file_actions_adddup2(&fa, mem, host::kMemFd);
        posix_spawn_file_actions_adddup2(&fa, log, STDOUT_FILENO);
        posix_spawn_file_actions_adddup2(&fa, log, STDERR_FILENO);
        posix_spawn_file_actions_addopen(&fa, STDIN_FILENO, "/dev/null", O_RDONLY, 0);
        posix_spawn_file_actions_addclosefrom_np(&fa, host::kMemFd + 1);
        // A process group of its own: a signal to its group reaches only its family, and the
        // terminal's (Ctrl-C) does not reach it. Not a session of its own: with the scheduler's
        // autogroups (on by default) every session is a group of its own, and sched_yield does
        // not hand the processor to another group, which made the spinning wait for a call's
        // answer 20 times slower (bench podball: 1 % of in-process). No signal blocked or
        // ignored from here.
        posix_spawnattr_t attr;
        posix_spawnattr_init(&attr);
        sigset_t none, reset;
        sigemptyset(&none);
        sigemptyset(&reset);
        for (int sig :
             {SIGALRM, SIGSEGV, SIGBUS, SIGABRT, SIGFPE, SIGILL, SIGXFSZ, SIGSYS, SIGTERM, SIGINT, SIGHUP, SIGCHLD})
            sigaddset(&reset, sig);
        posix_spawnattr_setsigmask(&attr, &none);
        posix_spawnattr_setsigdefault(&attr, &reset);
        posix_spawnattr_setpgroup(&attr, 0);
        posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
        std::string arg0 = kModuleHostName, arg1 = path, arg2 = std::to_string(memory_limit),
                    arg3 = std::to_string(getpid());
        char* argv[] = {arg0.data(), arg1.data(), arg2.data(), arg3.data(), nullptr};
        pid_t pid = -1;
        const int rc = posix_spawn(&pid, host.c_str(), &fa, &attr, argv, environ);
        posix_spawn_file_actions_destroy(&fa);
        posix_spawnattr_destroy(&attr);
        for (int fd : {sv[1], mem, log}) close(fd);
        if (rc != 0) {
            close(sv[0]);
            unmap();
            log_.reset();
            error = "cannot start the module host '" + host + "' (" + std::strerror(rc) +
                    "): isolated library modules need it next to Playbench (or named by " + kModuleHostEnv + ")";
            return false;
        }
        sock_ = sv[0];
        pid_ = pid;
        memory_limit_ = memory_limit;
        family_ = std::make_shared<HostFamily>(pid);
        family_pid_ = pid;
        family_->join(pid, shared_);
        return true;
    }

    // Sends `op` (with `count` descriptors) and waits for the answer at most `budget_ms`; on
    // overrun, a dead or scribbling host, stops it and says what happened in `fault`. The answer
    // byte, or -1.
    int call(unsigned char op, int budget_ms, const char* what, std::string& fault, const int* fds = nullptr,
             int count = 0) {
        if (sock_ < 0) {
            fault = "its process is gone";
            return -1;
        }
        ring();   // before the byte (module_host.hpp)
        if (!host::send_byte(sock_, op, fds, count)) {
            fault = death(what);
            return -1;
        }
        return answer(budget_ms, what, fault);
    }

    // A play call through the shared page (module_host.hpp), in two halves so that two hosts can
    // think at the same time: post_play hands the inputs already in the page to the host (false
    // and `fault` when the host is gone), await_play waits for its answer (spinning, then
    // sleeping on the page's futex, then on the socket and the filter's listener) at most the
    // budget. The answer byte, or -1.
    bool post_play(const char* what, std::string& fault) {
        if (sock_ < 0 || !shared_) {
            fault = "its process is gone";
            return false;
        }
        play_start_ = std::chrono::steady_clock::now();
        const std::uint32_t seq = ++play_seq_;
        std::atomic_ref<std::uint32_t>(shared_->play_request).store(seq);
        if (ring() == host::kWaitSocket) {
            if (!host::send_byte(sock_, host::OpWake)) {
                fault = death(what);
                return false;
            }
        }
        return true;
    }

    int await_play(int budget_ms, const char* what, std::string& fault) {
        if (sock_ < 0 || !shared_) {
            fault = "its process is gone";
            return -1;
        }
        using std::chrono::steady_clock;
        const auto start = play_start_;
        const std::uint32_t seq = play_seq_;
        auto done_word = [&] { return std::atomic_ref<std::uint32_t>(shared_->play_done).load(); };
        auto done = [&] { return done_word() == seq; };
        // Spinning, then the futex: kCallerFutexMicroseconds at most, so that a host that died
        // or waits for the filter's listener is seen to soon, on the socket and the listener.
        const std::int64_t start_ns =
            std::chrono::duration_cast<std::chrono::nanoseconds>(start.time_since_epoch()).count();
        waiter_.await(done, done_word, &shared_->play_done, &shared_->caller_waiting, host::kCallerSpinPauses,
                      start_ns + std::int64_t{host::kCallerYieldMicroseconds} * 1000,
                      start_ns + std::int64_t{host::kCallerFutexMicroseconds} * 1000);
        if (!done()) {
            std::atomic_ref<std::uint32_t>(shared_->caller_waiting).store(host::kWaitSocket);
            // Checked every budget: the host's processor time in this call (the budget), and
            // the wall-clock limit.
            auto deadline = start + std::chrono::milliseconds(budget_ms);
            const auto wall_limit = start + std::chrono::milliseconds(kPlayWallMs);
            while (!done()) {
                const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - steady_clock::now());
                const int n = wait_readable(static_cast<int>(std::max<std::int64_t>(0, left.count() + 1)));
                if (n < 0) continue;
                if (done()) break;
                if (n == 0) {
                    const auto now = steady_clock::now();
                    if (now < deadline) continue;
                    const std::int64_t used = cpu_ns_in_call(seq);
                    if (used >= std::int64_t{budget_ms} * 1000000) {
                        fault = "it used more than its budget of " + std::to_string(budget_ms) +
                                " ms of processor time (" + what + ")";
                    } else if (now >= wall_limit) {
                        fault = "it did not answer within " + std::to_string(kPlayWallMs) + " ms (" + what +
                                "; it used " + std::to_string(used / 1000000) + " ms of processor time)";
                    } else {
                        deadline = std::min(wall_limit, now + std::chrono::milliseconds(10));
                        continue;
                    }
                    stop();
                    return -1;
                }
                unsigned char r = 0;
                const ssize_t got = recv(sock_, &r, 1, 0);
                if (got < 0 && errno == EINTR) continue;
                if (got != 1) {
                    if (done()) break;
                    fault = death(what);
                    return -1;
                }
            }
            if (shared_) std::atomic_ref<std::uint32_t>(shared_->caller_waiting).store(host::kWaitNone);
        }
        if (shared_->magic != host::kMagic) {
            fault = std::string("it scribbled over the memory it shares with Playbench (") + what + ")";
            stop();
            return -1;
        }
        return static_cast<int>(shared_->play_reply);
    }

    // Rings the host's bell (module_host.hpp): wakes it when it sleeps on the bell's futex. How it
    // waits (kWaitSocket: it wants a byte).
    std::uint32_t ring() {
        std::atomic_ref<std::uint32_t>(shared_->host_bell).fetch_add(1);
        const std::uint32_t waiting = std::atomic_ref<std::uint32_t>(shared_->host_waiting).load();
        if (waiting == host::kWaitFutex) host::futex_wake(&shared_->host_bell);
        return waiting;
    }

    // The host's processor time since it began play call `seq` (0 while it has not begun it).
    // The host reads its processor clock at most once a millisecond (module_host.hpp), so its
    // mark may be older than the call: what it may have used between the mark and the call
    // (at most the wall-clock time between them) is not counted.
    std::int64_t cpu_ns_in_call(std::uint32_t seq) const {
        if (!shared_ || pid_ <= 0 || std::atomic_ref<std::uint32_t>(shared_->play_started).load() != seq) return 0;
        clockid_t clock;
        timespec now{};
        if (clock_getcpuclockid(pid_, &clock) != 0 || clock_gettime(clock, &now) != 0) return 0;
        const std::int64_t used = static_cast<std::int64_t>(now.tv_sec) * 1000000000 + now.tv_nsec -
                                  shared_->play_cpu_ns - std::max<std::int64_t>(0, shared_->play_cpu_slack_ns);
        return std::max<std::int64_t>(0, used);
    }

    // Waits for the host's first byte (the library loaded, or a copy ready).
    // A host that has answered once (a spare a probe gave back) is ready while its process lives.
    bool await_ready(const char* what, std::string& error) {
        if (ready_) {
            siginfo_t info{};
            // WNOWAIT: a host that ended is reaped by stop(), after it left its family.
            if (sock_ >= 0 && pid_ > 0 &&
                waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 && info.si_pid == 0)
                return true;
            stop();
            error = "its process ended before it was used";
            return false;
        }
        std::string fault;
        const int r = answer(kInitBudgetMs, what, fault);
        if (r == host::ReplyOk) {
            ready_ = true;
            return true;
        }
        if (r == host::ReplyError) {
            error = text_field(shared_->error, sizeof shared_->error);
            stop();
        } else {
            error = r >= 0 ? "it answered with an unknown byte while " + std::string(what) : fault;
            stop();
        }
        return false;
    }

    // A copy of this host's module: a fork of the host serving a new socket, page and log (a copy
    // of this one's). The family's listener lets the fork through while this waits for it.
    std::unique_ptr<HostProcess> fork_copy(std::string& fault) {
        int sv[2];
        if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0) {
            fault = "cannot copy it: socketpair failed";
            return nullptr;
        }
        auto copy = std::unique_ptr<HostProcess>(new HostProcess);
        const int mem = copy->make_page();
        copy->log_ = LogFile::make(log_.get());
        if (mem < 0 || !copy->log_) {
            for (int fd : {sv[0], sv[1], mem})
                if (fd >= 0) close(fd);
            fault = "cannot copy it: no shared memory";
            return nullptr;
        }
        copy->shared_->log_dropped_bytes = shared_->log_dropped_bytes;
        const int fds[3] = {sv[1], mem, copy->log_->fd()};
        family_->expect_clone(pid_);
        const int r = call(host::OpClone, kInitBudgetMs, "copying its state for a snapshot", fault, fds, 3);
        if (family_) family_->expect_clone(-1);
        close(sv[1]);
        close(mem);
        copy->sock_ = sv[0];
        if (r != host::ReplyOk) {
            if (r >= 0 && fault.empty()) fault = "its process could not copy itself for a snapshot";
            return nullptr;
        }
        // The copy must be a child of ours in the host's process group (CLONE_PARENT), whatever
        // the page says: Playbench kills and reaps it.
        const pid_t pid = static_cast<pid_t>(shared_->clone_pid);
        siginfo_t info{};
        if (pid <= 0 || waitid(P_PID, static_cast<id_t>(pid), &info, WEXITED | WNOHANG | WNOWAIT) != 0 ||
            getpgid(pid) != getpgid(pid_)) {
            fault = "its process named a copy of itself that is not one";
            stop();
            return nullptr;
        }
        copy->pid_ = pid;
        copy->memory_limit_ = memory_limit_;
        copy->family_ = family_;
        copy->family_pid_ = pid;
        family_->join(pid, copy->shared_);
        std::string why;
        if (!copy->await_ready("starting its copy for a snapshot", why)) {
            fault = why;
            return nullptr;
        }
        return copy;
    }

    host::HostShared* shared() const { return shared_; }
    std::uint64_t memory_limit() const { return memory_limit_; }
    const std::shared_ptr<LogFile>& log() const { return log_; }

    // Ends the host (its memory goes with it: dispose is not called) and reaps it; the last of
    // its family kills the rest of the family's process group first.
    void stop() {
        if (sock_ >= 0) close(sock_);
        sock_ = -1;
        if (pid_ > 0) {
            if (!exited_) kill(pid_, SIGKILL);
            leave_family();
            int st = 0;
            while (waitpid(pid_, &st, 0) < 0 && errno == EINTR) {}
        }
        pid_ = -1;
        leave_family();
        unmap();
    }

private:
    int make_page() {
        const int mem = memfd_create("playbench-module", MFD_CLOEXEC);
        if (mem < 0) return -1;
        if (ftruncate(mem, sizeof(host::HostShared)) != 0) {
            close(mem);
            return -1;
        }
        void* p = mmap(nullptr, sizeof(host::HostShared), PROT_READ | PROT_WRITE, MAP_SHARED, mem, 0);
        if (p == MAP_FAILED) {
            close(mem);
            return -1;
        }
        shared_ = static_cast<host::HostShared*>(p);
        std::memset(shared_, 0, sizeof *shared_);
        shared_->memory_used_mib = -1;
        return mem;
    }

    // The log keeps what the host counted as dropped; the page goes.
    void unmap() {
        if (shared_) {
            if (log_) log_->set_dropped(shared_->log_dropped_bytes);
            munmap(shared_, sizeof(host::HostShared));
        }
        shared_ = nullptr;
    }

    void leave_family() {
        if (family_) family_->leave(family_pid_);
        family_.reset();
    }

    // Waits at most `timeout_ms` for the socket; answers the family's listener meanwhile. 1 when
    // the socket is readable, 0 at the timeout, -1 to look again (a notification answered, EINTR).
    int wait_readable(int timeout_ms) {
        const int listener = family_ ? family_->listener() : -1;
        pollfd p[2] = {{sock_, POLLIN, 0}, {listener, POLLIN, 0}};
        const int n = poll(p, listener >= 0 ? 2 : 1, timeout_ms);
        if (n < 0) return -1;
        if (n > 0 && (p[1].revents & POLLIN)) {
            family_->answer();
            if (!(p[0].revents & (POLLIN | POLLHUP | POLLERR))) return -1;
        }
        return n > 0 ? 1 : 0;
    }

    int answer(int budget_ms, const char* what, std::string& fault) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(budget_ms);
        for (;;) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now());
            const int n = wait_readable(static_cast<int>(std::max<std::int64_t>(0, left.count())));
            if (n < 0) continue;
            if (n == 0) {
                fault = "it did not answer within its budget of " + std::to_string(budget_ms) + " ms (" + what + ")";
                stop();
                return -1;
            }
            unsigned char r = 0;
            int listener = -1;
            const long got = host::receive_byte(sock_, r, &listener, 1);
            if (got < 0 && errno == EINTR) continue;
            if (got != 1) {
                fault = death(what);
                return -1;
            }
            if (r == host::ReplyWake) continue;   // stale, from a play call
            if (r == host::ReplyListener) {       // the filter's listener, before the library loads
                if (listener >= 0 && family_)
                    family_->take_listener(listener);
                else if (listener >= 0)
                    close(listener);
                continue;
            }
            if (listener >= 0) close(listener);
            if (!shared_ || shared_->magic != host::kMagic) {
                fault = std::string("it scribbled over the memory it shares with Playbench (") + what + ")";
                stop();
                return -1;
            }
            return r;
        }
    }

    // The host ended: how (every host is Playbench's own child), and what its memory was then.
    std::string death(const char* what) {
        std::string how = "its process ended";
        std::string memory;
        if (shared_ && shared_->memory_used_mib >= 0)
            memory = "; it had used " + std::to_string(shared_->memory_used_mib) + " MiB of its memory limit of " +
                     std::to_string(memory_limit_ >> 20) + " MiB (podball.modules.memory_limit)";
        if (pid_ > 0) {
            leave_family();
            int st = 0;
            pid_t got;
            do {
                got = waitpid(pid_, &st, 0);
            } while (got < 0 && errno == EINTR);
            if (got == pid_) {
                exited_ = true;
                if (WIFSIGNALED(st)) {
                    how = "its process crashed (" + signal_text(WTERMSIG(st)) + ")";
                } else if (WIFEXITED(st) && WEXITSTATUS(st) == host::kExitLostConnection) {
                    how =
                        "its process lost its connection to Playbench (the module closed or replaced the host's "
                        "descriptors) and exited";
                } else if (WIFEXITED(st)) {
                    how = "its process exited with status " + std::to_string(WEXITSTATUS(st));
                }
                pid_ = -1;
            }
        } else {
            exited_ = true;
        }
        stop();
        return how + " while " + what + memory;
    }

    int sock_ = -1;
    std::uint32_t play_seq_ = 0;
    host::Waiter waiter_;                                  // how await_play waits for this host
    std::chrono::steady_clock::time_point play_start_{};   // when the play call play_seq_ was posted
    pid_t pid_ = -1;
    pid_t family_pid_ = -1;   // this host's number in its family
    bool exited_ = false;
    bool ready_ = false;   // the host has said it is ready
    std::uint64_t memory_limit_ = 0;
    host::HostShared* shared_ = nullptr;
    std::shared_ptr<LogFile> log_;
    std::shared_ptr<HostFamily> family_;
};

// Spare hosts: a host takes milliseconds to start and load its library, as long as thousands of
// play calls, so for each library (and host program, and memory limit) up to kSpareHosts are
// started ahead, in the background, the library loaded and nothing else (no init); a module takes
// one and a new one is started. A spare is used only while the library file is the one it loaded
// (device, inode, size, modification time): a rebuilt module is never played by a spare of the
// old one. Every host is started on the pool's thread, which lives as long as Playbench: a host
// dies with the thread that started it (PR_SET_PDEATHSIG), so a host started by a match's worker
// thread would die with that thread. Spares end with Playbench.
class HostPool {
public:
    static HostPool& instance() {
        static HostPool pool;
        return pool;
    }

    // A host with the library at `path` loaded; nullptr and `error` when it cannot be used.
    std::unique_ptr<HostProcess> take(const std::string& path, std::uint64_t memory_limit, std::string& error) {
        const std::string key = key_of(path, memory_limit);
        const Stamp stamp = stamp_of(path);
        std::unique_ptr<HostProcess> spare;
        {
            std::lock_guard lock(mutex_);
            auto& list = spares_[key];
            while (!list.empty() && !spare) {
                if (stamp.valid && list.front().stamp == stamp) spare = std::move(list.front().host);
                list.erase(list.begin());
            }
        }
        std::string why;
        if (spare && spare->await_ready("loading the library", why)) {
            refill(key, path, memory_limit, stamp);
            return spare;
        }
        // No spare (or it failed, whatever the reason): start one now; its answer is the one that counts.
        auto host = start_now(path, memory_limit, error);
        if (!host || !host->await_ready("loading the library", error)) return nullptr;
        refill(key, path, memory_limit, stamp);
        return host;
    }

    // A host taken but never initialised (a probe): kept as a spare while there is room.
    void give_back(const std::string& path, std::unique_ptr<HostProcess> host) {
        const Stamp stamp = stamp_of(path);
        if (!stamp.valid || !host) return;
        std::lock_guard lock(mutex_);
        auto& list = spares_[key_of(path, host->memory_limit())];
        if (list.size() < kSpareHosts) list.push_back(Spare{stamp, std::move(host)});
    }

private:
    static constexpr std::size_t kSpareHosts = 2;   // both teams of a match may play one library

    struct Stamp {
        bool valid = false;
        dev_t dev = 0;
        ino_t ino = 0;
        off_t size = 0;
        std::int64_t mtime_ns = 0;
        bool operator==(const Stamp&) const = default;
    };
    struct Spare {
        Stamp stamp;
        std::unique_ptr<HostProcess> host;
    };
    // A host to start: for the spares of `key` (refill), or for a caller waiting on `done`.
    struct Job {
        std::string key, path;
        std::uint64_t memory_limit = 0;
        Stamp stamp;
        std::promise<std::unique_ptr<HostProcess>>* wanted = nullptr;
        std::string* error = nullptr;
    };

    static std::string key_of(const std::string& path, std::uint64_t memory_limit) {
        return module_host_path() + '\n' + std::to_string(memory_limit) + '\n' + path;
    }

    static Stamp stamp_of(const std::string& path) {
        struct stat st {};
        Stamp s;
        if (stat(path.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return s;
        s.valid = true;
        s.dev = st.st_dev;
        s.ino = st.st_ino;
        s.size = st.st_size;
        s.mtime_ns = static_cast<std::int64_t>(st.st_mtim.tv_sec) * 1000000000 + st.st_mtim.tv_nsec;
        return s;
    }

    // Starts the pool's thread; false when there is none to be had (a resource limit).
    bool worker_running() {
        if (worker_.joinable()) return true;
        try {
            worker_ = std::thread([this] { work(); });
        } catch (const std::system_error&) {
            return false;
        }
        return true;
    }

    // A host started on the pool's thread, ahead of the spares it is starting; on the caller's
    // own thread when the pool has none (the host then ends with this thread).
    std::unique_ptr<HostProcess> start_now(const std::string& path, std::uint64_t memory_limit, std::string& error) {
        std::promise<std::unique_ptr<HostProcess>> wanted;
        std::future<std::unique_ptr<HostProcess>> started = wanted.get_future();
        {
            std::lock_guard lock(mutex_);
            if (worker_running()) {
                jobs_.insert(jobs_.begin(), Job{"", path, memory_limit, Stamp{}, &wanted, &error});
                wake_.notify_one();
            } else {
                wanted.set_value(nullptr);
            }
        }
        if (auto host = started.get()) return host;
        if (!error.empty()) return nullptr;
        auto host = std::make_unique<HostProcess>();
        return host->start(path, memory_limit, error) ? std::move(host) : nullptr;
    }

    // Has spares started (not waiting for them) until there are kSpareHosts for `key`.
    void refill(const std::string& key, const std::string& path, std::uint64_t memory_limit, const Stamp& stamp) {
        if (!stamp.valid) return;
        std::lock_guard lock(mutex_);
        if (!worker_running()) return;   // hosts start when needed
        jobs_.push_back(Job{key, path, memory_limit, stamp, nullptr, nullptr});
        wake_.notify_one();
    }

    void work() {
        std::unique_lock lock(mutex_);
        for (;;) {
            wake_.wait(lock, [this] { return quit_ || !jobs_.empty(); });
            if (quit_) break;
            const Job job = jobs_.front();
            jobs_.erase(jobs_.begin());
            if (job.wanted) {
                lock.unlock();
                auto host = std::make_unique<HostProcess>();
                if (!host->start(job.path, job.memory_limit, *job.error)) host.reset();
                job.wanted->set_value(std::move(host));
                lock.lock();
                continue;
            }
            while (!quit_ && spares_[job.key].size() < kSpareHosts) {
                lock.unlock();
                auto host = std::make_unique<HostProcess>();
                std::string error;
                const bool started = host->start(job.path, job.memory_limit, error);
                lock.lock();
                if (!started) break;
                spares_[job.key].push_back(Spare{job.stamp, std::move(host)});
            }
        }
        // Nobody waits in vain for a host when Playbench ends.
        for (const Job& job : jobs_)
            if (job.wanted) job.wanted->set_value(nullptr);
        jobs_.clear();
    }

    ~HostPool() {
        {
            std::lock_guard lock(mutex_);
            quit_ = true;
        }
        wake_.notify_one();
        if (worker_.joinable()) worker_.join();
    }

    std::mutex mutex_;
    std::condition_variable wake_;
    std::map<std::string, std::vector<Spare>> spares_;
    std::vector<Job> jobs_;
    bool quit_ = false;
    std::thread worker_;
};

void init_settings(podball_settings& s, const TeamSettings& settings) {
    s = podball_settings{};
    fill_settings(s, settings.config);
    s.own_pods = settings.own_pods;
    s.opponent_pods = settings.opponent_pods;
    s.seed = settings.seed;
}

// The address space a module's host may use (podball.modules.memory_limit, MiB).
std::uint64_t memory_limit_bytes(double mib) {
    const double clamped = std::isfinite(mib) ? std::clamp(mib, double{kMemoryLimitMinMiB}, double{kMemoryLimitMaxMiB})
                                              : double{kMemoryLimitMiB};
    return static_cast<std::uint64_t>(clamped) << 20;
}

// A library module whose code runs in a host process. Calls fill the shared page and wait for
// the answer; a host that overruns, crashes, exits or scribbles is stopped and the module is
// dead: the first play afterwards throws the reason (one fault for the world to record), every
// later one leaves the team's pods idle. A call in which the sandbox refused a system call throws
// that (a fault; the team idles for that call) and the module plays on. The outputs are the
// in-process module's, bit for bit.
class IsolatedModule final : public TeamModule {
public:
    IsolatedModule(std::string path, LibraryInfo info, std::unique_ptr<HostProcess> host)
        : path_(std::move(path)), info_(std::move(info)), host_(std::move(host)) {
        if (host_) log_ = host_->log();
    }
    IsolatedModule(const IsolatedModule&) = delete;
    IsolatedModule& operator=(const IsolatedModule&) = delete;

    std::string name() const override { return info_.name; }

    void init(const TeamSettings& settings) override {
        settings_ = settings;
        initialised_ = true;
        dead_ = false;
        fault_reported_ = false;
        std::string error;
        const std::uint64_t limit = memory_limit_bytes(settings.config.module_memory_limit);
        if (host_ && !initialised_host_ && host_->memory_limit() != limit)
            HostPool::instance().give_back(path_, std::move(host_));   // a spare of another limit
        if (!host_ || initialised_host_) {
            host_ = HostPool::instance().take(path_, limit, error);
            if (!host_) throw std::runtime_error("module '" + name() + "': " + error);
        }
        log_ = host_->log();
        initialised_host_ = true;
        init_settings(host_->shared()->settings, settings);
        std::string fault;
        const int r = host_->call(host::OpInit, kInitBudgetMs, "in podball_module_init", fault);
        if (r == host::ReplyOk) return;
        const host::HostShared* sh = host_->shared();
        if (r == host::ReplyError)
            fault = with_module_error(text_field(sh->error, sizeof sh->error),
                                      text_field(sh->module_error, sizeof sh->module_error));
        else
            fault = "module '" + name() + "' was stopped: " + fault;
        host_.reset();
        throw std::runtime_error(fault);
    }

    // Hands the view to the host at once: it thinks while the world prepares the other team.
    void start_play(const TeamView& v) override { posted_ = dead_ || !host_ ? Posted::No : post(v); }

    void play(const TeamView& v, std::vector<PodAction>& actions) override {
        ++calls_;
        Posted posted = posted_;
        posted_ = Posted::No;
        if (dead_) {
            if (fault_reported_) return;   // idle for the rest of the match
            fault_reported_ = true;
            throw std::runtime_error(fault_);
        }
        if (!host_) throw std::runtime_error("module '" + name() + "' has no state (its init or clone failed)");
        if (posted == Posted::No) posted = post(v);
        if (posted == Posted::Failed) return die(post_fault_);
        host::HostShared* sh = host_->shared();
        std::string fault;
        const int r = host_->await_play(kPlayBudgetMs, kPlayWhat, fault);
        if (r < 0) return die(fault);
        if (r == host::ReplyRefused)
            throw std::runtime_error("module '" + name() + "' tried what the sandbox refuses: " +
                                     host::refusal_text(*sh) + " (" + kPlayWhat + "); its pods idle for this call");
        if (r == host::ReplyThrew) throw std::runtime_error(text_field(sh->error, sizeof sh->error) + memory_note(*sh));
        if (r == host::ReplyForeign) throw ForeignException{};
        if (r != host::ReplyOk) return die("it answered with an unknown byte");
        if (sh->status != 0)
            throw std::runtime_error(with_module_error(
                "module '" + name() + "': podball_module_play returned status " + std::to_string(sh->status),
                text_field(sh->module_error, sizeof sh->module_error)));
        // The host returns the actions of the pods in the view (module_host.cpp); a team has no more.
        const std::size_t n = std::min<std::size_t>(actions.size(), static_cast<std::size_t>(sent_pods_));
        std::memcpy(actions_.data(), sh->actions, sizeof(podball_action) * n);
        for (std::size_t i = n; i < actions_.size(); ++i)
            actions_[i] = podball_action{PODBALL_ACTION_NONE, 0, {0.0, 0.0}};
        read_actions(name(), actions_.data(), actions);
    }

    std::unique_ptr<TeamModule> clone() const override {
        auto copy = std::make_unique<IsolatedModule>(path_, info_, nullptr);
        copy->settings_ = settings_;
        copy->calls_ = calls_;
        copy->initialised_ = initialised_;
        copy->dead_ = dead_;
        copy->fault_ = fault_;
        copy->fault_reported_ = fault_reported_;
        copy->log_ = log_;   // a dead module's log, as it was
        if (!initialised_ || dead_ || !host_) return copy;
        copy->initialised_host_ = true;
        std::string fault;
        copy->host_ = host_->fork_copy(fault);
        if (copy->host_) {
            copy->log_ = copy->host_->log();
        } else {
            // The copy plays idle and says why once; the original, if its host died making the
            // copy, does the same on its next call.
            copy->dead_ = true;
            copy->fault_ =
                "module '" + name() + "' was stopped: " + fault + "; its pods idle for the rest of the match";
            copy->fault_reported_ = false;
            if (!host_->shared()) {
                dead_ = true;
                fault_ = copy->fault_;
                host_.reset();
            }
        }
        return copy;
    }

    void hash(StateHasher& h) const override {
        h.add(info_.name);
        h.add(calls_);
    }

    // Read from the log file now (a few system calls): for showing, never per call. Line by line
    // made safe for a terminal and for JSON (printable: control characters and invalid UTF-8
    // become \x.. escapes).
    ModuleLog log() const override {
        ModuleLog out;
        if (!log_) return out;
        const std::string raw = log_->text();
        for (std::size_t begin = 0; begin < raw.size();) {
            const std::size_t end = std::min(raw.find('\n', begin), raw.size());
            out.text += printable(raw.substr(begin, end - begin));
            if (end < raw.size()) out.text += '\n';
            begin = end + 1;
        }
        const host::HostShared* sh = host_ ? host_->shared() : nullptr;
        out.dropped_bytes = sh ? sh->log_dropped_bytes : log_->dropped();
        return out;
    }

private:
    static constexpr const char* kPlayWhat = "in podball_module_play";
    enum class Posted { No, Yes, Failed };

    // What an exception that escaped the module may have come from: its memory limit.
    std::string memory_note(const host::HostShared& sh) const {
        if (sh.memory_used_mib < 0) return "";
        return " (it had used " + std::to_string(sh.memory_used_mib) + " MiB of its memory limit of " +
               std::to_string(host_->memory_limit() >> 20) + " MiB, podball.modules.memory_limit)";
    }

    // The view into the shared page and the call posted: Yes, or Failed (the reason in post_fault_).
    // The settings are written into the page only when they differ from what it holds (parameters
    // can change live; a new page holds init's or none): unchanged, they stay in the host's cache.
    Posted post(const TeamView& v) {
        host::HostShared* sh = host_->shared();
        fill_world(sh->world, live_settings_, v, settings_.seed);
        if (std::memcmp(&sh->settings, &live_settings_, sizeof live_settings_) != 0)
            std::memcpy(&sh->settings, &live_settings_, sizeof live_settings_);
        sent_pods_ = std::clamp(sh->world.own_count, 0, PODBALL_MAX_PODS);
        post_fault_.clear();
        return host_->post_play(kPlayWhat, post_fault_) ? Posted::Yes : Posted::Failed;
    }

    void die(const std::string& fault) {
        dead_ = true;
        fault_reported_ = true;
        fault_ = "module '" + name() + "' was stopped: " + fault + "; its pods idle for the rest of the match";
        host_.reset();
        throw std::runtime_error(fault_);
    }

    std::string path_;
    LibraryInfo info_;
    mutable std::unique_ptr<HostProcess> host_;
    std::shared_ptr<LogFile> log_;    // outlives the host: what it printed before it crashed
    bool initialised_host_ = false;   // the host has had an init (a new init needs a new host)
    bool initialised_ = false;
    mutable bool dead_ = false;
    mutable std::string fault_;
    bool fault_reported_ = false;
    TeamSettings settings_;
    std::int64_t calls_ = 0;
    std::array<podball_action, PODBALL_MAX_PODS> actions_{};
    Posted posted_ = Posted::No;   // start_play posted this call already
    podball_settings live_settings_{};
    int sent_pods_ = 0;   // own pods in the view posted: the actions the host returns
    std::string post_fault_;
};

// A host for `path` (a spare if there is one) and what the library says about itself.
std::unique_ptr<HostProcess> start_host(const std::string& path, LibraryInfo& info, std::string& error) {
    auto host = HostPool::instance().take(path, std::uint64_t{kMemoryLimitMiB} << 20, error);
    if (!host) return nullptr;
    const host::HostShared* sh = host->shared();
    info.name = text_field(sh->name, sizeof sh->name);
    info.author = text_field(sh->author, sizeof sh->author);
    info.description = text_field(sh->description, sizeof sh->description);
    info.can_clone = sh->can_clone == 1;
    return host;
}

}   // namespace

void set_library_modules_in_process(bool in_process) { g_in_process = in_process; }
bool library_modules_in_process() { return g_in_process; }

std::optional<std::string> probe_module_library(const std::string& path, LibraryInfo* info) {
    std::string error;
    if (!g_in_process) {
        LibraryInfo found;
        auto host = start_host(path, found, error);
        if (!host) return error;
        if (info) *info = found;
        HostPool::instance().give_back(path, std::move(host));   // the module loaded next takes it
        return std::nullopt;
    }
    auto lib = ModuleLibrary::open(path, error);
    if (!lib) return error;
    if (info) *info = lib->info();
    return std::nullopt;
}

std::unique_ptr<TeamModule> load_library_module(const std::string& path, std::string& error) {
    if (!g_in_process) {
        LibraryInfo info;
        auto host = start_host(path, info, error);
        if (!host) return nullptr;
        return std::make_unique<IsolatedModule>(path, std::move(info), std::move(host));
    }
    auto lib = ModuleLibrary::open(path, error);
    if (!lib) return nullptr;
    return std::make_unique<LibraryModule>(std::move(lib));
}

}   // namespace pb::podball
