// Hot reload of a Lua team's script in the window (docs/lua-teams.md#hot-reload-in-the-window):
// the shell watches the files (ui/shell/script_watch.hpp) and asks the view what a saved text
// means for the world; the view answers with the engine's own command, script.reload
// (engine/podball/commands.hpp), so the reload is an edit like any other (undo, recordings).
#include "engine/core/typed_command.hpp"
#include "engine/podball/commands.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/world.hpp"
#include "ui/podball/podball_view.hpp"

namespace pb::ui {

std::vector<Command> PodballView::script_saved(const World& world, const std::string& written,
                                               const std::string& text) {
    const podball::PodballWorld& w = podball(world);
    std::vector<Command> out;
    for (int team = 0; team < 2; ++team) {
        const podball::LuaTeamModule* lua = podball::as_lua_module(w.team_module(team));
        if (!lua || lua->script().written != written) continue;
        if (lua->script().text == text) {
            reload_refusals_[static_cast<std::size_t>(team)] = {};   // back to what plays: nothing to fix
            continue;
        }
        out.push_back(to_command(podball::ScriptReload{.team = team, .text = text}, world.tick()));
    }
    return out;
}

std::vector<std::string> PodballView::playing_scripts(const World& world) const {
    std::vector<std::string> out;
    for (int team = 0; team < 2; ++team)
        if (const podball::LuaTeamModule* lua = podball::as_lua_module(podball(world).team_module(team)))
            out.push_back(lua->script().written);
    return out;
}

void PodballView::script_reloaded(const World& world, const Command& c, const std::optional<std::string>& refusal) {
    if (c.type != podball::ScriptReload::name.text) return;
    const auto reload = from_command<podball::ScriptReload>(c);
    if (reload.team < 0 || reload.team > 1) return;
    ReloadRefusal& r = reload_refusals_[static_cast<std::size_t>(reload.team)];
    r = {};
    const podball::LuaTeamModule* lua =
        podball::as_lua_module(podball(world).team_module(static_cast<int>(reload.team)));
    if (refusal && lua) r = {*refusal, lua->script().written, lua->script().text};
}

std::array<std::string, 2> PodballView::script_errors(const World& world) const {
    std::array<std::string, 2> errors;
    for (int team = 0; team < 2; ++team) {
        const ReloadRefusal& r = reload_refusals_[static_cast<std::size_t>(team)];
        if (r.error.empty()) continue;
        const podball::LuaTeamModule* lua = podball::as_lua_module(podball(world).team_module(team));
        if (lua && lua->script().written == r.written && lua->script().text == r.playing)
            errors[static_cast<std::size_t>(team)] = r.error;
    }
    return errors;
}

}   // namespace pb::ui
