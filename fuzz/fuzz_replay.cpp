// libFuzzer target: the replay reader (docs/testing.md#fuzzing-fuzz). The input is a replay file's
// bytes: read_replay_bytes must refuse or read it (records past damage included) without a
// sanitizer report, and never claim more ticks than the bytes can hold; what it reads is then
// judged by check_replay (re-simulating its embedded scenario and checking the hashes), as
// `playbench replay verify` does -- only for replays that claim at most kMaxTicks ticks, so one
// input costs milliseconds (a few bytes can claim a billion quiet ticks, a stretch that verifies
// honestly but slowly). Module libraries are never loaded (no consent).
#include <cstddef>
#include <cstdint>
#include <string>

#include "engine/core/replay.hpp"
#include "engine/core/replay_file.hpp"

namespace {
constexpr std::int64_t kMaxTicks = 256;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string bytes(reinterpret_cast<const char*>(data), size);
    pb::ReplayLoad load = pb::read_replay_bytes(bytes, "fuzz.pbreplay");
    if (!load.data) return 0;
    const pb::ReplayData& replay = *load.data;
    (void)pb::integrity_text(replay);
    (void)pb::version_pair(replay.header);
    // Every tick costs the file 4 bytes (a hash in a block, or damaged bytes that could have held
    // it), except in a lab that writes quiet stretches: a replay claiming more ticks than its
    // bytes hold took an impossible record for data (fuzz/corpus/replay/podball-quiet-stretches).
    if (!pb::replay_lab_writes_quiet_ticks(replay.header.lab) && replay.length() > static_cast<std::int64_t>(size / 4))
        __builtin_trap();
    if (replay.length() > kMaxTicks) return 0;
    pb::ReplayModuleAccess no_modules;   // allow = false: pinned libraries stay unloaded
    const pb::ReplayCheck check = pb::check_replay(replay, "fuzz.pbreplay", no_modules);
    (void)check;
    return 0;
}
