// Undo in the RGS lab: a move goes back, a mark is unmarked, damage is repaired (and a repair
// damaged again), a main structure comes back to life. A build is undone by removing the new RGS
// (its price comes back with the refund, but the id stays used: ids are indices and never reused,
// so the world is not bit-for-bit the one before; the history says so). A removal cannot be
// undone: the RGS would come back under a new id.
#include "engine/rgs/inverse.hpp"

#include "engine/rgs/commands.hpp"
#include "engine/rgs/world.hpp"

namespace pb::rgs {
namespace {

std::string rgs_name(std::int64_t id) { return "RGS " + std::to_string(id); }

}  // namespace

Inverse inverse_of(const RgsWorld& w, const Command& c) {
    const std::int64_t tick = w.tick();
    Inverse inv;
    if (c.type == RgsMove::name.text) {
        const auto cmd = from_command<RgsMove>(c);
        const Rgs* r = w.find(static_cast<int>(cmd.id));
        if (!r) return no_inverse(c, "there is no " + rgs_name(cmd.id));
        inv.name = "move " + rgs_name(cmd.id);
        inv.commands.push_back(to_command(RgsMove{.id = cmd.id, .x = r->pos.x, .y = r->pos.y, .z = r->pos.z}, tick));
        inv.changes = {change_text("x", r->pos.x, cmd.x), change_text("y", r->pos.y, cmd.y), change_text("z", r->pos.z, cmd.z)};
        return inv;
    }
    if (c.type == RgsMark::name.text) {
        const auto cmd = from_command<RgsMark>(c);
        const Rgs* r = w.find(static_cast<int>(cmd.id));
        if (!r) return no_inverse(c, "there is no " + rgs_name(cmd.id));
        const bool was = r->state == State::Marked;
        inv.name = (cmd.marked.value_or(true) ? "mark " : "unmark ") + rgs_name(cmd.id);
        inv.commands.push_back(to_command(RgsMark{.id = cmd.id, .marked = was}, tick));
        inv.changes = {std::string("marked ") + (was ? "yes" : "no") + " -> " + (cmd.marked.value_or(true) ? "yes" : "no")};
        return inv;
    }
    if (c.type == RgsDamage::name.text) {
        const auto cmd = from_command<RgsDamage>(c);
        const Rgs* r = w.find(static_cast<int>(cmd.id));
        if (!r) return no_inverse(c, "there is no " + rgs_name(cmd.id));
        inv.name = "damage " + rgs_name(cmd.id);
        const double after = std::max(0.0, r->health - cmd.amount);
        inv.changes = {change_text("health", r->health, after)};
        if (after <= 0.0) {
            inv.refused = rgs_name(cmd.id) + " is destroyed by it, and a wreck cannot be repaired";
            return inv;
        }
        inv.commands.push_back(to_command(RgsRepair{.id = cmd.id, .amount = r->health - after}, tick));
        return inv;
    }
    if (c.type == RgsRepair::name.text) {
        const auto cmd = from_command<RgsRepair>(c);
        const Rgs* r = w.find(static_cast<int>(cmd.id));
        if (!r) return no_inverse(c, "there is no " + rgs_name(cmd.id));
        const double full = w.config().max_health(r->kind);
        const double after = std::min(full, r->health + cmd.amount.value_or(full));
        inv.name = "repair " + rgs_name(cmd.id);
        inv.changes = {change_text("health", r->health, after)};
        inv.commands.push_back(to_command(RgsDamage{.id = cmd.id, .amount = after - r->health}, tick));
        return inv;
    }
    if (c.type == TeamMain::name.text) {
        const auto cmd = from_command<TeamMain>(c);
        if (cmd.team < 0 || cmd.team > 1) return no_inverse(c, "no team " + std::to_string(cmd.team));
        const bool was = w.teams()[static_cast<std::size_t>(cmd.team)].main_structure;
        inv.name = std::string(cmd.alive ? "revive" : "kill") + " team " + std::to_string(cmd.team) + "'s main structure";
        inv.commands.push_back(to_command(TeamMain{.team = cmd.team, .alive = was}, tick));
        inv.changes = {std::string("main structure ") + (was ? "alive" : "dead") + " -> " + (cmd.alive ? "alive" : "dead")};
        return inv;
    }
    if (c.type == RgsPlace::name.text) {
        const auto cmd = from_command<RgsPlace>(c);
        const auto id = static_cast<std::int64_t>(w.structures().size());   // the id it will get
        inv.name = "build " + rgs_name(id);
        inv.commands.push_back(to_command(RgsRemove{.id = id}, tick));
        inv.changes = {"team " + std::to_string(cmd.team) + " builds " + rgs_name(id) + " at (" + format_number(cmd.x) + ", " +
                       format_number(cmd.y) + ", " + format_number(cmd.z) + ")"};
        return inv;
    }
    if (c.type == RgsRemove::name.text) {
        const auto cmd = from_command<RgsRemove>(c);
        inv = no_inverse(c, "a removed RGS cannot come back with its id (ids are never reused): build a new one");
        inv.name = "remove " + rgs_name(cmd.id);
        inv.changes = {rgs_name(cmd.id) + " deconstructed (refund: health% of its price)"};
        return inv;
    }
    return no_inverse(c, "the rgs lab has no undo for " + c.type);
}

}  // namespace pb::rgs
