// A merged sweep as numbers to plot (docs/sweeps.md#report): what `sweep report` and the window's sweep
// view both read. Headless: no drawing here.
//   read_sweep_table(DIR)   DIR/manifest.txt + DIR/results.csv (what `sweep merge` wrote)
//   sweep_line(...)         a result against one parameter: mean, min and max over the seeds
//   sweep_heat(...)         a result over two parameters: the mean per pair of values
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "engine/sweep/sweep_store.hpp"

namespace pb {

// One merged run: a row of results.csv.
struct SweepTableRow {
    std::uint64_t run = 0, point = 0, seed = 0;
    std::int64_t ticks = 0;
    std::vector<double> results;   // one per manifest.results; NaN where the run had none
};

// Result values beyond this size are left out of the pictures and the statistics: no lab
// produces one (positions, counts and ticks stay within their limits, far below), and over
// 1e100 a sum or a square of a sweep's values could overflow a double and make the axes garbage.
inline constexpr double kMaxDrawnValue = 1e100;

struct SweepTable {
    std::string dir;
    SweepManifest manifest;
    std::vector<SweepTableRow> rows;           // in the CSV's order (by run key)
    std::vector<std::vector<double>> values;   // [param]: its distinct values, ascending
    std::vector<std::size_t> varied;           // the params with more than one value
    std::vector<bool> log;                     // [param]: swept on a log scale
    std::uint64_t missing = 0;                 // runs of the run list not in the CSV
    std::uint64_t unmerged = 0;                // runs in the logs but not yet merged into the CSV
    std::uint64_t no_value = 0;                // result cells "nan": the run had no such number
    // Result cells left out (NaN in `rows`): infinite, or beyond +-kMaxDrawnValue; where the
    // first one is ("DIR/results.csv:7: column 'metrics.score[0]': '1e308'").
    std::uint64_t left_out = 0;
    std::string first_left_out;

    // The index of `v` in values[p].
    std::size_t value_index(std::size_t p, double v) const;
    // A parameter's value at a run's point.
    double param_value(const SweepTableRow& r, std::size_t p) const { return manifest.points[r.point][p]; }
};

// Reads DIR's manifest and merged CSV. Throws SweepError: not a sweep folder; not merged (naming
// `playbench sweep merge DIR`); a CSV that does not match the manifest: a header of other
// columns, or rows whose run, point, seed, ticks or parameter values are not the run list's
// (negative, fractional or out-of-range keys, keys out of order or twice, a text that is not a
// number), each named by file:line and column.
SweepTable read_sweep_table(const std::string& dir);

// Checks that `db` is a merged sweep database (a `sweep` table whose identity is the manifest's
// beside it) and returns its folder. Throws SweepError saying what it is instead.
std::string sweep_dir_of_database(const std::string& db);
// True when `path` is a file starting with SQLite's header, or a folder holding a manifest.txt:
// what the window opens as a sweep.
bool looks_like_sweep(const std::string& path);

// The scenario run `row` simulated, to watch it again: the base scenario (read from the
// manifest's absolute path) with the point's values set as `sweep run` sets them
// (sweep_point_scenario) and the run's seed. Throws SweepError naming the path when the base
// scenario is missing or no longer loads, or when the lab lacks a swept parameter.
Scenario sweep_run_scenario_of(const SweepTable& t, const SweepTableRow& row);

struct SweepStats {
    int n = 0;
    double mean, min, max, sd;   // NaN when n == 0
};
// Over the finite values of `v`.
SweepStats sweep_stats(const std::vector<double>& v);

// Result `k` against parameter `p`: for each value of p and each seed, the mean over the other
// parameters' points; then the mean, min and max of those over the seeds.
struct SweepLine {
    std::vector<double> x;   // values of p with at least one run
    std::vector<double> mean, min, max;
    std::vector<int> seeds;          // seeds with a value
    std::vector<int> runs;           // runs behind the figure
    double ymin = 0.0, ymax = 1.0;   // over min..max (0..1 when empty)
};
SweepLine sweep_line(const SweepTable& t, std::size_t k, std::size_t p);

// Result `k` over parameters px (columns) and py (rows): the mean over seeds and the other
// parameters for each pair of values; cells[j * nx + i], NaN where no run.
struct SweepHeat {
    std::size_t nx = 0, ny = 0;
    std::vector<double> mean, min, max;
    std::vector<int> runs;
    std::size_t filled = 0;
    double lo = 0.0, hi = 1.0;   // over the means (hi > lo)
};
SweepHeat sweep_heat(const SweepTable& t, std::size_t k, std::size_t px, std::size_t py);

// How a heat map's means become colours (docs/sweeps.md#in-the-window): in proportion to the value
// (linear), to its logarithm (log: values above 0 only), or to its place among the cells' distinct
// values (rank: every cell a step apart, however far an outlier lies).
enum class SweepColourScale { Linear, Log, Rank };
const char* sweep_colour_scale_name(SweepColourScale s);   // "linear", "log", "rank"

struct SweepColourMap {
    SweepColourScale scale = SweepColourScale::Linear;
    double lo = 0.0, hi = 1.0;         // the finite values' range (hi > lo)
    std::vector<double> distinct;      // the finite values, ascending, each once
    float at(double v) const;          // 0..1 on the scale; 0 for a value that is not finite
    double value_at(double t) const;   // the value at t of the key (0..1): its inverse
};
// `scale` over the finite values of `values`; Log falls back to Linear unless all are above 0.
SweepColourMap sweep_colour_map(const std::vector<double>& values, SweepColourScale scale);
// The scale that spreads `values` over the colours: linear unless the median lies in the outer
// 15% of the range (an outlier squeezes the rest into one colour); then log when that puts the
// median in the middle 70% (all values above 0), else rank.
SweepColourScale choose_colour_scale(const std::vector<double>& values);

}   // namespace pb
