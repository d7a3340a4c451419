// The `chaser` module: the pod that can reach the ball first goes for it, the carrier dribbles
// towards the opponent's goal and shoots into the open part of the mouth once a full shot is sure
// to arrive; a keeper guards the goal and the rest spread out in support (podball.chaser.*).
// Everything is in the team frame: own goal at x = -width/2, attacking +x.
#include "engine/podball/teams/builtin_modules.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "engine/core/rng.hpp"
#include "engine/podball/kickoff.hpp"
#include "engine/podball/teams/pod_skills.hpp"

namespace pb::podball {
namespace {

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
    PodAction carry(const Kinematics& k, const TeamView& v, int carrier) const;

    // Memory across calls: who holds the ball since when (BALLKEEP is not in the view), and when
    // the current mode began (the kick-off clock).
    // Small seeded variations, drawn when possession or mode changes, so that a match does not
    // replay the same rally after every kick-off (the formation resets to the same state).
    Rng rng_;
    double range_factor_ = 1.0;                               // of the shoot range, per possession
    std::array<double, 7> aim_weight_{1, 1, 1, 1, 1, 1, 1};   // preference between open aims
    double kickoff_hold_ = 0.5;    // fraction of BALLKEEP to hold the ball before the whistle
    double support_shift_ = 0.0;   // supporters' line, forward or back

    int holder_ = -1;
    std::int64_t held_since_ = 0;
    Mode seen_mode_ = Mode::Suspended;
    std::int64_t mode_since_ = 0;
};

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

    // The aim across the mouth whose path passes furthest from every pod that could catch or
    // block the ball.
    const double blocker = k.reach + 0.004;
    double best_clear2 = 0.0;
    const Vec2 best_aim = open_goal_aim(k, v, carrier, from, aim_weight_.data(), best_clear2);
    if (best_clear2 > blocker * blocker || last_chance) return full_shot_towards(k, me.vel, from, best_aim);
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
            act = keep_goal(k, v, i);
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

}   // namespace

std::unique_ptr<TeamModule> make_chaser_module() { return std::make_unique<ChaserModule>(); }

}   // namespace pb::podball
