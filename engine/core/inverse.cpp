#include "engine/core/inverse.hpp"

#include "engine/core/lab.hpp"
#include "engine/core/typed_command.hpp"

namespace pb {

std::string change_text(std::string_view what, double from, double to) {
    return std::string(what) + " " + format_number(from) + " -> " + format_number(to);
}

Inverse no_inverse(const Command& c, std::string why) {
    Inverse inv;
    inv.name = c.type;
    inv.refused = std::move(why);
    return inv;
}

Inverse param_set_inverse(const World& before, const Command& c) {
    const ParamSetCommand cmd = from_command<ParamSetCommand>(c);
    const ParamSet& values = before.params();
    const auto index = values.table().find(cmd.key);
    if (!index) return no_inverse(c, "unknown parameter " + cmd.key);
    const ParamDef& def = values.table()[*index];
    const double old = values[*index];
    Inverse inv;
    inv.name = "set " + def.label;
    inv.commands.push_back(make_param_set(before.tick(), def.key, old));
    inv.changes.push_back(def.label + " " + format_param_value(def, old) + " -> " + format_param_value(def, cmd.value) +
                          (def.unit.empty() ? "" : " " + def.unit));
    return inv;
}

Inverse inverse_of(const World& before, const Command& c) {
    try {
        if (c.type == kParamSetCommand) return param_set_inverse(before, c);
        if (const LabInfo& lab = before.lab(); lab.inverse) return lab.inverse(before, c);
        return no_inverse(c, "the " + before.lab().name + " lab has no undo");
    } catch (const std::exception& e) {
        return no_inverse(c, std::string("no undo: ") + e.what());
    }
}

}   // namespace pb
