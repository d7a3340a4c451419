#include "engine/sweep/sweep_table.hpp"

#include <sqlite3.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "engine/core/lab.hpp"
#include "engine/core/params.hpp"
#include "engine/core/replay_file.hpp"
#include "engine/core/scenario.hpp"

namespace pb {

namespace fs = std::filesystem;

namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<std::string> split(const std::string& line) {
    std::vector<std::string> out;
    std::string cell;
    std::istringstream in(line);
    while (std::getline(in, cell, ',')) out.push_back(cell);
    if (!line.empty() && line.back() == ',') out.emplace_back();
    return out;
}

// A whole number as merge writes it (digits only).
bool whole(const std::string& t, std::uint64_t& v) {
    const auto res = std::from_chars(t.data(), t.data() + t.size(), v);
    return !t.empty() && res.ec == std::errc() && res.ptr == t.data() + t.size();
}

// A number as merge writes it (std::to_chars' text; "nan" for none); false when it is none.
bool real(const std::string& t, double& v) {
    if (t == "nan") {
        v = kNaN;
        return true;
    }
    const auto res = std::from_chars(t.data(), t.data() + t.size(), v);
    return !t.empty() && res.ec == std::errc() && res.ptr == t.data() + t.size();
}

// The rows of results.csv, each cell checked against the run list; every row refused is named.
void read_rows(SweepTable& t, std::istream& in, const std::string& csv_path, const std::string& dir) {
    const SweepManifest& m = t.manifest;
    const std::size_t np = m.params.size(), nr = m.results.size();
    std::vector<std::string> refused;
    std::uint64_t refused_count = 0;
    std::optional<std::uint64_t> previous;
    std::string line;
    for (std::uint64_t line_no = 2; std::getline(in, line); ++line_no) {
        if (line.empty()) continue;
        const std::vector<std::string> c = split(line);
        const std::string at = csv_path + ":" + std::to_string(line_no) + ": ";
        auto refuse = [&](std::size_t col, const std::string& why) {
            if (refused.size() < 10) {
                const std::string name = col < 4        ? std::vector<std::string>{"run", "point", "seed", "ticks"}[col]
                                         : col < 4 + np ? m.params[col - 4]
                                                        : m.results[col - 4 - np];
                refused.push_back(at + "column " + std::to_string(col + 1) + " '" + name + "': '" +
                                  printable(c[col].substr(0, 40)) + "' " + why);
            }
            ++refused_count;
        };
        if (c.size() != 4 + np + nr) {
            if (refused.size() < 10)
                refused.push_back(at + std::to_string(c.size()) + " columns; the header has " +
                                  std::to_string(4 + np + nr));
            ++refused_count;
            continue;
        }
        SweepTableRow row;
        std::uint64_t ticks = 0;
        if (!whole(c[0], row.run) || row.run >= m.run_count()) {
            refuse(0, "is not a run key of this sweep (a whole number 0 .. " + std::to_string(m.run_count() - 1) + ")");
            continue;
        }
        if (previous && row.run <= *previous) {
            refuse(0, "comes after run " + std::to_string(*previous) + ": merge writes each run once, by key");
            continue;
        }
        const std::uint64_t point = row.run / m.seeds.size(), seed = m.seeds[row.run % m.seeds.size()];
        if (!whole(c[1], row.point) || row.point != point) {
            refuse(1, "is not run " + std::to_string(row.run) + "'s point (" + std::to_string(point) + ")");
            continue;
        }
        if (!whole(c[2], row.seed) || row.seed != seed) {
            refuse(2, "is not run " + std::to_string(row.run) + "'s seed (" + std::to_string(seed) + ")");
            continue;
        }
        if (!whole(c[3], ticks) || ticks > static_cast<std::uint64_t>(m.ticks)) {
            refuse(3, "is not a run's ticks (a whole number 0 .. " + std::to_string(m.ticks) + ")");
            continue;
        }
        row.ticks = static_cast<std::int64_t>(ticks);
        bool ok = true;
        for (std::size_t p = 0; p < np && ok; ++p) {
            double v = 0.0;
            ok = real(c[4 + p], v) && v == m.points[point][p];
            if (!ok)
                refuse(4 + p,
                       "is not point " + std::to_string(point) + "'s value (" + sweep_number(m.points[point][p]) + ")");
        }
        for (std::size_t k = 0; k < nr && ok; ++k) {
            double v = 0.0;
            if (!real(c[4 + np + k], v)) {
                refuse(4 + np + k, "is not a number (merge writes a number, or nan for none)");
                ok = false;
            } else if (std::isnan(v)) {
                ++t.no_value;
            } else if (!(std::abs(v) <= kMaxDrawnValue)) {
                if (t.left_out++ == 0)
                    t.first_left_out = at + "column " + std::to_string(5 + np + k) + " '" + m.results[k] + "': '" +
                                       printable(c[4 + np + k]) + "'";
                v = kNaN;
            }
            row.results.push_back(v);
        }
        if (!ok) continue;
        previous = row.run;
        t.rows.push_back(std::move(row));
    }
    if (refused.empty()) return;
    std::string text = csv_path + " does not match the sweep's run list (" + dir +
                       "/manifest.txt): " + std::to_string(refused_count) +
                       (refused_count == 1 ? " cell refused" : " cells refused") + "; `playbench sweep merge " + dir +
                       "` writes it again from the logs";
    for (const std::string& r : refused) text += "\n" + r;
    if (refused_count > refused.size()) text += "\n... and " + std::to_string(refused_count - refused.size()) + " more";
    throw SweepError(text);
}

// A parameter swept on a log scale: its values (3 or more, all above 0) evenly spaced in log.
bool looks_log(const std::vector<double>& values) {
    if (values.size() < 3 || values.front() <= 0.0 || values.back() / values.front() < 4.0) return false;
    const double step = std::log(values[1] / values[0]);
    for (std::size_t i = 2; i < values.size(); ++i)
        if (std::abs(std::log(values[i] / values[i - 1]) - step) > 0.02 * std::abs(step)) return false;
    return true;
}

// Which parameters the sweep file swept with scale = "log": from DIR/sweep.toml when it still
// parses (its scenario found relative to where the file was), else from the values' spacing.
std::vector<bool> log_params(const SweepManifest& m, const std::string& dir,
                             const std::vector<std::vector<double>>& values) {
    std::vector<bool> out(m.params.size(), false);
    for (std::size_t p = 0; p < m.params.size(); ++p) out[p] = looks_log(values[p]);
    try {
        const std::string text = read_text_file((fs::path(dir) / "sweep.toml").string());
        const std::string base = fs::absolute(m.sweep_file).parent_path().string();
        const SweepSpec spec = parse_sweep_text(text, m.sweep_file, base);
        for (const SweepVary& v : spec.vary)
            for (std::size_t p = 0; p < m.params.size(); ++p)
                if (m.params[p] == v.key) out[p] = v.log && values[p].front() > 0.0;
    } catch (const std::exception&) {}
    return out;
}

}   // namespace

std::size_t SweepTable::value_index(std::size_t p, double v) const {
    return static_cast<std::size_t>(std::lower_bound(values[p].begin(), values[p].end(), v) - values[p].begin());
}

SweepTable read_sweep_table(const std::string& dir) {
    SweepTable t;
    t.dir = dir;
    t.manifest = read_sweep_dir(dir);
    const SweepManifest& m = t.manifest;
    const std::string csv_path = (fs::path(dir) / "results.csv").string();
    std::error_code ec;
    if (!fs::exists(csv_path, ec))
        throw SweepError(dir + " was not merged (no " + csv_path + "): run `playbench sweep merge " + dir + "` first");
    std::istringstream in(read_text_file(csv_path, std::uint64_t{1} << 34));
    std::string line;
    std::getline(in, line);
    const std::size_t np = m.params.size();
    std::string expect = "run,point,seed,ticks";
    for (const auto& p : m.params) expect += "," + p;
    for (const auto& r : m.results) expect += "," + r;
    if (line != expect)
        throw SweepError(csv_path + ":1: its header does not match " + dir + "/manifest.txt: expected '" +
                         printable(expect.substr(0, 200)) + "'; `playbench sweep merge " + dir +
                         "` writes it again from the logs");
    read_rows(t, in, csv_path, dir);
    t.missing = m.run_count() - std::min<std::uint64_t>(m.run_count(), t.rows.size());
    // Runs finished since the merge are not in the CSV.
    try {
        const SweepStatus st = sweep_status(dir);
        if (st.done > t.rows.size()) t.unmerged = st.done - t.rows.size();
    } catch (const SweepError&) {}
    t.values.resize(np);
    for (std::size_t p = 0; p < np; ++p) {
        std::set<double> s;
        for (const auto& pt : m.points) s.insert(pt[p]);
        t.values[p].assign(s.begin(), s.end());
        if (t.values[p].size() > 1) t.varied.push_back(p);
    }
    t.log = log_params(m, dir, t.values);
    return t;
}

bool looks_like_sweep(const std::string& path) {
    std::error_code ec;
    if (fs::is_directory(path, ec)) return fs::is_regular_file(fs::path(path) / "manifest.txt", ec);
    if (!fs::is_regular_file(path, ec)) return false;
    std::ifstream in(path, std::ios::binary);
    char head[16] = {};
    return in && in.read(head, sizeof head) && std::memcmp(head, "SQLite format 3", 16) == 0;
}

std::string sweep_dir_of_database(const std::string& db_path) {
    const std::string dir = fs::path(db_path).parent_path().string();
    const std::string shown = dir.empty() ? "." : dir;
    std::string identity;
    bool has_table = false;
    sqlite3* db = nullptr;
    if (sqlite3_open_v2(db_path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt* s = nullptr;
        if (sqlite3_prepare_v2(db, "SELECT identity FROM sweep", -1, &s, nullptr) == SQLITE_OK) {
            has_table = true;
            if (sqlite3_step(s) == SQLITE_ROW)
                if (const unsigned char* t = sqlite3_column_text(s, 0)) identity = reinterpret_cast<const char*>(t);
        }
        sqlite3_finalize(s);
    }
    std::string why = db ? sqlite3_errmsg(db) : "out of memory";
    sqlite3_close(db);
    if (!has_table)
        throw SweepError(db_path + " is not a merged Playbench sweep database (" + why +
                         "): open the sweep.sqlite that `playbench sweep merge DIR` writes");
    if (identity.empty())
        throw SweepError(db_path + " is not a merged Playbench sweep database: its sweep table is empty");
    SweepManifest m;
    try {
        m = read_sweep_dir(shown);
    } catch (const SweepError& e) {
        throw SweepError(db_path + " is a sweep database, but its folder has no sweep manifest: " + e.what());
    }
    if (m.identity != identity)
        throw SweepError(db_path + " belongs to another sweep than " + shown +
                         "/manifest.txt: run `playbench sweep merge " + shown + "` again");
    return shown;
}

Scenario sweep_run_scenario_of(const SweepTable& t, const SweepTableRow& row) {
    const SweepManifest& m = t.manifest;
    std::error_code ec;
    if (!fs::is_regular_file(m.scenario, ec))
        throw SweepError("the sweep's base scenario " + m.scenario + " is missing: put it back there to watch a run");
    const LabInfo* lab = find_lab(m.lab);
    if (!lab || !lab->params) throw SweepError("the sweep's lab '" + m.lab + "' is not in this Playbench");
    std::vector<std::pair<std::size_t, double>> values;
    Scenario s;
    try {
        const std::string text = read_text_file(m.scenario);
        // The scenario's table: its lab's, and rows its set-up adds (Podball's script tunables).
        const Scenario base = sweep_point_scenario(m.scenario, text, {});
        for (std::size_t p = 0; p < m.params.size(); ++p) {
            const auto i = base.params.table().find(m.params[p]);
            if (!i) throw SweepError("the scenario " + m.scenario + " has no parameter " + m.params[p] + " any more");
            values.emplace_back(*i, m.points[row.point][p]);
        }
        s = sweep_point_scenario(m.scenario, text, values);
    } catch (const SweepError&) {
        throw;
    } catch (const std::exception& e) {
        throw SweepError("the sweep's base scenario " + m.scenario + " does not load: " + e.what());
    }
    s.seed = row.seed;
    return s;
}

SweepStats sweep_stats(const std::vector<double>& v) {
    SweepStats s{0, kNaN, kNaN, kNaN, kNaN};
    double sum = 0.0;
    for (double x : v) {
        if (!std::isfinite(x)) continue;
        if (s.n == 0) s.min = s.max = x;
        s.min = std::min(s.min, x);
        s.max = std::max(s.max, x);
        sum += x;
        ++s.n;
    }
    if (s.n == 0) return s;
    s.mean = sum / s.n;
    double ss = 0.0;
    for (double x : v)
        if (std::isfinite(x)) ss += (x - s.mean) * (x - s.mean);
    s.sd = s.n > 1 ? std::sqrt(ss / (s.n - 1)) : 0.0;
    return s;
}

SweepLine sweep_line(const SweepTable& t, std::size_t k, std::size_t p) {
    const SweepManifest& m = t.manifest;
    const std::size_t nseeds = m.seeds.size(), nv = t.values[p].size();
    std::map<std::uint64_t, std::size_t> seed_index;
    for (std::size_t i = 0; i < nseeds; ++i) seed_index[m.seeds[i]] = i;
    // For each value and seed: the mean over the other parameters' points; then over seeds.
    std::vector<std::vector<double>> sum(nv, std::vector<double>(nseeds, 0.0)),
        cnt(nv, std::vector<double>(nseeds, 0.0));
    for (const SweepTableRow& r : t.rows) {
        const double x = r.results[k];
        if (!std::isfinite(x)) continue;
        const auto s = seed_index.find(r.seed);
        if (s == seed_index.end()) continue;
        const std::size_t v = t.value_index(p, m.points[r.point][p]);
        sum[v][s->second] += x;
        cnt[v][s->second] += 1.0;
    }
    SweepLine l;
    double ymin = std::numeric_limits<double>::infinity(), ymax = -ymin;
    for (std::size_t v = 0; v < nv; ++v) {
        std::vector<double> per_seed;
        int runs = 0;
        for (std::size_t s = 0; s < nseeds; ++s) {
            per_seed.push_back(cnt[v][s] > 0 ? sum[v][s] / cnt[v][s] : kNaN);
            runs += static_cast<int>(cnt[v][s]);
        }
        const SweepStats st = sweep_stats(per_seed);
        if (st.n == 0) continue;
        l.x.push_back(t.values[p][v]);
        l.mean.push_back(st.mean);
        l.min.push_back(st.min);
        l.max.push_back(st.max);
        l.seeds.push_back(st.n);
        l.runs.push_back(runs);
        ymin = std::min(ymin, st.min);
        ymax = std::max(ymax, st.max);
    }
    if (std::isfinite(ymin)) l.ymin = ymin, l.ymax = ymax;
    return l;
}

SweepHeat sweep_heat(const SweepTable& t, std::size_t k, std::size_t px, std::size_t py) {
    const SweepManifest& m = t.manifest;
    SweepHeat h;
    h.nx = t.values[px].size();
    h.ny = t.values[py].size();
    const std::size_t n = h.nx * h.ny;
    std::vector<double> sum(n, 0.0);
    h.mean.assign(n, kNaN);
    h.min.assign(n, kNaN);
    h.max.assign(n, kNaN);
    h.runs.assign(n, 0);
    for (const SweepTableRow& r : t.rows) {
        const double x = r.results[k];
        if (!std::isfinite(x)) continue;
        const std::size_t c =
            t.value_index(py, m.points[r.point][py]) * h.nx + t.value_index(px, m.points[r.point][px]);
        sum[c] += x;
        h.min[c] = h.runs[c] ? std::min(h.min[c], x) : x;
        h.max[c] = h.runs[c] ? std::max(h.max[c], x) : x;
        ++h.runs[c];
    }
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (std::size_t c = 0; c < n; ++c)
        if (h.runs[c] > 0) {
            h.mean[c] = sum[c] / h.runs[c];
            lo = std::min(lo, h.mean[c]);
            hi = std::max(hi, h.mean[c]);
            ++h.filled;
        }
    if (!std::isfinite(lo)) lo = 0.0, hi = 1.0;
    if (hi <= lo) hi = lo + 1.0;
    h.lo = lo;
    h.hi = hi;
    return h;
}

const char* sweep_colour_scale_name(SweepColourScale s) {
    switch (s) {
        case SweepColourScale::Linear: return "linear";
        case SweepColourScale::Log: return "log";
        case SweepColourScale::Rank: return "rank";
    }
    return "linear";
}

SweepColourMap sweep_colour_map(const std::vector<double>& values, SweepColourScale scale) {
    SweepColourMap m;
    for (double v : values)
        if (std::isfinite(v)) m.distinct.push_back(v);
    std::sort(m.distinct.begin(), m.distinct.end());
    m.distinct.erase(std::unique(m.distinct.begin(), m.distinct.end()), m.distinct.end());
    if (!m.distinct.empty()) m.lo = m.distinct.front(), m.hi = m.distinct.back();
    if (m.hi <= m.lo) m.hi = m.lo + 1.0;
    m.scale = scale == SweepColourScale::Log && !(m.lo > 0.0) ? SweepColourScale::Linear : scale;
    return m;
}

float SweepColourMap::at(double v) const {
    if (!std::isfinite(v)) return 0.0f;
    double t = 0.0;
    switch (scale) {
        case SweepColourScale::Linear: t = (v - lo) / (hi - lo); break;
        case SweepColourScale::Log: t = std::log(std::max(v, lo) / lo) / std::log(hi / lo); break;
        case SweepColourScale::Rank: {
            if (distinct.size() < 2) break;
            const auto it = std::lower_bound(distinct.begin(), distinct.end(), v);
            t = static_cast<double>(it - distinct.begin()) / static_cast<double>(distinct.size() - 1);
            break;
        }
    }
    return static_cast<float>(std::clamp(t, 0.0, 1.0));
}

double SweepColourMap::value_at(double t) const {
    t = std::clamp(t, 0.0, 1.0);
    switch (scale) {
        case SweepColourScale::Linear: break;
        case SweepColourScale::Log: return lo * std::pow(hi / lo, t);
        case SweepColourScale::Rank:
            if (distinct.size() < 2) break;
            return distinct[static_cast<std::size_t>(std::lround(t * static_cast<double>(distinct.size() - 1)))];
    }
    return lo + (hi - lo) * t;
}

SweepColourScale choose_colour_scale(const std::vector<double>& values) {
    std::vector<double> v;
    for (double x : values)
        if (std::isfinite(x)) v.push_back(x);
    std::sort(v.begin(), v.end());
    // Two values or fewer: every scale gives the same two colours.
    if (sweep_colour_map(v, SweepColourScale::Linear).distinct.size() < 3) return SweepColourScale::Linear;
    const double median = v[v.size() / 2];
    auto centred = [&](SweepColourScale s) {
        const double t = sweep_colour_map(v, s).at(median);
        return t >= 0.15 && t <= 0.85;
    };
    if (centred(SweepColourScale::Linear)) return SweepColourScale::Linear;
    if (v.front() > 0.0 && centred(SweepColourScale::Log)) return SweepColourScale::Log;
    return SweepColourScale::Rank;
}

}   // namespace pb
