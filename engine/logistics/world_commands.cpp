// The logistics lab's commands as the world applies them: every refusal says why (outside the
// map, on a wall, a tile already taken, an unknown id, a store over capacity) and leaves the world
// unchanged. Edits that add or remove resources are booked in the ledger, so conservation holds.
#include <algorithm>
#include <utility>
#include <vector>

#include "engine/logistics/world.hpp"

namespace pb::logistics {
namespace {

std::string tile_text(int x, int y) { return "(" + std::to_string(x) + ", " + std::to_string(y) + ")"; }

// Totals::edited as an undo gives it back (commands.hpp): bit for bit when it is still the value
// right after the edit, else moved by the difference; `fallback` when either is left out.
double settle(double now, const std::optional<double>& before, const std::optional<double>& after, double fallback) {
    if (before && after) return now == *after ? *before : now + (*before - *after);
    return now + fallback;
}

}   // namespace

std::optional<std::string> LogisticsWorld::check_tile(int x, int y, int ignore_target) const {
    if (!map_.inside({x, y}))
        return "tile " + tile_text(x, y) + " is outside the map: x 0 .. " + std::to_string(map_.width() - 1) +
               ", y 0 .. " + std::to_string(map_.height() - 1);
    if (map_.wall({x, y})) return "tile " + tile_text(x, y) + " is a wall";
    for (const Target& t : targets_)
        if (!t.removed && t.id != ignore_target && t.pos == Tile{x, y})
            return "tile " + tile_text(x, y) + " already holds target " + std::to_string(t.id) + " (" +
                   kind_info(t.kind).label + ")";
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::lookup_target(std::int64_t want, int& id) const {
    if (want < 0 || want >= static_cast<std::int64_t>(targets_.size()))
        return "there is no target " + std::to_string(want) +
               (targets_.empty() ? " (the colony has none)"
                                 : " (ids run 0 .. " + std::to_string(targets_.size() - 1) + ")");
    if (targets_[want].removed) return "target " + std::to_string(want) + " was removed";
    id = static_cast<int>(want);
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::lookup_transporter(std::int64_t want, int& id) const {
    if (want < 0 || want >= static_cast<std::int64_t>(transporters_.size()))
        return "there is no transporter " + std::to_string(want) +
               (transporters_.empty() ? " (the colony has none)"
                                      : " (ids run 0 .. " + std::to_string(transporters_.size() - 1) + ")");
    if (transporters_[want].removed) return "transporter " + std::to_string(want) + " was removed";
    id = static_cast<int>(want);
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const TargetPlace& c) {
    const int x = static_cast<int>(c.x), y = static_cast<int>(c.y);
    TargetPlacement p;
    if (!parse_kind(c.kind, p.kind)) return "unknown target kind \"" + c.kind + "\"";
    if (auto err = check_tile(x, y)) return err;
    p.pos = {x, y};
    if (c.resource) {
        Resource r;
        if (!parse_resource(*c.resource, r)) return "unknown resource \"" + *c.resource + "\"";
        p.resource = r;
    }
    if (c.capacity) p.capacity = *c.capacity;
    if (c.rate) p.rate = *c.rate;
    p.multiplier = c.multiplier.value_or(0.0);
    p.store = {c.energy.value_or(0.0), c.mineral.value_or(0.0)};
    const double capacity = p.capacity.value_or(kind_info(p.kind).capacity);
    if (total(p.store) > capacity)
        return "a " + std::string(kind_info(p.kind).key) + " holding " + format_number(total(p.store)) +
               " units is over its capacity " + format_number(capacity);
    if (targets_.size() >= kMaxTargets)
        return "the colony has " + std::to_string(targets_.size()) + " targets, the limit (kMaxTargets)";
    if ((targets_.size() + 1) * transporters_.size() > kMaxTransporterTargetPairs)
        return "one more target would make more than " + std::to_string(kMaxTransporterTargetPairs) +
               " transporter x target pairs (kMaxTransporterTargetPairs)";
    add_target(p);
    totals_.edited += total(p.store);
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const TransporterPlace& c) {
    const int x = static_cast<int>(c.x), y = static_cast<int>(c.y);
    if (!map_.inside({x, y}) || map_.wall({x, y})) return *check_tile(x, y);
    if (transporters_.size() >= kMaxTransporters)
        return "the colony has " + std::to_string(transporters_.size()) + " transporters, the limit (kMaxTransporters)";
    if (targets_.size() * (transporters_.size() + 1) > kMaxTransporterTargetPairs)
        return "one more transporter would make more than " + std::to_string(kMaxTransporterTargetPairs) +
               " transporter x target pairs (kMaxTransporterTargetPairs)";
    TransporterPlacement p;
    p.pos = {x, y};
    p.capacity = c.capacity.value_or(0.0);
    p.speed = c.speed.value_or(0.0);
    add_transporter(p);
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const WallSet& c) {
    const int x = static_cast<int>(c.x), y = static_cast<int>(c.y);
    const int x2 = static_cast<int>(c.x2.value_or(x)), y2 = static_cast<int>(c.y2.value_or(y));
    const bool solid = c.solid.value_or(true);
    for (int cx : {x, x2})
        for (int cy : {y, y2})
            if (!map_.inside({cx, cy}))
                return "corner " + tile_text(cx, cy) + " is outside the map: x 0 .. " +
                       std::to_string(map_.width() - 1) + ", y 0 .. " + std::to_string(map_.height() - 1);
    const auto inside = [&](Tile t) {
        return t.x >= std::min(x, x2) && t.x <= std::max(x, x2) && t.y >= std::min(y, y2) && t.y <= std::max(y, y2);
    };
    if (solid) {
        for (const Target& t : targets_)
            if (!t.removed && inside(t.pos)) return "the wall would cover target " + std::to_string(t.id);
        for (const Transporter& t : transporters_)
            if (!t.removed && inside(t.pos)) return "the wall would cover transporter " + std::to_string(t.id);
    }
    map_.set_walls({x, y}, {x2, y2}, solid);
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const TargetMove& c) {
    int id = -1;
    if (auto err = lookup_target(c.id, id)) return err;
    const int x = static_cast<int>(c.x), y = static_cast<int>(c.y);
    if (auto err = check_tile(x, y, id)) return err;
    targets_[id].pos = {x, y};
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const TargetRemove& c) {
    int id = -1;
    if (auto err = lookup_target(c.id, id)) return err;
    Target& t = targets_[id];
    totals_.edited -= total(t.store);
    t.store = {0.0, 0.0};
    t.removed = true;
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const TargetSet& c) {
    int id = -1;
    if (auto err = lookup_target(c.id, id)) return err;
    Target& t = targets_[id];
    Target changed = t;
    if (c.resource && !parse_resource(*c.resource, changed.resource)) return "unknown resource \"" + *c.resource + "\"";
    changed.capacity = c.capacity.value_or(t.capacity);
    changed.rate = c.rate.value_or(t.rate);
    changed.multiplier = c.multiplier.value_or(t.multiplier);
    changed.store = {c.energy.value_or(t.store[0]), c.mineral.value_or(t.store[1])};
    if (total(changed.store) > changed.capacity)
        return "target " + std::to_string(id) + " would hold " + format_number(total(changed.store)) +
               " units, over its capacity " + format_number(changed.capacity);
    totals_.edited += total(changed.store) - total(t.store);
    t = changed;
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const TransporterMove& c) {
    int id = -1;
    if (auto err = lookup_transporter(c.id, id)) return err;
    Transporter& t = transporters_[id];
    const int x = static_cast<int>(c.x), y = static_cast<int>(c.y);
    if (!map_.inside({x, y}) || map_.wall({x, y})) return *check_tile(x, y);
    t.pos = {x, y};
    t.tasks.clear();   // its chain was planned from where it stood
    t.request = -1;
    t.via = -1;
    t.progress = 0.0;
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const TransporterRemove& c) {
    int id = -1;
    if (auto err = lookup_transporter(c.id, id)) return err;
    Transporter& t = transporters_[id];
    totals_.edited -= total(t.carry);
    t.carry = {0.0, 0.0};
    t.tasks.clear();
    t.removed = true;
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const TargetUnplace& c) {
    int id = -1;
    if (auto err = lookup_target(c.id, id)) return err;
    const std::string name = "target " + std::to_string(id);
    if (static_cast<std::size_t>(id) + 1 != targets_.size())
        return name + " is not the newest (target " + std::to_string(targets_.size() - 1) +
               " came after it): only the newest placement can be taken back";
    for (const Transporter& t : transporters_) {
        if (t.removed) continue;
        bool uses = t.request == id || t.via == id;
        for (const Task& task : t.tasks) uses = uses || task.target == id;
        if (uses) return name + " is in transporter " + std::to_string(t.id) + "'s task chain: remove it instead";
    }
    totals_.edited = settle(totals_.edited, c.edited_before, c.edited_after, -total(targets_[id].store));
    targets_.pop_back();
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const TargetRestore& c) {
    const std::string name = "target " + std::to_string(c.id);
    if (c.id < 0 || c.id >= static_cast<std::int64_t>(targets_.size()))
        return "there is no " + name + " to restore" +
               (targets_.empty() ? std::string(" (the colony has none)")
                                 : " (ids run 0 .. " + std::to_string(targets_.size() - 1) + ")");
    Target& t = targets_[c.id];
    if (!t.removed) return name + " is still in the colony: only a removed target can be restored";
    Target back;
    back.id = t.id;
    if (!parse_kind(c.kind, back.kind)) return "unknown target kind \"" + c.kind + "\"";
    if (!parse_resource(c.resource, back.resource)) return "unknown resource \"" + c.resource + "\"";
    const int x = static_cast<int>(c.x), y = static_cast<int>(c.y);
    if (auto err = check_tile(x, y)) return err;
    back.pos = {x, y};
    back.capacity = c.capacity;
    back.rate = c.rate;
    back.multiplier = c.multiplier;
    back.store = {c.energy, c.mineral};
    if (total(back.store) > back.capacity)
        return name + " would hold " + format_number(total(back.store)) + " units, over its capacity " +
               format_number(back.capacity);
    totals_.edited = settle(totals_.edited, c.edited_before, c.edited_after, total(back.store));
    t = back;
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const TransporterUnplace& c) {
    int id = -1;
    if (auto err = lookup_transporter(c.id, id)) return err;
    if (static_cast<std::size_t>(id) + 1 != transporters_.size())
        return "transporter " + std::to_string(id) + " is not the newest (transporter " +
               std::to_string(transporters_.size() - 1) +
               " came after it): only the newest placement can be taken back";
    const double carried = total(transporters_[id].carry);
    if (carried != 0.0) totals_.edited -= carried;   // what it carries goes with it
    transporters_.pop_back();
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const TransporterRestore& c) {
    const std::string name = "transporter " + std::to_string(c.id);
    if (c.id < 0 || c.id >= static_cast<std::int64_t>(transporters_.size()))
        return "there is no " + name + " to restore" +
               (transporters_.empty() ? std::string(" (the colony has none)")
                                      : " (ids run 0 .. " + std::to_string(transporters_.size() - 1) + ")");
    Transporter& t = transporters_[c.id];
    if (!t.removed) return name + " is still in the colony: only a removed transporter can be restored";
    const int x = static_cast<int>(c.x), y = static_cast<int>(c.y);
    if (!map_.inside({x, y}) || map_.wall({x, y})) return *check_tile(x, y);
    Transporter back;
    back.id = t.id;
    if (auto err = parse_tasks(c.tasks, back.tasks)) return name + "'s tasks: " + *err;
    const auto known = [&](std::int64_t target) {
        return target >= 0 && target < static_cast<std::int64_t>(targets_.size());
    };
    for (const Task& task : back.tasks)
        if (!known(task.target))
            return name + "'s task names target " + std::to_string(task.target) + ", which never was";
    if ((c.request != -1 && !known(c.request)) || (c.via != -1 && !known(c.via)))
        return name + "'s request or via names a target that never was";
    back.pos = {x, y};
    back.capacity_override = c.capacity;
    back.speed_override = c.speed;
    back.carry = {c.energy, c.mineral};
    back.progress = c.progress;
    back.request = static_cast<int>(c.request);
    back.via = static_cast<int>(c.via);
    back.assigned_rate = c.assigned_rate;
    back.travelled = c.travelled;
    const double capacity = back.capacity_override > 0.0 ? back.capacity_override : config_.transporter_capacity;
    if (total(back.carry) > capacity)
        return name + " would carry " + format_number(total(back.carry)) + " units, over its capacity " +
               format_number(capacity);
    totals_.edited = settle(totals_.edited, c.edited_before, c.edited_after, total(back.carry));
    t = back;
    refresh_transporters();
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::on(const TransporterUnmove& c) {
    int id = -1;
    if (auto err = lookup_transporter(c.id, id)) return err;
    const std::string name = "transporter " + std::to_string(id);
    const int x = static_cast<int>(c.x), y = static_cast<int>(c.y);
    if (!map_.inside({x, y}) || map_.wall({x, y})) return *check_tile(x, y);
    std::vector<Task> tasks;
    if (auto err = parse_tasks(c.tasks, tasks)) return name + "'s tasks: " + *err;
    const auto known = [&](std::int64_t target) {
        return target >= 0 && target < static_cast<std::int64_t>(targets_.size());
    };
    for (const Task& task : tasks)
        if (!known(task.target))
            return name + "'s task names target " + std::to_string(task.target) + ", which never was";
    if ((c.request != -1 && !known(c.request)) || (c.via != -1 && !known(c.via)))
        return name + "'s request or via names a target that never was";
    Transporter& t = transporters_[id];
    t.pos = {x, y};
    t.tasks = std::move(tasks);
    t.progress = c.progress;
    t.request = static_cast<int>(c.request);
    t.via = static_cast<int>(c.via);
    return std::nullopt;
}

std::optional<std::string> LogisticsWorld::apply_lab_command(const Command& c) {
    return dispatch(
        LogisticsCommands{}, c, [this](const auto& cmd) { return on(cmd); },
        "the logistics lab does not know the command");
}

}   // namespace pb::logistics
