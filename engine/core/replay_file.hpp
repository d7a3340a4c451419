// The replay file: a recorded session that never depends on files on disk.
//
// Layout (little-endian): an 8-byte magic "PBRPLY\r\n" (the \r\n shows up mangled text-mode
// copies), then records, each [u8 type][u32 payload length][payload][u32 CRC-32 of type, length
// and payload]. The first record is the header: format version, app version, engine version,
// lab, seed, the scenario's whole text, and for a branch where it came from. Then, in the order
// they happened: commands (tick + the command), blocks of state hashes (the low 32 bits of the
// world's tick_hash() after every tick, and the full 64-bit hash() every kFullHashEvery ticks),
// stretches of quiet ticks (first tick, count, base: the ticks of a world whose ticks change only
// its clock, whose hashes are clock_tick_hash(base, tick)), notes and note deletions, and an end
// record when the recording was closed cleanly.
//
// Written append-only: a crash or a kill leaves every complete record readable, and the reader
// loads up to the last complete one and says where the file ends. 32 bits a tick keeps an hour of
// Podball (216,000 ticks) under 1 MB; a divergence persists from tick to tick, so the chance of
// missing one is 2^-32 per tick it lasts, and the full hashes back it up.
#pragma once
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/command.hpp"
#include "engine/core/crc32.hpp"

namespace pb {

// 2: stretches of quiet ticks (a record of their own); version 1 files still read.
inline constexpr std::uint32_t kReplayFormatVersion = 2;
// Bumped whenever a lab's rules change what a tick computes, or the state hashes change: replays
// recorded by another engine version may diverge, and the reader says so.
// 2: word-at-a-time state hashes (engine/core/hash.hpp).
// 3: the tick hash sums blocks the Fletcher way (no multiply a block) and leaves the tick out;
//    RGS, Logistics, Effects and Tasks hash only what a tick changes every tick; Tasks' full hash
//    mixes the clock with the state hashed at its last solve.
// 4: the tick hash takes a body's position and velocity as one block; Effects' creep sums
//    come from its step; the periodic full hash every 4096 ticks, not 1024.
// 5: Tasks' tick hash is its state's hash stepped along by the tick (clock_tick_hash), so a
//    recorder writes its quiet ticks as one stretch.
inline constexpr std::uint32_t kEngineVersion = 5;
// The full hash() costs 0.5-6 us (it covers parameters, metrics, modules' memory, the RNG, every
// creep that ever walked); once a hash block, every 4096 ticks (about a minute of play), it costs
// under 1.5 ns a tick and still pins the whole state. (Every 1024 ticks it was a tenth of Effects'
// recording cost.) The full hash after every command does not wait for it.
inline constexpr std::int64_t kFullHashEvery = 4096;

struct ReplayHeader {
    std::uint32_t format_version = kReplayFormatVersion;
    std::string app_version;
    std::uint32_t engine_version = kEngineVersion;
    std::string lab;
    std::uint64_t seed = 0;
    std::string scenario_name;   // where the scenario came from (for people; never read again)
    std::string scenario_text;   // the whole scenario, as TOML: what the replay plays
    std::string branch_of;       // a branch: the replay it was taken over from ("" otherwise)
    std::int64_t branch_tick = 0;   // ... and the tick the designer took over at
};

struct ReplayNote {
    std::uint32_t id = 0;        // unique within the file
    std::int64_t tick = 0;
    std::string text;
    bool has_point = false;      // a point on the canvas, in the lab's world units
    double x = 0.0, y = 0.0;
};

// A module library the recording ran (a Podball "lib:" team module): PATH as the scenario wrote
// it, the absolute file it resolved to, and the SHA-256 of that file's bytes. A replay loads a
// library only with consent, and only a file with these exact bytes (engine/core/replay_modules.hpp).
struct ModulePin {
    std::string written;
    std::string absolute;
    std::array<std::uint8_t, 32> sha256{};
    bool operator==(const ModulePin&) const = default;
};

// The payload of a module-pins record (written right after the header when the scenario names a
// module library): u32 count, then per pin str written, str absolute, 32 bytes of SHA-256.
std::string encode_module_pins(const std::vector<ModulePin>& pins);
// Decodes that payload into `pins` (appended); false when it does not make sense (damaged).
bool decode_module_pins(const char* payload, std::size_t n, std::vector<ModulePin>& pins);

// What a replay file holds once read.
struct ReplayData {
    ReplayHeader header;
    std::vector<Command> commands;       // in the order they were applied
    // hashes[t - 1] = low 32 bits of the world's tick_hash() after stepping to tick t (t = 1 ...).
    std::vector<std::uint32_t> hashes;
    // The full 64-bit hash() at some ticks, ascending by tick.
    std::vector<std::pair<std::int64_t, std::uint64_t>> full_hashes;
    std::vector<ReplayNote> notes;       // live notes (deleted ones removed), by id order
    std::vector<ModulePin> module_pins;  // the module libraries recorded (none before pins existed)
    bool closed = false;                 // an end record was found
    std::int64_t length() const { return static_cast<std::int64_t>(hashes.size()); }   // ticks recorded
};

// How reading went: `error` set means nothing usable was read (wrong magic, newer format, an
// unreadable header); otherwise `data` holds every complete record and `warnings` say what was
// left out and why (a cut-off end, a corrupted record) and what to do.
struct ReplayLoad {
    std::optional<ReplayData> data;
    std::string error;
    std::vector<std::string> warnings;
    std::uint64_t trusted_bytes = 0;     // the file is sound up to here
};

ReplayLoad read_replay_bytes(const std::string& bytes, const std::string& name_for_messages);
ReplayLoad read_replay_file(const std::string& path);

// Low 32 bits of a world hash, as the file keeps them per tick.
inline std::uint32_t short_hash(std::uint64_t h) { return static_cast<std::uint32_t>(h); }

// Appends records to a replay file. The header is written by open() itself; every later record
// goes, in order, to a thread of the writer's own that frames it, checksums it and hands it to the
// operating system in one write(), so the simulation's thread never waits for the disk. Hashes
// are gathered into blocks first (every kHashesPerBlock ticks or on flush()). Call flush() at
// least once a second while recording live: it sends the pending hashes and has the disk keep
// the file (fdatasync), without waiting for either. A write that fails is reported by the next
// call that sends a record, flush() or close() (std::runtime_error with the reason); close()
// waits until everything sent is written and kept.
class ReplayWriter {
public:
    static constexpr std::size_t kHashesPerBlock = 4096;

    ReplayWriter();
    ~ReplayWriter();
    ReplayWriter(const ReplayWriter&) = delete;
    ReplayWriter& operator=(const ReplayWriter&) = delete;

    // Creates (or truncates) `path` and writes the magic and the header. Throws std::runtime_error
    // with the reason on failure.
    void open(const std::string& path, const ReplayHeader& header);
    bool is_open() const { return fd_ >= 0; }
    const std::string& path() const { return path_; }

    // The world's tick_hash() after stepping to `tick`, and its full hash() at that tick when
    // given; ticks must come 1, 2, 3, ... without gaps.
    void add_hash(std::int64_t tick, std::uint64_t tick_hash, std::optional<std::uint64_t> full = std::nullopt);
    // The common case of add_hash, inline (it runs after every tick of a recording): while the
    // file is open, and for at most hashes_before_block_full() ticks after the last add_hash (or
    // flush), add_next_hash(h) does what add_hash(last_tick() + 1, h) would. It is one store:
    // the caller vouches for the tick (the simulation calls it after each of its steps).
    std::int64_t hashes_before_block_full() const {
        return static_cast<std::int64_t>(kHashesPerBlock - 1) - static_cast<std::int64_t>(pending_n_);
    }
    void add_next_hash(std::uint64_t tick_hash) {
        pending_[pending_n_++] = short_hash(tick_hash);
    }
    // Ticks last_tick() + 1 ... to_tick of a world whose ticks change only its clock
    // (World::clock_only_base), all with the same base, as one record: they read back as if
    // add_hash(t, clock_tick_hash(base, t)) had been called for each.
    void add_quiet_stretch(std::int64_t to_tick, std::uint64_t base);
    void add_command(const Command& c);
    // The module libraries the recording runs: right after open(), before anything else.
    void add_module_pins(const std::vector<ModulePin>& pins);
    void add_note(const ReplayNote& note);
    void delete_note(std::uint32_t id);
    std::int64_t last_tick() const { return block_first_ + static_cast<std::int64_t>(pending_n_) - 1; }

    void flush();
    // Flushes and writes the end record.
    void close();

private:
    class Disk;
    void write_record(std::uint8_t type, const std::string& payload);
    void write_hash_block();

    std::unique_ptr<Disk> disk_;   // the writing thread, while open
    int fd_ = -1;
    std::string path_;
    std::int64_t block_first_ = 1;
    // The block being filled: always kHashesPerBlock long while open, the first pending_n_ used
    // (so adding a hash is a store, with no growing to prepare for).
    std::vector<std::uint32_t> pending_;
    std::size_t pending_n_ = 0;
    std::vector<std::pair<std::int64_t, std::uint64_t>> pending_full_;
};

// Appends notes to an existing replay (a reviewer's notes go into the file they review). The file
// is checked first: only a sound file (no cut-off tail) is appended to. Throws with the reason.
void append_replay_notes(const std::string& path, const std::vector<ReplayNote>& added,
                         const std::vector<std::uint32_t>& deleted);

}  // namespace pb
