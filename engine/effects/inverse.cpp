// Undo in the Effects lab: a moved or edited tower gets its old definition back (on every
// compared lane), a lane's stacking policy its old one, a placed tower leaves the list again
// (tower.unplace: its id is free again), a removed one comes back as it was (tower.restore: its
// slot kept its stats, shots and cooldown). A new effect type is taken out again (effect.undefine:
// refused with the reason once a tower, rule or creep uses it or it was applied), a changed one
// is defined back with every old field; an interaction rule set, changed or removed goes back to
// what it was at its place in the rule list (interaction.set / coexist, interaction.restore).
// Undone at once, the world is the one before bit for bit.
#include "engine/effects/inverse.hpp"

#include "engine/effects/commands.hpp"
#include "engine/effects/world.hpp"

namespace pb::effects {
namespace {

std::string tower_name(std::int64_t id) { return "tower " + std::to_string(id); }

const Tower* find_tower(const EffectsWorld& w, std::int64_t id) {
    if (w.lanes().empty()) return nullptr;
    const auto& towers = w.lanes().front().towers();
    if (id < 0 || id >= static_cast<std::int64_t>(towers.size()) || towers[static_cast<std::size_t>(id)].removed)
        return nullptr;
    return &towers[static_cast<std::size_t>(id)];
}

// A tower.edit that gives every stat back.
TowerEdit edit_back(std::int64_t id, const TowerDef& d) {
    return TowerEdit{.id = id,
                     .x = d.pos.x,
                     .y = d.pos.y,
                     .range = d.range,
                     .rate = d.rate,
                     .damage = d.damage,
                     .effect = d.effect.empty() ? std::string("none") : d.effect,
                     .potency = d.potency,
                     .duration = d.duration,
                     .chance = d.chance};
}

}   // namespace

Inverse inverse_of(const EffectsWorld& w, const Command& c) {
    const std::int64_t tick = w.tick();
    Inverse inv;
    if (c.type == TowerMove::name.text) {
        const auto cmd = from_command<TowerMove>(c);
        const Tower* t = find_tower(w, cmd.id);
        if (!t) return no_inverse(c, "there is no " + tower_name(cmd.id));
        inv.name = "move " + tower_name(cmd.id);
        inv.commands.push_back(to_command(TowerMove{.id = cmd.id, .x = t->def.pos.x, .y = t->def.pos.y}, tick));
        inv.changes = {change_text("x", t->def.pos.x, cmd.x), change_text("y", t->def.pos.y, cmd.y)};
        return inv;
    }
    if (c.type == TowerEdit::name.text) {
        const auto cmd = from_command<TowerEdit>(c);
        const Tower* t = find_tower(w, cmd.id);
        if (!t) return no_inverse(c, "there is no " + tower_name(cmd.id));
        const TowerDef& d = t->def;
        inv.name = "edit " + tower_name(cmd.id);
        inv.commands.push_back(to_command(edit_back(cmd.id, d), tick));
        const auto number = [&](const std::optional<double>& to, double from, const char* what) {
            if (to && *to != from) inv.changes.push_back(change_text(what, from, *to));
        };
        number(cmd.x, d.pos.x, "x");
        number(cmd.y, d.pos.y, "y");
        number(cmd.range, d.range, "range");
        number(cmd.rate, d.rate, "rate");
        number(cmd.damage, d.damage, "damage");
        number(cmd.potency, d.potency, "potency");
        number(cmd.duration, d.duration, "duration");
        number(cmd.chance, d.chance, "chance");
        if (cmd.effect)
            inv.changes.push_back("effect " + (d.effect.empty() ? std::string("none") : d.effect) + " -> " +
                                  *cmd.effect);
        return inv;
    }
    if (c.type == LanePolicy::name.text) {
        const auto cmd = from_command<LanePolicy>(c);
        if (cmd.lane < 0 || cmd.lane >= static_cast<std::int64_t>(w.lanes().size()))
            return no_inverse(c, "there is no lane " + std::to_string(cmd.lane));
        const std::string old = variant_key(w.lanes()[static_cast<std::size_t>(cmd.lane)].variant());
        inv.name = "set the policy of lane " + std::to_string(cmd.lane);
        inv.commands.push_back(to_command(LanePolicy{.lane = cmd.lane, .policy = old}, tick));
        inv.changes = {"policy " + old + " -> " + cmd.policy};
        return inv;
    }
    if (c.type == TowerPlace::name.text) {
        const auto cmd = from_command<TowerPlace>(c);
        const auto id =
            w.lanes().empty() ? std::int64_t{0} : static_cast<std::int64_t>(w.lanes().front().towers().size());
        inv.name = "place " + tower_name(id);
        inv.commands.push_back(to_command(TowerUnplace{.id = id}, tick));
        inv.changes = {tower_name(id) + " at (" + format_number(cmd.x) + ", " + format_number(cmd.y) + ")"};
        return inv;
    }
    if (c.type == TowerRemove::name.text) {
        const auto cmd = from_command<TowerRemove>(c);
        const Tower* t = find_tower(w, cmd.id);
        if (!t) return no_inverse(c, "there is no " + tower_name(cmd.id));
        inv.name = "remove " + tower_name(cmd.id);
        inv.commands.push_back(to_command(TowerRestore{.id = cmd.id}, tick));
        inv.changes = {tower_name(cmd.id) + " at (" + format_number(t->def.pos.x) + ", " + format_number(t->def.pos.y) +
                       ") leaves every compared lane"};
        return inv;
    }
    if (c.type == EffectDefine::name.text) {
        const auto cmd = from_command<EffectDefine>(c);
        const EffectBook& book = w.book();
        const auto at = book.find(cmd.type);
        if (!at) {
            inv.name = "define effect type " + cmd.type;
            inv.commands.push_back(to_command(EffectUndefine{.type = cmd.type}, tick));
            inv.changes = {"a new effect type " + cmd.type + (cmd.kind ? " (" + *cmd.kind + ")" : std::string())};
            return inv;
        }
        const EffectType& t = book.type(*at);
        inv.name = "change effect type " + cmd.type;
        inv.commands.push_back(to_command(EffectDefine{.type = t.name,
                                                       .kind = std::string(kind_key(t.kind)),
                                                       .policy = std::string(policy_key(t.policy)),
                                                       .label = t.label,
                                                       .colour = rgb_text(t.colour),
                                                       .icon = t.icon},
                                          tick));
        const auto text = [&](const std::optional<std::string>& to, const std::string& from, const char* what) {
            if (to && *to != from) inv.changes.push_back(std::string(what) + " " + from + " -> " + *to);
        };
        text(cmd.kind, std::string(kind_key(t.kind)), "kind");
        text(cmd.policy, std::string(policy_key(t.policy)), "policy");
        text(cmd.label, t.label, "label");
        text(cmd.colour, rgb_text(t.colour), "colour");
        text(cmd.icon, t.icon, "icon");
        if (inv.changes.empty()) inv.changes.push_back("nothing changes");
        return inv;
    }
    if (c.type == InteractionSet::name.text) {
        const auto cmd = from_command<InteractionSet>(c);
        const auto& rules = w.book().rules();
        const std::string pair = cmd.incoming + " on " + cmd.present;
        inv.name = "set the rule for " + pair;
        const auto rule_text = [](const InteractionRule& r) {
            std::string out(action_key(r.action));
            if (r.action == InteractionAction::Transform) out += " into " + r.into + " at " + format_number(r.potency);
            return out;
        };
        std::size_t index = 0;
        while (index < rules.size() && !(rules[index].incoming == cmd.incoming && rules[index].present == cmd.present))
            ++index;
        if (index == rules.size()) {   // none: the new rule (appended) goes again
            inv.commands.push_back(to_command(
                InteractionSet{.incoming = cmd.incoming, .present = cmd.present, .action = "coexist"}, tick));
            inv.changes = {"coexist -> " + cmd.action};
            return inv;
        }
        const InteractionRule& r = rules[index];
        const bool transform = r.action == InteractionAction::Transform;
        const std::string action(action_key(r.action));
        const std::optional<std::string> into = transform ? std::optional<std::string>(r.into) : std::nullopt;
        const std::optional<double> potency = transform ? std::optional<double>(r.potency) : std::nullopt;
        if (cmd.action == "coexist")   // removed: back at its place in the list
            inv.commands.push_back(to_command(InteractionRestore{.incoming = r.incoming,
                                                                 .present = r.present,
                                                                 .action = action,
                                                                 .into = into,
                                                                 .potency = potency,
                                                                 .index = static_cast<std::int64_t>(index)},
                                              tick));
        else   // changed in place
            inv.commands.push_back(to_command(
                InteractionSet{
                    .incoming = r.incoming, .present = r.present, .action = action, .into = into, .potency = potency},
                tick));
        inv.changes = {rule_text(r) + " -> " + cmd.action};
        return inv;
    }
    return no_inverse(c, "the effects lab has no undo for " + c.type);
}

}   // namespace pb::effects
