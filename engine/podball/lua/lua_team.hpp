// Podball teams written in Lua (docs/lua-teams.md): a scenario names one as `module = "lua:PATH"`.
// Each team gets its own Lua 5.4 state, in-process, behind the same TeamModule interface as the
// built-in and library modules; the script runs sandboxed (only math, string, table, utf8 and
// vec), under deterministic budgets (instructions counted by the VM, a memory cap), and its
// `memory` is plain data: hashed, copied with snapshots and shown as JSON.
#pragma once
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/json.hpp"
#include "engine/podball/module.hpp"

namespace pb::podball {

inline constexpr const char* kLuaModulePrefix = "lua:";
bool is_lua_module(const std::string& module);

// A script as a team plays it: PATH as the scenario wrote it (the name in messages, file:line)
// and its text. Scripts are data: the text is all a team needs, so replays carry it.
// One of a script's tunables, `params = { NAME = { default, min, max, label, unit } }`: a row of
// the scenario's parameter table, podball.teamN.script.NAME (docs/lua-teams.md#tunables-are-parameters).
struct LuaTunable {
    std::string name;
    std::string label;   // the script's label, else NAME
    std::string unit;
    double min = 0.0;
    double max = 0.0;
    double default_value = 0.0;
    bool integer = false;   // default, min and max are all Lua integers: world.params gives integers
};

struct LuaScript {
    std::string written;
    std::string text;
    std::vector<LuaTunable> tunables = {};   // by name, as pairs() visits them; set by lua_script_problem
};

// The reason a script cannot play, "PATH:LINE: message" where Lua knows the line (it does not
// compile, its chunk fails or overruns its budget, it defines no play function, its params are
// malformed), else nullopt. Runs the script's chunk in a fresh sandbox; calls neither init nor
// play. `tunables`, when given, receives the script's tunables.
std::optional<std::string> lua_script_problem(const LuaScript& script, std::vector<LuaTunable>* tunables = nullptr);

// The key of a team's tunable in the scenario's parameter table: podball.team0.script.NAME.
std::string lua_tunable_key(int team, const std::string& name);

// A team playing `script`. init() throws when the script cannot start (the world then idles the
// team and reports why).
std::unique_ptr<TeamModule> make_lua_module(std::shared_ptr<const LuaScript> script);

// A fault a script made, counted once per distinct message (the world counts every one).
struct LuaFault {
    std::string message;   // "PATH:LINE: what", or what without a line
    std::int64_t count = 0;
    std::int64_t first_tick = -1;
    std::int64_t last_tick = -1;
};

// One play call's cost in Lua VM instructions (Vm::instructions_counted: counted at checkpoints
// Vm::kCheckpoint apart, plus the charged C work) against the budget it had. Display data: a
// snapshot copies it, the state hash leaves it out (docs/lua-teams.md#the-script-panel).
struct LuaCallCost {
    std::int64_t tick = 0;
    std::int64_t instructions = 0;
    std::int64_t budget = 0;
};

// What a Lua team shows beyond ModuleHealth: its script, the names it gives itself, its faults
// and its memory.
class LuaTeamModule : public TeamModule {
public:
    virtual const LuaScript& script() const = 0;
    virtual std::string title() const = 0;   // the script's `name`, else its file name
    virtual std::string description() const = 0;
    virtual const std::vector<LuaFault>& faults() const = 0;   // the first kMaxDistinctFaults
    // `memory` as JSON (tables with keys 1..n as arrays, other tables as objects).
    virtual void write_memory(JsonWriter& out) const = 0;
    // Plays `script` from the next call on, `memory` kept (the script's on_reload(memory), when it
    // has one, may change it, within init's budget). Returns why not ("PATH:LINE: message"), the
    // team then playing on as before: the script does not compile, its chunk or on_reload fails.
    virtual std::optional<std::string> reload(std::shared_ptr<const LuaScript> script) = 0;
    static constexpr std::size_t kMaxDistinctFaults = 16;
    // The last kCallCostHistory play calls' costs, oldest first.
    virtual const std::deque<LuaCallCost>& call_costs() const = 0;
    static constexpr std::size_t kCallCostHistory = 300;
    // The checkpoint spacing the counts are made at (a count is at most this much below the truth).
    static std::int64_t instruction_resolution();
};

// The Lua team behind `m`, or nullptr for any other module.
const LuaTeamModule* as_lua_module(const TeamModule& m);
LuaTeamModule* as_lua_module(TeamModule& m);

}   // namespace pb::podball
