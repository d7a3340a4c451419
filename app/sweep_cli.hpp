// `playbench sweep run | merge | status` and `playbench bench sweep` (docs/sweeps.md); the
// sweep itself (file, runs, logs, database) is engine/sweep/.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>

namespace pb::app {

struct SweepRunOptions {
    std::string sweep;
    std::string out;
    int threads = 0;              // 0: the hardware's
    std::string shard;            // "I/N"; empty: from the environment (Slurm, Kubernetes), else 0/1
    std::int64_t cap_ticks = 0;   // tests only: every run at most this many ticks (0: as the file says)
    bool progress = true;         // a progress line on stderr when it is a terminal
};

// Which slice of the run list this process runs: runs i with i % count == index.
struct Shard {
    std::uint64_t index = 0, count = 1;
};
// From --shard I/N, else SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN of SLURM_ARRAY_TASK_COUNT,
// else JOB_COMPLETION_INDEX of PLAYBENCH_SHARD_COUNT, else 0 of 1. False, with why, when malformed.
bool resolve_shard(const std::string& option, Shard& out, std::string& why);

int sweep_run(const SweepRunOptions& o, std::ostream& out, std::ostream& err);
int sweep_merge(const std::string& dir, std::ostream& out, std::ostream& err);
int sweep_status_verb(const std::string& dir, std::ostream& out, std::ostream& err);
// The sweep benchmarks; false when one misses its target.
bool bench_sweep(std::ostream& out, std::ostream& err);

}   // namespace pb::app
