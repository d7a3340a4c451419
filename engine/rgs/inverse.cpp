// Undo in the RGS lab: a move goes back, a mark is unmarked, damage is repaired (and a repair
// damaged again), a main structure comes back to life. A build is undone by rgs.unplace (the new
// RGS leaves the list, its id is free again, the BP it cost come back) and rgs.restore of any
// marked RGS it deconstructed to pay; a removal by rgs.restore (the RGS back at its id with its
// state, the refund taken back). Undone at once, the world is the one before bit for bit.
#include "engine/rgs/inverse.hpp"

#include <memory>

#include "engine/rgs/commands.hpp"
#include "engine/rgs/world.hpp"

namespace pb::rgs {
namespace {

std::string rgs_name(std::int64_t id) { return "RGS " + std::to_string(id); }

// An undo command with the team's economy before and right after the edit.
template <class C>
C with_ledger(C cmd, const TeamState& before, const TeamState& after) {
    cmd.bp_before = before.bp;
    cmd.bp_after = after.bp;
    cmd.spent_before = before.spent;
    cmd.spent_after = after.spent;
    cmd.refunded_before = before.refunded;
    cmd.refunded_after = after.refunded;
    return cmd;
}

// rgs.restore of an RGS as it is now.
RgsRestore restore_of(const Rgs& r) {
    return RgsRestore{.id = r.id,
                      .team = r.team,
                      .kind = std::string(kind_key(r.kind)),
                      .x = r.pos.x,
                      .y = r.pos.y,
                      .z = r.pos.z,
                      .range = r.range_override,
                      .state = std::string(state_key(r.state)),
                      .health = r.health,
                      .build_left = r.build_left,
                      .price_paid = r.price_paid,
                      .marked_tick = r.marked_tick};
}

}   // namespace

Inverse inverse_of(const RgsWorld& w, const Command& c) {
    const std::int64_t tick = w.tick();
    Inverse inv;
    if (c.type == RgsMove::name.text) {
        const auto cmd = from_command<RgsMove>(c);
        const Rgs* r = w.find(static_cast<int>(cmd.id));
        if (!r) return no_inverse(c, "there is no " + rgs_name(cmd.id));
        inv.name = "move " + rgs_name(cmd.id);
        inv.commands.push_back(to_command(RgsMove{.id = cmd.id, .x = r->pos.x, .y = r->pos.y, .z = r->pos.z}, tick));
        inv.changes = {change_text("x", r->pos.x, cmd.x), change_text("y", r->pos.y, cmd.y),
                       change_text("z", r->pos.z, cmd.z)};
        return inv;
    }
    if (c.type == RgsMark::name.text) {
        const auto cmd = from_command<RgsMark>(c);
        const Rgs* r = w.find(static_cast<int>(cmd.id));
        if (!r) return no_inverse(c, "there is no " + rgs_name(cmd.id));
        const bool was = r->state == State::Marked;
        inv.name = (cmd.marked.value_or(true) ? "mark " : "unmark ") + rgs_name(cmd.id);
        inv.commands.push_back(to_command(RgsMark{.id = cmd.id, .marked = was}, tick));
        inv.changes = {std::string("marked ") + (was ? "yes" : "no") + " -> " +
                       (cmd.marked.value_or(true) ? "yes" : "no")};
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
        inv.name =
            std::string(cmd.alive ? "revive" : "kill") + " team " + std::to_string(cmd.team) + "'s main structure";
        inv.commands.push_back(to_command(TeamMain{.team = cmd.team, .alive = was}, tick));
        inv.changes = {std::string("main structure ") + (was ? "alive" : "dead") + " -> " +
                       (cmd.alive ? "alive" : "dead")};
        return inv;
    }
    if (c.type == RgsPlace::name.text) {
        const auto cmd = from_command<RgsPlace>(c);
        const auto id = static_cast<std::int64_t>(w.structures().size());   // the id it will get
        inv.name = "build " + rgs_name(id);
        // The build tried on a copy: what it costs the team, and which marked RGS it deconstructs
        // to pay (the replace mechanic); the undo takes the new one back and restores those.
        const std::unique_ptr<World> copy = w.clone();
        if (auto why = copy->apply(c)) return no_inverse(c, *why);
        const auto& after = dynamic_cast<const RgsWorld&>(*copy);
        const int team = static_cast<int>(cmd.team);
        inv.commands.push_back(
            to_command(with_ledger(RgsUnplace{.id = id}, w.teams()[team], after.teams()[team]), tick));
        inv.changes = {"team " + std::to_string(cmd.team) + " builds " + rgs_name(id) + " at (" + format_number(cmd.x) +
                           ", " + format_number(cmd.y) + ", " + format_number(cmd.z) + ")",
                       change_text("BP", w.teams()[team].bp, after.teams()[team].bp)};
        for (const Rgs& r : w.structures())
            if (!r.removed && after.structures()[r.id].removed) {
                inv.commands.push_back(
                    to_command(with_ledger(restore_of(r), after.teams()[team], after.teams()[team]), tick));
                inv.changes.push_back("marked " + rgs_name(r.id) + " deconstructed to pay");
            }
        return inv;
    }
    if (c.type == RgsRemove::name.text) {
        const auto cmd = from_command<RgsRemove>(c);
        const Rgs* r = w.find(static_cast<int>(cmd.id));
        if (!r) return no_inverse(c, "there is no " + rgs_name(cmd.id));
        const std::unique_ptr<World> copy = w.clone();
        if (auto why = copy->apply(c)) return no_inverse(c, *why);
        const auto& after = dynamic_cast<const RgsWorld&>(*copy);
        inv.name = "remove " + rgs_name(cmd.id);
        inv.commands.push_back(
            to_command(with_ledger(restore_of(*r), w.teams()[r->team], after.teams()[r->team]), tick));
        inv.changes = {rgs_name(cmd.id) + " deconstructed (" + std::string(state_key(r->state)) + ", health " +
                           format_number(r->health) + ")",
                       change_text("BP", w.teams()[r->team].bp, after.teams()[r->team].bp) + " (refund)"};
        return inv;
    }
    return no_inverse(c, "the rgs lab has no undo for " + c.type);
}

}   // namespace pb::rgs
