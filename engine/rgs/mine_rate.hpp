// The level-wide base rate r(t) = R0 * 2^(-t/T) BP/min (t and T in minutes of match time), which
// replaces a sudden-death timer: teams get fewer and fewer resources as a match goes on.
// 2^x is computed from +, -, *, / and ldexp only: the C library's exp2 may differ between CPUs and
// versions, and r(t) feeds every team's BP, so replays must get the same bits everywhere.
#pragma once
#include <cstdint>

namespace pb::rgs {

// 2^x, exact for whole x (r(T) = R0/2 and r(2T) = R0/4 exactly), a few ulp otherwise.
double det_exp2(double x);

// r(t) in BP/min; half_life_minutes > 0.
double base_mine_rate(double r0, double half_life_minutes, double minutes);

// One tick is one second of match time.
inline double minutes_at(std::int64_t tick) { return static_cast<double>(tick) / 60.0; }

}   // namespace pb::rgs
