// Undo in Podball: a placed pod or ball goes back exactly as it was, at rest or moving, held or
// free: pod.restore (position, velocity, deny ticks, action) and ball.restore (position,
// velocity, carrier, keep ticks, last team); a pod placed while carrying the ball took the ball
// along, so both come back. A mode switch switches back exactly by mode.restore: the mode and its
// clock; when the switch placed the kick-off formation or the ball, also every pod's and the
// ball's motion (pod.restore, ball.restore), the generator the jitter drew from, the goal-area
// holders and hoarding runs the placing reset. A pod.action is a steered pod's input, not an
// edit: it has no undo. A script.reload reloads the text played before; a team.module switches
// back to the module played before.
#include "engine/podball/inverse.hpp"

#include <cstdio>

#include "engine/podball/commands.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {
namespace {

// The restore commands that put a pod or the ball back as they are now in `w`.
Command pod_back(const Pod& p, std::int64_t tick) {
    static constexpr const char* kActions[] = {"none", "move", "shoot"};
    return to_command(PodRestore{.team = p.team,
                                 .pod = p.index,
                                 .x = p.pos.x,
                                 .y = p.pos.y,
                                 .vx = p.vel.x,
                                 .vy = p.vel.y,
                                 .deny_ticks = p.deny_ticks,
                                 .action = kActions[static_cast<int>(p.action.kind)],
                                 .action_x = p.action.v.x,
                                 .action_y = p.action.v.y},
                      tick);
}

Command ball_back(const PodballWorld& w, std::int64_t tick) {
    const Ball& b = w.ball();
    BallRestore ball{
        .x = b.pos.x, .y = b.pos.y, .vx = b.vel.x, .vy = b.vel.y, .keep_ticks = b.keep_ticks, .last_team = b.last_team};
    if (b.owner >= 0) {
        ball.owner_team = w.pods()[static_cast<std::size_t>(b.owner)].team;
        ball.owner_pod = w.pods()[static_cast<std::size_t>(b.owner)].index;
    }
    return to_command(ball, tick);
}

}   // namespace

Inverse inverse_of(const PodballWorld& w, const Command& c) {
    const std::int64_t tick = w.tick();
    Inverse inv;
    if (c.type == PodPlace::name.text) {
        const auto cmd = from_command<PodPlace>(c);
        for (const Pod& p : w.pods()) {
            if (p.team != cmd.team || p.index != cmd.pod) continue;
            inv.name = "move pod " + std::to_string(cmd.pod) + " of team " + std::to_string(cmd.team);
            inv.commands.push_back(pod_back(p, tick));
            inv.changes = {change_text("x", p.pos.x, cmd.x), change_text("y", p.pos.y, cmd.y)};
            if (p.vel.x != 0.0 || p.vel.y != 0.0)
                inv.changes.push_back("it was moving: the place stops it, undo gives its speed back");
            // Carrying the ball, the pod takes it along (attach_ball_to_carrier): the ball comes back too.
            const int owner = w.ball().owner;
            if (owner >= 0 && &w.pods()[static_cast<std::size_t>(owner)] == &p) {
                inv.commands.push_back(ball_back(w, tick));
                inv.changes.push_back("it carries the ball, which goes along");
            }
            return inv;
        }
        return no_inverse(c, "there is no pod " + std::to_string(cmd.pod) + " in team " + std::to_string(cmd.team));
    }
    if (c.type == BallPlace::name.text) {
        const auto cmd = from_command<BallPlace>(c);
        const Ball& b = w.ball();
        inv.name = "move the ball";
        inv.commands.push_back(ball_back(w, tick));
        inv.changes = {change_text("x", b.pos.x, cmd.x), change_text("y", b.pos.y, cmd.y)};
        if (b.vel.x != 0.0 || b.vel.y != 0.0)
            inv.changes.push_back("it was moving: the place stops it, undo gives its speed back");
        if (b.owner >= 0) inv.changes.push_back("a pod held it: the place frees it, undo gives it back to that pod");
        return inv;
    }
    if (c.type == ModeSet::name.text) {
        const auto cmd = from_command<ModeSet>(c);
        inv.name = "switch mode to " + cmd.mode;
        // A switch that placed nothing (not to a kick-off, not out of a goal phase) goes back by
        // the mode and its clock; one that placed also by what place_for_kickoff() changed.
        Mode to = w.mode();
        const bool placed = !parse_mode(cmd.mode, to) || to == Mode::KickoffTeam0 || to == Mode::KickoffTeam1 ||
                            ((w.mode() == Mode::GoalTeam0 || w.mode() == Mode::GoalTeam1) &&
                             (to == Mode::Running || to == Mode::Suspended));
        ModeRestore back{.mode = std::string(mode_key(w.mode())), .mode_ticks = w.mode_ticks()};
        if (placed) {
            char hex[65];
            const auto& s = w.rng().state();
            std::snprintf(hex, sizeof hex, "%016llx%016llx%016llx%016llx", static_cast<unsigned long long>(s[0]),
                          static_cast<unsigned long long>(s[1]), static_cast<unsigned long long>(s[2]),
                          static_cast<unsigned long long>(s[3]));
            back.rng = std::string(hex);
            back.area_holder_0 = w.goal_area_holder(0);
            back.area_holder_1 = w.goal_area_holder(1);
            back.hoard_run_0 = w.metrics().team[0].hoard_run;
            back.hoard_run_1 = w.metrics().team[1].hoard_run;
            back.hoarding_flag_0 = w.metrics().team[0].open_hoarding_flag;
            back.hoarding_flag_1 = w.metrics().team[1].open_hoarding_flag;
        }
        inv.commands.push_back(to_command(back, tick));
        if (placed) {
            for (const Pod& p : w.pods()) inv.commands.push_back(pod_back(p, tick));
            inv.commands.push_back(ball_back(w, tick));
        }
        inv.changes = {"mode " + std::string(mode_key(w.mode())) + " -> " + cmd.mode};
        if (placed)
            inv.changes.push_back(
                "it places the kick-off formation or the ball: undo puts every pod and the ball back as they were");
        return inv;
    }
    if (c.type == PodActionCommand::name.text) {
        const auto cmd = from_command<PodActionCommand>(c);
        inv = no_inverse(c, "steering a pod is play, not an edit: it has no undo");
        inv.name = "steer pod " + std::to_string(cmd.pod) + " of team " + std::to_string(cmd.team);
        inv.changes = {cmd.kind + " (" + format_number(cmd.x) + ", " + format_number(cmd.y) + ") for " +
                       std::to_string(cmd.ticks.value_or(1)) + " tick(s)"};
        return inv;
    }
    if (c.type == ScriptReload::name.text) {
        const auto cmd = from_command<ScriptReload>(c);
        const LuaTeamModule* lua = as_lua_module(w.team_module(static_cast<int>(cmd.team)));
        if (!lua) return no_inverse(c, "team " + std::to_string(cmd.team) + " plays no Lua script");
        // Undo reloads the text played before, memory kept as it is then (docs/lua-teams.md#reloading-a-script).
        inv.name = "reload team " + std::to_string(cmd.team) + "'s script " + lua->script().written;
        inv.commands.push_back(to_command(ScriptReload{.team = cmd.team, .text = lua->script().text}, tick));
        inv.changes = {std::to_string(lua->script().text.size()) + " -> " + std::to_string(cmd.text.size()) +
                       " bytes of script"};
        return inv;
    }
    if (c.type == TeamModuleSet::name.text) {
        const auto cmd = from_command<TeamModuleSet>(c);
        const int team = static_cast<int>(cmd.team);
        const std::string& before = w.teams()[static_cast<std::size_t>(team)].module;
        // Undo switches back to the module played before, started afresh (docs/lua-teams.md#a-new-lua-team).
        TeamModuleSet back{.team = cmd.team, .module = before};
        if (const LuaTeamModule* lua = as_lua_module(w.team_module(team))) back.text = lua->script().text;
        // A team idle because its module did not start goes back to idling.
        if (!w.module_health(team).load_error.empty()) back = {.team = cmd.team, .module = "idle"};
        inv.name = "switch " + w.teams()[static_cast<std::size_t>(team)].name + " to " + cmd.module;
        inv.commands.push_back(to_command(back, tick));
        inv.changes = {"team " + std::to_string(team) + "'s module " + before + " -> " + cmd.module};
        return inv;
    }
    return no_inverse(c, "podball has no undo for " + c.type);
}

}   // namespace pb::podball
