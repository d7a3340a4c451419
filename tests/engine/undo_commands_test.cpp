// The commands undo uses in the Effects, Logistics and Tasks labs (engine/<lab>/inverse.cpp):
// what they put back, and their refusals with the reason. (RGS: rgs_undo_commands_test.cpp.)
#include <doctest/doctest.h>

#include <cstdio>
#include <string>

#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/effects/commands.hpp"
#include "engine/effects/world.hpp"
#include "engine/logistics/commands.hpp"
#include "engine/logistics/world.hpp"
#include "engine/podball/commands.hpp"
#include "engine/podball/world.hpp"
#include "engine/tasks/commands.hpp"
#include "engine/tasks/world.hpp"

using namespace pb;

namespace {

Simulation simulation_of(const std::string& name) {
    return Simulation(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name));
}

bool contains(const std::optional<std::string>& text, const std::string& part) {
    return text && text->find(part) != std::string::npos;
}

// The last transporter with a task chain (and, if asked, a request it serves), or nullptr.
const logistics::Transporter* busy_transporter(const logistics::LogisticsWorld& w, bool with_request) {
    const logistics::Transporter* busy = nullptr;
    for (const logistics::Transporter& t : w.transporters())
        if (!t.tasks.empty() && (!with_request || t.request >= 0)) busy = &t;
    return busy;
}

}   // namespace

TEST_CASE("tower.unplace takes the newest tower off every lane; tower.restore brings a removed one back as it was") {
    using namespace effects;
    Simulation sim = simulation_of("effects-three-waves.toml");
    const auto& w = dynamic_cast<const EffectsWorld&>(sim.world());
    const std::size_t towers = w.lanes().front().towers().size();
    REQUIRE(towers >= 2);
    sim.advance(60);
    const std::uint64_t before = sim.world().hash();
    REQUIRE_FALSE(sim.submit(to_command(TowerPlace{.x = 12.0, .y = 10.0})));
    REQUIRE_FALSE(sim.submit(to_command(TowerPlace{.x = 14.0, .y = 10.0})));
    const auto newest = static_cast<std::int64_t>(towers + 1);
    CHECK(contains(sim.submit(to_command(TowerUnplace{.id = newest - 1})),
                   "tower " + std::to_string(newest - 1) + " is not the newest (tower " + std::to_string(newest) +
                       " came after it)"));
    CHECK(contains(sim.submit(to_command(TowerUnplace{.id = 99})), "there is no tower 99"));
    REQUIRE_FALSE(sim.submit(to_command(TowerUnplace{.id = newest})));
    REQUIRE_FALSE(sim.submit(to_command(TowerUnplace{.id = newest - 1})));
    CHECK(sim.world().hash() == before);
    for (const Lane& lane : w.lanes()) CHECK(lane.towers().size() == towers);

    sim.advance(40);
    const Tower shot = w.lanes().front().towers()[0];
    CHECK(shot.shots > 0);
    const std::uint64_t kept = sim.world().hash();
    CHECK(contains(sim.submit(to_command(TowerRestore{.id = 0})),
                   "tower 0 is still on the lane: only a removed tower can be restored"));
    REQUIRE_FALSE(sim.submit(to_command(TowerRemove{.id = 0})));
    CHECK(contains(sim.submit(to_command(TowerUnplace{.id = 0})), "tower 0 was removed"));
    CHECK(contains(sim.submit(to_command(TowerRestore{.id = 70})), "there is no tower 70 to restore"));
    REQUIRE_FALSE(sim.submit(to_command(TowerRestore{.id = 0})));
    CHECK(sim.world().hash() == kept);
    CHECK(w.lanes().front().towers()[0].shots == shot.shots);
}

TEST_CASE("target/transporter unplace and restore: the newest only, back as it was, refusals with reasons") {
    using namespace logistics;
    Simulation sim = simulation_of("logistics-small-loads.toml");
    const auto& w = dynamic_cast<const LogisticsWorld&>(sim.world());
    sim.advance(45);
    const logistics::Transporter* busy = busy_transporter(w, false);   // on its way with a task chain by now
    REQUIRE(busy);
    const Transporter kept = *busy;
    const auto tid = static_cast<std::int64_t>(kept.id);
    const std::uint64_t before = sim.world().hash();
    REQUIRE_FALSE(sim.submit(to_command(TransporterRemove{.id = tid})));
    TransporterRestore back{.id = tid,
                            .x = kept.pos.x,
                            .y = kept.pos.y,
                            .capacity = kept.capacity_override,
                            .speed = kept.speed_override,
                            .energy = kept.carry[0],
                            .mineral = kept.carry[1],
                            .tasks = tasks_text(kept.tasks),
                            .progress = kept.progress,
                            .request = kept.request,
                            .via = kept.via,
                            .assigned_rate = kept.assigned_rate,
                            .travelled = kept.travelled};
    TransporterRestore bad = back;
    bad.tasks = "fly 3 energy 10 0";
    CHECK(contains(sim.submit(to_command(bad)), "unknown task kind \"fly\""));
    bad.tasks = "transfer 99 energy 10 0";
    CHECK(contains(sim.submit(to_command(bad)), "names target 99, which never was"));
    bad.tasks = back.tasks;
    bad.energy = 1e6;
    CHECK(contains(sim.submit(to_command(bad)), "over its capacity"));
    REQUIRE_FALSE(sim.submit(to_command(back)));   // without the ledger: its load is booked back as an edit
    CHECK(w.transporters()[kept.id].tasks.size() == kept.tasks.size());
    CHECK(contains(sim.submit(to_command(back)), "is still in the colony: only a removed transporter can be restored"));
    CHECK(sim.world().hash() == before);   // the load came back as it went: the ledger too

    // A target: the newest only, and not while a transporter's chain names it.
    const auto next = static_cast<std::int64_t>(w.targets().size());
    REQUIRE_FALSE(sim.submit(to_command(TargetPlace{.kind = "extension", .x = 30, .y = 10})));
    REQUIRE_FALSE(sim.submit(to_command(TargetPlace{.kind = "extension", .x = 31, .y = 10})));
    CHECK(contains(sim.submit(to_command(TargetUnplace{.id = next})),
                   "target " + std::to_string(next) + " is not the newest (target " + std::to_string(next + 1) +
                       " came after it)"));
    CHECK(contains(sim.submit(to_command(TargetUnplace{.id = 99})), "there is no target 99"));
    REQUIRE_FALSE(sim.submit(to_command(TargetUnplace{.id = next + 1})));
    REQUIRE_FALSE(sim.submit(to_command(TransporterPlace{.x = 30, .y = 12})));
    CHECK(contains(sim.submit(to_command(TransporterUnplace{.id = 0})), "transporter 0 is not the newest"));
    REQUIRE_FALSE(
        sim.submit(to_command(TransporterUnplace{.id = static_cast<std::int64_t>(w.transporters().size()) - 1})));
    const int named = kept.tasks.front().target;
    if (static_cast<std::size_t>(named) + 1 == w.targets().size())
        CHECK(contains(sim.submit(to_command(TargetUnplace{.id = named})), "task chain: remove it instead"));
    CHECK(
        contains(sim.submit(to_command(TargetRestore{.id = 0, .kind = "spawn", .x = 1, .y = 1, .resource = "energy"})),
                 "target 0 is still in the colony"));
}

TEST_CASE("transporter.unmove puts a moved transporter back with its chain; refusals with reasons") {
    using namespace logistics;
    Simulation sim = simulation_of("logistics-small-loads.toml");
    const auto& w = dynamic_cast<const LogisticsWorld&>(sim.world());
    sim.advance(45);
    const logistics::Transporter* busy = busy_transporter(w, true);
    REQUIRE(busy);
    const Transporter kept = *busy;
    const auto tid = static_cast<std::int64_t>(kept.id);
    const std::uint64_t before = sim.world().hash();
    REQUIRE_FALSE(sim.submit(to_command(TransporterMove{.id = tid, .x = 8, .y = 8})));
    CHECK(w.transporters()[kept.id].tasks.empty());   // the move dropped the chain
    const TransporterUnmove back{.id = tid,
                                 .x = kept.pos.x,
                                 .y = kept.pos.y,
                                 .tasks = tasks_text(kept.tasks),
                                 .progress = kept.progress,
                                 .request = kept.request,
                                 .via = kept.via};
    TransporterUnmove bad = back;
    bad.id = 99;
    CHECK(contains(sim.submit(to_command(bad)), "there is no transporter 99"));
    bad = back;
    bad.x = 200;   // in any map's bounds (the field's range), outside this one
    CHECK(contains(sim.submit(to_command(bad)), "is outside the map"));
    bad = back;
    bad.x = 18;
    bad.y = 5;
    CHECK(contains(sim.submit(to_command(bad)), "tile (18, 5) is a wall"));
    bad = back;
    bad.tasks = "fly 3 energy 10 0";
    CHECK(contains(sim.submit(to_command(bad)), "unknown task kind \"fly\""));
    bad.tasks = "transfer 99 energy 10 0";
    CHECK(contains(sim.submit(to_command(bad)), "names target 99, which never was"));
    bad = back;
    bad.request = 99;
    CHECK(contains(sim.submit(to_command(bad)), "request or via names a target that never was"));
    bad = back;
    bad.via = 99;
    CHECK(contains(sim.submit(to_command(bad)), "request or via names a target that never was"));
    CHECK(w.transporters()[kept.id].tasks.empty());   // every refusal left it as the move did
    REQUIRE_FALSE(sim.submit(to_command(back)));
    const Transporter& t = w.transporters()[kept.id];
    CHECK(t.pos == kept.pos);
    CHECK(tasks_text(t.tasks) == tasks_text(kept.tasks));
    CHECK(t.progress == kept.progress);
    CHECK(t.request == kept.request);
    CHECK(t.via == kept.via);
    CHECK(sim.world().hash() == before);
    // A removed transporter is not moved back (transporter.restore brings it).
    REQUIRE_FALSE(sim.submit(to_command(TransporterRemove{.id = tid})));
    CHECK(contains(sim.submit(to_command(back)), "transporter " + std::to_string(tid) + " was removed"));
}

TEST_CASE("room.unadd takes the newest empty room away; player.insert puts a player back at its number") {
    using namespace tasks;
    Simulation sim = simulation_of("tasks-toward-the-stars.toml");
    const auto& w = dynamic_cast<const TasksWorld&>(sim.world());
    const int rooms = w.ship().room_count();
    REQUIRE_FALSE(sim.submit(to_command(RoomAdd{.x = 3.0, .y = 3.0})));
    REQUIRE_FALSE(sim.submit(to_command(RoomAdd{.x = 4.0, .y = 3.0})));
    CHECK(contains(
        sim.submit(to_command(RoomUnadd{.room = rooms})),
        "room " + std::to_string(rooms) + " is not the newest (room " + std::to_string(rooms + 1) + " came after it)"));
    CHECK(contains(sim.submit(to_command(RoomUnadd{.room = 999})), "room 999 does not exist"));
    REQUIRE_FALSE(sim.submit(to_command(CorridorAdd{.from = 0, .to = rooms + 1})));
    CHECK(
        contains(sim.submit(to_command(RoomUnadd{.room = rooms + 1})), "has corridor 0-" + std::to_string(rooms + 1)));
    REQUIRE_FALSE(sim.submit(to_command(CorridorRemove{.from = 0, .to = rooms + 1})));
    REQUIRE_FALSE(sim.submit(to_command(PlayerAdd{.room = rooms + 1})));
    const auto last = static_cast<std::int64_t>(w.task().players.size());
    CHECK(contains(sim.submit(to_command(RoomUnadd{.room = rooms + 1})),
                   "holds player " + std::to_string(last) + ": move it first"));
    REQUIRE_FALSE(sim.submit(to_command(PlayerRemove{.player = last})));
    REQUIRE_FALSE(sim.submit(to_command(RoomUnadd{.room = rooms + 1})));
    REQUIRE_FALSE(sim.submit(to_command(RoomUnadd{.room = rooms})));
    CHECK(w.ship().room_count() == rooms);

    const std::vector<int> players = w.task().players;
    REQUIRE(players.size() >= 3);
    REQUIRE_FALSE(sim.submit(to_command(PlayerRemove{.player = 2})));
    CHECK(contains(sim.submit(to_command(PlayerInsert{.player = 9, .room = 0})),
                   "a player can go back at number 1 .. " + std::to_string(players.size())));
    REQUIRE_FALSE(sim.submit(to_command(PlayerInsert{.player = 2, .room = players[1]})));
    CHECK(w.task().players == players);
}

TEST_CASE("mode.restore puts the mode and its clock back, placing nothing") {
    using namespace podball;
    Simulation sim = simulation_of("podball-default.toml");
    const auto& w = dynamic_cast<const PodballWorld&>(sim.world());
    sim.advance(7);
    const Mode mode = w.mode();
    const int ticks = w.mode_ticks();
    const std::uint64_t before = sim.world().hash();
    REQUIRE_FALSE(sim.submit(to_command(ModeSet{.mode = "suspended"})));
    CHECK(w.mode_ticks() == 0);
    REQUIRE_FALSE(sim.submit(to_command(ModeRestore{.mode = std::string(mode_key(mode)), .mode_ticks = ticks})));
    CHECK(sim.world().hash() == before);
    CHECK(contains(sim.submit(to_command(ModeRestore{.mode = "halftime", .mode_ticks = 0})), "halftime"));
}

TEST_CASE(
    "effect.undefine takes the newest type out while nothing uses it; effect.define gives a changed one every old "
    "field") {
    using namespace effects;
    Simulation sim = simulation_of("effects-three-waves.toml");
    const auto& w = dynamic_cast<const EffectsWorld&>(sim.world());
    sim.advance(30);
    const std::uint64_t before = sim.world().hash();
    const std::size_t types = w.book().types().size();
    REQUIRE_FALSE(sim.submit(to_command(EffectDefine{.type = "acid", .kind = "damage"})));
    REQUIRE_FALSE(sim.submit(to_command(EffectDefine{.type = "glue", .kind = "slow"})));
    CHECK(
        contains(sim.submit(to_command(EffectUndefine{.type = "acid"})),
                 "effect type 'acid' is not the newest ('glue' came after it): only the newest type can be taken out"));
    CHECK(contains(sim.submit(to_command(EffectUndefine{.type = "tar"})), "unknown effect type 'tar'"));
    // A rule naming it, then a tower using it: each refuses with what to do first.
    REQUIRE_FALSE(sim.submit(to_command(InteractionSet{.incoming = "glue", .present = "fire", .action = "block"})));
    CHECK(contains(sim.submit(to_command(EffectUndefine{.type = "glue"})),
                   "effect type 'glue' is named by the rule for glue on fire: remove the rule first"));
    REQUIRE_FALSE(sim.submit(to_command(InteractionSet{.incoming = "glue", .present = "fire", .action = "coexist"})));
    REQUIRE_FALSE(
        sim.submit(to_command(TowerPlace{.x = 12.0, .y = 10.0, .effect = "glue", .potency = 20.0, .duration = 1.0})));
    const std::int64_t tower = static_cast<std::int64_t>(w.lanes().front().towers().size()) - 1;
    CHECK(contains(sim.submit(to_command(EffectUndefine{.type = "glue"})),
                   "effect type 'glue' is the effect of tower " + std::to_string(tower) +
                       ": give the tower another effect first"));
    REQUIRE_FALSE(sim.submit(to_command(TowerUnplace{.id = tower})));
    REQUIRE_FALSE(sim.submit(to_command(EffectUndefine{.type = "glue"})));
    REQUIRE_FALSE(sim.submit(to_command(EffectUndefine{.type = "acid"})));
    CHECK(w.book().types().size() == types);
    for (const Lane& lane : w.lanes()) CHECK(lane.ledgers().size() == types);
    CHECK(sim.world().hash() == before);

    // Applied to a walking creep: it is in play, and once applied it stays.
    REQUIRE_FALSE(sim.submit(to_command(EffectDefine{.type = "acid", .kind = "damage"})));
    std::int64_t walking = -1;
    for (const Creep& k : w.lanes().front().creeps())
        if (k.walking()) walking = k.id;
    REQUIRE(walking >= 0);
    REQUIRE_FALSE(
        sim.submit(to_command(EffectApply{.creep = walking, .effect = "acid", .potency = 1.0, .duration = 60.0})));
    CHECK(contains(sim.submit(to_command(EffectUndefine{.type = "acid"})), "effect type 'acid' is on creep "));
    // Worn off (or with its creep gone), it still counts in the ledgers: it stays.
    REQUIRE_FALSE(sim.submit(to_command(EffectDefine{.type = "glue", .kind = "slow"})));
    walking = -1;
    for (const Creep& k : w.lanes().front().creeps())
        if (k.walking()) walking = k.id;
    REQUIRE(walking >= 0);
    REQUIRE_FALSE(
        sim.submit(to_command(EffectApply{.creep = walking, .effect = "glue", .potency = 10.0, .duration = 0.1})));
    sim.advance(20);
    for (const Lane& lane : w.lanes())
        for (const Creep& k : lane.creeps())
            for (const ActiveEffect& e : k.effects) CHECK(e.type != *w.book().find("glue"));
    CHECK(contains(
        sim.submit(to_command(EffectUndefine{.type = "glue"})),
        "effect type 'glue' has been applied since it was defined (lane 0 counts it): it can no longer be taken out"));

    // A changed type: effect.define with every old field puts label, colour and icon back too.
    const EffectType poison = w.book().type(*w.book().find("poison"));
    REQUIRE_FALSE(sim.submit(to_command(EffectDefine{
        .type = "poison", .kind = "slow", .policy = "average", .label = "Venom", .colour = "#102030", .icon = "V"})));
    REQUIRE_FALSE(sim.submit(to_command(EffectDefine{.type = "poison",
                                                     .kind = std::string(kind_key(poison.kind)),
                                                     .policy = std::string(policy_key(poison.policy)),
                                                     .label = poison.label,
                                                     .colour = rgb_text(poison.colour),
                                                     .icon = poison.icon})));
    CHECK(w.book().type(*w.book().find("poison")) == poison);
}

TEST_CASE("interaction.restore puts a removed rule back at its place in the list; refusals with the reason") {
    using namespace effects;
    Simulation sim = simulation_of("effects-three-waves.toml");
    const auto& w = dynamic_cast<const EffectsWorld&>(sim.world());
    const std::vector<InteractionRule> rules = w.book().rules();
    REQUIRE(rules.size() >= 3);
    const std::uint64_t before = sim.world().hash();
    const InteractionRule first = rules[0];
    REQUIRE_FALSE(sim.submit(
        to_command(InteractionSet{.incoming = first.incoming, .present = first.present, .action = "coexist"})));
    CHECK(w.book().rules().size() == rules.size() - 1);
    CHECK(contains(sim.submit(to_command(InteractionRestore{.incoming = first.incoming,
                                                            .present = first.present,
                                                            .action = std::string(action_key(first.action)),
                                                            .index = 9})),
                   "a rule can go back at position 0 .. " + std::to_string(rules.size() - 1) + ", not 9"));
    CHECK(contains(sim.submit(to_command(
                       InteractionRestore{.incoming = "tar", .present = first.present, .action = "block", .index = 0})),
                   "unknown effect type 'tar'"));
    CHECK(contains(sim.submit(to_command(InteractionRestore{
                       .incoming = "chill", .present = "poison", .action = "transform", .index = 0})),
                   "a transform needs into"));
    const InteractionRule& kept = w.book().rules()[0];
    CHECK(contains(
        sim.submit(to_command(
            InteractionRestore{.incoming = kept.incoming, .present = kept.present, .action = "block", .index = 0})),
        "there is already a rule for " + kept.incoming + " on " + kept.present + " (change it with interaction.set)"));
    REQUIRE_FALSE(sim.submit(to_command(InteractionRestore{.incoming = first.incoming,
                                                           .present = first.present,
                                                           .action = std::string(action_key(first.action)),
                                                           .index = 0})));
    CHECK(w.book().rules() == rules);
    CHECK(sim.world().hash() == before);
}

TEST_CASE(
    "pod.restore, ball.restore and mode.restore's match state undo a kick-off placing; refusals with the reason") {
    using namespace podball;
    Simulation sim = simulation_of("podball-default.toml");
    const auto& w = dynamic_cast<const PodballWorld&>(sim.world());
    sim.advance(260);
    const std::uint64_t before = sim.world().hash();
    const std::vector<Pod> pods = w.pods();
    const Ball ball = w.ball();
    const auto rng = w.rng().state();
    const int mode_ticks = w.mode_ticks();
    const std::int64_t holder_0 = w.goal_area_holder(0), holder_1 = w.goal_area_holder(1);
    const TeamCounters team_0 = w.metrics().team[0], team_1 = w.metrics().team[1];
    REQUIRE(w.mode() == Mode::Running);
    REQUIRE_FALSE(sim.submit(to_command(ModeSet{.mode = "kickoff_team_1"})));
    CHECK(w.rng().state() != rng);   // the jitter drew from it
    char hex[65];
    std::snprintf(hex, sizeof hex, "%016llx%016llx%016llx%016llx", static_cast<unsigned long long>(rng[0]),
                  static_cast<unsigned long long>(rng[1]), static_cast<unsigned long long>(rng[2]),
                  static_cast<unsigned long long>(rng[3]));
    CHECK(contains(sim.submit(to_command(ModeRestore{.mode = "running", .mode_ticks = 0, .rng = std::string("12ab")})),
                   "rng must be 64 lower-case hex digits"));
    CHECK(contains(sim.submit(to_command(ModeRestore{.mode = "running", .mode_ticks = 0, .rng = std::string(64, '0')})),
                   "rng must not be all zeros"));
    CHECK(
        contains(sim.submit(to_command(ModeRestore{
                     .mode = "running", .mode_ticks = 0, .area_holder_0 = static_cast<std::int64_t>(w.pods().size())})),
                 "a goal-area holder is a pod of the list"));
    CHECK(contains(
        sim.submit(to_command(ModeRestore{.mode = "running", .mode_ticks = 0, .hoarding_flag_1 = std::int64_t{5000}})),
        "a hoarding flag is one raised so far"));
    CHECK(contains(sim.submit(to_command(PodRestore{.team = 1, .pod = 9, .action = "none"})), "there is no pod 9"));
    CHECK(contains(sim.submit(to_command(BallRestore{.owner_team = std::int64_t{0}})),
                   "a carrier needs both owner_team and owner_pod"));
    CHECK(contains(sim.submit(to_command(BallRestore{.owner_team = std::int64_t{1}, .owner_pod = std::int64_t{9}})),
                   "owner: "));
    REQUIRE_FALSE(sim.submit(to_command(ModeRestore{.mode = "running",
                                                    .mode_ticks = mode_ticks,
                                                    .rng = std::string(hex),
                                                    .area_holder_0 = holder_0,
                                                    .area_holder_1 = holder_1,
                                                    .hoard_run_0 = team_0.hoard_run,
                                                    .hoard_run_1 = team_1.hoard_run,
                                                    .hoarding_flag_0 = team_0.open_hoarding_flag,
                                                    .hoarding_flag_1 = team_1.open_hoarding_flag})));
    for (const Pod& p : pods)
        REQUIRE_FALSE(sim.submit(to_command(PodRestore{.team = p.team,
                                                       .pod = p.index,
                                                       .x = p.pos.x,
                                                       .y = p.pos.y,
                                                       .vx = p.vel.x,
                                                       .vy = p.vel.y,
                                                       .deny_ticks = p.deny_ticks,
                                                       .action = p.action.kind == PodAction::Kind::Move    ? "move"
                                                                 : p.action.kind == PodAction::Kind::Shoot ? "shoot"
                                                                                                           : "none",
                                                       .action_x = p.action.v.x,
                                                       .action_y = p.action.v.y})));
    BallRestore back{.x = ball.pos.x,
                     .y = ball.pos.y,
                     .vx = ball.vel.x,
                     .vy = ball.vel.y,
                     .keep_ticks = ball.keep_ticks,
                     .last_team = ball.last_team};
    if (ball.owner >= 0) {
        back.owner_team = pods[static_cast<std::size_t>(ball.owner)].team;
        back.owner_pod = pods[static_cast<std::size_t>(ball.owner)].index;
    }
    REQUIRE_FALSE(sim.submit(to_command(back)));
    CHECK(w.rng().state() == rng);
    CHECK(w.ball().pos.x == ball.pos.x);
    CHECK(w.ball().owner == ball.owner);
    CHECK(w.pods()[3].vel.x == pods[3].vel.x);
    CHECK(sim.world().hash() == before);
}

TEST_CASE("corridor.insert puts a removed corridor back at its place in the list; refusals with the reason") {
    using namespace tasks;
    Simulation sim = simulation_of("tasks-toward-the-stars.toml");
    const auto& w = dynamic_cast<const TasksWorld&>(sim.world());
    const std::vector<Corridor> corridors = w.ship().corridors;
    REQUIRE(corridors.size() >= 3);
    const Corridor k = corridors[1];
    REQUIRE_FALSE(sim.submit(to_command(CorridorRemove{.from = k.from, .to = k.to})));
    const auto count = static_cast<std::int64_t>(corridors.size() - 1);
    CHECK(contains(sim.submit(to_command(CorridorInsert{.from = k.from, .to = k.to, .index = count + 1})),
                   "a corridor can go back at place 0 .. " + std::to_string(count) + " of the list, not " +
                       std::to_string(count + 1)));
    const Corridor& other = w.ship().corridors[0];
    CHECK(contains(sim.submit(to_command(CorridorInsert{.from = other.from, .to = other.to, .index = 1})),
                   "there is already a corridor " + std::to_string(other.from) + "-" + std::to_string(other.to)));
    CHECK(contains(sim.submit(to_command(CorridorInsert{.from = k.from, .to = 99999, .index = 1})),
                   "room 99999 does not exist"));
    REQUIRE_FALSE(sim.submit(to_command(CorridorInsert{.from = k.from,
                                                       .to = k.to,
                                                       .index = 1,
                                                       .time = k.time,
                                                       .damage_to_equipment = k.damage_to_equipment,
                                                       .damage_to_event = k.damage_to_event,
                                                       .one_way = k.one_way})));
    CHECK(w.ship().corridors == corridors);
}
