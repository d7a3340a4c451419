// The `formation` module: a keeper, a defensive line and a line of forwards, each pod holding its
// own spot. The block shifts with the ball (a third of its way across the field) and steps up
// while we have it. Only the pod that reaches a ball near its spot first leaves its position
// (podball.formation.press_radius); when the opponent carries the ball into our half the nearest
// defender doubles up. The carrier dribbles towards goal and shoots into the open part of the
// mouth from podball.formation.shoot_range; the keeper clears the ball upfield at once.
// Deterministic: no randomness, so its variety comes from the opponent and the physics.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "engine/podball/kickoff.hpp"
#include "engine/podball/teams/builtin_modules.hpp"
#include "engine/podball/teams/pod_skills.hpp"

namespace pb::podball {
namespace {

class FormationModule final : public TeamModule {
public:
    std::string name() const override { return "formation"; }
    void init(const TeamSettings&) override {}
    void play(const TeamView& v, std::vector<PodAction>& actions) override;
    std::unique_ptr<TeamModule> clone() const override { return std::make_unique<FormationModule>(*this); }
    void hash(StateHasher& h) const override {
        h.add(holder_);
        h.add(held_since_);
        h.add(static_cast<int>(seen_mode_));
        h.add(mode_since_);
    }

private:
    void place_homes(const Kinematics& k, const TeamView& v, int keeper, std::array<Vec2, kMaxTeamPods>& home) const;
    PodAction carry(const Kinematics& k, const TeamView& v, int carrier, int keeper) const;

    // Who holds the ball since when (BALLKEEP is not in the view), and when the mode began.
    int holder_ = -1;
    std::int64_t held_since_ = 0;
    Mode seen_mode_ = Mode::Suspended;
    std::int64_t mode_since_ = 0;
};

// Spots in the team frame. Lines are spread evenly across the arena's height.
void FormationModule::place_homes(const Kinematics& k, const TeamView& v, int keeper,
                                  std::array<Vec2, kMaxTeamPods>& home) const {
    const PodballConfig& c = v.config;
    const int n = std::min<int>(static_cast<int>(v.own.size()), kMaxTeamPods);
    const int field = n - (keeper >= 0 ? 1 : 0);
    const int defenders = std::clamp(static_cast<int>(std::lround(c.formation_defenders * field)), 0, field);
    const int forwards = field - defenders;
    const double depth = c.formation_depth;
    const double area = c.goal_exclusion_radius > 0.0 ? c.goal_exclusion_radius + c.pod_radius : 0.0;
    double shift = 0.35 * v.ball_pos.x;
    if (v.ball_owner_team == 0) shift += 0.08 * c.arena_width;
    const double def_x =
        std::clamp(-k.hx * (0.64 - 0.44 * depth) + shift, -k.hx + area + c.pod_radius + 0.02, 0.5 * k.hx);
    const double fwd_x =
        std::clamp(-k.hx * (0.1 - 0.6 * depth) + shift, -0.5 * k.hx, k.hx - area - c.pod_radius - 0.03);
    const double spread = 0.75 * std::max(0.0, k.hy - c.pod_radius);
    const double lean = 0.25 * v.ball_pos.y;
    // During kick-offs the keep-off lines hold the pods: stand just behind them.
    double limit = k.hx;
    if (v.mode == Mode::KickoffTeam1) limit = -effective_keepoff(c) - c.pod_radius - 0.01;
    if (v.mode == Mode::KickoffTeam0) limit = effective_keepoff(c) - c.pod_radius - 0.01;

    int rank = 0;
    for (int i = 0; i < n; ++i) {
        if (i == keeper) {
            home[i] = Vec2{-k.hx + c.pod_radius + 0.02, 0.0};
            continue;
        }
        const bool defender = rank < defenders;
        const int line_size = defender ? defenders : forwards;
        const int j = defender ? rank : rank - defenders;
        ++rank;
        const double y = spread * ((2.0 * j + 1.0) / line_size - 1.0) + lean;
        home[i] =
            Vec2{std::min(defender ? def_x : fwd_x, limit), std::clamp(y, -k.hy + c.pod_radius, k.hy - c.pod_radius)};
    }
}

PodAction FormationModule::carry(const Kinematics& k, const TeamView& v, int carrier, int keeper) const {
    const PodballConfig& c = v.config;
    const PodView& me = v.own[carrier];
    const Vec2 from = v.ball_pos;
    // Our kick-off: bring the ball up to the keep-off line and wait there for the whistle.
    if (v.mode != Mode::Running) return steer(me, Vec2{k.hx, from.y * 0.5}, k.carry_cruise, k.carry_cruise, 0.0);
    if (carrier == keeper) return clear_ball(k, v, carrier, 0.1 * c.arena_width);

    const double full_range = c.ball_friction > 0.0 ? c.shoot_force / c.ball_friction : 1e9;
    const double range = std::min(c.formation_shoot_range, 0.75 * full_range);
    const double held = static_cast<double>(v.tick - held_since_);
    const bool must_release = held + 2.0 * std::max(1.0, c.ctrl_step) >= c.ballkeep_ticks;
    const Vec2 mouth_point{k.hx, std::clamp(from.y, -k.mouth, k.mouth)};
    const double to_mouth = length(mouth_point - from);
    if (to_mouth <= range || must_release) {
        double clear2 = 0.0;
        const Vec2 aim = open_goal_aim(k, v, carrier, from, nullptr, clear2);
        const double blocker = k.reach + 0.004;
        if (clear2 > blocker * blocker || (must_release && to_mouth <= 0.9 * full_range))
            return full_shot_towards(k, me.vel, from, aim);
        if (must_release) return clear_ball(k, v, carrier, std::min(k.hx, from.x + 0.3 * c.arena_width));
    }
    // Dribble to a spot in front of the goal, outside the opponent's goal area.
    const Vec2 spot = outside_goal_areas(c, Vec2{k.hx - 0.6 * range, 0.3 * from.y}, false);
    return steer(me, spot, k.carry_cruise, k.carry_cruise, 0.0);
}

void FormationModule::play(const TeamView& v, std::vector<PodAction>& actions) {
    const PodballConfig& c = v.config;
    const Kinematics k = kinematics_of(c);
    if (v.mode != seen_mode_) {
        seen_mode_ = v.mode;
        mode_since_ = v.tick;
    }
    if (v.ball_owner_team == 0) {
        if (holder_ != v.ball_owner_index) {
            holder_ = v.ball_owner_index;
            held_since_ = v.tick;
        }
    } else {
        holder_ = -1;
    }

    const int n = std::min<int>(static_cast<int>(v.own.size()), kMaxTeamPods);
    const int keeper = n >= 2 ? 0 : -1;
    const int carrier = v.ball_owner_team == 0 ? v.ball_owner_index : -1;
    const bool they_have_it = v.ball_owner_team == 1;
    const bool our_kickoff = v.mode == Mode::KickoffTeam0;
    const bool their_kickoff = v.mode == Mode::KickoffTeam1;
    std::array<Vec2, kMaxTeamPods> home;
    place_homes(k, v, keeper, home);

    // Who leaves his spot: the fastest to the ball among the pods whose spot is within the press
    // radius of where they would meet it; if the ball is near nobody's spot, the fastest of all.
    int presser = -1, second = -1;
    std::array<Vec2, kMaxTeamPods> meet;
    std::array<double, kMaxTeamPods> meet_time;
    meet_time.fill(std::numeric_limits<double>::infinity());
    if (carrier < 0) {
        const BallForecast forecast(k, v.ball_pos, v.ball_vel);
        double best = std::numeric_limits<double>::infinity();
        for (int i = 0; i < n; ++i) {
            if (i == keeper || v.own[i].denied) continue;
            if (they_have_it) {
                meet[i] = v.ball_pos;
                meet_time[i] = length(v.ball_pos - v.own[i].pos) / k.cruise;
            } else {
                meet_time[i] = intercept(k, forecast, v.own[i], meet[i]);
            }
            const bool near_home = length(meet[i] - home[i]) <= c.formation_press_radius;
            const double t = meet_time[i] + (near_home ? 0.0 : 1e5);
            if (t < best) {
                best = t;
                presser = i;
            }
        }
        if (they_have_it && v.ball_pos.x < 0.0) {
            double nearest = std::numeric_limits<double>::infinity();
            for (int i = 0; i < n; ++i) {
                if (i == keeper || i == presser || v.own[i].denied) continue;
                if (length(v.ball_pos - home[i]) > c.formation_press_radius) continue;
                if (meet_time[i] < nearest) {
                    nearest = meet_time[i];
                    second = i;
                }
            }
        }
    }

    for (int i = 0; i < n; ++i) {
        const PodView& me = v.own[i];
        PodAction& act = actions[static_cast<std::size_t>(i)];
        if (i == carrier) {
            act = carry(k, v, i, keeper);
        } else if (i == keeper) {
            act = keep_goal(k, v, i);
        } else if ((i == presser || i == second) && !their_kickoff) {
            if (they_have_it) {
                act = press_carrier(k, v, me);
            } else if (our_kickoff) {
                act = take_kickoff_ball(k, v, me, meet[i], meet_time[i], mode_since_);
            } else {
                act = steer(me, outside_goal_areas(c, meet[i], false), k.cruise, k.cruise, 0.0);
            }
        } else {
            act = steer(me, outside_goal_areas(c, home[i], false), k.cruise, k.cruise, 0.05);
        }
    }
}

}   // namespace

std::unique_ptr<TeamModule> make_formation_module() { return std::make_unique<FormationModule>(); }

}   // namespace pb::podball
