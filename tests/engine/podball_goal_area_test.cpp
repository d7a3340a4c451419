// Podball's goal exclusion area (rule book version 2.5): only the first defending pod to enter
// may be inside, the rim reflects everybody else (either team), the area frees again when empty,
// radius 0 switches the rule off.
#include "podball_testing.hpp"

using namespace podball_testing;

namespace {

// Team 1 defends the goal at x = +0.5; its area is centred there.
const Vec2 kCentre{0.5, 0.0};

double distance_to_centre(const PodballWorld& w, int team, int index) {
    const Vec2 d = pod_of(w, team, index).pos - kCentre;
    return std::sqrt(d.x * d.x + d.y * d.y);
}

// Velocity of a pod along the outward normal of the area's rim at its position.
double outward_speed(const PodballWorld& w, int team, int index) {
    const Pod& p = pod_of(w, team, index);
    const Vec2 d = p.pos - kCentre;
    return (p.vel.x * d.x + p.vel.y * d.y) / std::sqrt(d.x * d.x + d.y * d.y);
}

// Full thrust from `from` towards `to`.
Command push(int team, int pod, Vec2 from, Vec2 to, std::int64_t ticks) {
    Vec2 d = to - from;
    d /= std::sqrt(d.x * d.x + d.y * d.y);
    return move(team, pod, d.x, d.y, ticks);
}

// Team 1: pod 0 (A) and pod 1 (B) in front of their goal; team 0: pod 0 (C), an attacker. The ball
// rests far away in team 0's half.
PodballWorld area_world(double radius) {
    PodballSetup s = idle_setup(1, 2, Mode::Running);
    place(s, 1, 0, {0.3, 0.05});
    place(s, 1, 1, {0.3, -0.15});
    place(s, 0, 0, {0.25, 0.25});
    s.ball = BallPlacement{{-0.3, 0.25}, {0.0, 0.0}, -1, -1};
    return PodballWorld(params_with({{"podball.arena.goal_exclusion_radius", radius}}), s, 5);
}

}   // namespace

TEST_CASE("podball goal area: the first defender gets in, everybody else is reflected, it frees when empty") {
    PodballWorld w = area_world(0.12);
    const double rim = w.config().goal_exclusion_radius + w.config().pod_radius;   // 0.14: discs overlap
    CHECK(w.goal_areas_active());
    CHECK(w.goal_area_holder(0) == -1);
    CHECK(w.goal_area_holder(1) == -1);

    // A (defender) drives into its own area: it is let in and holds it.
    issue_ok(w, move(1, 0, 1.0, -0.25, 60));
    for (int t = 0; t < 80; ++t) w.step();
    REQUIRE(w.goal_area_holder(1) == w.pod_id(1, 0));
    CHECK(distance_to_centre(w, 1, 0) < rim - 0.03);
    CHECK(w.goal_area_holder(0) == -1);   // the other area is untouched

    // B (a second defender) and C (an attacker) drive at the goal centre: the rim holds them.
    // The override is re-issued so they keep pushing.
    double closest_b = 1.0, closest_c = 1.0;
    bool b_bounced = false, c_bounced = false;
    // B comes from below, C from above: they meet the rim apart from each other.
    const Vec2 b_goal = kCentre + Vec2{0.0, -0.08}, c_goal = kCentre + Vec2{0.0, 0.08};
    for (int t = 0; t < 200; ++t) {
        if (t % 20 == 0) {
            issue_ok(w, push(1, 1, pod_of(w, 1, 1).pos, b_goal, 20));
            issue_ok(w, push(0, 0, pod_of(w, 0, 0).pos, c_goal, 20));
            issue_ok(w, move(1, 0, 0.0, 0.0, 20));   // A stays put inside
        }
        const double vb = outward_speed(w, 1, 1), vc = outward_speed(w, 0, 0);
        w.step();
        closest_b = std::min(closest_b, distance_to_centre(w, 1, 1));
        closest_c = std::min(closest_c, distance_to_centre(w, 0, 0));
        REQUIRE(distance_to_centre(w, 1, 1) >= rim - 1e-12);
        REQUIRE(distance_to_centre(w, 0, 0) >= rim - 1e-12);
        REQUIRE(w.goal_area_holder(1) == w.pod_id(1, 0));
        // A bounce: heading in before the tick, heading out after it, right at the rim.
        if (vb < 0.0 && outward_speed(w, 1, 1) > 0.0 && distance_to_centre(w, 1, 1) < rim + 0.005) b_bounced = true;
        if (vc < 0.0 && outward_speed(w, 0, 0) > 0.0 && distance_to_centre(w, 0, 0) < rim + 0.005) c_bounced = true;
    }
    CHECK(closest_b < rim + 0.002);   // they got there
    CHECK(closest_c < rim + 0.002);
    CHECK(b_bounced);
    CHECK(c_bounced);

    // A leaves: the area is free again, and the next defender to push in (B) gets it; C still not.
    issue_ok(w, move(1, 0, -1.0, 0.3, 120));
    bool freed = false;
    for (int t = 0; t < 400 && w.goal_area_holder(1) != w.pod_id(1, 1); ++t) {
        if (t % 20 == 0) {
            issue_ok(w, push(1, 1, pod_of(w, 1, 1).pos, b_goal, 20));
            issue_ok(w, push(0, 0, pod_of(w, 0, 0).pos, c_goal, 20));
        }
        w.step();
        if (w.goal_area_holder(1) == -1) freed = true;
        REQUIRE(distance_to_centre(w, 0, 0) >= rim - 1e-12);
    }
    CHECK(freed);
    REQUIRE(w.goal_area_holder(1) == w.pod_id(1, 1));
    for (int t = 0; t < 60; ++t) w.step();
    CHECK(distance_to_centre(w, 1, 1) < rim);
    CHECK(distance_to_centre(w, 1, 0) >= rim);   // A, now outside, may not come back meanwhile
}

TEST_CASE("podball goal area: radius 0 switches the rule off") {
    PodballWorld w = area_world(0.0);
    CHECK_FALSE(w.goal_areas_active());
    issue_ok(w, move(0, 0, 1.0, -0.8, 150));
    issue_ok(w, move(1, 0, 1.0, -0.25, 150));
    issue_ok(w, move(1, 1, 1.0, 0.6, 150));
    double closest_c = 1.0;
    for (int t = 0; t < 150; ++t) {
        w.step();
        closest_c = std::min(closest_c, distance_to_centre(w, 0, 0));
    }
    CHECK(closest_c < 0.1);   // the attacker went deep into what would be the area
    CHECK(w.goal_area_holder(1) == -1);
}

TEST_CASE("podball goal area: the ball may enter, and attackers then cannot reach it") {
    PodballWorld w = area_world(0.12);
    issue_ok(w, command("ball.place", {{"x", 0.47}, {"y", 0.0}}));
    CHECK(w.ball_in_goal_area(1));
    CHECK_FALSE(w.ball_in_goal_area(0));
    for (int t = 0; t < 300; ++t) {
        if (t % 20 == 0) issue_ok(w, push(0, 0, pod_of(w, 0, 0).pos, w.ball().pos, 20));
        w.step();
    }
    // The attacker is held at the rim, 0.14 from the centre: its reach (0.03) ends short of the
    // ball, 0.03 from the centre.
    CHECK(w.ball().owner == -1);
    CHECK(w.ball().pos.x == doctest::Approx(0.47));
    CHECK(distance_to_centre(w, 0, 0) == doctest::Approx(0.14).epsilon(0.02));
}
