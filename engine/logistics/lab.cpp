// The logistics lab's registration: parameters, commands, scenario keys, world factory and benchmark.
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/logistics/bench.hpp"
#include "engine/logistics/world.hpp"

namespace pb::logistics {
namespace {

ArgSpec integer_arg(const char* name, double min, double max, const char* description, bool required = true) {
    return ArgSpec{name, ArgKind::Integer, required, min, max, {}, description};
}

ArgSpec number_arg(const char* name, double min, double max, const char* description, bool required = false) {
    return ArgSpec{name, ArgKind::Number, required, min, max, {}, description};
}

std::vector<CommandSpec> logistics_commands() {
    // Tiles are checked against the map in the world (its size comes from the scenario); the
    // ranges here only bound what any map could hold.
    const double side = kMaxMapSide;
    const ArgSpec id = integer_arg("id", 0, 1e9, "the target's or transporter's id");
    const ArgSpec x = integer_arg("x", -side, side, "tile x, 0 .. map width - 1");
    const ArgSpec y = integer_arg("y", -side, side, "tile y, 0 .. map height - 1");
    const ArgSpec resource{"resource", ArgKind::String, false, 0, 0, resource_keys(), "what it requests or provides"};
    const ArgSpec capacity = number_arg("capacity", 0.0, 1e9, "units it holds at most");
    const ArgSpec rate = number_arg("rate", 0.0, 1e6, "units per tick consumed (sinks) or produced (sources)");
    const ArgSpec multiplier = number_arg("multiplier", 0.0, 100.0, "request multiplier (0: the kind's parameter)");
    const ArgSpec energy = number_arg("energy", 0.0, 1e9, "energy in store");
    const ArgSpec mineral = number_arg("mineral", 0.0, 1e9, "mineral in store");
    return {
        CommandSpec{"target.place", "build a target (spawn, extension, tower, ..., storage) on a free tile",
                    {ArgSpec{"kind", ArgKind::String, true, 0, 0, kind_keys(), "what it is"}, x, y, resource, capacity,
                     rate, multiplier, energy, mineral}},
        CommandSpec{"target.move", "move a target to a free tile", {id, x, y}},
        CommandSpec{"target.remove", "remove a target (its stock goes with it)", {id}},
        CommandSpec{"target.set", "set a target's stock, capacity, rate, multiplier or resource",
                    {id, resource, capacity, rate, multiplier, energy, mineral}},
        CommandSpec{"transporter.place", "add a transporter on a tile",
                    {x, y, number_arg("capacity", 1.0, 5000.0, "units (default: the parameter)"),
                     number_arg("speed", 0.05, 4.0, "tiles per tick (default: the parameter)")}},
        CommandSpec{"transporter.move", "put a transporter on another tile (it drops its task chain)", {id, x, y}},
        CommandSpec{"transporter.remove", "remove a transporter (with what it carries)", {id}},
        CommandSpec{"wall.set", "build or clear walls on a tile or a rectangle",
                    {x, y, integer_arg("x2", -side, side, "far corner x (default: x)", false),
                     integer_arg("y2", -side, side, "far corner y (default: y)", false),
                     ArgSpec{"solid", ArgKind::Boolean, false, 0, 0, {}, "true builds (default), false clears"}}},
    };
}

std::unique_ptr<World> create_logistics_world(const Scenario& s) {
    static const LogisticsSetup fallback;
    const auto* setup = dynamic_cast<const LogisticsSetup*>(s.setup.get());
    return std::make_unique<LogisticsWorld>(s.params, setup ? *setup : fallback, s.seed);
}

LabInfo make_lab() {
    LabInfo lab;
    lab.name = "logistics";
    lab.title = "Logistics";
    lab.summary = "Transporters, requests and stable matchings: Overmind's dq/dt rates, three policies compared";
    lab.params = &logistics_param_table();
    lab.commands = logistics_commands();
    lab.setup_keys = {"map", "target", "transporter", "generate"};
    lab.parse_setup = [](const Node& root, const ParamSet&, TableReader& reader, Diagnostics& diag)
        -> std::shared_ptr<const LabSetup> {
        return read_logistics_setup(root, reader, diag);
    };
    lab.default_setup = []() -> std::shared_ptr<const LabSetup> { return std::make_shared<LogisticsSetup>(); };
    lab.create_world = create_logistics_world;
    lab.bench = bench_logistics;
    return lab;
}

}  // namespace

const LabInfo& logistics_lab() {
    static const LabInfo lab = make_lab();
    return lab;
}

}  // namespace pb::logistics
