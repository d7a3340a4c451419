#include "engine/effects/lane_path.hpp"

#include <algorithm>
#include <cmath>

namespace pb::effects {

LanePath::LanePath(std::vector<Vec2> waypoints) : points_(std::move(waypoints)) {
    cumulative_.reserve(points_.size());
    double total = 0.0;
    for (std::size_t i = 0; i < points_.size(); ++i) {
        if (i > 0) {
            const Vec2 d = points_[i] - points_[i - 1];
            total += std::sqrt(d.x * d.x + d.y * d.y);
        }
        cumulative_.push_back(total);
    }
}

Vec2 LanePath::position_at(double distance) const {
    if (points_.empty()) return {0.0, 0.0};
    if (distance <= 0.0) return points_.front();
    if (distance >= length()) return points_.back();
    // The segment holding `distance`: the first waypoint at or past it.
    const auto it = std::lower_bound(cumulative_.begin(), cumulative_.end(), distance);
    const std::size_t i = static_cast<std::size_t>(it - cumulative_.begin());
    const double seg = cumulative_[i] - cumulative_[i - 1];
    const double t = seg > 0.0 ? (distance - cumulative_[i - 1]) / seg : 0.0;
    return points_[i - 1] + (points_[i] - points_[i - 1]) * t;
}

std::vector<Interval> LanePath::within(Vec2 centre, double range) const {
    std::vector<Interval> out;
    for (std::size_t i = 1; i < points_.size(); ++i) {
        const Vec2 a = points_[i - 1], d = points_[i] - a;
        const double len2 = d.x * d.x + d.y * d.y;
        if (len2 <= 0.0) continue;
        // |a + t d - c|^2 <= r^2, a quadratic in t on [0, 1].
        const Vec2 f = a - centre;
        const double b = 2.0 * (f.x * d.x + f.y * d.y), c = f.x * f.x + f.y * f.y - range * range;
        const double disc = b * b - 4.0 * len2 * c;
        if (disc < 0.0) continue;
        const double root = std::sqrt(disc);
        const double t0 = std::max(0.0, (-b - root) / (2.0 * len2)), t1 = std::min(1.0, (-b + root) / (2.0 * len2));
        if (t0 > t1) continue;
        const double len = std::sqrt(len2);
        const Interval part{cumulative_[i - 1] + t0 * len, cumulative_[i - 1] + t1 * len};
        if (!out.empty() && part.from <= out.back().to + 1e-9)
            out.back().to = std::max(out.back().to, part.to);
        else
            out.push_back(part);
    }
    return out;
}

}   // namespace pb::effects
