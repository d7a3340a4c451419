// Undo in Podball: a placed pod or ball goes back where it was (at rest, as a place leaves it:
// exact on a paused, still world, which is where the designer drags), a mode switch switches
// back (exactly, by mode.restore, when it placed nothing). A pod.action is a steered pod's input, not an edit: it has no undo.
#include "engine/podball/inverse.hpp"

#include "engine/podball/commands.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {

Inverse inverse_of(const PodballWorld& w, const Command& c) {
    const std::int64_t tick = w.tick();
    Inverse inv;
    if (c.type == PodPlace::name.text) {
        const auto cmd = from_command<PodPlace>(c);
        for (const Pod& p : w.pods()) {
            if (p.team != cmd.team || p.index != cmd.pod) continue;
            inv.name = "move pod " + std::to_string(cmd.pod) + " of team " + std::to_string(cmd.team);
            inv.commands.push_back(to_command(PodPlace{.team = cmd.team, .pod = cmd.pod, .x = p.pos.x, .y = p.pos.y}, tick));
            inv.changes = {change_text("x", p.pos.x, cmd.x), change_text("y", p.pos.y, cmd.y)};
            if (p.vel.x != 0.0 || p.vel.y != 0.0) inv.changes.push_back("it was moving: undo puts it back at rest");
            return inv;
        }
        return no_inverse(c, "there is no pod " + std::to_string(cmd.pod) + " in team " + std::to_string(cmd.team));
    }
    if (c.type == BallPlace::name.text) {
        const auto cmd = from_command<BallPlace>(c);
        const Ball& b = w.ball();
        inv.name = "move the ball";
        inv.commands.push_back(to_command(BallPlace{.x = b.pos.x, .y = b.pos.y}, tick));
        inv.changes = {change_text("x", b.pos.x, cmd.x), change_text("y", b.pos.y, cmd.y)};
        if (b.owner >= 0) inv.changes.push_back("a pod held it: undo puts it back free");
        return inv;
    }
    if (c.type == ModeSet::name.text) {
        const auto cmd = from_command<ModeSet>(c);
        inv.name = "switch mode to " + cmd.mode;
        // A switch that placed nothing (not to a kick-off, not out of a goal phase) goes back
        // exactly: the mode and its clock. Otherwise the mode is set back, its placing anew.
        Mode to = w.mode();
        const bool placed = !parse_mode(cmd.mode, to) || to == Mode::KickoffTeam0 || to == Mode::KickoffTeam1 ||
                            ((w.mode() == Mode::GoalTeam0 || w.mode() == Mode::GoalTeam1) &&
                             (to == Mode::Running || to == Mode::Suspended));
        if (placed) inv.commands.push_back(to_command(ModeSet{.mode = std::string(mode_key(w.mode()))}, tick));
        else
            inv.commands.push_back(
                to_command(ModeRestore{.mode = std::string(mode_key(w.mode())), .mode_ticks = w.mode_ticks()}, tick));
        inv.changes = {"mode " + std::string(mode_key(w.mode())) + " -> " + cmd.mode};
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
    return no_inverse(c, "podball has no undo for " + c.type);
}

}  // namespace pb::podball
