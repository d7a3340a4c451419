#include <doctest/doctest.h>

#include <limits>
#include <stdexcept>

#include "engine/core/params.hpp"

using namespace pb;

static ParamTable sample_table() {
    return ParamTable({
        {"lab.ball.friction", "Ball friction", "force/(len/tick)", 0.0005, 0.05, 0.004, "friction of the free ball"},
        {"lab.rules.ballkeep", "Ball keep", "ticks", 1, 2000, 200, "ticks a pod may hold the ball", ParamType::Integer},
        {"lab.rules.enabled", "Enabled", "", 0, 1, 1, "rule switch", ParamType::Boolean},
    });
}

TEST_CASE("a parameter key reads lab.section.name") {
    ParamTable t = sample_table();
    CHECK(t[0].lab() == "lab");
    CHECK(t[0].section() == "lab.ball");
    CHECK(t[0].name() == "friction");
    CHECK(t.sections() == std::vector<std::string>{"lab.ball", "lab.rules"});
    CHECK(t.find("lab.rules.ballkeep") == std::optional<std::size_t>(1));
    CHECK_FALSE(t.find("lab.rules.nope"));
}

TEST_CASE("a malformed table is refused when it is built") {
    CHECK_THROWS_AS(ParamTable({{"a.b.c", "x", "", 0, 1, 0.5, ""}, {"a.b.c", "y", "", 0, 1, 0.5, ""}}),
                    std::logic_error);
    CHECK_THROWS_AS(ParamTable({{"a.b.c", "x", "", 0, 1, 2.0, ""}}), std::logic_error);
    CHECK_THROWS_AS(ParamTable({{"nodots", "x", "", 0, 1, 0.5, ""}}), std::logic_error);
}

TEST_CASE("values outside the range are refused with the range in the message") {
    ParamTable t = sample_table();
    ParamSet s(t);
    CHECK(s[0] == 0.004);
    CHECK(s.is_default(0));
    auto err = s.set(0, 0.5);
    REQUIRE(err);
    CHECK(err->find("lab.ball.friction") != std::string::npos);
    CHECK(err->find("0.0005 .. 0.05") != std::string::npos);
    CHECK(s[0] == 0.004);   // unchanged
    CHECK_FALSE(s.set(0, 0.05));
    CHECK(s[0] == 0.05);
    CHECK_FALSE(s.is_default(0));
    s.reset(0);
    CHECK(s.is_default(0));

    CHECK(s.set(1, 12.5));   // integer parameter: whole numbers only
    CHECK(s.set(1, 0));      // below min
    CHECK_FALSE(s.set(1, 2000));
    CHECK(s.set(2, 0.5));   // switch: 0 or 1
    CHECK(s.set("lab.ball.unknown", 1.0));
    CHECK(s.set(0, std::numeric_limits<double>::quiet_NaN()));
}

TEST_CASE("--set KEY=VALUE parsing") {
    ParamTable t = sample_table();
    ParamAssignment a;
    CHECK_FALSE(parse_param_assignment(t, "lab.ball.friction=0.01", a));
    CHECK(a.index == 0);
    CHECK(a.value == 0.01);
    CHECK_FALSE(parse_param_assignment(t, "lab.rules.enabled=false", a));
    CHECK(a.value == 0.0);
    auto no_eq = parse_param_assignment(t, "lab.ball.friction", a);
    REQUIRE(no_eq);
    CHECK(no_eq->find("KEY=VALUE") != std::string::npos);
    auto typo = parse_param_assignment(t, "lab.pod.friction=1", a);
    REQUIRE(typo);
    CHECK(typo->find("did you mean lab.ball.friction") != std::string::npos);
    auto not_number = parse_param_assignment(t, "lab.ball.friction=fast", a);
    REQUIRE(not_number);
    CHECK(not_number->find("must be a number") != std::string::npos);
    auto range = parse_param_assignment(t, "lab.rules.ballkeep=5000", a);
    REQUIRE(range);
    CHECK(range->find("1 .. 2000") != std::string::npos);
}

TEST_CASE("formatting values as a designer writes them") {
    ParamTable t = sample_table();
    CHECK(format_param_value(t[0], 0.004) == "0.004");
    CHECK(format_param_value(t[1], 200) == "200");
    CHECK(format_param_value(t[2], 1) == "true");
}
