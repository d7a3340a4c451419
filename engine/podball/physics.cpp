// Podball physics for one tick: exact motion (motion.hpp), pod-pod and pod-ball contacts,
// pick-up, and the bounds every body lives in (walls, goal lines, keep-off lines, goal mouths).
//
// The carried ball is fixed to its carrier at the offset where it was caught: the pair moves as one
// rigid body of mass pod + ball. Keeping the contact offset (rather than swinging the ball to the
// front of the pod's velocity) means the ball never teleports around its carrier, so a carrier
// that turns does not sweep the ball through a wall or a neighbour. Shots go in any direction
// regardless of where the ball sits: the shooter is transparent to it right after.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "engine/podball/world.hpp"

namespace pb::podball {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Separates two overlapping discs along the line of centres (heavier one moves less) and applies
// the normal impulse when they approach. Returns the impulse magnitude; momentum is conserved.
double resolve_contact(Vec2& pa, Vec2& va, double inv_a, Vec2& pb, Vec2& vb, double inv_b, Vec2 d, double dist2,
                       double min_dist, double restitution) {
    const double dist = std::sqrt(dist2);
    const Vec2 n = dist > 1e-12 ? d / dist : Vec2{1.0, 0.0};
    const double inv_sum = inv_a + inv_b;
    const double overlap = std::max(0.0, min_dist - dist);
    pa -= n * (overlap * inv_a / inv_sum);
    pb += n * (overlap * inv_b / inv_sum);
    const double vn = dot(vb - va, n);
    if (vn >= 0.0) return 0.0;
    const double j = -(1.0 + restitution) * vn / inv_sum;
    va -= n * (j * inv_a);
    vb += n * (j * inv_b);
    return j;
}

// Mirror-reflects a body that left its box (restitution scales the rebound) and returns the
// change of speed, so the caller can turn it into an impulse. A box narrower than the body
// (a degenerate arena) pins it in the middle.
double reflect_axis(double& x, double& v, double lo, double hi, double e) {
    if (x >= lo && x <= hi) return 0.0;   // the common case: inside
    double dv = 0.0;
    if (x < lo) {
        x = lo + e * (lo - x);
        if (v < 0.0) {
            dv = (1.0 + e) * -v;
            v = -e * v;
        }
    } else {
        x = hi - e * (x - hi);
        if (v > 0.0) {
            dv = (1.0 + e) * v;
            v = -e * v;
        }
    }
    // A rebound larger than the box (a very fast body) stays inside.
    x = lo <= hi ? std::clamp(x, lo, hi) : (lo + hi) / 2.0;
    return dv;
}

double reflect_into(Vec2& pos, Vec2& vel, const CentreBounds& b, double e) {
    return reflect_axis(pos.x, vel.x, b.xmin, b.xmax, e) + reflect_axis(pos.y, vel.y, b.ymin, b.ymax, e);
}

}   // namespace

void PodballWorld::integrate() {
    const int n = static_cast<int>(pods_.size());
    for (int i = 0; i < n; ++i) {
        const MotionFactors& f = i == ball_.owner ? carrier_motion_ : free_pod_motion_;
        advance(f, pods_[i].pos, pods_[i].vel, thrust_[i]);
    }
    if (ball_.owner >= 0)
        attach_ball_to_carrier();
    else if (mode_ != Mode::GoalTeam0 && mode_ != Mode::GoalTeam1)
        advance(ball_motion_, ball_.pos, ball_.vel, Vec2{0.0, 0.0});
}

void PodballWorld::collide_pods() {
    constexpr int kMaxPods = 2 * kMaxPodsPerTeam;
    const double min_dist = 2.0 * config_.pod_radius;
    const double min_dist2 = min_dist * min_dist;
    const double inv_free = 1.0 / config_.pod_mass;
    const double inv_carrier = 1.0 / (config_.pod_mass + config_.ball_mass);
    const double e = config_.restitution_pod_pod;
    const int n = static_cast<int>(pods_.size());
    // The pair test is the hottest loop of a tick: positions are copied into flat arrays (the
    // Pod records are large) and most pairs are rejected on |dx| alone. Contacts are resolved in
    // the fixed pair order (i < j), which keeps simultaneous contacts deterministic. (Sweeping
    // along x sorted measured no faster for up to 22 pods.)
    std::array<double, kMaxPods> xs, ys;
    for (int i = 0; i < n; ++i) {
        xs[i] = pods_[i].pos.x;
        ys[i] = pods_[i].pos.y;
    }
    for (int i = 0; i + 1 < n; ++i) {
        for (int j = i + 1; j < n; ++j) {
            const double dx = xs[j] - xs[i];
            if (dx >= min_dist || dx <= -min_dist) continue;
            const double dy = ys[j] - ys[i];
            const double dist2 = dx * dx + dy * dy;
            if (dist2 >= min_dist2) continue;
            Pod& a = pods_[i];
            Pod& b = pods_[j];
            const double inv_a = i == ball_.owner ? inv_carrier : inv_free;
            const double inv_b = j == ball_.owner ? inv_carrier : inv_free;
            const double impulse =
                resolve_contact(a.pos, a.vel, inv_a, b.pos, b.vel, inv_b, Vec2{dx, dy}, dist2, min_dist, e);
            if (i == ball_.owner || j == ball_.owner) carrier_load_ += impulse;
            xs[i] = a.pos.x;
            ys[i] = a.pos.y;
            xs[j] = b.pos.x;
            ys[j] = b.pos.y;
        }
    }
    attach_ball_to_carrier();
}

void PodballWorld::collide_ball() {
    if (mode_ == Mode::GoalTeam0 || mode_ == Mode::GoalTeam1) return;   // out of play
    const double reach = config_.pod_radius + config_.ball_radius;
    const double reach2 = reach * reach;
    const double inv_pod = 1.0 / config_.pod_mass;
    const double e = config_.restitution_ball_pod;
    const int n = static_cast<int>(pods_.size());

    if (ball_.owner < 0) {
        const double inv_ball = 1.0 / config_.ball_mass;
        const double pickup2 = config_.pickup_velocity * config_.pickup_velocity;
        // Touching includes resting exactly at contact distance (a ball released in contact is
        // touching its old carrier), hence the tiny tolerance.
        const double touch2 = reach2 * (1.0 + 1e-9);
        for (int i = 0; i < n; ++i) {
            Pod& p = pods_[i];
            if (p.deny_ticks > 0) continue;   // BALLDENY: transparent to the ball
            const Vec2 d = ball_.pos - p.pos;
            const double dist2 = d.x * d.x + d.y * d.y;
            if (dist2 > touch2) continue;
            const Vec2 rel = ball_.vel - p.vel;
            if (dot(rel, rel) < pickup2) {
                pick_up(i);
                return;
            }
            resolve_contact(p.pos, p.vel, inv_pod, ball_.pos, ball_.vel, inv_ball, d, dist2, reach, e);
        }
        return;
    }

    // A pod running into a carried ball hits the carrier through it: the impulse acts on the pair
    // (mass pod + ball) and counts towards the carrier's force limit, which is how balls are won.
    const int c = ball_.owner;
    const double inv_carrier = 1.0 / (config_.pod_mass + config_.ball_mass);
    for (int i = 0; i < n; ++i) {
        if (i == c) continue;
        Pod& p = pods_[i];
        if (p.deny_ticks > 0) continue;
        const Vec2 d = p.pos - ball_.pos;
        const double dist2 = d.x * d.x + d.y * d.y;
        if (dist2 >= reach2) continue;
        Pod& carrier = pods_[c];
        carrier_load_ +=
            resolve_contact(carrier.pos, carrier.vel, inv_carrier, p.pos, p.vel, inv_pod, d, dist2, reach, e);
        attach_ball_to_carrier();
    }
}

// Kick-off, our reading of the seed: "team 0 is confined to x < -CENTER_KEEPOFF, team 1 to
// x > +CENTER_KEEPOFF; the keep-off line reflects pods and ball", yet "the ball can already be
// picked up". Taken literally nobody could reach a ball on the centre spot. So the defending
// team is held behind its keep-off line as written, while the kicking-off team may use its own
// half plus the centre strip up to that same line; the line reflects the ball too, so the
// ball stays on the kicking-off side and only the kicking-off team can take it. Like walls,
// the line holds a body's edge, not its centre.
CentreBounds PodballWorld::team_bounds(int team) const {
    const double hx = config_.arena_width / 2.0, hy = config_.arena_height / 2.0;
    const double r = config_.pod_radius;
    CentreBounds b{-hx + r, hx - r, -hy + r, hy - r};
    if (mode_ == Mode::KickoffTeam0) {
        if (team == 0)
            b.xmax = std::min(b.xmax, keepoff_ - r);
        else
            b.xmin = std::max(b.xmin, keepoff_ + r);
    } else if (mode_ == Mode::KickoffTeam1) {
        if (team == 1)
            b.xmin = std::max(b.xmin, -keepoff_ + r);
        else
            b.xmax = std::min(b.xmax, -keepoff_ - r);
    }
    return b;
}

// The carrier and its ball are one body: its bounds are the carrier's intersected with the
// ball's shifted by the carry offset.
CentreBounds PodballWorld::carrier_bounds() const {
    const Pod& c = pods_[ball_.owner];
    CentreBounds box = team_bounds(c.team);
    const double hx = config_.arena_width / 2.0, hy = config_.arena_height / 2.0;
    const double rb = config_.ball_radius;
    CentreBounds ball_box{-hx + rb, hx - rb, -hy + rb, hy - rb};
    const double ball_y = c.pos.y + carry_offset_.y;
    if (mode_ == Mode::Running && std::abs(ball_y) < config_.goal_width / 2.0) {
        ball_box.xmin = -kInf;   // the ball may enter the goal mouth; check_goal_line decides
        ball_box.xmax = kInf;
    }
    if (mode_ == Mode::KickoffTeam0) ball_box.xmax = std::min(ball_box.xmax, keepoff_ - rb);
    if (mode_ == Mode::KickoffTeam1) ball_box.xmin = std::max(ball_box.xmin, -keepoff_ + rb);
    box.xmin = std::max(box.xmin, ball_box.xmin - carry_offset_.x);
    box.xmax = std::min(box.xmax, ball_box.xmax - carry_offset_.x);
    box.ymin = std::max(box.ymin, ball_box.ymin - carry_offset_.y);
    box.ymax = std::min(box.ymax, ball_box.ymax - carry_offset_.y);
    return box;
}

void PodballWorld::enforce_bounds() {
    const double e = config_.restitution_pod_wall;
    const std::array<CentreBounds, 2> team_box{team_bounds(0), team_bounds(1)};
    const int n = static_cast<int>(pods_.size());
    for (int i = 0; i < n; ++i) {
        if (i == ball_.owner) continue;
        reflect_into(pods_[i].pos, pods_[i].vel, team_box[pods_[i].team], e);
    }
    enforce_ball_bounds();
    if (ball_.owner >= 0) {
        // Walls and lines are collisions too: a carrier slamming into one may lose the ball.
        Pod& c = pods_[ball_.owner];
        const double dv = reflect_into(c.pos, c.vel, carrier_bounds(), e);
        carrier_load_ += dv * (config_.pod_mass + config_.ball_mass);
        attach_ball_to_carrier();
    }
    if (config_.goal_exclusion_radius > 0.0) enforce_goal_areas();
    check_goal_line();
}

void PodballWorld::enforce_ball_bounds() {
    if (ball_.owner >= 0 || mode_ == Mode::GoalTeam0 || mode_ == Mode::GoalTeam1) return;
    const double hx = config_.arena_width / 2.0, hy = config_.arena_height / 2.0;
    const double rb = config_.ball_radius;
    CentreBounds box{-hx + rb, hx - rb, -hy + rb, hy - rb};
    if (mode_ == Mode::Running) {
        // Inside the mouth's width the goal line is open in RUNNING: the ball may roll on until
        // its centre crosses the line (check_goal_line). Past the line it counts only if it
        // crossed inside the mouth; otherwise it hit the post and bounces from the wall.
        const bool crossed = std::abs(ball_.pos.x) >= hx;
        const double y = crossed ? goal_crossing_y(hx) : ball_.pos.y;
        if (std::abs(y) < config_.goal_width / 2.0) {
            box.xmin = -kInf;
            box.xmax = kInf;
        }
    }
    if (mode_ == Mode::KickoffTeam0) box.xmax = std::min(box.xmax, keepoff_ - rb);
    if (mode_ == Mode::KickoffTeam1) box.xmin = std::max(box.xmin, -keepoff_ + rb);
    reflect_into(ball_.pos, ball_.vel, box, config_.restitution_ball_wall);
}

// y where the ball's path this tick crossed the goal line on its side.
double PodballWorld::goal_crossing_y(double hx) const {
    const double line = ball_.pos.x > 0.0 ? hx : -hx;
    const double dx = ball_.pos.x - ball_start_.x;
    if (std::abs(dx) < 1e-300 || (ball_start_.x - line) * (ball_.pos.x - line) > 0.0) return ball_.pos.y;
    const double t = (line - ball_start_.x) / dx;
    return ball_start_.y + t * (ball_.pos.y - ball_start_.y);
}

void PodballWorld::check_goal_line() {
    if (mode_ != Mode::Running) return;
    const double hx = config_.arena_width / 2.0;
    // Only a crossing counts: a ball left resting on the line (a designer resumed play from a goal
    // phase) is in play, not a goal every tick.
    if (std::abs(ball_.pos.x) < hx || std::abs(ball_start_.x) >= hx) return;
    const double y = goal_crossing_y(hx);
    const int side = ball_.pos.x > 0.0 ? 1 : -1;
    if (std::abs(y) < config_.goal_width / 2.0) {
        // The ball entered the +x goal: team 0 attacks +x, so team 0 scores (own goals included).
        score_goal(side > 0 ? 0 : 1, Vec2{side * hx, y});
        return;
    }
    // A carried ball that crossed beside the mouth (the carrier slid along the line): push the
    // pair back so the ball stays in the arena.
    if (ball_.owner >= 0) {
        const double rb = config_.ball_radius;
        pods_[ball_.owner].pos.x -= ball_.pos.x - side * (hx - rb);
        attach_ball_to_carrier();
    }
}

}   // namespace pb::podball
