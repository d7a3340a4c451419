#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <new>

#include "app/cli.hpp"

int main(int argc, char** argv) {
    int rc = 0;
    // The last line of defence: the limits (docs/scenario-files.md#limits) keep every accepted input within a
    // stated memory bound, but a machine with less memory (or a ulimit) still gets a clear error,
    // never an uncaught exception's abort.
    try {
        rc = pb::app::run_command_line(argc, argv);
    } catch (const std::bad_alloc&) {
        std::fprintf(stderr,
                     "playbench: out of memory (the input needs more memory than this process may use; "
                     "docs/scenario-files.md#limits gives the memory each limit allows)\n");
        return 1;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "playbench: %s\n", e.what());
        return 1;
    }
    // What was printed must have reached its destination (`playbench run --json > /dev/full`).
    std::cout.flush();
    if (std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout) {
        std::fprintf(stderr, "playbench: cannot write the output: %s\n", errno ? std::strerror(errno) : "write error");
        return rc != 0 ? rc : 1;
    }
    return rc;
}
