// Podball rules: goals only in RUNNING, own goals, the mode clock, kick-off confinement, and
// commands the world refuses.
#include "podball_testing.hpp"

using namespace podball_testing;

namespace {

// A team-0 pod carrying the ball at (x, 0) facing `facing` (+1: ball on its +x side), the other
// team's only pod out of the way in a corner.
PodballWorld shooter_world(Mode mode, int shooter_team, double x, double facing) {
    PodballSetup s = idle_setup(1, 1, mode);
    place(s, shooter_team, 0, {x, 0.0});
    place(s, 1 - shooter_team, 0, {-0.35, 0.25});
    s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, shooter_team, 0};
    // The seed's ball friction (the default before engine 7): a full shot runs 0.8, far enough to
    // reach the goal line from anywhere these tests shoot (today's 0.02 stops it after 0.16).
    PodballWorld w(params_with({{"podball.ball.friction", 0.004}}), s, 3);
    // Setup puts a carried ball on the side facing the carrier's opponent; shoot where asked.
    issue_ok(w, shoot(shooter_team, 0, facing, 0.0));
    return w;
}

// Steps until the mode changes (a bounded wait: a mode that never ends fails the test).
void step_while(PodballWorld& w, Mode m) {
    for (int guard = 0; guard < 5000 && w.mode() == m; ++guard) w.step();
    REQUIRE(w.mode() != m);
}

std::array<int, 2> own_goals_conceded(const PodballWorld& w) {
    return {w.metrics().team[0].own_goals, w.metrics().team[1].own_goals};
}

}   // namespace

TEST_CASE("podball: goals count only in RUNNING; elsewhere the goal line reflects the ball") {
    for (Mode mode : {Mode::Suspended, Mode::KickoffTeam1}) {
        CAPTURE(mode_key(mode));
        // In team 1's kick-off team 1 may be anywhere right of -keepoff: it shoots at its own goal.
        PodballWorld w = shooter_world(mode, mode == Mode::Suspended ? 0 : 1, 0.3, 1.0);
        bool bounced = false;
        for (int t = 0; t < 150; ++t) {
            w.step();
            REQUIRE(w.ball().pos.x <= 0.5 - w.config().ball_radius + 1e-12);
            bounced = bounced || w.ball().vel.x < 0.0;
        }
        CHECK(bounced);
        CHECK(w.score() == std::array<int, 2>{0, 0});
    }
    PodballWorld w = shooter_world(Mode::Running, 0, 0.3, 1.0);
    int t = 0;
    while (w.mode() == Mode::Running && t < 150) {
        w.step();
        ++t;
    }
    CHECK(w.mode() == Mode::GoalTeam0);
    CHECK(w.score() == std::array<int, 2>{1, 0});
    CHECK(w.ball().pos.x == doctest::Approx(0.5));   // resting on the line where it crossed
    CHECK(std::abs(w.ball().pos.y) < 1e-12);
    CHECK(own_goals_conceded(w) == std::array<int, 2>{0, 0});
}

TEST_CASE("podball: own goals count for the other side") {
    // Team 1 defends the +x goal; its pod shoots into it: team 0 scores, an own goal of team 1.
    PodballWorld w = shooter_world(Mode::Running, 1, 0.3, 1.0);
    for (int t = 0; t < 150 && w.mode() == Mode::Running; ++t) w.step();
    CHECK(w.mode() == Mode::GoalTeam0);
    CHECK(w.score() == std::array<int, 2>{1, 0});
    CHECK(own_goals_conceded(w) == std::array<int, 2>{0, 1});

    // And the -x goal: team 0 shoots into its own goal, team 1 scores.
    PodballWorld v = shooter_world(Mode::Running, 0, -0.3, -1.0);
    for (int t = 0; t < 150 && v.mode() == Mode::Running; ++t) v.step();
    CHECK(v.mode() == Mode::GoalTeam1);
    CHECK(v.score() == std::array<int, 2>{0, 1});
    CHECK(own_goals_conceded(v) == std::array<int, 2>{1, 0});
}

TEST_CASE("podball: a carried ball pushed over the goal line inside the mouth scores") {
    // The carried ball sits ahead of its carrier: the carrier stops at the line, the ball's centre
    // crosses it first. (Without goal areas: the attacker could not get this close otherwise.)
    PodballSetup s = idle_setup(1, 1, Mode::Running);
    place(s, 0, 0, {0.4, 0.02});
    place(s, 1, 0, {0.0, -0.25});
    s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, 0, 0};
    PodballWorld w(params_with({{"podball.arena.goal_exclusion_radius", 0.0}}), s, 3);
    issue_ok(w, move(0, 0, 1.0, 0.0, 200));
    for (int t = 0; t < 200 && w.mode() == Mode::Running; ++t) w.step();
    CHECK(w.mode() == Mode::GoalTeam0);
    CHECK(w.score() == std::array<int, 2>{1, 0});
    // Resuming play straight from the goal phase restarts from the centre spot.
    issue_ok(w, command("mode.set", {{"mode", std::string("running")}}));
    CHECK(w.ball().pos == Vec2{0.0, 0.0});
    for (int t = 0; t < 50; ++t) w.step();
    CHECK(w.score() == std::array<int, 2>{1, 0});
}

TEST_CASE("podball: a ball crossing the goal line beside the mouth bounces off") {
    PodballSetup s = idle_setup(1, 1, Mode::Running);
    place(s, 0, 0, {0.3, 0.2});
    place(s, 1, 0, {0.0, -0.25});
    s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, 0, 0};
    PodballWorld w(params_with({{"podball.ball.friction", 0.004}}), s,
                   3);                    // the seed's friction: the shot reaches the line
    issue_ok(w, shoot(0, 0, 1.0, 0.0));   // along y = 0.2, outside the mouth (|y| < 0.1)
    for (int t = 0; t < 150; ++t) w.step();
    CHECK(w.score() == std::array<int, 2>{0, 0});
    CHECK(w.mode() == Mode::Running);
    CHECK(w.ball().vel.x < 0.0);
}

TEST_CASE("podball: after a goal, goal phase, kick-off for the team that conceded, then RUNNING") {
    // The seed's ball friction: the shot from 0.3 runs the 0.17 to the line (today's stops at 0.16).
    const ParamSet params = params_with(
        {{"podball.match.goal_ticks", 40}, {"podball.match.kickoff_ticks", 25}, {"podball.ball.friction", 0.004}});
    PodballSetup s = idle_setup(3, 3, Mode::Running);
    place(s, 0, 0, {0.3, 0.0});
    place(s, 1, 0, {0.0, 0.25});
    s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, 0, 0};
    PodballWorld w(params, s, 3);
    issue_ok(w, shoot(0, 0, 1.0, 0.0));
    step_while(w, Mode::Running);
    const std::int64_t goal_tick = w.tick();
    const std::int64_t running_at_goal = w.running_ticks();
    CHECK(running_at_goal == goal_tick);   // every tick so far was a running tick
    REQUIRE(w.mode() == Mode::GoalTeam0);
    step_while(w, Mode::GoalTeam0);
    CHECK(w.tick() - goal_tick == 40);
    CHECK(w.mode() == Mode::KickoffTeam1);   // team 1 conceded
    CHECK(w.ball().pos == Vec2{0.0, 0.0});
    CHECK(pod_of(w, 0, 0).pos.x < 0.0);   // back in the kick-off formation
    CHECK(pod_of(w, 1, 0).pos.x > 0.0);
    const std::int64_t kickoff_tick = w.tick();
    step_while(w, Mode::KickoffTeam1);
    CHECK(w.tick() - kickoff_tick == 25);
    CHECK(w.mode() == Mode::Running);
    CHECK(w.running_ticks() == running_at_goal);   // time did not count meanwhile
    w.step();
    CHECK(w.running_ticks() == running_at_goal + 1);
    CHECK(w.summary() == "Blue 1 : 0 Red   RUNNING   period 1/2   t=" + std::to_string(w.tick()));
}

TEST_CASE("podball: kick-off keeps the teams apart and the ball on the kicking-off side") {
    for (Mode mode : {Mode::KickoffTeam0, Mode::KickoffTeam1}) {
        CAPTURE(mode_key(mode));
        const int kicking = mode == Mode::KickoffTeam0 ? 0 : 1;
        PodballSetup s;   // chaser against chaser, 5 v 5
        s.start_mode = mode;
        PodballWorld w(params_with(), s, 11);
        const PodballConfig& c = w.config();
        const double line = (kicking == 0 ? 1.0 : -1.0) * c.center_keepoff;   // the defending team's line
        const double eps = 1e-12;
        bool kicking_team_took_ball = false;
        Rng rng(5);
        for (int t = 0; t < static_cast<int>(c.kickoff_ticks); ++t) {
            // The defending team throws itself at the line all along.
            if (t % 10 == 0)
                for (int i = 0; i < 5; ++i)
                    issue_ok(w, move(1 - kicking, i, kicking == 0 ? -1.0 : 1.0, rng.uniform(-0.5, 0.5), 10));
            REQUIRE(w.mode() == mode);
            for (const Pod& p : w.pods()) {
                if (kicking == 0) {
                    if (p.team == 0)
                        REQUIRE(p.pos.x + c.pod_radius <= line + eps);
                    else
                        REQUIRE(p.pos.x - c.pod_radius >= line - eps);
                } else {
                    if (p.team == 1)
                        REQUIRE(p.pos.x - c.pod_radius >= line - eps);
                    else
                        REQUIRE(p.pos.x + c.pod_radius <= line + eps);
                }
            }
            if (kicking == 0)
                REQUIRE(w.ball().pos.x + c.ball_radius <= line + eps);
            else
                REQUIRE(w.ball().pos.x - c.ball_radius >= line - eps);
            if (w.ball().owner >= 0) {
                REQUIRE(w.pods()[w.ball().owner].team == kicking);
                kicking_team_took_ball = true;
            }
            w.step();
        }
        CHECK(kicking_team_took_ball);   // the chaser fetched the ball from the centre spot
        CHECK(w.mode() == Mode::Running);
        CHECK(w.score() == std::array<int, 2>{0, 0});
    }
}

TEST_CASE("podball: during kick-off a free ball bounces off the defending team's keep-off line") {
    for (int kicking = 0; kicking < 2; ++kicking) {
        CAPTURE(kicking);
        const double side = kicking == 0 ? 1.0 : -1.0;   // direction of the defending team's half
        PodballSetup s = idle_setup(1, 1, kicking == 0 ? Mode::KickoffTeam0 : Mode::KickoffTeam1);
        place(s, kicking, 0, {-side * 0.3, 0.0});
        place(s, 1 - kicking, 0, {side * 0.4, 0.2});
        s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, kicking, 0};
        // The seed's ball friction: the shot must run the 0.3 to the keep-off line (0.16 today).
        PodballWorld w(params_with({{"podball.ball.friction", 0.004}}), s, 3);
        const PodballConfig& c = w.config();
        issue_ok(w, shoot(kicking, 0, side, 0.0));
        double furthest = -1.0;
        for (int t = 0; t < 100; ++t) {
            w.step();
            furthest = std::max(furthest, side * w.ball().pos.x);
        }
        const double line = c.center_keepoff - c.ball_radius;   // where the ball's edge meets the line
        CHECK(furthest <= line + 1e-12);
        CHECK(furthest > line - 0.015);       // it got there: a tick's travel short at most
        CHECK(side * w.ball().vel.x < 0.0);   // on its way back
    }
}

TEST_CASE("podball: commands the world refuses leave it unchanged") {
    PodballSetup s;
    s.start_mode = Mode::KickoffTeam0;
    PodballWorld w(params_with(), s, 1);
    const std::uint64_t before = w.hash();
    auto refused = [&](const Command& c, const char* reason_part) {
        auto err = issue(w, c);
        REQUIRE_MESSAGE(err.has_value(), describe(c));
        CHECK_MESSAGE(err->find(reason_part) != std::string::npos, *err);
        CHECK(w.hash() == before);
    };
    refused(command("pod.place", {{"team", std::int64_t{0}}, {"pod", std::int64_t{1}}, {"x", 0.49}, {"y", 0.0}}),
            "outside the arena");
    refused(command("pod.place", {{"team", std::int64_t{0}}, {"pod", std::int64_t{1}}, {"x", 0.0}, {"y", -0.29}}),
            "outside the arena");
    refused(command("pod.place", {{"team", std::int64_t{1}}, {"pod", std::int64_t{7}}, {"x", 0.3}, {"y", 0.0}}),
            "there is no pod 7");
    refused(command("pod.place", {{"team", std::int64_t{1}}, {"pod", std::int64_t{2}}, {"x", 0.0}, {"y", 0.0}}),
            "keep-off");
    refused(command("ball.place", {{"x", 0.0}, {"y", 0.3}}), "outside the arena");
    refused(command("ball.place", {{"x", 0.3}, {"y", 0.0}}), "kick-off");
    refused(command("pod.action", {{"team", std::int64_t{0}},
                                   {"pod", std::int64_t{0}},
                                   {"kind", std::string("dance")},
                                   {"x", 1.0},
                                   {"y", 0.0}}),
            "allowed: move, shoot");
    refused(command("mode.set", {{"mode", std::string("overtime")}}), "allowed:");

    // Accepted ones do change it, and a carried ball comes along with its pod.
    issue_ok(w, command("mode.set", {{"mode", std::string("suspended")}}));
    CHECK(w.mode() == Mode::Suspended);
    issue_ok(w, command("ball.place", {{"x", 0.25}, {"y", 0.1}}));
    CHECK(w.ball().pos == Vec2{0.25, 0.1});
    issue_ok(w, command("pod.place", {{"team", std::int64_t{1}}, {"pod", std::int64_t{2}}, {"x", 0.0}, {"y", 0.0}}));
    CHECK(pod_of(w, 1, 2).pos == Vec2{0.0, 0.0});
}

TEST_CASE("podball: pod.place carries a held ball along and stops the pod") {
    PodballSetup s = idle_setup(2, 2);
    s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, 1, 1};
    PodballWorld w(params_with(), s, 1);
    const Vec2 offset = w.ball().pos - pod_of(w, 1, 1).pos;
    issue_ok(w, command("pod.place", {{"team", std::int64_t{1}}, {"pod", std::int64_t{1}}, {"x", -0.2}, {"y", 0.1}}));
    CHECK(w.ball().pos.x == doctest::Approx(-0.2 + offset.x));
    CHECK(w.ball().pos.y == doctest::Approx(0.1 + offset.y));
    CHECK(pod_of(w, 1, 1).vel == Vec2{0.0, 0.0});
    CHECK(w.ball().owner == w.pod_id(1, 1));
}
