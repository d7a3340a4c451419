// The `playbench replay ...` verbs: record a scenario headless, verify a replay by re-simulating
// it, print what a replay holds, export frames of it as PNG pictures.
#pragma once
#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

namespace pb::app {

struct ReplayRecordOptions {
    std::string scenario;
    std::int64_t ticks = 3600;
    std::vector<std::string> sets;
    std::string out;
};
int replay_record(const ReplayRecordOptions& o, std::ostream& out, std::ostream& err);

// Exit 0 when every recorded hash matches, 1 at a divergence (the first divergent tick is
// printed), 2 when the file cannot be played at all.
int replay_verify(const std::string& path, std::ostream& out, std::ostream& err);
int replay_info(const std::string& path, std::ostream& out, std::ostream& err);

struct ReplayExportOptions {
    std::string replay;
    std::int64_t from = 0;
    std::int64_t to = -1;      // -1: the end of the recording
    std::int64_t every = 1;
    std::string out_dir;
    int width = 1280, height = 720;
};
int replay_export(const ReplayExportOptions& o, std::ostream& out, std::ostream& err);

int bench_replay(std::ostream& out, std::ostream& err);

}  // namespace pb::app
