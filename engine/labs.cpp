// The one list of labs. Adding a lab: append it here (and its view in ui/lab_views.cpp).
#include "engine/core/lab.hpp"
#include "engine/core/suggest.hpp"
#include "engine/core/typed_command.hpp"
#include "engine/effects/world.hpp"
#include "engine/logistics/world.hpp"
#include "engine/podball/world.hpp"
#include "engine/rgs/world.hpp"
#include "engine/tasks/world.hpp"

namespace pb {

const std::vector<const LabInfo*>& all_labs() {
    static const std::vector<const LabInfo*> labs = {
        &podball::podball_lab(), &rgs::rgs_lab(),     &logistics::logistics_lab(),
        &effects::effects_lab(), &tasks::tasks_lab(),
    };
    return labs;
}

const LabInfo* find_lab(std::string_view name) {
    for (const LabInfo* l : all_labs())
        if (l->name == name) return l;
    return nullptr;
}

std::string lab_names() {
    std::string out;
    for (const LabInfo* l : all_labs()) out += (out.empty() ? "" : ", ") + l->name;
    return out;
}

std::string did_you_mean_lab(std::string_view typed) {
    std::vector<std::string> names;
    for (const LabInfo* l : all_labs()) names.push_back(l->name);
    return did_you_mean(typed, names);
}

std::string labs_playing_to_the_end() {
    std::string out;
    for (const LabInfo* l : all_labs())
        if (l->plays_to_the_end) out += (out.empty() ? "" : " or ") + l->title;
    return out;
}

std::vector<CommandSpec> command_specs(const LabInfo& lab) {
    std::vector<CommandSpec> specs{command_spec<ParamSetCommand>()};
    specs.insert(specs.end(), lab.commands.begin(), lab.commands.end());
    return specs;
}

namespace {

// Every registered lab's specs, built once: validating a command (each scripted command as a
// scenario loads, each edit) used to copy the whole list, which cost more than the check itself.
const std::vector<CommandSpec>& specs_of(const LabInfo& lab, std::vector<CommandSpec>& scratch) {
    static const std::vector<std::pair<const LabInfo*, std::vector<CommandSpec>>> registered = [] {
        std::vector<std::pair<const LabInfo*, std::vector<CommandSpec>>> out;
        for (const LabInfo* l : all_labs()) out.emplace_back(l, command_specs(*l));
        return out;
    }();
    for (const auto& entry : registered)
        if (entry.first == &lab) return entry.second;
    scratch = command_specs(lab);   // a lab outside the registry (tests): built afresh
    return scratch;
}

}   // namespace

std::optional<std::string> validate_lab_command(const LabInfo& lab, const Command& c, const ParamTable* table) {
    std::vector<CommandSpec> scratch;
    if (auto err = validate_command(specs_of(lab, scratch), c)) return err;
    if (c.type == ParamSetCommand::name.text) {
        const auto edit = from_command<ParamSetCommand>(c);
        ParamAssignment a;
        std::string text = edit.key + "=" + std::to_string(edit.value);
        const ParamTable& t = table ? *table : *lab.params;
        auto idx = t.find(edit.key);
        if (!idx) return parse_param_assignment(t, text, a);
        if (auto err = check_param_value(t[*idx], edit.value)) return err;
    }
    return std::nullopt;
}

}   // namespace pb
