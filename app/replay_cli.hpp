// The `playbench replay ...` verbs: record a scenario headless, verify a replay by re-simulating
// it, print what a replay holds, export frames of it as PNG pictures.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace pb {
struct ReplayData;
}

namespace pb::app {

struct ReplayRecordOptions {
    std::string scenario;
    std::int64_t ticks = 3600;
    std::vector<std::string> sets;
    std::string out;
};
int replay_record(const ReplayRecordOptions& o, std::ostream& out, std::ostream& err);

// What `replay verify` (and `info`, `export`, which say the same about the file) exit with.
// (pb::ReplayVerdict in engine/core/replay.hpp says what each means.) 2 also covers a module
// library without consent (`allow_modules`) or without a file matching its pin.
inline constexpr int kReplayOk = 0;
inline constexpr int kReplayDiverged = 1;
inline constexpr int kReplayUnplayable = 2;
inline constexpr int kReplayDamaged = 3;
inline constexpr int kReplayNotClosed = 4;
int replay_verify(const std::string& path, std::ostream& out, std::ostream& err, bool allow_modules = false);
// Before playing a replay: when its scenario names module libraries that may not be loaded
// (no consent, no pin, no file with the pinned bytes), prints why to `err` and returns true.
bool replay_modules_refused(const std::string& path, const ReplayData& data, bool allow_modules, std::ostream& err);
// Exits as verify would for the file's soundness (0, 2, 3 or 4), without re-simulating it.
int replay_info(const std::string& path, std::ostream& out, std::ostream& err);

struct ReplayExportOptions {
    std::string replay;
    std::int64_t from = 0;
    std::int64_t to = -1;   // -1: the end of the recording
    std::int64_t every = 1;
    std::string out_dir;
    int width = 1280, height = 720;
    bool allow_modules = false;   // load the module libraries the replay pinned (--allow-modules)
};
// Writes what it can; exits 3 or 4 (after writing) for a damaged or unclosed file, as verify would.
int replay_export(const ReplayExportOptions& o, std::ostream& out, std::ostream& err);

int bench_replay(std::ostream& out, std::ostream& err);

}   // namespace pb::app
