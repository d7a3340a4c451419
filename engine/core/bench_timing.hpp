// Timing for the labs' benchmarks (`playbench bench`): CPU time, not wall time, so a busy
// machine's other processes count less; rounds of at least a given length, reported as the
// median and the best round.
#pragma once
#include <algorithm>
#include <ctime>
#include <functional>
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

}  // namespace pb
