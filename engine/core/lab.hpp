// A lab is registered once under a stable name, the one scenario files use. Everything the rest
// of Playbench asks of a lab goes through these hooks, so adding a lab touches engine/<lab>/,
// ui/<lab>/ and one line in each list (engine/labs.cpp, ui/lab_views.cpp), nothing else
// (docs/architecture.md#how-to-add-a-lab; scripts/check-lab-names.py keeps it so).
#pragma once
#include <functional>
#include <iosfwd>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/command.hpp"
#include "engine/core/derived.hpp"
#include "engine/core/inverse.hpp"
#include "engine/core/json.hpp"
#include "engine/core/lab_verb.hpp"
#include "engine/core/node.hpp"
#include "engine/core/params.hpp"
#include "engine/core/result_label.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/world.hpp"

namespace pb {

struct LabInfo {
    std::string name;      // "podball"
    std::string title;     // "Podball"
    std::string summary;   // one line
    const ParamTable* params = nullptr;
    std::vector<CommandSpec> commands;   // param.set is added by the core, do not list it
    // Top-level scenario keys the lab reads (besides lab, title, description, seed, params, commands).
    std::vector<std::string> setup_keys;
    // Reads the lab's keys from the scenario root. Report problems to diag; return a setup anyway.
    // `params` is the scenario's [params] as the table read it (a bad value already reported there,
    // with its line; the set then holds the default): a setup that depends on a parameter (RGS
    // positions inside the map) reads it here, never from the raw [params] table.
    std::function<std::shared_ptr<const LabSetup>(const Node& root, const ParamSet& params, TableReader& reader,
                                                  Diagnostics& diag)>
        parse_setup;
    std::function<std::shared_ptr<const LabSetup>()> default_setup;
    std::function<std::unique_ptr<World>(const Scenario&)> create_world;
    // Benchmarks for `playbench bench LAB`; prints its own report lines.
    std::function<void(std::ostream&)> bench;
    // What the current parameters mean for play (engine/<lab>/derived.cpp); empty: none.
    std::function<std::vector<DerivedValue>(const ParamSet&)> derived;

    // Undo: the inverse of `c` applied to `before`, a world of this lab (engine/<lab>/inverse.cpp;
    // param.set is the core's). Empty: the lab's own commands have no undo. May throw; inverse_of()
    // turns that into a refusal.
    std::function<Inverse(const World& before, const Command& c)> inverse;
    // The example in scenarios/ that shows the lab best: what `bench render` and `bench compare`
    // run and what a benchmark of the lab loads.
    std::string example_scenario;
    // A sweep's results when its file names none: paths of `run --json` ("metrics.score[0]").
    std::vector<std::string> sweep_results;
    // A result path of `run --json` in the designer's words, with its unit ("metrics.starved":
    // starved, units); nullopt for a path the lab does not name (engine/core/result_label.hpp
    // spells it out). What the sweep view and `sweep report` label results with.
    std::function<std::optional<ResultLabel>(const std::string& path)> result_label;
    // Compare's key results among `known` (every path the world prints); empty: the sweep results
    // the world prints.
    std::function<std::vector<std::string>(const std::vector<std::string>& known)> compare_results;
    // Play ends by itself (World::finished(): Podball's final whistle) and a comparison plays each
    // run to that end unless told a number of ticks; a sweep may say until = "match_end".
    bool plays_to_the_end = false;
    // A world whose ticks may change nothing but its clock (World::clock_only_base): its replays
    // hold quiet stretches (engine/core/replay_file.hpp).
    bool quiet_ticks = false;
    // `run`: what the lab adds after its metrics in --json (keys of the top object), and lines
    // after the summary in text. Empty: nothing.
    std::function<void(const World&, JsonWriter&)> run_json;
    std::function<void(const World&, std::ostream&)> run_text;
    // Code that scenarios name (Podball's library modules) runs isolated unless the command line
    // says --in-process-modules, which calls this with true. Empty: the lab runs no such code.
    std::function<void(bool in_process)> run_code_in_process;
    // Verbs of the command line that belong to this lab (`playbench match`): engine/core/lab_verb.hpp.
    std::vector<LabVerb> verbs;
};

const std::vector<const LabInfo*>& all_labs();
const LabInfo* find_lab(std::string_view name);
std::string lab_names();   // "podball, rgs, ..." for messages
// The titles of the labs whose play ends by itself (LabInfo::plays_to_the_end), for messages: "Podball".
std::string labs_playing_to_the_end();
// " (did you mean podball?)" for a mistyped lab name, "" when nothing is close.
std::string did_you_mean_lab(std::string_view typed);

// A hook that takes the lab's own world type, as one that takes a World: `lab.inverse =
// for_world(inverse_of)` with `Inverse inverse_of(const RgsWorld&, const Command&)`.
template <class W, class R, class... A>
std::function<R(const World&, A...)> for_world(R (*f)(const W&, A...)) {
    return [f](const World& w, A... a) { return f(dynamic_cast<const W&>(w), std::forward<A>(a)...); };
}

// All commands of a lab, including the core's param.set.
std::vector<CommandSpec> command_specs(const LabInfo& lab);

}   // namespace pb

namespace pb {
// Checks a command against the lab's specs and, for param.set, the parameter table: `table`, a
// scenario's own (ParamSet::with_rows), else the lab's.
std::optional<std::string> validate_lab_command(const LabInfo& lab, const Command& c,
                                                const ParamTable* table = nullptr);
}   // namespace pb
