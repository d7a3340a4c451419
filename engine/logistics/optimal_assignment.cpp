// The assignment of transporters to requests with the largest total rate: the Hungarian method
// with potentials (shortest augmenting paths), O(n^2 m) for n <= m. Pairs of rate 0 may fill the
// square but are dropped from the result: they move nothing.
#include <limits>

#include "engine/logistics/matching.hpp"

namespace pb::logistics {

Matching optimal_assignment(const RateMatrix& m) {
    Matching out;
    out.request_of.assign(m.rows, -1);
    out.rate_of.assign(m.rows, 0.0);
    out.via_of.assign(m.rows, -1);
    if (m.rows == 0 || m.cols == 0) return out;
    // The method wants n <= m: work on the transpose when there are more transporters.
    const bool transpose = m.rows > m.cols;
    const int n = transpose ? m.cols : m.rows, k = transpose ? m.rows : m.cols;
    const auto cost = [&](int i, int j) { return transpose ? -m.at(j, i) : -m.at(i, j); };   // minimise -rate

    constexpr double kInf = std::numeric_limits<double>::infinity();
    std::vector<double> u(n + 1, 0.0), v(k + 1, 0.0), minv(k + 1);
    std::vector<int> p(k + 1, 0), way(k + 1, 0);
    std::vector<char> used(k + 1);
    for (int i = 1; i <= n; ++i) {
        p[0] = i;
        int j0 = 0;
        std::fill(minv.begin(), minv.end(), kInf);
        std::fill(used.begin(), used.end(), 0);
        do {
            used[j0] = 1;
            const int i0 = p[j0];
            double delta = kInf;
            int j1 = 0;
            for (int j = 1; j <= k; ++j) {
                if (used[j]) continue;
                const double cur = cost(i0 - 1, j - 1) - u[i0] - v[j];
                if (cur < minv[j]) {
                    minv[j] = cur;
                    way[j] = j0;
                }
                if (minv[j] < delta) {
                    delta = minv[j];
                    j1 = j;
                }
            }
            for (int j = 0; j <= k; ++j) {
                if (used[j]) {
                    u[p[j]] += delta;
                    v[j] -= delta;
                } else {
                    minv[j] -= delta;
                }
            }
            j0 = j1;
        } while (p[j0] != 0);
        do {
            const int j1 = way[j0];
            p[j0] = p[j1];
            j0 = j1;
        } while (j0 != 0);
    }
    for (int j = 1; j <= k; ++j) {
        if (p[j] == 0) continue;
        const int r = transpose ? j - 1 : p[j] - 1, c = transpose ? p[j] - 1 : j - 1;
        if (m.at(r, c) <= 0.0) continue;
        out.request_of[r] = c;
        out.rate_of[r] = m.at(r, c);
        out.via_of[r] = m.via_at(r, c);
    }
    return out;
}

}   // namespace pb::logistics
