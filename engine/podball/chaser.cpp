// The `chaser` module: the pod that can reach the ball first goes for it, the carrier dribbles
// towards the opponent's goal and shoots into the open part of the mouth once a full shot is sure
// to arrive; a keeper guards the goal and the rest spread out in support (podball.chaser.*).
// Everything is in the team frame: own goal at x = -width/2, attacking +x.
#include "engine/podball/chaser.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "engine/core/rng.hpp"
#include "engine/podball/det_math.hpp"
#include "engine/podball/formation.hpp"

namespace pb::podball {
namespace {

double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
double length(Vec2 v) { return std::sqrt(dot(v, v)); }

// Squared distance from p to the segment from a along ab (inv_len2 = 1 / |ab|^2).
double segment_distance2(Vec2 p, Vec2 a, Vec2 ab, double inv_len2) {
    const double t = std::clamp(dot(p - a, ab) * inv_len2, 0.0, 1.0);
    const Vec2 d = p - (a + ab * t);
    return dot(d, d);
}

struct Kinematics {
    double hx, hy, mouth;       // half width, half height, half goal width
    double reach;               // pod radius + ball radius: centre distance at contact
    double cruise, carry_cruise;  // top speeds of a free pod and of a carrier
    double pod_lag;             // ticks a pod needs to get up to speed (1/lambda)
    double ball_lambda;         // ball friction / mass
    double shot_speed;          // ball speed a full shot adds
};

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

// Where a free ball will be (friction only, ignoring everything it may hit), sampled every few
// ticks: one exponential per call instead of one per pod and guess.
struct BallForecast {
    static constexpr int kSamples = 24;
    static constexpr double kStep = 8.0;   // ticks between samples
    std::array<Vec2, kSamples> at;
    double reach_all = 0.0;   // the ball never gets further than this from where it is

    BallForecast(const Kinematics& k, Vec2 pos, Vec2 vel) {
        const Vec2 rest_offset = vel / k.ball_lambda;   // where friction alone stops it, from pos
        reach_all = length(rest_offset);
        const double step_decay = det_exp(-k.ball_lambda * kStep);
        double decay = 1.0;
        for (int i = 0; i < kSamples; ++i) {
            at[i] = pos + rest_offset * (1.0 - decay);
            decay *= step_decay;
        }
    }
};

// Thrust that brings a pod to `target` at up to `speed`, slowing down within `arrive` of it.
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

class ChaserModule final : public TeamModule {
public:
    std::string name() const override { return "chaser"; }
    void init(const TeamSettings& settings) override { rng_.reseed(settings.seed); }
    void play(const TeamView& v, std::vector<PodAction>& actions) override;
    std::unique_ptr<TeamModule> clone() const override { return std::make_unique<ChaserModule>(*this); }
    void hash(StateHasher& h) const override {
        h.add(holder_);
        h.add(held_since_);
        h.add(static_cast<int>(seen_mode_));
        h.add(mode_since_);
        for (std::uint64_t w : rng_.state()) h.add_u64(w);
        h.add(range_factor_);
        for (double w : aim_weight_) h.add(w);
        h.add(kickoff_hold_);
        h.add(support_shift_);
    }

private:
    // Ticks until pod p can touch the free ball, and where.
    double intercept(const Kinematics& k, const BallForecast& ball, const PodView& p, Vec2& where) const;
    PodAction carry(const Kinematics& k, const TeamView& v, int carrier) const;
    PodAction shot_at(const Kinematics& k, const PodView& carrier, Vec2 from, Vec2 aim) const;

    // Memory across calls: who holds the ball since when (BALLKEEP is not in the view), and when
    // the current mode began (the kick-off clock).
    // Small seeded variations, drawn when possession or mode changes, so that a match does not
    // replay the same rally after every kick-off (the formation resets to the same state).
    Rng rng_;
    double range_factor_ = 1.0;           // of the shoot range, per possession
    std::array<double, 7> aim_weight_{1, 1, 1, 1, 1, 1, 1};   // preference between open aims
    double kickoff_hold_ = 0.5;           // fraction of BALLKEEP to hold the ball before the whistle
    double support_shift_ = 0.0;          // supporters' line, forward or back

    int holder_ = -1;
    std::int64_t held_since_ = 0;
    Mode seen_mode_ = Mode::Suspended;
    std::int64_t mode_since_ = 0;
};

double ChaserModule::intercept(const Kinematics& k, const BallForecast& ball, const PodView& p, Vec2& where) const {
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

PodAction ChaserModule::shot_at(const Kinematics& k, const PodView& carrier, Vec2 from, Vec2 aim) const {
    // ball.v = pod.v + shot_speed * a: pick the full-power a whose sum with the pod's velocity
    // points straight at the aim.
    const Vec2 d = aim - from;
    const Vec2 dir = d / std::max(1e-12, length(d));
    const double along = dot(dir, carrier.vel);
    const double disc = k.shot_speed * k.shot_speed - dot(carrier.vel, carrier.vel) + along * along;
    if (disc < 0.0 || k.shot_speed <= 0.0) return PodAction{PodAction::Kind::Shoot, dir};
    const double s = along + std::sqrt(disc);
    return PodAction{PodAction::Kind::Shoot, (dir * s - carrier.vel) / k.shot_speed};
}

PodAction ChaserModule::carry(const Kinematics& k, const TeamView& v, int carrier) const {
    const PodballConfig& c = v.config;
    const PodView& me = v.own[carrier];
    const Vec2 from = v.ball_pos;
    if (v.mode != Mode::Running) {
        // Our kick-off: bring the ball up to the keep-off line and wait there for the whistle.
        return steer(me, Vec2{k.hx, from.y * 0.5}, k.carry_cruise, k.carry_cruise, 0.0);
    }
    // A full shot from rest runs shoot_force / ball_friction before it stops and arrives with the
    // speed it has not lost, shot_speed - lambda * distance: shoot only where it arrives briskly.
    const double full_range = c.ball_friction > 0.0 ? c.shoot_force / c.ball_friction : 1e9;
    const double range = std::min(c.chaser_shoot_range * range_factor_, 0.75 * full_range);
    const double held = static_cast<double>(v.tick - held_since_);
    const double ctrl = std::max(1.0, c.ctrl_step);
    const bool must_release = held + 2.0 * ctrl >= c.ballkeep_ticks;

    const Vec2 mouth_point{k.hx, std::clamp(from.y, -k.mouth, k.mouth)};
    const double to_mouth = length(mouth_point - from);
    const bool in_range = to_mouth <= range;
    const bool last_chance = must_release && to_mouth <= 0.9 * full_range;
    if (!in_range && !last_chance) {
        // Dribble to a spot in front of the goal.
        return steer(me, Vec2{k.hx - 0.6 * range, 0.0}, k.carry_cruise, k.carry_cruise, 0.0);
    }

    // Candidate aims across the mouth; take the one whose path passes furthest from every pod
    // that could catch or block the ball (pods in BALLDENY are transparent to it).
    const double span = std::max(0.0, k.mouth - c.ball_radius - 0.005);
    const double blocker = k.reach + 0.004;
    Vec2 best_aim{k.hx, 0.0};
    double best_clear2 = -1.0, best_score = -1.0;
    for (int i = 0; i < 7; ++i) {
        const Vec2 aim{k.hx + 0.02, span * (i - 3) / 3.0};
        const Vec2 ab = aim - from;
        const double inv_len2 = 1.0 / std::max(1e-12, dot(ab, ab));
        double clear2 = 1e18;
        for (std::size_t j = 0; j < v.own.size(); ++j)
            if (static_cast<int>(j) != carrier && !v.own[j].denied)
                clear2 = std::min(clear2, segment_distance2(v.own[j].pos, from, ab, inv_len2));
        for (const PodView& o : v.opponents)
            if (!o.denied) clear2 = std::min(clear2, segment_distance2(o.pos, from, ab, inv_len2));
        if (clear2 * aim_weight_[i] > best_score) {
            best_score = clear2 * aim_weight_[i];
            best_clear2 = clear2;
            best_aim = aim;
        }
    }
    if (best_clear2 > blocker * blocker || last_chance) return shot_at(k, me, from, best_aim);
    // Every path is blocked: keep dribbling, leaning to the side of the least blocked aim.
    const Vec2 spot{k.hx - 0.6 * range, 0.5 * best_aim.y};
    return steer(me, spot, k.carry_cruise, k.carry_cruise, 0.0);
}

void ChaserModule::play(const TeamView& v, std::vector<PodAction>& actions) {
    const PodballConfig& c = v.config;
    const Kinematics k = kinematics_of(c);
    if (v.mode != seen_mode_) {
        seen_mode_ = v.mode;
        mode_since_ = v.tick;
        kickoff_hold_ = 0.5 + c.chaser_variation * rng_.uniform(-0.2, 0.2);
        support_shift_ = c.chaser_variation * rng_.uniform(-0.06, 0.06);
    }
    if (v.ball_owner_team == 0) {
        if (holder_ != v.ball_owner_index) {
            holder_ = v.ball_owner_index;
            held_since_ = v.tick;
            range_factor_ = 1.0 - c.chaser_variation * rng_.uniform(0.0, 0.25);
            for (double& w : aim_weight_) w = 1.0 + c.chaser_variation * rng_.uniform(-0.4, 0.4);
        }
    } else {
        holder_ = -1;
    }

    const int n = static_cast<int>(v.own.size());
    const bool support = c.chaser_support != 0.0;
    const int keeper = support && n >= 3 ? 0 : -1;
    const bool our_kickoff = v.mode == Mode::KickoffTeam0;
    const bool their_kickoff = v.mode == Mode::KickoffTeam1;
    const int carrier = v.ball_owner_team == 0 ? v.ball_owner_index : -1;
    const bool they_have_it = v.ball_owner_team == 1;

    // Who goes for the ball: the pod that reaches it first; the keeper only near its own goal.
    int chaser = carrier;
    std::array<Vec2, 16> meet;          // where each pod can first touch the free ball, and when
    std::array<double, 16> meet_time;   // (only filled while nobody of ours holds it)
    if (chaser < 0) {
        const BallForecast forecast(k, v.ball_pos, v.ball_vel);
        const bool ball_in_our_box = v.ball_pos.x < -k.hx + 0.25 * c.arena_width;
        double best = std::numeric_limits<double>::infinity();
        for (int i = 0; i < n && i < 16; ++i) {
            if (they_have_it) {
                meet[i] = v.ball_pos;
                meet_time[i] = length(v.ball_pos - v.own[i].pos) / k.cruise;
            } else {
                meet_time[i] = intercept(k, forecast, v.own[i], meet[i]);
            }
            if (i == keeper && !ball_in_our_box) continue;
            const double t = meet_time[i] + (v.own[i].denied ? 1e6 : 0.0);
            if (t < best) {
                best = t;
                chaser = i;
            }
        }
    }

    int supporters = 0;
    for (int i = 0; i < n; ++i)
        if (i != chaser && i != keeper) ++supporters;
    int support_rank = 0;

    for (int i = 0; i < n && i < 16; ++i) {
        const PodView& me = v.own[i];
        PodAction& act = actions[i];
        if (i == carrier) {
            act = carry(k, v, i);
        } else if (their_kickoff) {
            // Back to the kick-off formation; the nearest pod waits at the keep-off line.
            Vec2 spot = kickoff_position(0, i, n, c);
            if (i == chaser) spot = Vec2{-effective_keepoff(c) - c.pod_radius - 0.005, v.ball_pos.y};
            act = steer(me, spot, k.cruise, k.cruise, 0.05);
        } else if (i == chaser || (!support && carrier < 0)) {
            if (they_have_it) {
                // Ram the carrier: an impact above the force limit knocks the ball loose.
                const PodView& them = v.opponents[std::min<std::size_t>(v.ball_owner_index, v.opponents.size() - 1)];
                act = steer(me, them.pos + them.vel * 4.0, k.cruise, k.cruise, 0.0);
            } else if (our_kickoff) {
                // Take the ball late in our kick-off, so BALLKEEP does not run out before the whistle.
                const double elapsed = static_cast<double>(v.tick - mode_since_);
                const double left = c.kickoff_ticks - elapsed;
                const double hold_for = c.ballkeep_ticks * kickoff_hold_;
                const Vec2 wait = v.ball_pos - Vec2{k.reach + 0.03, 0.0};
                if (left > hold_for && left > meet_time[i] + 2.0 * c.ctrl_step)
                    act = steer(me, wait, k.cruise, k.cruise, 0.05);
                else
                    act = steer(me, meet[i], k.cruise, k.cruise, 0.0);
            } else {
                act = steer(me, meet[i], k.cruise, k.cruise, 0.0);
            }
        } else if (i == keeper) {
            // Stand on the line from the goal centre to the ball, just in front of the goal.
            const Vec2 goal{-k.hx, 0.0};
            const Vec2 to_ball = v.ball_pos - goal;
            const double d = std::max(1e-9, length(to_ball));
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
            act = steer(me, spot, k.cruise, k.cruise, arrive);
        } else {
            // Spread across the field a little behind the ball, ahead of it when we attack.
            const bool attacking = carrier >= 0 || v.ball_pos.x > 0.0;
            const double base = (attacking ? v.ball_pos.x + 0.05 : v.ball_pos.x - 0.2) + support_shift_;
            const double x = std::clamp(base - (support_rank % 2) * 0.1, -k.hx + 0.15, k.hx - 0.15);
            const double y = 0.7 * (k.hy - c.pod_radius) * ((2.0 * support_rank + 1.0) / supporters - 1.0);
            ++support_rank;
            act = steer(me, Vec2{x, y}, k.cruise, k.cruise, 0.05);
        }
    }
}

}  // namespace

std::unique_ptr<TeamModule> make_chaser_module() { return std::make_unique<ChaserModule>(); }

}  // namespace pb::podball
