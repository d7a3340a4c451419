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
    return std::tuple{field(&C::resource, "resource", "what it requests or provides").choices(resource_keys()),
                      field(&C::capacity, "capacity", "units it holds at most").range(0.0, 1e9),
                      field(&C::rate, "rate", "units per tick consumed (sinks) or produced (sources)").range(0.0, 1e6),
                      field(&C::multiplier, "multiplier", "request multiplier (0: the kind's parameter)").range(0.0, 100.0),
                      field(&C::energy, "energy", "energy in store").range(0.0, 1e9),
                      field(&C::mineral, "mineral", "mineral in store").range(0.0, 1e9)};
}

struct TargetPlace {
    static constexpr CommandName name{"target.place"};
    static constexpr std::string_view description = "build a target (spawn, extension, tower, ..., storage) on a free tile";
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
        return std::tuple_cat(tile_fields(&TransporterPlace::x, &TransporterPlace::y),
                              std::tuple{field(&TransporterPlace::capacity, "capacity", "units (default: the parameter)").range(1.0, 5000.0),
                                         field(&TransporterPlace::speed, "speed", "tiles per tick (default: the parameter)").range(0.05, 4.0)});
    }
};

struct TransporterMove {
    static constexpr CommandName name{"transporter.move"};
    static constexpr std::string_view description = "put a transporter on another tile (it drops its task chain)";
    std::int64_t id = -1;
    std::int64_t x = -1, y = -1;
    static auto fields() {
        return std::tuple_cat(std::tuple{id_field(&TransporterMove::id)}, tile_fields(&TransporterMove::x, &TransporterMove::y));
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
    std::optional<bool> solid{};            // default true
    static auto fields() {
        const double side = kMaxMapSide;
        return std::tuple_cat(tile_fields(&WallSet::x, &WallSet::y),
                              std::tuple{field(&WallSet::x2, "x2", "far corner x (default: x)").range(-side, side),
                                         field(&WallSet::y2, "y2", "far corner y (default: y)").range(-side, side),
                                         field(&WallSet::solid, "solid", "true builds (default), false clears")});
    }
};

using LogisticsCommands = CommandList<TargetPlace, TargetMove, TargetRemove, TargetSet, TransporterPlace, TransporterMove,
                                      TransporterRemove, WallSet>;

}  // namespace pb::logistics
