// Names for enumerated parameters, helpful "did you mean" suggestions, TOML syntax errors in plain
// words with line and column, and the labs' derived values checked against their formulas with
// the numbers of the labs' sources (docs/labs/<lab>.md#sources).
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "engine/core/command.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/param_overrides.hpp"
#include "engine/core/params.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/suggest.hpp"
#include "engine/core/toml_text.hpp"
#include "engine/core/words.hpp"
#include "engine/effects/config.hpp"
#include "engine/effects/derived.hpp"
#include "engine/logistics/config.hpp"
#include "engine/logistics/derived.hpp"
#include "engine/podball/config.hpp"
#include "engine/podball/derived.hpp"
#include "engine/rgs/config.hpp"
#include "engine/rgs/derived.hpp"
#include "engine/tasks/config.hpp"
#include "engine/tasks/derived.hpp"

using namespace pb;

namespace {

bool contains(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

std::string load_error(const std::string& text) {
    try {
        load_scenario_text(text, "bad.toml");
    } catch (const ScenarioError& e) {
        return e.what();
    }
    FAIL("scenario loaded but should have been refused:\n" << text);
    return "";
}

const DerivedValue& find_derived(const std::vector<DerivedValue>& list, const std::string& label) {
    for (const auto& d : list)
        if (d.label == label) return d;
    FAIL("no derived value '" << label << "'");
    return list.front();
}

}   // namespace

TEST_CASE("suggest: the closest known name for a typo, none for a far-off one") {
    CHECK(edit_distance("thrustt", "thrust") == 1);
    CHECK(edit_distance("Thrust", "thrust") == 0);   // case does not count
    CHECK(edit_distance("", "abc") == 3);
    CHECK(edit_distance("kitten", "sitting") == 3);
    const std::vector<std::string> names{"thrust", "friction", "mass"};
    CHECK(closest_name("thrustt", names) == std::optional<std::string>("thrust"));
    CHECK(closest_name("frcition", names) == std::optional<std::string>("friction"));
    CHECK_FALSE(closest_name("thrust", names).has_value());       // exact: nothing to suggest
    CHECK_FALSE(closest_name("goalkeeper", names).has_value());   // far off: no suggestion
    CHECK(did_you_mean("thrustt", names) == " (did you mean thrust?)");
    CHECK(did_you_mean("zzzzzz", names).empty());
}

TEST_CASE("suggest: --set and scenario keys name the parameter meant") {
    ParamSet params(podball::podball_param_table());
    auto typo = apply_param_overrides(params, {"podball.pod.thrustt=0.0003"});
    REQUIRE(typo);
    CHECK(contains(*typo, "did you mean podball.pod.thrust?"));
    auto section = apply_param_overrides(params, {"podball.ball.thrust=0.0003"});   // right name, wrong section
    REQUIRE(section);
    CHECK(contains(*section, "did you mean podball.pod.thrust?"));
    auto far = apply_param_overrides(params, {"podball.weather.rain=1"});
    REQUIRE(far);
    CHECK(contains(*far, "unknown parameter 'podball.weather.rain'"));
    CHECK_FALSE(contains(*far, "did you mean"));

    auto m = load_error("lab = \"podball\"\n[params]\npodball.pod.thrustt = 0.0003\n");
    CHECK(contains(m, "bad.toml:3"));
    CHECK(contains(m, "did you mean podball.pod.thrust?"));
    // A top-level key, a lab name, a string choice.
    CHECK(contains(load_error("lab = \"podball\"\nsed = 3\n"), "did you mean seed?"));
    CHECK(contains(load_error("lab = \"podbal\"\n"), "did you mean podball?"));
    CHECK(contains(load_error("lab = \"rgs\"\nseed = 1\n[params]\nrgs.drill.rnage = 900.0\n"),
                   "did you mean rgs.drill.range?"));
}

TEST_CASE("suggest: commands name the type, argument and choice meant") {
    const LabInfo* lab = find_lab("podball");
    REQUIRE(lab);
    const auto specs = command_specs(*lab);
    Command c = make_param_set(0, "podball.pod.thrust", 0.0003);
    c.type = "param.sett";
    auto why = validate_command(specs, c);
    REQUIRE(why);
    CHECK(contains(*why, "did you mean param.set?"));
}

TEST_CASE("TOML syntax errors in plain words, with line and column") {
    struct Case {
        const char* text;
        const char* where;
        const char* says;
    };
    const Case cases[] = {
        {"lab = \"podball\"\ntitle = \"x\n", "bad.toml:2:11:", "a text value is not closed: add the closing quote"},
        {"lab = \"podball\"\n[params\n", "bad.toml:2:8:", "a table header is not closed: add ']'"},
        {"lab = \"podball\"\nseed = 1\nseed = 2\n", "bad.toml:3:", "the key 'seed' is given twice"},
        {"lab = \"podball\"\n[params]\n[params]\n", "bad.toml:3:1:", "the table [params] appears twice"},
        {"lab = \"podball\"\nseed 3\n", "bad.toml:2:6:", "'=' is missing between the key and its value"},
        {"lab = \"podball\"\n[params]\npodball.ball.friction = 0.5x\n",
         "bad.toml:3:", "not a number: write numbers as 12, 0.5 or 1e-3"},
        {"lab = \"podball\"\n[params]\npodball.ball.friction = .5\n", "bad.toml:3:", "not a number"},
        {"lab = \"podball\"\n[team0]\npods = [1, 2\n", "bad.toml:3:", "a list is not closed"},
        {"lab = \"podball\"\ntitle = red\n", "bad.toml:2:", "text needs quotes"},
        {"lab = \"podball\"\nseed =\n", "bad.toml:2:", "a value is missing after '='"},
        {"lab = \"podball\"\n[team0]\nname = \"A\"\nsupport = True\n", "bad.toml:4:", "true or false, in lower case"},
    };
    for (const Case& c : cases) {
        CAPTURE(c.text);
        std::string m = load_error(c.text);
        CHECK(contains(m, c.where));
        CHECK(contains(m, "not valid TOML"));
        CHECK(contains(m, c.says));
        CHECK_FALSE(contains(m, "control characters"));   // toml++'s words are gone
        CHECK_FALSE(contains(m, "Error while parsing"));
    }
    CHECK(plain_toml_error("Error while parsing string: unknown escape sequence '\\q'").find("unknown escape (\\q)") ==
          0);
}

TEST_CASE("enumerated parameters: names in --set and scenario files, numbers kept when saving") {
    const ParamTable& table = logistics::logistics_param_table();
    const ParamDef& policy = table[*table.find("logistics.matching.policy")];
    REQUIRE(policy.is_choice());
    REQUIRE(policy.choices.size() == 4);
    CHECK(policy.choices[3].name == "optimal");
    CHECK(logistics::policy_key(logistics::Policy::Optimal) == "optimal");   // one place: the table
    CHECK(logistics::policy_label(logistics::Policy::StableRequests) == "Stable (requests propose)");
    CHECK(describe_param_value(policy, 2) == "2 (sequential_greedy)");

    ParamSet params(table);
    REQUIRE_FALSE(apply_param_overrides(params, {"logistics.matching.policy=optimal"}));
    CHECK(params.get("logistics.matching.policy") == 3.0);
    REQUIRE_FALSE(apply_param_overrides(params, {"logistics.matching.policy=Sequential greedy"}));   // the label too
    CHECK(params.get("logistics.matching.policy") == 2.0);
    REQUIRE_FALSE(apply_param_overrides(params, {"logistics.matching.policy=1"}));   // the number still works
    CHECK(params.get("logistics.matching.policy") == 1.0);
    auto typo = apply_param_overrides(params, {"logistics.matching.policy=optimall"});
    REQUIRE(typo);
    CHECK(contains(*typo, "did you mean optimal?"));
    CHECK(contains(*typo, "stable_transporters, stable_requests, sequential_greedy, optimal"));
    CHECK(params.get("logistics.matching.policy") == 1.0);   // left as it was

    // A scenario file may name the choice; saving keeps the file format's number.
    const std::string defaults = scenario_to_toml(default_scenario(*find_lab("logistics")));
    const std::string commented = "# logistics.matching.policy = 0";
    REQUIRE(defaults.find(commented) != std::string::npos);
    std::string file = defaults;
    file.replace(file.find(commented), commented.size(), "logistics.matching.policy = \"optimal\"");
    Scenario s = load_scenario_text(file, "named.toml");
    CHECK(s.params.get("logistics.matching.policy") == 3.0);
    std::string saved = scenario_to_toml(s);
    CHECK(contains(saved, "logistics.matching.policy = 3 "));
    CHECK(contains(saved, "stable_transporters, stable_requests, sequential_greedy, optimal, by number or name"));
    Scenario again = load_scenario_text(saved, "saved.toml");
    CHECK(again.params.get("logistics.matching.policy") == 3.0);

    std::string bad_file = defaults;
    bad_file.replace(bad_file.find(commented), commented.size(), "logistics.matching.policy = \"greedy\"");
    const std::string bad = load_error(bad_file);
    CHECK(contains(bad, "has no choice \"greedy\""));
    CHECK(contains(bad, "sequential_greedy"));
}

TEST_CASE("units: every parameter says what it measures, in the designer's terms") {
    for (const LabInfo* lab : all_labs()) {
        for (const ParamDef& d : lab->params->defs()) {
            CAPTURE(d.key);
            for (const char* vague : {"length", "mass", "force per speed", "units", "x", "force", "impulse", "time"})
                CHECK(d.unit != vague);
        }
    }
    const ParamTable& pod = podball::podball_param_table();
    CHECK(pod[*pod.find("podball.arena.width")].unit == "arena widths");
    CHECK(pod[*pod.find("podball.pod.friction")].unit == "pod masses/tick");
}

TEST_CASE("derived values: Podball's from the seed's numbers (thrust 0.0002, friction 0.05, shot 0.0032)") {
    // The specification's ball friction, the default before engine 7, set explicitly; today's
    // default below.
    ParamSet seed(podball::podball_param_table());
    REQUIRE_FALSE(seed.set("podball.ball.friction", 0.004));
    const auto d = podball::derived_values(seed);
    // The specification (docs/labs/podball.md#sources): pod friction 0.05, top speed 0.004 a tick.
    CHECK(find_derived(d, "Pod top speed").value == doctest::Approx(0.0002 / 0.05));
    CHECK(find_derived(d, "Pod top speed").value == doctest::Approx(0.004));
    CHECK(find_derived(d, "Carrier top speed").value == doctest::Approx(0.0002 / (0.05 + 0.03)));
    CHECK(find_derived(d, "Pod half-speed time").value == doctest::Approx(std::log(2.0) * 1.0 / 0.05));
    CHECK(find_derived(d, "Full shot speed").value == doctest::Approx(0.0032 / 0.2));
    CHECK(find_derived(d, "Ball half-speed time").value == doctest::Approx(std::log(2.0) * 0.2 / 0.004));
    // v0 / lambda = (0.0032 / 0.2) / (0.004 / 0.2) = 0.8 arena widths.
    CHECK(find_derived(d, "Free path of a full shot").value == doctest::Approx(0.8));
    CHECK(find_derived(d, "Full shot catchable after").value == doctest::Approx(std::log(0.016 / 0.012) / 0.02));
    CHECK(find_derived(d, "Pod top speed").unit == "arena widths/tick");
    CHECK(contains(find_derived(d, "Pod top speed").formula, "thrust / friction"));
    CHECK(find_derived(d, "Pod top speed").inputs.front() == "podball.pod.thrust");

    // Today's default ball friction 0.02: the same 0.016 widths/tick shot rolls 0.0032 / 0.02 =
    // 0.16 arena widths, halves its speed in 0.693 x 0.2 / 0.02 = 6.93 ticks and is catchable
    // (below the pick-up velocity 0.012) after ln(0.016 / 0.012) / 0.1 = 2.88 ticks.
    const auto today = podball::derived_values(ParamSet(podball::podball_param_table()));
    CHECK(find_derived(today, "Full shot speed").value == doctest::Approx(0.016));
    CHECK(find_derived(today, "Free path of a full shot").value == doctest::Approx(0.16));
    CHECK(find_derived(today, "Ball half-speed time").value == doctest::Approx(6.9315));
    CHECK(find_derived(today, "Full shot catchable after").value == doctest::Approx(2.8768));

    // They follow the sliders; friction 0 has no top speed.
    ParamSet p(podball::podball_param_table());
    REQUIRE_FALSE(p.set("podball.pod.thrust", 0.001));
    CHECK(find_derived(podball::derived_values(p), "Pod top speed").value == doctest::Approx(0.02));
    REQUIRE_FALSE(p.set("podball.pod.friction", 0.0));
    CHECK(std::isinf(find_derived(podball::derived_values(p), "Pod top speed").value));
}

TEST_CASE("derived values: RGS efficiency of two RGS at the seed's range (800 qu: 27/32 one range apart)") {
    const auto d = rgs::derived_values(ParamSet(rgs::rgs_param_table()));
    // Unvanquished's resource post (docs/labs/rgs.md#sources): "at a distance of 800 qu ... (1 -
    // 5/16) x 100% + 5/16 x 100% x 0.5 = 27/32".
    CHECK(find_derived(d, "Two drills one range apart").value == doctest::Approx(100.0 * 27.0 / 32.0));
    CHECK(find_derived(d, "Two drills in one spot").value == doctest::Approx(50.0));   // "both mine at 50%"
    const double dr = 0.5, q = (dr * dr * dr - 12 * dr + 16) / 16;
    CHECK(find_derived(d, "Two drills half a range apart").value == doctest::Approx(100.0 * (1 - q / 2)));
    CHECK(find_derived(d, "Spacing for full efficiency").value == doctest::Approx(1600.0));   // "1600 qu or higher"
    // R0 = 15 BP/min, T = 15 min: "after 30 minutes (t = 2T) ... 3.75 BP/min".
    CHECK(find_derived(d, "Rate after 30 minutes").value == doctest::Approx(3.75));
    CHECK(find_derived(d, "One RGS mines in a whole match").value == doctest::Approx(15.0 * 15.0 / std::log(2.0)));
    CHECK(find_derived(d, "Drill pays for itself in").value == doctest::Approx(60.0 * 10.0 / 15.0));
    ParamSet p(rgs::rgs_param_table());
    REQUIRE_FALSE(p.set("rgs.drill.range", 1000.0));
    CHECK(find_derived(rgs::derived_values(p), "Spacing for full efficiency").value == doctest::Approx(2000.0));
}

TEST_CASE("derived values: Logistics, Effects and Tasks follow their formulas") {
    const auto l = logistics::derived_values(ParamSet(logistics::logistics_param_table()));
    CHECK(find_derived(l, "Estimated trip of 10 tiles").value == doctest::Approx(1.1 * 10 / 1.0));
    CHECK(find_derived(l, "Full load 10 tiles away scores").value == doctest::Approx(500.0 / 11.0));
    CHECK(find_derived(l, "A tower outranks a spawn by").value == doctest::Approx(2.0 / 1.5));
    const auto e = effects::derived_values(ParamSet(effects::effects_param_table()));
    CHECK(find_derived(e, "One tick lasts").value == doctest::Approx(50.0));
    CHECK(find_derived(e, "Tower damage per second needed").value == doctest::Approx(1.0));
    const auto t = tasks::derived_values(ParamSet(tasks::tasks_param_table()));
    CHECK(find_derived(t, "One time unit on screen").value == doctest::Approx(20.0 / 60.0));
    CHECK(find_derived(t, "The time limit on screen").value == doctest::Approx(100.0 * 20.0 / 60.0));
    // Every lab has a list, every value names inputs that exist.
    for (const LabInfo* lab : all_labs()) {
        REQUIRE(lab->derived);
        const auto list = lab->derived(ParamSet(*lab->params));
        CHECK(list.size() >= 2);
        for (const auto& dv : list) {
            CAPTURE(dv.label);
            CHECK_FALSE(dv.formula.empty());
            REQUIRE_FALSE(dv.inputs.empty());
            for (const auto& k : dv.inputs) CHECK(lab->params->find(k).has_value());
        }
    }
}

TEST_CASE("words: the singular after one, the possessive of a name ending in s") {
    CHECK(count_of(1, "sample") == "1 sample");
    CHECK(count_of(0, "sample") == "0 samples");
    CHECK(count_of(3, "team") == "3 teams");
    CHECK(count_of(1, "life", "lives") == "1 life");
    CHECK(count_of(2, "life", "lives") == "2 lives");
    CHECK(possessive("Humans") == "Humans'");
    CHECK(possessive("Blue") == "Blue's");
    CHECK(possessive("B") == "B's");
    CHECK(with_unit("1", "tiles/tick") == "1 tile/tick");
    CHECK(with_unit("1.5", "tiles/tick") == "1.5 tiles/tick");
    CHECK(with_unit("1.00", "tiles/tick") == "1.00 tiles/tick");
    CHECK(with_unit("-1", "ticks") == "-1 tick");
    CHECK(with_unit("1", "pod masses/tick") == "1 pod mass/tick");
    CHECK(with_unit("1", "arena widths") == "1 arena width");
    CHECK(with_unit("1", "lives") == "1 life");
    CHECK(with_unit("1", "pod mass*widths/tick") == "1 pod mass*widths/tick");   // a product: left as it is
    CHECK(with_unit("1", "%") == "1 %");
    CHECK(with_unit("1", "s") == "1 s");
    CHECK(with_unit("1", "qu") == "1 qu");
    CHECK(with_unit("1", "x wave HP") == "1 x wave HP");
    CHECK(with_unit("1", "") == "1");
}
