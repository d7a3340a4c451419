#include "engine/rgs/interference.hpp"

#include <algorithm>
#include <cmath>

namespace pb::rgs {

double lens_volume(double d, double r1, double r2) {
    if (d >= r1 + r2) return 0.0;
    if (d <= std::fabs(r1 - r2)) return sphere_volume(std::min(r1, r2));
    const double gap = r1 + r2 - d;
    const double diff = r1 - r2;
    // The spec's bracket, regrouped: d^2 + 2 d (r1 + r2) - 3 (r1 - r2)^2.
    return kPi * gap * gap * (d * d + 2.0 * d * (r1 + r2) - 3.0 * diff * diff) / (12.0 * d);
}

double unequal_range_quota(double d, double r_self, double r_other) {
    if (d >= r_self + r_other) return 0.0;
    if (d <= std::fabs(r_self - r_other)) {
        // One sphere holds the other: all of the smaller one is shared.
        if (r_self <= r_other) return 1.0;
        const double k = r_other / r_self;
        return k * k * k;
    }
    const double gap = r_self + r_other - d;
    const double diff = r_self - r_other;
    // lens_volume / sphere_volume(r_self) with pi cancelled.
    return gap * gap * (d * d + 2.0 * d * (r_self + r_other) - 3.0 * diff * diff) /
           (16.0 * d * r_self * r_self * r_self);
}

}   // namespace pb::rgs
