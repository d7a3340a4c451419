#include "ui/soak_setup.hpp"

#include <filesystem>

#include "engine/core/lab.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/setup.hpp"
#include "ui/shell/shell.hpp"

namespace pb::ui {

void switch_everything_on(Shell& shell, int variant) {
    LabView* view = shell.lab_view();
    if (!view) return;
    view->switch_everything_on(shell.simulation().world(), shell.paused(), variant);
}

Scenario with_lua_team(const Scenario& scenario, const std::string& script) {
    const auto* setup = dynamic_cast<const podball::PodballSetup*>(scenario.setup.get());
    if (!setup) return scenario;
    for (const podball::TeamInfo& team : setup->teams)
        if (podball::is_lua_module(team.module)) return scenario;
    // Through the scenario's own text, so the script is read and checked as loading any file does
    // (its tunables become rows of the table).
    Scenario changed = scenario;
    auto lua = std::make_shared<podball::PodballSetup>(*setup);
    // Relative to the scenario's folder where it has one, as a designer writes it (the shipped Lua
    // scenarios name ../examples/lua/...).
    ScenarioLoadOptions options;
    std::filesystem::path path = std::filesystem::absolute(script);
    if (!scenario.path.empty()) {
        options.base_dir = std::filesystem::absolute(scenario.path).parent_path().string();
        path = path.lexically_relative(options.base_dir);
    }
    lua->teams[1].module = podball::kLuaModulePrefix + path.string();
    changed.setup = lua;
    Scenario loaded = load_scenario_text(scenario_to_toml(changed), scenario.path, options);
    loaded.path = scenario.path;
    return loaded;
}

}   // namespace pb::ui
