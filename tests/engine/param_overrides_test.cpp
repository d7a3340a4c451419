// `--set KEY=VALUE` as every verb applies it (engine/core/param_overrides.hpp): applied in order,
// and a bad key, a value out of range or a parameter given twice is a clear error that leaves
// the parameters as they were.
#include <doctest/doctest.h>

#include "engine/core/param_overrides.hpp"
#include "engine/podball/config.hpp"

using namespace pb;

TEST_CASE("--set overrides: good assignments are applied, each to its own parameter") {
    ParamSet p(podball::podball_param_table());
    const double pod_default = p.get("podball.pod.friction");
    REQUIRE(pod_default != 0.125);
    CHECK_FALSE(apply_param_overrides(p, {"podball.pod.friction=0.125", "podball.pod.mass = 2"}));
    CHECK(p.get("podball.pod.friction") == 0.125);
    CHECK(p.get("podball.pod.mass") == 2.0);
    CHECK_FALSE(apply_param_overrides(p, {}));   // nothing to do is not an error
}

TEST_CASE("--set overrides: a bad key, a bad value, out of range and a duplicate are refused, changing nothing") {
    const ParamSet fresh(podball::podball_param_table());
    ParamSet p = fresh;

    auto unknown = apply_param_overrides(p, {"podball.pod.friction=0.1", "podball.pod.fricton=0.1"});
    REQUIRE(unknown);
    CHECK(unknown->rfind("--set podball.pod.fricton=0.1: unknown parameter 'podball.pod.fricton'", 0) == 0);
    CHECK(p == fresh);   // the good first one was not applied either

    auto range = apply_param_overrides(p, {"podball.pod.friction=7"});
    REQUIRE(range);
    CHECK(range->find("--set podball.pod.friction=7: ") == 0);
    CHECK(range->find("0 .. 0.5") != std::string::npos);   // says the range

    auto number = apply_param_overrides(p, {"podball.pod.friction=fast"});
    REQUIRE(number);
    CHECK(number->find("must be a number, got 'fast'") != std::string::npos);

    auto malformed = apply_param_overrides(p, {"podball.pod.friction"});
    REQUIRE(malformed);
    CHECK(malformed->find("expected KEY=VALUE") != std::string::npos);

    auto twice =
        apply_param_overrides(p, {"podball.pod.friction=0.1", "podball.pod.mass=2", "podball.pod.friction = 0.2"});
    REQUIRE(twice);
    CHECK(*twice ==
          "--set podball.pod.friction = 0.2: 'podball.pod.friction' is already set by --set "
          "podball.pod.friction=0.1; give each parameter once");
    CHECK(p == fresh);
}
