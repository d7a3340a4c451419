// The Effects lab's commands as the world applies them: each acts on every lane alike; a refusal
// says why (unknown creep, type or tower, a potency out of its kind's range) and changes nothing.
#include <algorithm>

#include "engine/effects/world.hpp"

namespace pb::effects {
namespace {

std::string n(double v) { return format_number(v); }

}  // namespace

std::optional<std::string> EffectsWorld::tower_id(const Command& c, int& id) const {
    const std::int64_t want = c.integer("id", -1);
    const auto& towers = lanes_.front().towers();
    if (want < 0 || want >= static_cast<std::int64_t>(towers.size()))
        return "there is no tower " + std::to_string(want) +
               (towers.empty() ? " (the lane has none)" : " (ids run 0 .. " + std::to_string(towers.size() - 1) + ")");
    if (towers[static_cast<std::size_t>(want)].removed) return "tower " + std::to_string(want) + " was removed";
    id = static_cast<int>(want);
    return std::nullopt;
}

// The optional arguments of tower.place and tower.edit over `def`.
std::optional<std::string> EffectsWorld::tower_from(const Command& c, TowerDef& def) const {
    if (c.find("x")) def.pos.x = c.number("x");
    if (c.find("y")) def.pos.y = c.number("y");
    if (c.find("range")) def.range = c.number("range");
    if (c.find("rate")) def.rate = c.number("rate");
    if (c.find("damage")) def.damage = c.number("damage");
    if (c.find("effect")) {
        const std::string e = c.text("effect");
        def.effect = e == "none" ? "" : e;
    }
    if (c.find("potency")) def.potency = c.number("potency");
    if (c.find("duration")) def.duration = c.number("duration");
    if (c.find("chance")) def.chance = c.number("chance");
    return check_tower(def, book_);
}

std::optional<std::string> EffectsWorld::apply_effect_command(const Command& c) {
    const std::string name = c.text("effect");
    const auto type = book_.find(name);
    if (!type) return "unknown effect type '" + name + "' (types: " + book_.type_names() + ")";
    const EffectKind kind = book_.type(*type).kind;
    const double potency = c.number("potency", kind == EffectKind::Stop ? 1.0 : 0.0);
    if (potency < 0.0 || potency > max_potency(kind))
        return "potency " + n(potency) + " is out of range for " + name + " (" + std::string(kind_meaning(kind)) +
               "): allowed 0 .. " + n(max_potency(kind));
    const std::int64_t creep = c.integer("creep", -1);
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
               (spawned == 0 ? " (none has spawned yet)" : " (spawned so far: 0 .. " + std::to_string(spawned - 1) + ")");
    // Lanes where it already died or leaked skip the hit: that is part of what the policies changed.
    for (Lane& lane : lanes_)
        if (creep < static_cast<std::int64_t>(lane.creeps().size()))
            lane.hit_creep(static_cast<int>(creep), *type, Dose{potency, c.number("duration")}, book_, config_, tick_);
    return std::nullopt;
}

std::optional<std::string> EffectsWorld::define_effect(const Command& c) {
    const std::string name = c.text("name");
    if (name.empty() || name.size() > 32) return "an effect type's name is 1 to 32 characters";
    EffectType t;
    const auto at = book_.find(name);
    if (at) t = book_.type(*at);
    else if (!c.find("kind")) return "a new effect type needs kind (one of: damage, slow, stop, vulnerability, reverse, miss)";
    t.name = name;
    if (t.label.empty()) t.label = name;
    if (t.icon.empty()) t.icon = name.substr(0, 1);
    if (c.find("kind") && !parse_kind(c.text("kind"), t.kind)) return "unknown kind '" + c.text("kind") + "'";
    if (c.find("policy") && !parse_policy(c.text("policy"), t.policy)) return "unknown policy '" + c.text("policy") + "'";
    if (c.find("label")) t.label = c.text("label");
    if (c.find("icon")) {
        t.icon = c.text("icon");
        if (t.icon.empty() || t.icon.size() > 3) return "an icon is one to three letters";
    }
    if (c.find("colour") && !parse_rgb(c.text("colour"), t.colour))
        return "colour must be \"#rrggbb\", got \"" + c.text("colour") + "\"";
    book_.define(std::move(t));
    after_book_changed();
    return std::nullopt;
}

std::optional<std::string> EffectsWorld::set_interaction(const Command& c) {
    const std::string incoming = c.text("incoming"), present = c.text("present"), action = c.text("action");
    for (const std::string& name : {incoming, present})
        if (!book_.find(name)) return "unknown effect type '" + name + "' (types: " + book_.type_names() + ")";
    if (action == "coexist") {
        book_.remove_rule(incoming, present);
        return std::nullopt;
    }
    InteractionRule rule;
    rule.incoming = incoming;
    rule.present = present;
    if (!parse_action(action, rule.action)) return "unknown action '" + action + "'";
    if (rule.action == InteractionAction::Transform) {
        if (!c.find("into")) return "a transform needs into = the type the hit becomes";
        rule.into = c.text("into");
        rule.potency = c.number("potency", 50.0);
    }
    if (auto err = book_.set_rule(rule)) return err;
    after_book_changed();
    return std::nullopt;
}

void EffectsWorld::after_book_changed() {
    for (Lane& lane : lanes_) {
        lane.sync_types(book_);
        lane.refresh_towers(book_, path_);
    }
}

std::optional<std::string> EffectsWorld::apply_lab_command(const Command& c) {
    if (c.type == "effect.apply") return apply_effect_command(c);
    if (c.type == "effect.define") return define_effect(c);
    if (c.type == "interaction.set") return set_interaction(c);
    if (c.type == "lane.policy") {
        const std::int64_t index = c.integer("lane", -1);
        if (index < 0 || index >= static_cast<std::int64_t>(lanes_.size()))
            return "there is no lane " + std::to_string(index) + " (lanes run 0 .. " + std::to_string(lanes_.size() - 1) + ")";
        LaneVariant v;
        if (!parse_variant(c.text("policy"), v)) return "unknown policy '" + c.text("policy") + "'";
        lanes_[static_cast<std::size_t>(index)].set_variant(v);
        return std::nullopt;
    }
    if (c.type == "tower.place") {
        TowerDef def;
        if (auto err = tower_from(c, def)) return err;
        if (!lanes_.empty() && lanes_.front().towers().size() >= kMaxTowers)
            return "the lane has " + std::to_string(lanes_.front().towers().size()) + " towers, the limit (kMaxTowers)";
        for (Lane& lane : lanes_) lane.add_tower(def, book_, path_);
        return std::nullopt;
    }
    int id = -1;
    if (auto err = tower_id(c, id)) return err;
    if (c.type == "tower.remove") {
        for (Lane& lane : lanes_) lane.remove_tower(id);
        return std::nullopt;
    }
    if (c.type == "tower.move" || c.type == "tower.edit") {
        TowerDef def = lanes_.front().towers()[static_cast<std::size_t>(id)].def;
        if (auto err = tower_from(c, def)) return err;
        for (Lane& lane : lanes_) lane.edit_tower(id, def, book_, path_);
        return std::nullopt;
    }
    return "the effects lab does not know the command '" + c.type + "'";
}

}  // namespace pb::effects
