#include "app/sweep_cli.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <ostream>
#include <sstream>
#include <thread>
#include <vector>

#include "app/headless.hpp"
#include "engine/core/bench_timing.hpp"
#include "engine/core/scenario.hpp"
#include "engine/sweep/sweep.hpp"
#include "engine/sweep/sweep_store.hpp"

namespace pb::app {

namespace fs = std::filesystem;

static bool parse_u64(std::string_view t, std::uint64_t& v) {
    auto res = std::from_chars(t.data(), t.data() + t.size(), v);
    return !t.empty() && res.ec == std::errc() && res.ptr == t.data() + t.size();
}

static const char* env(const char* name) {
    const char* v = std::getenv(name);
    return v && *v ? v : nullptr;
}

bool resolve_shard(const std::string& option, Shard& out, std::string& why) {
    std::string where;
    std::uint64_t i = 0, n = 1;
    if (!option.empty()) {
        const auto slash = option.find('/');
        if (slash == std::string::npos || !parse_u64(std::string_view(option).substr(0, slash), i) ||
            !parse_u64(std::string_view(option).substr(slash + 1), n)) {
            why = "--shard must be I/N (this process runs shard I of N, 0 <= I < N), got '" + option + "'";
            return false;
        }
        where = "--shard";
    } else if (const char* id = env("SLURM_ARRAY_TASK_ID")) {
        std::uint64_t min = 0;
        const char* count = env("SLURM_ARRAY_TASK_COUNT");
        const char* mn = env("SLURM_ARRAY_TASK_MIN");
        if (!parse_u64(id, i) || !count || !parse_u64(count, n) || (mn && !parse_u64(mn, min)) || i < min) {
            why = "SLURM_ARRAY_TASK_ID / _MIN / _COUNT do not give a shard (" + std::string(id) + ", " +
                  (mn ? mn : "-") + ", " + (count ? count : "-") + "); pass --shard I/N";
            return false;
        }
        i -= min;
        where = "SLURM_ARRAY_TASK_ID - SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_COUNT";
    } else if (const char* idx = env("JOB_COMPLETION_INDEX")) {
        const char* count = env("PLAYBENCH_SHARD_COUNT");
        if (!parse_u64(idx, i) || !count || !parse_u64(count, n)) {
            why = std::string(
                      "JOB_COMPLETION_INDEX needs PLAYBENCH_SHARD_COUNT (the Indexed Job's completions) set to the "
                      "shard count, got ") +
                  (count ? count : "none") + "; or pass --shard I/N";
            return false;
        }
        where = "JOB_COMPLETION_INDEX and PLAYBENCH_SHARD_COUNT";
    }
    if (n < 1 || i >= n || n > 1000000) {
        why = "shard " + std::to_string(i) + "/" + std::to_string(n) + (where.empty() ? "" : " (from " + where + ")") +
              ": needs 0 <= I < N and 1 <= N <= 1000000";
        return false;
    }
    out = {i, n};
    return true;
}

static std::string duration_text(double s) {
    char buf[32];
    if (s < 0 || s > 1e8) return "?";
    const long t = static_cast<long>(s + 0.5);
    if (t >= 3600)
        std::snprintf(buf, sizeof buf, "%ldh%02ldm", t / 3600, (t / 60) % 60);
    else if (t >= 60)
        std::snprintf(buf, sizeof buf, "%ldm%02lds", t / 60, t % 60);
    else
        std::snprintf(buf, sizeof buf, "%lds", t);
    return buf;
}

int sweep_run(const SweepRunOptions& o, std::ostream& out, std::ostream& err) {
    SweepSpec spec;
    try {
        spec = load_sweep_file(o.sweep);
        if (o.cap_ticks > 0) cap_sweep_ticks(spec, o.cap_ticks);
    } catch (const SweepError& e) {
        err << "playbench sweep: cannot use the sweep file:\n" << e.what() << "\n";
        return 2;
    }
    Shard shard;
    std::string why;
    if (!resolve_shard(o.shard, shard, why)) {
        err << "playbench sweep run: " << why << "\n";
        return 2;
    }
    const std::uint64_t total = spec.run_count();
    std::vector<std::uint64_t> pending;
    std::uint64_t already = 0, in_shard = 0;
    std::unique_ptr<SweepLogWriter> log;
    const std::string log_path = (fs::path(o.out) / shard_log_name(shard.index, shard.count)).string();
    try {
        prepare_sweep_dir(spec, o.out);
        SweepLog found;
        log = std::make_unique<SweepLogWriter>(log_path, &found);
        if (found.torn_bytes() > 0)
            err << "playbench sweep run: " << log_path << " ended in a torn record (" << found.torn_bytes()
                << " bytes, a run cut off by a crash or a kill): cut off; that run runs again\n";
        // Finished runs in any shard's log (a rerun with another N skips them too); read after
        // this shard's log was repaired, and past damage in the others'.
        std::vector<bool> done(total, false);
        for (const std::string& path : sweep_logs(o.out))
            for (const SweepRunResult& r : read_sweep_log(path).runs)
                if (r.run < total) done[r.run] = true;
        for (const SweepLogDamage& d : found.damage) {
            // The key a damaged record names is its run only if no sound record has that run.
            const bool known = d.run && *d.run < total && !done[*d.run];
            err << "playbench sweep run: " << log_path << ": " << describe_log_damage(d)
                << " is DAMAGED (not a torn tail: " << (found.runs.size() - d.record)
                << " sound records follow it, all kept); "
                << (known ? "it held run " + std::to_string(*d.run) + ", which runs again"
                          : std::string("its run could not be read; every run missing from the logs runs again"))
                << "; the log was rewritten without it (the damaged file is kept as " << log_path << ".damaged)\n";
        }
        for (std::uint64_t i = shard.index; i < total; i += shard.count) {
            ++in_shard;
            if (done[i])
                ++already;
            else
                pending.push_back(i);
        }
    } catch (const SweepError& e) {
        err << "playbench sweep run: " << e.what() << "\n";
        return 2;
    }

    const int threads = std::max(1, o.threads > 0 ? o.threads : static_cast<int>(std::thread::hardware_concurrency()));
    std::atomic<std::size_t> next{0};
    std::atomic<std::uint64_t> finished{0};
    std::atomic<bool> failed{false};
    std::mutex mutex;   // the log writes and the first error
    std::condition_variable wake;
    std::string first_error;
    auto worker = [&] {
        for (;;) {
            const std::size_t k = next.fetch_add(1);
            if (k >= pending.size() || failed) break;
            try {
                const SweepRunResult r = run_sweep_run(spec, pending[k]);
                std::lock_guard lock(mutex);
                log->append(r);
            } catch (const std::exception& e) {
                std::lock_guard lock(mutex);
                if (!failed)
                    first_error = "run " + std::to_string(pending[k]) + " (point " +
                                  std::to_string(spec.point_of(pending[k])) + ", seed " +
                                  std::to_string(spec.seed_of(pending[k])) + "): " + e.what();
                failed = true;
            }
            ++finished;
            wake.notify_all();
        }
    };
    const auto start = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    const int used = static_cast<int>(
        std::min<std::size_t>(static_cast<std::size_t>(threads), std::max<std::size_t>(pending.size(), 1)));
    for (int t = 0; t < used; ++t) pool.emplace_back(worker);
    const bool show = o.progress && ::isatty(2);
    auto progress = [&](bool last) {
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const std::uint64_t f = finished;
        const double rate = s > 0 ? static_cast<double>(f) / s : 0.0;
        const double eta = rate > 0 ? static_cast<double>(pending.size() - f) / rate : -1.0;
        char line[256];
        std::snprintf(line, sizeof line, "\rsweep %llu/%llu runs (shard %llu/%llu, %d threads)  %.2f runs/s  ETA %s   ",
                      static_cast<unsigned long long>(already + f), static_cast<unsigned long long>(in_shard),
                      static_cast<unsigned long long>(shard.index), static_cast<unsigned long long>(shard.count), used,
                      rate, last ? "done" : duration_text(eta).c_str());
        std::fputs(line, stderr);
        if (last) std::fputs("\n", stderr);
        std::fflush(stderr);
    };
    {
        std::unique_lock lock(mutex);
        auto last_shown = std::chrono::steady_clock::now() - std::chrono::seconds(1);
        while (finished < pending.size() && !failed) {
            wake.wait_for(lock, std::chrono::milliseconds(500));
            // At most four lines a second, however fast runs finish.
            if (show && std::chrono::steady_clock::now() - last_shown >= std::chrono::milliseconds(250)) {
                last_shown = std::chrono::steady_clock::now();
                lock.unlock();
                progress(false);
                lock.lock();
            }
        }
    }
    for (auto& t : pool) t.join();
    if (show) progress(true);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (failed) {
        err << "playbench sweep run: " << first_error << "\n(the finished runs are kept in " << log_path << ")\n";
        return 1;
    }
    out << "sweep " << spec.path << ": shard " << shard.index << "/" << shard.count << " ran " << pending.size()
        << " runs in " << duration_text(seconds) << " on " << used << (used == 1 ? " thread" : " threads") << " ("
        << already << " already done; " << in_shard << " in this shard, " << total << " in the sweep); results in "
        << log_path << "\nnext: playbench sweep merge " << o.out << "\n";
    return 0;
}

static std::string list_keys(const std::vector<std::uint64_t>& keys, std::size_t max = 20) {
    std::string s;
    for (std::size_t i = 0; i < keys.size() && i < max; ++i) s += (i ? ", " : "") + std::to_string(keys[i]);
    if (keys.size() > max) s += ", ... (" + std::to_string(keys.size() - max) + " more)";
    return s;
}

int sweep_merge(const std::string& dir, std::ostream& out, std::ostream& err) {
    MergeReport r;
    SweepManifest m;
    try {
        m = read_sweep_dir(dir);
        r = merge_sweep_dir(dir);
    } catch (const SweepError& e) {
        err << "playbench sweep merge: " << e.what() << "\n";
        return 2;
    }
    out << "merged " << r.found << " of " << r.total << " runs into " << (fs::path(dir) / "sweep.sqlite").string()
        << " and " << (fs::path(dir) / "results.csv").string() << "\n";
    for (const std::string& t : r.torn) out << "  " << t << " (a run cut off: `sweep run` again runs it)\n";
    for (const std::string& d : r.damaged)
        out << "  DAMAGED: " << d << " (`sweep run` of that shard runs its run again)\n";
    if (!r.duplicated.empty()) {
        out << "  " << r.duplicated.size() << " run(s) recorded more than once (kept once):";
        for (std::size_t i = 0; i < r.duplicated.size() && i < 20; ++i)
            out << (i ? ", " : " ") << r.duplicated[i].first << " (x" << r.duplicated[i].second << ")";
        out << "\n";
    }
    if (!r.missing.empty()) {
        err << "playbench sweep merge: " << r.missing.size() << " of " << r.total << " runs missing (run keys "
            << list_keys(r.missing) << "; run key k is point k / " << m.seeds.size() << ", seed number k % "
            << m.seeds.size() << "); `playbench sweep run` on the same file and folder runs only those\n";
        return 1;
    }
    return 0;
}

int sweep_status_verb(const std::string& dir, std::ostream& out, std::ostream& err) {
    SweepStatus s;
    try {
        s = sweep_status(dir);
    } catch (const SweepError& e) {
        err << "playbench sweep status: " << e.what() << "\n";
        return 2;
    }
    const auto total = s.manifest.run_count();
    out << "sweep " << s.manifest.sweep_file << " (" << s.manifest.lab << ", identity "
        << s.manifest.identity.substr(0, 12) << "): " << s.done << " / " << total << " runs done";
    if (total > 0) {
        char pct[32];
        std::snprintf(pct, sizeof pct, " (%.1f %%)", 100.0 * static_cast<double>(s.done) / static_cast<double>(total));
        out << pct;
    }
    out << ", " << s.missing << " missing\n";
    out << "  " << s.manifest.points.size() << " points x " << s.manifest.seeds.size() << " seeds; "
        << (s.manifest.until_match_end ? "until the match ends, at most " : "") << s.manifest.ticks << " ticks a run\n";
    for (const ShardStatus& sh : s.shards) {
        out << "  " << sh.log << ": " << sh.runs << " runs"
            << (sh.torn_bytes ? " + a torn last record (" + std::to_string(sh.torn_bytes) + " bytes)" : "");
        for (const SweepLogDamage& d : sh.damage) out << "; DAMAGED " << describe_log_damage(d);
        out << "\n";
    }
    if (s.shards.empty()) out << "  no results log yet\n";
    return 0;
}

// ---------------------------------------------------------------- bench

static double process_cpu_seconds() {
    rusage u{};
    ::getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           1e-6 * static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec);
}

static double wall_now() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

bool bench_sweep(std::ostream& out, std::ostream& err) {
    const std::string dir =
        (fs::temp_directory_path() / ("playbench-bench-sweep-" + std::to_string(::getpid()))).string();
    const std::string scenario = fs::absolute(lab_default_scenario("podball")).string();
    const std::string sweep_path = dir + "-sweep.toml";
    // 200 full matches: 20 points (shot power x ball friction) x 10 seeds.
    const std::string text = "scenario = \"" + scenario +
                             "\"\nseeds = 10\nuntil = \"match_end\"\nmax_ticks = 200000\n"
                             "[[vary]]\nkey = \"podball.ball.shoot_force\"\nfrom = 0.0016\nto = 0.0048\nsteps = 5\n"
                             "[[vary]]\nkey = \"podball.ball.friction\"\nvalues = [0.002, 0.004, 0.008, 0.016]\n";
    bool ok = true;
    try {
        write_file_atomically(sweep_path, text);
        SweepSpec spec = load_sweep_file(sweep_path);
        double rate[2] = {0, 0};
        for (int threads : {1, 2}) {
            {
                std::error_code ec;
                fs::remove_all(dir, ec);
            }
            SweepRunOptions o;
            o.sweep = sweep_path;
            o.out = dir;
            o.threads = threads;
            o.shard = "0/1";
            o.progress = false;
            std::ostringstream sink;
            const double t0 = wall_now(), c0 = process_cpu_seconds();
            if (sweep_run(o, sink, err) != 0) return false;
            const double wall = wall_now() - t0, cpu = process_cpu_seconds() - c0;
            rate[threads - 1] = static_cast<double>(spec.run_count()) / wall;
            // How much of the wall time the threads had a core: below 100 % other processes took
            // the rest, and the thread ratio says more about the machine than about the sweep.
            char note[96];
            std::snprintf(note, sizeof note, "[CPU %.0f %% of %d core(s) x wall]", 100.0 * cpu / (wall * threads),
                          threads);
            report_rate(out, "sweep",
                        "200 Podball matches, " + std::to_string(threads) + " thread(s), matches/min (wall)",
                        rate[threads - 1] * 60.0, rate[threads - 1] * 60.0, "/min", 0.0, note);
        }
        const double ratio = rate[1] / rate[0];
        char line[160];
        std::snprintf(line, sizeof line, "2 threads / 1 thread: x%.2f  target >= x1.8: %s", ratio,
                      ratio >= 1.8 ? "met" : "NOT MET");
        report_line(out, "sweep", line);
        ok = ok && ratio >= 1.8;

        // The sweep's own cost per run: what a run costs besides its ticks (loading the point's
        // scenario, reading the results, one log record), against the whole run.
        const SweepLog log = read_sweep_log((fs::path(dir) / shard_log_name(0, 1)).string());
        double run_seconds = 0.0;
        for (const auto& r : log.runs) run_seconds += r.wall_seconds;
        run_seconds /= static_cast<double>(std::max<std::size_t>(log.runs.size(), 1));
        SweepSpec zero = spec;
        zero.until_match_end = false;
        zero.ticks = 0;
        SweepLogWriter writer(dir + "/overhead.log");
        const Timing t = per_call(
            [&] {
                SweepRunResult r = run_sweep_run(zero, 7);
                writer.append(r);
            },
            5, 0.2);
        const double pct = 100.0 * t.median / run_seconds;
        std::snprintf(line, sizeof line,
                      "sweep's own cost per run (load the point, read results, write a record): %.3f ms = %.3f %% of a "
                      "%.0f ms match  target < 2 %%: %s",
                      t.median * 1e3, pct, run_seconds * 1e3, pct < 2.0 ? "met" : "NOT MET");
        report_line(out, "sweep", line);
        ok = ok && pct < 2.0;

        // Merging 100,000 results: 20,000 runs of 5 results in 4 shard logs.
        const std::string big = dir + "-merge";
        {
            std::error_code ec;
            fs::remove_all(big, ec);
        }
        SweepSpec m = spec;
        m.vary.clear();
        m.points.assign(2000, {});
        m.seeds.clear();
        for (std::uint64_t s = 1; s <= 10; ++s) m.seeds.push_back(s);
        m.results = {"a", "b", "c", "d", "e"};
        m.identity = "bench-merge";
        m.path = "bench";
        prepare_sweep_dir(m, big);
        {
            std::vector<std::unique_ptr<SweepLogWriter>> w;
            for (int k = 0; k < 4; ++k)
                w.push_back(
                    std::make_unique<SweepLogWriter>(big + "/" + shard_log_name(static_cast<std::uint64_t>(k), 4)));
            for (std::uint64_t i = 0; i < m.run_count(); ++i) {
                SweepRunResult r{i,     m.point_of(i), m.seed_of(i),
                                 36000, 1.0,           {1.0 * static_cast<double>(i), 0.5, 3.0, 1e-3, 7.0}};
                w[i % 4]->append(r);
            }
        }
        const double t0 = wall_now();
        const MergeReport rep = merge_sweep_dir(big);
        const double merge_s = wall_now() - t0;
        std::snprintf(
            line, sizeof line,
            "merge 100,000 results (20,000 runs x 5, 4 shard logs) into SQLite + CSV: %.2f s (wall)  target < 5 s: %s",
            merge_s, merge_s < 5.0 && rep.missing.empty() ? "met" : "NOT MET");
        report_line(out, "sweep", line);
        ok = ok && merge_s < 5.0 && rep.missing.empty();
        {
            std::error_code ec;
            fs::remove_all(big, ec);
        }
    } catch (const std::exception& e) {
        err << "sweep benchmark failed: " << e.what() << "\n";
        ok = false;
    }
    std::error_code ec;
    fs::remove_all(dir, ec);
    fs::remove(sweep_path, ec);
    return ok;
}

}   // namespace pb::app
