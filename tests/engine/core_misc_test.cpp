#include <doctest/doctest.h>

#include <limits>
#include <set>

#include "engine/core/command.hpp"
#include "engine/core/hash.hpp"
#include "engine/core/json.hpp"
#include "engine/core/rng.hpp"

using namespace pb;

static std::vector<CommandSpec> specs() {
    CommandSpec place{"pod.place", "move a pod", {}};
    place.args.push_back({"team", ArgKind::Integer, true, 0, 1, {}, "team 0 or 1"});
    place.args.push_back({"x", ArgKind::Number, true, -0.5, 0.5, {}, "x"});
    place.args.push_back({"kind", ArgKind::String, false, 0, 0, {"move", "shoot"}, "action"});
    return {place};
}

TEST_CASE("commands are validated against their spec") {
    Command c;
    c.tick = 10;
    c.type = "pod.place";
    c.set("team", std::int64_t{1}).set("x", 0.25);
    CHECK_FALSE(validate_command(specs(), c));
    CHECK(describe(c) == "t=10 pod.place team=1 x=0.25");

    Command unknown = c;
    unknown.type = "pod.teleport";
    auto e1 = validate_command(specs(), unknown);
    REQUIRE(e1);
    CHECK(e1->find("allowed: pod.place") != std::string::npos);

    Command missing = c;
    missing.args.pop_back();
    auto e2 = validate_command(specs(), missing);
    REQUIRE(e2);
    CHECK(e2->find("missing argument 'x'") != std::string::npos);

    Command range = c;
    range.set("x", 0.9);
    auto e3 = validate_command(specs(), range);
    REQUIRE(e3);
    CHECK(e3->find("-0.5 .. 0.5") != std::string::npos);

    Command frac = c;
    frac.set("team", 0.5);
    CHECK(validate_command(specs(), frac));

    Command extra = c;
    extra.set("speed", 3.0);
    auto e4 = validate_command(specs(), extra);
    REQUIRE(e4);
    CHECK(e4->find("unknown argument 'speed'") != std::string::npos);

    Command choice = c;
    choice.set("kind", std::string("dance"));
    auto e5 = validate_command(specs(), choice);
    REQUIRE(e5);
    CHECK(e5->find("allowed: move, shoot") != std::string::npos);

    Command negative = c;
    negative.tick = -1;
    CHECK(validate_command(specs(), negative));
}

TEST_CASE("the generator is seeded, repeatable and portable") {
    Rng a(42), b(42), c(43);
    for (int i = 0; i < 100; ++i) {
        auto x = a.next_u64();
        CHECK(x == b.next_u64());
        (void)c;
    }
    Rng d(42), e(43);
    CHECK(d.next_u64() != e.next_u64());
    // A known value pins the algorithm (xoshiro256** seeded by splitmix64), so a replay recorded
    // today still plays after a refactor.
    Rng pin(0);
    CHECK(pin.next_u64() == 0x99ec5f36cb75f2b4ull);
    Rng u(7);
    std::set<std::uint64_t> seen;
    for (int i = 0; i < 10000; ++i) {
        double v = u.uniform();
        CHECK((v >= 0.0 && v < 1.0));
        auto k = u.below(6);
        CHECK(k < 6);
        seen.insert(k);
    }
    CHECK(seen.size() == 6);
}

TEST_CASE("state hash folds negative zero and separates values") {
    StateHasher a, b, c;
    a.add(0.0);
    b.add(-0.0);
    c.add(1e-300);
    CHECK(a.value() == b.value());
    CHECK(a.value() != c.value());
    StateHasher empty;
    CHECK(empty.value() == 0xcbf29ce484222325ull);
}

TEST_CASE("JSON writer output") {
    JsonWriter j(false);
    j.begin_object();
    j.field("name", "a\"b\n");
    j.field("n", 3);
    j.field("x", 0.1);
    j.key("nan").value(std::numeric_limits<double>::quiet_NaN());
    j.key("list").begin_array().value(1).value(true).null().end_array();
    j.key("empty").begin_object().end_object();
    j.end_object();
    CHECK(j.str() == R"({"name":"a\"b\n","n":3,"x":0.1,"nan":null,"list":[1,true,null],"empty":{}})");
}
