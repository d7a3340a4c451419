#include <doctest/doctest.h>

#include "engine/core/lab.hpp"
#include "engine/core/params.hpp"
#include "ui/widgets/param_panel.hpp"

using namespace pb;

namespace {

const ParamTable& table() {
    static const ParamTable t({
        ParamDef{"lab.ball.friction", "Ball friction", "force per speed", 0.0005, 0.05, 0.004, "slows the ball"},
        ParamDef{"lab.ball.mass", "Ball mass", "mass", 0.01, 5.0, 0.2, "heavier"},
        ParamDef{"lab.rules.keep_ticks", "Ball keep time", "ticks", 1, 5000, 200, "hold limit", ParamType::Integer},
        ParamDef{"lab.rules.support", "Support play", "", 0, 1, 1, "on or off", ParamType::Boolean},
        ParamDef{"lab.odd_name.x", "Percent", "%", 0, 100, 50, "a percentage"},
    });
    return t;
}

}   // namespace

TEST_CASE("param panel: reset commands put changed parameters back to their defaults") {
    ParamSet values(table());
    CHECK(ui::changed_count(values, "") == 0);
    CHECK(ui::reset_commands(values, "", 7).empty());

    REQUIRE_FALSE(values.set("lab.ball.friction", 0.01));
    REQUIRE_FALSE(values.set("lab.rules.keep_ticks", 300));
    REQUIRE_FALSE(values.set("lab.rules.support", 0));
    CHECK(ui::changed_count(values, "") == 3);
    CHECK(ui::changed_count(values, "lab.ball") == 1);
    CHECK(ui::changed_count(values, "lab.rules") == 2);

    auto ball = ui::reset_commands(values, "lab.ball", 42);
    REQUIRE(ball.size() == 1);
    CHECK(ball[0] == make_param_set(42, "lab.ball.friction", 0.004));

    auto all = ui::reset_commands(values, "", 5);
    REQUIRE(all.size() == 3);
    CHECK(all[0].text("key") == "lab.ball.friction");
    CHECK(all[1].text("key") == "lab.rules.keep_ticks");
    CHECK(all[1].number("value") == 200.0);
    CHECK(all[2].text("key") == "lab.rules.support");
    CHECK(all[2].number("value") == 1.0);
    for (const Command& c : all) CHECK(c.tick == 5);
}

TEST_CASE("param panel: section titles, filter and slider formats") {
    CHECK(ui::section_title("podball.ball") == "Ball");
    CHECK(ui::section_title("podball.match") == "Match");
    CHECK(ui::section_title("lab.odd_name") == "Odd name");
    CHECK(ui::section_title("podball.team0.script") == "Team 0 script");   // a Lua team's tunables
    CHECK(ui::section_title("podball.team1.script") == "Team 1 script");

    const ParamDef& friction = table()[0];
    CHECK(ui::param_matches_filter(friction, ""));
    CHECK(ui::param_matches_filter(friction, "FRICTION"));
    CHECK(ui::param_matches_filter(friction, "ball.fri"));      // by key
    CHECK(ui::param_matches_filter(friction, "per speed"));     // by unit
    CHECK_FALSE(ui::param_matches_filter(friction, "slows"));   // not by description
    CHECK_FALSE(ui::param_matches_filter(friction, "mass"));
    CHECK_FALSE(ui::param_matches_filter(friction, "lab"));   // not by the lab's prefix
    CHECK(ui::slider_format(friction) == "%.4g force per speed");
    CHECK(ui::slider_format(table()[2]) == "%d ticks");
    CHECK(ui::slider_format(table()[3]) == "%.4g");
    // A literal percent sign in a unit must not become a printf conversion.
    CHECK(ui::slider_format(table()[4]) == "%.4g %%");
}

TEST_CASE("param panel: \"ball\" in Podball shows the ball's rows, not every row of the lab") {
    const LabInfo* podball = find_lab("podball");
    REQUIRE(podball);
    REQUIRE(podball->params);
    const std::vector<ParamDef>& defs = podball->params->defs();
    int matched = 0, ball_section = 0;
    for (const ParamDef& def : defs) {
        const bool match = ui::param_matches_filter(def, "ball");
        matched += match;
        if (def.key.rfind("podball.ball.", 0) == 0) {
            ++ball_section;
            CHECK_MESSAGE(match, def.key);
        }
    }
    CHECK(ball_section >= 2);
    CHECK(matched < static_cast<int>(defs.size()) / 2);   // every row matched while the prefix counted
    CHECK_FALSE(ui::param_matches_filter(defs.front(), "podball"));
}
