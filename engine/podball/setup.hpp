// A Podball scenario's initial entities: the two teams (name, module, size), optional explicit
// pod and ball placements, and the starting mode.
#pragma once
#include <array>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/core/scenario.hpp"
#include "engine/podball/types.hpp"

namespace pb::podball {

struct LuaScript;   // engine/podball/lua/lua_team.hpp

inline constexpr int kMaxPodsPerTeam = 11;

struct TeamInfo {
    std::string name = "Team";
    std::string module = "chaser";   // a built-in module's name, "lib:PATH" or "lua:PATH" as the scenario wrote it
    int pods = 5;
    // The scenario file's folder (absolute), where a relative "lib:" or "lua:" PATH is found and
    // the window writes a new team's script; empty for a scenario without a file.
    std::string folder = {};
};

struct PodPlacement {
    int team = 0;
    int index = 0;
    Vec2 pos{0.0, 0.0};
    Vec2 vel{0.0, 0.0};
};

struct BallPlacement {
    Vec2 pos{0.0, 0.0};
    Vec2 vel{0.0, 0.0};
    int owner_team = -1;   // -1: free
    int owner_index = -1;
};

class PodballSetup : public LabSetup {
public:
    std::array<TeamInfo, 2> teams{TeamInfo{"Blue", "chaser", 5}, TeamInfo{"Red", "chaser", 5}};
    std::vector<PodPlacement> pods;      // pods not listed start in the default kick-off formation
    std::optional<BallPlacement> ball;   // absent: ball at the centre spot
    Mode start_mode = Mode::KickoffTeam0;
    // Per team, the absolute file a "lib:" module's library is loaded from: PATH resolved against
    // the scenario file's folder, or what the load options' resolver gave (a replay's pinned
    // copy). Empty for built-in modules, and for a library not loaded: that team plays idle.
    std::array<std::string, 2> library_paths;
    // Per team, why its library was not loaded (ModulePolicy::Describe, a replay without consent
    // or without the pinned library); empty otherwise.
    std::array<std::string, 2> library_not_loaded;
    // Per team, the script of a "lua:" module, read when the scenario loaded (from its file, or
    // from a replay); nullptr otherwise, and for a script not loaded (library_not_loaded says why).
    std::array<std::shared_ptr<const LuaScript>, 2> lua_scripts;

    void write_toml(std::ostream& out) const override;
    std::vector<ModuleLibraryRef> module_libraries() const override;
    std::vector<ScriptRef> scripts() const override;
    // Each script's tunables, podball.teamN.script.NAME (docs/lua-teams.md#tunables-are-parameters).
    std::vector<ParamDef> params() const override;
    // A team.module played live: the set-up with the team starting on that module (a Lua script
    // with the command's text).
    std::shared_ptr<const LabSetup> with_command(const Command& c) const override;
};

// What a team's module may be, for messages: the built-in names, "lib:PATH" and "lua:PATH".
std::string allowed_modules();

// The soak plays a Lua team in every Podball scenario it draws: `scenario` with team 1 playing
// `script` (examples/lua/chaser.lua; named relative to the scenario's folder when it has one),
// unless a team already plays a Lua script; another lab's scenario as it is. Throws ScenarioError
// as loading the file would.
Scenario with_lua_team(const Scenario& scenario, const std::string& script);

}   // namespace pb::podball
