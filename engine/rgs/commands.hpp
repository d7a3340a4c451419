// The RGS lab's commands, each declared once (engine/core/typed_command.hpp): lab.cpp lists them
// for validation and help, world_commands.cpp dispatches them, the view builds them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

#include "engine/core/typed_command.hpp"
#include "engine/rgs/types.hpp"

namespace pb::rgs {

// Positions are checked against the map in the world (its size is a parameter); the ranges here
// only bound what any map could hold.
inline constexpr double kCommandFar = 1e9;

template <class C>
auto team_field(std::int64_t C::*m) {
    return field(m, "team", "team 0 (humans, drills) or 1 (aliens, leeches)").range(0, 1);
}
template <class C>
auto id_field(std::int64_t C::*m) {
    return field(m, "id", "the RGS's id").range(0, 1e9);
}
template <class C>
auto position_fields(double C::*x, double C::*y, double C::*z) {
    return std::tuple{field(x, "x", "x in qu, 0 .. map width").range(-kCommandFar, kCommandFar),
                      field(y, "y", "y in qu, 0 .. map depth").range(-kCommandFar, kCommandFar),
                      field(z, "z", "z (height) in qu, 0 .. map height").range(-kCommandFar, kCommandFar)};
}

struct RgsPlace {
    static constexpr CommandName name{"rgs.place"};
    static constexpr std::string_view description =
        "build an RGS: pays its price (marked RGS of the team go if BP are short), then it builds";
    std::int64_t team = -1;
    double x = 0.0, y = 0.0, z = 0.0;
    std::optional<std::string> kind{};   // kind_keys(); default: the team's
    std::optional<double> range{};       // default: the kind's parameter
    static auto fields() {
        return std::tuple_cat(
            std::tuple{team_field(&RgsPlace::team)}, position_fields(&RgsPlace::x, &RgsPlace::y, &RgsPlace::z),
            std::tuple{field(&RgsPlace::kind, "kind", "drill or leech (default: the team's)").choices(kind_keys()),
                       field(&RgsPlace::range, "range", "its own range in qu (default: the kind's parameter)")
                           .range(1.0, 20000.0)});
    }
};

struct RgsMove {
    static constexpr CommandName name{"rgs.move"};
    static constexpr std::string_view description = "move an RGS (a designer's hand: free, keeps its state)";
    std::int64_t id = -1;
    double x = 0.0, y = 0.0, z = 0.0;
    static auto fields() {
        return std::tuple_cat(std::tuple{id_field(&RgsMove::id)},
                              position_fields(&RgsMove::x, &RgsMove::y, &RgsMove::z));
    }
};

struct RgsRemove {
    static constexpr CommandName name{"rgs.remove"};
    static constexpr std::string_view description =
        "deconstruct an RGS: refunds health% of its price (a destroyed one: nothing)";
    std::int64_t id = -1;
    static auto fields() { return std::tuple{id_field(&RgsRemove::id)}; }
};

struct RgsDamage {
    static constexpr CommandName name{"rgs.damage"};
    static constexpr std::string_view description = "take health from an RGS; at 0 it is destroyed (no refund)";
    std::int64_t id = -1;
    double amount = 0.0;
    static auto fields() {
        return std::tuple{id_field(&RgsDamage::id),
                          field(&RgsDamage::amount, "amount", "hit points taken").range(0.0, 1e9)};
    }
};

struct RgsRepair {
    static constexpr CommandName name{"rgs.repair"};
    static constexpr std::string_view description = "give health back to an RGS (not a destroyed one)";
    std::int64_t id = -1;
    std::optional<double> amount{};   // default: back to full
    static auto fields() {
        return std::tuple{
            id_field(&RgsRepair::id),
            field(&RgsRepair::amount, "amount", "hit points given (default: back to full)").range(0.0, 1e9)};
    }
};

struct RgsMark {
    static constexpr CommandName name{"rgs.mark"};
    static constexpr std::string_view description =
        "mark an RGS for deconstruction (it mines until it goes), or unmark it";
    std::int64_t id = -1;
    std::optional<bool> marked{};   // default true
    static auto fields() {
        return std::tuple{id_field(&RgsMark::id),
                          field(&RgsMark::marked, "marked", "true marks (default), false unmarks")};
    }
};

struct TeamMain {
    static constexpr CommandName name{"team.main"};
    static constexpr std::string_view description =
        "a team's main structure (reactor / overmind) lives or dies: the minimum efficiency";
    std::int64_t team = -1;
    bool alive = true;
    static auto fields() {
        return std::tuple{team_field(&TeamMain::team), field(&TeamMain::alive, "alive", "true: alive")};
    }
};

// Undo's commands (engine/rgs/inverse.cpp). The team's economy an undo puts back: its BP, spending
// and refunds before the edit and right after it. A value still the one right after the edit (the
// undo came at once) goes back bit for bit; one that moved since (mining, another edit) moves by
// the difference. Left out, the command's own default applies (see each).
template <class C>
auto ledger_fields(std::optional<double> C::*bp_before, std::optional<double> C::*bp_after,
                   std::optional<double> C::*spent_before, std::optional<double> C::*spent_after,
                   std::optional<double> C::*refunded_before, std::optional<double> C::*refunded_after) {
    return std::tuple{
        field(bp_before, "bp_before", "the team's BP before the edit").range(0.0, 1e15),
        field(bp_after, "bp_after", "the team's BP right after the edit").range(0.0, 1e15),
        field(spent_before, "spent_before", "the team's BP spent before the edit").range(-1e15, 1e15),
        field(spent_after, "spent_after", "the team's BP spent right after the edit").range(-1e15, 1e15),
        field(refunded_before, "refunded_before", "the team's BP refunded before the edit").range(-1e15, 1e15),
        field(refunded_after, "refunded_after", "the team's BP refunded right after the edit").range(-1e15, 1e15)};
}

struct RgsUnplace {
    static constexpr CommandName name{"rgs.unplace"};
    static constexpr std::string_view description =
        "undo of a build: takes back the newest RGS (its id is free again) and gives back what the build took "
        "(default: its full price)";
    std::int64_t id = -1;
    std::optional<double> bp_before{}, bp_after{}, spent_before{}, spent_after{}, refunded_before{}, refunded_after{};
    static auto fields() {
        return std::tuple_cat(
            std::tuple{id_field(&RgsUnplace::id)},
            ledger_fields(&RgsUnplace::bp_before, &RgsUnplace::bp_after, &RgsUnplace::spent_before,
                          &RgsUnplace::spent_after, &RgsUnplace::refunded_before, &RgsUnplace::refunded_after));
    }
};

struct RgsRestore {
    static constexpr CommandName name{"rgs.restore"};
    static constexpr std::string_view description =
        "undo of a removal: a removed RGS comes back at its id with its state, and its refund goes back "
        "(default: health% of its price)";
    std::int64_t id = -1;
    std::int64_t team = -1;
    std::string kind{};
    double x = 0.0, y = 0.0, z = 0.0;
    double range = 0.0;   // its own range, 0: the kind's
    std::string state{};
    double health = 0.0;
    std::int64_t build_left = 0;
    double price_paid = 0.0;
    std::int64_t marked_tick = -1;
    std::optional<double> bp_before{}, bp_after{}, spent_before{}, spent_after{}, refunded_before{}, refunded_after{};
    static auto fields() {
        return std::tuple_cat(
            std::tuple{id_field(&RgsRestore::id), team_field(&RgsRestore::team),
                       field(&RgsRestore::kind, "kind", "drill or leech").choices(kind_keys())},
            position_fields(&RgsRestore::x, &RgsRestore::y, &RgsRestore::z),
            std::tuple{
                field(&RgsRestore::range, "range", "its own range in qu, 0: the kind's parameter").range(0.0, 20000.0),
                field(&RgsRestore::state, "state", "building, active, marked or destroyed").choices(state_keys()),
                field(&RgsRestore::health, "health", "hit points (0 for a wreck)").range(0.0, 1e9),
                field(&RgsRestore::build_left, "build_left", "seconds of construction left (building only)")
                    .range(0, 1e9),
                field(&RgsRestore::price_paid, "price_paid", "BP it cost (deconstruction refunds health% of it)")
                    .range(0.0, 1e15),
                field(&RgsRestore::marked_tick, "marked_tick", "tick it was marked (marked only), else -1")
                    .range(-1, 1e15)},
            ledger_fields(&RgsRestore::bp_before, &RgsRestore::bp_after, &RgsRestore::spent_before,
                          &RgsRestore::spent_after, &RgsRestore::refunded_before, &RgsRestore::refunded_after));
    }
};

using RgsCommands =
    CommandList<RgsPlace, RgsMove, RgsRemove, RgsDamage, RgsRepair, RgsMark, TeamMain, RgsUnplace, RgsRestore>;

}   // namespace pb::rgs
