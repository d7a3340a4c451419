// The goal exclusion area (seed version 2.5): a semicircle of ARENA_GOAL_EXCLUSION_RADIUS on each
// goal centre. Only one pod of the defending team may be inside — the first to enter — and the
// circle reflects every other pod of either team. Once that pod has left, the area is free and the
// next defending pod to enter gets it.
//
// Our precise reading, stated where the seed leaves room:
// - A pod is inside as soon as its disc overlaps the area (centre closer than radius + pod
//   radius): the rim holds a pod's edge, as walls and keep-off lines do.
// - Two defending pods entering in the same tick: the one that got deeper in entered first (ties:
//   the lower pod index). A designer's pod.place or a kick-off formation can put pods inside too;
//   the same rule picks the holder and the others are pushed out on the next tick.
// - The ball is not restricted by the area; it counts as inside when its centre is (metrics).
// - A carrier pushed out by the rim takes the push as a collision (it counts towards
//   COLLISION_FORCE_LIMIT, like a wall).
#include <algorithm>
#include <array>
#include <cmath>

#include "engine/podball/world.hpp"

namespace pb::podball {
namespace {

Vec2 area_centre(const PodballConfig& c, int defending_team) {
    // Team 0 attacks +x, so it defends the goal on x = -width/2.
    return Vec2{defending_team == 0 ? -c.arena_width / 2.0 : c.arena_width / 2.0, 0.0};
}

double distance2(Vec2 a, Vec2 b) {
    const Vec2 d = a - b;
    return d.x * d.x + d.y * d.y;
}

}   // namespace

bool PodballWorld::ball_in_goal_area(int defending_team) const {
    const double r = config_.goal_exclusion_radius;
    if (r <= 0.0) return false;
    return distance2(ball_.pos, area_centre(config_, defending_team)) < r * r;
}

void PodballWorld::update_area_holder(int team) {
    const Vec2 centre = area_centre(config_, team);
    const double rim = config_.goal_exclusion_radius + config_.pod_radius;
    const double rim2 = rim * rim;
    int& holder = area_holder_[team];
    if (holder >= 0 && distance2(pods_[holder].pos, centre) >= rim2) holder = -1;   // left: area free
    if (holder >= 0) return;
    double best = rim2;
    const int first = pod_id(team, 0), count = teams_[team].pods;
    for (int i = first; i < first + count; ++i) {
        const double d2 = distance2(pods_[i].pos, centre);
        if (d2 < best) {
            best = d2;
            holder = i;
        }
    }
}

void PodballWorld::enforce_goal_areas() {
    const double rim = config_.goal_exclusion_radius + config_.pod_radius;
    const double rim2 = rim * rim;
    const double e = config_.restitution_pod_wall;
    const double near_x = config_.arena_width / 2.0 - rim;   // |x| beyond this may touch an area
    const int n = static_cast<int>(pods_.size());
    // Most pods are nowhere near a goal: one comparison each sorts them out.
    std::array<std::array<int, 2 * kMaxPodsPerTeam>, 2> near;
    std::array<int, 2> near_count{0, 0};
    for (int i = 0; i < n; ++i) {
        const double x = pods_[i].pos.x;
        if (x < -near_x) near[0][near_count[0]++] = i;
        if (x > near_x) near[1][near_count[1]++] = i;
    }
    for (int team = 0; team < 2; ++team) {
        int& holder = area_holder_[team];
        if (near_count[team] == 0) {
            holder = -1;   // nobody can be inside
            continue;
        }
        const Vec2 centre = area_centre(config_, team);
        if (holder >= 0 && distance2(pods_[holder].pos, centre) >= rim2) holder = -1;   // left: area free
        if (holder < 0) {
            double best = rim2;
            for (int k = 0; k < near_count[team]; ++k) {
                const int i = near[team][k];
                const double d2 = distance2(pods_[i].pos, centre);
                if (pods_[i].team == team && d2 < best) {
                    best = d2;
                    holder = i;
                }
            }
        }
        for (int k = 0; k < near_count[team]; ++k) {
            const int i = near[team][k];
            Pod& p = pods_[i];
            const Vec2 d = p.pos - centre;
            const double d2 = d.x * d.x + d.y * d.y;
            if (i == holder || d2 >= rim2) continue;
            // Mirror the pod's penetration at the rim and reflect its inward velocity (restitution
            // as for walls). A pod at the very centre leaves straight into the field.
            const double dist = std::sqrt(d2);
            const Vec2 normal = dist > 1e-12 ? d / dist : Vec2{team == 0 ? 1.0 : -1.0, 0.0};
            p.pos = centre + normal * (rim + e * (rim - dist));
            const double vn = p.vel.x * normal.x + p.vel.y * normal.y;
            if (vn < 0.0) {
                p.vel -= normal * ((1.0 + e) * vn);
                if (i == ball_.owner) carrier_load_ += -(1.0 + e) * vn * (config_.pod_mass + config_.ball_mass);
            }
            // The push must not carry the pod through a wall or a kick-off line: hold its centre
            // inside its bounds (in a corner squeezed by the rim it may stay partly inside).
            const CentreBounds b = i == ball_.owner ? carrier_bounds() : team_bounds(p.team);
            if (b.xmin <= b.xmax) p.pos.x = std::clamp(p.pos.x, b.xmin, b.xmax);
            if (b.ymin <= b.ymax) p.pos.y = std::clamp(p.pos.y, b.ymin, b.ymax);
            if (i == ball_.owner) attach_ball_to_carrier();
        }
    }
}

}   // namespace pb::podball
