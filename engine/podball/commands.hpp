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
        return std::tuple_cat(pod_fields(&PodPlace::team, &PodPlace::pod),
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
            std::tuple{field(&PodActionCommand::kind, "kind", "move: thrust; shoot: shot vector").choices({"move", "shoot"}),
                       field(&PodActionCommand::x, "x", "x of the vector (length > 1 counts as 1)").range(-1e6, 1e6),
                       field(&PodActionCommand::y, "y", "y of the vector (length > 1 counts as 1)").range(-1e6, 1e6),
                       field(&PodActionCommand::ticks, "ticks", "how many ticks the override lasts (default 1)").range(1, 1e9)});
    }
};

struct ModeSet {
    static constexpr CommandName name{"mode.set"};
    static constexpr std::string_view description = "switch the match mode (kick-off modes reset the kick-off formation)";
    std::string mode{};   // mode_keys()
    static auto fields() { return std::tuple{field(&ModeSet::mode, "mode", "the new mode").choices(mode_keys())}; }
};

// Undo of a mode.set that placed nothing (engine/podball/inverse.cpp): the mode and its clock as
// they were, without a kick-off formation or a ball put back on the spot.
struct ModeRestore {
    static constexpr CommandName name{"mode.restore"};
    static constexpr std::string_view description =
        "undo of mode.set: the mode and the ticks spent in it as they were (places nothing)";
    std::string mode{};   // mode_keys()
    std::int64_t mode_ticks = 0;
    static auto fields() {
        return std::tuple{field(&ModeRestore::mode, "mode", "the mode").choices(mode_keys()),
                          field(&ModeRestore::mode_ticks, "mode_ticks", "ticks spent in it").range(0, 1e9)};
    }
};

using PodballCommands = CommandList<PodPlace, BallPlace, PodActionCommand, ModeSet, ModeRestore>;

}  // namespace pb::podball
