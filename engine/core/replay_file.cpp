#include "engine/core/replay_file.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cerrno>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/hash.hpp"
#include "engine/core/scenario.hpp"

namespace pb {

namespace {

constexpr char kMagic[8] = {'P', 'B', 'R', 'P', 'L', 'Y', '\r', '\n'};
constexpr std::size_t kRecordOverhead = 1 + 4 + 4;
// A record larger than this is corruption, not data (a scenario is kilobytes; a hash block 16 KB).
constexpr std::uint32_t kMaxPayload = 64u << 20;

enum RecordType : std::uint8_t { kHeader = 1, kHashes = 2, kCommand = 3, kNote = 4, kNoteDeleted = 5, kEnd = 6, kQuietTicks = 7, kModulePins = 8 };
// A stretch of quiet ticks longer than this (about 13 days of play at 60 ticks a second), or a
// replay longer than kMaxTicks, is corruption: the reader would spend gigabytes on it.
constexpr std::int64_t kMaxQuietStretch = std::int64_t{1} << 26;
constexpr std::int64_t kMaxTicks = std::int64_t{1} << 28;

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
                if constexpr (std::is_same_v<T, bool>) b.u8(v ? 1 : 0);
                else if constexpr (std::is_same_v<T, std::int64_t>) b.i64(v);
                else if constexpr (std::is_same_v<T, double>) b.f64(v);
                else b.str(v);
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

}  // namespace

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

// --- reading -----------------------------------------------------------------------------------

ReplayLoad read_replay_bytes(const std::string& bytes, const std::string& name) {
    ReplayLoad load;
    if (bytes.size() < sizeof kMagic || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
        load.error = name + ": not a Playbench replay (it does not start with the replay signature); open a "
                            "file recorded with Record or `playbench replay record`";
        return load;
    }
    ReplayData data;
    std::size_t at = sizeof kMagic;
    bool have_header = false;
    std::string stop;   // why reading stopped before the end of the file
    while (at < bytes.size()) {
        if (bytes.size() - at < kRecordOverhead) {
            stop = "the file ends inside a record at byte " + std::to_string(at) + " (cut off by a crash or a kill?)";
            break;
        }
        Reader frame(bytes.data() + at, kRecordOverhead);
        const std::uint8_t type = frame.u8();
        const std::uint32_t length = frame.u32();
        if (length > kMaxPayload) {
            stop = "the record at byte " + std::to_string(at) + " is corrupted (impossible length)";
            break;
        }
        if (bytes.size() - at < kRecordOverhead + length) {
            stop = "the file ends inside a record at byte " + std::to_string(at) + " (cut off by a crash or a kill?)";
            break;
        }
        const char* payload = bytes.data() + at + 5;
        Reader tail(payload + length, 4);
        if (crc32(bytes.data() + at, 5 + length) != tail.u32()) {
            stop = "the record at byte " + std::to_string(at) + " is corrupted (checksum mismatch)";
            break;
        }
        Reader r(payload, length);
        bool sound = true;
        if (!have_header) {
            if (type != kHeader) {
                load.error = name + ": the replay has no header record; the file is damaged beyond use";
                return load;
            }
            ReplayHeader& h = data.header;
            h.format_version = r.u32();
            if (r.ok() && h.format_version > kReplayFormatVersion) {
                load.error = name + ": recorded by a newer Playbench (replay format " + std::to_string(h.format_version) +
                             "; this one reads up to " + std::to_string(kReplayFormatVersion) + "); update Playbench to open it";
                return load;
            }
            h.app_version = r.str();
            h.engine_version = r.u32();
            h.lab = r.str();
            h.seed = r.u64();
            h.scenario_name = r.str();
            h.scenario_text = r.str();
            h.branch_of = r.str();
            h.branch_tick = r.i64();
            if (!r.ok()) {
                load.error = name + ": the replay's header is damaged; the file cannot be played";
                return load;
            }
            have_header = true;
        } else if (type == kHashes) {
            const std::int64_t first = r.i64();
            const std::uint32_t count = r.u32();
            if (!r.ok() || first != data.length() + 1 || count > length / 4) {
                sound = false;
            } else {
                std::vector<std::uint32_t> block(count);
                for (std::uint32_t& h : block) h = r.u32();
                const std::uint32_t fulls = r.u32();
                std::vector<std::pair<std::int64_t, std::uint64_t>> full;
                for (std::uint32_t i = 0; i < fulls && r.ok() && i <= length / 16; ++i) {
                    const std::int64_t t = r.i64();
                    full.emplace_back(t, r.u64());
                }
                sound = r.ok() && r.at_end() && full.size() == fulls;
                // Full hashes belong to ticks recorded by now, in order.
                const std::int64_t last = first + count - 1;
                std::int64_t previous = data.full_hashes.empty() ? 0 : data.full_hashes.back().first;
                for (const auto& [t, h] : full) {
                    sound = sound && t > previous && t <= last;
                    previous = t;
                }
                if (sound) {
                    data.hashes.insert(data.hashes.end(), block.begin(), block.end());
                    data.full_hashes.insert(data.full_hashes.end(), full.begin(), full.end());
                }
            }
        } else if (type == kQuietTicks) {
            const std::int64_t first = r.i64();
            const std::int64_t count = r.i64();
            const std::uint64_t base = r.u64();
            sound = r.ok() && r.at_end() && first == data.length() + 1 && count >= 1 && count <= kMaxQuietStretch &&
                    data.length() + count <= kMaxTicks;
            if (sound) {
                data.hashes.reserve(data.hashes.size() + static_cast<std::size_t>(count));
                for (std::int64_t t = first; t < first + count; ++t) data.hashes.push_back(short_hash(clock_tick_hash(base, t)));
            }
        } else if (type == kCommand) {
            Command c;
            sound = decode_command(r, c) && c.tick >= 0;
            if (sound) data.commands.push_back(std::move(c));
        } else if (type == kNote) {
            ReplayNote n;
            n.id = r.u32();
            n.tick = r.i64();
            n.text = r.str();
            n.has_point = r.u8() != 0;
            n.x = r.f64();
            n.y = r.f64();
            sound = r.ok() && r.at_end();
            if (sound) {
                std::erase_if(data.notes, [&](const ReplayNote& o) { return o.id == n.id; });
                data.notes.push_back(std::move(n));
            }
        } else if (type == kNoteDeleted) {
            const std::uint32_t id = r.u32();
            sound = r.ok() && r.at_end();
            if (sound) std::erase_if(data.notes, [&](const ReplayNote& o) { return o.id == id; });
        } else if (type == kModulePins) {
            sound = decode_module_pins(payload, length, data.module_pins);
        } else if (type == kEnd) {
            data.closed = true;
        } else {
            // A record of a kind a later format minor version added: skipped, said once.
            load.warnings.push_back(name + ": skipped a record of unknown type " + std::to_string(type) + " at byte " +
                                    std::to_string(at));
        }
        if (!sound) {
            stop = "the record at byte " + std::to_string(at) + " does not make sense (damaged)";
            break;
        }
        at += kRecordOverhead + length;
    }
    if (!have_header) {
        load.error = name + ": the replay's header is missing or damaged (" + (stop.empty() ? "empty file" : stop) +
                     "); the file cannot be played";
        return load;
    }
    load.trusted_bytes = at;
    if (!stop.empty())
        load.warnings.push_back(name + ": " + stop + "; loaded what came before: " + tick_text(data.length()) + ", " +
                                std::to_string(data.commands.size()) + " commands, " + std::to_string(data.notes.size()) +
                                " notes");
    else if (!data.closed)
        load.warnings.push_back(name + ": the recording was not closed (the app stopped while recording); everything "
                                "up to " + tick_text(data.length()) + " was kept");
    std::stable_sort(data.notes.begin(), data.notes.end(), [](const ReplayNote& a, const ReplayNote& b) { return a.id < b.id; });
    load.data = std::move(data);
    return load;
}

ReplayLoad read_replay_file(const std::string& path) {
    std::string bytes;
    try {
        bytes = read_text_file(path);
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
        enum class Kind { Bytes, Hashes, Sync } kind = Kind::Bytes;
        std::string bytes;                                    // Bytes: a framed record
        std::int64_t first = 0;                               // Hashes: the block's first tick
        std::vector<std::uint32_t> hashes;                    // Hashes: one short hash a tick
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
        case Job::Kind::Bytes:
            write_all(fd_, job.bytes, path_);
            break;
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
        case Job::Kind::Sync:
            if (::fdatasync(fd_) != 0 && errno != EINVAL && errno != EROFS)
                throw std::runtime_error("cannot keep the replay " + path_ + " on the disk: " + std::strerror(errno));
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
    // A file with a damaged tail gets the notes after its last sound record (a note behind damage
    // could never be read), and the damaged file is kept beside it first, so no byte is lost.
    const std::string whole = read_text_file(path);
    if (load.trusted_bytes < whole.size()) write_file_atomically(path + ".damaged", whole);
    const int fd = ::open(path.c_str(), O_WRONLY | O_CLOEXEC);
    if (fd < 0) throw std::runtime_error("cannot open the replay " + path + " to add notes: " + std::strerror(errno));
    if (::ftruncate(fd, static_cast<off_t>(load.trusted_bytes)) != 0 ||
        ::lseek(fd, static_cast<off_t>(load.trusted_bytes), SEEK_SET) < 0) {
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
    if (!error.empty() && ::ftruncate(fd, static_cast<off_t>(load.trusted_bytes)) != 0)
        error += " (and the partial notes could not be taken off: " + std::string(std::strerror(errno)) + ")";
    if (::close(fd) != 0 && error.empty() && errno != EINTR)
        error = "cannot add notes to the replay " + path + " (closing it failed): " + std::strerror(errno);
    if (!error.empty()) throw std::runtime_error(error);
}

}  // namespace pb
