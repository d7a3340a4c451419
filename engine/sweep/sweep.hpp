// Sweeps (docs/sweeps.md): one scenario run over many parameter values and seeds, headless.
// A sweep file (TOML) names the scenario, the parameters to vary, how points are chosen (grid,
// random, Latin hypercube), the seeds per point, how long a run lasts and which results to keep.
// The run list it fixes is point-major, seed-minor: run i is point i / seeds, seed i % seeds.
// A run's result depends only on the scenario, the point's parameter values, the seed and the
// duration; the results are numbers read by path from what `run --json` prints.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/core/json.hpp"
#include "engine/core/node.hpp"

namespace pb {

struct LabInfo;
struct Scenario;
class World;

struct SweepVary {
    std::string key;              // podball.ball.friction
    std::size_t param = 0;        // its index in the lab's parameter table
    std::vector<double> values;   // values = [...], or the grid of from/to/steps
    bool range = false;           // from/to given (random and latin draw from it)
    double from = 0.0, to = 0.0;
    bool log = false;       // scale = "log"
    bool integer = false;   // an integer, choice or switch parameter: drawn values are rounded
};

enum class SweepSample { Grid, Random, Latin };

// The most runs one sweep may hold (docs/sweeps.md#the-sweep-file, "How big a sweep may be"). Measured at the
// limit (1000 x 1000 points, Podball's 7 default results): a run costs its folder 0.65 KB (a
// manifest line, a log record, a CSV row, its SQLite rows: 43 + 112 + 87 + 405 MB) and `sweep
// merge` / `sweep report` at most 0.55 KB of memory (376 MB / 552 MB peak, 44 s / 13 s): under
// 1 GB on disk and in memory (ten times as many would take 6.5 GB and 5.5 GB), and a million of
// the scoring example's matches take about 50 minutes of two cores. A sweep file asking for more
// is refused before any point is made.
inline constexpr std::uint64_t kMaxSweepRuns = 1000000;
// The most result paths a sweep keeps per run: each is 8 bytes in every log record and a column
// of the CSV (the labs' default sets keep 2 to 7).
inline constexpr std::size_t kMaxSweepResults = 100;

struct SweepSpec {
    std::string path;            // the sweep file as given
    std::string text;            // its text
    std::string scenario_path;   // absolute
    std::string scenario_text;
    const LabInfo* lab = nullptr;
    std::vector<std::uint64_t> seeds;
    std::int64_t ticks = 0;         // a fixed duration, or (until_match_end) the cap
    bool until_match_end = false;   // Podball: until the final whistle, at most `ticks`
    SweepSample sample = SweepSample::Grid;
    std::int64_t sample_points = 0;   // random / latin
    std::uint64_t sample_seed = 1;
    std::vector<SweepVary> vary;
    std::vector<std::string> results;          // paths into run --json ("metrics.score[0]")
    std::vector<std::vector<double>> points;   // [point][vary]: every point's values
    std::string identity;                      // SHA-256 (hex) of what fixes the results

    std::uint64_t run_count() const { return static_cast<std::uint64_t>(points.size()) * seeds.size(); }
    std::uint64_t point_of(std::uint64_t run) const { return run / seeds.size(); }
    std::uint64_t seed_of(std::uint64_t run) const { return seeds[run % seeds.size()]; }
};

class SweepError : public std::runtime_error {
public:
    explicit SweepError(const Diagnostics& d) : std::runtime_error(d.to_string()), diagnostics(d.list()) {}
    explicit SweepError(const std::string& message) : std::runtime_error(message) {}
    std::vector<Diagnostic> diagnostics;
};

// Reads and checks a sweep file; throws SweepError listing every problem (file:line: key: what
// is wrong and what is allowed, unknown keys and paths with the closest known one).
SweepSpec load_sweep_file(const std::string& path);
// The same from text; `base_dir` is where a relative scenario path resolves.
SweepSpec parse_sweep_text(const std::string& text, const std::string& name, const std::string& base_dir);
// Caps every run at `ticks` (tests: the example sweeps, shortened); the identity changes with it.
void cap_sweep_ticks(SweepSpec& spec, std::int64_t ticks);

// Each lab's results when the file names none (LabInfo::sweep_results).
std::vector<std::string> default_sweep_results(const std::string& lab);
// Every numeric path of the lab's tick-0 world for the scenario: what `results` may name.
std::vector<std::string> result_paths_of(const std::string& scenario_text, const std::string& scenario_path);

struct SweepRunResult {
    std::uint64_t run = 0;   // the run's key: its index in the run list
    std::uint64_t point = 0;
    std::uint64_t seed = 0;
    std::int64_t ticks = 0;       // ticks simulated
    double wall_seconds = 0.0;    // not a result: how long it took
    std::vector<double> values;   // one per spec.results (NaN where the run had none: a null)
    bool operator==(const SweepRunResult&) const = default;
};

// The scenario a run starts from: the base scenario's text with the point's values (index in the
// lab's parameter table, value) set as if its [params] gave them. run_sweep_run sets the run's
// seed on it and runs it; the window's sweep view opens it to watch one run.
Scenario sweep_point_scenario(const std::string& scenario_path, const std::string& scenario_text,
                              const std::vector<std::pair<std::size_t, double>>& values);

// Every number `run --json` prints for this world (tick, state.*, metrics.*), with its path:
// what a sweep's or a comparison's results are read from.
std::vector<JsonWriter::NumberAt> world_numbers(const World& w);
// The numbers at `paths` in what world_numbers gives, in order (NaN where the world has none).
std::vector<double> world_values(const World& w, const std::vector<std::string>& paths);

// Runs run `run` of the spec (thread-safe: every call builds its own simulation).
SweepRunResult run_sweep_run(const SweepSpec& spec, std::uint64_t run);

// Shortest text that reads back as the same double (std::to_chars), "nan" for NaN: what the
// CSV and the manifest print, identical on every machine.
std::string sweep_number(double v);

}   // namespace pb
