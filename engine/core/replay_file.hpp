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
#include <utility>
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
// 6: Podball's, RGS's, Logistics' and Effects' full hash walks the lab's one state description
//    (state_visitor.hpp) in the order of their JSON state, array sizes included (tick hashes as
//    before).
// 7: Podball's default ball friction is 0.02, not 0.004 (a full shot runs 0.16 arena widths, not
//    0.8): every Podball scenario that does not set it plays differently
//    (docs/sweeps.md#what-the-scoring-sweep-found). tests/engine/golden_hashes_test.cpp pins the
//    hashes of this version.
// 8: a Lua team's tunables are parameters of its scenario (podball.teamN.script.NAME), in its
//    hashes like every parameter: scenarios whose scripts declare params hash differently
//    (docs/lua-teams.md#tunables-are-parameters); the others as before.
inline constexpr std::uint32_t kEngineVersion = 8;
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
    std::string scenario_name;      // where the scenario came from (for people; never read again)
    std::string scenario_text;      // the whole scenario, as TOML: what the replay plays
    std::string branch_of;          // a branch: the replay it was taken over from ("" otherwise)
    std::int64_t branch_tick = 0;   // ... and the tick the designer took over at
};

struct ReplayNote {
    std::uint32_t id = 0;   // unique within the file
    std::int64_t tick = 0;
    std::string text;
    bool has_point = false;   // a point on the canvas, in the lab's world units
    double x = 0.0, y = 0.0;
};

// The recorded low 32 bits of the tick hash of every tick, kept as runs so that work and memory
// follow what the file holds: a block of stored hashes, a stretch of quiet ticks (computed from
// its base on demand: a 24-byte record may stand for millions of ticks), or ticks whose hashes
// were lost to damage (nothing to check them against).
class TickHashes {
public:
    std::int64_t size() const { return size_; }   // ticks 1 .. size() recorded
    // The recorded hash after stepping to `tick` (1 .. size()); nullopt for a tick lost to damage.
    std::optional<std::uint32_t> at(std::int64_t tick) const;
    // Appends the next ticks' hashes.
    void append(const std::uint32_t* hashes, std::size_t n);
    void append_quiet(std::int64_t count, std::uint64_t base);
    void append_lost(std::int64_t count);
    // Replaces the stored hash of `tick` (tests craft divergences this way); throws when `tick`
    // is not a stored one.
    void set(std::int64_t tick, std::uint32_t hash);
    // Ticks lost to damage, as [first, last] ranges.
    std::vector<std::pair<std::int64_t, std::int64_t>> lost() const;
    std::int64_t lost_count() const;
    std::size_t stored_count() const { return stored_.size(); }

private:
    enum class Kind : std::uint8_t { Stored, Quiet, Lost };
    struct Run {
        std::int64_t first = 1, count = 0;
        Kind kind = Kind::Stored;
        std::uint64_t value = 0;   // Stored: index of the first in stored_; Quiet: the base
    };
    const Run* find(std::int64_t tick) const;
    std::vector<Run> runs_;
    std::vector<std::uint32_t> stored_;
    std::int64_t size_ = 0;
    mutable std::size_t last_run_ = 0;   // where the last lookup landed (players go tick by tick)
};

// Bytes of a replay file that could not be read as records, and what they held as far as can be told.
struct ReplayDamage {
    std::uint64_t offset = 0;                      // the first damaged byte
    std::uint64_t bytes = 0;                       // how many bytes were skipped
    std::string what;                              // "a block of tick hashes", "a command", "unreadable bytes" ...
    bool may_hold_command = true;                  // the skipped bytes may have held a command (the re-simulation
                                                   // past them may differ from the recording)
    std::int64_t lost_first = 0, lost_last = -1;   // ticks whose hashes were lost with it, if any
};

// The world's state as text lines ("state.pods[3].pos[0]=-0.41", JsonWriter::lines()), kept
// packed (zlib) at tick 0, every kSnapshotEvery ticks and when the recording ends, so that a
// divergence can say which values differ, recorded against replayed.
struct StateSnapshot {
    std::int64_t tick = 0;
    bool after_commands = false;   // taken after the commands of its tick applied (the last one)
    std::uint32_t raw_size = 0;    // bytes of text once unpacked
    std::string packed;
};
// About 18 minutes of Podball: a snapshot costs a Podball recorder ~0.3 ms (its state as text),
// 5 ns a tick at this spacing, 20 at every 16,384 ticks (measured: 2.3-3.3 % vs 5.1-5.7 % a tick).
inline constexpr std::int64_t kSnapshotEvery = 65536;
inline constexpr std::uint32_t kMaxSnapshotBytes = 64u << 20;
// The snapshot's lines; nullopt when its packed bytes do not unpack to its stated size.
std::optional<std::string> unpack_snapshot(const StateSnapshot& s);

// What reading found about the file as a whole.
enum class ReplayIntegrity {
    Intact,      // every record sound, closed with an end record
    NotClosed,   // every record sound but no end record: the recording app stopped (a crash, a kill)
    TornTail,    // the file ends inside a record, nothing sound after it: cut off while writing
    Damaged,     // a record inside the file is damaged (sound records follow it), or the file
                 // contradicts itself
};
const char* integrity_name(ReplayIntegrity i);

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

// A script the recording ran (a Podball "lua:" team): PATH as the scenario wrote it, its whole
// text and the SHA-256 of the text. A script is data: a replay plays it from here, with no file
// beside it and no consent asked (docs/lua-teams.md#replays).
struct ScriptPin {
    std::string written;
    std::string text;
    std::array<std::uint8_t, 32> sha256{};
    bool operator==(const ScriptPin&) const = default;
};

// The payload of a scripts record (written before the first tick when the scenario names a
// script): u32 count, then per script str written, str text, 32 bytes of SHA-256 of the text.
std::string encode_scripts(const std::vector<ScriptPin>& scripts);
// Decodes that payload into `scripts` (appended); false when it does not make sense (damaged, or
// a text that does not hash to its pin).
bool decode_scripts(const char* payload, std::size_t n, std::vector<ScriptPin>& scripts);

// What a replay file holds once read.
struct ReplayData {
    ReplayHeader header;
    std::vector<Command> commands;   // in the order they were applied
    // The low 32 bits of the world's tick_hash() after stepping to tick t (t = 1 ...).
    TickHashes hashes;
    // The full 64-bit hash() at some ticks, ascending by tick.
    std::vector<std::pair<std::int64_t, std::uint64_t>> full_hashes;
    std::vector<ReplayNote> notes;          // live notes (deleted ones removed), by id order
    std::vector<StateSnapshot> snapshots;   // in file order (ascending ticks)
    std::vector<ModulePin> module_pins;     // the module libraries recorded (none before pins existed)
    std::vector<ScriptPin> scripts;         // the scripts recorded, each with its text
    bool closed = false;                    // an end record was found
    ReplayIntegrity integrity = ReplayIntegrity::Intact;
    std::vector<ReplayDamage> damage;   // damaged stretches inside the file, in file order
    std::uint64_t torn_at = 0;          // TornTail: where the cut-off record starts
    std::uint64_t file_bytes = 0;
    std::int64_t length() const { return hashes.size(); }   // ticks recorded
};

// How reading went: `error` set means nothing usable was read (wrong magic, newer format, an
// unreadable header, too large); otherwise `data` holds every sound record, read on past damage
// where the next sound record could be found, and `warnings` say what was left out and why and
// what to do (data->integrity and data->damage say it for programs).
struct ReplayLoad {
    std::optional<ReplayData> data;
    std::string error;
    std::vector<std::string> warnings;
    std::uint64_t trusted_bytes = 0;   // the file is sound from its start up to here
};

// A replay file larger than this is refused before it is read (an hour of the busiest lab is a
// few megabytes; notes and commands add kilobytes).
inline constexpr std::uint64_t kMaxReplayFileBytes = std::uint64_t{1} << 30;

// Text from a file (notes, names, command arguments) made safe for a terminal: control
// characters, escape sequences and invalid UTF-8 become visible \x.. escapes.
std::string printable(const std::string& untrusted);

ReplayLoad read_replay_bytes(const std::string& bytes, const std::string& name_for_messages);
// Reads at most kMaxReplayFileBytes of a regular file (a FIFO or a device is refused, never waited
// on or read forever); throws std::runtime_error with the reason.
std::string read_replay_file_bytes(const std::string& path);
ReplayLoad read_replay_file(const std::string& path);
// Where each record of a file starts, walking the frames' lengths from the first record (no
// checksums checked): for tools and tests that aim at a record. Stops at the first frame that
// does not fit.
std::vector<std::size_t> replay_record_starts(const std::string& bytes);
// "9 bytes at byte 1234 (checksum mismatch in a block of tick hashes): the hashes of ticks
// 1..2000 are lost"
std::string describe_damage(const ReplayDamage& d);

// Whether a recorder of this lab writes stretches of quiet ticks: only a lab whose world's ticks
// change nothing but its clock (World::clock_only_base, LabInfo::quiet_ticks). In any other lab's replay such a
// record is damage, whatever its checksum says (24 bytes would claim 2^26 ticks).
bool replay_lab_writes_quiet_ticks(const std::string& lab);

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
    void add_next_hash(std::uint64_t tick_hash) { pending_[pending_n_++] = short_hash(tick_hash); }
    // Ticks last_tick() + 1 ... to_tick of a world whose ticks change only its clock
    // (World::clock_only_base), all with the same base, as one record: they read back as if
    // add_hash(t, clock_tick_hash(base, t)) had been called for each.
    void add_quiet_stretch(std::int64_t to_tick, std::uint64_t base);
    void add_command(const Command& c);
    // The module libraries the recording runs: right after open(), before anything else.
    void add_module_pins(const std::vector<ModulePin>& pins);
    // The scripts the recording runs, with their text: before the first tick.
    void add_scripts(const std::vector<ScriptPin>& scripts);
    void add_note(const ReplayNote& note);
    void delete_note(std::uint32_t id);
    // The world's state lines at `tick` (JsonWriter::lines()), packed by the writing thread.
    void add_snapshot(std::int64_t tick, bool after_commands, std::string lines);
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

}   // namespace pb
