// The lane creeps walk: a polyline of waypoints, addressed by distance along it. Creeps live on
// the path, so "in a tower's range" is a set of distance intervals found once per tower.
#pragma once
#include <utility>
#include <vector>

#include <glm/vec2.hpp>

namespace pb::effects {

using Vec2 = glm::dvec2;

// [from, to] in distance along the lane.
struct Interval {
    double from = 0.0, to = 0.0;
    bool contains(double d) const { return d >= from && d <= to; }
};

class LanePath {
public:
    LanePath() = default;
    // Needs two or more waypoints with positive total length (the setup reader checks that).
    explicit LanePath(std::vector<Vec2> waypoints);

    const std::vector<Vec2>& waypoints() const { return points_; }
    double length() const { return cumulative_.empty() ? 0.0 : cumulative_.back(); }
    Vec2 position_at(double distance) const;   // clamped to the ends
    // The lane's parts within `range` of `centre`, merged where they touch, in order.
    std::vector<Interval> within(Vec2 centre, double range) const;

    bool operator==(const LanePath& o) const { return points_ == o.points_; }

private:
    std::vector<Vec2> points_;
    std::vector<double> cumulative_;   // distance at each waypoint
};

}   // namespace pb::effects
