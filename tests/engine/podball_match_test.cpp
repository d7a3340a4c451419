// Podball over whole matches: the chaser module against idle, mirroring, long random matches that
// must stay finite and inside the arena, determinism and snapshot/restore.
#include <vector>

#include "engine/podball/team_view.hpp"
#include "podball_testing.hpp"

using namespace podball_testing;

namespace {

PodballSetup match(const char* module0, const char* module1, Mode start = Mode::KickoffTeam0, int pods = 5) {
    PodballSetup s;
    s.teams[0] = TeamInfo{"Blue", module0, pods};
    s.teams[1] = TeamInfo{"Red", module1, pods};
    s.start_mode = start;
    return s;
}

// Random designer meddling: overrides with moves and shots, occasionally a mode change.
void meddle(PodballWorld& w, Rng& rng) {
    if (rng.below(8) != 0) return;
    const auto team = static_cast<std::int64_t>(rng.below(2));
    const auto pod = static_cast<std::int64_t>(rng.below(static_cast<std::uint64_t>(w.teams()[team].pods)));
    const bool shot = rng.below(4) == 0;
    Command c = command("pod.action", {{"team", team},
                                       {"pod", pod},
                                       {"kind", std::string(shot ? "shoot" : "move")},
                                       {"x", rng.uniform(-1.5, 1.5)},
                                       {"y", rng.uniform(-1.5, 1.5)},
                                       {"ticks", static_cast<std::int64_t>(1 + rng.below(40))}});
    issue_ok(w, c);
    if (rng.below(300) == 0) {
        // Any parameter to any allowed value, extremes included.
        const ParamTable& table = podball_param_table();
        const ParamDef& d = table[rng.below(table.size())];
        double value = rng.below(3) == 0 ? (rng.below(2) ? d.min : d.max) : rng.uniform(d.min, d.max);
        if (d.type != ParamType::Real) value = std::round(value);
        issue_ok(w, make_param_set(w.tick(), d.key, value));
    }
    if (rng.below(400) == 0) {
        const auto& keys = mode_keys();
        // Any mode at any moment, kick-offs (which reset the formation) and goal phases included.
        issue_ok(w, command("mode.set", {{"mode", keys[rng.below(keys.size())]}}));
    }
}

void require_sane(const PodballWorld& w) {
    const PodballConfig& c = w.config();
    const double hx = c.arena_width / 2.0, hy = c.arena_height / 2.0, eps = 1e-9;
    for (const Pod& p : w.pods()) {
        REQUIRE(std::isfinite(p.pos.x));
        REQUIRE(std::isfinite(p.pos.y));
        REQUIRE(std::isfinite(p.vel.x));
        REQUIRE(std::isfinite(p.vel.y));
        REQUIRE(std::abs(p.pos.x) <= hx - c.pod_radius + eps);
        REQUIRE(std::abs(p.pos.y) <= hy - c.pod_radius + eps);
    }
    const Ball& b = w.ball();
    REQUIRE(std::isfinite(b.pos.x));
    REQUIRE(std::isfinite(b.pos.y));
    REQUIRE(std::isfinite(b.vel.x));
    REQUIRE(std::isfinite(b.vel.y));
    // The ball's centre may reach the goal line (that is a goal), never beyond.
    REQUIRE(std::abs(b.pos.x) <= hx + eps);
    REQUIRE(std::abs(b.pos.y) <= hy - c.ball_radius + eps);
}

}   // namespace

TEST_CASE("podball: the chaser scores against idle, idle never scores") {
    // Measured over seeds 1..100 and both sides: 8 or 9 goals in 4000 ticks with support play,
    // 7 to 9 with every pod chasing.
    for (double support : {1.0, 0.0})
        for (int side = 0; side < 2; ++side) {
            CAPTURE(support);
            CAPTURE(side);
            PodballSetup s = side == 0 ? match("chaser", "idle") : match("idle", "chaser", Mode::KickoffTeam1);
            PodballWorld w(params_with({{"podball.chaser.support", support}}), s, 42);
            for (int t = 0; t < 4000; ++t) w.step();
            INFO("chaser vs idle after 4000 ticks: " << w.summary());
            CHECK(w.score()[side] >= 6);
            CHECK(w.score()[1 - side] == 0);
        }
}

TEST_CASE("podball: a module sees the same situation playing for team 0 or, mirrored, for team 1") {
    // World B is world A turned by a half-turn with the teams swapped. The chaser's seeded
    // variation and the kick-off jitter are off: they draw from generators per team slot and pod.
    const ParamSet params = params_with({{"podball.chaser.variation", 0.0}, {"podball.match.kickoff_jitter", 0.0}});
    PodballWorld a(params, match("chaser", "idle", Mode::KickoffTeam0), 9);
    PodballWorld b(params, match("idle", "chaser", Mode::KickoffTeam1), 9);
    TeamView va, vb;
    for (int t = 0; t < 1500; ++t) {
        REQUIRE(mirror_mode(1, b.mode()) == a.mode());
        for (int i = 0; i < 5; ++i) {
            const Pod& pa = pod_of(a, 0, i);
            const Pod& pb = pod_of(b, 1, i);
            REQUIRE(pa.pos.x == doctest::Approx(-pb.pos.x).epsilon(1e-9));
            REQUIRE(pa.pos.y == doctest::Approx(-pb.pos.y).epsilon(1e-9));
        }
        build_team_view(a, 0, va);
        build_team_view(b, 1, vb);
        REQUIRE(va.mode == vb.mode);
        REQUIRE(va.own_score == vb.own_score);
        REQUIRE(va.ball_owner_team == vb.ball_owner_team);
        REQUIRE(va.ball_owner_index == vb.ball_owner_index);
        REQUIRE(va.ball_pos.x == doctest::Approx(vb.ball_pos.x).epsilon(1e-9));
        REQUIRE(va.ball_pos.y == doctest::Approx(vb.ball_pos.y).epsilon(1e-9));
        for (int i = 0; i < 5; ++i) {
            REQUIRE(va.own[i].pos.x == doctest::Approx(vb.own[i].pos.x).epsilon(1e-9));
            REQUIRE(va.opponents[i].vel.y == doctest::Approx(vb.opponents[i].vel.y).epsilon(1e-9));
        }
        a.step();
        b.step();
    }
    CHECK(a.score()[0] >= 1);   // something happened worth mirroring
    CHECK(b.score()[1] == a.score()[0]);
}

TEST_CASE("podball: module actions are un-mirrored, limited to unit length, NaN idles") {
    const PodAction move{PodAction::Kind::Move, Vec2{3.0, 4.0}};
    const PodAction m0 = module_action_in_world(move, 0);
    CHECK(m0.v.x == doctest::Approx(0.6));
    CHECK(m0.v.y == doctest::Approx(0.8));
    const PodAction m1 = module_action_in_world(move, 1);
    CHECK(m1.v.x == doctest::Approx(-0.6));
    CHECK(m1.v.y == doctest::Approx(-0.8));
    const PodAction small = module_action_in_world(PodAction{PodAction::Kind::Shoot, Vec2{0.1, -0.2}}, 1);
    CHECK(small.kind == PodAction::Kind::Shoot);
    CHECK(small.v == Vec2{-0.1, 0.2});
    const double nan = std::nan("");
    CHECK(module_action_in_world(PodAction{PodAction::Kind::Move, Vec2{nan, 0.0}}, 0).kind == PodAction::Kind::None);
    CHECK(module_action_in_world(PodAction{PodAction::Kind::Shoot, Vec2{1.0, INFINITY}}, 1).kind ==
          PodAction::Kind::None);
}

TEST_CASE("podball: long random matches stay finite and inside the arena") {
    for (std::uint64_t seed : {1u, 2u, 3u, 4u}) {
        CAPTURE(seed);
        Rng rng(seed * 7919);
        // Vary the teams and a few parameters per seed, frictionless pods included.
        ParamSet params = seed == 3   ? params_with({{"podball.pod.friction", 0.0}, {"podball.pod.thrust", 0.00005}})
                          : seed == 4 ? params_with({{"podball.arena.width", 0.6}, {"podball.pod.radius", 0.04}})
                                      : params_with();
        PodballWorld w(params,
                       match("chaser", seed == 2 ? "idle" : "chaser", Mode::KickoffTeam0, 3 + static_cast<int>(seed)),
                       seed);
        for (int t = 0; t < 20000; ++t) {
            meddle(w, rng);
            w.step();
            require_sane(w);
        }
    }
}

TEST_CASE("podball: the same seed and commands give the same hash sequence") {
    auto run = [](std::uint64_t seed) {
        PodballWorld w(params_with(), match("chaser", "chaser"), seed);
        Rng rng(99);
        std::vector<std::uint64_t> hashes;
        for (int t = 0; t < 3000; ++t) {
            meddle(w, rng);
            if (t == 1000) issue_ok(w, make_param_set(t, "podball.ball.friction", 0.006));
            w.step();
            hashes.push_back(w.hash());
        }
        return hashes;
    };
    const auto first = run(5);
    CHECK(first == run(5));
    CHECK(first != run(6));   // the seed is part of the state (module seeds, world RNG)
}

TEST_CASE("podball: snapshot and restore replay the same future") {
    PodballWorld w(params_with(), match("chaser", "chaser"), 17);
    for (int t = 0; t < 1200; ++t) w.step();
    const std::unique_ptr<World> snapshot = w.clone();
    CHECK(snapshot->hash() == w.hash());
    std::vector<std::uint64_t> first;
    for (int t = 0; t < 800; ++t) {
        w.step();
        first.push_back(w.hash());
    }
    w.restore(*snapshot);
    CHECK(w.tick() == 1200);
    for (int t = 0; t < 800; ++t) {
        w.step();
        REQUIRE(w.hash() == first[static_cast<std::size_t>(t)]);
    }
    // The snapshot itself was not disturbed by the stepping of the world it came from.
    CHECK(snapshot->tick() == 1200);
}

TEST_CASE("podball: a parameter change takes effect at once and is part of the hash") {
    PodballWorld w(params_with(), match("idle", "idle", Mode::Suspended, 1), 1);
    const std::uint64_t before = w.hash();
    issue_ok(w, make_param_set(0, "podball.ball.friction", 0.008));
    CHECK(w.hash() != before);
    CHECK(w.config().ball_friction == 0.008);
    auto err = issue(w, make_param_set(0, "podball.ball.friction", 0.5));
    CHECK(err.has_value());
    CHECK(w.config().ball_friction == 0.008);
}
