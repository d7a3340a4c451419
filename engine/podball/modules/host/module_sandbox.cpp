// The module host's sandbox (module_sandbox.hpp). The filter is an allow-list of what the host's
// loop and a pure-computation module need: memory, time, its own signals, writing its log, the
// socket to Playbench. Everything else fails with EPERM and is recorded (SECCOMP_RET_TRAP and the
// SIGSYS handler below): a refusal is a fault Playbench reports with the call's name, and the
// module's team idles for that call. Process creation (clone) and signals (kill, tgkill, tkill)
// go to Playbench (SECCOMP_RET_USER_NOTIF; library_module.cpp, HostFamily), which lets through
// only the host's own snapshot fork and a signal a process sends to itself.
#include "engine/podball/modules/host/module_sandbox.hpp"

#include <fcntl.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <ucontext.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <utility>

namespace pb::podball::sandbox {
namespace {

host::HostShared* volatile g_shared = nullptr;
std::uint64_t g_memory_limit = 0;

// A refused call returns -EPERM: the handler sets the return register of the interrupted call.
void set_return(void* context, long value) {
    auto* uc = static_cast<ucontext_t*>(context);
#if defined(__x86_64__)
    uc->uc_mcontext.gregs[REG_RAX] = value;
#elif defined(__aarch64__)
    uc->uc_mcontext.regs[0] = static_cast<unsigned long long>(value);
#else
#error "the module host's sandbox knows the registers of x86-64 and AArch64 only"
#endif
}

// The third argument of the interrupted call: a write's byte count.
unsigned long third_argument(void* context) {
    auto* uc = static_cast<ucontext_t*>(context);
#if defined(__x86_64__)
    return static_cast<unsigned long>(uc->uc_mcontext.gregs[REG_RDX]);
#elif defined(__aarch64__)
    return static_cast<unsigned long>(uc->uc_mcontext.regs[2]);
#endif
}

void on_sigsys(int, siginfo_t* info, void* context) {
    constexpr int kSysSeccomp = 1;   // SYS_SECCOMP (asm-generic/siginfo.h; glibc does not name it)
    if (info->si_code != kSysSeccomp) return;
    host::HostShared* sh = g_shared;
    if (sh) {
        if (sh->call_refusals == 0) {
            sh->refused_nr = info->si_syscall;
            sh->refused_arch = info->si_arch;
            sh->refused[0] = '\0';
        }
        sh->call_refusals = sh->call_refusals + 1;
    }
    set_return(context, -EPERM);
}

// The log is full: the write that failed (the only call that writes the log) is counted. A
// write partly over the limit is cut by the kernel, and stdio writes the rest again: counted then.
void on_sigxfsz(int, siginfo_t*, void* context) {
    host::HostShared* sh = g_shared;
    if (sh) sh->log_dropped_bytes = sh->log_dropped_bytes + third_argument(context);
}

// SA_RESETHAND: the default action is back when this returns; a fault happens again and ends the
// process with its signal, abort() raises again.
void on_crash(int, siginfo_t*, void*) {
    host::HostShared* sh = g_shared;
    if (sh && g_memory_limit > 0) sh->memory_used_mib = memory_at_limit_mib(g_memory_limit);
}

// An alternate stack for on_crash, so that a module that overflowed its stack is measured too.
alignas(16) char g_crash_stack[64 * 1024];

std::string failed(const char* what, int rc) {
    return std::string("cannot set up the module sandbox (") + what + "): " + std::strerror(rc < 0 ? -rc : rc);
}

// An argument comparison (libseccomp's SCMP_A0... macros leave a field to the compiler's warning).
scmp_arg_cmp arg(unsigned index, scmp_compare op, scmp_datum_t value, scmp_datum_t second = 0) {
    return scmp_arg_cmp{index, op, value, second};
}

// Adds `action` for system call `name` (with its argument comparisons); a call this architecture
// does not have is left out.
int add(scmp_filter_ctx ctx, std::uint32_t action, const char* name, std::initializer_list<scmp_arg_cmp> args = {}) {
    const int nr = seccomp_syscall_resolve_name(name);
    if (nr == __NR_SCMP_ERROR || nr < 0) return 0;
    return seccomp_rule_add_array(ctx, action, nr, static_cast<unsigned>(args.size()), args.begin());
}

// Allows `name` when its first argument is in [lo, hi]: libseccomp compares an argument once a
// rule, so the range is cut into aligned blocks, each a masked comparison.
int allow_first_in(scmp_filter_ctx ctx, const char* name, std::uint64_t lo, std::uint64_t hi) {
    for (std::uint64_t v = lo; v <= hi;) {
        std::uint64_t size = 1;
        while (v % (size * 2) == 0 && v + size * 2 - 1 <= hi) size *= 2;
        if (const int rc = add(ctx, SCMP_ACT_ALLOW, name, {arg(0, SCMP_CMP_MASKED_EQ, ~(size - 1), v)})) return rc;
        v += size;
    }
    return 0;
}

std::string load(scmp_filter_ctx ctx, const char* what) {
    const int rc = seccomp_load(ctx);
    return rc == 0 ? "" : failed(what, rc);
}

}   // namespace

void watch(host::HostShared* shared, std::uint64_t memory_limit_bytes) {
    g_shared = shared;
    g_memory_limit = memory_limit_bytes;
}

std::string limit(std::uint64_t memory_limit_bytes) {
    const struct {
        int resource;
        rlim_t value;
        const char* what;
    } limits[] = {
        {RLIMIT_AS, memory_limit_bytes, "RLIMIT_AS"},
        {RLIMIT_FSIZE, static_cast<rlim_t>(kLogBytes), "RLIMIT_FSIZE"},
        {RLIMIT_NOFILE, 16, "RLIMIT_NOFILE"},
        {RLIMIT_CORE, 0, "RLIMIT_CORE"},
    };
    for (const auto& l : limits) {
        const rlimit r{l.value, l.value};
        if (setrlimit(l.resource, &r) != 0) return failed(l.what, errno);
    }
    return "";
}

std::string install_handlers() {
    struct sigaction sa {};
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_SIGINFO;
    sa.sa_sigaction = on_sigsys;
    if (sigaction(SIGSYS, &sa, nullptr) != 0) return failed("SIGSYS", errno);
    sa.sa_flags = SA_SIGINFO | SA_RESTART;
    sa.sa_sigaction = on_sigxfsz;
    if (sigaction(SIGXFSZ, &sa, nullptr) != 0) return failed("SIGXFSZ", errno);
    stack_t alt{};
    alt.ss_sp = g_crash_stack;
    alt.ss_size = sizeof g_crash_stack;
    if (sigaltstack(&alt, nullptr) != 0) return failed("sigaltstack", errno);
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND;
    sa.sa_sigaction = on_crash;
    for (int sig : {SIGSEGV, SIGBUS, SIGABRT})
        if (sigaction(sig, &sa, nullptr) != 0) return failed("crash handlers", errno);
    return "";
}

std::string filter_for_loading(int& listener) {
    listener = -1;
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_TRAP);
    if (!ctx) return failed("seccomp_init", ENOMEM);
    int rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
    const std::uint32_t allow = SCMP_ACT_ALLOW;
    // Memory, time, identity, the process's own signal state, leaving.
    for (const char* name : {"brk",
                             "mmap",
                             "munmap",
                             "mremap",
                             "mprotect",
                             "madvise",
                             "clock_gettime",
                             "clock_getres",
                             "clock_nanosleep",
                             "nanosleep",
                             "gettimeofday",
                             "time",
                             "sched_yield",
                             "getpid",
                             "gettid",
                             "getppid",
                             "getuid",
                             "geteuid",
                             "getgid",
                             "getegid",
                             "getrandom",
                             "futex",
                             "rt_sigreturn",
                             "rt_sigprocmask",
                             "sigaltstack",
                             "restart_syscall",
                             "exit",
                             "exit_group",
                             "fstat",
                             "newfstatat",
                             "lseek",
                             "uname",
                             "getrusage",
                             "sched_getaffinity",
                             "alarm"})
        if (rc == 0) rc = add(ctx, allow, name);
    // Signal handlers, except for the signals the host's own handlers serve (SIGSYS: refusals;
    // SIGXFSZ: the log; SIGALRM: the host's guard against outliving Playbench).
    static_assert(SIGALRM == 14 && SIGXFSZ == 25 && SIGSYS == 31);
    for (const auto& [lo, hi] : {std::pair<int, int>{1, 13}, {15, 24}, {26, 30}, {32, 64}})
        if (rc == 0)
            rc = allow_first_in(ctx, "rt_sigaction", static_cast<std::uint64_t>(lo), static_cast<std::uint64_t>(hi));
    if (rc == 0) rc = add(ctx, allow, "rt_sigaction", {arg(1, SCMP_CMP_EQ, 0)});   // reading a handler
    // Only the real-time timer (alarm), which delivers SIGALRM: no other timer runs module code
    // in the middle of the host's.
    if (rc == 0) rc = add(ctx, allow, "setitimer", {arg(0, SCMP_CMP_EQ, ITIMER_REAL)});
    // The log (stdout, stderr) and the socket to Playbench; the socket and the page cannot be
    // closed. Another descriptor may be put in their place only from one above them (the copy's
    // new ones: a module has none).
    for (int fd : {1, 2})
        if (rc == 0) rc = add(ctx, allow, "write", {arg(0, SCMP_CMP_EQ, static_cast<scmp_datum_t>(fd))});
    for (const char* name : {"sendto", "sendmsg", "recvmsg"})
        if (rc == 0) rc = add(ctx, allow, name, {arg(0, SCMP_CMP_EQ, host::kSocketFd)});
    if (rc == 0) rc = add(ctx, allow, "close", {arg(0, SCMP_CMP_LT, host::kSocketFd)});
    if (rc == 0) rc = add(ctx, allow, "close", {arg(0, SCMP_CMP_GT, host::kMemFd)});
    for (const char* name : {"dup2", "dup3"})
        if (rc == 0) rc = add(ctx, allow, name, {arg(0, SCMP_CMP_GT, host::kMemFd)});
    // A snapshot copy dies with Playbench as the host does; it may not clear that.
    if (rc == 0) rc = add(ctx, allow, "prctl", {arg(0, SCMP_CMP_EQ, PR_SET_PDEATHSIG), arg(1, SCMP_CMP_EQ, SIGKILL)});
    // The filter for the calls, added once the library is loaded (filter_for_calls): a filter
    // without a listener, which can only refuse more (a module's code may add one too, for itself).
    if (rc == 0)
        rc = add(ctx, allow, "seccomp", {arg(0, SCMP_CMP_EQ, SECCOMP_SET_MODE_FILTER), arg(1, SCMP_CMP_EQ, 0)});
    // Loading: the dynamic loader opens the library and its dependencies for reading.
    const scmp_datum_t read_only = O_CLOEXEC | O_LARGEFILE | O_NOCTTY | O_NONBLOCK | O_DIRECTORY | O_NOFOLLOW;
    if (rc == 0) rc = add(ctx, allow, "openat", {arg(2, SCMP_CMP_MASKED_EQ, ~read_only, 0)});
    for (const char* name : {"read", "pread64", "readlink", "getcwd", "access", "faccessat", "faccessat2", "statx"})
        if (rc == 0) rc = add(ctx, allow, name);
    // Process creation and signals: Playbench decides. clone3 says "not here", so that glibc falls
    // back to clone (its threads, posix_spawn) and Playbench names what was tried.
    for (const char* name : {"clone", "kill", "tgkill", "tkill"})
        if (rc == 0) rc = add(ctx, SCMP_ACT_NOTIFY, name);
    if (rc == 0) rc = add(ctx, SCMP_ACT_ERRNO(ENOSYS), "clone3");
    std::string why = rc == 0 ? load(ctx, "seccomp_load") : failed("seccomp rules", rc);
    if (why.empty()) {
        listener = seccomp_notify_fd(ctx);
        if (listener < 0) why = failed("seccomp_notify_fd", EINVAL);
    }
    seccomp_release(ctx);
    return why;
}

std::string filter_for_calls() {
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_ALLOW);
    if (!ctx) return failed("seccomp_init", ENOMEM);
    int rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
    // no_new_privs is set already (the first filter); setting it again is a prctl the filter refuses.
    if (rc == 0) rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0);
    for (const char* name :
         {"openat", "read", "pread64", "readlink", "getcwd", "access", "faccessat", "faccessat2", "statx", "seccomp"})
        if (rc == 0) rc = add(ctx, SCMP_ACT_TRAP, name);
    std::string why = rc == 0 ? load(ctx, "seccomp_load") : failed("seccomp rules", rc);
    seccomp_release(ctx);
    return why;
}

std::string syscall_name(int nr, std::uint32_t arch) {
    char* name = seccomp_syscall_resolve_num_arch(arch, nr);
    std::string out = name ? name : "system call " + std::to_string(nr);
    std::free(name);
    return out;
}

int memory_at_limit_mib(std::uint64_t memory_limit_bytes) {
    constexpr std::uint64_t kMiB = std::uint64_t{1} << 20;
    std::uint64_t fits = 0, fails = memory_limit_bytes + kMiB;
    while (fails - fits > kMiB) {
        const std::uint64_t mid = (fits + fails) / 2 / kMiB * kMiB;
        void* p = mmap(nullptr, mid, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (p == MAP_FAILED) {
            fails = mid;
        } else {
            munmap(p, mid);
            fits = mid;
        }
    }
    if (fits > memory_limit_bytes / 16) return -1;
    return static_cast<int>((memory_limit_bytes - fits) / kMiB);
}

}   // namespace pb::podball::sandbox
