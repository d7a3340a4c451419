// The Effects lab's registration: parameters, commands, scenario keys, world factory and benchmark.
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/effects/bench.hpp"
#include "engine/effects/world.hpp"

namespace pb::effects {
namespace {

ArgSpec number_arg(const char* name, double min, double max, const char* description, bool required = true) {
    return ArgSpec{name, ArgKind::Number, required, min, max, {}, description};
}

ArgSpec text_arg(const char* name, const char* description, std::vector<std::string> choices = {}, bool required = true) {
    return ArgSpec{name, ArgKind::String, required, 0, 0, std::move(choices), description};
}

std::vector<CommandSpec> effects_commands() {
    // Type names are data, so they are checked by the world against its book, not listed here.
    const double far = 1e6;
    const ArgSpec id{"id", ArgKind::Integer, true, 0, 1e9, {}, "the tower's id"};
    auto tower_args = [&](bool required) {
        return std::vector<ArgSpec>{
            number_arg("x", -far, far, "x in lane units", required),
            number_arg("y", -far, far, "y in lane units", required),
            number_arg("range", 0.0, 1e4, "reach in lane units (default 3)", false),
            number_arg("rate", 0.01, 1000.0, "shots per second (default 1)", false),
            number_arg("damage", 0.0, 1e9, "damage per hit before armour (default 10)", false),
            text_arg("effect", "effect type each hit applies, or none", {}, false),
            number_arg("potency", 0.0, 1e6, "the effect's potency (its kind's unit)", false),
            number_arg("duration", 0.0, 1e5, "the effect's duration in seconds", false),
            number_arg("chance", 0.0, 100.0, "percent of hits that apply the effect (default 100)", false),
        };
    };
    std::vector<ArgSpec> edit_args = tower_args(false);
    edit_args.insert(edit_args.begin(), id);
    std::vector<std::string> actions = action_keys();
    actions.push_back("coexist");
    return {
        CommandSpec{"tower.place", "place a defender (on every compared lane)", tower_args(true)},
        CommandSpec{"tower.move", "move a defender", {id, number_arg("x", -far, far, "x in lane units"),
                                                       number_arg("y", -far, far, "y in lane units")}},
        CommandSpec{"tower.edit", "change a defender's stats or effect (only the arguments given)", edit_args},
        CommandSpec{"tower.remove", "take a defender off the lane", {id}},
        CommandSpec{"effect.apply", "hit a creep with an effect now (scripted examples)",
                    {ArgSpec{"creep", ArgKind::Integer, true, 0, 1e9, {}, "the creep's id (spawn order)"},
                     text_arg("effect", "the effect type, e.g. poison"),
                     number_arg("potency", 0.0, 1e6, "potency in the type's unit (ignored for stops)", false),
                     number_arg("duration", 0.0, 1e5, "seconds")}},
        CommandSpec{"effect.define", "add an effect type or change one (only the arguments given)",
                    {text_arg("name", "the type's key, e.g. acid"),
                     text_arg("kind", "what potency means", kind_keys(), false),
                     text_arg("policy", "how two hits of it stack", policy_keys(), false),
                     text_arg("label", "name shown to people", {}, false),
                     text_arg("colour", "\"#rrggbb\"", {}, false),
                     text_arg("icon", "one to three letters", {}, false)}},
        CommandSpec{"interaction.set", "what an incoming type does to one already on the creep",
                    {text_arg("incoming", "the type being applied"), text_arg("present", "the type on the creep"),
                     text_arg("action", "cancel, transform, block, or coexist (remove the rule)", actions),
                     text_arg("into", "transform: the type the hit becomes", {}, false),
                     number_arg("potency", 0.0, 1e6, "transform: its potency (default 50)", false)}},
        CommandSpec{"lane.policy", "set the stacking policy a compared lane uses for every type",
                    {ArgSpec{"lane", ArgKind::Integer, true, 0, 5, {}, "the lane (0 .. compared policies - 1)"},
                     text_arg("policy", "a policy, or as_defined for each type's own", variant_keys())}},
    };
}

std::unique_ptr<World> create_effects_world(const Scenario& s) {
    static const EffectsSetup fallback;
    const auto* setup = dynamic_cast<const EffectsSetup*>(s.setup.get());
    return std::make_unique<EffectsWorld>(s.params, setup ? *setup : fallback, s.seed);
}

LabInfo make_lab() {
    LabInfo lab;
    lab.name = "effects";
    lab.title = "Status effects";
    lab.summary = "Status-effect stacking on a tower-defence lane: effects and interactions as data, policies compared";
    lab.params = &effects_param_table();
    lab.commands = effects_commands();
    lab.setup_keys = {"lane", "waves", "towers", "effects", "interactions", "builtin_effects", "builtin_interactions",
                      "compare"};
    lab.parse_setup = [](const Node& root, const ParamSet&, TableReader& reader, Diagnostics& diag)
        -> std::shared_ptr<const LabSetup> {
        return read_effects_setup(root, reader, diag);
    };
    lab.default_setup = []() -> std::shared_ptr<const LabSetup> { return std::make_shared<EffectsSetup>(); };
    lab.create_world = create_effects_world;
    lab.bench = bench_effects;
    return lab;
}

}  // namespace

const LabInfo& effects_lab() {
    static const LabInfo lab = make_lab();
    return lab;
}

}  // namespace pb::effects
