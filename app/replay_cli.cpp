#include "app/replay_cli.hpp"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <ostream>
#include <vector>

#include "app/headless.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/replay.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/sha256.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"

namespace fs = std::filesystem;

namespace pb::app {

namespace {

// Reads a replay, printing its warnings; nullopt (after printing why) when nothing can be used.
std::optional<ReplayData> load_replay(const std::string& path, std::ostream& err) {
    ReplayLoad load = read_replay_file(path);
    if (!load.data) {
        err << "playbench: " << printable(load.error) << "\n";
        return std::nullopt;
    }
    for (const std::string& w : load.warnings) err << "playbench: warning: " << printable(w) << "\n";
    if (load.data->header.engine_version != kEngineVersion)
        err << "playbench: warning: " << printable(path) << " was recorded by Playbench "
            << printable(load.data->header.app_version) << " with engine version " << load.data->header.engine_version
            << "; this is Playbench " << PLAYBENCH_VERSION << " with engine version " << kEngineVersion
            << ", whose rules may differ, so the replay may diverge\n";
    return std::move(load.data);
}

int integrity_code(const ReplayData& d) { return static_cast<int>(integrity_verdict(d)); }

std::string clock_text(std::int64_t ticks) {
    // Most labs tick 60 times a second of play; RGS ticks once a second, so both readings help.
    char buf[64];
    std::snprintf(buf, sizeof buf, "%" PRId64 " ticks", ticks);
    return buf;
}

double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}   // namespace

bool replay_modules_refused(const std::string& path, const ReplayData& data, bool allow_modules, std::ostream& err) {
    const std::string why = replay_module_problem(data, path, allow_modules, "pass --allow-modules");
    if (why.empty()) return false;
    err << "playbench: " << path << " cannot be played: its scenario runs code from a module library\n" << why << "\n";
    return true;
}

int replay_record(const ReplayRecordOptions& o, std::ostream& out, std::ostream& err) {
    Scenario s;
    if (!load_with_overrides(o.scenario, o.sets, s, err)) return 2;
    try {
        record_scenario(s, o.ticks, o.out);
    } catch (const std::exception& e) {
        err << "playbench replay record: " << e.what() << "\n";
        return 1;
    }
    std::error_code ec;
    const auto bytes = fs::file_size(o.out, ec);
    out << "recorded " << clock_text(o.ticks) << " of " << o.scenario << " to " << o.out << " (" << (ec ? 0 : bytes)
        << " bytes)\n";
    return 0;
}

int replay_verify(const std::string& path, std::ostream& out, std::ostream& err, bool allow_modules) {
    ReplayLoad load = read_replay_file(path);
    if (!load.data) {
        err << "playbench: " << printable(load.error) << "\n";
        return kReplayUnplayable;
    }
    for (const std::string& w : load.warnings) err << "playbench: warning: " << printable(w) << "\n";
    if (replay_modules_refused(path, *load.data, allow_modules, err)) return kReplayUnplayable;
    const ReplayHeader& h = load.data->header;
    // Said before the work starts: another engine's replay may diverge for that reason alone.
    if (h.engine_version != kEngineVersion)
        out << printable(path) << ": " << version_pair(h) << ": the rules may differ\n";
    const ReplayCheck check = check_replay(*load.data, path, ReplayModuleAccess{allow_modules, path});
    for (const std::string& line : check.lines)
        (check.verdict == ReplayVerdict::Unplayable ? err : out) << line << "\n";
    return static_cast<int>(check.verdict);
}

int replay_info(const std::string& path, std::ostream& out, std::ostream& err) {
    auto data = load_replay(path, err);
    if (!data) return kReplayUnplayable;
    // Everything below comes from the file: printed escaped, so no text in it can drive the terminal.
    const ReplayHeader& h = data->header;
    int code = integrity_code(*data);
    out << "replay " << printable(path) << "\n"
        << "  format " << h.format_version << ", recorded by Playbench " << printable(h.app_version) << " (engine "
        << h.engine_version << ")"
        << (h.engine_version == kEngineVersion ? "" : "; this Playbench runs engine " + std::to_string(kEngineVersion))
        << "\n"
        << "  lab " << printable(h.lab) << ", seed " << h.seed << ", scenario "
        << (h.scenario_name.empty() ? "(unsaved)" : printable(h.scenario_name)) << " (embedded, "
        << h.scenario_text.size() << " bytes)\n";
    if (!h.branch_of.empty())
        out << "  branched from " << printable(h.branch_of) << " at tick " << h.branch_tick << "\n";
    out << "  file " << integrity_text(*data) << "\n";
    out << "  length " << data->length() << " ticks" << (data->closed ? "" : " (recording not closed)") << "\n";
    for (const std::string& m : describe_replay_modules(*data)) out << "  module " << printable(m) << "\n";
    // Scripts travel inside the replay (docs/lua-teams.md#replays): no file, no consent needed.
    for (const ScriptPin& s : data->scripts)
        out << "  script lua:" << printable(s.written) << " (carried, " << s.text.size() << " bytes, sha256 "
            << to_hex(s.sha256) << ")\n";
    out << "  commands " << data->commands.size() << "\n";
    try {
        ReplayPlayer player(*data, path, 1);
        for (const TimelineMark& m : player.timeline()) out << "    t=" << m.tick << "  " << printable(m.text) << "\n";
    } catch (const ReplayContradiction& e) {
        for (const Command& c : data->commands) out << "    " << printable(describe(c)) << "\n";
        out << "  DAMAGED: " << printable(e.what()) << "\n";
        code = kReplayDamaged;
    } catch (const std::exception& e) {
        for (const Command& c : data->commands) out << "    " << printable(describe(c)) << "\n";
        err << "playbench: warning: " << printable(e.what()) << "\n";
    }
    out << "  notes " << data->notes.size() << "\n";
    for (const ReplayNote& n : data->notes) {
        out << "    t=" << n.tick;
        if (n.has_point) out << " at (" << format_number(n.x) << ", " << format_number(n.y) << ")";
        out << "  " << printable(n.text) << "\n";
    }
    return code;
}

int replay_export(const ReplayExportOptions& o, std::ostream& out, std::ostream& err) {
    auto data = load_replay(o.replay, err);
    if (!data) return kReplayUnplayable;
    if (replay_modules_refused(o.replay, *data, o.allow_modules, err)) return kReplayUnplayable;
    const int soundness = integrity_code(*data);
    const std::string soundness_text = integrity_text(*data);
    const std::int64_t to = o.to < 0 ? data->length() : o.to;
    if (o.from < 0 || o.from > data->length() || to < o.from || to > data->length()) {
        err << "playbench replay export: --from " << o.from << " --to " << to << " is outside the recording (ticks 0.."
            << data->length() << ", from <= to)\n";
        return 2;
    }
    if (o.every < 1) {
        err << "playbench replay export: --every must be at least 1, got " << o.every << "\n";
        return 2;
    }
    std::error_code ec;
    fs::create_directories(o.out_dir, ec);
    if (ec) {
        err << "playbench replay export: cannot create " << o.out_dir << ": " << ec.message() << "\n";
        return 1;
    }
    try {
        ReplayPlayer player(std::move(*data), o.replay, ReplayPlayer::kDefaultBudget,
                            ReplayModuleAccess{o.allow_modules, o.replay});
        ui::OffscreenRenderer renderer(o.width, o.height);
        if (!renderer.ok()) {
            err << "playbench replay export: " << renderer.error() << "\n";
            return 1;
        }
        player.seek(o.from);
        ui::Shell shell(player.simulation(), ui::ShellOptions{});
        int written = 0;
        for (std::int64_t t = o.from; t <= to; ++t) {
            if (t > player.tick()) {
                // The view watches every tick (charts, heat maps), as in the window.
                if (auto* view = shell.lab_view()) (void)view->before_tick(player.simulation().world());
                player.step();
            }
            if ((t - o.from) % o.every != 0) continue;
            renderer.render(shell, written == 0 ? 3 : 1);
            char name[32];
            std::snprintf(name, sizeof name, "frame-%06" PRId64 ".png", t);
            std::string error;
            if (!renderer.write_png((fs::path(o.out_dir) / name).string(), error)) {
                err << "playbench replay export: " << error << "\n";
                return 1;
            }
            ++written;
        }
        out << "wrote " << written << " frames (ticks " << o.from << ".." << to << ", every " << o.every << ") to "
            << o.out_dir << "\n";
        if (player.divergence())
            err << "playbench: warning: the replay diverged at tick " << *player.divergence()
                << "; frames from there on show the re-simulated world\n";
    } catch (const ReplayContradiction& e) {
        err << "playbench replay export: " << printable(e.what()) << "\n";
        return kReplayDamaged;
    } catch (const std::exception& e) {
        err << "playbench replay export: " << printable(e.what()) << "\n";
        return kReplayUnplayable;
    }
    if (soundness != kReplayOk) err << "playbench replay export: the replay is " << soundness_text << "\n";
    return soundness;
}

namespace {

// Recording overhead: two copies of the same run advance side by side, one recorded, in chunks of
// ticks, each chunk timed, which of the two goes first alternating. A busy machine slows both
// alike, so the ratio holds where two separate timed runs would differ by more than the overhead.
// Several rounds, each a whole run (its block writes included): the round with the median ratio
// is reported, so one round that another program disturbed does not decide the figure.
struct RecordingCost {
    double plain = 0.0, recorded = 0.0;         // seconds per run, of the median round
    double closing = 1e300;                     // best time to close the file
    bool same_world = true;                     // the recorded run ended in the same world
    std::string error;                          // the recording failed (a disk error)
    double low_share = 0.0, high_share = 0.0;   // the rounds' spread (where memory placed things)
    double share() const { return (recorded - plain) / plain; }
};

RecordingCost measure_recording(const Scenario& s, std::int64_t ticks, int rounds, const std::string& path) {
    RecordingCost c;
    std::vector<RecordingCost> runs;
    // Chunks long enough for the clock, short enough for a few dozen pairs a round.
    const std::int64_t kChunk = std::clamp<std::int64_t>(ticks / 24, 64, 512);
    for (int round = 0; round < rounds; ++round) {
        // Which of the two is built first alternates: where each lands in memory moves a step
        // by a few percent, and neither side should always get the same spot.
        std::optional<Simulation> first_built, second_built;
        first_built.emplace(s);
        second_built.emplace(s);
        Simulation& bare = round % 2 == 0 ? *first_built : *second_built;
        Simulation& rec_sim = round % 2 == 0 ? *second_built : *first_built;
        SessionRecorder rec;
        rec.start(rec_sim, path, s.path);
        double t_plain = 0.0, t_rec = 0.0;
        for (std::int64_t done = 0; done < ticks; done += kChunk) {
            const std::int64_t n = std::min(kChunk, ticks - done);
            // The same loop both ways: the recorder is attached to rec_sim, which reports every
            // step to it (for a world whose ticks change only its clock, nothing a tick).
            auto run = [&](Simulation& sim, double& total) {
                auto t0 = std::chrono::steady_clock::now();
                for (std::int64_t i = 0; i < n; ++i) sim.step();
                total += seconds_since(t0);
            };
            auto run_plain = [&] { run(bare, t_plain); };
            auto run_recorded = [&] { run(rec_sim, t_rec); };
            if ((done / kChunk) % 2 == 0) {
                run_plain();
                run_recorded();
            } else {
                run_recorded();
                run_plain();
            }
        }
        if (!rec.recording()) {
            c.error = "the recording ended early: " + rec.end_reason();
            return c;
        }
        RecordingCost r;
        r.plain = t_plain;
        r.recorded = t_rec;
        runs.push_back(r);
        // Closing writes the last block and waits for the disk once (fdatasync): a fixed cost
        // per recording, not per tick, so it is reported apart.
        auto t2 = std::chrono::steady_clock::now();
        rec.stop();
        c.closing = std::min(c.closing, seconds_since(t2));
        c.same_world = c.same_world && bare.world().hash() == rec_sim.world().hash();
    }
    std::sort(runs.begin(), runs.end(),
              [](const RecordingCost& a, const RecordingCost& b) { return a.share() < b.share(); });
    c.low_share = runs.front().share();
    c.high_share = runs.back().share();
    c.plain = runs[runs.size() / 2].plain;
    c.recorded = runs[runs.size() / 2].recorded;
    return c;
}

constexpr std::int64_t kHour = 216000;   // ticks: an hour of play at 60 ticks a second

// Podball's hour recorded beside the same hour unrecorded: the overhead, closing cost and file
// size, leaving the replay at `path`. False (having said why) when the bench cannot go on.
bool bench_podball_recording(const Scenario& s, const std::string& path, std::ostream& out, std::ostream& err) {
    const RecordingCost cost = measure_recording(s, kHour, 5, path);
    if (!cost.error.empty()) {
        err << "replay bench: " << cost.error << "\n";
        return false;
    }
    if (!cost.same_world) {
        err << "replay bench: recording changed the simulation (determinism is broken)\n";
        return false;
    }
    const double plain = cost.plain, recorded = cost.recorded, closing = cost.closing;
    const double overhead = (recorded - plain) / plain * 100.0;
    const auto bytes = fs::file_size(path);
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "replay  one hour of podball-default played (%" PRId64
                  " ticks, period_ticks=108000): simulate %.3f s, with recording %.3f s\n",
                  kHour, plain, recorded);
    out << buf;
    std::snprintf(buf, sizeof buf,
                  "replay    recording overhead per tick              %6.2f %%    target < 5 %%: %s   (%.1f ns a tick "
                  "on %.0f ns; rounds %.1f to %.1f %%)\n",
                  overhead, overhead < 5.0 ? "met" : "NOT MET", (recorded - plain) / kHour * 1e9, plain / kHour * 1e9,
                  cost.low_share * 100.0, cost.high_share * 100.0);
    out << buf;
    std::snprintf(buf, sizeof buf, "replay    closing the file (last block + fdatasync) %5.1f ms once per recording\n",
                  closing * 1000.0);
    out << buf;
    std::snprintf(buf, sizeof buf,
                  "replay    file size, no edits                      %6.0f KB   target < 1024 KB: %s\n",
                  static_cast<double>(bytes) / 1024.0, bytes < 1024u * 1024u ? "met" : "NOT MET");
    out << buf;
    return true;
}

// Seeking in the hour at `path` (removed once loaded): load, check the whole replay once (what
// the window does in slices), then jump to random ticks.
bool bench_seeking(const std::string& path, std::ostream& out, std::ostream& err) {
    ReplayLoad load = read_replay_file(path);
    fs::remove(path);
    if (!load.data) {
        err << load.error << "\n";
        return false;
    }
    auto t0 = std::chrono::steady_clock::now();
    ReplayPlayer player(std::move(*load.data), path);
    player.check_ahead(kHour);
    const double prepare = seconds_since(t0);
    Rng rng(12345);
    double worst = 0.0, total = 0.0;
    constexpr int kSeeks = 200;
    for (int i = 0; i < kSeeks; ++i) {
        const auto target = static_cast<std::int64_t>(rng.next_u64() % static_cast<std::uint64_t>(kHour + 1));
        auto s0 = std::chrono::steady_clock::now();
        player.seek(target);
        const double ms = seconds_since(s0) * 1000.0;
        worst = std::max(worst, ms);
        total += ms;
    }
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "replay    check + keyframes on open                %6.0f ms   (%zu keyframes every %" PRId64
                  " ticks, %.1f MB)\n",
                  prepare * 1000.0, player.keyframe_count(), player.keyframe_spacing(),
                  static_cast<double>(player.keyframe_bytes()) / (1024.0 * 1024.0));
    out << buf;
    std::snprintf(buf, sizeof buf,
                  "replay    seek to a random tick: mean %.3f ms, worst %6.3f ms   target < 100 ms: %s\n",
                  total / kSeeks, worst, worst < 100.0 ? "met" : "NOT MET");
    out << buf;
    if (player.divergence()) {
        err << "replay bench: the replay diverged at tick " << *player.divergence() << " (determinism is broken)\n";
        return false;
    }
    return true;
}

// The other labs' recording cost, as Podball's.
bool bench_other_labs_recording(const std::string& path, std::ostream& out, std::ostream& err) {
    // The other labs record through the same path, each hashing what its ticks change (its
    // tick_hash); each lab's busiest shipped scenario, side by side as above, for as long as it
    // is busy: Effects' level is over by tick 1400 (later ticks step an empty lane and would
    // water the figure down), so it runs 1500 ticks in more rounds. The absolute cost beside the
    // share, and the rounds' spread: a Tasks tick only moves the clock (nanoseconds) and its
    // recording does nothing a tick, so its figure is the two simulations' placement in memory.
    struct Other {
        const char* name;
        std::int64_t ticks;
        int rounds;
    };
    for (const Other& o : {Other{"rgs-build-order", 20000, 21}, Other{"logistics-colony", 20000, 15},
                           Other{"effects-three-waves", 1500, 41}, Other{"tasks-generated-ship", 20000, 9}}) {
        const char* name = o.name;
        Scenario other;
        const std::string file =
            (fs::path(default_scenario_path()).parent_path() / (std::string(name) + ".toml")).string();
        if (!load_with_overrides(file, {}, other, err)) return false;
        const RecordingCost c = measure_recording(other, o.ticks, o.rounds, path);
        fs::remove(path);
        if (!c.error.empty()) {
            err << "replay bench: " << name << ": " << c.error << "\n";
            return false;
        }
        if (!c.same_world) {
            err << "replay bench: recording changed the simulation of " << name << " (determinism is broken)\n";
            return false;
        }
        const double pct = (c.recorded - c.plain) / c.plain * 100.0;
        const double per_tick = 1e9 / static_cast<double>(o.ticks);
        char buf[256];
        std::snprintf(buf, sizeof buf,
                      "replay    %-22s %5" PRId64
                      " ticks: tick %7.1f ns, recording %5.1f ns a tick = %6.2f %%    target < 5 %%: %s   (rounds %.1f "
                      "to %.1f %%)\n",
                      name, o.ticks, c.plain * per_tick, (c.recorded - c.plain) * per_tick, pct,
                      pct < 5.0 ? "met" : "NOT MET", c.low_share * 100.0, c.high_share * 100.0);
        out << buf;
    }
    return true;
}

// What an hour of each lab's default scenario weighs on disk (216,000 ticks recorded headless,
// no edits): hashes, the quiet stretches, the state snapshots every 65,536 ticks.
bool bench_hour_sizes(const std::string& path, std::ostream& out, std::ostream& err) {
    for (const LabInfo* lab : all_labs()) {
        Scenario s;
        const std::string file = lab_default_scenario(lab->name);
        if (!load_with_overrides(file, {}, s, err)) return false;
        try {
            record_scenario(s, kHour, path);
        } catch (const std::exception& e) {
            err << "replay bench: " << lab->name << ": " << e.what() << "\n";
            return false;
        }
        ReplayLoad hour = read_replay_file(path);
        const auto size = fs::file_size(path);
        fs::remove(path);
        const std::size_t snapshots = hour.data ? hour.data->snapshots.size() : 0;
        std::size_t snapshot_bytes = 0;
        if (hour.data)
            for (const StateSnapshot& snap : hour.data->snapshots) snapshot_bytes += snap.packed.size() + 22;
        char buf[256];
        std::snprintf(buf, sizeof buf, "replay    an hour of %-26s %7.0f KB   (%zu state snapshots: %.0f KB of it)\n",
                      fs::path(file).filename().string().c_str(), static_cast<double>(size) / 1024.0, snapshots,
                      static_cast<double>(snapshot_bytes) / 1024.0);
        out << buf;
    }
    return true;
}

}   // namespace

int bench_replay(std::ostream& out, std::ostream& err) {
    // An hour of play: the default match is over after about 20,000 ticks and a finished match
    // costs next to nothing to step, which would make any per-tick cost look huge. Two periods of
    // 108,000 running ticks keep the pods playing for the whole hour.
    Scenario s;
    if (!load_with_overrides(default_scenario_path(), {"podball.match.period_ticks=108000"}, s, err)) return 1;
    const std::string path =
        (fs::temp_directory_path() / ("playbench-bench-" + std::to_string(::getpid()) + ".pbreplay")).string();
    const bool ok = bench_podball_recording(s, path, out, err) && bench_seeking(path, out, err) &&
                    bench_other_labs_recording(path, out, err) && bench_hour_sizes(path, out, err);
    return ok ? 0 : 1;
}

}   // namespace pb::app
