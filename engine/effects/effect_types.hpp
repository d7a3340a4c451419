// Status effects as data (the stacking article summarised in docs/labs/effects.md#sources, "the
// post" below, lists eight "and many more" — so types and interactions are not code).
// An effect type names what its potency means (its kind), how two hits of it stack by default,
// and how it is drawn; interaction rules say what one type does to another already on a creep.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::effects {

// What a potency means. Every kind keeps "duration" in seconds.
enum class EffectKind {
    Damage,          // damage per second (poison, fire)
    Slow,            // percent of speed taken away (chill): 50 walks at half speed
    Stop,            // the creep stands still (frozen, stun); potency is ignored (always 1)
    Vulnerability,   // percent extra damage taken from hits (bleed)
    Reverse,         // walks backwards at this percent of its speed (confuse)
    Miss,            // percent chance its attack misses (blind)
};

// How a new hit of a type combines with the one already on the creep (the post's case 3).
enum class StackingPolicy {
    HighestPotency,    // conserve potency x duration, keep the higher potency (the post's choice)
    HighestDuration,   // conserve potency x duration, keep the longer duration
    AddDurations,      // keep the potency on the creep, add the durations (exact for equal potencies)
    Average,           // naive mean of potencies and of durations: loses power (shown, not advised)
    Independent,       // every hit is its own stack, running side by side
    RefreshLongest,    // keep the higher potency and the longer duration (creates power)
};

// Interaction between an incoming type and one already on the creep.
enum class InteractionAction {
    Cancel,      // remove the one on the creep, then apply the incoming hit (fire <-> ice)
    Transform,   // remove the one on the creep, turn the incoming hit into another type, then apply
    Block,       // the incoming hit does nothing while the other is on the creep
};

std::string_view kind_key(EffectKind k);
std::string_view kind_meaning(EffectKind k);   // "damage per second", for labels and tooltips
std::string_view kind_unit(EffectKind k);      // "dps", "%", ""
const std::vector<std::string>& kind_keys();
bool parse_kind(std::string_view key, EffectKind& out);
// The largest potency a kind allows (percentages stop at 100).
double max_potency(EffectKind k);

std::string_view policy_key(StackingPolicy p);
std::string_view policy_label(StackingPolicy p);
const std::vector<std::string>& policy_keys();
bool parse_policy(std::string_view key, StackingPolicy& out);
// Whether the policy keeps potency x duration of every merge (the post's conservation).
bool conserves_pd(StackingPolicy p);

std::string_view action_key(InteractionAction a);
const std::vector<std::string>& action_keys();
bool parse_action(std::string_view key, InteractionAction& out);

struct Rgb {
    std::uint8_t r = 200, g = 200, b = 200;
    bool operator==(const Rgb&) const = default;
};
std::string rgb_text(Rgb c);                       // "#rrggbb"
bool parse_rgb(std::string_view text, Rgb& out);   // "#rrggbb"

struct EffectType {
    std::string name;    // key used by scenarios and commands: "poison"
    std::string label;   // "Poison"
    EffectKind kind = EffectKind::Damage;
    StackingPolicy policy = StackingPolicy::HighestPotency;
    Rgb colour;
    std::string icon;   // one or two letters drawn in the creep's effect ring
    bool operator==(const EffectType&) const = default;
};

struct InteractionRule {
    std::string incoming;   // the type being applied ("chill")
    std::string present;    // the type already on the creep ("fire")
    InteractionAction action = InteractionAction::Cancel;
    std::string into;       // Transform: the type the incoming hit becomes
    double potency = 0.0;   // Transform: its potency (duration is kept)
    // Resolved by the book (names are for people, indices for the hot loop).
    int incoming_index = -1, present_index = -1, into_index = -1;
    bool operator==(const InteractionRule&) const = default;
};

// The effect types and rules of a lane. Types are addressed by index in the hot loop; the index
// of a name never changes once added (types are replaced in place; only the newest can be taken
// out again, by undo).
class EffectBook {
public:
    const std::vector<EffectType>& types() const { return types_; }
    const std::vector<InteractionRule>& rules() const { return rules_; }
    const EffectType& type(int index) const { return types_[static_cast<std::size_t>(index)]; }
    std::optional<int> find(std::string_view name) const;
    std::string type_names() const;   // "poison, fire, ..." for messages

    // Adds a type, or replaces the one of the same name (keeping its index).
    int define(EffectType t);
    // Sets the rule for (incoming, present), replacing an earlier one. Returns the reason when a
    // type it names is unknown (the book is unchanged then).
    std::optional<std::string> set_rule(InteractionRule r);
    // Puts a rule for a pair that has none at position `at` of rules() (undo of its removal).
    // Returns the reason when a type it names is unknown or `at` is past the end (unchanged then).
    std::optional<std::string> insert_rule(InteractionRule r, std::size_t at);
    // Removes the rule for the pair: the two coexist again.
    bool remove_rule(std::string_view incoming, std::string_view present);
    // Takes the newest type out (undo of its definition); the caller checks nothing uses it.
    void undefine_newest();
    const InteractionRule* rule(std::string_view incoming, std::string_view present) const;
    // The rules whose incoming type is `incoming`, in the order they were given.
    const std::vector<int>& rules_for(int incoming) const;

    bool operator==(const EffectBook&) const = default;

private:
    std::vector<EffectType> types_;
    void reindex();
    std::optional<std::string> resolve(InteractionRule& r) const;   // names -> indices, potency clamped
    std::vector<InteractionRule> rules_;
    std::vector<std::vector<int>> by_incoming_;   // per type: indices into rules_
};

// The post's list: poison, fire, chill, frozen, stun, bleed, confuse, blind.
EffectBook builtin_effect_types();
// The post's interactions: fire and ice cancel each other; a freeze on a burning creep removes the
// fire and applies as a chill of 50%.
void add_builtin_interactions(EffectBook& book);

}   // namespace pb::effects
