// Undo / redo through the shell's edit history (ui/shell/edit_history.hpp), as the shell drives it:
// for every lab, every command kind a designer issues is applied, undone (the world's hash is the
// one before when the inverse is exact) and redone (the hash after); an inexact inverse is
// flagged, a kind without one refuses with the reason; a recording with undos verifies; a slider
// drag over 30 frames is one edit of at most one command per tick; Shift drags ten times finer.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <map>
#include <set>

#include "engine/core/inverse.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/replay.hpp"
#include "engine/core/scenario.hpp"
#include "engine/effects/commands.hpp"
#include "engine/logistics/commands.hpp"
#include "engine/logistics/world.hpp"
#include "engine/podball/commands.hpp"
#include "engine/podball/world.hpp"
#include "engine/rgs/commands.hpp"
#include "engine/rgs/world.hpp"
#include "engine/tasks/commands.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/edit_history.hpp"
#include "ui/shell/shell.hpp"
#include "ui/shell/shortcuts.hpp"
#include "ui/widgets/param_panel.hpp"
#include "ui_test_support.hpp"

using namespace pb;
using ui::ShellAction;

namespace {

std::string scenario_file(const std::string& name) { return std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name; }

enum class Undo { Exact, Approx, None };

struct Case {
    Command command;
    Undo expect;
};

// Applies, undoes and redoes one command on a fresh simulation of `scenario`, `ticks` in.
void check_case(const std::string& scenario, const Case& c, std::int64_t ticks = 0) {
    CAPTURE(scenario);
    CAPTURE(describe(c.command));
    Simulation sim(load_scenario_file(scenario_file(scenario)));
    sim.advance(ticks);
    ui::EditHistory history;
    const std::uint64_t before = sim.world().hash();
    const std::unique_ptr<World> before_world = sim.world().clone();
    // Tasks counts its solves in its hash (every edit solves the ship again, an undo too): there
    // the world's every other field must come back (diff_states), the counter moves on.
    const bool counts_solves = sim.world().lab().name == "tasks";
    const auto same_as = [&](const World& was, std::uint64_t hash) {
        if (!counts_solves) return sim.world().hash() == hash;
        for (const FieldDifference& d : diff_states(was, sim.world()))
            if (d.path != "solves") {
                MESSAGE("differs: " << d.path);
                return false;
            }
        return true;
    };
    const auto refused = history.apply(sim, c.command);
    REQUIRE_MESSAGE(!refused, refused.value_or(""));
    const std::uint64_t after = sim.world().hash();
    const std::unique_ptr<World> after_world = sim.world().clone();
    CHECK(after != before);
    REQUIRE(history.edits().size() == 1);
    const ui::Edit& e = history.edits().back();
    CHECK_FALSE(e.name.empty());
    CHECK_FALSE(e.changes.empty());
    CHECK(history.undo_label() == "Undo " + e.name);
    if (c.expect == Undo::None) {
        REQUIRE(e.no_undo.has_value());
        const auto why = history.undo(sim);
        REQUIRE(why);
        CHECK(why->find("Cannot undo") != std::string::npos);
        CHECK(sim.world().hash() == after);
        return;
    }
    CHECK_FALSE(e.no_undo);
    CHECK(e.exact == (c.expect == Undo::Exact));
    const auto undone = history.undo(sim);
    REQUIRE_MESSAGE(!undone, undone.value_or(""));
    CHECK(history.can_redo());
    if (c.expect == Undo::Exact)
        CHECK(same_as(*before_world, before));
    else
        CHECK(sim.world().hash() != after);
    const auto redone = history.redo(sim);
    REQUIRE_MESSAGE(!redone, redone.value_or(""));
    if (c.expect == Undo::Exact) CHECK(same_as(*after_world, after));
    CHECK(history.can_undo());
    CHECK_FALSE(history.can_redo());
}

}   // namespace

TEST_CASE("undo: param.set in every lab goes back to the old value, hash and all") {
    for (const char* scenario : {"podball-default.toml", "rgs-two-at-800.toml", "logistics-small-loads.toml",
                                 "tasks-toward-the-stars.toml", "effects-three-waves.toml"}) {
        Simulation sim(load_scenario_file(scenario_file(scenario)));
        const ParamDef& def = sim.world().params().table()[0];
        const double old = sim.world().params()[0];
        const double other = old == def.max ? def.min : def.max;
        check_case(scenario, {make_param_set(0, def.key, other), Undo::Exact});
    }
}

TEST_CASE("undo: podball's placements and mode") {
    using namespace podball;
    const std::string s = "podball-default.toml";
    check_case(s, {to_command(PodPlace{.team = 0, .pod = 1, .x = -0.3, .y = -0.1}), Undo::Exact});
    check_case(s, {to_command(BallPlace{.x = -0.3, .y = 0.2}), Undo::Exact});
    check_case(s, {to_command(ModeSet{.mode = "running"}), Undo::Exact});   // the kick-off and its clock back
    check_case(s, {to_command(ModeSet{.mode = "suspended"}), Undo::Exact}, 200);
    // The formation placed: pods, ball, generator and goal-area state come back (pod.restore, ball.restore, mode.restore).
    check_case(s, {to_command(ModeSet{.mode = "kickoff_team_1"}), Undo::Exact}, 200);
    check_case(s, {to_command(ModeSet{.mode = "kickoff_team_0"}), Undo::Exact}, 1300);
    // Play resumed straight from a goal phase puts the ball on the centre spot: back in the goal.
    Simulation match(load_scenario_file(scenario_file(s)));
    const auto& w = dynamic_cast<const PodballWorld&>(match.world());
    while (match.tick() < 40000 && w.mode() != Mode::GoalTeam0 && w.mode() != Mode::GoalTeam1) match.step();
    REQUIRE_MESSAGE(match.tick() < 40000, "no goal in 40000 ticks");
    match.step();                   // a tick into the goal phase
    CHECK(w.ball().pos.x != 0.0);   // the ball lies in the goal, not on the centre spot
    check_case(s, {to_command(ModeSet{.mode = "running"}), Undo::Exact}, match.tick());
    check_case(s, {to_command(PodActionCommand{.team = 0, .pod = 0, .kind = "move", .x = 1.0, .y = 0.0}), Undo::None});
}

TEST_CASE("undo: a pod or the ball placed in a running match, moving or held, comes back as it was") {
    using namespace podball;
    const std::string s = "podball-default.toml";
    Simulation match(load_scenario_file(scenario_file(s)));
    const auto& w = dynamic_cast<const PodballWorld&>(match.world());
    const auto running = [&] { return w.mode() == Mode::Running; };
    const auto moving = [](Vec2 v) { return v.x != 0.0 || v.y != 0.0; };
    // Moving and free: a pod and the ball in motion, nobody holding it.
    match.advance(200);
    while (match.tick() < 40000 &&
           !(running() && w.ball().owner < 0 && moving(w.ball().vel) && moving(w.pods()[1].vel)))
        match.step();
    REQUIRE_MESSAGE(match.tick() < 40000, "no free, moving ball in 40000 ticks");
    const std::int64_t free_tick = match.tick();
    MESSAGE("free and moving at tick " << free_tick);
    check_case(
        s,
        {to_command(PodPlace{.team = w.pods()[1].team, .pod = w.pods()[1].index, .x = -0.3, .y = -0.1}), Undo::Exact},
        free_tick);
    check_case(s, {to_command(BallPlace{.x = -0.3, .y = 0.2}), Undo::Exact}, free_tick);
    // Held: the ball placed out of a carrier's hold goes back to it; the carrier placed takes the
    // ball along, both come back.
    while (match.tick() < 40000 &&
           !(running() && w.ball().owner >= 0 && moving(w.pods()[static_cast<std::size_t>(w.ball().owner)].vel)))
        match.step();
    REQUIRE_MESSAGE(match.tick() < 40000, "no pod held the ball in 40000 ticks");
    const std::int64_t held_tick = match.tick();
    const Pod& carrier = w.pods()[static_cast<std::size_t>(w.ball().owner)];
    MESSAGE("pod " << carrier.index << " of team " << carrier.team << " holds the ball at tick " << held_tick);
    check_case(s, {to_command(BallPlace{.x = 0.3, .y = -0.2}), Undo::Exact}, held_tick);
    check_case(s, {to_command(PodPlace{.team = carrier.team, .pod = carrier.index, .x = 0.2, .y = 0.25}), Undo::Exact},
               held_tick);
    // What the edit says it changes names the motion and the hold it gives back.
    Simulation sim(load_scenario_file(scenario_file(s)));
    sim.advance(held_tick);
    ui::EditHistory history;
    REQUIRE_FALSE(history.apply(sim, to_command(BallPlace{.x = 0.3, .y = -0.2})));
    bool says_held = false;
    for (const std::string& change : history.edits().back().changes)
        says_held = says_held || change.find("a pod held it") != std::string::npos;
    CHECK(says_held);
    CHECK(history.edits().back().exact);
}

TEST_CASE("undo: rgs moves, marks, damage, repair, main structure, builds and removals") {
    using namespace rgs;
    const std::string s = "rgs-two-at-800.toml";
    check_case(s, {to_command(RgsMove{.id = 0, .x = 3000.0, .y = 4100.0, .z = 600.0}), Undo::Exact});
    check_case(s, {to_command(RgsMark{.id = 1, .marked = true}), Undo::Exact});
    check_case(s, {to_command(RgsDamage{.id = 0, .amount = 25.0}), Undo::Exact});
    check_case(s, {to_command(TeamMain{.team = 1, .alive = false}), Undo::Exact});
    check_case(s, {to_command(RgsPlace{.team = 0, .x = 2000.0, .y = 2000.0, .z = 500.0}), Undo::Exact});
    check_case(s,
               {to_command(RgsPlace{.team = 1, .x = 4000.0, .y = 4300.0, .z = 500.0, .range = 1500.0}), Undo::Exact});
    check_case(s, {to_command(RgsRemove{.id = 1}), Undo::Exact});
    check_case(s, {to_command(RgsRemove{.id = 0}), Undo::Exact},
               37);   // BP mined in between: the refund goes back exactly
    // Repair: damage first (outside the history), then the repair is the edit.
    Simulation sim(load_scenario_file(scenario_file(s)));
    REQUIRE_FALSE(sim.submit(to_command(RgsDamage{.id = 0, .amount = 40.0})));
    ui::EditHistory h;
    const auto before = sim.world().hash();
    REQUIRE_FALSE(h.apply(sim, to_command(RgsRepair{.id = 0})));
    CHECK(h.edits().back().exact);
    REQUIRE_FALSE(h.undo(sim));
    CHECK(sim.world().hash() == before);
}

TEST_CASE("undo: an rgs build paid by deconstructing a marked RGS brings that one back too") {
    using namespace rgs;
    Simulation sim(load_scenario_file(scenario_file("rgs-two-at-800.toml")));
    // Team 0 spends its 50 BP on five drills, then marks RGS 0: the next build replaces it.
    for (int i = 0; i < 5; ++i)
        REQUIRE_FALSE(sim.submit(to_command(RgsPlace{.team = 0, .x = 1000.0 + 300.0 * i, .y = 1000.0, .z = 500.0})));
    REQUIRE_FALSE(sim.submit(to_command(RgsMark{.id = 0})));
    const auto& w = dynamic_cast<const RgsWorld&>(sim.world());
    REQUIRE(w.teams()[0].bp < 10.0);
    ui::EditHistory h;
    const std::uint64_t before = sim.world().hash();
    REQUIRE_FALSE(h.apply(sim, to_command(RgsPlace{.team = 0, .x = 3000.0, .y = 3000.0, .z = 500.0})));
    CHECK(w.find(0) == nullptr);   // deconstructed to pay
    const ui::Edit& e = h.edits().back();
    CHECK(e.exact);
    CHECK(e.inverse.size() == 2);
    REQUIRE_FALSE(h.undo(sim));
    CHECK(sim.world().hash() == before);
    REQUIRE(w.find(0));
    CHECK(w.find(0)->state == State::Marked);
    CHECK(w.structures().size() == 7);
    REQUIRE_FALSE(h.redo(sim));
    CHECK(w.find(0) == nullptr);
    CHECK(w.structures().size() == 8);
}

TEST_CASE("undo: a build no longer the newest is refused at undo time, with the reason; undone in order it works") {
    using namespace rgs;
    Simulation sim(load_scenario_file(scenario_file("rgs-two-at-800.toml")));
    ui::EditHistory h;
    const std::uint64_t before = sim.world().hash();
    REQUIRE_FALSE(h.apply(sim, to_command(RgsPlace{.team = 0, .x = 2000.0, .y = 2000.0, .z = 500.0})));
    REQUIRE_FALSE(h.apply(sim, to_command(RgsPlace{.team = 0, .x = 2600.0, .y = 2000.0, .z = 500.0})));
    // A third build outside the history (a script, the console): RGS 3 is no longer the newest.
    REQUIRE_FALSE(sim.submit(to_command(RgsPlace{.team = 1, .x = 5000.0, .y = 5000.0, .z = 500.0})));
    const auto why = h.undo(sim);
    REQUIRE(why);
    CHECK(why->find("Build RGS 3 could not be undone: RGS 3 is not the newest (RGS 4 came after it)") == 0);
    CHECK(h.can_undo());
    REQUIRE_FALSE(sim.submit(to_command(RgsUnplace{.id = 4})));
    REQUIRE_FALSE(h.undo(sim));
    REQUIRE_FALSE(h.undo(sim));
    CHECK(sim.world().hash() == before);
}

TEST_CASE("undo: a recording with an RGS removal and its undo verifies") {
    test::ScratchDir dir;
    const std::string path = dir.file("remove.pbreplay");
    Simulation sim(load_scenario_file(scenario_file("rgs-two-at-800.toml")));
    SessionRecorder rec;
    rec.start(sim, path);
    ui::EditHistory h;
    sim.advance(12);
    REQUIRE_FALSE(h.apply(sim, to_command(rgs::RgsRemove{.id = 1})));
    sim.advance(8);
    REQUIRE_FALSE(h.undo(sim));   // rgs.restore at tick 20
    const auto* r = dynamic_cast<const rgs::RgsWorld&>(sim.world()).find(1);
    REQUIRE(r);
    CHECK(r->pos.x == 4400.0);
    sim.advance(10);
    rec.stop();
    ReplayLoad l = read_replay_file(path);
    REQUIRE_MESSAGE(l.data.has_value(), l.error);
    REQUIRE(l.data->commands.size() == 2);
    CHECK(l.data->commands[1].type == "rgs.restore");
    CHECK(l.data->commands[1].tick == 20);
    CHECK(verify_replay(*l.data, path).ok());
}

TEST_CASE("undo: logistics moves, settings, walls, placements and removals") {
    using namespace logistics;
    const std::string s = "logistics-small-loads.toml";
    check_case(s, {to_command(TargetMove{.id = 4, .x = 5, .y = 25}), Undo::Exact});
    check_case(s, {to_command(TransporterMove{.id = 0, .x = 8, .y = 8}), Undo::Exact});
    check_case(s, {to_command(TargetSet{.id = 1, .rate = 3.0, .energy = 150.0}), Undo::Exact});
    check_case(s, {to_command(WallSet{.x = 2, .y = 27, .x2 = std::int64_t{5}, .y2 = std::int64_t{28}}), Undo::Exact});
    check_case(s, {to_command(TargetPlace{.kind = "extension", .x = 30, .y = 10, .energy = 20.0}), Undo::Exact});
    check_case(s, {to_command(TransporterPlace{.x = 30, .y = 12}), Undo::Exact});
    check_case(s, {to_command(TargetRemove{.id = 5}), Undo::Exact});
    check_case(s, {to_command(TransporterRemove{.id = 1}), Undo::Exact});
    // Later on: stocks moved, transporters carry loads and hold task chains.
    check_case(s, {to_command(TargetRemove{.id = 2}), Undo::Exact}, 45);
    check_case(s, {to_command(TransporterRemove{.id = 0}), Undo::Exact}, 45);
    check_case(s, {to_command(TransporterRemove{.id = 1}), Undo::Exact}, 45);
    // Moved mid-delivery: back on its tile with the chain the move dropped (transporter.unmove).
    Simulation run(load_scenario_file(scenario_file(s)));
    const auto& lw = dynamic_cast<const LogisticsWorld&>(run.world());
    run.advance(45);
    std::int64_t busy = -1;
    for (const Transporter& t : lw.transporters())
        if (busy < 0 && !t.tasks.empty() && t.request >= 0 && total(t.carry) > 0.0) busy = t.id;
    REQUIRE_MESSAGE(busy >= 0, "no transporter carrying a load to a request at tick 45");
    check_case(s, {to_command(TransporterMove{.id = busy, .x = 8, .y = 8}), Undo::Exact}, 45);
    check_case(s, {to_command(TransporterMove{.id = busy, .x = 8, .y = 8}), Undo::Exact}, 200);
}

TEST_CASE("undo: tasks rooms, corridors, players, equipment, event and costs") {
    using namespace tasks;
    const std::string s = "tasks-toward-the-stars.toml";
    check_case(s, {to_command(RoomMove{.room = 3, .x = 1.5, .y = -2.0}), Undo::Exact});
    check_case(s, {to_command(RoomHazard{.room = 5, .damage = std::int64_t{1}}), Undo::Exact});
    check_case(s, {to_command(CorridorAdd{.from = 0, .to = 36}), Undo::Exact});
    check_case(s, {to_command(CorridorSet{.from = 0, .to = 2, .time = std::int64_t{3}}), Undo::Exact});
    check_case(s, {to_command(CorridorRemove{.from = 32, .to = 36}), Undo::Exact});   // the last one listed
    check_case(s,
               {to_command(CorridorRemove{.from = 0, .to = 2}), Undo::Exact});   // one in the middle: back at its place
    check_case(s, {to_command(PlayerMove{.player = 2, .room = 3}), Undo::Exact});
    check_case(s, {to_command(PlayerAdd{.room = 7}), Undo::Exact});
    check_case(s, {to_command(PlayerRemove{.player = 4}), Undo::Exact});   // the last player
    check_case(s, {to_command(PlayerRemove{.player = 1}), Undo::Exact});   // back at number 1, the later ones move up
    check_case(s, {to_command(EquipmentRemove{.equipment = 1}), Undo::Exact});
    check_case(s, {to_command(EquipmentMove{.equipment = 1, .room = 2}), Undo::Exact});
    check_case(s, {to_command(EquipmentAdd{.room = 9}), Undo::Exact});
    check_case(s, {to_command(EquipmentRemove{.equipment = 3}), Undo::Exact});
    check_case(s, {to_command(EventMove{.room = 19}), Undo::Exact});
    check_case(s, {to_command(TaskCost{.k = 2, .time = std::int64_t{5}}), Undo::Exact});
    check_case(s, {to_command(RoomAdd{.x = 3.0, .y = 3.0}), Undo::Exact});
}

TEST_CASE("undo: effects towers and lane policies") {
    using namespace effects;
    const std::string s = "effects-three-waves.toml";
    check_case(s, {to_command(TowerMove{.id = 0, .x = 7.0, .y = 5.0}), Undo::Exact});
    check_case(s, {to_command(TowerEdit{.id = 1, .range = 5.0, .damage = 9.0}), Undo::Exact});
    check_case(s, {to_command(LanePolicy{.lane = 0, .policy = "independent"}), Undo::Exact});
    check_case(s, {to_command(TowerPlace{.x = 12.0, .y = 10.0}), Undo::Exact});
    check_case(s, {to_command(TowerPlace{.x = 12.0, .y = 10.0}), Undo::Exact}, 90);
    check_case(s, {to_command(TowerRemove{.id = 0}), Undo::Exact});
    check_case(s, {to_command(TowerRemove{.id = 1}), Undo::Exact}, 90);   // it has shot by then
}

TEST_CASE("undo: effects types and interaction rules go back exactly") {
    using namespace effects;
    const std::string s = "effects-three-waves.toml";
    check_case(s, {to_command(EffectDefine{.type = "acid", .kind = "damage"}), Undo::Exact});   // effect.undefine
    check_case(s, {to_command(EffectDefine{.type = "acid", .kind = "slow", .policy = "average"}), Undo::Exact}, 90);
    check_case(s,
               {to_command(EffectDefine{.type = "poison", .kind = "slow", .policy = "average", .label = "Venom"}),
                Undo::Exact},
               90);
    check_case(s, {to_command(InteractionSet{.incoming = "poison", .present = "fire", .action = "block"}),
                   Undo::Exact});   // new
    check_case(s,
               {to_command(InteractionSet{.incoming = "frozen", .present = "fire", .action = "cancel"}), Undo::Exact},
               90);   // changed
    check_case(s, {to_command(InteractionSet{.incoming = "fire", .present = "chill", .action = "coexist"}),
                   Undo::Exact});   // removed
    check_case(
        s, {to_command(InteractionSet{.incoming = "chill", .present = "fire", .action = "coexist"}), Undo::Exact}, 90);
}

TEST_CASE("undo: after time moved on the inverse applies now, and a recording with undos verifies") {
    test::ScratchDir dir;
    const std::string path = dir.file("undo.pbreplay");
    Simulation sim(load_scenario_file(scenario_file("rgs-two-at-800.toml")));
    SessionRecorder rec;
    rec.start(sim, path);
    ui::EditHistory h;
    sim.advance(10);
    REQUIRE_FALSE(h.apply(sim, to_command(rgs::RgsMove{.id = 0, .x = 3000.0, .y = 4000.0, .z = 500.0})));
    REQUIRE_FALSE(h.apply(sim, make_param_set(sim.tick(), "rgs.drill.range", 1200.0)));
    sim.advance(20);
    REQUIRE_FALSE(h.undo(sim));   // the range, at tick 30
    CHECK(sim.world().params().get("rgs.drill.range") == 800.0);
    REQUIRE_FALSE(h.undo(sim));   // the move
    const auto* r = dynamic_cast<const rgs::RgsWorld&>(sim.world()).find(0);
    REQUIRE(r);
    CHECK(r->pos.x == 3600.0);
    CHECK(sim.tick() == 30);   // the world did not rewind
    // Both undos are commands stamped at tick 30.
    REQUIRE(sim.live_commands().size() == 4);
    CHECK(sim.live_commands()[2].tick == 30);
    CHECK(sim.live_commands()[3].tick == 30);
    REQUIRE_FALSE(h.redo(sim));
    sim.advance(10);
    rec.stop();
    ReplayLoad l = read_replay_file(path);
    REQUIRE_MESSAGE(l.data.has_value(), l.error);
    CHECK(l.data->commands.size() == 5);
    CHECK(verify_replay(*l.data, path).ok());
}

TEST_CASE("undo: recordings with a kick-off, a rule removal and a corridor undone in between verify") {
    // The new undo commands go through the replay file (numbers, the generator's hex words) and
    // replay to the same hashes.
    struct Run {
        const char* scenario;
        Command edit;
        std::int64_t at;
    };
    for (const Run& run :
         {Run{"podball-default.toml", to_command(podball::ModeSet{.mode = "kickoff_team_1"}), 230},
          Run{"effects-three-waves.toml",
              to_command(effects::InteractionSet{.incoming = "fire", .present = "chill", .action = "coexist"}), 40},
          Run{"tasks-toward-the-stars.toml", to_command(tasks::CorridorRemove{.from = 0, .to = 2}), 3},
          // ball.restore with its carrier (a pod holds the ball at tick 234), transporter.unmove with a chain
          Run{"podball-default.toml", to_command(podball::BallPlace{.x = 0.3, .y = -0.2}), 234},
          Run{"logistics-small-loads.toml", to_command(logistics::TransporterMove{.id = 0, .x = 8, .y = 8}), 45}}) {
        const std::string scenario = run.scenario;
        CAPTURE(scenario);
        test::ScratchDir dir;
        const std::string path = dir.file("undo.pbreplay");
        Simulation sim(load_scenario_file(scenario_file(run.scenario)));
        SessionRecorder rec;
        rec.start(sim, path);
        ui::EditHistory h;
        sim.advance(run.at);
        const std::uint64_t before = sim.world().hash();
        REQUIRE_FALSE(h.apply(sim, run.edit));
        CHECK(h.edits().back().exact);
        // The held ball's carrier and the transporter's chain are in the undo the file records.
        const std::string undo = describe(h.edits().back().inverse.front());
        if (run.edit.type == podball::BallPlace::name.text) CHECK(undo.find("owner_pod=") != std::string::npos);
        if (run.edit.type == logistics::TransporterMove::name.text)
            CHECK(undo.find("tasks=\"withdraw") != std::string::npos);
        REQUIRE_FALSE(h.undo(sim));
        if (!sim.world().lab().name.starts_with("tasks")) CHECK(sim.world().hash() == before);
        sim.advance(30);
        rec.stop();
        ReplayLoad l = read_replay_file(path);
        REQUIRE_MESSAGE(l.data.has_value(), l.error);
        CHECK(l.data->commands.size() == 1 + h.edits().back().inverse.size());   // the edit and its undo
        CHECK(verify_replay(*l.data, path).ok());
    }
}

TEST_CASE("undo: the shell's Edit actions, keys and the Edits list") {
    Simulation sim = test::default_simulation();
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, ui::ShellOptions{}};
    CHECK(ui::action_for_key(SDL_SCANCODE_Z, true, false, false, false) == ShellAction::Undo);
    CHECK(ui::action_for_key(SDL_SCANCODE_Z, true, true, false, false) == ShellAction::Redo);
    CHECK(ui::action_for_key(SDL_SCANCODE_Y, true, false, false, false) == ShellAction::Redo);
    renderer.render(shell, 2);
    shell.perform(ShellAction::Undo);
    CHECK(shell.status() == "Nothing to undo");
    CHECK(shell.edit_history().undo_label() == "Undo");

    // Reset all, clicked in the panel, is one edit for every parameter it resets; Ctrl+Z (the
    // Undo action) brings both values back, the menu names it.
    sim.advance(5);
    shell.show_edits_window(true);
    REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.friction", 0.01)));
    REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.mass", 1.0)));
    renderer.render(shell, 2);
    const ui::WidgetRect* found = shell.widgets().find("params.reset_all");
    REQUIRE(found);
    const ui::WidgetRect reset_all = *found;
    renderer.set_mouse(std::make_pair(reset_all.center_x(), reset_all.center_y()));
    renderer.render_frame(shell);
    renderer.set_mouse_down(true);
    renderer.render_frame(shell);
    renderer.set_mouse_down(false);
    renderer.render_frame(shell);
    renderer.render_frame(shell);
    CHECK(sim.world().params().get("podball.ball.friction") == 0.02);   // the default (since engine 7)
    CHECK(sim.world().params().get("podball.ball.mass") == doctest::Approx(0.2));
    REQUIRE(shell.edit_history().edits().size() == 1);
    CHECK(shell.edit_history().edits()[0].forward.size() == 2);
    CHECK(shell.edit_history().undo_label() == "Undo reset all parameters");
    CHECK(shell.widgets().find("edits.window"));
    CHECK(shell.widgets().find("edits.row.0"));
    shell.perform(ShellAction::Undo);
    CHECK(sim.world().params().get("podball.ball.friction") == 0.01);
    CHECK(sim.world().params().get("podball.ball.mass") == 1.0);
    CHECK(shell.status().find("Undo reset all parameters") == 0);
    shell.perform(ShellAction::Redo);
    CHECK(sim.world().params().get("podball.ball.friction") == 0.02);   // the default (since engine 7)
    renderer.set_mouse(std::nullopt);
    if (const char* out = std::getenv("PB_UNDO_PNG")) {
        std::string error;
        shell.perform(ShellAction::Undo);
        renderer.render(shell, 2);
        // The Edit menu open, naming what Undo and Redo would do.
        renderer.set_mouse(std::make_pair(62.0f, 10.0f));
        renderer.render_frame(shell);
        renderer.set_mouse_down(true);
        renderer.render_frame(shell);
        renderer.set_mouse_down(false);
        renderer.render(shell, 2);
        CHECK(renderer.write_png(out, error));
    }
}

TEST_CASE("undo: a slider drag over 30 frames is one edit, at most one command a tick; Shift is ten times finer") {
    const std::string key = "podball.ball.friction";
    // Drags the friction slider from its centre by `pixels` over 30 frames; returns the history's
    // edits, the live commands and the value's move along the slider (0..1).
    struct Outcome {
        std::size_t edits = 0;
        std::vector<Command> commands;
        double travel = 0.0;
        std::int64_t ticks = 0;
        double undone = 0.0;
    };
    const auto drag = [&](bool running, bool shift, float pixels) {
        Simulation sim = test::default_simulation();
        // Tall enough that the ball's section (below the pod's sliders and derived values) is on
        // screen without scrolling the panel.
        ui::OffscreenRenderer renderer{1280, 1400};
        REQUIRE_MESSAGE(renderer.ok(), renderer.error());
        ui::Shell shell{sim, ui::ShellOptions{}};
        renderer.render(shell, 3);
        const ui::WidgetRect* r = shell.widgets().find("param." + key);
        REQUIRE(r);
        REQUIRE(r->visible);
        const float x0 = r->center_x(), y = r->center_y();
        renderer.set_mouse(std::make_pair(x0, y));
        renderer.set_shift(shift);
        renderer.set_mouse_down(true);
        renderer.render_frame(shell);   // the press (changes nothing: the drag moves from the value)
        shell.set_paused(!running);
        const ParamDef& def = sim.world().params().table()[*sim.world().params().table().find(key)];
        const double start = shell.edit_history().pending_param(key).value_or(sim.world().params().get(key));
        const std::int64_t t0 = sim.tick();
        for (int i = 1; i <= 30; ++i) {
            renderer.set_mouse(std::make_pair(x0 + pixels * static_cast<float>(i) / 30.0f, y));
            shell.update(1.0 / 60.0);
            renderer.render_frame(shell);
        }
        renderer.set_mouse_down(false);
        renderer.render_frame(shell);
        renderer.render_frame(shell);
        Outcome o;
        o.edits = shell.edit_history().edits().size();
        o.commands = sim.live_commands();
        o.travel = ui::slider_fraction(def, sim.world().params().get(key)) - ui::slider_fraction(def, start);
        o.ticks = sim.tick() - t0;
        // The whole drag is one undo step: Ctrl+Z puts back the value from before the press.
        shell.set_paused(true);
        shell.perform(ShellAction::Undo);
        o.undone = sim.world().params().get(key);
        return o;
    };

    // Leftwards: the friction's default sits at 0.8 of its log slider, too near the right end for
    // 60 px to the right.
    SUBCASE("paused: one command at the release") {
        const Outcome o = drag(false, false, -60.0f);
        CHECK(o.edits == 1);
        CHECK(o.commands.size() == 1);
        CHECK(o.travel < -0.05);
        CHECK(o.undone == 0.02);   // the default ball friction (since engine 7)
    }
    SUBCASE("running: one edit, at most one command per tick") {
        const Outcome o = drag(true, false, -60.0f);
        CHECK(o.ticks > 10);
        CHECK(o.edits == 1);
        CHECK(o.commands.size() >= 2);
        std::set<std::int64_t> ticks;
        for (const Command& c : o.commands) CHECK(ticks.insert(c.tick).second);
        CHECK(o.commands.size() <= static_cast<std::size_t>(o.ticks) + 1);
        CHECK(o.undone == 0.02);   // the default ball friction (since engine 7)
    }
    SUBCASE("Shift moves ten times less") {
        const Outcome plain = drag(false, false, -60.0f);
        const Outcome fine = drag(false, true, -60.0f);
        CAPTURE(plain.travel);
        CAPTURE(fine.travel);
        REQUIRE(fine.travel < 0.0);
        CHECK(plain.travel / fine.travel > 8.0);
        CHECK(plain.travel / fine.travel < 12.5);
    }
}

TEST_CASE(
    "undo: a slider moves from where its value is: a press off the handle changes nothing, a drag moves by the "
    "pointer") {
    // A log-scaled slider (its value near the right end) and a linear one, each pressed at a tenth
    // of its width, far left of its handle.
    for (const char* key : {"podball.ball.friction", "podball.pod.restitution"}) {
        CAPTURE(key);
        Simulation sim = test::default_simulation();
        ui::OffscreenRenderer renderer{1280, 1400};   // tall: every section on screen, no scrolling
        REQUIRE_MESSAGE(renderer.ok(), renderer.error());
        ui::Shell shell{sim, ui::ShellOptions{}};
        renderer.render(shell, 3);
        const ui::WidgetRect* found = shell.widgets().find(std::string("param.") + key);
        REQUIRE(found);
        REQUIRE(found->visible);
        const ui::WidgetRect r = *found;   // the locator is refilled every frame
        const ParamDef& def = sim.world().params().table()[*sim.world().params().table().find(key)];
        const double before = sim.world().params().get(key);
        const double start = ui::slider_fraction(def, before);
        REQUIRE(start > 0.5);
        const float x0 = r.x + r.w * 0.1f, y = r.center_y();

        // A click on the track: nothing changes, nothing to undo.
        renderer.set_mouse(std::make_pair(x0, y));
        renderer.render_frame(shell);
        renderer.set_mouse_down(true);
        renderer.render_frame(shell);
        renderer.render_frame(shell);
        renderer.set_mouse_down(false);
        renderer.render(shell, 2);
        CHECK(sim.world().params().get(key) == before);
        CHECK(shell.edit_history().edits().empty());
        CHECK(sim.live_commands().empty());

        // A press there and a 50 px drag left: the handle moves 50 px from where it was (ImGui's
        // own slider would have jumped to the pointer, a tenth of the way along, then hit the end).
        renderer.set_mouse_down(true);
        renderer.render_frame(shell);
        for (int i = 1; i <= 10; ++i) {
            renderer.set_mouse(std::make_pair(x0 - 5.0f * static_cast<float>(i), y));
            renderer.render_frame(shell);
        }
        renderer.set_mouse_down(false);
        renderer.render(shell, 2);
        const double after = sim.world().params().get(key);
        // The handle's travel: the slider less its grab (GrabMinSize 10 px at UI scale 1,
        // ui/widgets/style.cpp) and ImGui's 2 px padding on each side.
        const double travel = r.w - 10.0 - 4.0;
        CAPTURE(before);
        CAPTURE(after);
        CHECK(start - ui::slider_fraction(def, after) == doctest::Approx(50.0 / travel).epsilon(0.02));
        CHECK(shell.edit_history().edits().size() == 1);   // one drag, one edit
        shell.perform(ShellAction::Undo);
        CHECK(sim.world().params().get(key) == before);
    }
}

TEST_CASE("undo: slider helpers, log scale and nudges") {
    const ParamDef friction{"lab.ball.friction", "Ball friction", "force per speed", 0.0005, 0.05, 0.004, "slows"};
    const ParamDef ticks{"lab.rules.keep", "Keep", "ticks", 1, 5000, 200, "hold", ParamType::Integer};
    const ParamDef linear{"lab.ball.bounce", "Bounce", "", 0.0, 1.0, 0.5, "restitution"};
    CHECK(friction.log_scale());
    CHECK_FALSE(ticks.log_scale());
    CHECK_FALSE(linear.log_scale());
    CHECK(ui::slider_fraction(friction, 0.005) == doctest::Approx(0.5));   // the middle of two decades
    CHECK(ui::slider_value(friction, 0.5) == doctest::Approx(0.005));
    CHECK(ui::dragged_value(linear, 0.5, 20.0, 200.0, false) == doctest::Approx(0.6));
    CHECK(ui::dragged_value(linear, 0.5, 20.0, 200.0, true) == doctest::Approx(0.51));
    CHECK(ui::nudged_value(linear, 0.5, +1, false) == doctest::Approx(0.51));
    CHECK(ui::nudged_value(linear, 0.5, -1, true) == doctest::Approx(0.499));
    CHECK(ui::nudged_value(ticks, 200, +1, false) == 250);
    CHECK(ui::nudged_value(ticks, 200, -1, true) == 195);
    CHECK(ui::nudged_value(linear, 1.0, +1, false) == 1.0);   // stays in range
}

TEST_CASE("undo: while reviewing a replay, Undo takes back a note added and Redo adds it again") {
    test::ScratchDir dir;
    const std::string path = dir.file("notes.pbreplay");
    {
        Simulation rec_sim = test::default_simulation();
        SessionRecorder rec;
        rec.start(rec_sim, path);
        rec_sim.advance(60);
        rec.stop();
    }
    Simulation sim = test::default_simulation();
    ui::Shell shell{sim, ui::ShellOptions{}};
    REQUIRE(shell.open_replay(path));
    shell.review()->seek(20);
    REQUIRE(shell.review()->add_note("the press starts here", glm::dvec2(0.1, 0.0)));
    REQUIRE(shell.review()->notes().size() == 1);
    shell.review()->seek(50);
    shell.perform(ShellAction::Undo);
    CHECK(shell.review()->notes().empty());
    CHECK(shell.status() == "Undo note at t=20");
    shell.perform(ShellAction::Redo);
    REQUIRE(shell.review()->notes().size() == 1);
    CHECK(shell.review()->notes()[0].tick == 20);
    CHECK(shell.review()->notes()[0].text == "the press starts here");
    CHECK(shell.review()->player().tick() == 50);
    // In the file too: the replay read again holds the note once.
    ReplayLoad l = read_replay_file(path);
    REQUIRE(l.data.has_value());
    CHECK(l.data->notes.size() == 1);
}

TEST_CASE("undo: undoing back to the file's values leaves nothing unsaved; anything else stays unsaved") {
    Simulation sim = test::default_simulation();
    ui::Shell shell{sim, ui::ShellOptions{}};
    const auto unsaved_title = [&] { return shell.window_title().rfind("* ", 0) == 0; };
    CHECK_FALSE(shell.dirty());
    CHECK_FALSE(unsaved_title());

    // A slider's edit, then Undo: the file's value again, so nothing to save.
    REQUIRE_FALSE(shell.edit_history().apply(sim, make_param_set(sim.tick(), "podball.ball.friction", 0.01)));
    CHECK(shell.dirty());
    CHECK(unsaved_title());
    shell.perform(ShellAction::Undo);
    CHECK(sim.world().params().get("podball.ball.friction") == 0.02);
    CHECK_FALSE(shell.dirty());
    CHECK_FALSE(unsaved_title());
    shell.perform(ShellAction::Redo);
    CHECK(shell.dirty());

    // Two edits, both undone, also after time moved on.
    shell.perform(ShellAction::Undo);
    REQUIRE_FALSE(shell.edit_history().apply(sim, make_param_set(sim.tick(), "podball.ball.mass", 1.0)));
    sim.advance(30);
    REQUIRE_FALSE(shell.edit_history().apply(sim, make_param_set(sim.tick(), "podball.ball.friction", 0.03)));
    shell.perform(ShellAction::Undo);
    CHECK(shell.dirty());   // the mass is still 1
    shell.perform(ShellAction::Undo);
    CHECK_FALSE(shell.dirty());

    // A command that did not come through the edit history (as a steered pod's) is unsaved work
    // even with the history back where it was.
    REQUIRE_FALSE(sim.submit(make_param_set(sim.tick(), "podball.ball.mass", 0.5)));
    CHECK(shell.dirty());
}
