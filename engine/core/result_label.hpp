// A result of `run --json` ("metrics.starved", "metrics.teams[1].shots") as a designer reads it:
// a label and a unit, from the lab (LabInfo::result_label, engine/<lab>/lab.cpp), else the path
// made readable. The sweep view and `sweep report` name their axes, columns and keys with it
// (docs/sweeps.md#in-the-window).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <utility>

namespace pb {

struct LabInfo;

struct ResultLabel {
    std::string label;    // "starved"
    std::string unit;     // "units", "%"; empty for a count
    double scale = 1.0;   // shown value = stored value x scale (a fraction 0..1 shown in %)

    // "starved (units)", "goals" for a count.
    std::string with_unit() const { return unit.empty() ? label : label + " (" + unit + ")"; }
};

// The lab's label for `path`, else the path without "metrics." with its punctuation spelt out:
// "metrics.solution.per_k[0].solutions[0].time" -> "solution per k 0 solutions 0 time".
ResultLabel result_label(const LabInfo* lab, const std::string& path);

// One field of a lab's metrics object and its words: `field_label` looks `rest` ("shots") up.
struct ResultField {
    const char* field;   // "shots"
    const char* label;   // "shots"
    const char* unit;    // "" for a count
    double scale = 1.0;
};
// `rest` among `fields`: its label after `who` ("team 1 " + "shots"); nullopt when none matches.
template <std::size_t N>
std::optional<ResultLabel> field_label(const std::string& rest, const ResultField (&fields)[N],
                                       const std::string& who = "") {
    for (const ResultField& f : fields)
        if (rest == f.field) return ResultLabel{who + f.label, f.unit, f.scale};
    return std::nullopt;
}

// "metrics.teams[1].shots" under `prefix` "metrics.teams": the index (1) and the field ("shots");
// nullopt for any other path.
std::optional<std::pair<int, std::string>> indexed_field(const std::string& path, const std::string& prefix);

// "[3]" at the start of `rest` -> 3 and `rest` after it; nullopt otherwise. For the labs' hooks,
// whose paths carry list indexes ("teams[1].shots").
std::optional<int> take_index(std::string& rest);

// A number as a designer reads it: thousands grouped ("16,200", "-1,234,567"), four significant
// digits below 1000 without trailing zeros ("0.0016", "12.35", "320"), "-" when not finite;
// scientific only far outside what a lab gives (beyond 1e15 or under 1e-6).
std::string readable_number(double v);
// readable_number with a unit: "16,200 units", "42.5 %", "12" for a count.
std::string readable_number(double v, const std::string& unit);

}   // namespace pb
