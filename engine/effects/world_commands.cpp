// The Effects lab's commands as the world applies them: each acts on every lane alike; a refusal
// says why (unknown creep, type or tower, a potency out of its kind's range) and changes nothing.
#include <algorithm>

#include "engine/effects/world.hpp"

namespace pb::effects {
namespace {

void take(double& out, double v) { out = v; }
template <class T>
void take(T& out, const std::optional<T>& v) {
    if (v) out = *v;
}

// The arguments of tower.place, tower.move and tower.edit over `def` (optional ones only when given).
template <class C>
void tower_from(const C& c, TowerDef& def) {
    take(def.pos.x, c.x);
    take(def.pos.y, c.y);
    if constexpr (requires { c.range; }) {
        take(def.range, c.range);
        take(def.rate, c.rate);
        take(def.damage, c.damage);
        if (c.effect) def.effect = *c.effect == "none" ? "" : *c.effect;
        take(def.potency, c.potency);
        take(def.duration, c.duration);
        take(def.chance, c.chance);
    }
}

}   // namespace

std::optional<std::string> EffectsWorld::tower_id(std::int64_t want, int& id) const {
    const auto& towers = lanes_.front().towers();
    if (want < 0 || want >= static_cast<std::int64_t>(towers.size()))
        return "there is no tower " + std::to_string(want) +
               (towers.empty() ? " (the lane has none)" : " (ids run 0 .. " + std::to_string(towers.size() - 1) + ")");
    if (towers[static_cast<std::size_t>(want)].removed) return "tower " + std::to_string(want) + " was removed";
    id = static_cast<int>(want);
    return std::nullopt;
}

std::optional<std::string> EffectsWorld::on(const EffectApply& c) {
    const std::string& name = c.effect;
    const auto type = book_.find(name);
    if (!type) return "unknown effect type '" + name + "' (types: " + book_.type_names() + ")";
    const EffectKind kind = book_.type(*type).kind;
    const double potency = c.potency.value_or(kind == EffectKind::Stop ? 1.0 : 0.0);
    if (potency < 0.0 || potency > max_potency(kind))
        return "potency " + format_number(potency) + " is out of range for " + name + " (" +
               std::string(kind_meaning(kind)) + "): allowed 0 .. " + format_number(max_potency(kind));
    const std::int64_t creep = c.creep;
    bool walking = false;
    std::int64_t spawned = 0;
    for (const Lane& lane : lanes_) {
        spawned = std::max<std::int64_t>(spawned, static_cast<std::int64_t>(lane.creeps().size()));
        if (creep >= 0 && creep < static_cast<std::int64_t>(lane.creeps().size()) &&
            lane.creeps()[static_cast<std::size_t>(creep)].walking())
            walking = true;
    }
    if (!walking)
        return "creep " + std::to_string(creep) + " is not walking in any lane" +
               (spawned == 0 ? " (none has spawned yet)"
                             : " (spawned so far: 0 .. " + std::to_string(spawned - 1) + ")");
    // Lanes where it already died or leaked skip the hit: that is part of what the policies changed.
    for (Lane& lane : lanes_)
        if (creep < static_cast<std::int64_t>(lane.creeps().size()))
            lane.hit_creep(static_cast<int>(creep), *type, Dose{potency, c.duration}, book_, config_, tick_);
    return std::nullopt;
}

std::optional<std::string> EffectsWorld::on(const EffectDefine& c) {
    const std::string& name = c.type;
    if (name.empty() || name.size() > 32) return "an effect type's name is 1 to 32 characters";
    EffectType t;
    const auto at = book_.find(name);
    if (at)
        t = book_.type(*at);
    else if (!c.kind)
        return "a new effect type needs kind (one of: damage, slow, stop, vulnerability, reverse, miss)";
    t.name = name;
    if (t.label.empty()) t.label = name;
    if (t.icon.empty()) t.icon = name.substr(0, 1);
    if (c.kind && !parse_kind(*c.kind, t.kind)) return "unknown kind '" + *c.kind + "'";
    if (c.policy && !parse_policy(*c.policy, t.policy)) return "unknown policy '" + *c.policy + "'";
    if (c.label) t.label = *c.label;
    if (c.icon) {
        t.icon = *c.icon;
        if (t.icon.empty() || t.icon.size() > 3) return "an icon is one to three letters";
    }
    if (c.colour && !parse_rgb(*c.colour, t.colour)) return "colour must be \"#rrggbb\", got \"" + *c.colour + "\"";
    book_.define(std::move(t));
    after_book_changed();
    return std::nullopt;
}

namespace {

// The rule interaction.set and interaction.restore describe (action: action_keys()).
template <class C>
std::optional<std::string> rule_from(const C& c, InteractionRule& rule) {
    rule.incoming = c.incoming;
    rule.present = c.present;
    if (!parse_action(c.action, rule.action)) return "unknown action '" + c.action + "'";
    if (rule.action == InteractionAction::Transform) {
        if (!c.into) return "a transform needs into = the type the hit becomes";
        rule.into = *c.into;
        rule.potency = c.potency.value_or(50.0);
    }
    return std::nullopt;
}

}   // namespace

std::optional<std::string> EffectsWorld::on(const InteractionSet& c) {
    const std::string &incoming = c.incoming, &present = c.present;
    for (const std::string& name : {incoming, present})
        if (!book_.find(name)) return "unknown effect type '" + name + "' (types: " + book_.type_names() + ")";
    if (c.action == "coexist") {
        book_.remove_rule(incoming, present);
        return std::nullopt;
    }
    InteractionRule rule;
    if (auto err = rule_from(c, rule)) return err;
    if (auto err = book_.set_rule(rule)) return err;
    after_book_changed();
    return std::nullopt;
}

std::optional<std::string> EffectsWorld::on(const InteractionRestore& c) {
    InteractionRule rule;
    if (auto err = rule_from(c, rule)) return err;
    if (auto err = book_.insert_rule(rule, static_cast<std::size_t>(std::max<std::int64_t>(0, c.index)))) return err;
    after_book_changed();
    return std::nullopt;
}

std::optional<std::string> EffectsWorld::on(const EffectUndefine& c) {
    const std::string& name = c.type;
    const auto at = book_.find(name);
    if (!at) return "unknown effect type '" + name + "' (types: " + book_.type_names() + ")";
    const std::string what = "effect type '" + name + "'";
    const auto count = static_cast<int>(book_.types().size());
    if (*at + 1 != count)
        return what + " is not the newest ('" + book_.types().back().name +
               "' came after it): only the newest type can be taken out";
    for (const InteractionRule& r : book_.rules())
        if (r.incoming == name || r.present == name || r.into == name)
            return what + " is named by the rule for " + r.incoming + " on " + r.present + ": remove the rule first";
    for (std::size_t l = 0; l < lanes_.size(); ++l) {
        const Lane& lane = lanes_[l];
        for (const Tower& t : lane.towers())
            if (t.def.effect == name)
                return what + " is the effect of tower " + std::to_string(t.id) + (t.removed ? " (removed)" : "") +
                       ": give the tower another effect first";
        for (const Creep& k : lane.creeps()) {
            if (!k.walking()) continue;   // a dead or leaked creep's effects are in the ledger below
            for (const ActiveEffect& e : k.effects)
                if (e.type == *at)
                    return what + " is on creep " + std::to_string(k.id) + " in lane " + std::to_string(l) +
                           ": it is in play";
        }
        if (static_cast<std::size_t>(*at) < lane.ledgers().size() &&
            !(lane.ledgers()[static_cast<std::size_t>(*at)] == PdLedger{}))
            return what + " has been applied since it was defined (lane " + std::to_string(l) +
                   " counts it): it can no longer be taken out";
    }
    book_.undefine_newest();
    after_book_changed();
    return std::nullopt;
}

void EffectsWorld::after_book_changed() {
    for (Lane& lane : lanes_) {
        lane.sync_types(book_);
        lane.refresh_towers(book_, path_);
    }
}

std::optional<std::string> EffectsWorld::on(const LanePolicy& c) {
    const std::int64_t index = c.lane;
    if (index < 0 || index >= static_cast<std::int64_t>(lanes_.size()))
        return "there is no lane " + std::to_string(index) + " (lanes run 0 .. " + std::to_string(lanes_.size() - 1) +
               ")";
    LaneVariant v;
    if (!parse_variant(c.policy, v)) return "unknown policy '" + c.policy + "'";
    lanes_[static_cast<std::size_t>(index)].set_variant(v);
    return std::nullopt;
}

std::optional<std::string> EffectsWorld::on(const TowerPlace& c) {
    TowerDef def;
    tower_from(c, def);
    if (auto err = check_tower(def, book_)) return err;
    if (!lanes_.empty() && lanes_.front().towers().size() >= kMaxTowers)
        return "the lane has " + std::to_string(lanes_.front().towers().size()) + " towers, the limit (kMaxTowers)";
    for (Lane& lane : lanes_) lane.add_tower(def, book_, path_);
    return std::nullopt;
}

std::optional<std::string> EffectsWorld::on(const TowerRemove& c) {
    int id = -1;
    if (auto err = tower_id(c.id, id)) return err;
    for (Lane& lane : lanes_) lane.remove_tower(id);
    return std::nullopt;
}

std::optional<std::string> EffectsWorld::on(const TowerUnplace& c) {
    int id = -1;
    if (auto err = tower_id(c.id, id)) return err;
    const std::size_t count = lanes_.front().towers().size();
    if (static_cast<std::size_t>(id) + 1 != count)
        return "tower " + std::to_string(id) + " is not the newest (tower " + std::to_string(count - 1) +
               " came after it): only the newest placement can be taken back";
    for (Lane& lane : lanes_) lane.unplace_newest_tower();
    return std::nullopt;
}

std::optional<std::string> EffectsWorld::on(const TowerRestore& c) {
    const auto& towers = lanes_.front().towers();
    if (c.id < 0 || c.id >= static_cast<std::int64_t>(towers.size()))
        return "there is no tower " + std::to_string(c.id) + " to restore" +
               (towers.empty() ? std::string(" (the lane has none)")
                               : " (ids run 0 .. " + std::to_string(towers.size() - 1) + ")");
    if (!towers[static_cast<std::size_t>(c.id)].removed)
        return "tower " + std::to_string(c.id) + " is still on the lane: only a removed tower can be restored";
    for (Lane& lane : lanes_) lane.restore_tower(static_cast<int>(c.id));
    return std::nullopt;
}

// tower.move and tower.edit: the tower's definition with the arguments given over it.
template <class C>
std::optional<std::string> EffectsWorld::change_tower(const C& c) {
    int id = -1;
    if (auto err = tower_id(c.id, id)) return err;
    TowerDef def = lanes_.front().towers()[static_cast<std::size_t>(id)].def;
    tower_from(c, def);
    if (auto err = check_tower(def, book_)) return err;
    for (Lane& lane : lanes_) lane.edit_tower(id, def, book_, path_);
    return std::nullopt;
}

std::optional<std::string> EffectsWorld::on(const TowerMove& c) { return change_tower(c); }
std::optional<std::string> EffectsWorld::on(const TowerEdit& c) { return change_tower(c); }

std::optional<std::string> EffectsWorld::apply_lab_command(const Command& c) {
    return dispatch(
        EffectsCommands{}, c, [this](const auto& cmd) { return on(cmd); }, "the effects lab does not know the command");
}

}   // namespace pb::effects
