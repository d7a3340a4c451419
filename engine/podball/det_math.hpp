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
    constexpr double inv[15] = {0.0,     1.0,     1.0 / 2,  1.0 / 3,  1.0 / 4,  1.0 / 5,  1.0 / 6, 1.0 / 7,
                                1.0 / 8, 1.0 / 9, 1.0 / 10, 1.0 / 11, 1.0 / 12, 1.0 / 13, 1.0 / 14};
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

// sin and cos of x together: x = k pi/2 + r (pi/2 in three parts, Cody-Waite), |r| <= pi/4, then
// Taylor series in Horner form (the first omitted terms, r^19/19! and r^20/20!, are below 1e-19);
// k mod 4 picks the quadrant. Exact enough for |x| up to about 1e9.
inline void det_sincos(double x, double& s, double& c) {
    if (!std::isfinite(x)) {
        s = c = x - x;   // NaN
        return;
    }
    constexpr double two_over_pi = 6.36619772367581382433e-01;
    constexpr double pio2_1 = 1.57079632673412561417e+00;
    constexpr double pio2_2 = 6.07710050630396597660e-11;
    constexpr double pio2_3 = 2.02226624879595063154e-21;
    const double k = std::nearbyint(x * two_over_pi);
    const double r = ((x - k * pio2_1) - k * pio2_2) - k * pio2_3;
    const double r2 = r * r;
    double ps = 0.0, pc = 0.0;
    // sin r = r (1 - r^2/(2*3) (1 - r^2/(4*5) (...))), cos r = 1 - r^2/(1*2) (1 - r^2/(3*4) (...)).
    for (int n = 18; n >= 2; n -= 2) ps = r2 / (n * (n + 1.0)) * (1.0 - ps);
    for (int n = 19; n >= 1; n -= 2) pc = r2 / (n * (n + 1.0)) * (1.0 - pc);
    const double sr = r * (1.0 - ps), cr = 1.0 - pc;
    const long q = static_cast<long>(std::fmod(k, 4.0) + 4.0) % 4;
    switch (q) {
        case 0:
            s = sr;
            c = cr;
            break;
        case 1:
            s = cr;
            c = -sr;
            break;
        case 2:
            s = -sr;
            c = -cr;
            break;
        default:
            s = -cr;
            c = sr;
            break;
    }
}

// atan x: |x| > 1 through pi/2 - atan(1/x); then two half-angle steps, atan t = 2 atan(t / (1 +
// sqrt(1 + t^2))), bring |t| below tan(pi/16) ~ 0.199, where the odd series needs 12 terms.
inline double det_atan(double x) {
    if (std::isnan(x)) return x;
    constexpr double pio2 = 1.57079632679489661923;
    if (std::fabs(x) > 1.0) return (x > 0.0 ? pio2 : -pio2) - det_atan(1.0 / x);
    double t = x;
    for (int i = 0; i < 2; ++i) t = t / (1.0 + std::sqrt(1.0 + t * t));
    const double t2 = t * t;
    double sum = 0.0;
    for (int k = 25; k >= 3; k -= 2) sum = t2 * (1.0 / k - sum);
    return 4.0 * t * (1.0 - sum);
}

// The angle of (x, y) from +x, in (-pi, pi], as atan2.
inline double det_atan2(double y, double x) {
    constexpr double pi = 3.14159265358979323846;
    if (std::isnan(x) || std::isnan(y)) return x + y;
    if (x == 0.0) return y == 0.0 ? (std::signbit(x) ? (std::signbit(y) ? -pi : pi) : y) : (y > 0.0 ? pi / 2 : -pi / 2);
    if (std::isinf(x) || std::isinf(y)) {
        if (std::isinf(x) && std::isinf(y)) return (x > 0.0 ? pi / 4 : 3 * pi / 4) * (y > 0.0 ? 1.0 : -1.0);
        if (std::isinf(y)) return y > 0.0 ? pi / 2 : -pi / 2;
        return x > 0.0 ? 0.0 * y : (std::signbit(y) ? -pi : pi);
    }
    const double a = det_atan(y / x);
    if (x > 0.0) return a;
    return std::signbit(y) ? a - pi : a + pi;
}

}   // namespace pb::podball
