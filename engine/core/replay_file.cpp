#include "engine/core/replay_file.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <unordered_map>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/hash.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/read_file.hpp"
#include "engine/core/sha256.hpp"

// zlib packing of state snapshots, from Debian's libstb (declarations only).
extern "C" {
unsigned char* stbi_zlib_compress(unsigned char* data, int data_len, int* out_len, int quality);
int stbi_zlib_decode_buffer(char* obuffer, int olen, const char* ibuffer, int ilen);
}
#include "engine/core/scenario.hpp"

namespace pb {

namespace {

constexpr char kMagic[8] = {'P', 'B', 'R', 'P', 'L', 'Y', '\r', '\n'};
constexpr std::size_t kRecordOverhead = 1 + 4 + 4;
// A record larger than this is corruption, not data (a scenario is kilobytes; a hash block 16 KB).
constexpr std::uint32_t kMaxPayload = 64u << 20;

enum RecordType : std::uint8_t {
    kHeader = 1,
    kHashes = 2,
    kCommand = 3,
    kNote = 4,
    kNoteDeleted = 5,
    kEnd = 6,
    kQuietTicks = 7,
    kModulePins = 8,
    kSnapshot = 9,
    kScripts = 10
};
// Kinds above this are skipped when read (a later minor version's) and never resynchronised on.
constexpr std::uint8_t kLastKnownRecord = kScripts;
// A stretch of quiet ticks longer than this (about 13 days of play at 60 ticks a second), or a
// replay longer than kMaxTicks, is corruption: the reader would spend gigabytes on it.
constexpr std::int64_t kMaxQuietStretch = std::int64_t{1} << 26;
constexpr std::int64_t kMaxTicks = std::int64_t{1} << 28;

// --- record layouts ----------------------------------------------------------------------------
// Every record is [type u8][payload length u32][payload][CRC-32 u32 of type, length and payload],
// all little-endian. The payloads:
//   kHeader       format u32, app version str, engine version u32, lab str, seed u64, scenario name
//                 str, scenario text str, branch of str, branch tick i64          (encode_header)
//   kHashes       first tick i64, count u32, count x short hash u32,
//                 fulls u32, fulls x (tick i64, full hash u64)                     (HashBlockLayout)
//   kQuietTicks   first tick i64, count i64, base hash u64                         (QuietTicksRecord)
//   kCommand      tick i64, type str, fields                                       (encode_command)
//   kNote         id u32, tick i64, text str, has point u8, x f64, y f64           (encode_note)
//   kNoteDeleted  id u32                                                           (kNoteDeletedLength)
//   kModulePins   see encode_module_pins
//   kScripts      see encode_scripts
//   kSnapshot     tick i64, after commands u8, unpacked size u32, then the packed
//                 state to the payload's end                                        (SnapshotHead)
//   kEnd          nothing
struct HashBlockLayout {
    static constexpr std::uint32_t kHead = 8 + 4;   // first tick, count
    static constexpr std::uint32_t kPerHash = 4;
    static constexpr std::uint32_t kFullsCount = 4;
    static constexpr std::uint32_t kPerFull = 8 + 8;   // tick, full hash
    // Where the count of full hashes stands, after `count` short hashes.
    static constexpr std::uint32_t fulls_offset(std::uint32_t count) { return kHead + kPerHash * count; }
    static constexpr std::uint32_t length(std::uint32_t count, std::uint32_t fulls) {
        return fulls_offset(count) + kFullsCount + kPerFull * fulls;
    }
};
constexpr std::uint32_t kQuietTicksLength = 8 + 8 + 8;
constexpr std::uint32_t kNoteDeletedLength = 4;
constexpr std::uint32_t kSnapshotHeadLength = 8 + 1 + 4;

// --- bytes out -------------------------------------------------------------------------------
struct Bytes {
    std::string out;
    void u8(std::uint8_t v) { out.push_back(static_cast<char>(v)); }
    void u32(std::uint32_t v) {
        char b[4];
        for (int i = 0; i < 4; ++i) b[i] = static_cast<char>((v >> (8 * i)) & 0xffu);
        out.append(b, 4);
    }
    void u64(std::uint64_t v) {
        char b[8];
        for (int i = 0; i < 8; ++i) b[i] = static_cast<char>((v >> (8 * i)) & 0xffu);
        out.append(b, 8);
    }
    // Many 32-bit values, little-endian, in one go (a hash block holds thousands).
    void u32s(const std::vector<std::uint32_t>& vs) {
        if constexpr (std::endian::native == std::endian::little) {
            out.append(reinterpret_cast<const char*>(vs.data()), 4 * vs.size());
        } else {
            for (std::uint32_t v : vs) u32(v);
        }
    }
    void i64(std::int64_t v) { u64(static_cast<std::uint64_t>(v)); }
    void f64(double v) { u64(std::bit_cast<std::uint64_t>(v)); }
    void str(const std::string& s) {
        u32(static_cast<std::uint32_t>(s.size()));
        out += s;
    }
};

// --- bytes in: every read checks its bounds; running short marks the reader failed ------------
class Reader {
public:
    Reader(const char* data, std::size_t size) : p_(data), end_(data + size) {}
    bool ok() const { return ok_; }
    bool at_end() const { return p_ == end_; }
    std::uint8_t u8() { return static_cast<std::uint8_t>(take(1) ? p_[-1] : 0); }
    std::uint32_t u32() {
        if (!take(4)) return 0;
        std::uint32_t v = 0;
        for (int i = 0; i < 4; ++i) v |= static_cast<std::uint32_t>(static_cast<unsigned char>(p_[i - 4])) << (8 * i);
        return v;
    }
    std::uint64_t u64() {
        if (!take(8)) return 0;
        std::uint64_t v = 0;
        for (int i = 0; i < 8; ++i) v |= static_cast<std::uint64_t>(static_cast<unsigned char>(p_[i - 8])) << (8 * i);
        return v;
    }
    std::int64_t i64() { return static_cast<std::int64_t>(u64()); }
    double f64() { return std::bit_cast<double>(u64()); }
    std::string str() {
        const std::uint32_t n = u32();
        if (!ok_ || static_cast<std::size_t>(end_ - p_) < n) {
            ok_ = false;
            return {};
        }
        std::string s(p_, n);
        p_ += n;
        return s;
    }

private:
    bool take(std::size_t n) {
        if (!ok_ || static_cast<std::size_t>(end_ - p_) < n) {
            ok_ = false;
            return false;
        }
        p_ += n;
        return true;
    }
    const char* p_;
    const char* end_;
    bool ok_ = true;
};

void encode_command(Bytes& b, const Command& c) {
    b.i64(c.tick);
    b.str(c.type);
    b.u32(static_cast<std::uint32_t>(c.args.size()));
    for (const auto& [name, value] : c.args) {
        b.str(name);
        b.u8(static_cast<std::uint8_t>(value.index()));
        std::visit(
            [&](const auto& v) {
                using T = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<T, bool>)
                    b.u8(v ? 1 : 0);
                else if constexpr (std::is_same_v<T, std::int64_t>)
                    b.i64(v);
                else if constexpr (std::is_same_v<T, double>)
                    b.f64(v);
                else
                    b.str(v);
            },
            value);
    }
}

bool decode_command(Reader& r, Command& c) {
    c.tick = r.i64();
    c.type = r.str();
    const std::uint32_t n = r.u32();
    if (!r.ok() || n > 4096) return false;
    for (std::uint32_t i = 0; i < n && r.ok(); ++i) {
        std::string name = r.str();
        switch (r.u8()) {
            case 0: c.args.emplace_back(std::move(name), CommandValue{r.u8() != 0}); break;
            case 1: c.args.emplace_back(std::move(name), CommandValue{r.i64()}); break;
            case 2: c.args.emplace_back(std::move(name), CommandValue{r.f64()}); break;
            case 3: c.args.emplace_back(std::move(name), CommandValue{r.str()}); break;
            default: return false;
        }
    }
    return r.ok() && r.at_end();
}

void encode_header(Bytes& b, const ReplayHeader& h) {
    b.u32(h.format_version);
    b.str(h.app_version);
    b.u32(h.engine_version);
    b.str(h.lab);
    b.u64(h.seed);
    b.str(h.scenario_name);
    b.str(h.scenario_text);
    b.str(h.branch_of);
    b.i64(h.branch_tick);
}

void encode_note(Bytes& b, const ReplayNote& n) {
    b.u32(n.id);
    b.i64(n.tick);
    b.str(n.text);
    b.u8(n.has_point ? 1 : 0);
    b.f64(n.x);
    b.f64(n.y);
}

// A record's frame, [type][length][payload][CRC], around a payload written straight after
// begin_record: finish_record fills the length in and appends the CRC. (A hash block is built
// this way in place; other records are framed by with_frame.)
void begin_record(Bytes& b, std::uint8_t type) {
    b.out.clear();
    b.u8(type);
    b.u32(0);
}
void finish_record(Bytes& b) {
    const auto length = static_cast<std::uint32_t>(b.out.size() - 5);
    for (int i = 0; i < 4; ++i) b.out[1 + static_cast<std::size_t>(i)] = static_cast<char>((length >> (8 * i)) & 0xffu);
    b.u32(crc32(b.out.data(), b.out.size()));
}

std::string with_frame(std::uint8_t type, const std::string& payload) {
    Bytes b;
    b.out.reserve(payload.size() + 9);
    begin_record(b, type);
    b.out += payload;
    finish_record(b);
    return std::move(b.out);
}

void write_all(int fd, const std::string& bytes, const std::string& path) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw std::runtime_error("cannot write the replay " + path + ": " + std::strerror(errno));
        }
        if (n == 0) throw std::runtime_error("cannot write the replay " + path + ": " + std::strerror(ENOSPC));
        done += static_cast<std::size_t>(n);
    }
}

std::string tick_text(std::int64_t t) { return "tick " + std::to_string(t); }

}   // namespace

// --- the hashes of the ticks -------------------------------------------------------------------

const TickHashes::Run* TickHashes::find(std::int64_t tick) const {
    if (tick < 1 || tick > size_ || runs_.empty()) return nullptr;
    if (last_run_ < runs_.size()) {
        const Run& r = runs_[last_run_];
        if (tick >= r.first && tick < r.first + r.count) return &r;
        if (last_run_ + 1 < runs_.size()) {
            const Run& n = runs_[last_run_ + 1];
            if (tick >= n.first && tick < n.first + n.count) return &runs_[++last_run_];
        }
    }
    auto it =
        std::upper_bound(runs_.begin(), runs_.end(), tick, [](std::int64_t t, const Run& r) { return t < r.first; });
    last_run_ = static_cast<std::size_t>(std::prev(it) - runs_.begin());
    return &*std::prev(it);
}

std::optional<std::uint32_t> TickHashes::at(std::int64_t tick) const {
    const Run* r = find(tick);
    if (!r) return std::nullopt;
    switch (r->kind) {
        case Kind::Stored:
            return stored_[static_cast<std::size_t>(r->value + static_cast<std::uint64_t>(tick - r->first))];
        case Kind::Quiet: return short_hash(clock_tick_hash(r->value, tick));
        case Kind::Lost: return std::nullopt;
    }
    return std::nullopt;
}

void TickHashes::append(const std::uint32_t* hashes, std::size_t n) {
    if (n == 0) return;
    if (!runs_.empty() && runs_.back().kind == Kind::Stored) {
        runs_.back().count += static_cast<std::int64_t>(n);
    } else {
        runs_.push_back(Run{size_ + 1, static_cast<std::int64_t>(n), Kind::Stored, stored_.size()});
    }
    stored_.insert(stored_.end(), hashes, hashes + n);
    size_ += static_cast<std::int64_t>(n);
}

void TickHashes::append_quiet(std::int64_t count, std::uint64_t base) {
    if (count <= 0) return;
    runs_.push_back(Run{size_ + 1, count, Kind::Quiet, base});
    size_ += count;
}

void TickHashes::append_lost(std::int64_t count) {
    if (count <= 0) return;
    if (!runs_.empty() && runs_.back().kind == Kind::Lost)
        runs_.back().count += count;
    else
        runs_.push_back(Run{size_ + 1, count, Kind::Lost, 0});
    size_ += count;
}

void TickHashes::set(std::int64_t tick, std::uint32_t hash) {
    const Run* r = find(tick);
    if (!r || r->kind != Kind::Stored) throw std::logic_error("tick " + std::to_string(tick) + " has no stored hash");
    stored_[static_cast<std::size_t>(r->value + static_cast<std::uint64_t>(tick - r->first))] = hash;
}

std::vector<std::pair<std::int64_t, std::int64_t>> TickHashes::lost() const {
    std::vector<std::pair<std::int64_t, std::int64_t>> out;
    for (const Run& r : runs_)
        if (r.kind == Kind::Lost) out.emplace_back(r.first, r.first + r.count - 1);
    return out;
}

std::int64_t TickHashes::lost_count() const {
    std::int64_t n = 0;
    for (const Run& r : runs_)
        if (r.kind == Kind::Lost) n += r.count;
    return n;
}

std::optional<std::string> unpack_snapshot(const StateSnapshot& s) {
    if (s.raw_size > kMaxSnapshotBytes) return std::nullopt;
    std::string text(s.raw_size, '\0');
    // Into a buffer of the stated size: a crafted record cannot make it grow.
    const int n = stbi_zlib_decode_buffer(text.data(), static_cast<int>(text.size()), s.packed.data(),
                                          static_cast<int>(s.packed.size()));
    if (n != static_cast<int>(s.raw_size)) return std::nullopt;
    return text;
}

const char* integrity_name(ReplayIntegrity i) {
    switch (i) {
        case ReplayIntegrity::Intact: return "intact";
        case ReplayIntegrity::NotClosed: return "not closed";
        case ReplayIntegrity::TornTail: return "cut off";
        case ReplayIntegrity::Damaged: return "damaged";
    }
    return "?";
}

std::string printable(const std::string& text) {
    std::string out;
    out.reserve(text.size());
    auto escape = [&](unsigned char c) {
        static const char* hex = "0123456789abcdef";
        out += "\\x";
        out += hex[c >> 4];
        out += hex[c & 15];
    };
    const auto* p = reinterpret_cast<const unsigned char*>(text.data());
    const std::size_t n = text.size();
    for (std::size_t i = 0; i < n;) {
        const unsigned char c = p[i];
        if (c == '\\') {
            out += "\\\\";
            ++i;
        } else if (c == '\n' || c == '\t') {
            out += c == '\n' ? "\\n" : "\\t";
            ++i;
        } else if (c < 0x20 || c == 0x7f) {
            escape(c);
            ++i;
        } else if (c < 0x80) {
            out += static_cast<char>(c);
            ++i;
        } else {
            // UTF-8: a well-formed sequence that is not a C1 control passes; anything else is escaped
            // byte by byte (a terminal must never see a lone 0x9b, the one-byte CSI).
            std::size_t len = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 && c < 0xe0 ? 2 : 0;
            bool ok = len > 0 && i + len <= n;
            for (std::size_t k = 1; ok && k < len; ++k) ok = (p[i + k] & 0xc0) == 0x80;
            if (ok && len == 2 && c == 0xc2 && p[i + 1] < 0xa0) ok = false;    // C1 controls
            if (ok && len == 3 && c == 0xe0 && p[i + 1] < 0xa0) ok = false;    // overlong
            if (ok && len == 3 && c == 0xed && p[i + 1] >= 0xa0) ok = false;   // surrogates
            if (ok && len == 4 && c == 0xf0 && p[i + 1] < 0x90) ok = false;    // overlong
            if (ok && len == 4 && c == 0xf4 && p[i + 1] >= 0x90) ok = false;   // > U+10FFFF
            if (ok) {
                out.append(text, i, len);
                i += len;
            } else {
                escape(c);
                ++i;
            }
        }
    }
    return out;
}

// --- module pins -------------------------------------------------------------------------------

std::string encode_module_pins(const std::vector<ModulePin>& pins) {
    Bytes b;
    b.u32(static_cast<std::uint32_t>(pins.size()));
    for (const ModulePin& p : pins) {
        b.str(p.written);
        b.str(p.absolute);
        b.out.append(reinterpret_cast<const char*>(p.sha256.data()), p.sha256.size());
    }
    return std::move(b.out);
}

bool decode_module_pins(const char* payload, std::size_t n, std::vector<ModulePin>& pins) {
    Reader r(payload, n);
    const std::uint32_t count = r.u32();
    // Each pin takes at least 4 + 4 + 32 bytes: a count beyond that is damage.
    if (!r.ok() || count > n / 40) return false;
    std::vector<ModulePin> read;
    for (std::uint32_t i = 0; i < count && r.ok(); ++i) {
        ModulePin p;
        p.written = r.str();
        p.absolute = r.str();
        for (std::uint8_t& byte : p.sha256) byte = r.u8();
        read.push_back(std::move(p));
    }
    if (!r.ok() || !r.at_end()) return false;
    pins.insert(pins.end(), read.begin(), read.end());
    return true;
}

// --- scripts -----------------------------------------------------------------------------------

std::string encode_scripts(const std::vector<ScriptPin>& scripts) {
    Bytes b;
    b.u32(static_cast<std::uint32_t>(scripts.size()));
    for (const ScriptPin& s : scripts) {
        b.str(s.written);
        b.str(s.text);
        b.out.append(reinterpret_cast<const char*>(s.sha256.data()), s.sha256.size());
    }
    return std::move(b.out);
}

bool decode_scripts(const char* payload, std::size_t n, std::vector<ScriptPin>& scripts) {
    Reader r(payload, n);
    const std::uint32_t count = r.u32();
    // Each script takes at least 4 + 4 + 32 bytes: a count beyond that is damage.
    if (!r.ok() || count > n / 40) return false;
    std::vector<ScriptPin> read;
    for (std::uint32_t i = 0; i < count && r.ok(); ++i) {
        ScriptPin s;
        s.written = r.str();
        s.text = r.str();
        for (std::uint8_t& byte : s.sha256) byte = r.u8();
        if (r.ok() && sha256(s.text) != s.sha256) return false;
        read.push_back(std::move(s));
    }
    if (!r.ok() || !r.at_end()) return false;
    scripts.insert(scripts.end(), read.begin(), read.end());
    return true;
}

// --- reading -----------------------------------------------------------------------------------

// Kept equal to what the labs' worlds say by the test "replay: a world whose ticks change only
// its clock keeps its promise, in every lab that makes it" (tests/engine/replay_test.cpp).
bool replay_lab_writes_quiet_ticks(const std::string& lab) {
    const LabInfo* info = find_lab(lab);
    return info && info->quiet_ticks;
}

namespace {

// The most a sound record of each kind can hold: what the writer ever writes, with room.
std::uint32_t max_payload(std::uint8_t type) {
    switch (type) {
        case kHeader: return kMaxPayload;
        case kHashes:
            return HashBlockLayout::length(static_cast<std::uint32_t>(ReplayWriter::kHashesPerBlock),
                                           static_cast<std::uint32_t>(ReplayWriter::kHashesPerBlock));
        case kQuietTicks: return kQuietTicksLength;
        case kNoteDeleted: return kNoteDeletedLength;
        case kEnd: return 0;
        default: return 16u << 20;   // commands, notes, kinds a later minor version adds
    }
}

// Kinds whose every record the writer makes is at most max_payload() long; the others (the
// header, commands, notes, snapshots, a later version's kinds) hold text of any size.
bool has_exact_bound(std::uint8_t type) {
    return type == kHashes || type == kQuietTicks || type == kNoteDeleted || type == kEnd;
}

const char* record_kind(std::uint8_t type) {
    switch (type) {
        case kHeader: return "the header";
        case kHashes: return "a block of tick hashes";
        case kQuietTicks: return "a stretch of quiet ticks";
        case kCommand: return "a command";
        case kNote: return "a note";
        case kNoteDeleted: return "a note's deletion";
        case kEnd: return "the end record";
        case kSnapshot: return "a snapshot of the state";
        case kModulePins: return "the module libraries' pins";
        case kScripts: return "the scripts";
        default: return "a record of unknown kind";
    }
}

// A framed record at some offset, whole and with a matching checksum, or why not.
struct Frame {
    std::uint8_t type = 0;
    std::uint32_t length = 0;
    const char* payload = nullptr;
    std::size_t size() const { return kRecordOverhead + length; }
};
enum class FrameCheck { Sound, Cut, BadLength, BadChecksum };

FrameCheck check_frame(const std::string& bytes, std::size_t at, Frame& f) {
    if (bytes.size() - at < kRecordOverhead) return FrameCheck::Cut;
    Reader head(bytes.data() + at, 5);
    f.type = head.u8();
    f.length = head.u32();
    f.payload = bytes.data() + at + 5;
    if (f.length > kMaxPayload) return FrameCheck::BadLength;
    // A crash cuts a record short, never its length: a length no record of its kind has (an end
    // record holding bytes, a quiet stretch of 30) is damage, not a cut, even at the file's end.
    if (bytes.size() - at < kRecordOverhead + f.length)
        return has_exact_bound(f.type) && f.length > max_payload(f.type) ? FrameCheck::BadLength : FrameCheck::Cut;
    Reader tail(f.payload + f.length, 4);
    return crc32(bytes.data() + at, 5 + f.length) == tail.u32() ? FrameCheck::Sound : FrameCheck::BadChecksum;
}

// Looks for the next sound record at or after `from`, checksumming only where a record's kind and
// length are plausible; stops when `budget` bytes have been checksummed (a crafted file cannot make
// this quadratic). SIZE_MAX when none was found.
std::size_t next_sound_record(const std::string& bytes, std::size_t from, std::uint64_t& budget, bool& gave_up) {
    for (std::size_t at = from; at + kRecordOverhead <= bytes.size(); ++at) {
        const auto type = static_cast<std::uint8_t>(bytes[at]);
        if (type <= kHeader || type > kLastKnownRecord) continue;
        Reader head(bytes.data() + at + 1, 4);
        const std::uint32_t length = head.u32();
        if (length > max_payload(type) || bytes.size() - at - kRecordOverhead < length) continue;
        if (budget < 5u + length) {
            gave_up = true;
            return SIZE_MAX;
        }
        budget -= 5u + length;
        Frame f;
        if (check_frame(bytes, at, f) == FrameCheck::Sound) return at;
    }
    return SIZE_MAX;
}

// --- one decoder per record layout: false when the payload is not exactly that ----------------
struct QuietTicksRecord {
    std::int64_t first = 0, count = 0;
    std::uint64_t base = 0;
};
bool decode_quiet_ticks(Reader& r, QuietTicksRecord& q) {
    q.first = r.i64();
    q.count = r.i64();
    q.base = r.u64();
    return r.ok() && r.at_end();
}

bool decode_note(Reader& r, ReplayNote& n) {
    n.id = r.u32();
    n.tick = r.i64();
    n.text = r.str();
    n.has_point = r.u8() != 0;
    n.x = r.f64();
    n.y = r.f64();
    return r.ok() && r.at_end();
}

bool decode_note_deleted(Reader& r, std::uint32_t& id) {
    id = r.u32();
    return r.ok() && r.at_end();
}

// The snapshot's fixed head; the packed state follows it to the payload's end.
bool decode_snapshot(const Frame& f, StateSnapshot& snap) {
    Reader r(f.payload, f.length);
    snap.tick = r.i64();
    snap.after_commands = r.u8() != 0;
    snap.raw_size = r.u32();
    if (!r.ok()) return false;
    snap.packed.assign(f.payload + kSnapshotHeadLength, f.length - kSnapshotHeadLength);
    return true;
}

// A hash block: the short hashes into `hashes`, the full ones into `fulls` (both reused).
bool decode_hash_block(Reader& r, std::uint32_t length, std::int64_t& first, std::vector<std::uint32_t>& hashes,
                       std::vector<std::pair<std::int64_t, std::uint64_t>>& fulls) {
    first = r.i64();
    const std::uint32_t count = r.u32();
    if (!r.ok() || count == 0 || count > ReplayWriter::kHashesPerBlock || count > length / HashBlockLayout::kPerHash)
        return false;
    hashes.resize(count);
    for (std::uint32_t& h : hashes) h = r.u32();
    const std::uint32_t n = r.u32();
    if (!r.ok() || n > count) return false;
    fulls.clear();
    for (std::uint32_t i = 0; i < n && r.ok(); ++i) {
        const std::int64_t t = r.i64();
        fulls.emplace_back(t, r.u64());
    }
    return r.ok() && r.at_end();
}

// Reads records into a ReplayData, checking that each makes sense where it stands.
class RecordReader {
public:
    RecordReader(ReplayData& data, std::vector<std::string>& warnings, const std::string& name)
        : data_(data), warnings_(warnings), name_(name) {}

    // The header: false with `error` set when the file cannot be played.
    bool header(const Frame& f, std::string& error) {
        Reader r(f.payload, f.length);
        ReplayHeader& h = data_.header;
        h.format_version = r.u32();
        if (r.ok() && h.format_version > kReplayFormatVersion) {
            error = name_ + ": recorded by a newer Playbench (replay format " + std::to_string(h.format_version) +
                    "; this one reads up to " + std::to_string(kReplayFormatVersion) + "); update Playbench to open it";
            return false;
        }
        h.app_version = r.str();
        h.engine_version = r.u32();
        h.lab = r.str();
        h.seed = r.u64();
        h.scenario_name = r.str();
        h.scenario_text = r.str();
        h.branch_of = r.str();
        h.branch_tick = r.i64();
        quiet_lab_ = replay_lab_writes_quiet_ticks(h.lab);
        if (!r.ok() || h.format_version == 0) {
            error = name_ + ": the replay's header is damaged; the file cannot be played";
            return false;
        }
        // A branch starts at a tick of the replay it was taken from; a recording that is no
        // branch says tick 0.
        if (h.branch_tick < 0 || h.branch_tick > kMaxTicks || (h.branch_of.empty() && h.branch_tick != 0)) {
            error = name_ + ": the replay's header is damaged (it says it branched " +
                    (h.branch_of.empty() ? "from no replay" : "from a replay") + " at tick " +
                    std::to_string(h.branch_tick) + "); the file cannot be played";
            return false;
        }
        return true;
    }

    // A record after the header; false when it does not make sense where it stands (damage a
    // checksum could not see, or a crafted file).
    bool record(const Frame& f, std::size_t at) {
        Reader r(f.payload, f.length);
        const bool first = first_record_;
        first_record_ = false;
        // After the end record only a reviewer's notes (older files appended them there).
        if (data_.closed && f.type != kNote && f.type != kNoteDeleted && f.type != kEnd && f.type <= kLastKnownRecord)
            return false;
        switch (f.type) {
            case kHashes: return hashes(r, f.length);
            case kQuietTicks: return quiet_ticks(r);
            case kCommand: return command(r);
            case kNote: return note(r);
            case kNoteDeleted: return note_deleted(r);
            case kModulePins:
                return first && decode_module_pins(f.payload, f.length, data_.module_pins);   // right after the header
            case kSnapshot: return snapshot(f);
            case kScripts:   // before the first tick
                return data_.hashes.size() == 0 && data_.commands.empty() &&
                       decode_scripts(f.payload, f.length, data_.scripts);
            case kEnd: return end(f, at);
            default: return unknown(f, at);
        }
    }

    // Damage was found at this point: the next record may start at a later tick.
    void after_damage(ReplayDamage d) {
        first_record_ = false;
        damaged_bytes_ += d.bytes;
        data_.damage.push_back(std::move(d));
        resync_ = true;
    }

    // A whole record that failed its checksum, of a kind that covers ticks (a hash block, a
    // quiet stretch): when its own fields agree with its length and with the ticks so far, they
    // most likely survived the damage (which hit the hashes), and its ticks are marked lost
    // right away: a last block lost before the end record still counts its ticks.
    void lost_ticks_of(const Frame& f) {
        Reader r(f.payload, f.length);
        std::int64_t first = r.i64(), count = 0;
        if (f.type == kHashes) {
            count = r.u32();
            if (count < 1 || count > static_cast<std::int64_t>(ReplayWriter::kHashesPerBlock)) return;
            const auto n_hashes = static_cast<std::uint32_t>(count);
            if (f.length < HashBlockLayout::length(n_hashes, 0)) return;
            Reader fulls(f.payload + HashBlockLayout::fulls_offset(n_hashes), HashBlockLayout::kFullsCount);
            const std::uint32_t n = fulls.u32();
            if (n > count || f.length != HashBlockLayout::length(n_hashes, n)) return;
        } else if (f.type == kQuietTicks) {
            count = r.i64();
            if (!quiet_lab_ || f.length != kQuietTicksLength || count < 1 || count > kMaxQuietStretch) return;
        } else {
            return;
        }
        if (!r.ok() || first < 1 || first > kMaxTicks - count + 1) return;
        if (first != data_.hashes.size() + 1 && !(resync_ && first > data_.hashes.size() + 1)) return;
        const std::int64_t next = data_.hashes.size() + 1;
        if (first + count - next > ticks_damage_can_hold()) return;
        ReplayDamage& d = data_.damage.back();
        d.lost_first = d.lost_last < d.lost_first ? next : d.lost_first;
        d.lost_last = first + count - 1;
        data_.hashes.append_lost(first + count - next);
        resynced();
    }

    void finish() {
        // Deletions apply to notes written before or after them alike (a note and its deletion
        // are written in that order; damage may have reordered nothing, but cost stays linear).
        if (!deleted_.empty()) {
            std::sort(deleted_.begin(), deleted_.end());
            std::erase_if(data_.notes, [&](const ReplayNote& n) {
                return std::binary_search(deleted_.begin(), deleted_.end(), n.id);
            });
        }
        std::stable_sort(data_.notes.begin(), data_.notes.end(),
                         [](const ReplayNote& a, const ReplayNote& b) { return a.id < b.id; });
    }

    std::optional<std::size_t> end_at() const { return end_at_; }

private:
    // The most ticks the damaged bytes since the last record that fitted could have held: a
    // tick's hash takes 4 bytes of a block, and in a lab that writes them a quiet stretch record
    // up to kMaxQuietStretch ticks. A record further on than that does not fit.
    std::int64_t ticks_damage_can_hold() const {
        const auto bytes = static_cast<std::int64_t>(std::min<std::uint64_t>(damaged_bytes_, kMaxReplayFileBytes));
        return bytes / HashBlockLayout::kPerHash +
               (quiet_lab_ ? bytes / static_cast<std::int64_t>(kRecordOverhead + kQuietTicksLength) * kMaxQuietStretch
                           : 0);
    }
    // The last tick a record here may name: the ticks so far, and after damage what it could hold.
    std::int64_t reachable() const { return data_.hashes.size() + (resync_ ? ticks_damage_can_hold() : 0); }
    void resynced() {
        resync_ = false;
        damaged_bytes_ = 0;
    }

    // A record that starts at tick `first`: directly after the ticks so far, or, after damage,
    // later (the ticks between were lost with the damaged records).
    bool reach(std::int64_t first) {
        const std::int64_t next = data_.hashes.size() + 1;
        if (first == next) {
            resynced();
            return true;
        }
        if (!resync_ || first < next || first > kMaxTicks || first - next > ticks_damage_can_hold()) return false;
        ReplayDamage& d = data_.damage.back();
        if (d.lost_last < d.lost_first) d.lost_first = next;
        d.lost_last = first - 1;
        data_.hashes.append_lost(first - next);
        resynced();
        return true;
    }

    bool hashes(Reader& r, std::uint32_t length) {
        std::int64_t first = 0;
        if (!decode_hash_block(r, length, first, block_, full_)) return false;
        const auto count = static_cast<std::int64_t>(block_.size());
        if (first < 1 || first > kMaxTicks - count) return false;
        // Full hashes belong to the block's ticks, in order.
        std::int64_t previous = first - 1;
        for (const auto& [t, h] : full_) {
            if (t <= previous || t >= first + count) return false;
            previous = t;
        }
        if (!reach(first)) return false;
        data_.hashes.append(block_.data(), block_.size());
        data_.full_hashes.insert(data_.full_hashes.end(), full_.begin(), full_.end());
        return true;
    }

    bool quiet_ticks(Reader& r) {
        QuietTicksRecord q;
        // Only a lab whose ticks change nothing but the clock writes them (replay_lab_writes_quiet_ticks).
        if (!quiet_lab_) return false;
        if (!decode_quiet_ticks(r, q) || q.count < 1 || q.count > kMaxQuietStretch || q.first < 1) return false;
        if (q.first > kMaxTicks - q.count + 1 || !reach(q.first)) return false;
        data_.hashes.append_quiet(q.count, q.base);
        return true;
    }

    bool command(Reader& r) {
        Command c;
        // The hashes of the ticks before a command are written before it: it stands at the end
        // of the ticks so far (or, after damage, later).
        if (!decode_command(r, c) || c.tick < 0 || c.tick >= kMaxTicks) return false;
        if (!data_.commands.empty() && c.tick < data_.commands.back().tick) return false;
        if (!reach(c.tick + 1)) return false;
        data_.commands.push_back(std::move(c));
        return true;
    }

    bool note(Reader& r) {
        ReplayNote n;
        // A note stands at a tick already recorded (the recorder writes the ticks before it first).
        if (!decode_note(r, n) || n.tick < 0 || n.tick > reachable()) return false;
        auto [it, added] = note_index_.try_emplace(n.id, data_.notes.size());
        if (added)
            data_.notes.push_back(std::move(n));
        else
            data_.notes[it->second] = std::move(n);   // a note edited: the last word stands
        return true;
    }

    bool note_deleted(Reader& r) {
        std::uint32_t id = 0;
        if (!decode_note_deleted(r, id)) return false;
        deleted_.push_back(id);
        return true;
    }

    bool snapshot(const Frame& f) {
        StateSnapshot snap;
        // Taken at a tick already recorded (the recorder writes the ticks before it first).
        if (!decode_snapshot(f, snap) || snap.tick < 0 || snap.tick > reachable() || snap.raw_size > kMaxSnapshotBytes)
            return false;
        if (!data_.snapshots.empty() && snap.tick < data_.snapshots.back().tick) return false;
        data_.snapshots.push_back(std::move(snap));
        return true;
    }

    bool end(const Frame& f, std::size_t at) {
        if (f.length != 0) return false;
        data_.closed = true;
        end_at_ = at;
        return true;
    }

    // A record of a kind a later format minor version added: skipped, said once.
    bool unknown(const Frame& f, std::size_t at) {
        if (!skipped_unknown_)
            warnings_.push_back(name_ + ": skipped a record of unknown type " + std::to_string(f.type) + " at byte " +
                                std::to_string(at) + " (written by a newer Playbench?)");
        skipped_unknown_ = true;
        return true;
    }

    ReplayData& data_;
    std::vector<std::string>& warnings_;
    const std::string& name_;
    bool quiet_lab_ = false;     // the header's lab writes quiet stretches
    bool first_record_ = true;   // the next record is the first after the header
    bool resync_ = false;
    std::uint64_t damaged_bytes_ = 0;   // damaged bytes since the last record that fitted
    bool skipped_unknown_ = false;
    std::optional<std::size_t> end_at_;
    std::unordered_map<std::uint32_t, std::size_t> note_index_;
    std::vector<std::uint32_t> deleted_;
    std::vector<std::uint32_t> block_;
    std::vector<std::pair<std::int64_t, std::uint64_t>> full_;
};

std::string bytes_text(std::uint64_t n) { return std::to_string(n) + (n == 1 ? " byte" : " bytes"); }

std::string ticks_text(std::int64_t first, std::int64_t last) {
    return first == last ? "tick " + std::to_string(first)
                         : "ticks " + std::to_string(first) + ".." + std::to_string(last);
}

}   // namespace

std::vector<std::size_t> replay_record_starts(const std::string& bytes) {
    std::vector<std::size_t> starts;
    for (std::size_t at = sizeof kMagic; at + kRecordOverhead <= bytes.size();) {
        Reader head(bytes.data() + at + 1, 4);
        const std::uint32_t length = head.u32();
        if (bytes.size() - at - kRecordOverhead < length) break;
        starts.push_back(at);
        at += kRecordOverhead + length;
    }
    return starts;
}

std::string describe_damage(const ReplayDamage& d) {
    std::string text = bytes_text(d.bytes) + " at byte " + std::to_string(d.offset) + " (" + d.what + ")";
    if (d.lost_last >= d.lost_first) text += ": the hashes of " + ticks_text(d.lost_first, d.lost_last) + " are lost";
    if (d.may_hold_command) text += "; it may have held a command, so the re-simulation past it may differ";
    return text;
}

namespace {

// Why the bytes are not a replay at all (no signature, too large), or nothing.
std::optional<std::string> not_a_replay(const std::string& bytes, const std::string& name) {
    if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0)
        return name +
               ": not a Playbench replay (it does not start with the replay signature); open a "
               "file recorded with Record or `playbench replay record`";
    if (bytes.size() > kMaxReplayFileBytes)
        return name + ": " + bytes_text(bytes.size()) + " is more than a replay can hold (at most " +
               bytes_text(kMaxReplayFileBytes) + "); the file is not one Playbench wrote";
    return std::nullopt;
}

// The header, which must be the first record and sound. Returns where the next record starts, or
// nothing with `error` set when the file cannot be played.
std::optional<std::size_t> read_header_record(const std::string& bytes, const std::string& name, RecordReader& reader,
                                              std::string& error) {
    const std::size_t at = sizeof kMagic;
    Frame f;
    const FrameCheck c = check_frame(bytes, at, f);
    if (c != FrameCheck::Sound || f.type != kHeader) {
        error = name + ": the replay's header is " +
                (c == FrameCheck::Cut     ? "cut off"
                 : c == FrameCheck::Sound ? "missing"
                                          : "damaged") +
                "; the file cannot be played";
        return std::nullopt;
    }
    if (!reader.header(f, error)) return std::nullopt;
    return at + f.size();
}

// What is wrong between `at` and the next sound record at `next` (the file's end when SIZE_MAX):
// the record there checked as `c`.
ReplayDamage describe_bad_bytes(const std::string& bytes, std::size_t at, std::size_t next, FrameCheck c,
                                const Frame& f, bool gave_up) {
    const std::size_t until = next == SIZE_MAX ? bytes.size() : next;
    ReplayDamage d;
    d.offset = at;
    d.bytes = until - at;
    const bool frame_fits = c == FrameCheck::BadChecksum || c == FrameCheck::Sound;
    if (frame_fits && at + f.size() == until) {
        // One whole record with a sound record (or the file's end) right after it: its kind
        // byte is likely right (a flipped kind would fail the checksum just the same, so "likely").
        d.what = std::string(c == FrameCheck::Sound ? "" : "checksum mismatch in ") + record_kind(f.type) +
                 (c == FrameCheck::Sound ? " that does not fit where it stands" : "");
        d.may_hold_command = f.type == kCommand || f.type > kLastKnownRecord || f.type == kHeader;
    } else {
        d.what = c != FrameCheck::BadLength ? "unreadable bytes"
                 : has_exact_bound(f.type)
                     ? "a record with an impossible length: " + bytes_text(f.length) + " for " + record_kind(f.type) +
                           (max_payload(f.type) == 0 ? ", which holds none"
                                                     : ", which holds at most " + bytes_text(max_payload(f.type)))
                     : "a record with an impossible length";
        if (gave_up) d.what += "; the rest of the file was not searched for sound records";
        d.may_hold_command = true;
    }
    return d;
}

// The records after the header, from `at`: each sound one read; past damage, reading resumes at
// the next sound record. Sets load.trusted_bytes (the sound prefix) and the data's torn tail.
void read_records(const std::string& bytes, std::size_t at, RecordReader& reader, ReplayData& data, ReplayLoad& load) {
    load.trusted_bytes = at;
    bool sound_so_far = true;
    // Checksumming while looking past damage costs at most a few passes over the file.
    std::uint64_t budget = 8 * static_cast<std::uint64_t>(bytes.size()) + (1u << 20);
    bool gave_up = false;
    while (at < bytes.size()) {
        Frame f;
        FrameCheck c = check_frame(bytes, at, f);
        if (c == FrameCheck::Sound && f.type != kHeader && reader.record(f, at)) {
            at += f.size();
            if (sound_so_far) load.trusted_bytes = at;
            continue;
        }
        // Something is wrong at `at`: look for the next sound record after it.
        sound_so_far = false;
        std::size_t next = next_sound_record(bytes, at + 1, budget, gave_up);
        if (next == SIZE_MAX && c == FrameCheck::Cut && !gave_up) {
            data.integrity = ReplayIntegrity::TornTail;   // cut off mid-record: expected after a crash
            data.torn_at = at;
            return;
        }
        ReplayDamage d = describe_bad_bytes(bytes, at, next, c, f, gave_up);
        const bool whole_record = d.what.rfind("checksum mismatch in ", 0) == 0;
        reader.after_damage(std::move(d));
        if (whole_record) reader.lost_ticks_of(f);
        if (next == SIZE_MAX) return;
        at = next;
    }
}

// The file's integrity once every record was read, and what to tell the designer about it.
void settle_integrity(ReplayData& data, std::size_t file_size, const std::string& name,
                      std::vector<std::string>& warnings) {
    // Records after the end record: appended to a closed file (notes are), fine; damage is not.
    if (data.integrity != ReplayIntegrity::TornTail) {
        if (!data.damage.empty())
            data.integrity = ReplayIntegrity::Damaged;
        else if (!data.closed)
            data.integrity = ReplayIntegrity::NotClosed;
    }
    const std::string holds = tick_text(data.length()) + ", " + std::to_string(data.commands.size()) + " commands, " +
                              std::to_string(data.notes.size()) + " notes";
    switch (data.integrity) {
        case ReplayIntegrity::Intact: break;
        case ReplayIntegrity::NotClosed:
            warnings.push_back(name +
                               ": the recording was not closed (the app stopped while recording); everything "
                               "up to " +
                               tick_text(data.length()) + " was kept");
            break;
        case ReplayIntegrity::TornTail:
            warnings.push_back(name + ": the file ends inside a record at byte " + std::to_string(data.torn_at) +
                               " (cut off by a crash or a kill while recording); the " +
                               bytes_text(file_size - data.torn_at) +
                               " after it are lost; loaded what came before: " + holds);
            break;
        case ReplayIntegrity::Damaged:
            for (const ReplayDamage& d : data.damage) warnings.push_back(name + ": DAMAGED: " + describe_damage(d));
            warnings.push_back(name + ": read on past the damage: " + holds + " survive" +
                               (data.closed ? "" : "; the recording was not closed"));
            break;
    }
}

}   // namespace

ReplayLoad read_replay_bytes(const std::string& bytes, const std::string& name) {
    ReplayLoad load;
    if (auto why = not_a_replay(bytes, name)) {
        load.error = *why;
        return load;
    }
    ReplayData data;
    data.file_bytes = bytes.size();
    RecordReader reader(data, load.warnings, name);
    const std::optional<std::size_t> first_record = read_header_record(bytes, name, reader, load.error);
    if (!first_record) return load;
    read_records(bytes, *first_record, reader, data, load);
    reader.finish();
    settle_integrity(data, bytes.size(), name, load.warnings);
    load.data = std::move(data);
    return load;
}

std::string read_replay_file_bytes(const std::string& path) {
    return read_regular_file(path, kMaxReplayFileBytes, "a replay, a file Playbench wrote");
}

ReplayLoad read_replay_file(const std::string& path) {
    std::string bytes;
    try {
        bytes = read_replay_file_bytes(path);
    } catch (const std::exception& e) {
        ReplayLoad load;
        load.error = e.what();
        return load;
    }
    return read_replay_bytes(bytes, path);
}

// --- writing -----------------------------------------------------------------------------------

// The writing thread: jobs in the order they were sent, each written whole. After a failed
// write it keeps the first error and drops what comes after (a record after a gap would make
// the file lie about what happened in between).
class ReplayWriter::Disk {
public:
    struct Job {
        enum class Kind { Bytes, Hashes, Sync, Snapshot } kind = Kind::Bytes;
        std::string bytes;                                          // Bytes: a framed record; Snapshot: its lines
        bool after_commands = false;                                // Snapshot
        std::int64_t first = 0;                                     // Hashes: the block's first tick
        std::vector<std::uint32_t> hashes;                          // Hashes: one short hash a tick
        std::vector<std::pair<std::int64_t, std::uint64_t>> full;   // Hashes: (tick, full hash)
    };

    Disk(int fd, std::string path) : fd_(fd), path_(std::move(path)), thread_([this] { run(); }) {}
    ~Disk() { finish(); }
    Disk(const Disk&) = delete;
    Disk& operator=(const Disk&) = delete;

    // Throws the first write error, if there was one, instead of queueing more. Returns a buffer
    // of a block already written, emptied, for the next block's hashes (none at first): the
    // recording reuses two or three buffers instead of taking fresh memory every block.
    std::vector<std::uint32_t> send(Job job) {
        std::vector<std::uint32_t> spare;
        {
            std::lock_guard<std::mutex> lock(mutex_);
            if (!error_.empty()) throw std::runtime_error(error_);
            jobs_.push_back(std::move(job));
            if (!spares_.empty()) {
                spare = std::move(spares_.back());
                spares_.pop_back();
            }
        }
        wake_.notify_one();
        return spare;
    }
    // Waits until every job sent is done; the first error, or empty.
    std::string finish() {
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stopping_ = true;
        }
        wake_.notify_one();
        if (thread_.joinable()) thread_.join();
        return error_;
    }

private:
    void run() {
        for (;;) {
            Job job;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                wake_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
                if (jobs_.empty()) return;   // stopping, and nothing left to write
                job = std::move(jobs_.front());
                jobs_.pop_front();
                if (!error_.empty()) continue;
            }
            try {
                perform(job);
            } catch (const std::exception& e) {
                std::lock_guard<std::mutex> lock(mutex_);
                error_ = e.what();
            }
            if (job.kind == Job::Kind::Hashes) {
                job.hashes.clear();
                std::lock_guard<std::mutex> lock(mutex_);
                if (spares_.size() < 2) spares_.push_back(std::move(job.hashes));
            }
        }
    }

    void perform(const Job& job) {
        switch (job.kind) {
            case Job::Kind::Bytes: write_all(fd_, job.bytes, path_); break;
            case Job::Kind::Hashes: {
                // Framed in place, so the block is copied once: this runs every 4096 ticks.
                Bytes b;
                b.out.reserve(32 + 4 * job.hashes.size() + 16 * job.full.size());
                begin_record(b, kHashes);
                b.i64(job.first);
                b.u32(static_cast<std::uint32_t>(job.hashes.size()));
                b.u32s(job.hashes);
                b.u32(static_cast<std::uint32_t>(job.full.size()));
                for (const auto& [t, h] : job.full) {
                    b.i64(t);
                    b.u64(h);
                }
                finish_record(b);
                write_all(fd_, b.out, path_);
                break;
            }
            case Job::Kind::Snapshot: {
                // Packed here, off the simulation's thread: a large colony's state is 400 KB of text.
                int packed_size = 0;
                unsigned char* packed =
                    stbi_zlib_compress(reinterpret_cast<unsigned char*>(const_cast<char*>(job.bytes.data())),
                                       static_cast<int>(job.bytes.size()), &packed_size, 6);
                if (!packed) throw std::runtime_error("cannot pack a state snapshot for the replay " + path_);
                Bytes b;
                b.out.reserve(32 + static_cast<std::size_t>(packed_size));
                begin_record(b, kSnapshot);
                b.i64(job.first);
                b.u8(job.after_commands ? 1 : 0);
                b.u32(static_cast<std::uint32_t>(job.bytes.size()));
                b.out.append(reinterpret_cast<const char*>(packed), static_cast<std::size_t>(packed_size));
                std::free(packed);
                finish_record(b);
                write_all(fd_, b.out, path_);
                break;
            }
            case Job::Kind::Sync:
                if (::fdatasync(fd_) != 0 && errno != EINVAL && errno != EROFS)
                    throw std::runtime_error("cannot keep the replay " + path_ +
                                             " on the disk: " + std::strerror(errno));
                break;
        }
    }

    const int fd_;
    const std::string path_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Job> jobs_;
    std::vector<std::vector<std::uint32_t>> spares_;
    bool stopping_ = false;
    std::string error_;
    std::thread thread_;   // last: it starts once everything above is ready
};

ReplayWriter::ReplayWriter() = default;

ReplayWriter::~ReplayWriter() {
    try {
        close();
    } catch (...) {
        // A destructor cannot report; the records written so far stay readable.
    }
}

void ReplayWriter::open(const std::string& path, const ReplayHeader& header) {
    close();
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) throw std::runtime_error("cannot create the replay " + path + ": " + std::strerror(errno));
    fd_ = fd;
    path_ = path;
    block_first_ = 1;
    pending_.assign(kHashesPerBlock, 0);
    pending_n_ = 0;
    pending_full_.clear();
    Bytes b;
    encode_header(b, header);
    try {
        write_all(fd_, std::string(kMagic, sizeof kMagic) + with_frame(kHeader, b.out), path_);
        disk_ = std::make_unique<Disk>(fd_, path_);   // std::system_error if no thread can start
    } catch (...) {
        // Not even the header is on the disk: nothing readable to keep (a device stays).
        struct stat st {};
        if (::fstat(fd_, &st) == 0 && S_ISREG(st.st_mode)) ::unlink(path.c_str());
        ::close(fd_);
        fd_ = -1;
        throw;
    }
}

void ReplayWriter::write_record(std::uint8_t type, const std::string& payload) {
    if (fd_ < 0) throw std::runtime_error("the replay is not open for writing");
    Disk::Job job;
    job.bytes = with_frame(type, payload);
    (void)disk_->send(std::move(job));
}

void ReplayWriter::write_hash_block() {
    if (pending_n_ == 0 && pending_full_.empty()) return;
    if (fd_ < 0) throw std::runtime_error("the replay is not open for writing");
    Disk::Job job;
    job.kind = Disk::Job::Kind::Hashes;
    job.first = block_first_;
    pending_.resize(pending_n_);
    job.hashes.swap(pending_);   // the block goes; a buffer the thread is done with comes back
    job.full.swap(pending_full_);
    block_first_ += static_cast<std::int64_t>(job.hashes.size());
    pending_ = disk_->send(std::move(job));
    pending_.resize(kHashesPerBlock);
    pending_n_ = 0;
}

void ReplayWriter::add_hash(std::int64_t tick, std::uint64_t tick_hash, std::optional<std::uint64_t> full) {
    if (tick != last_tick() + 1)
        throw std::runtime_error("replay hashes must come tick after tick: got " + tick_text(tick) + " after " +
                                 tick_text(last_tick()));
    pending_[pending_n_++] = short_hash(tick_hash);
    if (full) pending_full_.emplace_back(tick, *full);
    if (pending_n_ >= kHashesPerBlock) write_hash_block();
}

void ReplayWriter::add_quiet_stretch(std::int64_t to_tick, std::uint64_t base) {
    if (to_tick <= last_tick()) return;
    write_hash_block();   // the ticks before the stretch go first
    Bytes b;
    b.i64(block_first_);
    b.i64(to_tick - last_tick());
    b.u64(base);
    write_record(kQuietTicks, b.out);
    block_first_ = to_tick + 1;
}

void ReplayWriter::add_command(const Command& c) {
    // The hashes before the command's tick go first, so the file reads in the order things happened.
    write_hash_block();
    Bytes b;
    encode_command(b, c);
    write_record(kCommand, b.out);
}

void ReplayWriter::add_module_pins(const std::vector<ModulePin>& pins) {
    write_record(kModulePins, encode_module_pins(pins));
}

void ReplayWriter::add_scripts(const std::vector<ScriptPin>& scripts) {
    write_record(kScripts, encode_scripts(scripts));
}

void ReplayWriter::add_note(const ReplayNote& note) {
    write_hash_block();
    Bytes b;
    encode_note(b, note);
    write_record(kNote, b.out);
}

void ReplayWriter::delete_note(std::uint32_t id) {
    write_hash_block();
    Bytes b;
    b.u32(id);
    write_record(kNoteDeleted, b.out);
}

void ReplayWriter::add_snapshot(std::int64_t tick, bool after_commands, std::string lines) {
    if (fd_ < 0) throw std::runtime_error("the replay is not open for writing");
    if (lines.size() > kMaxSnapshotBytes) return;   // a state this large is not kept (said by verify)
    write_hash_block();                             // the ticks up to the snapshot's go first: the file reads in order
    Disk::Job job;
    job.kind = Disk::Job::Kind::Snapshot;
    job.first = tick;
    job.after_commands = after_commands;
    job.bytes = std::move(lines);
    (void)disk_->send(std::move(job));
}

void ReplayWriter::flush() {
    if (fd_ < 0) return;
    write_hash_block();
    Disk::Job job;
    job.kind = Disk::Job::Kind::Sync;
    (void)disk_->send(std::move(job));
}

void ReplayWriter::close() {
    if (fd_ < 0) return;
    std::string error;
    try {
        write_hash_block();
        write_record(kEnd, {});
    } catch (const std::exception& e) {
        error = e.what();
    }
    // Everything sent is written before the file is kept and closed.
    const std::string disk_error = disk_->finish();
    disk_.reset();
    if (error.empty()) error = disk_error;
    // The end is kept only once the disk says so: a failed fdatasync or close is a failed write.
    if (error.empty() && ::fdatasync(fd_) != 0 && errno != EINVAL && errno != EROFS)
        error = "cannot keep the replay " + path_ + " on the disk: " + std::strerror(errno);
    if (::close(fd_) != 0 && error.empty() && errno != EINTR)
        error = "cannot write the replay " + path_ + " (closing it failed): " + std::strerror(errno);
    fd_ = -1;
    if (!error.empty()) throw std::runtime_error(error);
}

void append_replay_notes(const std::string& path, const std::vector<ReplayNote>& added,
                         const std::vector<std::uint32_t>& deleted) {
    ReplayLoad load = read_replay_file(path);
    if (!load.data) throw std::runtime_error(load.error);
    std::string bytes;
    for (const ReplayNote& n : added) {
        Bytes b;
        encode_note(b, n);
        bytes += with_frame(kNote, b.out);
    }
    for (std::uint32_t id : deleted) {
        Bytes b;
        b.u32(id);
        bytes += with_frame(kNoteDeleted, b.out);
    }
    // A file cut off mid-record loses the cut record; a damaged one keeps every byte (the notes
    // go after its last record: the reader reads on past damage), and a copy of it is kept first.
    const std::string whole = read_replay_file_bytes(path);
    std::uint64_t keep = load.data->integrity == ReplayIntegrity::TornTail ? load.data->torn_at : whole.size();
    if (keep < whole.size() || load.data->integrity == ReplayIntegrity::Damaged)
        write_file_atomically(path + ".damaged", whole);
    // A closed file stays closed with its end record last: the notes go before it, so a file cut
    // anywhere before its end reads as not closed rather than as whole.
    const std::string end = with_frame(kEnd, {});
    if (load.data->closed && keep >= end.size() && whole.compare(keep - end.size(), end.size(), end) == 0) {
        keep -= end.size();
        bytes += end;
    }
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) throw std::runtime_error("cannot open the replay " + path + " to add notes: " + std::strerror(errno));
    if (::ftruncate(fd, static_cast<off_t>(keep)) != 0 || ::lseek(fd, static_cast<off_t>(keep), SEEK_SET) < 0) {
        const std::string why = std::strerror(errno);
        ::close(fd);
        throw std::runtime_error("cannot add notes to the replay " + path + ": " + why);
    }
    // A failed write, fdatasync or close takes the notes back off (the file ends where it was
    // sound) and says why.
    std::string error;
    try {
        write_all(fd, bytes, path);
        if (::fdatasync(fd) != 0 && errno != EINVAL && errno != EROFS)
            error = "cannot keep the notes added to the replay " + path + " on the disk: " + std::strerror(errno);
    } catch (const std::exception& e) {
        error = e.what();
    }
    if (!error.empty()) {
        // Back to the bytes it had (the end record, if it was moved, goes back too).
        const std::string tail = whole.substr(static_cast<std::size_t>(keep));
        if (::ftruncate(fd, static_cast<off_t>(keep)) != 0 ||
            ::pwrite(fd, tail.data(), tail.size(), static_cast<off_t>(keep)) != static_cast<ssize_t>(tail.size()))
            error += " (and the partial notes could not be taken off: " + std::string(std::strerror(errno)) + ")";
    }
    if (::close(fd) != 0 && error.empty() && errno != EINTR)
        error = "cannot add notes to the replay " + path + " (closing it failed): " + std::strerror(errno);
    if (!error.empty()) throw std::runtime_error(error);
}

}   // namespace pb
