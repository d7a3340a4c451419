// Where a sweep's results live (docs/sweeps.md#runs-shards-and-the-results-folder), a folder DIR:
//   DIR/manifest.txt     the sweep's identity and its resolved run list (params, points, seeds,
//                        results): what merge and status read; a different sweep is refused
//   DIR/sweep.toml       the sweep file's text as run
//   DIR/runs-I-of-N.log  shard I of N's results log: one record per finished run, appended with
//                        one write() each and CRC-checked, so a kill -9 leaves at most a torn
//                        last record, which the next `sweep run` of that shard cuts off; a
//                        damaged record with sound ones after it is damage: the next `sweep run`
//                        of that shard keeps a copy (runs-I-of-N.log.damaged), rewrites the log
//                        with every sound record and runs the damaged run again
//   DIR/sweep.sqlite, DIR/results.csv   written by merge (atomically: temp file, then rename)
// Each shard appends only to its own log (shared file systems: no two processes append to one file).
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "engine/sweep/sweep.hpp"

namespace pb {

// What DIR/manifest.txt holds.
struct SweepManifest {
    std::string identity;
    std::string lab;
    std::string sweep_file;   // as given to `sweep run`
    std::string scenario;     // absolute path
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

// Bytes of a log that are not a sound record, with sound records after them.
struct SweepLogDamage {
    std::uint64_t offset = 0;   // the first damaged byte
    std::uint64_t bytes = 0;    // up to the next sound record
    std::uint64_t record = 0;   // sound records before it: it is record `record + 1`
    // The run key the damaged record's bytes name, when its frame is whole and only its checksum
    // failed (the damage may be in the key itself: check that this run is missing).
    std::optional<std::uint64_t> run;
};
std::string describe_log_damage(const SweepLogDamage& d);   // "record 6 (57 bytes at byte 560)"

struct SweepLog {
    std::string path;
    std::vector<SweepRunResult> runs;     // every sound record, in file order (read on past damage)
    std::vector<SweepLogDamage> damage;   // damaged records with sound ones after them, in file order
    std::uint64_t good_bytes = 0;         // up to the end of the last sound record
    std::uint64_t file_bytes = 0;         // more: a torn tail
    bool searched_to_end = true;          // false: the search for sound records ran out of budget
                                          // (a crafted file); the tail may hold some
    std::uint64_t torn_bytes() const { return file_bytes - good_bytes; }
};
// Reads every sound record: past a damaged one, reading resumes at the next sound record (found
// by its signature, size and checksum; the search checksums at most about eight times the
// file's size, so a crafted file cannot make it slow).
SweepLog read_sweep_log(const std::string& path);
// Every results log in DIR (runs-*.log), sorted by name.
std::vector<std::string> sweep_logs(const std::string& dir);
std::string shard_log_name(std::uint64_t shard, std::uint64_t shards);

// Appends records to one log, one write() each. Opening cuts a torn tail off first; a log with
// damage inside is first copied to PATH.damaged and rewritten (atomically: a temp file renamed
// over it) with every sound record, so it reads clean and the damaged runs are missing. Only the
// process running a shard opens its log: another shard's log is never rewritten (its process
// may be appending to it).
class SweepLogWriter {
public:
    // Throws SweepError with the reason when the file cannot be opened or repaired. `found`:
    // what the log held when opened (its damage and torn tail), before the repair.
    explicit SweepLogWriter(const std::string& path, SweepLog* found = nullptr);
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
    std::vector<std::uint64_t> missing;                      // run keys
    std::vector<std::pair<std::uint64_t, int>> duplicated;   // run key, times recorded
    std::vector<std::string> torn;                           // logs with a torn tail (ignored bytes), what and where
    std::vector<std::string> damaged;                        // damaged records inside a log (skipped), what and where
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
    std::vector<SweepLogDamage> damage;
};
struct SweepStatus {
    SweepManifest manifest;
    std::uint64_t done = 0;   // distinct runs recorded
    std::uint64_t missing = 0;
    std::vector<ShardStatus> shards;
};
SweepStatus sweep_status(const std::string& dir);

}   // namespace pb
