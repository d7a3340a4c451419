// The RGS lab's registration: parameters, commands, scenario keys, world factory and benchmark.
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/rgs/bench.hpp"
#include "engine/rgs/world.hpp"

namespace pb::rgs {
namespace {

ArgSpec integer_arg(const char* name, double min, double max, const char* description) {
    return ArgSpec{name, ArgKind::Integer, true, min, max, {}, description};
}

ArgSpec number_arg(const char* name, double min, double max, const char* description, bool required = true) {
    return ArgSpec{name, ArgKind::Number, required, min, max, {}, description};
}

std::vector<CommandSpec> rgs_commands() {
    // Positions are checked against the map in the world (its size is a parameter); the ranges
    // here only bound what any map could hold.
    const double far = 1e9;
    const ArgSpec team = integer_arg("team", 0, 1, "team 0 (humans, drills) or 1 (aliens, leeches)");
    const ArgSpec id = integer_arg("id", 0, 1e9, "the RGS's id");
    const ArgSpec x = number_arg("x", -far, far, "x in qu, 0 .. map width");
    const ArgSpec y = number_arg("y", -far, far, "y in qu, 0 .. map depth");
    const ArgSpec z = number_arg("z", -far, far, "z (height) in qu, 0 .. map height");
    return {
        CommandSpec{"rgs.place", "build an RGS: pays its price (marked RGS of the team go if BP are short), then it builds",
                    {team, x, y, z,
                     ArgSpec{"kind", ArgKind::String, false, 0, 0, kind_keys(), "drill or leech (default: the team's)"},
                     number_arg("range", 1.0, 20000.0, "its own range in qu (default: the kind's parameter)", false)}},
        CommandSpec{"rgs.move", "move an RGS (a designer's hand: free, keeps its state)", {id, x, y, z}},
        CommandSpec{"rgs.remove", "deconstruct an RGS: refunds health% of its price (a destroyed one: nothing)", {id}},
        CommandSpec{"rgs.damage", "take health from an RGS; at 0 it is destroyed (no refund)",
                    {id, number_arg("amount", 0.0, 1e9, "hit points taken")}},
        CommandSpec{"rgs.repair", "give health back to an RGS (not a destroyed one)",
                    {id, number_arg("amount", 0.0, 1e9, "hit points given (default: back to full)", false)}},
        CommandSpec{"rgs.mark", "mark an RGS for deconstruction (it mines until it goes), or unmark it",
                    {id, ArgSpec{"marked", ArgKind::Boolean, false, 0, 0, {}, "true marks (default), false unmarks"}}},
        CommandSpec{"team.main", "a team's main structure (reactor / overmind) lives or dies: the minimum efficiency",
                    {team, ArgSpec{"alive", ArgKind::Boolean, true, 0, 0, {}, "true: alive"}}},
    };
}

std::unique_ptr<World> create_rgs_world(const Scenario& s) {
    static const RgsSetup fallback;
    const auto* setup = dynamic_cast<const RgsSetup*>(s.setup.get());
    return std::make_unique<RgsWorld>(s.params, setup ? *setup : fallback, s.seed);
}

LabInfo make_lab() {
    LabInfo lab;
    lab.name = "rgs";
    lab.title = "RGS resources";
    lab.summary = "Resource generating structures: interference of overlapping spheres, build points over a match";
    lab.params = &rgs_param_table();
    lab.commands = rgs_commands();
    lab.setup_keys = {"team0", "team1", "rgs"};
    lab.parse_setup = [](const Node& root, const ParamSet& params, TableReader& reader, Diagnostics& diag)
        -> std::shared_ptr<const LabSetup> {
        return read_rgs_setup(root, params, reader, diag);
    };
    lab.default_setup = []() -> std::shared_ptr<const LabSetup> { return std::make_shared<RgsSetup>(); };
    lab.create_world = create_rgs_world;
    lab.bench = bench_rgs;
    return lab;
}

}  // namespace

const LabInfo& rgs_lab() {
    static const LabInfo lab = make_lab();
    return lab;
}

}  // namespace pb::rgs
