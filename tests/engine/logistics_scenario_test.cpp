// Logistics scenario files and commands: keys read with precise errors (file:line: key and what
// is allowed), written back re-loadable, the shipped scenarios load, bad commands are refused
// with the reason.
#include "engine/core/scenario.hpp"
#include "logistics_testing.hpp"

using namespace logistics_testing;

namespace {

std::string load_errors(const std::string& text) {
    try {
        load_scenario_text(text, "test.toml");
    } catch (const ScenarioError& e) {
        return e.what();
    }
    return "";
}

const std::string head = "lab = \"logistics\"\n";

}   // namespace

TEST_CASE("logistics scenario: keys are read, and written back re-loadable") {
    const std::string text = head + R"(title = "Keys"
[params]
logistics.matching.policy = 3

[map]
size = [30, 20]
walls = [[10, 0, 10, 15]]

[[target]]
kind = "tower"
position = [3, 4]
energy = 500.0
multiplier = 4.0

[[target]]
kind = "lab"
position = [20, 4]
resource = "energy"
capacity = 100
rate = 2.5

[[transporter]]
position = [1, 1]
capacity = 150.0
speed = 0.5
mineral = 20.0

[generate]
transporters = 3
extensions = 4
fill = 0.25
)";
    const Scenario s = load_scenario_text(text, "keys.toml");
    const auto* setup = dynamic_cast<const LogisticsSetup*>(s.setup.get());
    REQUIRE(setup);
    CHECK(setup->size == Tile{30, 20});
    REQUIRE(setup->walls.size() == 1);
    REQUIRE(setup->targets.size() == 2);
    CHECK(setup->targets[0].kind == TargetKind::Tower);
    CHECK(setup->targets[0].store[0] == 500.0);
    CHECK(setup->targets[0].multiplier == 4.0);
    CHECK(setup->targets[1].resource == Resource::Energy);
    CHECK(setup->targets[1].capacity == 100.0);
    CHECK(setup->targets[1].rate == 2.5);
    REQUIRE(setup->transporters.size() == 1);
    CHECK(setup->transporters[0].speed == 0.5);
    CHECK(setup->generate.extensions == 4);

    auto world = s.lab->create_world(s);
    const auto& w = dynamic_cast<const LogisticsWorld&>(*world);
    CHECK(w.map().width() == 30);
    CHECK(w.map().wall({10, 7}));
    CHECK(w.targets().size() == 6);
    CHECK(w.transporters().size() == 4);
    CHECK(w.transporters()[0].capacity == 150.0);
    CHECK(w.transporters()[1].capacity == 500.0);
    CHECK(w.config().matching_policy() == Policy::Optimal);

    // Written back, it loads to the same world.
    const Scenario again = load_scenario_text(scenario_to_toml(s), "again.toml");
    CHECK(again.lab->create_world(again)->hash() == world->hash());
}

TEST_CASE("logistics scenario: problems say where, what and what is allowed") {
    SUBCASE("unknown kind") {
        const auto e = load_errors(head + "[[target]]\nkind = \"silo\"\nposition = [1, 1]\n");
        CHECK(contains(e, "test.toml:3"));
        CHECK(contains(e, "silo"));
        CHECK(contains(e, "extension"));
    }
    SUBCASE("position outside the map") {
        const auto e =
            load_errors(head + "[map]\nsize = [20, 20]\n\n[[target]]\nkind = \"spawn\"\nposition = [25, 3]\n");
        CHECK(contains(e, "test.toml:7"));
        CHECK(contains(e, "x 0 .. 19"));
    }
    SUBCASE("position on a wall, two targets on a tile") {
        const auto e = load_errors(
            head +
            "[map]\nwalls = [[5, 5, 6, 6]]\n\n[[target]]\nkind = \"spawn\"\nposition = [5, 6]\n\n"
            "[[target]]\nkind = \"tower\"\nposition = [1, 1]\n\n[[target]]\nkind = \"lab\"\nposition = [1, 1]\n");
        CHECK(contains(e, "test.toml:7"));
        CHECK(contains(e, "inside a wall"));
        CHECK(contains(e, "test.toml:15"));
        CHECK(contains(e, "one target a tile"));
    }
    SUBCASE("over capacity, unknown key, missing position") {
        const auto e = load_errors(head +
                                   "[[target]]\nkind = \"extension\"\nposition = [1, 1]\nenergy = 80.0\n\n"
                                   "[[transporter]]\nspeed = 1.0\ncolour = \"red\"\n");
        CHECK(contains(e, "capacity is 50"));
        CHECK(contains(e, "colour"));
        CHECK(contains(e, "needs position"));
    }
    SUBCASE("bad map and generator values") {
        const auto e =
            load_errors(head + "[map]\nsize = [2, 900]\nwalls = [[1, 2]]\n\n[generate]\ntransporters = -4\n");
        CHECK(contains(e, "test.toml:3"));
        CHECK(contains(e, "5 .. 256"));
        CHECK(contains(e, "test.toml:4"));
        CHECK(contains(e, "[x0, y0, x1, y1]"));
        CHECK(contains(e, "test.toml:7"));
    }
    SUBCASE("parameter out of range") {
        const auto e = load_errors(head + "[params]\nlogistics.transporter.speed = 9.0\n");
        CHECK(contains(e, "logistics.transporter.speed"));
        CHECK(contains(e, "4"));
    }
}

TEST_CASE("logistics commands: refusals say why and change nothing") {
    LogisticsSetup s;
    s.walls = {{{5, 5}, {5, 9}}};
    s.targets = {target(TargetKind::Storage, {10, 10}, 100.0)};
    s.transporters = {transporter({1, 1})};
    LogisticsWorld w(params_with(), s, 1);
    const auto before = w.hash();
    const auto refused = [&](const Command& c, const char* part) {
        auto err = issue(w, c);
        REQUIRE_MESSAGE(err, describe(c));
        CHECK_MESSAGE(contains(*err, part), *err);
        CHECK(w.hash() == before);
    };
    refused(command("target.place", {{"kind", std::string("silo")}, {"x", std::int64_t{1}}, {"y", std::int64_t{1}}}),
            "allowed");
    refused(command("target.place", {{"kind", std::string("spawn")}, {"x", std::int64_t{60}}, {"y", std::int64_t{1}}}),
            "outside the map");
    refused(command("target.place", {{"kind", std::string("spawn")}, {"x", std::int64_t{5}}, {"y", std::int64_t{6}}}),
            "is a wall");
    refused(command("target.place", {{"kind", std::string("spawn")}, {"x", std::int64_t{10}}, {"y", std::int64_t{10}}}),
            "already holds target 0");
    refused(
        command("target.place", {{"kind", std::string("extension")}, {"x", std::int64_t{2}}, {"y", std::int64_t{2}}})
            .set("energy", 60.0),
        "over its capacity");
    refused(command("target.move", {{"id", std::int64_t{3}}, {"x", std::int64_t{2}}, {"y", std::int64_t{2}}}),
            "no target 3");
    refused(command("target.set", {{"id", std::int64_t{0}}, {"capacity", 50.0}}), "over its capacity");
    refused(command("transporter.move", {{"id", std::int64_t{0}}, {"x", std::int64_t{5}}, {"y", std::int64_t{5}}}),
            "is a wall");
    refused(command("transporter.remove", {{"id", std::int64_t{4}}}), "no transporter 4");
    refused(
        command("wall.set",
                {{"x", std::int64_t{9}}, {"y", std::int64_t{9}}, {"x2", std::int64_t{11}}, {"y2", std::int64_t{11}}}),
        "cover target 0");
    refused(command("transporter.place", {{"x", std::int64_t{2}}, {"y", std::int64_t{2}}, {"speed", 7.0}}),
            "out of range");

    issue_ok(
        w,
        command("target.place",
                {{"kind", std::string("lab")}, {"x", std::int64_t{20}}, {"y", std::int64_t{20}}, {"mineral", 10.0}}));
    CHECK(w.targets().size() == 2);
    CHECK(w.targets()[1].resource == Resource::Mineral);
    issue_ok(w, command("target.move", {{"id", std::int64_t{1}}, {"x", std::int64_t{21}}, {"y", std::int64_t{20}}}));
    CHECK(w.targets()[1].pos == Tile{21, 20});
    issue_ok(w, command("target.set", {{"id", std::int64_t{1}}, {"rate", 3.0}, {"multiplier", 2.0}}));
    CHECK(w.targets()[1].rate == 3.0);
    CHECK(w.requests().back().multiplier == 2.0);
    issue_ok(w,
             command("wall.set",
                     {{"x", std::int64_t{5}}, {"y", std::int64_t{5}}, {"x2", std::int64_t{5}}, {"y2", std::int64_t{9}}})
                 .set("solid", false));
    CHECK(w.map().wall_count() == 0);
}
