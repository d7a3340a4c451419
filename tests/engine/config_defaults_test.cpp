// Every lab's config takes its defaults from its parameter table alone: a default-constructed config
// is all NaN (nothing can use it by accident), one built from the table has every field set, to the
// table's default, and the RGS setup reads the map through the table (its errors, its line).
#include <doctest/doctest.h>

#include <array>
#include <bit>
#include <cmath>
#include <string>

#include "engine/core/scenario.hpp"
#include "engine/effects/config.hpp"
#include "engine/logistics/config.hpp"
#include "engine/podball/config.hpp"
#include "engine/rgs/config.hpp"
#include "engine/tasks/config.hpp"

using namespace pb;

namespace {

// A config is a list of doubles, one per table entry (checked below), so it can be read as one.
template <class Config>
std::array<double, sizeof(Config) / sizeof(double)> fields_of(const Config& c) {
    static_assert(sizeof(Config) % sizeof(double) == 0, "a config holds only doubles");
    return std::bit_cast<std::array<double, sizeof(Config) / sizeof(double)>>(c);
}

template <class Config, class FromParams>
void check_defaults_from_table(const char* lab, const ParamTable& table, FromParams from_params) {
    CAPTURE(lab);
    const auto unset = fields_of(Config{});
    // Every field of the struct is bound to one table entry (no field the table cannot set).
    CHECK(unset.size() == table.size());
    // Default-constructed: every bound field is NaN, visibly not a configuration.
    for (double v : unset) CHECK(std::isnan(v));

    const auto from_empty = fields_of(from_params(ParamSet{}));
    const auto from_defaults = fields_of(from_params(ParamSet(table)));
    for (std::size_t i = 0; i < from_empty.size(); ++i) {
        CAPTURE(i);
        CHECK(!std::isnan(from_empty[i]));
        CHECK(from_empty[i] == from_defaults[i]);
    }
    // Each table default lands in exactly one field: the multiset of fields is the table's defaults.
    for (std::size_t i = 0; i < table.size(); ++i) {
        const double def = table[i].default_value;
        std::size_t in_table = 0, in_config = 0;
        for (std::size_t j = 0; j < table.size(); ++j) in_table += table[j].default_value == def;
        for (double v : from_empty) in_config += v == def;
        CAPTURE(table[i].key);
        CHECK(in_table == in_config);
    }
    // And a value moved off its default moves exactly one field.
    for (std::size_t i = 0; i < table.size(); ++i) {
        const ParamDef& d = table[i];
        ParamSet moved(table);
        REQUIRE(!moved.set(i, d.default_value == d.max ? d.min : d.max));
        const auto f = fields_of(from_params(moved));
        std::size_t changed = 0;
        for (std::size_t j = 0; j < f.size(); ++j) changed += f[j] != from_defaults[j];
        CAPTURE(d.key);
        CHECK(changed == 1);
    }
}

std::string load_errors(const std::string& text) {
    try {
        load_scenario_text(text, "map.toml");
    } catch (const ScenarioError& e) {
        return e.what();
    }
    return "";
}

}   // namespace

TEST_CASE("configs: defaults come from the parameter table alone, every bound field set") {
    check_defaults_from_table<podball::PodballConfig>("podball", podball::podball_param_table(),
                                                      [](const ParamSet& p) { return podball::config_from(p); });
    check_defaults_from_table<rgs::RgsConfig>("rgs", rgs::rgs_param_table(),
                                              [](const ParamSet& p) { return rgs::config_from(p); });
    check_defaults_from_table<logistics::LogisticsConfig>("logistics", logistics::logistics_param_table(),
                                                          [](const ParamSet& p) { return logistics::config_from(p); });
    check_defaults_from_table<effects::EffectsConfig>("effects", effects::effects_param_table(),
                                                      [](const ParamSet& p) { return effects::config_from(p); });
    check_defaults_from_table<tasks::TasksConfig>("tasks", tasks::tasks_param_table(),
                                                  [](const ParamSet& p) { return tasks::config_from(p); });
}

TEST_CASE("rgs: the map size a setup is checked against comes through the parameter table") {
    const std::string rgs_at = "[[rgs]]\nteam = 0\nposition = [9000.0, 10.0, 10.0]\n";
    // A map widened through [params] admits a position beyond the default 8000 qu.
    CHECK(load_errors("lab = \"rgs\"\n[params]\nrgs.map.width = 9500.0\n" + rgs_at).empty());
    // The same key nested as TOML tables is the same parameter.
    CHECK(load_errors("lab = \"rgs\"\n[params.rgs.map]\nwidth = 9500.0\n" + rgs_at).empty());
    // A bad value is the table's error, with file, line and key (not a quiet fall-back to the default).
    const std::string bad = load_errors("lab = \"rgs\"\n[params]\nrgs.map.width = 100.0\n");
    CHECK(bad.find("map.toml:3") != std::string::npos);
    CHECK(bad.find("rgs.map.width") != std::string::npos);
    CHECK(bad.find("out of range") != std::string::npos);
    // A value the table refuses is not used for the map either: the position is then checked
    // against the default map (8000 qu) and refused there too, beside the table's error.
    const std::string both = load_errors("lab = \"rgs\"\n[params]\nrgs.map.width = 300000.0\n" + rgs_at);
    CHECK(both.find("rgs.map.width") != std::string::npos);
    CHECK(both.find("x 0 .. 8000") != std::string::npos);
}
