// RgsSetup as scenario text: written with comments a designer can follow, read back with the
// line, key and allowed values of every problem.
#include "engine/rgs/setup.hpp"

#include <cmath>
#include <ostream>

#include "engine/core/toml_text.hpp"
#include "engine/rgs/config.hpp"

namespace pb::rgs {
namespace {

std::string short_number(double v) { return format_number(v); }

bool read_position(TableReader& r, Vec3& out, Vec3 map) {
    const Node* n = r.node("position");
    if (!n) return false;
    const std::string expect = "expected [x, y, z] inside the map: x 0 .. " + short_number(map.x) + ", y 0 .. " +
                               short_number(map.y) + ", z 0 .. " + short_number(map.z);
    if (n->kind != Node::Kind::Array || n->array.size() != 3 || !n->array[0].is_number() || !n->array[1].is_number() ||
        !n->array[2].is_number()) {
        r.diagnostics().error(*n, expect);
        return false;
    }
    const Vec3 p{n->array[0].as_number(), n->array[1].as_number(), n->array[2].as_number()};
    if (!(p.x >= 0.0 && p.x <= map.x && p.y >= 0.0 && p.y <= map.y && p.z >= 0.0 && p.z <= map.z)) {
        r.diagnostics().error(
            *n, expect + ", got [" + short_number(p.x) + ", " + short_number(p.y) + ", " + short_number(p.z) + "]");
        return false;
    }
    out = p;
    return true;
}

void read_team(const Node& node, TeamSetup& team, Diagnostics& diag) {
    TableReader t(node, diag);
    team.name = t.text("name", team.name);
    if (t.has("bp")) team.bp = t.number("bp", 0.0, 0.0, 1e9);
    team.main_structure = t.boolean("main_structure", team.main_structure);
    t.finish();
}

void read_rgs(const Node& entry, RgsSetup& setup, Vec3 map, Diagnostics& diag) {
    if (entry.kind != Node::Kind::Table) {
        diag.error(entry, "each [[rgs]] entry must be a table with team and position");
        return;
    }
    TableReader r(entry, diag);
    RgsPlacement p;
    if (!r.has("team")) diag.error(entry, "each [[rgs]] needs team = 0 or 1");
    p.team = static_cast<int>(r.integer("team", -1, 0, 1));
    p.kind = default_kind(std::max(p.team, 0));
    parse_kind(r.text("kind", std::string(kind_key(p.kind)), kind_keys()), p.kind);
    if (!r.has("position")) diag.error(entry, "each [[rgs]] needs position = [x, y, z]");
    const bool placed = read_position(r, p.pos, map);
    p.range = r.number("range", 0.0, 1.0, 20000.0);
    parse_state(r.text("state", "active", state_keys()), p.state);
    if (r.has("health")) {
        if (p.state == State::Destroyed)
            diag.error(*r.node("health"), "a destroyed RGS has no health: leave health out");
        else
            p.health = r.number("health", 1.0, 1e-6, 100000.0);
    }
    r.finish();
    if (p.team >= 0 && placed) setup.rgs.push_back(p);
}

}   // namespace

void RgsSetup::write_toml(std::ostream& out) const {
    out << "# Teams: team 0 builds drills, team 1 leeches (unless an RGS says kind = ...).\n"
           "# bp: build points at tick 0 (default: rgs.economy.initial_bp); main_structure: reactor or\n"
           "# overmind alive, so the minimum efficiency applies.\n";
    for (int t = 0; t < 2; ++t) {
        out << "[team" << t << "]\nname = " << toml_string(teams[t].name) << "\n";
        if (teams[t].bp) out << "bp = " << toml_float(*teams[t].bp) << "\n";
        out << "main_structure = " << (teams[t].main_structure ? "true" : "false") << "\n\n";
    }
    if (!rgs.empty())
        out << "# RGS on the map at tick 0 (pre-built, free). position = [x, y, z] in qu; optional: kind\n"
               "# (drill, leech), range (qu, default the kind's), state (active, building, marked,\n"
               "# destroyed), health (HP, default full).\n";
    for (const RgsPlacement& p : rgs) {
        out << "[[rgs]]\nteam = " << p.team << "\n";
        if (p.kind != default_kind(p.team)) out << "kind = " << toml_string(kind_key(p.kind)) << "\n";
        out << "position = [" << toml_float(p.pos.x) << ", " << toml_float(p.pos.y) << ", " << toml_float(p.pos.z)
            << "]\n";
        if (p.range > 0.0) out << "range = " << toml_float(p.range) << "\n";
        if (p.state != State::Active) out << "state = " << toml_string(state_key(p.state)) << "\n";
        if (p.health) out << "health = " << toml_float(*p.health) << "\n";
        out << "\n";
    }
}

std::shared_ptr<const RgsSetup> read_rgs_setup(const Node&, const ParamSet& params, TableReader& reader,
                                               Diagnostics& diag) {
    auto setup = std::make_shared<RgsSetup>();
    for (int t = 0; t < 2; ++t)
        if (const Node* node = reader.table(t == 0 ? "team0" : "team1")) read_team(*node, setup->teams[t], diag);
    // The map as the parameter table read it (a bad value there is the table's error, with its line).
    const Vec3 map = config_from(params).map_size();
    if (const Node* list = reader.array("rgs");
        list && !over_limit(*list, list->array.size(), kMaxRgs, "RGS (kMaxRgs)", diag))
        for (const Node& entry : list->array) read_rgs(entry, *setup, map, diag);
    return setup;
}

}   // namespace pb::rgs
