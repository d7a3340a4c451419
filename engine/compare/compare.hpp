// A/B comparison (docs/compare.md): one scenario run as A and as B, a variant that
// differs in some parameters, over the same seeds (paired), with each key result's mean for A and
// B and the difference B - A with a 95 % interval over the paired seeds (Student's t).
// Headless: the command line's `compare` verb prints what run_compare measures.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/scenario.hpp"

namespace pb {

// Student's t distribution: P(T <= t) for `df` degrees of freedom (df > 0).
double student_t_cdf(double t, double df);
// The t with P(T <= t) = p, for 0 < p < 1 (e.g. 0.975 and 9 give 2.2622).
double student_t_quantile(double p, double df);

// The paired difference of two runs' results over the same seeds: b[i] - a[i].
struct PairedDifference {
    std::size_t pairs = 0;               // seeds where both runs have the result
    double mean_a = 0.0, mean_b = 0.0;   // over each side's runs that have it (NaN: none has)
    double mean = 0.0;                   // mean of b - a
    double sd = 0.0;                     // sample standard deviation of b - a (n - 1)
    double low = 0.0, high = 0.0;        // the 95 % interval of the mean difference (needs 2 pairs)
    bool interval = false;               // false below 2 pairs: no interval
    bool excludes_zero = false;          // the interval lies wholly above or below 0
};
// A NaN entry (a run that lacks the result) drops its pair from the difference.
PairedDifference paired_difference(const std::vector<double>& a, const std::vector<double>& b);

struct CompareOptions {
    int seeds = 10;                            // paired seeds: first, first + 1, ...
    std::optional<std::uint64_t> first_seed;   // default: the scenario's seed
    std::optional<std::int64_t> ticks;         // default: a full Podball match, else 3600 ticks
    std::int64_t match_cap = 100000;           // a Podball match that never ends stops here
    std::vector<std::string> results;          // paths into `run --json`; default: the lab's key results
    int threads = 2;
};

struct CompareResult {
    std::string path;           // metrics.score[0]
    std::vector<double> a, b;   // per seed, in seed order (NaN: the run had none)
    PairedDifference diff;
};

struct CompareReport {
    std::string lab;
    std::vector<std::uint64_t> seeds;
    std::int64_t ticks = 0;                       // fixed duration, or the cap of a full match
    bool full_match = false;                      // Podball: each run played to the final whistle
    std::vector<std::int64_t> ticks_a, ticks_b;   // ticks each run lasted, per seed
    struct Change {
        std::string key, a, b;   // a parameter whose value differs, as the parameter table prints it
    };
    std::vector<Change> changes;
    std::vector<CompareResult> results;
};

class CompareError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// The lab's key results for a comparison (LabInfo::compare_results, else its sweep results),
// those among the numbers the world prints (`known`: every path of `run --json`).
std::vector<std::string> compare_default_results(const std::string& lab, const std::vector<std::string>& known);

// Runs A and B over the options' seeds on its threads; the result does not depend on the thread
// count. Throws CompareError for an unknown result path (with the closest one), seeds < 1, or A
// and B from different labs; a run that throws passes its exception on.
CompareReport run_compare(const Scenario& a, const Scenario& b, const CompareOptions& options);

}   // namespace pb
