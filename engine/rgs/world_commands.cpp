// The RGS lab's commands as the world applies them: every refusal says why (not enough BP,
// outside the map, unknown id, a wreck cannot be repaired, ...) and leaves the world unchanged.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/rgs/world.hpp"

namespace pb::rgs {
namespace {

std::string bp_text(double v) {
    // Build points as a designer reads them: two decimals are plenty, and never "-0".
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v + 0.0);
    return buf;
}

// One value of an undo's ledger (commands.hpp): back bit for bit when it is still the value right
// after the edit, else moved by the difference; `fallback` is the change when either is left out.
double settle(double now, const std::optional<double>& before, const std::optional<double>& after, double fallback) {
    if (before && after) return now == *after ? *before : now + (*before - *after);
    return now + fallback;
}

}   // namespace

std::optional<std::string> RgsWorld::lookup(std::int64_t want, int& id) const {
    if (want < 0 || want >= static_cast<std::int64_t>(rgs_.size()))
        return "there is no RGS " + std::to_string(want) +
               (rgs_.empty() ? " (the map has none)" : " (ids run 0 .. " + std::to_string(rgs_.size() - 1) + ")");
    if (rgs_[want].removed) return "RGS " + std::to_string(want) + " was removed";
    id = static_cast<int>(want);
    return std::nullopt;
}

// Pays `price` from a team's BP. When the BP in hand is short, the team's marked RGS go first,
// oldest mark first (the game's "replace" mechanic), but only if their refunds cover the rest.
std::optional<std::string> RgsWorld::pay(int team, double price, std::string_view what) {
    TeamState& t = teams_[team];
    if (t.bp < price) {
        std::vector<int> marked;
        double refunds = 0.0;
        for (const Rgs& r : rgs_)
            if (!r.removed && r.team == team && r.state == State::Marked) marked.push_back(r.id);
        std::stable_sort(marked.begin(), marked.end(),
                         [&](int a, int b) { return rgs_[a].marked_tick < rgs_[b].marked_tick; });
        std::size_t needed = 0;
        for (; needed < marked.size() && t.bp + refunds < price; ++needed) {
            const Rgs& r = rgs_[marked[needed]];
            refunds += r.price_paid * std::clamp(r.health / config_.max_health(r.kind), 0.0, 1.0);
        }
        if (t.bp + refunds < price) {
            std::string why = "not enough BP: team " + std::to_string(team) + " (" + t.name + ") has " + bp_text(t.bp) +
                              " BP, " + std::string(what) + " costs " + bp_text(price) + " BP";
            if (!marked.empty())
                why += " (deconstructing its " + std::to_string(marked.size()) + " marked RGS would refund only " +
                       bp_text(refunds) + ")";
            return why;
        }
        for (std::size_t i = 0; i < needed; ++i) deconstruct(marked[i]);
    }
    t.bp = std::max(0.0, t.bp - price);
    t.spent += price;
    return std::nullopt;
}

std::optional<std::string> RgsWorld::on(const RgsPlace& c) {
    const int team = static_cast<int>(c.team);
    if (team < 0 || team > 1) return "team must be 0 or 1, got " + std::to_string(team);
    Kind kind = default_kind(team);
    if (c.kind && !parse_kind(*c.kind, kind)) return "kind must be drill or leech, got \"" + *c.kind + "\"";
    const Vec3 pos{c.x, c.y, c.z};
    if (auto err = check_inside_map(pos)) return err;
    if (rgs_.size() >= kMaxRgs) return "the map holds " + std::to_string(rgs_.size()) + " RGS, the limit (kMaxRgs)";
    const double range = c.range.value_or(0.0);
    if (c.range && !(range > 0.0)) return "range must be above 0 qu, got " + format_number(range);
    const double price = config_.price(kind);
    if (auto err = pay(team, price, "a " + std::string(kind_key(kind)))) return err;
    const int build = config_.build_time(kind);
    const int id = create_rgs(team, kind, pos, range, build > 0 ? State::Building : State::Active,
                              config_.max_health(kind), price);
    if (range > max_range_)
        rebuild_interference();
    else if (rgs_[id].state == State::Active)
        update_interference(id, false, pos, rgs_[id].range);
    return std::nullopt;
}

std::optional<std::string> RgsWorld::on(const TeamMain& c) {
    if (c.team < 0 || c.team > 1) return "team must be 0 or 1, got " + std::to_string(c.team);
    teams_[c.team].main_structure = c.alive;
    return std::nullopt;
}

std::optional<std::string> RgsWorld::on(const RgsMove& c) {
    int id = -1;
    if (auto err = lookup(c.id, id)) return err;
    Rgs& r = rgs_[id];
    const Vec3 pos{c.x, c.y, c.z};
    if (auto err = check_inside_map(pos)) return err;
    const Vec3 old = r.pos;
    r.pos = pos;
    if (is_mining(r.state)) update_interference(id, true, old, r.range);
    return std::nullopt;
}

std::optional<std::string> RgsWorld::on(const RgsRemove& c) {
    int id = -1;
    if (auto err = lookup(c.id, id)) return err;
    deconstruct(id);
    return std::nullopt;
}

std::optional<std::string> RgsWorld::on(const RgsDamage& c) {
    int id = -1;
    if (auto err = lookup(c.id, id)) return err;
    Rgs& r = rgs_[id];
    if (r.state == State::Destroyed) return "RGS " + std::to_string(id) + " is already destroyed";
    const double amount = c.amount;
    if (!(amount >= 0.0)) return "damage must be 0 or more, got " + format_number(amount);
    r.health -= amount;
    if (r.health <= 0.0) {
        // Destroyed: no refund, no mining, no interference; the wreck stays until removed.
        const bool was_mining = is_mining(r.state);
        r.health = 0.0;
        r.state = State::Destroyed;
        r.marked_tick = -1;
        r.build_left = 0;
        r.efficiency = 0.0;
        if (was_mining) update_interference(id, true, r.pos, r.range);
    }
    return std::nullopt;
}

std::optional<std::string> RgsWorld::on(const RgsRepair& c) {
    int id = -1;
    if (auto err = lookup(c.id, id)) return err;
    Rgs& r = rgs_[id];
    if (r.state == State::Destroyed)
        return "RGS " + std::to_string(id) + " is destroyed: remove the wreck and build anew";
    const double full = config_.max_health(r.kind);
    const double amount = c.amount.value_or(full);
    if (!(amount >= 0.0)) return "repair must be 0 or more, got " + format_number(amount);
    r.health = std::min(full, r.health + amount);
    return std::nullopt;
}

std::optional<std::string> RgsWorld::on(const RgsMark& c) {
    int id = -1;
    if (auto err = lookup(c.id, id)) return err;
    Rgs& r = rgs_[id];
    const std::string name = "RGS " + std::to_string(id);
    const bool mark = c.marked.value_or(true);
    if (r.state == State::Destroyed) return name + " is destroyed: there is nothing to deconstruct";
    if (r.state == State::Building) return name + " is still building: remove it to cancel the construction";
    if (mark && r.state == State::Active) {
        r.state = State::Marked;
        r.marked_tick = tick_;
    } else if (!mark && r.state == State::Marked) {
        r.state = State::Active;
        r.marked_tick = -1;
    }
    return std::nullopt;   // mining either way: no efficiency changes
}

std::optional<std::string> RgsWorld::on(const RgsUnplace& c) {
    int id = -1;
    if (auto err = lookup(c.id, id)) return err;
    if (id + 1 != static_cast<int>(rgs_.size()))
        return "RGS " + std::to_string(id) + " is not the newest (RGS " + std::to_string(rgs_.size() - 1) +
               " came after it): only the newest build can be taken back";
    Rgs& r = rgs_[id];
    TeamState& t = teams_[r.team];
    t.bp = std::max(0.0, settle(t.bp, c.bp_before, c.bp_after, r.price_paid));
    t.spent = settle(t.spent, c.spent_before, c.spent_after, -r.price_paid);
    t.refunded = settle(t.refunded, c.refunded_before, c.refunded_after, 0.0);
    // Out of the interference as deconstruct() takes it, then out of the list: the id is free again.
    take_out_of_interference(id);
    rgs_.pop_back();
    return std::nullopt;
}

std::optional<std::string> RgsWorld::on(const RgsRestore& c) {
    const std::string name = "RGS " + std::to_string(c.id);
    if (c.id < 0 || c.id >= static_cast<std::int64_t>(rgs_.size()))
        return "there is no " + name + " to restore" +
               (rgs_.empty() ? std::string(" (the map has none)")
                             : " (ids run 0 .. " + std::to_string(rgs_.size() - 1) + ")");
    if (!rgs_[c.id].removed) return name + " is still on the map: only a removed RGS can be restored";
    if (c.team < 0 || c.team > 1) return "team must be 0 or 1, got " + std::to_string(c.team);
    Kind kind{};
    if (!parse_kind(c.kind, kind)) return "kind must be drill or leech, got \"" + c.kind + "\"";
    State state{};
    if (!parse_state(c.state, state))
        return "state must be building, active, marked or destroyed, got \"" + c.state + "\"";
    const Vec3 pos{c.x, c.y, c.z};
    if (auto err = check_inside_map(pos)) return err;
    if (!(c.range >= 0.0)) return "range must be 0 (the kind's) or more, got " + format_number(c.range);
    const double full = config_.max_health(kind);
    if (state == State::Destroyed && c.health != 0.0) return "a wreck has 0 health, got " + format_number(c.health);
    if (state != State::Destroyed && !(c.health > 0.0 && c.health <= full))
        return "health must be above 0 and at most " + format_number(full) + ", got " + format_number(c.health);
    if ((state == State::Building) != (c.build_left > 0))
        return state == State::Building ? "a building RGS needs build_left of 1 or more"
                                        : "only a building RGS has build_left";
    if (!(c.price_paid >= 0.0)) return "price_paid must be 0 or more, got " + format_number(c.price_paid);
    if (state == State::Marked ? c.marked_tick < 0 || c.marked_tick > tick_ : c.marked_tick != -1)
        return state == State::Marked ? "a marked RGS needs marked_tick 0 .. " + std::to_string(tick_)
                                      : std::string("only a marked RGS has a marked_tick (else -1)");
    Rgs r;
    r.id = static_cast<int>(c.id);
    r.team = static_cast<int>(c.team);
    r.kind = kind;
    r.pos = pos;
    r.range_override = c.range;
    r.range = range_for(kind, c.range);
    r.state = state;
    r.health = c.health;
    r.build_left = static_cast<int>(c.build_left);
    r.price_paid = c.price_paid;
    r.marked_tick = c.marked_tick;
    const double refund = state == State::Destroyed ? 0.0 : r.price_paid * std::clamp(r.health / full, 0.0, 1.0);
    TeamState& t = teams_[r.team];
    t.bp = std::max(0.0, settle(t.bp, c.bp_before, c.bp_after, -refund));
    t.spent = settle(t.spent, c.spent_before, c.spent_after, 0.0);
    t.refunded = settle(t.refunded, c.refunded_before, c.refunded_after, -refund);
    rgs_[r.id] = r;
    if (r.range > max_range_)
        rebuild_interference();
    else if (is_mining(r.state))
        update_interference(r.id, false, r.pos, r.range);
    return std::nullopt;
}

std::optional<std::string> RgsWorld::apply_lab_command(const Command& c) {
    return dispatch(
        RgsCommands{}, c, [this](const auto& cmd) { return on(cmd); }, "the rgs lab does not know the command");
}

}   // namespace pb::rgs
