// Where a sweep's results live (README "Sweeps"), a folder DIR:
//   DIR/manifest.txt     the sweep's identity and its resolved run list (params, points, seeds,
//                        results): what merge and status read; a different sweep is refused
//   DIR/sweep.toml       the sweep file's text as run
//   DIR/runs-I-of-N.log  shard I of N's results log: one record per finished run, appended with
//                        one write() each and CRC-checked, so a kill -9 leaves at most a torn
//                        last record, which the next `sweep run` of that shard cuts off
//   DIR/sweep.sqlite, DIR/results.csv   written by merge (atomically: temp file, then rename)
// Each shard appends only to its own log (shared file systems: no two processes append to one file).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "engine/sweep/sweep.hpp"

namespace pb {

// What DIR/manifest.txt holds.
struct SweepManifest {
    std::string identity;
    std::string lab;
    std::string sweep_file;      // as given to `sweep run`
    std::string scenario;        // absolute path
    std::int64_t ticks = 0;
    bool until_match_end = false;
    std::vector<std::uint64_t> seeds;
    std::vector<std::string> params;
    std::vector<std::string> results;
    std::vector<std::vector<double>> points;
    std::uint64_t run_count() const { return static_cast<std::uint64_t>(points.size()) * seeds.size(); }
};

SweepManifest manifest_of(const SweepSpec& spec);
std::string manifest_text(const SweepManifest& m);
// Throws SweepError when the text is not a manifest.
SweepManifest parse_manifest(const std::string& text, const std::string& name);

// Makes DIR (if missing) ready for this sweep: writes the manifest and the file's text, or checks
// that DIR's manifest has the same identity. Throws SweepError naming both when it differs.
void prepare_sweep_dir(const SweepSpec& spec, const std::string& dir);
SweepManifest read_sweep_dir(const std::string& dir);   // throws SweepError

// One record of a results log, as bytes: "PBSW", payload size, payload, CRC-32 of size+payload.
std::string encode_run_record(const SweepRunResult& r);

struct SweepLog {
    std::string path;
    std::vector<SweepRunResult> runs;   // every good record, in file order
    std::uint64_t good_bytes = 0;       // up to the end of the last good record
    std::uint64_t file_bytes = 0;       // more: a torn or damaged tail
};
SweepLog read_sweep_log(const std::string& path);
// Every results log in DIR (runs-*.log), sorted by name.
std::vector<std::string> sweep_logs(const std::string& dir);
std::string shard_log_name(std::uint64_t shard, std::uint64_t shards);

// Appends records to one log, one write() each; opening cuts a torn tail off first.
class SweepLogWriter {
public:
    // Throws SweepError with the reason when the file cannot be opened.
    explicit SweepLogWriter(const std::string& path, std::uint64_t* dropped_bytes = nullptr);
    ~SweepLogWriter();
    SweepLogWriter(const SweepLogWriter&) = delete;
    SweepLogWriter& operator=(const SweepLogWriter&) = delete;
    void append(const SweepRunResult& r);   // throws SweepError when the write fails

private:
    int fd_ = -1;
    std::string path_;
};

struct MergeReport {
    std::uint64_t total = 0, found = 0;
    std::vector<std::uint64_t> missing;                             // run keys
    std::vector<std::pair<std::uint64_t, int>> duplicated;          // run key, times recorded
    std::vector<std::string> damaged;                               // logs with a torn tail (ignored bytes)
};

// Reads every log of DIR and writes DIR/sweep.sqlite and DIR/results.csv (each atomically).
// Throws SweepError on a failure to read or write.
MergeReport merge_sweep_dir(const std::string& dir);
// The CSV text for these runs (sorted by run key), as merge writes it.
std::string sweep_csv(const SweepManifest& m, const std::vector<SweepRunResult>& runs);

struct ShardStatus {
    std::string log;
    std::uint64_t runs = 0;
    std::uint64_t torn_bytes = 0;
};
struct SweepStatus {
    SweepManifest manifest;
    std::uint64_t done = 0;      // distinct runs recorded
    std::uint64_t missing = 0;
    std::vector<ShardStatus> shards;
};
SweepStatus sweep_status(const std::string& dir);

}  // namespace pb
