// The module host's sandbox (engine/podball/modules/module_host.hpp;
// docs/team-modules.md#library-modules-run-isolated-the-default): its resource limits, the seccomp filter it installs before it loads a team module's
// library, and the signal handlers that record what the sandbox refused in the shared page.
#pragma once
#include <cstdint>
#include <string>

#include "engine/podball/modules/module_host.hpp"

namespace pb::podball::sandbox {

// Where the handlers record: the page the host serves now (a snapshot copy maps its own), and the
// memory limit they measure a crash against.
void watch(host::HostShared* shared, std::uint64_t memory_limit_bytes);

// The address space (`memory_limit_bytes`), the log (kLogBytes), 16 descriptors, no core files.
// The reason when a limit cannot be set, else "".
std::string limit(std::uint64_t memory_limit_bytes);

// SIGSYS: a refused system call fails with EPERM and is recorded in the page. SIGXFSZ: what the
// full log refused is counted. SIGSEGV, SIGBUS, SIGABRT: whether the process was at its memory
// limit is recorded, then the default action ends it. The reason when one cannot be set, else "".
std::string install_handlers();

// The filter while the library loads: the dynamic loader may open files for reading and read
// them; `listener` is the descriptor through which Playbench decides on process creation and
// signals (seccomp user notification). The reason when it cannot be installed, else "".
std::string filter_for_loading(int& listener);
// Added once the library is loaded: from then on no file is opened or read.
std::string filter_for_calls();

// The name of a system call the SIGSYS handler recorded ("openat").
std::string syscall_name(int nr, std::uint32_t arch);

// The process's address space in MiB when it is within a sixteenth of the limit, else -1:
// measured by the largest mapping that still fits (a few system calls; for a crash or an
// exception, never for a call that went well).
int memory_at_limit_mib(std::uint64_t memory_limit_bytes);

}   // namespace pb::podball::sandbox
