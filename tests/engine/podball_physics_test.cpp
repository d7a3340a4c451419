// Podball physics through the engine: the seed's closed forms for a free ball, momentum in
// collisions, pick-up against bounce, BALLKEEP / BALLDENY timings and the collision force limit.
#include "engine/podball/det_math.hpp"
#include "podball_testing.hpp"

using namespace podball_testing;

namespace {

// A 0.9 shot from rest by an idle pod at (-0.4, 0) carrying the ball at the centre, followed for
// 3000 ticks: the free path and the half-speed time against s_max = SHOOT_FORCE / BALL_FRICTION * 0.9
// and ln 2 / lambda. `expected_s_max` is the number worked out by hand for these parameters.
void check_free_shot(const ParamSet& params, double expected_s_max, double expected_half_time) {
    const PodballConfig c = config_from(params);
    PodballSetup s = idle_setup();
    place(s, 0, 0, {-0.4, 0.0});
    place(s, 1, 0, {0.4, 0.25});
    s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, 0, 0};   // carried by team 0's pod, facing +x
    PodballWorld w(params, s, 7);

    const double power = 0.9;
    const Vec2 start = w.ball().pos;
    issue_ok(w, shoot(0, 0, power, 0.0));
    const double lambda = c.ball_friction / c.ball_mass;
    const double v0 = c.shoot_force * power / c.ball_mass;
    const double s_max = c.shoot_force / c.ball_friction * power;
    const double t_half = std::log(2.0) / lambda;
    CHECK(s_max == doctest::Approx(expected_s_max));
    CHECK(t_half == doctest::Approx(expected_half_time).epsilon(1e-4));

    double prev_speed = v0, prev_dist = 0.0, half_time = -1.0, half_dist = -1.0;
    for (int t = 1; t <= 3000; ++t) {
        w.step();
        REQUIRE(w.ball().owner == -1);
        const double v = speed(w.ball().vel);
        const double d = speed(w.ball().pos - start);
        if (half_time < 0.0 && v <= v0 / 2.0) {
            // Interpolate between the ticks around the crossing.
            const double f = (prev_speed - v0 / 2.0) / (prev_speed - v);
            half_time = (t - 1) + f;
            half_dist = prev_dist + f * (d - prev_dist);
        }
        prev_speed = v;
        prev_dist = d;
    }
    CHECK(w.ball().pos.y == 0.0);
    CHECK(prev_dist == doctest::Approx(s_max).epsilon(1e-9));   // exact integration: to rounding
    CHECK(half_time == doctest::Approx(t_half).epsilon(0.005));
    CHECK(half_dist == doctest::Approx(s_max / 2.0).epsilon(0.005));
    // Recoil: the shooter moves back with SHOOT_FORCE * a / pod mass.
    CHECK(pod_of(w, 0, 0).pos.x < -0.4);
}

}   // namespace

TEST_CASE("podball: a free ball shot from rest follows the seed's closed forms") {
    SUBCASE("the seed's ball friction 0.004 (the default before engine 7)") {
        // 0.0032 / 0.004 * 0.9 = 0.72 arena widths; ln 2 / (0.004 / 0.2) = 34.66 ticks.
        check_free_shot(params_with({{"podball.ball.friction", 0.004}}), 0.72, 34.657);
    }
    SUBCASE("today's defaults: ball friction 0.02") {
        // 0.0032 / 0.02 * 0.9 = 0.144 arena widths; ln 2 / (0.02 / 0.2) = 6.93 ticks.
        check_free_shot(params_with(), 0.144, 6.9315);
    }
}

TEST_CASE("podball: velocity after one tick matches the exact solution with thrust") {
    // v(1) = F/k + (v0 - F/k) e^-lambda: a pod at rest under full thrust.
    const ParamSet params = params_with();
    const PodballConfig c = config_from(params);
    PodballSetup s = idle_setup();
    place(s, 0, 0, {-0.2, 0.0});
    PodballWorld w(params, s, 1);
    issue_ok(w, move(0, 0, 1.0, 0.0, 1000));
    const double top = c.pod_thrust / c.pod_friction;
    const double lambda = c.pod_friction / c.pod_mass;
    for (int t = 1; t <= 60; ++t) {
        w.step();
        REQUIRE(pod_of(w, 0, 0).vel.x == doctest::Approx(top * (1.0 - std::exp(-lambda * t))).epsilon(1e-12));
    }
    // x advanced by the integral: top * (t - (1 - e^-lambda t) / lambda).
    const double t = 60.0;
    CHECK(pod_of(w, 0, 0).pos.x + 0.2 ==
          doctest::Approx(top * (t - (1.0 - std::exp(-lambda * t)) / lambda)).epsilon(1e-12));
}

TEST_CASE("podball: momentum is conserved in pod-pod collisions without friction") {
    // Frictionless pods (the table allows 0: the integrator's k = 0 limit is exact) so that any
    // change of total momentum could only come from the collision.
    const ParamSet params = params_with({{"podball.pod.friction", 0.0},
                                         {"podball.pod.carry_friction", 0.0},
                                         {"podball.rules.collision_force_limit", 0.05},
                                         {"podball.rules.ballkeep_ticks", 5000}});
    SUBCASE("equal masses, oblique") {
        PodballSetup s = idle_setup();
        place(s, 0, 0, {-0.06, 0.0}, {0.003, 0.0005});
        place(s, 1, 0, {0.06, 0.012}, {-0.002, 0.0});
        s.ball = BallPlacement{{0.0, -0.25}, {0.0, 0.0}, -1, -1};
        PodballWorld w(params, s, 1);
        const Vec2 before = momentum(w);
        const double before_b = pod_of(w, 1, 0).vel.x;
        for (int t = 0; t < 40; ++t) w.step();
        const Vec2 after = momentum(w);
        CHECK(pod_of(w, 1, 0).vel.x != doctest::Approx(before_b));   // they did collide
        CHECK(after.x == doctest::Approx(before.x).epsilon(1e-13));
        CHECK(after.y == doctest::Approx(before.y).epsilon(1e-12));
    }
    SUBCASE("unequal masses: a carrier (pod + ball) against a free pod, head on") {
        PodballSetup s = idle_setup();
        place(s, 0, 0, {-0.08, 0.0}, {0.003, 0.0});
        place(s, 1, 0, {0.06, 0.0}, {-0.002, 0.0});
        s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, 0, 0};   // ball in front of the carrier
        PodballWorld w(params, s, 1);
        const PodballConfig& c = w.config();
        const Vec2 before = momentum(w);
        for (int t = 0; t < 40; ++t) w.step();
        REQUIRE(w.ball().owner == w.pod_id(0, 0));
        const Vec2 after = momentum(w);
        CHECK(after.x == doctest::Approx(before.x).epsilon(1e-13));
        CHECK(std::abs(after.y) < 1e-15);
        // Head-on with restitution e: relative velocity reverses and shrinks by e.
        const double closing_before = 0.003 - (-0.002);
        const double closing_after = pod_of(w, 0, 0).vel.x - pod_of(w, 1, 0).vel.x;
        CHECK(closing_after == doctest::Approx(-c.restitution_ball_pod * closing_before).epsilon(1e-12));
    }
}

namespace {

// A team 0 pod at rest at the origin and the ball arriving from -x, touching it during the first
// tick with relative speed `contact_speed` (the ball loses e^-lambda of its speed in that tick).
PodballWorld ball_arriving_at(double contact_speed) {
    const ParamSet params = params_with();
    const PodballConfig c = config_from(params);
    PodballSetup s = idle_setup();
    place(s, 0, 0, {0.0, 0.0});
    place(s, 1, 0, {0.4, 0.25});
    const double v = contact_speed * std::exp(c.ball_friction / c.ball_mass);
    s.ball = BallPlacement{{-(c.pod_radius + c.ball_radius) - 0.005, 0.0}, {v, 0.0}, -1, -1};
    return PodballWorld(params, s, 1);
}

}   // namespace

TEST_CASE("podball: pick-up below BALL_PICKUP_VELOCITY, bounce at or above it") {
    const PodballConfig c = config_from(params_with());
    SUBCASE("just below: picked up, momentum kept") {
        PodballWorld w = ball_arriving_at(c.pickup_velocity * 0.99);
        w.step();
        CHECK(w.ball().owner == w.pod_id(0, 0));
        CHECK(w.ball().vel.x == doctest::Approx(c.ball_mass * c.pickup_velocity * 0.99 / (c.pod_mass + c.ball_mass)));
        CHECK(speed(w.ball().pos - pod_of(w, 0, 0).pos) == doctest::Approx(c.pod_radius + c.ball_radius));
    }
    SUBCASE("just above: bounces back") {
        PodballWorld w = ball_arriving_at(c.pickup_velocity * 1.01);
        w.step();
        CHECK(w.ball().owner == -1);
        CHECK(w.ball().vel.x < 0.0);
        CHECK(pod_of(w, 0, 0).vel.x > 0.0);
        for (int t = 0; t < 50; ++t) w.step();
        CHECK(w.ball().owner == -1);
    }
}

TEST_CASE("podball: BALLKEEP and BALLDENY last exactly their tick counts") {
    const int keep = 57, deny = 13;
    const ParamSet params =
        params_with({{"podball.rules.ballkeep_ticks", keep}, {"podball.rules.balldeny_ticks", deny}});
    PodballSetup s = idle_setup();
    place(s, 0, 0, {0.0, 0.0});
    place(s, 1, 0, {0.4, 0.25});
    s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, 0, 0};
    PodballWorld w(params, s, 1);
    const int carrier = w.pod_id(0, 0);

    int released_at = -1, denied_states = 0, caught_again_at = -1;
    for (int t = 0; t <= keep + deny + 5; ++t) {
        // State after t ticks.
        if (released_at < 0 && w.ball().owner != carrier) released_at = t;
        if (released_at >= 0 && caught_again_at < 0 && w.ball().owner == carrier) caught_again_at = t;
        if (pod_of(w, 0, 0).deny_ticks > 0) ++denied_states;
        w.step();
    }
    CHECK(released_at == keep);              // held in the states 0 .. keep-1
    CHECK(denied_states == deny);            // transparent for exactly BALLDENY ticks
    CHECK(caught_again_at == keep + deny);   // the ball rested in contact all along
}

TEST_CASE("podball: a carrier loses the ball when an impact exceeds COLLISION_FORCE_LIMIT") {
    const ParamSet params = params_with();
    const PodballConfig c = config_from(params);
    // Impulse of a head-on hit on the carrier: (1 + e) v / (1/m_pod + 1/(m_pod + m_ball)).
    const double inv_sum = 1.0 / c.pod_mass + 1.0 / (c.pod_mass + c.ball_mass);
    const double limit_speed = c.collision_force_limit * inv_sum / (1.0 + c.restitution_pod_pod);
    auto ram = [&](double contact_speed) {
        PodballSetup s = idle_setup();
        place(s, 0, 0, {0.0, 0.0});
        // Team 1's pod runs into the carrier's back during the first tick.
        const double v = contact_speed * std::exp(c.pod_friction / c.pod_mass);
        place(s, 1, 0, {-2.0 * c.pod_radius - 0.0005, 0.0}, {v, 0.0});
        s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, 0, 0};
        PodballWorld w(params, s, 1);
        w.step();
        return w;
    };
    PodballWorld hard = ram(limit_speed * 1.05);
    CHECK(hard.ball().owner == -1);
    CHECK(pod_of(hard, 0, 0).deny_ticks == static_cast<int>(c.balldeny_ticks));
    PodballWorld soft = ram(limit_speed * 0.95);
    CHECK(soft.ball().owner == soft.pod_id(0, 0));
}

TEST_CASE("podball: a pod in BALLDENY is transparent to the ball") {
    // The seed's ball friction: the shot must still be too fast to catch 0.1 further on.
    const ParamSet params = params_with({{"podball.ball.friction", 0.004}});
    const PodballConfig c = config_from(params);
    PodballSetup s = idle_setup(2, 1);
    place(s, 0, 0, {-0.2, 0.0});
    place(s, 0, 1, {-0.1, 0.0});
    place(s, 1, 0, {0.4, 0.25});
    s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, 0, 1};
    PodballWorld w(params, s, 1);
    // Pod 1 shoots backwards through itself (it is in BALLDENY at once) towards pod 0, fast
    // enough that pod 0 bounces it rather than catching it.
    issue_ok(w, shoot(0, 1, -1.0, 0.0));
    w.step();
    CHECK(pod_of(w, 0, 1).deny_ticks == static_cast<int>(c.balldeny_ticks));
    bool reached_pod0 = false;
    for (int t = 0; t < 30 && !reached_pod0; ++t) {
        w.step();
        reached_pod0 = w.ball().vel.x > 0.0;   // bounced off pod 0, the first thing in its way
    }
    CHECK(reached_pod0);
    CHECK(w.ball().pos.x < -0.1);
}

TEST_CASE("podball: the deterministic exp agrees with the C library to a few ulp") {
    for (double x : {-745.5, -700.0, -30.0, -5.0, -1.0, -0.6931, -0.3466, -0.05, -1e-3, -1e-9, 0.0, 1e-12, 0.02, 0.5,
                     3.0, 88.7, 700.0}) {
        CAPTURE(x);
        CHECK(det_exp(x) == doctest::Approx(std::exp(x)).epsilon(4e-16));
        CHECK(det_expm1(x) == doctest::Approx(std::expm1(x)).epsilon(4e-16));
    }
    CHECK(det_exp(0.0) == 1.0);
    CHECK(det_expm1(0.0) == 0.0);
    CHECK(det_exp(-800.0) == 0.0);
}
