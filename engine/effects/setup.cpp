// EffectsSetup as scenario text: written with comments a designer can follow, read back with the
// line, key and allowed values of every problem.
#include "engine/effects/setup.hpp"

#include <cmath>
#include <ostream>

#include "engine/core/toml_text.hpp"

namespace pb::effects {
namespace {

constexpr double kFar = 1e6;   // lane coordinates: any sane level fits

std::string n(double v) { return format_number(v); }

void read_waypoints(const Node& lane, EffectsSetup& setup, Diagnostics& diag) {
    TableReader r(lane, diag);
    if (const Node* list = r.array("waypoints");
        list && !over_limit(*list, list->array.size(), kMaxWaypoints, "waypoints (kMaxWaypoints)", diag)) {
        std::vector<Vec2> points;
        bool ok = true;
        for (const Node& p : list->array) {
            Vec2 point;
            if (!read_point(p, diag, "a waypoint in lane units", -kFar, kFar, -kFar, kFar, point.x, point.y)) {
                ok = false;
                continue;
            }
            points.push_back(point);
        }
        if (ok && (points.size() < 2 || LanePath(points).length() <= 0.0)) {
            diag.error(*list, "a lane needs two or more waypoints and a length above 0");
            ok = false;
        }
        if (ok) setup.waypoints = std::move(points);
    }
    r.finish();
}

void read_wave(const Node& entry, EffectsSetup& setup, Diagnostics& diag) {
    if (entry.kind != Node::Kind::Table) {
        diag.error(entry, "each [[waves]] entry is a table (count, hp, speed, ...)");
        return;
    }
    TableReader r(entry, diag);
    Wave w;
    w.name = r.text("name", "Wave " + std::to_string(setup.waves.size() + 1));
    w.start = r.number("start", 0.0, 0.0, 1e6);
    w.count = static_cast<int>(r.count("count", 1, 0, kMaxWaveCount, "creeps in a wave (kMaxWaveCount)"));
    w.interval = r.number("interval", 1.0, 0.0, 1e6);
    w.hp = r.number("hp", 100.0, 1e-6, 1e9);
    w.speed = r.number("speed", 1.0, 0.0, 1e4);
    w.armour = r.number("armour", 0.0, 0.0, 1e9);
    w.attack = r.number("attack", 1.0, 0.0, 1e6);
    // Creeps may enter mid-lane (a side path, or the worked examples spread along it).
    const double length = LanePath(setup.waypoints).length();
    if (const Node* at = r.node("at"); at && (!at->is_number() || at->as_number() < 0.0 || at->as_number() >= length))
        diag.error(*at, "at is a distance along the lane: allowed 0 .. below its length " + n(length));
    else
        w.at = r.number("at", 0.0, 0.0, length);
    r.finish();
    setup.waves.push_back(std::move(w));
}

void read_tower(const Node& entry, EffectsSetup& setup, Diagnostics& diag) {
    if (entry.kind != Node::Kind::Table) {
        diag.error(entry, "each [[towers]] entry is a table with position, range, rate, damage, ...");
        return;
    }
    TableReader r(entry, diag);
    TowerDef t;
    if (!r.has("position")) diag.error(entry, "each [[towers]] needs position = [x, y]");
    const bool placed = r.vec2("position", t.pos.x, t.pos.y, -kFar, kFar, -kFar, kFar);
    t.range = r.number("range", t.range, 0.0, 1e4);
    t.rate = r.number("rate", t.rate, 0.01, 1000.0);
    t.damage = r.number("damage", t.damage, 0.0, 1e9);
    std::vector<std::string> names;
    for (const EffectType& e : setup.book.types()) names.push_back(e.name);
    t.effect = r.text("effect", "", names);
    const double cap = t.effect.empty() ? 1e6 : max_potency(setup.book.type(*setup.book.find(t.effect)).kind);
    t.potency = r.number("potency", t.effect.empty() ? 0.0 : std::min(cap, 10.0), 0.0, cap);
    t.duration = r.number("duration", t.effect.empty() ? 0.0 : 3.0, 0.0, 1e5);
    t.chance = r.number("chance", 100.0, 0.0, 100.0);
    r.finish();
    if (placed) setup.towers.push_back(std::move(t));
}

void read_effect(const Node& entry, EffectBook& book, Diagnostics& diag) {
    if (entry.kind != Node::Kind::Table) {
        diag.error(entry, "each [[effects]] entry is a table with name and kind");
        return;
    }
    TableReader r(entry, diag);
    if (!r.has("name")) diag.error(entry, "each [[effects]] needs name = \"...\"");
    const std::string name = r.text("name", "");
    // An entry for a known name changes what it gives and keeps the rest.
    EffectType t;
    if (auto at = book.find(name)) t = book.type(*at);
    t.name = name;
    if (t.label.empty()) t.label = name;
    t.label = r.text("label", t.label);
    if (!r.has("kind") && !book.find(name))
        diag.error(entry, "a new effect type needs kind (one of: damage, slow, stop, vulnerability, reverse, miss)");
    parse_kind(r.text("kind", std::string(kind_key(t.kind)), kind_keys()), t.kind);
    parse_policy(r.text("policy", std::string(policy_key(t.policy)), policy_keys()), t.policy);
    if (const Node* c = r.node("colour")) {
        if (c->kind != Node::Kind::String || !parse_rgb(c->text, t.colour))
            diag.error(*c, "expected a colour as \"#rrggbb\"");
    }
    t.icon = r.text("icon", t.icon.empty() ? name.substr(0, 1) : t.icon);
    if (t.icon.size() > 3) {
        diag.error(*r.node("icon"), "an icon is one to three letters");
        t.icon = t.icon.substr(0, 3);
    }
    r.finish();
    if (!name.empty()) book.define(std::move(t));
}

void read_interaction(const Node& entry, EffectBook& book, Diagnostics& diag) {
    if (entry.kind != Node::Kind::Table) {
        diag.error(entry, "each [[interactions]] entry is a table with incoming, present and action");
        return;
    }
    TableReader r(entry, diag);
    std::vector<std::string> names;
    for (const EffectType& e : book.types()) names.push_back(e.name);
    InteractionRule rule;
    for (const char* key : {"incoming", "present"})
        if (!r.has(key)) diag.error(entry, std::string("each [[interactions]] needs ") + key + " = an effect type");
    rule.incoming = r.text("incoming", "", names);
    rule.present = r.text("present", "", names);
    std::vector<std::string> actions = action_keys();
    actions.push_back("coexist");
    const std::string action = r.text("action", "cancel", actions);
    const bool transform = action == "transform";
    if (transform && !r.has("into")) diag.error(entry, "a transform needs into = the type the hit becomes");
    if (!transform && r.has("into")) diag.error(*r.node("into"), "only action = \"transform\" takes into");
    rule.into = r.text("into", "", names);
    rule.potency = r.number("potency", 50.0, 0.0, 1e6);
    r.finish();
    if (rule.incoming.empty() || rule.present.empty() || (transform && rule.into.empty())) return;
    if (action == "coexist") {
        book.remove_rule(rule.incoming, rule.present);
        return;
    }
    parse_action(action, rule.action);
    if (auto err = book.set_rule(rule)) diag.error(entry, *err);
}

}   // namespace

// ---------------------------------------------------------------- variants

std::string variant_key(const LaneVariant& v) { return v.policy ? std::string(policy_key(*v.policy)) : "as_defined"; }
std::string variant_label(const LaneVariant& v) {
    return v.policy ? std::string(policy_label(*v.policy)) : "Each type's own policy";
}
const std::vector<std::string>& variant_keys() {
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> k{"as_defined"};
        for (const std::string& p : policy_keys()) k.push_back(p);
        return k;
    }();
    return keys;
}
bool parse_variant(std::string_view key, LaneVariant& out) {
    if (key == "as_defined") {
        out.policy.reset();
        return true;
    }
    StackingPolicy p;
    if (!parse_policy(key, p)) return false;
    out.policy = p;
    return true;
}

EffectBook EffectsSetup::default_book() {
    EffectBook book = builtin_effect_types();
    add_builtin_interactions(book);
    return book;
}

std::optional<std::string> check_tower(const TowerDef& t, const EffectBook& book) {
    if (!(t.range >= 0.0 && t.rate > 0.0 && t.damage >= 0.0 && t.chance >= 0.0 && t.chance <= 100.0 &&
          t.duration >= 0.0))
        return "a tower needs range >= 0, rate > 0, damage >= 0, duration >= 0 and chance 0 .. 100";
    if (t.effect.empty()) return std::nullopt;
    const auto type = book.find(t.effect);
    if (!type) return "unknown effect type '" + t.effect + "' (types: " + book.type_names() + ")";
    const EffectKind kind = book.type(*type).kind;
    if (t.potency < 0.0 || t.potency > max_potency(kind))
        return "potency " + n(t.potency) + " is out of range for " + t.effect + " (" + std::string(kind_meaning(kind)) +
               "): allowed 0 .. " + n(max_potency(kind));
    return std::nullopt;
}

// ---------------------------------------------------------------- reading

std::shared_ptr<const EffectsSetup> read_effects_setup(const Node& root, TableReader& reader, Diagnostics& diag) {
    auto setup = std::make_shared<EffectsSetup>();
    // Types first: towers and rules name them.
    const bool builtin_types = reader.boolean("builtin_effects", true);
    const bool builtin_rules = reader.boolean("builtin_interactions", true);
    setup->book = builtin_types ? builtin_effect_types() : EffectBook{};
    if (const Node* list = reader.array("effects");
        list && !over_limit(*list, list->array.size(), kMaxEffectEntries, "effect types (kMaxEffectEntries)", diag))
        for (const Node& entry : list->array) read_effect(entry, setup->book, diag);
    if (builtin_rules) add_builtin_interactions(setup->book);
    if (const Node* list = reader.array("interactions");
        list && !over_limit(*list, list->array.size(), kMaxEffectEntries, "interactions (kMaxEffectEntries)", diag))
        for (const Node& entry : list->array) read_interaction(entry, setup->book, diag);

    if (const Node* lane = reader.table("lane")) read_waypoints(*lane, *setup, diag);
    const Node* waves = reader.array("waves");
    if (waves && !over_limit(*waves, waves->array.size(), kMaxWaves, "waves (kMaxWaves)", diag))
        for (const Node& entry : waves->array) read_wave(entry, *setup, diag);
    if (const Node* list = reader.array("towers");
        list && !over_limit(*list, list->array.size(), kMaxTowers, "towers (kMaxTowers)", diag))
        for (const Node& entry : list->array) read_tower(entry, *setup, diag);

    if (const Node* list = reader.array("compare")) {
        setup->compare.clear();
        std::string allowed;
        for (const std::string& k : variant_keys()) allowed += (allowed.empty() ? "" : ", ") + k;
        for (const Node& item : list->array) {
            LaneVariant v;
            if (item.kind != Node::Kind::String || !parse_variant(item.text, v)) {
                diag.error(item, "each compared policy is one of: " + allowed);
                continue;
            }
            setup->compare.push_back(v);
        }
        if (setup->compare.empty() || setup->compare.size() > 6) {
            diag.error(*list, "compare lists 1 to 6 policies (allowed: " + allowed + ")");
            if (setup->compare.empty()) setup->compare.push_back(LaneVariant{});
            setup->compare.resize(std::min<std::size_t>(setup->compare.size(), 6));
        }
    }
    // Every compared lane runs every wave: the creeps in all are estimated before any is made.
    std::int64_t creeps = 0;
    for (const Wave& w : setup->waves) creeps += w.count;
    const auto lanes = static_cast<std::int64_t>(setup->compare.size());
    if (creeps * lanes > kMaxCreeps)
        diag.error(waves ? *waves : root, "the waves hold " + std::to_string(creeps) + " creeps x " +
                                              std::to_string(lanes) +
                                              " compared lanes = " + std::to_string(creeps * lanes) +
                                              " creeps in all, more than the limit of " + std::to_string(kMaxCreeps) +
                                              " creeps in all (kMaxCreeps: about 600 bytes each)");
    return setup;
}

// ---------------------------------------------------------------- writing

void EffectsSetup::write_toml(std::ostream& out) const {
    out << "# Stacking policies to compare on the same waves and defenders, one lane each:\n# ";
    for (const std::string& k : variant_keys()) out << k << " ";
    out << "\ncompare = [";
    for (std::size_t i = 0; i < compare.size(); ++i) out << (i ? ", " : "") << toml_string(variant_key(compare[i]));
    out << "]\n\n";
    // The book is written whole, so a saved scenario keeps its edits even if the built-ins change.
    out << "# Effect types: kind is what potency means (damage: dps; slow: % speed taken; stop: stands\n"
           "# still; vulnerability: % extra hit damage; reverse: walks back at % speed; miss: % attacks miss).\n"
           "builtin_effects = false\nbuiltin_interactions = false\n\n";
    for (const EffectType& t : book.types()) {
        out << "[[effects]]\nname = " << toml_string(t.name) << "\nlabel = " << toml_string(t.label)
            << "\nkind = " << toml_string(kind_key(t.kind)) << "\npolicy = " << toml_string(policy_key(t.policy))
            << "\ncolour = " << toml_string(rgb_text(t.colour)) << "\nicon = " << toml_string(t.icon) << "\n\n";
    }
    out << "# Interactions: an incoming hit meets a type already on the creep. cancel removes the present one\n"
           "# and applies the hit; transform also turns the hit into `into` at `potency`; block drops the hit.\n";
    for (const InteractionRule& r : book.rules()) {
        out << "[[interactions]]\nincoming = " << toml_string(r.incoming) << "\npresent = " << toml_string(r.present)
            << "\naction = " << toml_string(action_key(r.action)) << "\n";
        if (r.action == InteractionAction::Transform)
            out << "into = " << toml_string(r.into) << "\npotency = " << toml_float(r.potency) << "\n";
        out << "\n";
    }
    out << "[lane]\n# The path creeps walk, in lane units.\nwaypoints = [";
    for (std::size_t i = 0; i < waypoints.size(); ++i)
        out << (i ? ", " : "") << toml_pair(waypoints[i].x, waypoints[i].y);
    out << "]\n\n";
    if (!waves.empty())
        out << "# Waves: count creeps, one every interval seconds from start; hp, speed (units/s), armour\n"
               "# (off every tower hit), attack (lives a leak takes), at (where on the lane they appear).\n";
    for (const Wave& w : waves)
        out << "[[waves]]\nname = " << toml_string(w.name) << "\nstart = " << toml_float(w.start)
            << "\ncount = " << w.count << "\ninterval = " << toml_float(w.interval) << "\nhp = " << toml_float(w.hp)
            << "\nspeed = " << toml_float(w.speed) << "\narmour = " << toml_float(w.armour)
            << "\nattack = " << toml_float(w.attack) << "\n"
            << (w.at > 0.0 ? "at = " + toml_float(w.at) + "\n" : std::string()) << "\n";
    if (!towers.empty())
        out << "# Defenders: range (units), rate (shots/s), damage per hit; effect each hit applies with its\n"
               "# potency, duration (s) and chance (%).\n";
    for (const TowerDef& t : towers) {
        out << "[[towers]]\nposition = " << toml_pair(t.pos.x, t.pos.y) << "\nrange = " << toml_float(t.range)
            << "\nrate = " << toml_float(t.rate) << "\ndamage = " << toml_float(t.damage) << "\n";
        if (!t.effect.empty())
            out << "effect = " << toml_string(t.effect) << "\npotency = " << toml_float(t.potency)
                << "\nduration = " << toml_float(t.duration) << "\nchance = " << toml_float(t.chance) << "\n";
        out << "\n";
    }
}

}   // namespace pb::effects
