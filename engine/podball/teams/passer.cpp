// The `passer` module: the carrier passes to the best-placed team-mate rather than dribbling.
// A pass is planned with the seed's ball-travel formulas: to arrive at distance d with speed
// v_a (podball.passer.arrival_speed x BALL_PICKUP_VELOCITY, slow enough to be picked up) the ball
// must leave at v0 = v_a + lambda d, and it takes ln(v0 / v_a) / lambda ticks, during which the
// receiver runs on (it is led by its velocity) and no opponent may be able to get there first or
// stand near the line (podball.passer.lane_margin). The best pass gains ground towards the goal
// (at least podball.passer.min_gain) with the most room around the receiver. From
// podball.passer.shoot_range the carrier shoots into the open part of the mouth. Team-mates spread
// in lanes ahead of the ball while we have it, and fall back between ball and goal when we do not.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "engine/podball/kickoff.hpp"
#include "engine/podball/teams/builtin_modules.hpp"
#include "engine/podball/teams/pod_skills.hpp"

namespace pb::podball {
namespace {

struct PassPlan {
    int to = -1;
    Vec2 point{0.0, 0.0};
    double speed = 0.0;   // launch speed v0
    double ticks = 0.0;   // travel time
    double score = -std::numeric_limits<double>::infinity();
};

// Distance from p to the nearest point of the opponent's goal mouth.
double to_mouth(const Kinematics& k, Vec2 p) { return length(Vec2{k.hx, std::clamp(p.y, -k.mouth, k.mouth)} - p); }

class PasserModule final : public TeamModule {
public:
    std::string name() const override { return "passer"; }
    void init(const TeamSettings&) override {}
    void play(const TeamView& v, std::vector<PodAction>& actions) override;
    std::unique_ptr<TeamModule> clone() const override { return std::make_unique<PasserModule>(*this); }
    void hash(StateHasher& h) const override {
        h.add(holder_);
        h.add(held_since_);
        h.add(static_cast<int>(seen_mode_));
        h.add(mode_since_);
        h.add(pass_to_);
        h.add(pass_until_);
    }

private:
    PassPlan best_pass(const Kinematics& k, const TeamView& v, int carrier, int keeper, double min_gain) const;
    PodAction carry(const Kinematics& k, const TeamView& v, int carrier, int keeper);

    int holder_ = -1;
    std::int64_t held_since_ = 0;
    Mode seen_mode_ = Mode::Suspended;
    std::int64_t mode_since_ = 0;
    int pass_to_ = -1;              // the receiver of a pass in flight
    std::int64_t pass_until_ = 0;   // tick after which that pass is given up
};

PassPlan PasserModule::best_pass(const Kinematics& k, const TeamView& v, int carrier, int keeper,
                                 double min_gain) const {
    const PodballConfig& c = v.config;
    const Vec2 from = v.ball_pos;
    const double arrival = c.passer_arrival_speed * c.pickup_velocity;
    const double max_speed = 0.98 * k.shot_speed;
    const double lane = k.reach + c.passer_lane_margin;
    const double own_to_goal = to_mouth(k, from);
    const double lost = 0.5 * k.pod_lag;
    PassPlan best;
    for (int j = 0; j < static_cast<int>(v.own.size()) && j < kMaxTeamPods; ++j) {
        const PodView& mate = v.own[j];
        if (j == carrier || j == keeper || mate.denied) continue;
        // Lead the receiver by its velocity over the travel time (two rounds converge enough);
        // the launch speed is the one for the final spot.
        Vec2 point = mate.pos;
        double ticks = 0.0, speed = 0.0;
        bool reachable = true;
        for (int round = 0; round < 2 && reachable; ++round) {
            point = mate.pos + mate.vel * ticks;
            point.x = std::clamp(point.x, -k.hx + c.pod_radius, k.hx - c.pod_radius);
            point.y = std::clamp(point.y, -k.hy + c.pod_radius, k.hy - c.pod_radius);
            point = outside_goal_areas(c, point, false);
            const double d = length(point - from);
            speed = launch_speed(k, d, arrival);
            ticks = travel_ticks(k, speed, d);
            reachable = speed <= max_speed && std::isfinite(ticks);
        }
        if (!reachable) continue;
        const double gain = own_to_goal - to_mouth(k, point);
        if (gain < min_gain) continue;
        // The lane: nobody near the line, and nobody who could reach the spot before the ball.
        const Vec2 ab = point - from;
        const double inv_len2 = 1.0 / std::max(1e-12, dot(ab, ab));
        double room = 1e9;
        bool open = true;
        for (const PodView& o : v.opponents) {
            if (o.denied) continue;
            if (segment_distance2(o.pos, from, ab, inv_len2) < lane * lane) {
                open = false;
                break;
            }
            const double to_spot = length(o.pos - point);
            const double their_ticks = std::max(0.0, to_spot - k.reach) / k.cruise + lost;
            if (their_ticks < ticks) {
                open = false;
                break;
            }
            room = std::min(room, to_spot);
        }
        if (!open) continue;
        const double score = gain + 0.5 * std::min(room, 0.2 * c.arena_width);
        if (score > best.score) best = PassPlan{j, point, speed, ticks, score};
    }
    return best;
}

PodAction PasserModule::carry(const Kinematics& k, const TeamView& v, int carrier, int keeper) {
    const PodballConfig& c = v.config;
    const PodView& me = v.own[carrier];
    const Vec2 from = v.ball_pos;
    if (v.mode != Mode::Running) return steer(me, Vec2{k.hx, from.y * 0.5}, k.carry_cruise, k.carry_cruise, 0.0);

    const double full_range = c.ball_friction > 0.0 ? c.shoot_force / c.ball_friction : 1e9;
    const double range = std::min(c.passer_shoot_range, 0.75 * full_range);
    const double held = static_cast<double>(v.tick - held_since_);
    const bool must_release = held + 2.0 * std::max(1.0, c.ctrl_step) >= c.ballkeep_ticks;
    const double dist = to_mouth(k, from);
    if (dist <= range || (must_release && dist <= 0.9 * full_range)) {
        double clear2 = 0.0;
        const Vec2 aim = open_goal_aim(k, v, carrier, from, nullptr, clear2);
        const double blocker = k.reach + 0.004;
        if (clear2 > blocker * blocker || must_release) return full_shot_towards(k, me.vel, from, aim);
    }
    // Under pressure (an opponent close) or out of time, any open pass will do, even backwards.
    bool pressed = false;
    for (const PodView& o : v.opponents)
        if (!o.denied && length(o.pos - me.pos) < 3.5 * c.pod_radius + 0.02) pressed = true;
    const double min_gain = pressed || must_release || carrier == keeper ? -0.5 * c.arena_width : c.passer_min_gain;
    const PassPlan pass = best_pass(k, v, carrier, keeper, min_gain);
    if (pass.to >= 0) {
        pass_to_ = pass.to;
        pass_until_ = v.tick + static_cast<std::int64_t>(pass.ticks) + 30;
        return shot_towards(k, me.vel, from, pass.point, pass.speed);
    }
    if (must_release || carrier == keeper)
        return clear_ball(k, v, carrier, std::min(k.hx, from.x + 0.3 * c.arena_width));
    const Vec2 spot = outside_goal_areas(c, Vec2{k.hx - 0.6 * range, 0.3 * from.y}, false);
    return steer(me, spot, k.carry_cruise, k.carry_cruise, 0.0);
}

void PasserModule::play(const TeamView& v, std::vector<PodAction>& actions) {
    const PodballConfig& c = v.config;
    const Kinematics k = kinematics_of(c);
    if (v.mode != seen_mode_) {
        seen_mode_ = v.mode;
        mode_since_ = v.tick;
        pass_to_ = -1;
    }
    if (v.ball_owner_team == 0) {
        if (holder_ != v.ball_owner_index) {
            holder_ = v.ball_owner_index;
            held_since_ = v.tick;
        }
        pass_to_ = -1;   // caught (by the receiver or whoever), the pass is over
    } else {
        holder_ = -1;
        if (v.ball_owner_team == 1 || v.tick > pass_until_) pass_to_ = -1;
    }

    const int n = std::min<int>(static_cast<int>(v.own.size()), kMaxTeamPods);
    const int keeper = n >= 3 ? 0 : -1;
    const int carrier = v.ball_owner_team == 0 ? v.ball_owner_index : -1;
    const bool they_have_it = v.ball_owner_team == 1;
    const bool our_kickoff = v.mode == Mode::KickoffTeam0;
    const bool their_kickoff = v.mode == Mode::KickoffTeam1;
    const bool attacking = !they_have_it;

    // Who goes for the ball: the receiver of our pass; else whoever reaches it first.
    int chaser = carrier >= 0 ? carrier : pass_to_;
    std::array<Vec2, kMaxTeamPods> meet;
    std::array<double, kMaxTeamPods> meet_time;
    meet_time.fill(std::numeric_limits<double>::infinity());
    if (carrier < 0) {
        const BallForecast forecast(k, v.ball_pos, v.ball_vel);
        const bool ball_near_our_goal = v.ball_pos.x < -k.hx + 0.25 * c.arena_width;
        double best = std::numeric_limits<double>::infinity();
        for (int i = 0; i < n; ++i) {
            if (they_have_it) {
                meet[i] = v.ball_pos;
                meet_time[i] = length(v.ball_pos - v.own[i].pos) / k.cruise;
            } else {
                meet_time[i] = intercept(k, forecast, v.own[i], meet[i]);
            }
            if (pass_to_ >= 0 || (i == keeper && !ball_near_our_goal)) continue;
            const double t = meet_time[i] + (v.own[i].denied ? 1e6 : 0.0);
            if (t < best) {
                best = t;
                chaser = i;
            }
        }
    }

    int others = 0;
    for (int i = 0; i < n; ++i)
        if (i != chaser && i != keeper) ++others;
    int rank = 0;
    const double spread = std::max(0.0, k.hy - c.pod_radius);
    for (int i = 0; i < n; ++i) {
        const PodView& me = v.own[i];
        PodAction& act = actions[static_cast<std::size_t>(i)];
        if (i == carrier) {
            act = carry(k, v, i, keeper);
        } else if (i == keeper) {
            act = keep_goal(k, v, i);
        } else if (their_kickoff) {
            Vec2 spot = kickoff_position(0, i, n, c);
            if (i == chaser) spot = Vec2{-effective_keepoff(c) - c.pod_radius - 0.005, v.ball_pos.y};
            act = steer(me, spot, k.cruise, k.cruise, 0.05);
        } else if (i == chaser) {
            if (they_have_it) {
                act = press_carrier(k, v, me);
            } else if (our_kickoff) {
                act = take_kickoff_ball(k, v, me, meet[i], meet_time[i], mode_since_);
            } else {
                // The receiver of a pass meets the ball slowly enough to pick it up.
                const double arrival = c.passer_arrival_speed * c.pickup_velocity;
                const double speed =
                    i == pass_to_ ? std::clamp(0.9 * c.pickup_velocity - arrival, 0.0, k.cruise) : k.cruise;
                act = steer(me, outside_goal_areas(c, meet[i], false), speed, k.cruise, 0.0);
            }
        } else {
            // Lanes across the field: ahead of the ball while we attack, between ball and goal
            // while we defend.
            const double lane_y = 0.8 * spread * ((2.0 * rank + 1.0) / std::max(1, others) - 1.0);
            const double stagger = (rank % 2) * 0.08 * c.arena_width;
            Vec2 spot;
            if (attacking) {
                spot = Vec2{v.ball_pos.x + 0.15 * c.arena_width + stagger, lane_y};
            } else {
                spot = Vec2{std::min(v.ball_pos.x - 0.15 * c.arena_width, 0.1 * c.arena_width) - stagger,
                            0.6 * lane_y + 0.3 * v.ball_pos.y};
            }
            spot.x = std::clamp(spot.x, -k.hx + 0.1 * c.arena_width, k.hx - 0.05 * c.arena_width);
            spot.y = std::clamp(spot.y, -k.hy + c.pod_radius, k.hy - c.pod_radius);
            ++rank;
            act = steer(me, outside_goal_areas(c, spot, false), k.cruise, k.cruise, 0.05);
        }
    }
}

}   // namespace

std::unique_ptr<TeamModule> make_passer_module() { return std::make_unique<PasserModule>(); }

}   // namespace pb::podball
