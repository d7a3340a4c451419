// Podball's built-in team modules: each sees the world mirrored for team 1 exactly as it would
// see the same situation as team 0, answers the same, and its answer is mirrored back; the
// random module replays by seed; and over 20 seeded full matches `formation` beats `idle` and
// `chaser` beats `random`.
#include <vector>

#include "engine/podball/match_runner.hpp"
#include "engine/podball/team_view.hpp"
#include "podball_testing.hpp"

using namespace podball_testing;

namespace {

// A random situation (world A) and the same one turned by a half-turn with the teams swapped
// (world B): team 0 of A is team 1 of B. Teams of 5 and 4 pods catch index mix-ups.
struct MirroredPair {
    PodballSetup a, b;
};

MirroredPair random_situation(Rng& rng) {
    MirroredPair m;
    const std::array<Mode, 3> modes{Mode::Running, Mode::KickoffTeam0, Mode::KickoffTeam1};
    const Mode mode = modes[rng.below(3)];
    m.a = idle_setup(5, 4, mode);
    m.b = idle_setup(4, 5, mirror_mode(1, mode));
    for (int team = 0; team < 2; ++team)
        for (int i = 0; i < m.a.teams[team].pods; ++i) {
            const Vec2 pos{rng.uniform(-0.46, 0.46), rng.uniform(-0.26, 0.26)};
            const Vec2 vel{rng.uniform(-0.004, 0.004), rng.uniform(-0.004, 0.004)};
            place(m.a, team, i, pos, vel);
            place(m.b, 1 - team, i, -pos, -vel);
        }
    const auto owner = static_cast<int>(rng.below(4));   // 0, 1: a pod of that team holds the ball
    if (owner < 2) {
        const int index = static_cast<int>(rng.below(static_cast<std::uint64_t>(m.a.teams[owner].pods)));
        m.a.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, owner, index};
        m.b.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, 1 - owner, index};
    } else {
        const Vec2 pos{rng.uniform(-0.48, 0.48), rng.uniform(-0.28, 0.28)};
        const Vec2 vel{rng.uniform(-0.01, 0.01), rng.uniform(-0.01, 0.01)};
        m.a.ball = BallPlacement{pos, vel, -1, -1};
        m.b.ball = BallPlacement{-pos, -vel, -1, -1};
    }
    return m;
}

void require_same_pods(const std::vector<PodView>& a, const std::vector<PodView>& b) {
    REQUIRE(a.size() == b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        REQUIRE(a[i].pos == b[i].pos);
        REQUIRE(a[i].vel == b[i].vel);
        REQUIRE(a[i].denied == b[i].denied);
    }
}

void require_same_view(const TeamView& a, const TeamView& b) {
    REQUIRE(a.tick == b.tick);
    REQUIRE(a.mode == b.mode);
    REQUIRE(a.period == b.period);
    REQUIRE(a.own_score == b.own_score);
    REQUIRE(a.opponent_score == b.opponent_score);
    require_same_pods(a.own, b.own);
    require_same_pods(a.opponents, b.opponents);
    REQUIRE(a.ball_pos == b.ball_pos);
    REQUIRE(a.ball_vel == b.ball_vel);
    REQUIRE(a.ball_owner_team == b.ball_owner_team);
    REQUIRE(a.ball_owner_index == b.ball_owner_index);
    REQUIRE(a.own_area_holder == b.own_area_holder);
    REQUIRE(a.opponent_area_holder == b.opponent_area_holder);
}

Scenario match_scenario(const char* module0, const char* module1) {
    Scenario s = default_scenario(podball_lab());
    auto setup = std::make_shared<PodballSetup>();
    setup->teams[0] = TeamInfo{"Blue", module0, 5};
    setup->teams[1] = TeamInfo{"Red", module1, 5};
    s.setup = setup;
    return s;
}

struct Record {
    int wins = 0, draws = 0, losses = 0, goals_for = 0, goals_against = 0;
};

Record play_series(const char* module0, const char* module1) {
    const Scenario s = match_scenario(module0, module1);
    Record r;
    for (std::uint64_t seed = 1; seed <= 20; ++seed) {
        const MatchOutcome o = play_match(s, seed);
        REQUIRE(o.finished);
        r.goals_for += o.score[0];
        r.goals_against += o.score[1];
        if (o.winner == 0)
            ++r.wins;
        else if (o.winner == 1)
            ++r.losses;
        else
            ++r.draws;
    }
    MESSAGE(std::string(module0) << " vs " << std::string(module1) << " over seeds 1..20: " << r.wins << " wins, "
                                 << r.draws << " draws, " << r.losses << " losses, goals " << r.goals_for << " : "
                                 << r.goals_against);
    return r;
}

}   // namespace

TEST_CASE("podball modules: every module's input and output are mirrored for team 1") {
    std::vector<std::string> names = builtin_module_names();
    CHECK(names == std::vector<std::string>{"idle", "chaser", "formation", "passer", "random"});
#ifdef PB_MODULE_DIR
    names.push_back(std::string("lib:") + PB_MODULE_DIR + "/libsimple_striker.so");   // through the C ABI
#endif
    for (const std::string& name : names) {
        CAPTURE(name);
        // Two instances with the same settings and seed, one playing team 0 of A, the other team
        // 1 of B; a sequence of situations, so their memory evolves alike.
        std::string error;
        auto for_a = make_team_module(name, "", error);
        REQUIRE(error.empty());
        auto for_b = make_team_module(name, "", error);
        REQUIRE(error.empty());
        TeamSettings settings;
        settings.config = config_from(params_with());
        settings.own_pods = 5;
        settings.opponent_pods = 4;
        settings.seed = 1234;
        for_a->init(settings);
        for_b->init(settings);
        Rng rng(77);
        TeamView va, vb;
        int moved = 0;
        for (int round = 0; round < 300; ++round) {
            const MirroredPair m = random_situation(rng);
            const PodballWorld a(params_with(), m.a, 1), b(params_with(), m.b, 1);
            build_team_view(a, 0, va);
            build_team_view(b, 1, vb);
            require_same_view(va, vb);
            std::vector<PodAction> act_a(5), act_b(5);
            for_a->play(va, act_a);
            for_b->play(vb, act_b);
            for (int i = 0; i < 5; ++i) {
                REQUIRE(act_a[i] == act_b[i]);
                // In the world, team 1's answer is the half-turned one.
                const PodAction wa = module_action_in_world(act_a[i], 0), wb = module_action_in_world(act_b[i], 1);
                REQUIRE(wa.kind == wb.kind);
                REQUIRE(wa.v == -wb.v);
                if (wa.kind != PodAction::Kind::None) ++moved;
            }
            StateHasher ha, hb;
            for_a->hash(ha);
            for_b->hash(hb);
            REQUIRE(ha.value() == hb.value());
        }
        if (name == "idle")
            CHECK(moved == 0);
        else
            CHECK(moved > 1000);   // the module did act
    }
}

TEST_CASE("podball modules: the random module replays by seed, and its state is in the hash") {
    auto run = [](std::uint64_t seed) {
        PodballSetup s;
        s.teams[0] = TeamInfo{"Blue", "random", 5};
        s.teams[1] = TeamInfo{"Red", "random", 5};
        PodballWorld w(params_with(), s, seed);
        std::vector<std::uint64_t> hashes;
        for (int t = 0; t < 2000; ++t) {
            w.step();
            hashes.push_back(w.hash());
        }
        return hashes;
    };
    const auto first = run(3);
    CHECK(first == run(3));
    CHECK(first != run(4));

    // Snapshots carry the module's generator: a restored world continues identically.
    PodballSetup s;
    s.teams[0] = TeamInfo{"Blue", "random", 5};
    s.teams[1] = TeamInfo{"Red", "passer", 5};
    PodballWorld w(params_with(), s, 8);
    for (int t = 0; t < 700; ++t) w.step();
    const auto snapshot = w.clone();
    std::vector<std::uint64_t> ahead;
    for (int t = 0; t < 500; ++t) {
        w.step();
        ahead.push_back(w.hash());
    }
    w.restore(*snapshot);
    for (int t = 0; t < 500; ++t) {
        w.step();
        REQUIRE(w.hash() == ahead[static_cast<std::size_t>(t)]);
    }
}

TEST_CASE("podball modules: each module's own parameters change how it plays") {
    // A parameter of the module's table section changes the match; one of another module's does not.
    auto final_hash = [](const char* module, std::initializer_list<std::pair<const char*, double>> changes) {
        PodballSetup s;
        s.teams[0] = TeamInfo{"Blue", module, 5};
        s.teams[1] = TeamInfo{"Red", "chaser", 5};
        PodballWorld w(params_with(changes), s, 4);
        for (int t = 0; t < 3000; ++t) w.step();
        // Only the play, not the parameter values, which are part of the hash too.
        return std::vector<double>{w.pods()[0].pos.x, w.pods()[1].pos.y, w.ball().pos.x, double(w.score()[0])};
    };
    CHECK(final_hash("formation", {}) != final_hash("formation", {{"podball.formation.depth", 0.9}}));
    CHECK(final_hash("formation", {}) == final_hash("formation", {{"podball.passer.min_gain", 0.2}}));
    CHECK(final_hash("passer", {}) != final_hash("passer", {{"podball.passer.arrival_speed", 0.9}}));
    CHECK(final_hash("random", {}) != final_hash("random", {{"podball.random.hold_ticks", 5}}));
}

TEST_CASE("podball modules: formation beats idle and chaser beats random over 20 seeded matches") {
    // Full two-period matches (seeds 1..20, default parameters).
    const Record formation = play_series("formation", "idle");
    CHECK(formation.wins == 20);
    CHECK(formation.goals_against == 0);
    CHECK(formation.goals_for >= 20 * 20);
    const Record chaser = play_series("chaser", "random");
    CHECK(chaser.wins >= 19);
    CHECK(chaser.losses == 0);
    CHECK(chaser.goals_for > 10 * chaser.goals_against);
}
