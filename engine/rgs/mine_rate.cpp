#include "engine/rgs/mine_rate.hpp"

#include <cmath>

namespace pb::rgs {

double det_exp2(double x) {
    if (x < -1074.0) return 0.0;
    if (x > 1023.0) return HUGE_VAL;
    // x = k + f with f in [-1/2, 1/2]; 2^f = e^(f ln2) by its Taylor series in Horner form
    // (|f ln2| <= 0.35: the first omitted term, 0.35^18/18!, is far below an ulp).
    const double k = std::nearbyint(x);
    const double f = x - k;
    if (f == 0.0) return std::ldexp(1.0, static_cast<int>(k));
    constexpr double ln2 = 0.693147180559945309417;
    const double y = f * ln2;
    double sum = 1.0;
    for (int n = 17; n >= 1; --n) sum = 1.0 + y * sum / n;
    return std::ldexp(sum, static_cast<int>(k));
}

double base_mine_rate(double r0, double half_life_minutes, double minutes) {
    return r0 * det_exp2(-minutes / half_life_minutes);
}

}   // namespace pb::rgs
