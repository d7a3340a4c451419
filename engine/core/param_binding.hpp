// A lab's parameter table declared once, each entry bound to the field of the lab's config struct
// it sets: the table (for sliders, scenarios, --set) and the config (for the simulation) come from
// the same list, so they cannot drift apart.
#pragma once
#include <limits>
#include <stdexcept>
#include <utility>
#include <vector>

#include "engine/core/params.hpp"

namespace pb {

// What a config's bound fields hold until the table sets them: a config built any other way than
// from its table (config_from) is visibly invalid, and NaN poisons whatever uses it. The table's
// ParamDef is the only place a default is written.
inline constexpr double kUnsetParam = std::numeric_limits<double>::quiet_NaN();

template <class Config>
struct BoundParam {
    ParamDef def;
    double Config::*field;
};

template <class Config>
class BoundParamTable {
public:
    explicit BoundParamTable(std::vector<BoundParam<Config>> bound)
        : bound_(std::move(bound)), table_(defs_of(bound_)) {}

    const ParamTable& table() const { return table_; }

    // The config with every bound field set from `params`; an empty set gives the table's defaults.
    Config config_from(const ParamSet& params) const {
        Config config;
        if (params.size() == 0) {
            for (const auto& b : bound_) config.*b.field = b.def.default_value;
            return config;
        }
        // A set built for another lab's table is a programming error, not a designer's mistake. A
        // scenario's own table (ParamTable::base) adds rows after the lab's, which no field binds.
        if (!params.table().starts_with(table_) || params.size() < bound_.size())
            throw std::logic_error("config_from: parameters do not belong to this lab's table");
        for (std::size_t i = 0; i < bound_.size(); ++i) config.*bound_[i].field = params[i];
        return config;
    }

private:
    static std::vector<ParamDef> defs_of(const std::vector<BoundParam<Config>>& bound) {
        std::vector<ParamDef> defs;
        defs.reserve(bound.size());
        for (const auto& b : bound) defs.push_back(b.def);
        return defs;
    }

    std::vector<BoundParam<Config>> bound_;
    ParamTable table_;
};

// Shorthands for declaring parameters.
inline ParamDef real_param(const char* key, const char* label, const char* unit, double min, double max, double def,
                           const char* description) {
    return ParamDef{key, label, unit, min, max, def, description, ParamType::Real};
}
inline ParamDef integer_param(const char* key, const char* label, const char* unit, double min, double max, double def,
                              const char* description) {
    return ParamDef{key, label, unit, min, max, def, description, ParamType::Integer};
}
// An enumerated parameter: value i (0 .. choices-1) is choices[i]; a drop-down in the window,
// a name or a number in --set and scenario files.
inline ParamDef choice_param(const char* key, const char* label, std::vector<ParamChoice> choices, double def,
                             const char* description) {
    const double max = static_cast<double>(choices.size()) - 1.0;
    return ParamDef{key, label, "", 0.0, max, def, description, ParamType::Integer, std::move(choices)};
}
inline ParamDef switch_param(const char* key, const char* label, bool def, const char* description) {
    return ParamDef{key, label, "", 0.0, 1.0, def ? 1.0 : 0.0, description, ParamType::Boolean};
}

}   // namespace pb
