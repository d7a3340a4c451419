// The Effects lab's commands, each declared once (engine/core/typed_command.hpp): lab.cpp lists
// them for validation and help, world_commands.cpp dispatches them, the view builds them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

#include "engine/core/typed_command.hpp"
#include "engine/effects/effect_types.hpp"
#include "engine/effects/setup.hpp"

namespace pb::effects {

// Type names are data, so they are checked by the world against its book, not listed here.
inline constexpr double kCommandFar = 1e6;

template <class C>
auto tower_id_field(std::int64_t C::*m) {
    return field(m, "id", "the tower's id").range(0, 1e9);
}
template <class C, class M>
auto lane_position_fields(M C::*x, M C::*y) {
    return std::tuple{field(x, "x", "x in lane units").range(-kCommandFar, kCommandFar),
                      field(y, "y", "y in lane units").range(-kCommandFar, kCommandFar)};
}
// A tower's stats, what tower.place and tower.edit share (x and y: required for a place).
template <class C>
auto tower_fields() {
    return std::tuple_cat(
        lane_position_fields(&C::x, &C::y),
        std::tuple{
            field(&C::range, "range", "reach in lane units (default 3)").range(0.0, 1e4),
            field(&C::rate, "rate", "shots per second (default 1)").range(0.01, 1000.0),
            field(&C::damage, "damage", "damage per hit before armour (default 10)").range(0.0, 1e9),
            field(&C::effect, "effect", "effect type each hit applies, or none"),
            field(&C::potency, "potency", "the effect's potency (its kind's unit)").range(0.0, 1e6),
            field(&C::duration, "duration", "the effect's duration in seconds").range(0.0, 1e5),
            field(&C::chance, "chance", "percent of hits that apply the effect (default 100)").range(0.0, 100.0)});
}

struct TowerPlace {
    static constexpr CommandName name{"tower.place"};
    static constexpr std::string_view description = "place a defender (on every compared lane)";
    double x = 0.0, y = 0.0;
    std::optional<double> range{}, rate{}, damage{};
    std::optional<std::string> effect{};   // a type's name, or "none"
    std::optional<double> potency{}, duration{}, chance{};
    static auto fields() { return tower_fields<TowerPlace>(); }
};

struct TowerMove {
    static constexpr CommandName name{"tower.move"};
    static constexpr std::string_view description = "move a defender";
    std::int64_t id = -1;
    double x = 0.0, y = 0.0;
    static auto fields() {
        return std::tuple_cat(std::tuple{tower_id_field(&TowerMove::id)},
                              lane_position_fields(&TowerMove::x, &TowerMove::y));
    }
};

struct TowerEdit {
    static constexpr CommandName name{"tower.edit"};
    static constexpr std::string_view description = "change a defender's stats or effect (only the arguments given)";
    std::int64_t id = -1;
    std::optional<double> x{}, y{}, range{}, rate{}, damage{};
    std::optional<std::string> effect{};
    std::optional<double> potency{}, duration{}, chance{};
    static auto fields() {
        return std::tuple_cat(std::tuple{tower_id_field(&TowerEdit::id)}, tower_fields<TowerEdit>());
    }
};

struct TowerRemove {
    static constexpr CommandName name{"tower.remove"};
    static constexpr std::string_view description = "take a defender off the lane";
    std::int64_t id = -1;
    static auto fields() { return std::tuple{tower_id_field(&TowerRemove::id)}; }
};

// Undo's commands (engine/effects/inverse.cpp).
struct TowerUnplace {
    static constexpr CommandName name{"tower.unplace"};
    static constexpr std::string_view description =
        "undo of a placement: takes the newest defender off every lane and out of the list (its id is free again)";
    std::int64_t id = -1;
    static auto fields() { return std::tuple{tower_id_field(&TowerUnplace::id)}; }
};

struct TowerRestore {
    static constexpr CommandName name{"tower.restore"};
    static constexpr std::string_view description =
        "undo of a removal: a removed defender comes back at its id on every lane, as it was (stats, shots, cooldown)";
    std::int64_t id = -1;
    static auto fields() { return std::tuple{tower_id_field(&TowerRestore::id)}; }
};

struct EffectApply {
    static constexpr CommandName name{"effect.apply"};
    static constexpr std::string_view description = "hit a creep with an effect now (scripted examples)";
    std::int64_t creep = -1;
    std::string effect{};
    std::optional<double> potency{};   // default: 1 for a stop, else 0
    double duration = 0.0;
    static auto fields() {
        return std::tuple{
            field(&EffectApply::creep, "creep", "the creep's id (spawn order)").range(0, 1e9),
            field(&EffectApply::effect, "effect", "the effect type, e.g. poison"),
            field(&EffectApply::potency, "potency", "potency in the type's unit (ignored for stops)").range(0.0, 1e6),
            field(&EffectApply::duration, "duration", "seconds").range(0.0, 1e5)};
    }
};

struct EffectDefine {
    static constexpr CommandName name{"effect.define"};
    static constexpr std::string_view description = "add an effect type or change one (only the arguments given)";
    std::string type{};   // the type's key (wire argument "name")
    std::optional<std::string> kind{}, policy{}, label{}, colour{}, icon{};
    static auto fields() {
        return std::tuple{field(&EffectDefine::type, "name", "the type's key, e.g. acid"),
                          field(&EffectDefine::kind, "kind", "what potency means").choices(kind_keys()),
                          field(&EffectDefine::policy, "policy", "how two hits of it stack").choices(policy_keys()),
                          field(&EffectDefine::label, "label", "name shown to people"),
                          field(&EffectDefine::colour, "colour", "\"#rrggbb\""),
                          field(&EffectDefine::icon, "icon", "one to three letters")};
    }
};

struct InteractionSet {
    static constexpr CommandName name{"interaction.set"};
    static constexpr std::string_view description = "what an incoming type does to one already on the creep";
    std::string incoming{}, present{};
    std::string action{};                // action_keys() or "coexist"
    std::optional<std::string> into{};   // transform only
    std::optional<double> potency{};     // transform only; default 50
    static auto fields() {
        std::vector<std::string> actions = action_keys();
        actions.push_back("coexist");
        return std::tuple{
            field(&InteractionSet::incoming, "incoming", "the type being applied"),
            field(&InteractionSet::present, "present", "the type on the creep"),
            field(&InteractionSet::action, "action", "cancel, transform, block, or coexist (remove the rule)")
                .choices(std::move(actions)),
            field(&InteractionSet::into, "into", "transform: the type the hit becomes"),
            field(&InteractionSet::potency, "potency", "transform: its potency (default 50)").range(0.0, 1e6)};
    }
};

// Undo's commands for the book (engine/effects/inverse.cpp).
struct EffectUndefine {
    static constexpr CommandName name{"effect.undefine"};
    static constexpr std::string_view description =
        "undo of effect.define that added a type: takes the newest type out again (no tower, rule, creep or ledger may "
        "use it)";
    std::string type{};   // wire argument "name"
    static auto fields() { return std::tuple{field(&EffectUndefine::type, "name", "the newest type's key")}; }
};

struct InteractionRestore {
    static constexpr CommandName name{"interaction.restore"};
    static constexpr std::string_view description =
        "undo of a rule's removal: the rule for a pair that has none, back at its position in the rule list";
    std::string incoming{}, present{};
    std::string action{};                // action_keys()
    std::optional<std::string> into{};   // transform only
    std::optional<double> potency{};     // transform only; default 50
    std::int64_t index = 0;
    static auto fields() {
        return std::tuple{
            field(&InteractionRestore::incoming, "incoming", "the type being applied"),
            field(&InteractionRestore::present, "present", "the type on the creep"),
            field(&InteractionRestore::action, "action", "cancel, transform or block").choices(action_keys()),
            field(&InteractionRestore::into, "into", "transform: the type the hit becomes"),
            field(&InteractionRestore::potency, "potency", "transform: its potency (default 50)").range(0.0, 1e6),
            field(&InteractionRestore::index, "index", "its position in the rule list, from 0").range(0, 1e6)};
    }
};

struct LanePolicy {
    static constexpr CommandName name{"lane.policy"};
    static constexpr std::string_view description = "set the stacking policy a compared lane uses for every type";
    std::int64_t lane = -1;
    std::string policy{};   // variant_keys()
    static auto fields() {
        return std::tuple{field(&LanePolicy::lane, "lane", "the lane (0 .. compared policies - 1)").range(0, 5),
                          field(&LanePolicy::policy, "policy", "a policy, or as_defined for each type's own")
                              .choices(variant_keys())};
    }
};

using EffectsCommands =
    CommandList<TowerPlace, TowerMove, TowerEdit, TowerRemove, EffectApply, EffectDefine, InteractionSet, LanePolicy,
                TowerUnplace, TowerRestore, EffectUndefine, InteractionRestore>;

}   // namespace pb::effects
