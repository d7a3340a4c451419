#include "engine/sweep/sweep_store.hpp"

#include <fcntl.h>
#include <sqlite3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <sstream>

#include "engine/core/crc32.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"

namespace pb {

namespace fs = std::filesystem;

// ---------------------------------------------------------------- manifest

SweepManifest manifest_of(const SweepSpec& spec) {
    SweepManifest m;
    m.identity = spec.identity;
    m.lab = spec.lab->name;
    m.sweep_file = spec.path;
    m.scenario = spec.scenario_path;
    m.ticks = spec.ticks;
    m.until_match_end = spec.until_match_end;
    m.seeds = spec.seeds;
    for (const SweepVary& v : spec.vary) m.params.push_back(v.key);
    m.results = spec.results;
    m.points = spec.points;
    return m;
}

std::string manifest_text(const SweepManifest& m) {
    std::string t = "playbench-sweep-manifest 1\n";
    t += "identity " + m.identity + "\n";
    t += "lab " + m.lab + "\n";
    t += "sweep_file " + m.sweep_file + "\n";
    t += "scenario " + m.scenario + "\n";
    t += "ticks " + std::to_string(m.ticks) + (m.until_match_end ? " until_match_end" : "") + "\n";
    t += "seeds";
    for (auto s : m.seeds) t += " " + std::to_string(s);
    t += "\nparams";
    for (const auto& p : m.params) t += " " + p;
    t += "\nresults";
    for (const auto& r : m.results) t += " " + r;
    t += "\npoints " + std::to_string(m.points.size()) + "\n";
    for (const auto& p : m.points) {
        t += "point";
        for (double x : p) t += " " + sweep_number(x);
        t += "\n";
    }
    return t;
}

// More parameters than any lab's table holds: a manifest saying more was not written by `sweep run`.
constexpr std::size_t kMostParams = 10000;

// The words of a manifest line, at most `max` of them (a crafted line cannot make a vector of
// millions of strings).
static std::vector<std::string> words(const std::string& line, std::size_t max) {
    std::vector<std::string> out;
    std::istringstream in(line);
    for (std::string w; in >> w;) {
        if (out.size() == max) throw SweepError("more than " + std::to_string(max) + " values on one line");
        out.push_back(w);
    }
    return out;
}

// A point's value: a parameter's value, always a finite number.
static double parse_point_value(const std::string& w) {
    double v = 0.0;
    auto res = std::from_chars(w.data(), w.data() + w.size(), v);
    if (res.ec != std::errc() || res.ptr != w.data() + w.size() || !std::isfinite(v))
        throw SweepError("not a parameter's value: '" + w + "'");
    return v;
}

SweepManifest parse_manifest(const std::string& text, const std::string& name) {
    SweepManifest m;
    std::istringstream in(text);
    std::string line;
    int n = 0;
    bool header = false;
    try {
        while (std::getline(in, line)) {
            ++n;
            const auto sp = line.find(' ');
            const std::string head = line.substr(0, sp);
            const std::string rest = sp == std::string::npos ? "" : line.substr(sp + 1);
            if (head == "playbench-sweep-manifest")
                header = rest == "1";
            else if (head == "identity")
                m.identity = rest;
            else if (head == "lab")
                m.lab = rest;
            else if (head == "sweep_file")
                m.sweep_file = rest;
            else if (head == "scenario")
                m.scenario = rest;
            else if (head == "ticks") {
                const auto w = words(rest, 2);
                m.ticks = std::stoll(w.at(0));
                m.until_match_end = w.size() > 1 && w[1] == "until_match_end";
            } else if (head == "seeds") {
                for (const auto& s : words(rest, kMaxSweepRuns)) m.seeds.push_back(std::stoull(s));
            } else if (head == "params")
                m.params = words(rest, kMostParams);
            else if (head == "results")
                m.results = words(rest, kMaxSweepResults);
            else if (head == "points") {
                // A count past the limit is not a manifest `sweep run` wrote: nothing is reserved for it.
                const std::uint64_t count = std::stoull(words(rest, 1).at(0));
                if (count > kMaxSweepRuns)
                    throw SweepError(std::to_string(count) + " points, more than a sweep may have (" +
                                     std::to_string(kMaxSweepRuns) + " runs, kMaxSweepRuns)");
                m.points.reserve(count);
            } else if (head == "point") {
                std::vector<double> p;
                for (const auto& x : words(rest, m.params.size())) p.push_back(parse_point_value(x));
                if (p.size() != m.params.size())
                    throw SweepError("a point with " + std::to_string(p.size()) + " values");
                if (m.points.size() >= kMaxSweepRuns) throw SweepError("more points than a sweep may have");
                m.points.push_back(std::move(p));
            } else if (!line.empty())
                throw SweepError("unknown line");
        }
    } catch (const std::exception& e) {
        throw SweepError(name + ":" + std::to_string(n) + ": not a sweep manifest (" + e.what() + ")");
    }
    if (!header || m.identity.empty() || m.seeds.empty())
        throw SweepError(name + ": not a sweep manifest (`playbench sweep run` writes it)");
    if (m.seeds.size() > kMaxSweepRuns || m.run_count() > kMaxSweepRuns)
        throw SweepError(name +
                         ": not a sweep manifest `playbench sweep run` wrote: " + std::to_string(m.points.size()) +
                         " points x " + std::to_string(m.seeds.size()) + " seeds is more than the limit of " +
                         std::to_string(kMaxSweepRuns) + " runs a sweep (kMaxSweepRuns)");
    return m;
}

static void write_atomically(const std::string& path, const std::string& content) {
    try {
        write_file_atomically(path, content);
    } catch (const std::exception& e) {
        throw SweepError(std::string("cannot write ") + path + ": " + e.what());
    }
}

void prepare_sweep_dir(const SweepSpec& spec, const std::string& dir) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw SweepError("cannot create " + dir + ": " + ec.message());
    const std::string path = (fs::path(dir) / "manifest.txt").string();
    if (fs::exists(path)) {
        SweepManifest there = read_sweep_dir(dir);
        if (there.identity != spec.identity)
            throw SweepError(
                dir + " holds the results of a different sweep (" + there.sweep_file + ", identity " +
                there.identity.substr(0, 12) + "; this one, " + spec.path + ", is " + spec.identity.substr(0, 12) +
                ": its scenario, parameters, points, seeds, duration or results differ). Use another --out "
                "folder, or remove " +
                dir + " to start over");
        return;
    }
    write_atomically((fs::path(dir) / "sweep.toml").string(), spec.text);
    write_atomically(path, manifest_text(manifest_of(spec)));
}

SweepManifest read_sweep_dir(const std::string& dir) {
    const std::string path = (fs::path(dir) / "manifest.txt").string();
    std::string text;
    try {
        text = read_text_file(path, 1ull << 30);
    } catch (const std::exception& e) {
        throw SweepError(dir + " is not a sweep folder (no readable manifest.txt: " + e.what() +
                         "); `playbench sweep run SWEEP --out " + dir + "` makes one");
    }
    return parse_manifest(text, path);
}

// ---------------------------------------------------------------- log records

namespace {

constexpr char kMagic[4] = {'P', 'B', 'S', 'W'};

void put_u64(std::string& b, std::uint64_t v) {
    for (int i = 0; i < 8; ++i) b += static_cast<char>((v >> (8 * i)) & 0xff);
}
void put_u32(std::string& b, std::uint32_t v) {
    for (int i = 0; i < 4; ++i) b += static_cast<char>((v >> (8 * i)) & 0xff);
}
void put_f64(std::string& b, double v) {
    std::uint64_t u;
    std::memcpy(&u, &v, 8);
    put_u64(b, u);
}
std::uint64_t get_u64(const unsigned char* p) {
    std::uint64_t v = 0;
    for (int i = 7; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}
std::uint32_t get_u32(const unsigned char* p) {
    std::uint32_t v = 0;
    for (int i = 3; i >= 0; --i) v = (v << 8) | p[i];
    return v;
}
double get_f64(const unsigned char* p) {
    const std::uint64_t u = get_u64(p);
    double v;
    std::memcpy(&v, &u, 8);
    return v;
}

constexpr std::size_t kFixedPayload = 8 * 5 + 4;
constexpr std::uint32_t kMaxPayload = 1u << 24;

}   // namespace

std::string encode_run_record(const SweepRunResult& r) {
    std::string payload;
    put_u64(payload, r.run);
    put_u64(payload, r.point);
    put_u64(payload, r.seed);
    put_u64(payload, static_cast<std::uint64_t>(r.ticks));
    put_f64(payload, r.wall_seconds);
    put_u32(payload, static_cast<std::uint32_t>(r.values.size()));
    for (double v : r.values) put_f64(payload, v);
    std::string rec(kMagic, 4);
    put_u32(rec, static_cast<std::uint32_t>(payload.size()));
    rec += payload;
    put_u32(rec, crc32(rec.data() + 4, rec.size() - 4));
    return rec;
}

namespace {

constexpr std::size_t kFrame = 12;   // magic, size, CRC around the payload

// The record at `at`, when it is whole, its checksum matches and its payload is a run's result.
bool sound_record(const std::string& bytes, std::size_t at, SweepRunResult& r, std::size_t& size_out) {
    const auto* p = reinterpret_cast<const unsigned char*>(bytes.data());
    if (bytes.size() - at < kFrame || std::memcmp(p + at, kMagic, 4) != 0) return false;
    const std::uint32_t size = get_u32(p + at + 4);
    if (size < kFixedPayload || size > kMaxPayload || bytes.size() - at - kFrame < size) return false;
    if (crc32(p + at + 4, 4 + size) != get_u32(p + at + 8 + size)) return false;
    const unsigned char* q = p + at + 8;
    const std::uint32_t n = get_u32(q + 40);
    if (kFixedPayload + 8ull * n != size) return false;
    r.run = get_u64(q);
    r.point = get_u64(q + 8);
    r.seed = get_u64(q + 16);
    r.ticks = static_cast<std::int64_t>(get_u64(q + 24));
    r.wall_seconds = get_f64(q + 32);
    r.values.resize(n);
    for (std::uint32_t i = 0; i < n; ++i) r.values[i] = get_f64(q + kFixedPayload + 8 * i);
    size_out = kFrame + size;
    return true;
}

// The next sound record at or after `from`: where its signature stands and the record checks;
// SIZE_MAX when there is none, or when `budget` (bytes checksummed) ran out (`gave_up`).
std::size_t next_sound_record(const std::string& bytes, std::size_t from, std::uint64_t& budget, bool& gave_up) {
    const std::string_view all(bytes);
    for (std::size_t at = all.find(std::string_view(kMagic, 4), from); at != std::string_view::npos;
         at = all.find(std::string_view(kMagic, 4), at + 1)) {
        if (bytes.size() - at < kFrame) return SIZE_MAX;
        const std::uint32_t size = get_u32(reinterpret_cast<const unsigned char*>(bytes.data()) + at + 4);
        if (size < kFixedPayload || size > kMaxPayload || bytes.size() - at - kFrame < size) continue;
        if (budget < size) {
            gave_up = true;
            return SIZE_MAX;
        }
        budget -= size;
        SweepRunResult r;
        std::size_t n = 0;
        if (sound_record(bytes, at, r, n)) return at;
    }
    return SIZE_MAX;
}

}   // namespace

std::string describe_log_damage(const SweepLogDamage& d) {
    return "record " + std::to_string(d.record + 1) + " (" + std::to_string(d.bytes) + " bytes at byte " +
           std::to_string(d.offset) + ")";
}

namespace {

// The log's bytes ("" when there is no log yet).
std::string log_bytes(const std::string& path) {
    try {
        return read_text_file(path, 1ull << 40);
    } catch (const std::exception& e) {
        if (!fs::exists(path)) return {};
        throw SweepError("cannot read " + path + ": " + e.what());
    }
}

SweepLog parse_sweep_log(const std::string& bytes, const std::string& path) {
    SweepLog log;
    log.path = path;
    log.file_bytes = bytes.size();
    // Looking past damage checksums at most a few passes over the file.
    std::uint64_t budget = 8 * static_cast<std::uint64_t>(bytes.size()) + (1u << 20);
    std::size_t at = 0;
    while (at < bytes.size()) {
        SweepRunResult r;
        std::size_t size = 0;
        if (sound_record(bytes, at, r, size)) {
            log.runs.push_back(std::move(r));
            at += size;
            log.good_bytes = at;
            continue;
        }
        // Not a sound record: damage when a sound record follows, else a torn tail.
        bool gave_up = false;
        const std::size_t next = next_sound_record(bytes, at + 1, budget, gave_up);
        log.searched_to_end = !gave_up;
        if (next == SIZE_MAX) break;
        SweepLogDamage d;
        d.offset = at;
        d.bytes = next - at;
        d.record = log.runs.size();
        const auto* p = reinterpret_cast<const unsigned char*>(bytes.data()) + at;
        // A whole frame whose payload failed its checksum: its key field likely survived.
        if (d.bytes >= kFrame + kFixedPayload && std::memcmp(p, kMagic, 4) == 0 && kFrame + get_u32(p + 4) == d.bytes)
            d.run = get_u64(p + 8);
        log.damage.push_back(d);
        at = next;
    }
    return log;
}

}   // namespace

SweepLog read_sweep_log(const std::string& path) { return parse_sweep_log(log_bytes(path), path); }

std::vector<std::string> sweep_logs(const std::string& dir) {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator(dir, ec)) {
        const std::string name = e.path().filename().string();
        if (name.rfind("runs-", 0) == 0 && name.size() > 4 && name.substr(name.size() - 4) == ".log")
            out.push_back(e.path().string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

std::string shard_log_name(std::uint64_t shard, std::uint64_t shards) {
    return "runs-" + std::to_string(shard) + "-of-" + std::to_string(shards) + ".log";
}

SweepLogWriter::SweepLogWriter(const std::string& path, SweepLog* found) : path_(path) {
    const std::string bytes = log_bytes(path);
    SweepLog log = parse_sweep_log(bytes, path);
    // Sound records may stand past what was searched: cutting or rewriting could lose them.
    if (!log.searched_to_end)
        throw SweepError(path + " is damaged from byte " + std::to_string(log.good_bytes) +
                         " on, more than a search for its sound "
                         "records may cost; it is left as it is: move it aside to run its shard again");
    if (!log.damage.empty()) {
        // Every sound record, as the same bytes (the encoding is exact), and nothing else: the
        // damaged runs are missing and run again. The damaged file is kept beside it first.
        std::string sound;
        for (const SweepRunResult& r : log.runs) sound += encode_run_record(r);
        try {
            write_file_atomically(path + ".damaged", bytes);
            write_file_atomically(path, sound);
        } catch (const std::exception& e) {
            throw SweepError("cannot rewrite the damaged " + path + " with its sound records: " + e.what());
        }
    }
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw SweepError("cannot open " + path + ": " + std::strerror(errno));
    const bool torn = log.damage.empty() && log.torn_bytes() > 0;   // a rewritten log has no tail
    const std::uint64_t keep = log.good_bytes;
    if (found) *found = std::move(log);
    if (torn && ::ftruncate(fd_, static_cast<off_t>(keep)) != 0) {
        const int e = errno;
        ::close(fd_);
        throw SweepError("cannot cut the torn tail off " + path + ": " + std::strerror(e));
    }
}

SweepLogWriter::~SweepLogWriter() {
    if (fd_ >= 0) ::close(fd_);
}

void SweepLogWriter::append(const SweepRunResult& r) {
    const std::string rec = encode_run_record(r);
    const ssize_t n = ::write(fd_, rec.data(), rec.size());   // one write: O_APPEND puts it whole at the end
    if (n != static_cast<ssize_t>(rec.size()))
        throw SweepError("cannot append to " + path_ + ": " +
                         (n < 0 ? std::strerror(errno) : "short write (disk full?)"));
}

// ---------------------------------------------------------------- merge

std::string sweep_csv(const SweepManifest& m, const std::vector<SweepRunResult>& runs) {
    std::string csv = "run,point,seed,ticks";
    for (const auto& p : m.params) csv += "," + p;
    for (const auto& r : m.results) csv += "," + r;
    csv += "\n";
    for (const SweepRunResult& r : runs) {
        csv += std::to_string(r.run) + "," + std::to_string(r.point) + "," + std::to_string(r.seed) + "," +
               std::to_string(r.ticks);
        for (double v : m.points[r.point]) csv += "," + sweep_number(v);
        for (double v : r.values) csv += "," + sweep_number(v);
        csv += "\n";
    }
    return csv;
}

namespace {

struct Db {
    sqlite3* db = nullptr;
    ~Db() {
        if (db) sqlite3_close(db);
    }
    void exec(const char* sql) {
        char* msg = nullptr;
        if (sqlite3_exec(db, sql, nullptr, nullptr, &msg) != SQLITE_OK) {
            std::string why = msg ? msg : "?";
            sqlite3_free(msg);
            throw SweepError(std::string("SQLite: ") + why + " in: " + sql);
        }
    }
};

struct Stmt {
    sqlite3_stmt* s = nullptr;
    Stmt(sqlite3* db, const char* sql) {
        if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
            throw SweepError(std::string("SQLite: ") + sqlite3_errmsg(db) + " in: " + sql);
    }
    ~Stmt() { sqlite3_finalize(s); }
    Stmt(const Stmt&) = delete;
    Stmt& operator=(const Stmt&) = delete;
    void step(sqlite3* db) {
        if (sqlite3_step(s) != SQLITE_DONE) throw SweepError(std::string("SQLite: ") + sqlite3_errmsg(db));
        sqlite3_reset(s);
    }
    void text(int i, const std::string& v) {
        sqlite3_bind_text(s, i, v.c_str(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    }
    void integer(int i, std::int64_t v) { sqlite3_bind_int64(s, i, v); }
    void real(int i, double v) {
        if (std::isnan(v))
            sqlite3_bind_null(s, i);
        else
            sqlite3_bind_double(s, i, v);
    }
};

void write_database(const std::string& path, const SweepManifest& m, const std::string& file_text,
                    const std::vector<SweepRunResult>& runs) {
    const std::string tmp = path + ".tmp";
    fs::remove(tmp);
    Db d;
    if (sqlite3_open(tmp.c_str(), &d.db) != SQLITE_OK) throw SweepError("cannot create " + tmp);
    d.exec("PRAGMA journal_mode=OFF; PRAGMA synchronous=FULL;");   // on disk before the rename
    d.exec(
        "BEGIN;"
        "CREATE TABLE sweep (identity TEXT PRIMARY KEY, lab TEXT, scenario TEXT, sweep_file TEXT, file_text TEXT, "
        "ticks INTEGER, until_match_end INTEGER, runs INTEGER);"
        "CREATE TABLE params (name TEXT PRIMARY KEY, position INTEGER, value_list TEXT);"
        "CREATE TABLE result_names (name TEXT PRIMARY KEY, position INTEGER);"
        "CREATE TABLE runs (key INTEGER PRIMARY KEY, point INTEGER, seed INTEGER, ticks INTEGER, wall_seconds REAL);"
        "CREATE TABLE run_params (key INTEGER, name TEXT, value REAL, PRIMARY KEY (key, name)) WITHOUT ROWID;"
        "CREATE TABLE results (key INTEGER, name TEXT, value REAL, PRIMARY KEY (key, name)) WITHOUT ROWID;");
    {
        Stmt s(d.db, "INSERT OR IGNORE INTO sweep VALUES (?,?,?,?,?,?,?,?)");
        s.text(1, m.identity), s.text(2, m.lab), s.text(3, m.scenario), s.text(4, m.sweep_file), s.text(5, file_text);
        s.integer(6, m.ticks), s.integer(7, m.until_match_end), s.integer(8, static_cast<std::int64_t>(m.run_count()));
        s.step(d.db);
    }
    {
        Stmt s(d.db, "INSERT OR IGNORE INTO params VALUES (?,?,?)");
        for (std::size_t k = 0; k < m.params.size(); ++k) {
            std::vector<double> values;
            for (const auto& p : m.points)
                if (std::find(values.begin(), values.end(), p[k]) == values.end()) values.push_back(p[k]);
            std::sort(values.begin(), values.end());
            std::string list;
            for (double v : values) list += (list.empty() ? "" : " ") + sweep_number(v);
            s.text(1, m.params[k]), s.integer(2, static_cast<std::int64_t>(k)), s.text(3, list);
            s.step(d.db);
        }
        Stmt n(d.db, "INSERT OR IGNORE INTO result_names VALUES (?,?)");
        for (std::size_t k = 0; k < m.results.size(); ++k) {
            n.text(1, m.results[k]), n.integer(2, static_cast<std::int64_t>(k));
            n.step(d.db);
        }
    }
    {   // the statements are finalized here: a connection with live statements does not close
        Stmt run(d.db, "INSERT OR IGNORE INTO runs VALUES (?,?,?,?,?)");
        Stmt param(d.db, "INSERT OR IGNORE INTO run_params VALUES (?,?,?)");
        Stmt result(d.db, "INSERT OR IGNORE INTO results VALUES (?,?,?)");
        for (const SweepRunResult& r : runs) {
            const auto key = static_cast<std::int64_t>(r.run);
            run.integer(1, key), run.integer(2, static_cast<std::int64_t>(r.point)),
                run.integer(3, static_cast<std::int64_t>(r.seed));
            run.integer(4, r.ticks), run.real(5, r.wall_seconds);
            run.step(d.db);
            for (std::size_t k = 0; k < m.params.size(); ++k) {
                param.integer(1, key), param.text(2, m.params[k]), param.real(3, m.points[r.point][k]);
                param.step(d.db);
            }
            for (std::size_t k = 0; k < m.results.size() && k < r.values.size(); ++k) {
                result.integer(1, key), result.text(2, m.results[k]), result.real(3, r.values[k]);
                result.step(d.db);
            }
        }
    }
    d.exec("COMMIT;");
    const int closed = sqlite3_close(d.db);
    if (closed != SQLITE_OK) throw SweepError("SQLite: cannot close " + tmp + ": " + sqlite3_errstr(closed));
    d.db = nullptr;
    std::error_code ec;
    fs::rename(tmp, path, ec);
    if (ec) throw SweepError("cannot rename " + tmp + " to " + path + ": " + ec.message());
}

// Every good record of every log, checked against the manifest; sorted by run key, one per key.
std::vector<SweepRunResult> gather(const std::string& dir, const SweepManifest& m, MergeReport* report,
                                   std::vector<ShardStatus>* shards) {
    std::vector<SweepRunResult> all;
    for (const std::string& path : sweep_logs(dir)) {
        SweepLog log = read_sweep_log(path);
        const std::string name = fs::path(path).filename().string();
        if (report) {
            if (log.torn_bytes() > 0)
                report->torn.push_back(name + ": " + std::to_string(log.torn_bytes()) +
                                       " bytes after the last sound record ignored");
            for (const SweepLogDamage& d : log.damage)
                report->damaged.push_back(name + ": " + describe_log_damage(d) +
                                          " is damaged: skipped, the sound records after it read");
        }
        if (shards) shards->push_back({name, log.runs.size(), log.torn_bytes(), log.damage});
        for (SweepRunResult& r : log.runs) {
            if (r.run >= m.run_count() || r.point != r.run / m.seeds.size() ||
                r.seed != m.seeds[r.run % m.seeds.size()] || r.values.size() != m.results.size())
                throw SweepError(path + ": run " + std::to_string(r.run) + " does not belong to this sweep's run list");
            all.push_back(std::move(r));
        }
    }
    std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.run < b.run; });
    std::vector<SweepRunResult> unique;
    for (std::size_t i = 0; i < all.size();) {
        std::size_t j = i;
        while (j < all.size() && all[j].run == all[i].run) ++j;
        if (j - i > 1 && report) report->duplicated.emplace_back(all[i].run, static_cast<int>(j - i));
        unique.push_back(std::move(all[i]));
        i = j;
    }
    return unique;
}

}   // namespace

MergeReport merge_sweep_dir(const std::string& dir) {
    const SweepManifest m = read_sweep_dir(dir);
    MergeReport report;
    report.total = m.run_count();
    const std::vector<SweepRunResult> runs = gather(dir, m, &report, nullptr);
    report.found = runs.size();
    std::uint64_t next = 0;
    for (const SweepRunResult& r : runs) {
        for (; next < r.run; ++next) report.missing.push_back(next);
        next = r.run + 1;
    }
    for (; next < m.run_count(); ++next) report.missing.push_back(next);
    std::string file_text;
    try {
        file_text = read_text_file((fs::path(dir) / "sweep.toml").string());
    } catch (const std::exception&) {}
    write_database((fs::path(dir) / "sweep.sqlite").string(), m, file_text, runs);
    write_atomically((fs::path(dir) / "results.csv").string(), sweep_csv(m, runs));
    return report;
}

SweepStatus sweep_status(const std::string& dir) {
    SweepStatus s;
    s.manifest = read_sweep_dir(dir);
    s.done = gather(dir, s.manifest, nullptr, &s.shards).size();
    s.missing = s.manifest.run_count() - s.done;
    return s;
}

}   // namespace pb
