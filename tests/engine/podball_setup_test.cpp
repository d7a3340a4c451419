// Podball's parameter table and scenario keys: every config field declared once with the
// specification's default (docs/labs/podball.md#sources), scenario text read with precise errors
// and written back re-loadable.
#include <array>
#include <cstring>

#include "engine/core/scenario.hpp"
#include "podball_testing.hpp"

using namespace podball_testing;

namespace {

constexpr std::size_t kConfigFields = sizeof(PodballConfig) / sizeof(double);

std::array<double, kConfigFields> fields(const PodballConfig& c) {
    std::array<double, kConfigFields> out;
    std::memcpy(out.data(), &c, sizeof c);
    return out;
}

std::string load_errors(const std::string& text) {
    try {
        load_scenario_text(text, "test.toml");
    } catch (const ScenarioError& e) {
        return e.what();
    }
    return "";
}

}   // namespace

TEST_CASE("podball: the parameter table binds every config field, defaults from the spec") {
    static_assert(sizeof(PodballConfig) == kConfigFields * sizeof(double), "PodballConfig holds only doubles");
    const ParamTable& table = podball_param_table();
    CHECK(table.size() == kConfigFields);
    // Defaults: an empty set and a set of defaults give the same config, every field from the table.
    const PodballConfig from_table = config_from(ParamSet(table));
    const PodballConfig built_in = config_from(ParamSet{});
    for (std::size_t i = 0; i < kConfigFields; ++i) CHECK(fields(from_table)[i] == fields(built_in)[i]);
    // Binding: moving every parameter off its default moves every field.
    ParamSet changed(table);
    for (std::size_t i = 0; i < table.size(); ++i) {
        const ParamDef& d = table[i];
        REQUIRE(!changed.set(i, d.default_value == d.max ? d.min : d.max));
    }
    const PodballConfig moved = config_from(changed);
    for (std::size_t i = 0; i < kConfigFields; ++i) CHECK(fields(moved)[i] != fields(built_in)[i]);

    // The spec's numbers, spot-checked by key.
    ParamSet p(table);
    // Ball friction: 0.02 since engine 7 (the specification's 0.004 gave ~36 goals a match;
    // docs/sweeps.md#what-the-scoring-sweep-found), so a full shot runs 0.16 arena widths, not 0.8.
    CHECK(p.get("podball.ball.friction") == 0.02);
    CHECK(p.get("podball.ball.shoot_force") == 0.0032);
    CHECK(p.get("podball.ball.shoot_force") / p.get("podball.ball.friction") == doctest::Approx(0.16));
    CHECK(p.get("podball.pod.thrust") / p.get("podball.pod.friction") == doctest::Approx(0.004));
    CHECK(p.get("podball.rules.ballkeep_ticks") == 200);
    CHECK(p.get("podball.rules.balldeny_ticks") == 30);
    CHECK(p.get("podball.rules.ctrl_step") == 5);
    for (const auto& d : table.defs()) {
        CAPTURE(d.key);
        CHECK(!d.label.empty());
        CHECK(!d.description.empty());
        const std::string section(d.section());
        CHECK((section == "podball.arena" || section == "podball.pod" || section == "podball.ball" ||
               section == "podball.rules" || section == "podball.match" || section == "podball.conduct" ||
               section == "podball.chaser" || section == "podball.formation" || section == "podball.passer" ||
               section == "podball.random" || section == "podball.modules" || section == "podball.script"));
        if (d.unit == "ticks") CHECK(d.type == ParamType::Integer);
    }
    // Masses and radii can never reach zero (the physics divides by them).
    for (const char* key : {"podball.pod.mass", "podball.ball.mass", "podball.pod.radius", "podball.ball.radius",
                            "podball.ball.friction"})
        CHECK(table[*table.find(key)].min > 0.0);
}

TEST_CASE("podball: scenario keys are read, and written back re-loadable") {
    const std::string text = R"(lab = "podball"
title = "Corner drill"
seed = 12
start_mode = "running"

[team0]
name = "Azure"
module = "chaser"
pods = 3

[team1]
name = "Crimson"
module = "idle"
pods = 2

[[pod]]
team = 0
index = 1
position = [0.1, -0.2]
velocity = [0.001, 0.0]

[[pod]]
team = 1
index = 0
position = [0.4, 0.0]

[ball]
owner_team = 0
owner_index = 1

[params]
podball.ball.friction = 0.005
)";
    const Scenario s = load_scenario_text(text, "drill.toml");
    const auto* setup = dynamic_cast<const PodballSetup*>(s.setup.get());
    REQUIRE(setup);
    CHECK(setup->start_mode == Mode::Running);
    CHECK(setup->teams[0].name == "Azure");
    CHECK(setup->teams[1].module == "idle");
    CHECK(setup->teams[1].pods == 2);
    REQUIRE(setup->pods.size() == 2);
    CHECK(setup->pods[0].pos == Vec2{0.1, -0.2});
    CHECK(setup->pods[0].vel == Vec2{0.001, 0.0});
    REQUIRE(setup->ball.has_value());
    CHECK(setup->ball->owner_team == 0);

    auto world = s.lab->create_world(s);
    const auto& w = dynamic_cast<const PodballWorld&>(*world);
    CHECK(w.mode() == Mode::Running);
    CHECK(w.pods().size() == 5);
    CHECK(w.ball().owner == w.pod_id(0, 1));
    CHECK(pod_of(w, 0, 1).pos == Vec2{0.1, -0.2});
    CHECK(w.config().ball_friction == 0.005);

    // Written back and read again: the same world.
    const Scenario again = load_scenario_text(scenario_to_toml(s), "again.toml");
    auto world2 = again.lab->create_world(again);
    CHECK(world2->hash() == world->hash());
    for (int t = 0; t < 300; ++t) {
        world->step();
        world2->step();
    }
    CHECK(world2->hash() == world->hash());

    // The default scenario round-trips too.
    const Scenario d = default_scenario(podball_lab());
    const Scenario d2 = load_scenario_text(scenario_to_toml(d), "default.toml");
    CHECK(d.lab->create_world(d)->hash() == d2.lab->create_world(d2)->hash());
}

TEST_CASE("podball: scenario mistakes are reported with line, key and what is allowed") {
    const std::string head = "lab = \"podball\"\n";
    std::string err = load_errors(head + "[team0]\nmodule = \"wizard\"\n");
    CHECK(err.find("test.toml:3") != std::string::npos);
    CHECK(err.find("team0.module") != std::string::npos);
    CHECK(err.find("idle, chaser, formation, passer, random, or \"lib:PATH\"") != std::string::npos);

    err = load_errors(head + "[team1]\npods = 12\n");
    CHECK(err.find("test.toml:3") != std::string::npos);
    CHECK(err.find("1 .. 11") != std::string::npos);

    err = load_errors(head + "[team1]\npods = 2\n\n[[pod]]\nteam = 1\nindex = 4\nposition = [0.2, 0.0]\n");
    CHECK(err.find("test.toml:7") != std::string::npos);
    CHECK(err.find("team 1 has 2 pods") != std::string::npos);

    err = load_errors(head + "[[pod]]\nteam = 0\nindex = 0\nposition = [0.7, 0.0]\n");
    CHECK(err.find("test.toml:5") != std::string::npos);
    CHECK(err.find("-0.48 .. 0.48") != std::string::npos);

    err = load_errors(head + "start_mode = \"halftime\"\n");
    CHECK(err.find("test.toml:2") != std::string::npos);
    CHECK(err.find("kickoff_team_0") != std::string::npos);

    err = load_errors(head + "[ball]\nposition = [0.0, 0.0]\nspin = 3\n");
    CHECK(err.find("spin") != std::string::npos);
    CHECK(err.find("'position'") != std::string::npos);

    err = load_errors(head + "[ball]\nowner_team = 1\n");
    CHECK(err.find("owner_index") != std::string::npos);

    err = load_errors(
        head +
        "[[pod]]\nteam = 0\nindex = 0\nposition = [-0.1, 0.0]\n[[pod]]\nteam = 0\nindex = 0\nposition = [-0.2, 0.0]\n");
    CHECK(err.find("placed twice") != std::string::npos);

    // Starting in a kick-off, everything must be where the kick-off confines it.
    err = load_errors(head + "start_mode = \"kickoff_team_0\"\n[[pod]]\nteam = 1\nindex = 3\nposition = [0.05, 0.1]\n");
    CHECK(err.find("test.toml:6") != std::string::npos);
    CHECK(err.find("team 1 defends and starts behind its keep-off line, x >= 0.12") != std::string::npos);
    err = load_errors(head + "start_mode = \"kickoff_team_1\"\n[ball]\nposition = [-0.2, 0.0]\n");
    CHECK(err.find("test.toml:4") != std::string::npos);
    CHECK(err.find("the ball starts at x >= -0.09") != std::string::npos);
    CHECK(load_errors(head + "start_mode = \"kickoff_team_1\"\n[[pod]]\nteam = 1\nindex = 3\nposition = [-0.05, 0.1]\n")
              .empty());
}

#ifdef PLAYBENCH_SOURCE_DIR
TEST_CASE("podball: the shipped default scenario loads and plays") {
    const Scenario s = load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/podball-default.toml");
    REQUIRE(s.lab == &podball_lab());
    auto world = s.lab->create_world(s);
    for (int t = 0; t < 2000; ++t) world->step();
    const auto& w = dynamic_cast<const PodballWorld&>(*world);
    CHECK(w.running_ticks() > 0);
}
#endif
