// How much two RGS interfere (docs/labs/rgs.md#sources; "the post" is Unvanquished's design post
// on its resource system, "the game" its server code): the intersection quota q of one RGS's
// spherical area of effect with another's, and the modifier 1 - q/2 it puts on its efficiency
// ("we independently halve the part of the efficiency that corresponds to the overlapping area").
// Only +, -, *, / and sqrt: the same bits on every IEEE machine.
#pragma once

namespace pb::rgs {

inline constexpr double kPi = 3.14159265358979323846;

inline double sphere_volume(double r) { return 4.0 / 3.0 * kPi * r * r * r; }

// Volume of the intersection (the lens) of two spheres of radii r1, r2 whose centres are d apart:
// pi (r1 + r2 - d)^2 (d^2 + 2 d r2 - 3 r2^2 + 2 d r1 + 6 r1 r2 - 3 r1^2) / (12 d), 0 when they do
// not overlap, the smaller sphere when one contains the other.
double lens_volume(double d, double r1, double r2);

// The game's equal-range quota: dr = d / r, q = (dr^3 - 12 dr + 16) / 16 for d < 2r, else 0.
inline double equal_range_quota(double d, double r) {
    if (d >= 2.0 * r) return 0.0;
    const double dr = d / r;
    return (dr * dr * dr - 12.0 * dr + 16.0) / 16.0;
}

// lens_volume / sphere_volume(r_self) for r_self != r_other.
double unequal_range_quota(double d, double r_self, double r_other);

// The fraction of the sphere of radius r_self that lies inside the sphere of radius r_other,
// centres d apart: lens_volume / sphere_volume(r_self). Equal radii use equal_range_quota (the
// game's formula, exact for the post's numbers); the lens formula reduces to it.
inline double intersection_quota(double d, double r_self, double r_other) {
    return r_self == r_other ? equal_range_quota(d, r_self) : unequal_range_quota(d, r_self, r_other);
}

// The factor another RGS puts on this one's efficiency: 1 - q/2, in [1/2, 1].
inline double interference_modifier(double d, double r_self, double r_other) {
    return 1.0 - 0.5 * intersection_quota(d, r_self, r_other);
}

// Two RGS interfere when their spheres overlap: d < r_self + r_other (touching spheres do not).
inline bool within_reach(double distance_squared, double r_self, double r_other) {
    const double reach = r_self + r_other;
    return distance_squared < reach * reach;
}

}   // namespace pb::rgs
