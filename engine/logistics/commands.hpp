// The Logistics lab's commands, each declared once (engine/core/typed_command.hpp): lab.cpp lists
// them for validation and help, world_commands.cpp dispatches them, the view builds them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

#include "engine/core/typed_command.hpp"
#include "engine/logistics/setup.hpp"
#include "engine/logistics/types.hpp"

namespace pb::logistics {

// Tiles are checked against the map in the world (its size comes from the scenario); the ranges
// here only bound what any map could hold.
template <class C>
auto id_field(std::int64_t C::*m) {
    return field(m, "id", "the target's or transporter's id").range(0, 1e9);
}
template <class C>
auto tile_fields(std::int64_t C::*x, std::int64_t C::*y) {
    const double side = kMaxMapSide;
    return std::tuple{field(x, "x", "tile x, 0 .. map width - 1").range(-side, side),
                      field(y, "y", "tile y, 0 .. map height - 1").range(-side, side)};
}
// resource, capacity, rate, multiplier, energy, mineral: what target.place and target.set share.
template <class C>
auto stock_fields() {
    return std::tuple{
        field(&C::resource, "resource", "what it requests or provides").choices(resource_keys()),
        field(&C::capacity, "capacity", "units it holds at most").range(0.0, 1e9),
        field(&C::rate, "rate", "units per tick consumed (sinks) or produced (sources)").range(0.0, 1e6),
        field(&C::multiplier, "multiplier", "request multiplier (0: the kind's parameter)").range(0.0, 100.0),
        field(&C::energy, "energy", "energy in store").range(0.0, 1e9),
        field(&C::mineral, "mineral", "mineral in store").range(0.0, 1e9)};
}

struct TargetPlace {
    static constexpr CommandName name{"target.place"};
    static constexpr std::string_view description =
        "build a target (spawn, extension, tower, ..., storage) on a free tile";
    std::string kind{};   // kind_keys()
    std::int64_t x = -1, y = -1;
    std::optional<std::string> resource{};
    std::optional<double> capacity{}, rate{}, multiplier{}, energy{}, mineral{};
    static auto fields() {
        return std::tuple_cat(std::tuple{field(&TargetPlace::kind, "kind", "what it is").choices(kind_keys())},
                              tile_fields(&TargetPlace::x, &TargetPlace::y), stock_fields<TargetPlace>());
    }
};

struct TargetMove {
    static constexpr CommandName name{"target.move"};
    static constexpr std::string_view description = "move a target to a free tile";
    std::int64_t id = -1;
    std::int64_t x = -1, y = -1;
    static auto fields() {
        return std::tuple_cat(std::tuple{id_field(&TargetMove::id)}, tile_fields(&TargetMove::x, &TargetMove::y));
    }
};

struct TargetRemove {
    static constexpr CommandName name{"target.remove"};
    static constexpr std::string_view description = "remove a target (its stock goes with it)";
    std::int64_t id = -1;
    static auto fields() { return std::tuple{id_field(&TargetRemove::id)}; }
};

struct TargetSet {
    static constexpr CommandName name{"target.set"};
    static constexpr std::string_view description = "set a target's stock, capacity, rate, multiplier or resource";
    std::int64_t id = -1;
    std::optional<std::string> resource{};
    std::optional<double> capacity{}, rate{}, multiplier{}, energy{}, mineral{};
    static auto fields() { return std::tuple_cat(std::tuple{id_field(&TargetSet::id)}, stock_fields<TargetSet>()); }
};

struct TransporterPlace {
    static constexpr CommandName name{"transporter.place"};
    static constexpr std::string_view description = "add a transporter on a tile";
    std::int64_t x = -1, y = -1;
    std::optional<double> capacity{};   // default: the parameter
    std::optional<double> speed{};      // default: the parameter
    static auto fields() {
        return std::tuple_cat(
            tile_fields(&TransporterPlace::x, &TransporterPlace::y),
            std::tuple{
                field(&TransporterPlace::capacity, "capacity", "units (default: the parameter)").range(1.0, 5000.0),
                field(&TransporterPlace::speed, "speed", "tiles per tick (default: the parameter)").range(0.05, 4.0)});
    }
};

struct TransporterMove {
    static constexpr CommandName name{"transporter.move"};
    static constexpr std::string_view description = "put a transporter on another tile (it drops its task chain)";
    std::int64_t id = -1;
    std::int64_t x = -1, y = -1;
    static auto fields() {
        return std::tuple_cat(std::tuple{id_field(&TransporterMove::id)},
                              tile_fields(&TransporterMove::x, &TransporterMove::y));
    }
};

struct TransporterRemove {
    static constexpr CommandName name{"transporter.remove"};
    static constexpr std::string_view description = "remove a transporter (with what it carries)";
    std::int64_t id = -1;
    static auto fields() { return std::tuple{id_field(&TransporterRemove::id)}; }
};

struct WallSet {
    static constexpr CommandName name{"wall.set"};
    static constexpr std::string_view description = "build or clear walls on a tile or a rectangle";
    std::int64_t x = -1, y = -1;
    std::optional<std::int64_t> x2{}, y2{};   // default: x, y
    std::optional<bool> solid{};              // default true
    static auto fields() {
        const double side = kMaxMapSide;
        return std::tuple_cat(tile_fields(&WallSet::x, &WallSet::y),
                              std::tuple{field(&WallSet::x2, "x2", "far corner x (default: x)").range(-side, side),
                                         field(&WallSet::y2, "y2", "far corner y (default: y)").range(-side, side),
                                         field(&WallSet::solid, "solid", "true builds (default), false clears")});
    }
};

// Undo's commands (engine/logistics/inverse.cpp). `edited_before` / `edited_after`: the colony's
// units added by edits (Totals::edited) before the edit and right after it; still the value right
// after (an undo at once), it goes back bit for bit, else it moves by the difference. Left out,
// the command books what it adds or takes.
template <class C>
auto edited_fields() {
    return std::tuple{field(&C::edited_before, "edited_before", "the colony's units added by edits before the edit")
                          .range(-1e15, 1e15),
                      field(&C::edited_after, "edited_after", "the same right after the edit").range(-1e15, 1e15)};
}

struct TargetUnplace {
    static constexpr CommandName name{"target.unplace"};
    static constexpr std::string_view description =
        "undo of a placement: takes the newest target out of the list (its id is free again) with its stock";
    std::int64_t id = -1;
    std::optional<double> edited_before{}, edited_after{};
    static auto fields() {
        return std::tuple_cat(std::tuple{id_field(&TargetUnplace::id)}, edited_fields<TargetUnplace>());
    }
};

struct TargetRestore {
    static constexpr CommandName name{"target.restore"};
    static constexpr std::string_view description =
        "undo of a removal: a removed target comes back at its id, on its tile, with its settings and stock";
    std::int64_t id = -1;
    std::string kind{};
    std::int64_t x = -1, y = -1;
    std::string resource{};
    double capacity = 0.0, rate = 0.0, multiplier = 0.0, energy = 0.0, mineral = 0.0;
    std::optional<double> edited_before{}, edited_after{};
    static auto fields() {
        return std::tuple_cat(
            std::tuple{id_field(&TargetRestore::id),
                       field(&TargetRestore::kind, "kind", "what it is").choices(kind_keys())},
            tile_fields(&TargetRestore::x, &TargetRestore::y),
            std::tuple{
                field(&TargetRestore::resource, "resource", "what it requests or provides").choices(resource_keys()),
                field(&TargetRestore::capacity, "capacity", "units it holds at most").range(0.0, 1e9),
                field(&TargetRestore::rate, "rate", "units per tick consumed (sinks) or produced (sources)")
                    .range(0.0, 1e6),
                field(&TargetRestore::multiplier, "multiplier", "request multiplier (0: the kind's parameter)")
                    .range(0.0, 100.0),
                field(&TargetRestore::energy, "energy", "energy in store").range(0.0, 1e9),
                field(&TargetRestore::mineral, "mineral", "mineral in store").range(0.0, 1e9)},
            edited_fields<TargetRestore>());
    }
};

struct TransporterUnplace {
    static constexpr CommandName name{"transporter.unplace"};
    static constexpr std::string_view description =
        "undo of a placement: takes the newest transporter out of the list (its id is free again) with what it carries";
    std::int64_t id = -1;
    static auto fields() { return std::tuple{id_field(&TransporterUnplace::id)}; }
};

struct TransporterRestore {
    static constexpr CommandName name{"transporter.restore"};
    static constexpr std::string_view description =
        "undo of a removal: a removed transporter comes back at its id with its load, task chain and counters";
    std::int64_t id = -1;
    std::int64_t x = -1, y = -1;
    double capacity = 0.0, speed = 0.0;   // its own, 0: the parameter
    double energy = 0.0, mineral = 0.0;   // carried
    std::string tasks{};                  // tasks_text()
    double progress = 0.0;
    std::int64_t request = -1, via = -1;
    double assigned_rate = 0.0, travelled = 0.0;
    std::optional<double> edited_before{}, edited_after{};
    static auto fields() {
        using T = TransporterRestore;
        return std::tuple_cat(
            std::tuple{id_field(&T::id)}, tile_fields(&T::x, &T::y),
            std::tuple{
                field(&T::capacity, "capacity", "its own capacity in units, 0: the parameter").range(0.0, 5000.0),
                field(&T::speed, "speed", "its own speed in tiles per tick, 0: the parameter").range(0.0, 4.0),
                field(&T::energy, "energy", "energy carried").range(0.0, 1e9),
                field(&T::mineral, "mineral", "mineral carried").range(0.0, 1e9),
                field(&T::tasks, "tasks", "its task chain: \"kind target resource amount interruptible; ...\""),
                field(&T::progress, "progress", "tiles of movement towards its next step").range(0.0, 1e9),
                field(&T::request, "request", "the request (target id) it serves, -1: none").range(-1, 1e9),
                field(&T::via, "via", "the buffer its chain detours through, -1: none").range(-1, 1e9),
                field(&T::assigned_rate, "assigned_rate", "the rate of its choice when matched").range(-1e15, 1e15),
                field(&T::travelled, "travelled", "tiles walked").range(0.0, 1e15)},
            edited_fields<T>());
    }
};

// Undo of transporter.move: back on its tile with the task chain the move dropped, where it stood
// in it (progress) and what it served (request, via). Load, counters and its choice's rate the
// move left alone.
struct TransporterUnmove {
    static constexpr CommandName name{"transporter.unmove"};
    static constexpr std::string_view description =
        "undo of a move: a transporter back on its tile with the task chain the move dropped";
    std::int64_t id = -1;
    std::int64_t x = -1, y = -1;
    std::string tasks{};   // tasks_text()
    double progress = 0.0;
    std::int64_t request = -1, via = -1;
    static auto fields() {
        using T = TransporterUnmove;
        return std::tuple_cat(
            std::tuple{id_field(&T::id)}, tile_fields(&T::x, &T::y),
            std::tuple{field(&T::tasks, "tasks", "its task chain: \"kind target resource amount interruptible; ...\""),
                       field(&T::progress, "progress", "tiles of movement towards its next step").range(0.0, 1e9),
                       field(&T::request, "request", "the request (target id) it serves, -1: none").range(-1, 1e9),
                       field(&T::via, "via", "the buffer its chain detours through, -1: none").range(-1, 1e9)});
    }
};

using LogisticsCommands =
    CommandList<TargetPlace, TargetMove, TargetRemove, TargetSet, TransporterPlace, TransporterMove, TransporterRemove,
                WallSet, TargetUnplace, TargetRestore, TransporterUnplace, TransporterRestore, TransporterUnmove>;

}   // namespace pb::logistics
