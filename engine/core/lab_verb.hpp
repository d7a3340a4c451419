// A verb of the command line that belongs to one lab (`playbench match` plays Podball matches,
// `playbench solve` answers a Tasks scenario). The lab declares it in plain data (LabInfo::verbs);
// app/cli.cpp turns the declaration into the verb's options, its usage line and its --help, parses
// the arguments and calls run(): the command line names no lab (docs/architecture.md#how-to-add-a-lab).
#pragma once
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace pb {

struct LabVerbOption {
    enum class Kind {
        Flag,            // --json: true when given
        Integer,         // --games N within [min, max]; `value` is its default
        Seed,            // --seed S: a whole number 0 .. 2^63-1, checked by the command line
        Texts,           // --set KEY=VALUE, repeatable
        CodeInProcess,   // the command line's shared --in-process-modules (LabInfo::run_code_in_process)
    };
    std::string name;   // "--games"
    Kind kind = Kind::Flag;
    std::string help;
    std::int64_t value = 0;
    std::int64_t min = 0, max = 0;
};

// What the command line parsed for a lab verb, by option name.
struct LabVerbArgs {
    std::string scenario;
    std::map<std::string, bool> flags;
    std::map<std::string, std::int64_t> integers;   // every Integer option, its default when not given
    std::map<std::string, std::vector<std::string>> texts;
    std::optional<std::uint64_t> seed;

    bool flag(const std::string& name) const {
        auto it = flags.find(name);
        return it != flags.end() && it->second;
    }
    std::int64_t integer(const std::string& name) const { return integers.at(name); }
    std::vector<std::string> text_list(const std::string& name) const {
        auto it = texts.find(name);
        return it == texts.end() ? std::vector<std::string>{} : it->second;
    }
};

struct LabVerb {
    std::string name;                     // "match"
    std::string after;                    // the verb it follows in the usage and in --help ("run")
    std::string usage;                    // its line in the usage, after "  playbench " (aligned like the others)
    std::string description;              // its --help summary
    std::string scenario_help;            // the scenario argument's help ("Podball scenario file (.toml)")
    std::vector<LabVerbOption> options;   // in the order --help lists them
    // Runs the verb; returns the exit code (0 done, 1 failed, 2 bad input).
    std::function<int(const LabVerbArgs&, std::ostream& out, std::ostream& err)> run;
};

}   // namespace pb
