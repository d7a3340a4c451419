#include "engine/podball/teams/pod_skills.hpp"

#include <algorithm>
#include <limits>

#include "engine/podball/det_math.hpp"

namespace pb::podball {

double segment_distance2(Vec2 p, Vec2 a, Vec2 ab, double inv_len2) {
    const double t = std::clamp(dot(p - a, ab) * inv_len2, 0.0, 1.0);
    const Vec2 d = p - (a + ab * t);
    return dot(d, d);
}

Kinematics kinematics_of(const PodballConfig& c) {
    Kinematics k;
    k.hx = c.arena_width / 2.0;
    k.hy = c.arena_height / 2.0;
    k.mouth = c.goal_width / 2.0;
    k.reach = c.pod_radius + c.ball_radius;
    // Frictionless pods have no top speed; cruise at what 50 ticks of thrust would give.
    const double no_top = 50.0 * c.pod_thrust / c.pod_mass;
    k.cruise = c.pod_friction > 0.0 ? c.pod_thrust / c.pod_friction : no_top;
    const double carry_k = c.pod_friction + c.carry_friction;
    k.carry_cruise = carry_k > 0.0 ? c.pod_thrust / carry_k : no_top;
    k.pod_lag = c.pod_friction > 0.0 ? std::min(60.0, c.pod_mass / c.pod_friction) : 60.0;
    k.ball_lambda = c.ball_friction / c.ball_mass;
    k.shot_speed = c.shoot_force / c.ball_mass;
    return k;
}

BallForecast::BallForecast(const Kinematics& k, Vec2 pos, Vec2 vel) {
    const Vec2 rest_offset = vel / k.ball_lambda;   // where friction alone stops it, from pos
    reach_all = length(rest_offset);
    const double step_decay = det_exp(-k.ball_lambda * kStep);
    double decay = 1.0;
    for (int i = 0; i < kSamples; ++i) {
        at[i] = pos + rest_offset * (1.0 - decay);
        decay *= step_decay;
    }
}

// Holding velocity w against friction takes thrust w / top speed; the second term corrects the
// velocity error quickly.
PodAction steer(const PodView& p, Vec2 target, double speed, double top, double arrive) {
    const Vec2 d = target - p.pos;
    const double dist = length(d);
    Vec2 want{0.0, 0.0};
    if (dist > 1e-9) want = d * (speed * std::min(1.0, arrive > 0.0 ? dist / arrive : 1.0) / dist);
    const Vec2 a = (want + (want - p.vel) * 4.0) / top;
    return PodAction{PodAction::Kind::Move, a};
}

double intercept(const Kinematics& k, const BallForecast& ball, const PodView& p, Vec2& where) {
    // The first sample the pod can reach in time: it covers `cruise` per tick after getting up to
    // speed (half its lag is lost on average), and touches at `reach`.
    const double lost = 0.5 * k.pod_lag;
    // No sample before the pod could close the distance even if the ball came straight at it.
    const double gap = length(ball.at[0] - p.pos) - k.reach - ball.reach_all;
    const int first = gap > 0.0 ? static_cast<int>(std::min(double(BallForecast::kSamples - 1),
                                                            (gap / k.cruise + lost) / BallForecast::kStep))
                                : 0;
    for (int i = first; i < BallForecast::kSamples; ++i) {
        const double t = i * BallForecast::kStep;
        const double budget = k.reach + k.cruise * std::max(0.0, t - lost);
        const Vec2 d = ball.at[i] - p.pos;
        if (dot(d, d) <= budget * budget) {
            where = ball.at[i];
            return t;
        }
    }
    where = ball.at[BallForecast::kSamples - 1];
    return (BallForecast::kSamples - 1) * BallForecast::kStep + length(where - p.pos) / k.cruise + lost;
}

PodAction full_shot_towards(const Kinematics& k, Vec2 carrier_vel, Vec2 from, Vec2 aim) {
    // ball.v = pod.v + shot_speed * a: pick the full-power a whose sum with the pod's velocity
    // points straight at the aim.
    const Vec2 d = aim - from;
    const Vec2 dir = d / std::max(1e-12, length(d));
    const double along = dot(dir, carrier_vel);
    const double disc = k.shot_speed * k.shot_speed - dot(carrier_vel, carrier_vel) + along * along;
    if (disc < 0.0 || k.shot_speed <= 0.0) return PodAction{PodAction::Kind::Shoot, dir};
    const double s = along + std::sqrt(disc);
    return PodAction{PodAction::Kind::Shoot, (dir * s - carrier_vel) / k.shot_speed};
}

PodAction shot_towards(const Kinematics& k, Vec2 carrier_vel, Vec2 from, Vec2 aim, double speed) {
    const Vec2 d = aim - from;
    const Vec2 dir = d / std::max(1e-12, length(d));
    if (k.shot_speed > 0.0) {
        const Vec2 wanted = (dir * speed - carrier_vel) / k.shot_speed;
        if (dot(wanted, wanted) <= 1.0) return PodAction{PodAction::Kind::Shoot, wanted};
    }
    return full_shot_towards(k, carrier_vel, from, aim);
}

double launch_speed(const Kinematics& k, double distance, double arrival) { return arrival + k.ball_lambda * distance; }

double travel_ticks(const Kinematics& k, double v0, double distance) {
    const double left = v0 - k.ball_lambda * distance;   // speed on arrival
    if (left <= 0.0 || v0 <= 0.0) return std::numeric_limits<double>::infinity();
    if (k.ball_lambda <= 0.0) return distance / v0;
    return det_log(v0 / left) / k.ball_lambda;
}

Vec2 open_goal_aim(const Kinematics& k, const TeamView& v, int carrier, Vec2 from, const double* weights,
                   double& clear2) {
    const double span = std::max(0.0, k.mouth - v.config.ball_radius - 0.005);
    Vec2 best_aim{k.hx, 0.0};
    double best_score = -1.0;
    clear2 = -1.0;
    for (int i = 0; i < 7; ++i) {
        const Vec2 aim{k.hx + 0.02, span * (i - 3) / 3.0};
        const Vec2 ab = aim - from;
        const double inv_len2 = 1.0 / std::max(1e-12, dot(ab, ab));
        double c2 = 1e18;
        for (std::size_t j = 0; j < v.own.size(); ++j)
            if (static_cast<int>(j) != carrier && !v.own[j].denied)
                c2 = std::min(c2, segment_distance2(v.own[j].pos, from, ab, inv_len2));
        for (const PodView& o : v.opponents)
            if (!o.denied) c2 = std::min(c2, segment_distance2(o.pos, from, ab, inv_len2));
        const double score = c2 * (weights ? weights[i] : 1.0);
        if (score > best_score) {
            best_score = score;
            clear2 = c2;
            best_aim = aim;
        }
    }
    return best_aim;
}

PodAction clear_ball(const Kinematics& k, const TeamView& v, int carrier, double ahead_x) {
    const Vec2 from = v.ball_pos;
    Vec2 best{ahead_x, 0.0};
    double best_clear2 = -1.0;
    for (int i = 0; i < 5; ++i) {
        const Vec2 aim{ahead_x, 0.7 * k.hy * (i - 2) / 2.0};
        const Vec2 ab = aim - from;
        const double inv_len2 = 1.0 / std::max(1e-12, dot(ab, ab));
        double c2 = 1e18;
        for (const PodView& o : v.opponents)
            if (!o.denied) c2 = std::min(c2, segment_distance2(o.pos, from, ab, inv_len2));
        if (c2 > best_clear2) {
            best_clear2 = c2;
            best = aim;
        }
    }
    return full_shot_towards(k, v.own[carrier].vel, from, best);
}

namespace {

Vec2 out_of_circle(Vec2 target, Vec2 centre, double rim) {
    const Vec2 d = target - centre;
    const double d2 = dot(d, d);
    if (d2 >= rim * rim) return target;
    const double dist = std::sqrt(d2);
    const Vec2 n = dist > 1e-9 ? d / dist : Vec2{centre.x > 0.0 ? -1.0 : 1.0, 0.0};
    return centre + n * rim;
}

}   // namespace

Vec2 outside_goal_areas(const PodballConfig& c, Vec2 target, bool may_enter_own) {
    if (c.goal_exclusion_radius <= 0.0) return target;
    const double rim = c.goal_exclusion_radius + c.pod_radius + 0.003;
    const double hx = c.arena_width / 2.0;
    target = out_of_circle(target, Vec2{hx, 0.0}, rim);
    if (!may_enter_own) target = out_of_circle(target, Vec2{-hx, 0.0}, rim);
    return target;
}

PodAction keep_goal(const Kinematics& k, const TeamView& v, int keeper) {
    const PodballConfig& c = v.config;
    const PodView& me = v.own[keeper];
    const Vec2 goal{-k.hx, 0.0};
    const Vec2 to_ball = v.ball_pos - goal;
    const double d = std::max(1e-9, length(to_ball));
    // A free ball lying in our goal area only we can fetch (attackers may not enter).
    const double area = c.goal_exclusion_radius;
    if (v.ball_owner_team < 0 && area > 0.0 && d < area + k.reach && !me.denied &&
        length(v.ball_vel) < 0.5 * c.pickup_velocity && (v.own_area_holder < 0 || v.own_area_holder == keeper))
        return steer(me, v.ball_pos, k.cruise, k.cruise, 0.0);
    // Stand on the line from the goal centre to the ball, just in front of the goal.
    Vec2 spot = goal + to_ball * (std::min(d, 0.06 * c.arena_width + k.reach) / d);
    spot.x = std::max(spot.x, -k.hx + c.pod_radius + 0.005);
    spot.y = std::clamp(spot.y, -k.mouth, k.mouth);
    double arrive = 0.05;
    if (v.ball_owner_team < 0 && v.ball_vel.x < -1e-9) {
        // A free ball on its way to our goal line: get into its path. It travels straight
        // and stops after |v| / lambda, i.e. reaches the keeper's line if s * lambda < 1.
        const double line_x = -k.hx + c.pod_radius + 0.01;
        const double s = (line_x - v.ball_pos.x) / v.ball_vel.x;
        const double y = v.ball_pos.y + v.ball_vel.y * s;
        if (s > 0.0 && s * k.ball_lambda < 1.0 && std::abs(y) < k.mouth + k.reach) {
            spot = Vec2{line_x, std::clamp(y, -k.mouth, k.mouth)};
            arrive = 0.0;
        }
    }
    return steer(me, spot, k.cruise, k.cruise, arrive);
}

PodAction press_carrier(const Kinematics& k, const TeamView& v, const PodView& me) {
    const std::size_t owner =
        std::min<std::size_t>(static_cast<std::size_t>(std::max(v.ball_owner_index, 0)), v.opponents.size() - 1);
    const PodView& them = v.opponents[owner];
    return steer(me, outside_goal_areas(v.config, them.pos + them.vel * 4.0, false), k.cruise, k.cruise, 0.0);
}

PodAction take_kickoff_ball(const Kinematics& k, const TeamView& v, const PodView& me, Vec2 meet, double meet_time,
                            std::int64_t mode_since) {
    const PodballConfig& c = v.config;
    const double left = c.kickoff_ticks - static_cast<double>(v.tick - mode_since);
    const Vec2 wait = v.ball_pos - Vec2{k.reach + 0.03, 0.0};
    if (left > 0.5 * c.ballkeep_ticks && left > meet_time + 2.0 * c.ctrl_step)
        return steer(me, wait, k.cruise, k.cruise, 0.05);
    return steer(me, meet, k.cruise, k.cruise, 0.0);
}

}   // namespace pb::podball
