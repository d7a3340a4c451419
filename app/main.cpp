#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>

#include "app/cli.hpp"

int main(int argc, char** argv) {
    const int rc = pb::app::run_command_line(argc, argv);
    // What was printed must have reached its destination (`playbench run --json > /dev/full`).
    std::cout.flush();
    if (std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout) {
        std::fprintf(stderr, "playbench: cannot write the output: %s\n", errno ? std::strerror(errno) : "write error");
        return rc != 0 ? rc : 1;
    }
    return rc;
}
