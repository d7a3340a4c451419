// Timing for the labs' benchmarks (`playbench bench`): CPU time, not wall time, so a busy
// machine's other processes count less; rounds of at least a given length, reported as the
// median and the best round. Every lab prints its measurements with report_time / report_rate,
// so all benchmark lines read alike: lab, what, median, best, target and whether it is met.
#pragma once
#include <algorithm>
#include <cstdio>
#include <ctime>
#include <functional>
#include <ostream>
#include <string>
#include <vector>

namespace pb {

inline double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

struct Timing {
    double median = 0.0, best = 0.0;   // seconds per call
};

// Seconds per call of `fn` (called once first to warm caches), in `rounds` rounds of at least
// `round_seconds`; the clock is read once per `batch` calls, since reading it costs more than a
// call of a small function.
inline Timing per_call(const std::function<void()>& fn, int rounds, double round_seconds, int batch = 1) {
    fn();
    std::vector<double> each;
    for (int r = 0; r < rounds; ++r) {
        long calls = 0;
        const double start = cpu_seconds();
        double elapsed = 0.0;
        do {
            for (int b = 0; b < batch; ++b) fn();
            calls += batch;
            elapsed = cpu_seconds() - start;
        } while (elapsed < round_seconds);
        each.push_back(elapsed / static_cast<double>(calls));
    }
    std::sort(each.begin(), each.end());
    return {each[each.size() / 2], each.front()};
}

// A line of context under a lab's name (what is measured, a count, a result that is not a time).
inline void report_line(std::ostream& out, const char* lab, const std::string& text) {
    char head[16];
    std::snprintf(head, sizeof head, "%-9s  ", lab);
    out << head << text << "\n";
}

// A unit to print a time in: its name and its length in seconds.
struct BenchUnit {
    const char* name;
    double seconds;
};
inline constexpr BenchUnit kNanoseconds{"ns", 1e-9};
inline constexpr BenchUnit kMicroseconds{"us", 1e-6};
inline constexpr BenchUnit kMilliseconds{"ms", 1e-3};

// One measured time: "LAB  WHAT  MEDIAN UNIT (best B)  target < T UNIT: met" (or "NOT MET", or
// "(no target)" when target_seconds is 0), then `note` if any.
inline void report_time(std::ostream& out, const char* lab, const std::string& what, Timing t, BenchUnit unit,
                        double target_seconds = 0.0, const std::string& note = {}) {
    char line[512];
    int n = std::snprintf(line, sizeof line, "%-9s  %-66s %9.3f %s (best %.3f)", lab, what.c_str(),
                          t.median / unit.seconds, unit.name, t.best / unit.seconds);
    n = std::clamp(n, 0, static_cast<int>(sizeof line) - 1);
    if (target_seconds > 0.0)
        std::snprintf(line + n, sizeof line - static_cast<std::size_t>(n), "  target < %g %s: %s",
                      target_seconds / unit.seconds, unit.name, t.median < target_seconds ? "met" : "NOT MET");
    else
        std::snprintf(line + n, sizeof line - static_cast<std::size_t>(n), "  (no target)");
    out << line << (note.empty() ? "" : "  ") << note << "\n";
}

// One measured rate, higher is better: "LAB  WHAT  MEDIAN UNIT (best B)  target >= T UNIT: met"
// (or "(no target)" when target is 0), then `note` if any.
inline void report_rate(std::ostream& out, const char* lab, const std::string& what, double median, double best,
                        const char* unit, double target = 0.0, const std::string& note = {}) {
    char line[512];
    int n = std::snprintf(line, sizeof line, "%-9s  %-66s %9.0f %s (best %.0f)", lab, what.c_str(), median, unit, best);
    n = std::clamp(n, 0, static_cast<int>(sizeof line) - 1);
    if (target > 0.0)
        std::snprintf(line + n, sizeof line - static_cast<std::size_t>(n), "  target >= %.0f %s: %s", target, unit,
                      median >= target ? "met" : "NOT MET");
    else
        std::snprintf(line + n, sizeof line - static_cast<std::size_t>(n), "  (no target)");
    out << line << (note.empty() ? "" : "  ") << note << "\n";
}

}   // namespace pb
