// Undo in the Logistics lab: a moved target goes back; a moved transporter goes back with the
// task chain the move dropped, where it stood in it and what it served (transporter.unmove); a
// target's settings go back to what they were; walls are set back tile by tile; a placed target or
// transporter leaves the list again (*.unplace: its id is free again); a removed one comes back at
// its id with its stock, load and task chain (*.restore). Undone at once, the world is the one
// before bit for bit.
#include "engine/logistics/inverse.hpp"

#include <algorithm>
#include <memory>

#include "engine/logistics/commands.hpp"
#include "engine/logistics/world.hpp"

namespace pb::logistics {
namespace {

// The colony's units added by edits after `c`, tried on a copy (nothing if refused).
std::optional<double> edited_after_applying(const LogisticsWorld& w, const Command& c) {
    const std::unique_ptr<World> copy = w.clone();
    if (copy->apply(c)) return std::nullopt;
    return dynamic_cast<const LogisticsWorld&>(*copy).totals().edited;
}

}   // namespace

Inverse inverse_of(const LogisticsWorld& w, const Command& c) {
    const std::int64_t tick = w.tick();
    Inverse inv;
    const auto tile = [](Tile t) { return "(" + std::to_string(t.x) + ", " + std::to_string(t.y) + ")"; };
    if (c.type == TargetMove::name.text) {
        const auto cmd = from_command<TargetMove>(c);
        const Target* t = w.find_target(static_cast<int>(cmd.id));
        if (!t) return no_inverse(c, "there is no target " + std::to_string(cmd.id));
        inv.name = "move target " + std::to_string(cmd.id);
        inv.commands.push_back(to_command(TargetMove{.id = cmd.id, .x = t->pos.x, .y = t->pos.y}, tick));
        inv.changes = {"tile " + tile(t->pos) + " -> " + tile({static_cast<int>(cmd.x), static_cast<int>(cmd.y)})};
        return inv;
    }
    if (c.type == TransporterMove::name.text) {
        const auto cmd = from_command<TransporterMove>(c);
        const Transporter* t = w.find_transporter(static_cast<int>(cmd.id));
        if (!t) return no_inverse(c, "there is no transporter " + std::to_string(cmd.id));
        inv.name = "move transporter " + std::to_string(cmd.id);
        inv.commands.push_back(to_command(TransporterUnmove{.id = cmd.id,
                                                            .x = t->pos.x,
                                                            .y = t->pos.y,
                                                            .tasks = tasks_text(t->tasks),
                                                            .progress = t->progress,
                                                            .request = t->request,
                                                            .via = t->via},
                                          tick));
        inv.changes = {"tile " + tile(t->pos) + " -> " + tile({static_cast<int>(cmd.x), static_cast<int>(cmd.y)})};
        if (!t->tasks.empty())
            inv.changes.push_back("it drops its chain of " + std::to_string(t->tasks.size()) +
                                  " task(s): undo gives it back");
        return inv;
    }
    if (c.type == TargetSet::name.text) {
        const auto cmd = from_command<TargetSet>(c);
        const Target* t = w.find_target(static_cast<int>(cmd.id));
        if (!t) return no_inverse(c, "there is no target " + std::to_string(cmd.id));
        inv.name = "set target " + std::to_string(cmd.id);
        TargetSet back{.id = cmd.id};
        if (cmd.resource) {
            back.resource = std::string(resource_key(t->resource));
            inv.changes.push_back("resource " + *back.resource + " -> " + *cmd.resource);
        }
        const auto number = [&](const std::optional<double>& to, std::optional<double>& put, double from,
                                const char* what) {
            if (!to) return;
            put = from;
            inv.changes.push_back(change_text(what, from, *to));
        };
        number(cmd.capacity, back.capacity, t->capacity, "capacity");
        number(cmd.rate, back.rate, t->rate, "rate");
        number(cmd.multiplier, back.multiplier, t->multiplier, "multiplier");
        number(cmd.energy, back.energy, t->store[0], "energy");
        number(cmd.mineral, back.mineral, t->store[1], "mineral");
        inv.commands.push_back(to_command(back, tick));
        return inv;
    }
    if (c.type == WallSet::name.text) {
        const auto cmd = from_command<WallSet>(c);
        const int x = static_cast<int>(cmd.x), y = static_cast<int>(cmd.y);
        const int x2 = static_cast<int>(cmd.x2.value_or(cmd.x)), y2 = static_cast<int>(cmd.y2.value_or(cmd.y));
        const bool solid = cmd.solid.value_or(true);
        inv.name = std::string(solid ? "build" : "clear") + " walls";
        int changed = 0;
        for (int ty = std::min(y, y2); ty <= std::max(y, y2); ++ty)
            for (int tx = std::min(x, x2); tx <= std::max(x, x2); ++tx) {
                if (!w.map().inside({tx, ty})) return no_inverse(c, "tile " + tile({tx, ty}) + " is outside the map");
                if (w.map().wall({tx, ty}) == solid) continue;
                inv.commands.push_back(to_command(WallSet{.x = tx, .y = ty, .solid = !solid}, tick));
                ++changed;
            }
        inv.changes = {std::to_string(changed) + " tile(s) " + (solid ? "floor -> wall" : "wall -> floor")};
        return inv;
    }
    if (c.type == TargetPlace::name.text) {
        const auto cmd = from_command<TargetPlace>(c);
        const auto id = static_cast<std::int64_t>(w.targets().size());
        inv.name = "place " + cmd.kind + " " + std::to_string(id);
        const double edited_after = edited_after_applying(w, c).value_or(w.totals().edited);
        inv.commands.push_back(to_command(
            TargetUnplace{.id = id, .edited_before = w.totals().edited, .edited_after = edited_after}, tick));
        inv.changes = {cmd.kind + " " + std::to_string(id) + " on tile " +
                       tile({static_cast<int>(cmd.x), static_cast<int>(cmd.y)})};
        return inv;
    }
    if (c.type == TransporterPlace::name.text) {
        const auto cmd = from_command<TransporterPlace>(c);
        const auto id = static_cast<std::int64_t>(w.transporters().size());
        inv.name = "place transporter " + std::to_string(id);
        inv.commands.push_back(to_command(TransporterUnplace{.id = id}, tick));
        inv.changes = {"transporter " + std::to_string(id) + " on tile " +
                       tile({static_cast<int>(cmd.x), static_cast<int>(cmd.y)})};
        return inv;
    }
    if (c.type == TargetRemove::name.text) {
        const auto cmd = from_command<TargetRemove>(c);
        const Target* t = w.find_target(static_cast<int>(cmd.id));
        if (!t) return no_inverse(c, "there is no target " + std::to_string(cmd.id));
        inv.name = "remove target " + std::to_string(cmd.id);
        const double edited_after = edited_after_applying(w, c).value_or(w.totals().edited);
        inv.commands.push_back(to_command(TargetRestore{.id = cmd.id,
                                                        .kind = kind_info(t->kind).key,
                                                        .x = t->pos.x,
                                                        .y = t->pos.y,
                                                        .resource = std::string(resource_key(t->resource)),
                                                        .capacity = t->capacity,
                                                        .rate = t->rate,
                                                        .multiplier = t->multiplier,
                                                        .energy = t->store[0],
                                                        .mineral = t->store[1],
                                                        .edited_before = w.totals().edited,
                                                        .edited_after = edited_after},
                                          tick));
        inv.changes = {std::string(kind_info(t->kind).label) + " " + std::to_string(cmd.id) + " on tile " +
                       tile(t->pos) + " goes, with its " + format_number(total(t->store)) + " units"};
        return inv;
    }
    if (c.type == TransporterRemove::name.text) {
        const auto cmd = from_command<TransporterRemove>(c);
        const Transporter* t = w.find_transporter(static_cast<int>(cmd.id));
        if (!t) return no_inverse(c, "there is no transporter " + std::to_string(cmd.id));
        inv.name = "remove transporter " + std::to_string(cmd.id);
        const double edited_after = edited_after_applying(w, c).value_or(w.totals().edited);
        inv.commands.push_back(to_command(TransporterRestore{.id = cmd.id,
                                                             .x = t->pos.x,
                                                             .y = t->pos.y,
                                                             .capacity = t->capacity_override,
                                                             .speed = t->speed_override,
                                                             .energy = t->carry[0],
                                                             .mineral = t->carry[1],
                                                             .tasks = tasks_text(t->tasks),
                                                             .progress = t->progress,
                                                             .request = t->request,
                                                             .via = t->via,
                                                             .assigned_rate = t->assigned_rate,
                                                             .travelled = t->travelled,
                                                             .edited_before = w.totals().edited,
                                                             .edited_after = edited_after},
                                          tick));
        inv.changes = {"transporter " + std::to_string(cmd.id) + " on tile " + tile(t->pos) + " goes, with its " +
                       format_number(total(t->carry)) + " units and " + std::to_string(t->tasks.size()) + " task(s)"};
        return inv;
    }
    return no_inverse(c, "the logistics lab has no undo for " + c.type);
}

}   // namespace pb::logistics
