// Typed commands (engine/core/typed_command.hpp): the wire form a struct makes is the one hand-built
// commands had (so scenarios and replays read as before), the struct read back from a Command is
// the one written, and the specs every lab derives from its structs validate what its views build.
#include <doctest/doctest.h>

#include <cstdint>
#include <string>

#include "engine/core/lab.hpp"
#include "engine/core/typed_command.hpp"
#include "engine/effects/world.hpp"
#include "engine/logistics/world.hpp"
#include "engine/podball/world.hpp"
#include "engine/rgs/world.hpp"
#include "engine/tasks/world.hpp"

using namespace pb;

namespace {

Command by_hand(std::int64_t tick, std::string type, std::initializer_list<std::pair<const char*, CommandValue>> args) {
    Command c;
    c.tick = tick;
    c.type = std::move(type);
    for (const auto& [k, v] : args) c.set(k, v);
    return c;
}

}   // namespace

TEST_CASE("to_command writes what a hand-built command held: name, argument order, int64 and double") {
    // Exactly the commands the views built by hand before typed commands (same order, same kinds).
    CHECK(to_command(podball::PodPlace{.team = 1, .pod = 2, .x = 0.25, .y = -0.5}, 40) ==
          by_hand(40, "pod.place", {{"team", std::int64_t{1}}, {"pod", std::int64_t{2}}, {"x", 0.25}, {"y", -0.5}}));
    CHECK(to_command(rgs::RgsPlace{.team = 0, .x = 10.0, .y = 20.0, .z = 5.0, .kind = std::string("drill")}) ==
          by_hand(0, "rgs.place",
                  {{"team", std::int64_t{0}}, {"x", 10.0}, {"y", 20.0}, {"z", 5.0}, {"kind", std::string("drill")}}));
    // Optional arguments left out are not written; given ones are, in the declaration's order.
    CHECK(to_command(rgs::RgsRepair{.id = 3}) == by_hand(0, "rgs.repair", {{"id", std::int64_t{3}}}));
    CHECK(to_command(rgs::RgsRepair{.id = 3, .amount = 12.5}) ==
          by_hand(0, "rgs.repair", {{"id", std::int64_t{3}}, {"amount", 12.5}}));
    CHECK(to_command(tasks::CorridorAdd{.from = 4, .to = 7, .time = 2, .damage = 1}, 9) ==
          by_hand(9, "corridor.add",
                  {{"from", std::int64_t{4}},
                   {"to", std::int64_t{7}},
                   {"time", std::int64_t{2}},
                   {"damage", std::int64_t{1}}}));
    CHECK(to_command(effects::EffectDefine{.type = "acid", .kind = std::string("damage")}) ==
          by_hand(0, "effect.define", {{"name", std::string("acid")}, {"kind", std::string("damage")}}));
    CHECK(describe(to_command(logistics::WallSet{.x = 3, .y = 4, .solid = false}, 12)) ==
          "t=12 wall.set x=3 y=4 solid=false");
}

TEST_CASE("from_command reads back the struct, scenario integers for numbers included") {
    const tasks::CorridorAdd written{.from = 4, .to = 7, .time = 2, .damage_to_event = 5, .one_way = true};
    const auto read = from_command<tasks::CorridorAdd>(to_command(written));
    CHECK(read.from == 4);
    CHECK(read.to == 7);
    CHECK(read.time == std::optional<std::int64_t>{2});
    CHECK_FALSE(read.damage.has_value());
    CHECK_FALSE(read.damage_to_equipment.has_value());
    CHECK(read.damage_to_event == std::optional<std::int64_t>{5});
    CHECK(read.one_way == std::optional<bool>{true});

    // A scenario file's `x = 1500` is an integer; a Number argument reads it as 1500.0.
    const auto move = from_command<rgs::RgsMove>(by_hand(
        0, "rgs.move", {{"id", std::int64_t{2}}, {"x", std::int64_t{1500}}, {"y", 20.5}, {"z", std::int64_t{0}}}));
    CHECK(move.id == 2);
    CHECK(move.x == 1500.0);
    CHECK(move.y == 20.5);
    CHECK(move.z == 0.0);

    // What an unvalidated command lacks keeps the member's initialiser (the old accessors' fallbacks).
    const auto bare = from_command<rgs::RgsMove>(by_hand(0, "rgs.move", {}));
    CHECK(bare.id == -1);
    CHECK(bare.x == 0.0);
}

TEST_CASE("the specs come from the structs: kinds, required, ranges and choices") {
    const CommandSpec action = command_spec<podball::PodActionCommand>();
    CHECK(action.type == "pod.action");
    REQUIRE(action.args.size() == 6);
    CHECK(action.args[0].name == "team");
    CHECK(action.args[0].kind == ArgKind::Integer);
    CHECK(action.args[0].max == 1.0);
    CHECK(action.args[1].max == podball::kMaxPodsPerTeam - 1);
    CHECK(action.args[2].kind == ArgKind::String);
    CHECK(action.args[2].choices == std::vector<std::string>{"move", "shoot"});
    CHECK(action.args[3].kind == ArgKind::Number);
    CHECK(action.args[5].name == "ticks");
    CHECK_FALSE(action.args[5].required);   // std::optional
    CHECK(action.args[5].min == 1.0);

    const CommandSpec mark = command_spec<rgs::RgsMark>();
    CHECK(mark.args[1].kind == ArgKind::Boolean);
    CHECK_FALSE(mark.args[1].required);

    // Each lab lists every command it declares, in its CommandList's order.
    CHECK(rgs::rgs_lab().commands.size() == 9);   // with undo's rgs.unplace, rgs.restore
    CHECK(podball::podball_lab().commands.size() ==
          9);   // with mode.restore, pod.restore, ball.restore, script.reload, team.module
    CHECK(logistics::logistics_lab().commands.size() ==
          13);   // with the unplace and restore commands, transporter.unmove
    CHECK(effects::effects_lab().commands.size() ==
          12);   // with tower.unplace, tower.restore, effect.undefine, interaction.restore
    CHECK(tasks::tasks_lab().commands.size() ==
          18);   // with room.unadd, player.insert, equipment.insert, corridor.insert
    CHECK(tasks::tasks_lab().commands.front().type == "room.move");
    CHECK(tasks::tasks_lab().commands.back().type == "corridor.insert");
}

TEST_CASE("typed commands pass their lab's validation, and out-of-range fields are refused by it") {
    CHECK_FALSE(validate_lab_command(podball::podball_lab(), to_command(podball::ModeSet{.mode = "running"})));
    CHECK_FALSE(
        validate_lab_command(logistics::logistics_lab(),
                             to_command(logistics::TargetPlace{.kind = "extension", .x = 3, .y = 4, .energy = 20.0})));
    CHECK_FALSE(validate_lab_command(effects::effects_lab(), to_command(effects::TowerEdit{.id = 0, .rate = 2.0})));
    CHECK_FALSE(validate_lab_command(tasks::tasks_lab(), to_command(tasks::TaskCost{.k = 2, .time = 5})));

    const auto refused =
        validate_lab_command(podball::podball_lab(), to_command(podball::PodPlace{.team = 2, .pod = 0}));
    REQUIRE(refused);
    CHECK(refused->find("argument 'team' = 2 is out of range: allowed 0 .. 1") != std::string::npos);
}

TEST_CASE("dispatch hands each command to its handler and names an unknown one") {
    // The world's table: a refusal from the handler comes back as it was...
    rgs::RgsWorld w(ParamSet(rgs::rgs_param_table()), rgs::RgsSetup{}, 1);
    const auto missing = w.apply(to_command(rgs::RgsRemove{.id = 4}));
    REQUIRE(missing);
    CHECK(*missing == "there is no RGS 4 (the map has none)");
    // ...and a name no command has is refused with it.
    const auto unknown = w.apply(by_hand(0, "rgs.teleport", {}));
    REQUIRE(unknown);
    CHECK(*unknown == "the rgs lab does not know the command 'rgs.teleport'");

    // dispatch itself: the handler sees the typed command, and only the one named.
    int seen = 0;
    const auto handler = [&](const auto& cmd) -> std::optional<std::string> {
        if constexpr (std::is_same_v<std::decay_t<decltype(cmd)>, tasks::EventMove>)
            seen = static_cast<int>(cmd.room);
        else
            seen = -1;
        return std::nullopt;
    };
    CHECK_FALSE(dispatch(tasks::TasksCommands{}, to_command(tasks::EventMove{.room = 18}), handler, "unknown"));
    CHECK(seen == 18);
}
