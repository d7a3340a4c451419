// exp, expm1 and log from +, -, * and / only. The C library picks its exp implementation per CPU
// (with or without FMA) and may change it between versions; these give the same bits wherever
// IEEE doubles and -ffp-contract=off hold, so worlds and replays stay bit-identical.
// Accuracy: a few ulp, ample for physics factors and module forecasts.
#pragma once
#include <cmath>

namespace pb::podball {

// e^r - 1 for |r| <= ln2/2, by its Taylor series in Horner form (the first omitted term,
// r^15/15!, is below 1e-19).
inline double det_expm1_reduced(double r) {
    constexpr double inv[15] = {0.0,       1.0,        1.0 / 2,  1.0 / 3,  1.0 / 4,
                                1.0 / 5,   1.0 / 6,    1.0 / 7,  1.0 / 8,  1.0 / 9,
                                1.0 / 10,  1.0 / 11,   1.0 / 12, 1.0 / 13, 1.0 / 14};
    double sum = 0.0;
    for (int k = 14; k >= 1; --k) sum = r * inv[k] * (1.0 + sum);
    return sum;
}

// e^x for x in roughly [-700, 700]; larger magnitudes saturate to 0 or +inf.
inline double det_exp(double x) {
    if (x < -745.0) return 0.0;
    if (x > 709.0) return HUGE_VAL;
    // x = k ln2 + r with ln2 split in a part exact in few bits and a tail (Cody-Waite), so r is
    // exact enough; 2^k is applied exactly by ldexp.
    constexpr double ln2_hi = 6.93147180369123816490e-01;
    constexpr double ln2_lo = 1.90821492927058770002e-10;
    constexpr double inv_ln2 = 1.44269504088896338700e+00;
    const double k = std::nearbyint(x * inv_ln2);
    const double r = (x - k * ln2_hi) - k * ln2_lo;
    return std::ldexp(1.0 + det_expm1_reduced(r), static_cast<int>(k));
}

// e^x - 1 without the cancellation of det_exp(x) - 1 for small x.
inline double det_expm1(double x) {
    constexpr double half_ln2 = 0.34657359027997264;
    if (std::fabs(x) <= half_ln2) return det_expm1_reduced(x);
    return det_exp(x) - 1.0;
}

// Natural logarithm of x > 0 (0 or less gives -inf, as a forecast "never"): x = m 2^e exactly
// (frexp), m in [1/sqrt2, sqrt2), then ln m = 2 atanh(z) with z = (m-1)/(m+1), |z| < 0.172, whose
// odd series needs 12 terms for full precision.
inline double det_log(double x) {
    if (!(x > 0.0)) return -HUGE_VAL;
    if (x == HUGE_VAL) return HUGE_VAL;
    int e = 0;
    double m = std::frexp(x, &e);   // m in [0.5, 1)
    if (m < 0.70710678118654752440) {
        m *= 2.0;
        --e;
    }
    const double z = (m - 1.0) / (m + 1.0);
    const double z2 = z * z;
    double sum = 0.0;
    for (int k = 23; k >= 3; k -= 2) sum = z2 * (1.0 / k + sum);
    constexpr double ln2 = 0.69314718055994530942;
    return 2.0 * z * (1.0 + sum) + e * ln2;
}

}  // namespace pb::podball
