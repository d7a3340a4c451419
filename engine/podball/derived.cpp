// Podball's derived values (docs/labs/podball.md#sources): friction is proportional to speed, so with
// lambda = friction / mass a free body's speed decays as e^(-lambda t) and a constant thrust F
// tends to the top speed F / friction.
#include "engine/podball/derived.hpp"

#include <cmath>
#include <limits>

#include "engine/podball/config.hpp"

namespace pb::podball {

namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();
std::string n(double v) { return format_number(v); }
double ratio(double a, double b) { return b > 0.0 ? a / b : kInf; }

}   // namespace

std::vector<DerivedValue> derived_values(const ParamSet& params) {
    const PodballConfig c = config_from(params);
    const double ln2 = std::log(2.0);
    const double pod_top = ratio(c.pod_thrust, c.pod_friction);
    const double carry_k = c.pod_friction + c.carry_friction;
    const double carry_top = ratio(c.pod_thrust, carry_k);
    const double shot = c.shoot_force / c.ball_mass;            // a full shot's speed from rest
    const double ball_lambda = c.ball_friction / c.ball_mass;   // per tick
    std::vector<DerivedValue> out;
    out.push_back({"Pod top speed",
                   pod_top,
                   "arena widths/tick",
                   "thrust / friction = " + n(c.pod_thrust) + " / " + n(c.pod_friction) +
                       " (the speed at which friction equals full thrust)",
                   {"podball.pod.thrust", "podball.pod.friction"}});
    out.push_back({"Carrier top speed",
                   carry_top,
                   "arena widths/tick",
                   "thrust / (friction + extra friction carrying) = " + n(c.pod_thrust) + " / (" + n(c.pod_friction) +
                       " + " + n(c.carry_friction) + ")",
                   {"podball.pod.thrust", "podball.pod.friction", "podball.pod.carry_friction"}});
    out.push_back({"Pod crosses the arena in",
                   ratio(c.arena_width, pod_top),
                   "ticks",
                   "arena width / pod top speed = " + n(c.arena_width) + " / " + n(pod_top) + " (at top speed)",
                   {"podball.pod.thrust", "podball.arena.width", "podball.pod.friction"}});
    out.push_back({"Pod half-speed time",
                   ratio(ln2 * c.pod_mass, c.pod_friction),
                   "ticks",
                   "ln 2 x mass / friction = 0.693 x " + n(c.pod_mass) + " / " + n(c.pod_friction) +
                       " (a coasting pod loses half its speed in this time)",
                   {"podball.pod.friction", "podball.pod.mass"}});
    out.push_back({"Full shot speed",
                   shot,
                   "arena widths/tick",
                   "shoot force / ball mass = " + n(c.shoot_force) + " / " + n(c.ball_mass) + " (shot from rest)",
                   {"podball.ball.shoot_force", "podball.ball.mass"}});
    out.push_back({"Ball top speed",
                   carry_top + shot,
                   "arena widths/tick",
                   "carrier top speed + shoot force / ball mass = " + n(carry_top) + " + " + n(shot) +
                       " (a full shot from a carrier at its top speed)",
                   {"podball.ball.shoot_force", "podball.pod.thrust", "podball.ball.mass"}});
    out.push_back({"Ball half-speed time",
                   ratio(ln2, ball_lambda),
                   "ticks",
                   "ln 2 x ball mass / ball friction = 0.693 x " + n(c.ball_mass) + " / " + n(c.ball_friction) +
                       " (a free ball loses half its speed in this time)",
                   {"podball.ball.friction", "podball.ball.mass"}});
    out.push_back({"Free path of a full shot",
                   ratio(shot, ball_lambda),
                   "arena widths",
                   "v0 / lambda = (shoot force / ball mass) / (ball friction / ball mass) = " + n(c.shoot_force) +
                       " / " + n(c.ball_friction) + " (how far a full shot from rest rolls before it stops)",
                   {"podball.ball.friction", "podball.ball.shoot_force", "podball.ball.mass"}});
    out.push_back({"Full shot catchable after",
                   shot <= c.pickup_velocity ? 0.0 : ratio(std::log(shot / c.pickup_velocity), ball_lambda),
                   "ticks",
                   "ln(v0 / pick-up velocity) / lambda = ln(" + n(shot) + " / " + n(c.pickup_velocity) + ") / " +
                       n(ball_lambda) + " (until then a pod it touches bounces it off)",
                   {"podball.ball.pickup_velocity", "podball.ball.shoot_force", "podball.ball.friction"}});
    return out;
}

}   // namespace pb::podball
