// Podball's commands, each declared once (engine/core/typed_command.hpp): lab.cpp lists them for
// validation and help, world_io.cpp dispatches them, the view and the pod takeover build them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>

#include "engine/core/typed_command.hpp"
#include "engine/podball/setup.hpp"
#include "engine/podball/types.hpp"

namespace pb::podball {

// Coordinates are checked against the arena in the world (it depends on the parameters); the
// ranges here only bound what any arena could hold.
inline constexpr double kCommandFar = 2.0;

template <class C>
auto pod_fields(std::int64_t C::*team, std::int64_t C::*pod) {
    return std::tuple{field(team, "team", "team 0 (attacks +x) or team 1 (attacks -x)").range(0, 1),
                      field(pod, "pod", "pod index within the team").range(0, kMaxPodsPerTeam - 1)};
}

struct PodPlace {
    static constexpr CommandName name{"pod.place"};
    static constexpr std::string_view description = "put a pod at a spot, at rest (a ball it carries comes along)";
    std::int64_t team = -1;
    std::int64_t pod = -1;
    double x = 0.0, y = 0.0;
    static auto fields() {
        return std::tuple_cat(
            pod_fields(&PodPlace::team, &PodPlace::pod),
            std::tuple{field(&PodPlace::x, "x", "x of the pod's centre").range(-kCommandFar, kCommandFar),
                       field(&PodPlace::y, "y", "y of the pod's centre").range(-kCommandFar, kCommandFar)});
    }
};

struct BallPlace {
    static constexpr CommandName name{"ball.place"};
    static constexpr std::string_view description = "put the ball at a spot, free and at rest";
    double x = 0.0, y = 0.0;
    static auto fields() {
        return std::tuple{field(&BallPlace::x, "x", "x of the ball's centre").range(-kCommandFar, kCommandFar),
                          field(&BallPlace::y, "y", "y of the ball's centre").range(-kCommandFar, kCommandFar)};
    }
};

struct PodActionCommand {
    static constexpr CommandName name{"pod.action"};
    static constexpr std::string_view description =
        "override a pod's module: thrust (move) or a shot fired once it holds the ball, for some ticks";
    std::int64_t team = -1;
    std::int64_t pod = -1;
    std::string kind{};   // "move" or "shoot"
    double x = 0.0, y = 0.0;
    std::optional<std::int64_t> ticks{};   // default 1
    static auto fields() {
        return std::tuple_cat(
            pod_fields(&PodActionCommand::team, &PodActionCommand::pod),
            std::tuple{
                field(&PodActionCommand::kind, "kind", "move: thrust; shoot: shot vector").choices({"move", "shoot"}),
                field(&PodActionCommand::x, "x", "x of the vector (length > 1 counts as 1)").range(-1e6, 1e6),
                field(&PodActionCommand::y, "y", "y of the vector (length > 1 counts as 1)").range(-1e6, 1e6),
                field(&PodActionCommand::ticks, "ticks", "how many ticks the override lasts (default 1)")
                    .range(1, 1e9)});
    }
};

struct ModeSet {
    static constexpr CommandName name{"mode.set"};
    static constexpr std::string_view description =
        "switch the match mode (kick-off modes reset the kick-off formation)";
    std::string mode{};   // mode_keys()
    static auto fields() { return std::tuple{field(&ModeSet::mode, "mode", "the new mode").choices(mode_keys())}; }
};

// Undo of a mode.set (engine/podball/inverse.cpp): the mode and its clock as they were, without
// a kick-off formation or a ball put back on the spot. A switch that placed the formation or the
// ball also gives back what the placing changed: the generator's state (the kick-off jitter drew
// from it), the goal-area holders and the goal-area hoarding runs (pods and ball: pod.restore,
// ball.restore).
struct ModeRestore {
    static constexpr CommandName name{"mode.restore"};
    static constexpr std::string_view description =
        "undo of mode.set: the mode and the ticks spent in it as they were (places nothing); optionally the match "
        "state a "
        "kick-off placing reset";
    std::string mode{};   // mode_keys()
    std::int64_t mode_ticks = 0;
    std::optional<std::string> rng{};   // 64 hex digits: the generator's four words
    std::optional<std::int64_t> area_holder_0{}, area_holder_1{};
    std::optional<std::int64_t> hoard_run_0{}, hoard_run_1{};
    std::optional<std::int64_t> hoarding_flag_0{}, hoarding_flag_1{};
    static auto fields() {
        return std::tuple{
            field(&ModeRestore::mode, "mode", "the mode").choices(mode_keys()),
            field(&ModeRestore::mode_ticks, "mode_ticks", "ticks spent in it").range(0, 1e9),
            field(&ModeRestore::rng, "rng", "the random generator's state, 64 hex digits"),
            field(&ModeRestore::area_holder_0, "area_holder_0",
                  "the pod (index in the pod list) holding team 0's goal area, -1 none")
                .range(-1, 2 * kMaxPodsPerTeam - 1),
            field(&ModeRestore::area_holder_1, "area_holder_1",
                  "the pod (index in the pod list) holding team 1's goal area, -1 none")
                .range(-1, 2 * kMaxPodsPerTeam - 1),
            field(&ModeRestore::hoard_run_0, "hoard_run_0", "running ticks the ball has stayed in team 0's goal area")
                .range(0, 1e12),
            field(&ModeRestore::hoard_run_1, "hoard_run_1", "running ticks the ball has stayed in team 1's goal area")
                .range(0, 1e12),
            field(&ModeRestore::hoarding_flag_0, "hoarding_flag_0", "team 0's open hoarding flag (index), -1 none")
                .range(-1, 1e9),
            field(&ModeRestore::hoarding_flag_1, "hoarding_flag_1", "team 1's open hoarding flag (index), -1 none")
                .range(-1, 1e9)};
    }
};

// Undo of a kick-off placing: a pod's motion as it was (no arena or keep-off check: it restores).
struct PodRestore {
    static constexpr CommandName name{"pod.restore"};
    static constexpr std::string_view description =
        "undo of a kick-off placing: a pod's position, velocity, BALLDENY ticks and action as they were";
    std::int64_t team = -1;
    std::int64_t pod = -1;
    double x = 0.0, y = 0.0, vx = 0.0, vy = 0.0;
    std::int64_t deny_ticks = 0;
    std::string action{};   // none, move, shoot
    double action_x = 0.0, action_y = 0.0;
    static auto fields() {
        return std::tuple_cat(
            pod_fields(&PodRestore::team, &PodRestore::pod),
            std::tuple{field(&PodRestore::x, "x", "x of the pod's centre").range(-kCommandFar, kCommandFar),
                       field(&PodRestore::y, "y", "y of the pod's centre").range(-kCommandFar, kCommandFar),
                       field(&PodRestore::vx, "vx", "x velocity (length per tick)").range(-1e3, 1e3),
                       field(&PodRestore::vy, "vy", "y velocity (length per tick)").range(-1e3, 1e3),
                       field(&PodRestore::deny_ticks, "deny_ticks", "BALLDENY ticks left").range(0, 1e9),
                       field(&PodRestore::action, "action", "its current action").choices({"none", "move", "shoot"}),
                       field(&PodRestore::action_x, "action_x", "x of the action's vector").range(-1.0, 1.0),
                       field(&PodRestore::action_y, "action_y", "y of the action's vector").range(-1.0, 1.0)});
    }
};

// Undo of a placing of the ball (a kick-off, or play resumed from a goal phase).
struct BallRestore {
    static constexpr CommandName name{"ball.restore"};
    static constexpr std::string_view description =
        "undo of a kick-off placing: the ball's position, velocity, carrier and touches as they were";
    double x = 0.0, y = 0.0, vx = 0.0, vy = 0.0;
    std::optional<std::int64_t> owner_team{}, owner_pod{};   // both or neither: free
    std::int64_t keep_ticks = 0;
    std::int64_t last_team = -1;
    static auto fields() {
        return std::tuple{
            field(&BallRestore::x, "x", "x of the ball's centre").range(-kCommandFar, kCommandFar),
            field(&BallRestore::y, "y", "y of the ball's centre").range(-kCommandFar, kCommandFar),
            field(&BallRestore::vx, "vx", "x velocity (length per tick)").range(-1e3, 1e3),
            field(&BallRestore::vy, "vy", "y velocity (length per tick)").range(-1e3, 1e3),
            field(&BallRestore::owner_team, "owner_team", "the carrier's team (with owner_pod; none: free)")
                .range(0, 1),
            field(&BallRestore::owner_pod, "owner_pod", "the carrier's index in its team")
                .range(0, kMaxPodsPerTeam - 1),
            field(&BallRestore::keep_ticks, "keep_ticks", "ticks the carrier has held it").range(0, 1e9),
            field(&BallRestore::last_team, "last_team", "the team that touched it last, -1 nobody").range(-1, 1)};
    }
};

// A Lua team's new script text (docs/lua-teams.md#reloading-a-script): it plays from the next
// call with memory kept; text that does not start is refused and the old script plays on. A
// replay carries the text, so it verifies anywhere; undo reloads the text played before.
struct ScriptReload {
    static constexpr CommandName name{"script.reload"};
    static constexpr std::string_view description =
        "give a Lua team new script text: it plays from the next call, memory kept (on_reload may migrate it)";
    std::int64_t team = -1;
    std::string text{};
    static auto fields() {
        return std::tuple{field(&ScriptReload::team, "team", "the team whose script it is, 0 or 1").range(0, 1),
                          field(&ScriptReload::text, "text", "the script's whole new text")};
    }
};

// A team switched to another module while the match runs (docs/lua-teams.md#a-new-lua-team): a
// built-in one by name, a Lua script with its whole text (a replay carries it, so it verifies
// anywhere), or the library module the scenario gave the team. The module starts afresh (init,
// empty memory) and plays from the team's next call; the team's fault count starts again. Undo
// switches back to the module played before, started afresh too. Saving the scenario writes the
// module into the team's [teamN] (the scenario then starts with it).
struct TeamModuleSet {
    static constexpr CommandName name{"team.module"};
    static constexpr std::string_view description =
        "switch a team to another module: a built-in one, a Lua script (\"lua:PATH\" with its text) or the "
        "scenario's own library; it starts afresh from the team's next call";
    std::int64_t team = -1;
    std::string module{};
    std::optional<std::string> text{};   // a Lua script's whole text; only with "lua:PATH"
    static auto fields() {
        return std::tuple{
            field(&TeamModuleSet::team, "team", "the team switched, 0 or 1").range(0, 1),
            field(&TeamModuleSet::module, "module",
                  "a built-in module's name, \"lua:PATH\" (with text) or the scenario's own \"lib:PATH\""),
            field(&TeamModuleSet::text, "text", "the Lua script's whole text (only with \"lua:PATH\")")};
    }
};

using PodballCommands = CommandList<PodPlace, BallPlace, PodActionCommand, ModeSet, ModeRestore, PodRestore,
                                    BallRestore, ScriptReload, TeamModuleSet>;

}   // namespace pb::podball
