// Podball's match clock: kick-off and after-goal phases, periods counted in running ticks,
// kick-offs alternating as in soccer, and the final whistle with a result.
#include <utility>
#include <vector>

#include "podball_testing.hpp"

using namespace podball_testing;

namespace {

struct Change {
    std::int64_t tick;   // the world tick after which the new mode holds
    Mode mode;
};

// Steps `ticks` times and lists every mode change.
std::vector<Change> mode_changes(PodballWorld& w, int ticks) {
    std::vector<Change> changes;
    Mode last = w.mode();
    for (int t = 0; t < ticks; ++t) {
        w.step();
        if (w.mode() != last) {
            changes.push_back({w.tick(), w.mode()});
            last = w.mode();
        }
    }
    return changes;
}

ParamSet short_match() {
    return params_with({{"podball.match.periods", 3},
                        {"podball.match.period_ticks", 500},
                        {"podball.match.kickoff_ticks", 50},
                        {"podball.match.goal_ticks", 30}});
}

}   // namespace

TEST_CASE("podball periods: kick-off, running time per period, alternating kick-offs, full time") {
    // Team 1 kicks off the first period, so team 0 the second and team 1 the third.
    PodballWorld w(short_match(), idle_setup(1, 1, Mode::KickoffTeam1), 3);
    CHECK(w.first_kickoff_team() == 1);
    const std::vector<Change> changes = mode_changes(w, 2000);
    REQUIRE(changes.size() == 6);
    CHECK(changes[0].tick == 50);   // kick-off phase: 50 ticks
    CHECK(changes[0].mode == Mode::Running);
    CHECK(changes[1].tick == 550);   // 500 running ticks
    CHECK(changes[1].mode == Mode::KickoffTeam0);
    CHECK(changes[2].tick == 600);
    CHECK(changes[2].mode == Mode::Running);
    CHECK(changes[3].tick == 1100);
    CHECK(changes[3].mode == Mode::KickoffTeam1);
    CHECK(changes[4].tick == 1150);
    CHECK(changes[5].tick == 1650);
    CHECK(changes[5].mode == Mode::Final);
    CHECK(w.running_ticks() == 1500);   // nothing counts after the final whistle
    CHECK(w.period() == 3);
    CHECK(w.finished());
    CHECK(w.leader() == -1);
    CHECK(w.summary() == "Blue 0 : 0 Red   FULL TIME   draw   t=2000");
    // The period ends are events, at the last tick of each period.
    std::vector<std::int64_t> ends;
    for (const MatchEvent& e : w.metrics().events)
        if (e.kind == EventKind::PeriodEnd) ends.push_back(e.tick);
    CHECK(ends == std::vector<std::int64_t>{549, 1099, 1649});
}

TEST_CASE("podball periods: a goal pauses the clock; the team that conceded kicks off") {
    // Team 0 kicks off; its pod carries the ball and shoots at the +x goal at tick 100.
    PodballSetup s = idle_setup(1, 1, Mode::Running);
    place(s, 0, 0, {0.1, 0.0});
    place(s, 1, 0, {0.3, 0.25});
    s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, 0, 0};
    // The seed's ball friction, so the shot from 0.1 reaches the line (0.16 runs out at 0.28 today).
    ParamSet params = short_match();
    REQUIRE_FALSE(params.set("podball.ball.friction", 0.004));
    PodballWorld w(params, s, 3);
    for (int t = 0; t < 100; ++t) w.step();
    issue_ok(w, shoot(0, 0, 1.0, 0.0));
    std::int64_t goal_tick = -1, running_at_goal = -1;
    std::vector<Change> changes;
    Mode last = w.mode();
    for (int t = 0; t < 800; ++t) {
        w.step();
        if (w.mode() != last) {
            changes.push_back({w.tick(), w.mode()});
            last = w.mode();
            if (w.mode() == Mode::GoalTeam0) {
                goal_tick = w.tick();
                running_at_goal = w.running_ticks();
            }
        }
    }
    REQUIRE(goal_tick > 100);
    CHECK(running_at_goal == goal_tick);   // RUNNING from tick 0
    REQUIRE(changes.size() >= 4);
    CHECK(changes[0].mode == Mode::GoalTeam0);
    CHECK(changes[1].mode == Mode::KickoffTeam1);   // team 1 conceded
    CHECK(changes[1].tick == goal_tick + 30);
    CHECK(changes[2].mode == Mode::Running);
    CHECK(changes[2].tick == goal_tick + 80);
    // The first period ends after 500 running ticks, 80 ticks later than without the goal;
    // the second is kicked off by the team that did not kick off the first (team 1: the scenario
    // started running, so team 0 counts as having kicked off).
    CHECK(changes[3].tick == 500 + 80);
    CHECK(changes[3].mode == Mode::KickoffTeam1);
    CHECK(w.score() == std::array<int, 2>{1, 0});
    CHECK(w.leader() == 0);
}

TEST_CASE("podball periods: a goal in a period's last tick counts, then the final whistle") {
    // A dry run finds the tick of the goal; then the match is made to end exactly then.
    auto make = [](double period_ticks) {
        PodballSetup s = idle_setup(1, 1, Mode::Running);
        place(s, 0, 0, {-0.2, 0.0});   // with the seed's ball friction a full shot runs 0.8: it reaches the line
        place(s, 1, 0, {0.3, 0.25});
        s.ball = BallPlacement{{0.0, 0.0}, {0.0, 0.0}, 0, 0};
        PodballWorld w(params_with({{"podball.match.periods", 1},
                                    {"podball.match.period_ticks", period_ticks},
                                    {"podball.ball.friction", 0.004}}),
                       s, 3);
        for (int t = 0; t < 150; ++t) w.step();
        issue_ok(w, shoot(0, 0, 1.0, 0.0));
        return w;
    };
    PodballWorld dry = make(6000);
    while (dry.mode() == Mode::Running) dry.step();
    REQUIRE(dry.mode() == Mode::GoalTeam0);
    const std::int64_t goal_running = dry.running_ticks();
    REQUIRE(goal_running >= 100);

    PodballWorld w = make(static_cast<double>(goal_running));
    while (w.mode() == Mode::Running) w.step();
    CHECK(w.mode() == Mode::Final);   // no goal phase: straight to the whistle
    CHECK(w.tick() == dry.tick());
    CHECK(w.score() == std::array<int, 2>{1, 0});
    CHECK(w.leader() == 0);
    CHECK(w.summary().find("FULL TIME   Blue wins") != std::string::npos);
    // Final: pods and ball come to rest, modules are not asked, the clock stands still.
    for (int t = 0; t < 500; ++t) w.step();
    CHECK(w.mode() == Mode::Final);
    CHECK(w.running_ticks() == goal_running);
}

TEST_CASE("podball periods: the match settings are parameters, and mode.set accepts final") {
    const ParamTable& table = podball_param_table();
    for (const char* key : {"podball.match.periods", "podball.match.period_ticks", "podball.match.kickoff_ticks",
                            "podball.match.goal_ticks", "podball.arena.goal_exclusion_radius"})
        CHECK(table.find(key).has_value());
    const ParamSet defaults(table);
    CHECK(defaults.get("podball.match.periods") == 2);
    CHECK(defaults.get("podball.match.period_ticks") == 6000);
    CHECK(defaults.get("podball.arena.goal_exclusion_radius") == 0.12);

    PodballWorld w(params_with(), idle_setup(1, 1, Mode::Running), 1);
    issue_ok(w, command("mode.set", {{"mode", std::string("final")}}));
    CHECK(w.finished());
    w.step();
    CHECK(w.running_ticks() == 0);
}
