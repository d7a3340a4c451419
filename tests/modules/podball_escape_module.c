/* A Podball team module that tries to get out of its host process
 * (docs/team-modules.md#library-modules-run-isolated-the-default), in plain C as a third party
 * would write it; compiled once per variant (CMakeLists.txt). It plays like the test module (every
 * pod thrusts along +y) and in its third play call:
 *   fork        fork()s; the child spins forever
 *   clone       forges the host's own snapshot fork: a raw clone(CLONE_PARENT | SIGCHLD); the child spins
 *   thread      starts a thread that spins
 *   killparent  kill(getppid(), SIGKILL): Playbench
 *   killgroup   kill(0, SIGTERM): its process group
 *   exec        execve("/bin/sh")
 *   open        opens the file "escaped" for writing in the library's own folder
 *   unlink      removes that folder's file "keep" (no open needed)
 *   socket      opens a TCP socket
 *   sigsys      installs its own handler for SIGSYS
 *   closefds    closes every file descriptor from 0 to 1023
 *   badkind     answers pod 0 with action kind 99, which the ABI does not have
 * and in every call from its third on:
 *   leak        allocates 4 MB and touches it, never freeing (a careless module: no NULL check)
 *   print       prints a line to stdout and one to stderr, and from the 20th call on 1 MB at once
 * Every variant prints "pid N" to stdout in init, so a test can find its host by its log.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <playbench/podball_module_abi.h>

typedef struct escape_state {
    int64_t calls;
    void* leaked; /* leak: the blocks it never frees */
} escape_state;

const podball_module_info* podball_module_get_info(void) {
    static const podball_module_info info = {PODBALL_MODULE_ABI_VERSION, "escape_module", "tests",
                                             "tries to get out of its host process"};
    return &info;
}

void* podball_module_init(const podball_settings* settings) {
    (void)settings;
    printf("pid %d\n", (int)getpid());
    fflush(stdout);
    return calloc(1, sizeof(escape_state));
}

#ifdef PB_ESCAPE_thread
static void* spin(void* arg) {
    (void)arg;
    for (;;) {}
    return NULL;
}
#endif

#if defined(PB_ESCAPE_open) || defined(PB_ESCAPE_unlink)
#include <dlfcn.h>
/* `name` in the folder this library was loaded from. */
static void beside_library(char* out, size_t size, const char* name) {
    Dl_info info;
    const char* file = dladdr((void*)podball_module_play, &info) && info.dli_fname ? info.dli_fname : "./x";
    const char* slash = strrchr(file, '/');
    const int dir = slash ? (int)(slash - file) : 1;
    snprintf(out, size, "%.*s/%s", dir, slash ? file : ".", name);
}
#endif

static void escape(escape_state* s, podball_action* actions) {
    (void)s;
    (void)actions;
#ifdef PB_ESCAPE_fork
    if (fork() == 0)
        for (;;) {}
#endif
#ifdef PB_ESCAPE_clone
    if (syscall(SYS_clone, CLONE_PARENT | SIGCHLD, 0, 0, 0, 0) == 0)
        for (;;) {}
#endif
#ifdef PB_ESCAPE_thread
    pthread_t t;
    pthread_create(&t, NULL, spin, NULL);
#endif
#ifdef PB_ESCAPE_killparent
    kill(getppid(), SIGKILL);
#endif
#ifdef PB_ESCAPE_killgroup
    kill(0, SIGTERM);
#endif
#ifdef PB_ESCAPE_exec
    char* const argv[] = {"sh", "-c", "exit 0", NULL};
    execv("/bin/sh", argv);
#endif
#ifdef PB_ESCAPE_open
    char path[4096];
    beside_library(path, sizeof path, "escaped");
    FILE* f = fopen(path, "w");
    if (f) {
        fputs("escaped\n", f);
        fclose(f);
    }
#endif
#ifdef PB_ESCAPE_unlink
    char path[4096];
    beside_library(path, sizeof path, "keep");
    unlink(path);
#endif
#ifdef PB_ESCAPE_socket
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    if (fd >= 0) close(fd);
#endif
#ifdef PB_ESCAPE_sigsys
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_IGN;
    sigaction(SIGSYS, &sa, NULL);
#endif
#ifdef PB_ESCAPE_closefds
    for (int fd = 0; fd < 1024; ++fd) close(fd);
#endif
#ifdef PB_ESCAPE_leak
    /* Kept in a chain from the state, so that no compiler drops the allocation. */
    const size_t size = (size_t)4 << 20;
    void** block = (void**)malloc(size);
    memset(block, 1, size);
    *block = s->leaked;
    s->leaked = block;
#endif
#ifdef PB_ESCAPE_print
    printf("call %lld\n", (long long)s->calls);
    fprintf(stderr, "warning at call %lld\n", (long long)s->calls);
    if (s->calls >= 20) {
        static char big[1 << 20];
        memset(big, 'x', sizeof big);
        fwrite(big, 1, sizeof big, stdout);
    }
#endif
#ifdef PB_ESCAPE_badkind
    actions[0].kind = 99;
#endif
}

int32_t podball_module_play(void* state, const podball_world* world, podball_action* actions) {
    escape_state* s = (escape_state*)state;
    ++s->calls;
    for (int i = 0; i < world->own_count; ++i) {
        actions[i].kind = PODBALL_ACTION_MOVE;
        actions[i].v.x = 0.0;
        actions[i].v.y = 0.5;
    }
#if defined(PB_ESCAPE_leak) || defined(PB_ESCAPE_print)
    if (s->calls >= 3) escape(s, actions);
#else
    if (s->calls == 3) escape(s, actions);
#endif
    return 0;
}

void podball_module_dispose(void* state) { free(state); }
