#include "engine/core/param_overrides.hpp"

namespace pb {

std::optional<std::string> apply_param_overrides(ParamSet& params, const std::vector<std::string>& sets) {
    const ParamTable& table = params.table();
    std::vector<ParamAssignment> parsed;
    std::vector<const std::string*> texts;   // the --set that gave each parsed assignment
    parsed.reserve(sets.size());
    for (const std::string& text : sets) {
        ParamAssignment a;
        if (auto why = parse_param_assignment(table, text, a)) return "--set " + text + ": " + *why;
        for (std::size_t i = 0; i < parsed.size(); ++i)
            if (parsed[i].index == a.index)
                return "--set " + text + ": '" + table[a.index].key + "' is already set by --set " + *texts[i] +
                       "; give each parameter once";
        parsed.push_back(a);
        texts.push_back(&text);
    }
    // Every value was checked against its range above: none of these can be refused.
    for (const ParamAssignment& a : parsed) params.set(a.index, a.value);
    return std::nullopt;
}

}   // namespace pb
