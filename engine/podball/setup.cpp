// PodballSetup as scenario text: written with comments a designer can follow, read back with the
// line, key and allowed values of every problem. Positions are checked against the default arena
// (1.0 x 0.6); a scenario that shrinks the arena has its pods pulled inside when the world starts.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <ostream>
#include <set>
#include <utility>

#include "engine/core/read_file.hpp"
#include "engine/core/toml_text.hpp"
#include "engine/core/typed_command.hpp"
#include "engine/podball/commands.hpp"
#include "engine/podball/config.hpp"
#include "engine/podball/kickoff.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/module.hpp"
#include "engine/podball/modules/library_module.hpp"
#include "engine/podball/setup_reader.hpp"

namespace pb::podball {
namespace {

constexpr double kMaxSetupSpeed = 0.1;   // length per tick; far above any top speed

struct ArenaLimits {
    double pod_x, pod_y, ball_x, ball_y;
};

ArenaLimits default_arena_limits() {
    const PodballConfig c = config_from(ParamSet{});   // the table's defaults
    return {c.arena_width / 2.0 - c.pod_radius, c.arena_height / 2.0 - c.pod_radius,
            c.arena_width / 2.0 - c.ball_radius, c.arena_height / 2.0 - c.ball_radius};
}

std::string short_number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

// A scenario starting in a kick-off must place everything where the kick-off confines it
// (physics.cpp): the defending team behind its keep-off line, the kicking-off team and a free
// ball on the near side of it. `team` is -1 for the ball.
std::optional<std::string> kickoff_side_problem(Mode mode, int team, double x) {
    if (mode != Mode::KickoffTeam0 && mode != Mode::KickoffTeam1) return std::nullopt;
    const PodballConfig c = config_from(ParamSet{});   // the table's defaults
    const int kicking = mode == Mode::KickoffTeam0 ? 0 : 1;
    const double side = kicking == 0 ? 1.0 : -1.0;   // towards the defending team's half
    const double keepoff = effective_keepoff(c);
    const std::string start = "start_mode " + std::string(mode_key(mode)) + ": ";
    if (team >= 0 && team != kicking) {
        const double limit = keepoff + c.pod_radius;
        if (side * x < limit)
            return start + "team " + std::to_string(team) + " defends and starts behind its keep-off line, x " +
                   (side > 0 ? ">= " : "<= ") + short_number(side * limit);
        return std::nullopt;
    }
    const double limit = keepoff - (team < 0 ? c.ball_radius : c.pod_radius);
    if (side * x > limit)
        return start + (team < 0 ? std::string("the ball") : "team " + std::to_string(team)) + " starts at x " +
               (side > 0 ? "<= " : ">= ") + short_number(side * limit);
    return std::nullopt;
}

// A "lib:" module's path as the load options have it: an absolute path as written, a relative
// one against the scenario file's folder, always made absolute so dlopen never searches the
// library path (LD_LIBRARY_PATH, the system's folders). nullopt and `why` when it has no file to
// resolve against (`no_file` then says so, a load error).
std::optional<std::string> resolve_library_path(const std::string& written, const ScenarioLoadOptions& o,
                                                bool& no_file) {
    namespace fs = std::filesystem;
    no_file = false;
    const fs::path p(written);
    if (p.is_absolute()) return p.lexically_normal().string();
    if (o.base_dir.empty()) {
        no_file = true;
        return std::nullopt;
    }
    std::error_code ec;
    const fs::path base = fs::absolute(fs::path(o.base_dir), ec);
    return (base / p).lexically_normal().string();
}

// A script is larger than any team needs beyond this: refused rather than read.
constexpr std::uint64_t kMaxScriptBytes = 4u << 20;

// A "lua:" module: its text from the load options' resolver (a replay), else from its file (PATH
// relative to the scenario's folder), checked now (it compiles, its chunk runs, it defines play)
// so a broken script is a load error with the scenario's line and the script's.
void read_script(const Node& m, int index, const std::string& written, std::shared_ptr<const LuaScript>& script,
                 std::string& not_loaded, Diagnostics& diag) {
    const ScenarioLoadOptions defaults;
    const ScenarioLoadOptions& o = diag.load_options ? *diag.load_options : defaults;
    if (written.empty()) {
        diag.error(m, "\"lua:\" needs the path of a Lua script, e.g. \"lua:teams/striker.lua\"");
        return;
    }
    std::optional<std::string> text;
    std::string why;
    if (o.resolve_script) {
        text = o.resolve_script(written, why);
    } else {
        bool no_file = false;
        const auto path = resolve_library_path(written, o, no_file);
        if (!path) {
            if (o.modules == ModulePolicy::Describe) {
                not_loaded = "team " + std::to_string(index) + " module \"lua:" + written +
                             "\": not loaded (no folder to find it in)";
                diag.modules_not_loaded.push_back(not_loaded);
                return;
            }
            why = "\"lua:" + written +
                  "\" is relative to the scenario file's folder, and this scenario has no file: "
                  "save it first, or write the script's absolute path";
        } else {
            try {
                text = read_regular_file(*path, kMaxScriptBytes, "a Lua script");
            } catch (const std::exception& e) {
                why = std::string("cannot read the script: ") + e.what();
            }
        }
    }
    if (!text) {
        diag.error(m, why);
        return;
    }
    auto s = std::make_shared<LuaScript>(LuaScript{written, std::move(*text)});
    if (auto problem = lua_script_problem(*s, &s->tunables))
        diag.error(m, *problem);
    else
        script = std::move(s);
}

void read_team(const Node& node, int index, TeamInfo& team, std::string& library_path, std::string& not_loaded,
               std::shared_ptr<const LuaScript>& script, Diagnostics& diag) {
    TableReader t(node, diag);
    team.name = t.text("name", team.name);
    if (const Node* m = t.node("module")) {
        const auto& names = builtin_module_names();
        if (m->kind != Node::Kind::String) {
            diag.error(*m, "expected a string (one of: " + allowed_modules() + ")");
        } else if (is_library_module(m->text)) {
            const std::string written = m->text.substr(std::string_view(kLibraryModulePrefix).size());
            const ScenarioLoadOptions defaults;
            const ScenarioLoadOptions& o = diag.load_options ? *diag.load_options : defaults;
            std::optional<std::string> path;
            std::string why;
            bool no_file = false;
            if (written.empty()) {
                diag.error(
                    *m,
                    "\"lib:\" needs the path of a module library, e.g. \"lib:../build/release/libsimple_striker.so\"");
            } else if (o.modules == ModulePolicy::Describe) {
                why = "not loaded (its library is only described here, never run)";
            } else if (o.resolve_library) {
                path = o.resolve_library(written, why);
            } else {
                path = resolve_library_path(written, o, no_file);
                if (no_file)
                    diag.error(*m, "\"lib:" + written +
                                       "\" is relative to the scenario file's folder, and this scenario has "
                                       "no file: save it first, or write the library's absolute path");
            }
            if (!written.empty() && !no_file) {
                team.module = m->text;   // saved back as written
                if (path) {
                    // Checked now (symbols, ABI version), so a broken library is a load error with
                    // its line rather than a surprise when the match starts.
                    if (auto problem = probe_module_library(*path))
                        diag.error(*m, *problem);
                    else
                        library_path = *path;
                } else {
                    not_loaded = "team " + std::to_string(index) + " module \"" + m->text + "\": " + why;
                    diag.modules_not_loaded.push_back(not_loaded);
                }
            }
        } else if (is_lua_module(m->text)) {
            team.module = m->text;
            read_script(*m, index, m->text.substr(std::string_view(kLuaModulePrefix).size()), script, not_loaded, diag);
        } else if (std::find(names.begin(), names.end(), m->text) == names.end()) {
            diag.error(*m, "\"" + m->text + "\" is not allowed here (allowed: " + allowed_modules() + ")");
        } else {
            team.module = m->text;
        }
    }
    team.pods = static_cast<int>(t.integer("pods", team.pods, 1, kMaxPodsPerTeam));
    t.finish();
}

}   // namespace

std::string allowed_modules() {
    std::string list;
    for (const auto& m : builtin_module_names()) list += (list.empty() ? "" : ", ") + m;
    return list +
           ", or \"lib:PATH\" for a module library or \"lua:PATH\" for a Lua script (PATH relative to the "
           "scenario file)";
}

void PodballSetup::write_toml(std::ostream& out) const {
    out << "# Mode at tick 0: ";
    const auto& keys = mode_keys();
    for (std::size_t i = 0; i < keys.size(); ++i) out << (i ? ", " : "") << keys[i];
    out << "\nstart_mode = " << toml_string(mode_key(start_mode)) << "\n";
    const auto& modules = builtin_module_names();
    std::string module_list;
    for (const auto& m : modules) module_list += (module_list.empty() ? "" : ", ") + m;
    for (int t = 0; t < 2; ++t) {
        out << "\n# Team " << t << (t == 0 ? " plays left to right (towards +x)" : " plays right to left (towards -x)")
            << ". module: " << module_list << ", \"lib:PATH\" or \"lua:PATH\"; pods: 1.." << kMaxPodsPerTeam << "\n";
        out << "[team" << t << "]\nname = " << toml_string(teams[t].name)
            << "\nmodule = " << toml_string(teams[t].module) << "\npods = " << teams[t].pods << "\n";
    }
    if (!pods.empty())
        out << "\n# Pods placed explicitly (the others start in the kick-off formation).\n"
               "# position/velocity: [x, y]; the arena spans x -0.5..0.5, y -0.3..0.3 by default.\n";
    for (const PodPlacement& p : pods) {
        out << "[[pod]]\nteam = " << p.team << "\nindex = " << p.index << "\nposition = " << toml_pair(p.pos.x, p.pos.y)
            << "\n";
        if (p.vel != Vec2{0.0, 0.0}) out << "velocity = " << toml_pair(p.vel.x, p.vel.y) << "\n";
    }
    if (ball) {
        out << "\n# The ball: free at position with velocity, or carried by owner_team/owner_index.\n[ball]\n";
        if (ball->owner_team >= 0) {
            out << "owner_team = " << ball->owner_team << "\nowner_index = " << ball->owner_index << "\n";
        } else {
            out << "position = " << toml_pair(ball->pos.x, ball->pos.y) << "\n";
            if (ball->vel != Vec2{0.0, 0.0}) out << "velocity = " << toml_pair(ball->vel.x, ball->vel.y) << "\n";
        }
    }
}

std::vector<ModuleLibraryRef> PodballSetup::module_libraries() const {
    std::vector<ModuleLibraryRef> refs;
    for (int t = 0; t < 2; ++t)
        if (is_library_module(teams[t].module))
            refs.push_back({teams[t].module.substr(std::string_view(kLibraryModulePrefix).size()), library_paths[t]});
    return refs;
}

std::vector<ScriptRef> PodballSetup::scripts() const {
    std::vector<ScriptRef> refs;
    for (const auto& s : lua_scripts) {
        if (!s) continue;
        bool seen = false;
        for (const ScriptRef& r : refs) seen = seen || r.written == s->written;
        if (!seen) refs.push_back({s->written, s->text});
    }
    return refs;
}

std::vector<ParamDef> PodballSetup::params() const {
    std::vector<ParamDef> rows;
    for (int t = 0; t < 2; ++t) {
        if (!lua_scripts[t]) continue;
        for (const LuaTunable& tun : lua_scripts[t]->tunables)
            rows.push_back(ParamDef{
                lua_tunable_key(t, tun.name), tun.label, tun.unit, tun.min, tun.max, tun.default_value,
                "team " + std::to_string(t) + "'s script " + lua_scripts[t]->written + ": world.params." + tun.name,
                tun.integer ? ParamType::Integer : ParamType::Real});
    }
    return rows;
}

std::shared_ptr<const LabSetup> PodballSetup::with_command(const Command& c) const {
    if (c.type != TeamModuleSet::name.text) return nullptr;
    const auto cmd = from_command<TeamModuleSet>(c);
    if (cmd.team < 0 || cmd.team > 1) return nullptr;
    const auto t = static_cast<std::size_t>(cmd.team);
    auto changed = std::make_shared<PodballSetup>(*this);
    changed->teams[t].module = cmd.module;
    changed->lua_scripts[t] = nullptr;
    if (is_lua_module(cmd.module) && cmd.text) {
        auto script = std::make_shared<LuaScript>(
            LuaScript{cmd.module.substr(std::string_view(kLuaModulePrefix).size()), *cmd.text});
        lua_script_problem(*script, &script->tunables);   // the world played it: it starts
        changed->lua_scripts[t] = std::move(script);
    }
    // The library path stays for a switch back to the team's own library; a library not loaded
    // keeps a team idle only while it plays that library.
    if (!is_library_module(cmd.module)) changed->library_not_loaded[t].clear();
    return changed;
}

std::shared_ptr<const PodballSetup> read_podball_setup(const Node&, TableReader& reader, Diagnostics& diag) {
    auto setup = std::make_shared<PodballSetup>();
    const ArenaLimits lim = default_arena_limits();

    const std::string mode = reader.text("start_mode", std::string(mode_key(setup->start_mode)), mode_keys());
    parse_mode(mode, setup->start_mode);
    if (diag.load_options && !diag.load_options->base_dir.empty()) {
        std::error_code ec;
        const std::string folder =
            std::filesystem::absolute(diag.load_options->base_dir, ec).lexically_normal().string();
        for (TeamInfo& team : setup->teams) team.folder = folder;
    }
    for (int t = 0; t < 2; ++t)
        if (const Node* node = reader.table(t == 0 ? "team0" : "team1"))
            read_team(*node, t, setup->teams[t], setup->library_paths[t], setup->library_not_loaded[t],
                      setup->lua_scripts[t], diag);

    if (const Node* list = reader.array("pod")) {
        std::set<std::pair<int, int>> seen;
        for (const Node& entry : list->array) {
            if (entry.kind != Node::Kind::Table) {
                diag.error(entry, "each [[pod]] entry must be a table with team, index and position");
                continue;
            }
            TableReader r(entry, diag);
            PodPlacement p;
            const bool has_ids = r.has("team") && r.has("index");
            p.team = static_cast<int>(r.integer("team", -1, 0, 1));
            p.index = static_cast<int>(r.integer("index", -1, 0, kMaxPodsPerTeam - 1));
            if (!has_ids)
                diag.error(entry, "each [[pod]] needs team (0 or 1) and index (0.." +
                                      std::to_string(kMaxPodsPerTeam - 1) + ")");
            if (!r.has("position")) diag.error(entry, "each [[pod]] needs position = [x, y]");
            const bool placed = r.vec2("position", p.pos.x, p.pos.y, -lim.pod_x, lim.pod_x, -lim.pod_y, lim.pod_y);
            r.vec2("velocity", p.vel.x, p.vel.y, -kMaxSetupSpeed, kMaxSetupSpeed, -kMaxSetupSpeed, kMaxSetupSpeed);
            r.finish();
            if (p.team < 0 || p.index < 0 || !placed) continue;
            const Node* index_node = r.node("index");
            if (p.index >= setup->teams[p.team].pods) {
                diag.error(*index_node, "team " + std::to_string(p.team) + " has " +
                                            std::to_string(setup->teams[p.team].pods) + " pods: index must be 0.." +
                                            std::to_string(setup->teams[p.team].pods - 1));
                continue;
            }
            if (auto problem = kickoff_side_problem(setup->start_mode, p.team, p.pos.x)) {
                diag.error(*r.node("position"), *problem);
                continue;
            }
            if (!seen.insert({p.team, p.index}).second) {
                diag.error(entry, "pod " + std::to_string(p.index) + " of team " + std::to_string(p.team) +
                                      " is placed twice");
                continue;
            }
            setup->pods.push_back(p);
        }
    }

    if (const Node* node = reader.table("ball")) {
        TableReader r(*node, diag);
        BallPlacement b;
        const bool owned = r.has("owner_team") || r.has("owner_index");
        b.owner_team = static_cast<int>(r.integer("owner_team", -1, 0, 1));
        b.owner_index = static_cast<int>(r.integer("owner_index", -1, 0, kMaxPodsPerTeam - 1));
        if (owned) {
            if (b.owner_team < 0 || b.owner_index < 0) {
                if (!(r.has("owner_team") && r.has("owner_index")))
                    diag.error(*node, "a carried ball needs both owner_team (0 or 1) and owner_index");
                b.owner_team = b.owner_index = -1;
            } else if (b.owner_index >= setup->teams[b.owner_team].pods) {
                diag.error(*r.node("owner_index"), "team " + std::to_string(b.owner_team) + " has " +
                                                       std::to_string(setup->teams[b.owner_team].pods) +
                                                       " pods: owner_index must be 0.." +
                                                       std::to_string(setup->teams[b.owner_team].pods - 1));
                b.owner_team = b.owner_index = -1;
            }
            for (const char* key : {"position", "velocity"})
                if (const Node* n = r.node(key))
                    diag.error(*n,
                               "a carried ball sits at its carrier: leave out position and velocity, or "
                               "owner_team/owner_index");
        } else {
            if (r.vec2("position", b.pos.x, b.pos.y, -lim.ball_x, lim.ball_x, -lim.ball_y, lim.ball_y))
                if (auto problem = kickoff_side_problem(setup->start_mode, -1, b.pos.x))
                    diag.error(*r.node("position"), *problem);
            r.vec2("velocity", b.vel.x, b.vel.y, -kMaxSetupSpeed, kMaxSetupSpeed, -kMaxSetupSpeed, kMaxSetupSpeed);
        }
        r.finish();
        setup->ball = b;
    }
    return setup;
}

Scenario with_lua_team(const Scenario& scenario, const std::string& script) {
    const auto* setup = dynamic_cast<const PodballSetup*>(scenario.setup.get());
    if (!setup) return scenario;
    for (const TeamInfo& team : setup->teams)
        if (is_lua_module(team.module)) return scenario;
    // Through the scenario's own text, so the script is read and checked as loading any file does
    // (its tunables become rows of the table).
    Scenario changed = scenario;
    auto lua = std::make_shared<PodballSetup>(*setup);
    // Relative to the scenario's folder where it has one, as a designer writes it (the shipped Lua
    // scenarios name ../examples/lua/...).
    ScenarioLoadOptions options;
    std::filesystem::path path = std::filesystem::absolute(script);
    if (!scenario.path.empty()) {
        options.base_dir = std::filesystem::absolute(scenario.path).parent_path().string();
        path = path.lexically_relative(options.base_dir);
    }
    lua->teams[1].module = kLuaModulePrefix + path.string();
    changed.setup = lua;
    Scenario loaded = load_scenario_text(scenario_to_toml(changed), scenario.path, options);
    loaded.path = scenario.path;
    return loaded;
}

}   // namespace pb::podball
