// Effect kinds, stacking policies and interaction actions as the keys scenarios and commands use,
// and the book of types and rules with the stacking article's list built in
// (docs/labs/effects.md#sources).
#include "engine/effects/effect_types.hpp"

#include <algorithm>
#include <cstddef>
#include <cstdio>

namespace pb::effects {
namespace {

template <class E, std::size_t N>
bool parse_from(const std::array<std::string_view, N>& keys, std::string_view key, E& out) {
    for (std::size_t i = 0; i < N; ++i)
        if (keys[i] == key) {
            out = static_cast<E>(i);
            return true;
        }
    return false;
}

template <std::size_t N>
std::vector<std::string> list_of(const std::array<std::string_view, N>& keys) {
    return std::vector<std::string>(keys.begin(), keys.end());
}

constexpr std::array<std::string_view, 6> kKindKeys{"damage", "slow", "stop", "vulnerability", "reverse", "miss"};
constexpr std::array<std::string_view, 6> kKindMeaning{"damage per second",
                                                       "percent of speed taken away",
                                                       "stands still (potency ignored)",
                                                       "percent extra damage from hits",
                                                       "walks backwards at percent of speed",
                                                       "percent chance its attack misses"};
constexpr std::array<std::string_view, 6> kKindUnit{"dps", "%", "", "%", "%", "%"};
constexpr std::array<std::string_view, 6> kPolicyKeys{"highest_potency", "highest_duration", "add_durations",
                                                      "average",         "independent",      "refresh_longest"};
constexpr std::array<std::string_view, 6> kPolicyLabels{"Match highest potency (PD kept)",
                                                        "Match highest duration (PD kept)",
                                                        "Add durations",
                                                        "Naive average",
                                                        "Independent stacks",
                                                        "Refresh to the longest"};
constexpr std::array<std::string_view, 3> kActionKeys{"cancel", "transform", "block"};

}   // namespace

std::string_view kind_key(EffectKind k) { return kKindKeys[static_cast<std::size_t>(k)]; }
std::string_view kind_meaning(EffectKind k) { return kKindMeaning[static_cast<std::size_t>(k)]; }
std::string_view kind_unit(EffectKind k) { return kKindUnit[static_cast<std::size_t>(k)]; }
const std::vector<std::string>& kind_keys() {
    static const std::vector<std::string> keys = list_of(kKindKeys);
    return keys;
}
bool parse_kind(std::string_view key, EffectKind& out) { return parse_from(kKindKeys, key, out); }

double max_potency(EffectKind k) {
    switch (k) {
        case EffectKind::Damage: return 1e6;
        case EffectKind::Vulnerability: return 1000.0;
        case EffectKind::Stop: return 1.0;
        default: return 100.0;
    }
}

std::string_view policy_key(StackingPolicy p) { return kPolicyKeys[static_cast<std::size_t>(p)]; }
std::string_view policy_label(StackingPolicy p) { return kPolicyLabels[static_cast<std::size_t>(p)]; }
const std::vector<std::string>& policy_keys() {
    static const std::vector<std::string> keys = list_of(kPolicyKeys);
    return keys;
}
bool parse_policy(std::string_view key, StackingPolicy& out) { return parse_from(kPolicyKeys, key, out); }
bool conserves_pd(StackingPolicy p) {
    return p == StackingPolicy::HighestPotency || p == StackingPolicy::HighestDuration ||
           p == StackingPolicy::Independent;
}

std::string_view action_key(InteractionAction a) { return kActionKeys[static_cast<std::size_t>(a)]; }
const std::vector<std::string>& action_keys() {
    static const std::vector<std::string> keys = list_of(kActionKeys);
    return keys;
}
bool parse_action(std::string_view key, InteractionAction& out) { return parse_from(kActionKeys, key, out); }

std::string rgb_text(Rgb c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
    return buf;
}

bool parse_rgb(std::string_view text, Rgb& out) {
    if (text.size() != 7 || text[0] != '#') return false;
    auto hex = [](char ch) -> int {
        if (ch >= '0' && ch <= '9') return ch - '0';
        if (ch >= 'a' && ch <= 'f') return ch - 'a' + 10;
        if (ch >= 'A' && ch <= 'F') return ch - 'A' + 10;
        return -1;
    };
    int v[6];
    for (int i = 0; i < 6; ++i)
        if ((v[i] = hex(text[static_cast<std::size_t>(i) + 1])) < 0) return false;
    out = Rgb{static_cast<std::uint8_t>(v[0] * 16 + v[1]), static_cast<std::uint8_t>(v[2] * 16 + v[3]),
              static_cast<std::uint8_t>(v[4] * 16 + v[5])};
    return true;
}

// ---------------------------------------------------------------- book

std::optional<int> EffectBook::find(std::string_view name) const {
    for (std::size_t i = 0; i < types_.size(); ++i)
        if (types_[i].name == name) return static_cast<int>(i);
    return std::nullopt;
}

std::string EffectBook::type_names() const {
    std::string out;
    for (const EffectType& t : types_) out += (out.empty() ? "" : ", ") + t.name;
    return out.empty() ? "(none defined)" : out;
}

int EffectBook::define(EffectType t) {
    if (auto at = find(t.name)) {
        types_[static_cast<std::size_t>(*at)] = std::move(t);
        return *at;
    }
    types_.push_back(std::move(t));
    reindex();
    return static_cast<int>(types_.size()) - 1;
}

std::optional<std::string> EffectBook::resolve(InteractionRule& r) const {
    auto known = [&](const std::string& name, int& index) -> std::optional<std::string> {
        if (auto at = find(name)) {
            index = *at;
            return std::nullopt;
        }
        return "unknown effect type '" + name + "' (types: " + type_names() + ")";
    };
    if (auto err = known(r.incoming, r.incoming_index)) return err;
    if (auto err = known(r.present, r.present_index)) return err;
    r.into_index = -1;
    if (r.action == InteractionAction::Transform) {
        if (auto err = known(r.into, r.into_index)) return "transform into: " + *err;
        const EffectKind into_kind = types_[static_cast<std::size_t>(r.into_index)].kind;
        r.potency = std::clamp(r.potency, 0.0, max_potency(into_kind));
    } else {
        r.into.clear();
        r.potency = 0.0;
    }
    return std::nullopt;
}

std::optional<std::string> EffectBook::set_rule(InteractionRule r) {
    if (auto err = resolve(r)) return err;
    auto same = [&](const InteractionRule& o) { return o.incoming == r.incoming && o.present == r.present; };
    if (auto it = std::find_if(rules_.begin(), rules_.end(), same); it != rules_.end())
        *it = std::move(r);
    else
        rules_.push_back(std::move(r));
    reindex();
    return std::nullopt;
}

std::optional<std::string> EffectBook::insert_rule(InteractionRule r, std::size_t at) {
    if (auto err = resolve(r)) return err;
    if (rule(r.incoming, r.present))
        return "there is already a rule for " + r.incoming + " on " + r.present + " (change it with interaction.set)";
    if (at > rules_.size())
        return "a rule can go back at position 0 .. " + std::to_string(rules_.size()) + ", not " + std::to_string(at);
    rules_.insert(rules_.begin() + static_cast<std::ptrdiff_t>(at), std::move(r));
    reindex();
    return std::nullopt;
}

void EffectBook::undefine_newest() {
    if (types_.empty()) return;
    types_.pop_back();
    reindex();
}

bool EffectBook::remove_rule(std::string_view incoming, std::string_view present) {
    const auto before = rules_.size();
    std::erase_if(rules_, [&](const InteractionRule& o) { return o.incoming == incoming && o.present == present; });
    reindex();
    return rules_.size() != before;
}

const InteractionRule* EffectBook::rule(std::string_view incoming, std::string_view present) const {
    for (const InteractionRule& r : rules_)
        if (r.incoming == incoming && r.present == present) return &r;
    return nullptr;
}

const std::vector<int>& EffectBook::rules_for(int incoming) const {
    static const std::vector<int> none;
    if (incoming < 0 || static_cast<std::size_t>(incoming) >= by_incoming_.size()) return none;
    return by_incoming_[static_cast<std::size_t>(incoming)];
}

void EffectBook::reindex() {
    by_incoming_.assign(types_.size(), {});
    for (std::size_t i = 0; i < rules_.size(); ++i)
        by_incoming_[static_cast<std::size_t>(rules_[i].incoming_index)].push_back(static_cast<int>(i));
}

EffectBook builtin_effect_types() {
    using K = EffectKind;
    const StackingPolicy P = StackingPolicy::HighestPotency;
    EffectBook book;
    book.define({"poison", "Poison", K::Damage, P, {110, 200, 70}, "P"});
    book.define({"fire", "On fire", K::Damage, P, {240, 110, 40}, "F"});
    book.define({"chill", "Chilled", K::Slow, P, {110, 190, 250}, "C"});
    book.define({"frozen", "Frozen", K::Stop, P, {190, 235, 255}, "Z"});
    book.define({"stun", "Stun", K::Stop, P, {240, 220, 80}, "S"});
    book.define({"bleed", "Bleed", K::Vulnerability, P, {200, 30, 50}, "B"});
    book.define({"confuse", "Confuse", K::Reverse, P, {200, 120, 230}, "?"});
    book.define({"blind", "Blind", K::Miss, P, {150, 150, 160}, "Bl"});
    return book;
}

void add_builtin_interactions(EffectBook& book) {
    using A = InteractionAction;
    // Each needs both of its types; a book without fire (say) just has no fire rules.
    const InteractionRule rules[] = {
        {"chill", "fire", A::Cancel, "", 0.0},
        {"fire", "chill", A::Cancel, "", 0.0},
        {"fire", "frozen", A::Cancel, "", 0.0},
        {"frozen", "fire", A::Transform, "chill", 50.0},
    };
    for (const InteractionRule& r : rules)
        if (book.find(r.incoming) && book.find(r.present) && (r.into.empty() || book.find(r.into))) book.set_rule(r);
}

}   // namespace pb::effects
