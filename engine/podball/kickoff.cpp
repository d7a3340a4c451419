#include "engine/podball/kickoff.hpp"

#include <algorithm>
#include <cmath>

#include "engine/podball/module.hpp"

namespace pb::podball {

double effective_keepoff(const PodballConfig& c) {
    const double half_width = c.arena_width / 2.0;
    const double widest = std::max(c.pod_radius, c.ball_radius);
    return std::clamp(c.center_keepoff, 0.0, std::max(0.0, half_width - 2.0 * widest - 1e-6));
}

Vec2 kickoff_position(int team, int index, int team_size, const PodballConfig& c) {
    const double hx = c.arena_width / 2.0;
    const double hy = c.arena_height / 2.0;
    const double r = c.pod_radius;
    // Own half, team frame (own goal at -hx). Lines run from deep defence to just behind the
    // keep-off line; pods of a line are spread evenly across most of the height.
    const double back = -hx + r;
    const double front = std::max(back, -effective_keepoff(c) - r - 0.02 * c.arena_width);
    const double keeper_x = std::min(front, -hx + 2.5 * r + 0.01);
    Vec2 p{keeper_x, 0.0};
    if (index > 0) {
        const int field = team_size - 1;
        const int lines = field <= 2 ? 1 : (field <= 6 ? 2 : 3);
        // Pods 1.. fill lines from the back; earlier lines take the remainder.
        int k = index - 1, line = 0, line_size = 0;
        for (; line < lines; ++line) {
            line_size = field / lines + (line < field % lines ? 1 : 0);
            if (k < line_size) break;
            k -= line_size;
        }
        const double deep = std::min(front, -hx * 0.6);
        const double x = lines == 1 ? front : deep + (front - deep) * line / (lines - 1);
        const double spread = std::max(0.0, hy - r) * 0.75;
        const double y = spread * ((2.0 * k + 1.0) / line_size - 1.0);
        p = Vec2{x, y};
        // Field pods start outside their own goal area, which belongs to the keeper (it only
        // matters for areas larger than the default).
        const double rim = c.goal_exclusion_radius + r + 0.005;
        const Vec2 d = p - Vec2{-hx, 0.0};
        const double dist = std::sqrt(d.x * d.x + d.y * d.y);
        if (c.goal_exclusion_radius > 0.0 && dist < rim && dist > 1e-12) {
            p = Vec2{-hx, 0.0} + d * (rim / dist);
            p.x = std::min(p.x, front);
        }
    }
    p.x = std::clamp(p.x, -hx + r, hx - r);
    p.y = std::clamp(p.y, -hy + r, hy - r);
    return mirror_pos(team, p);
}

}   // namespace pb::podball
