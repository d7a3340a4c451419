// A designer steering one pod by hand: the view turns held keys into a thrust and a shot request,
// and every ENGINE_CTRL_STEP ticks issues them as `pod.action` commands (move or shoot, vector
// normalised to length <= 1, lasting ctrl_step ticks). Commands like any other: they are logged,
// replayed and saved; the view never writes the pod itself.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/command.hpp"
#include "engine/podball/world.hpp"

namespace pb::ui {

class PodTakeover {
public:
    struct Target {
        int team = 0;
        int index = 0;   // within the team
        bool operator==(const Target&) const = default;
    };

    void take(std::optional<Target> target);
    const std::optional<Target>& target() const { return target_; }

    // The designer's input this frame: `thrust` in world axes (any length, clipped to 1), and the
    // direction a shot goes when `shoot` was pressed (latched until issued).
    void set_thrust(podball::Vec2 thrust) { thrust_ = thrust; }
    void request_shot(podball::Vec2 aim);
    podball::Vec2 thrust() const { return thrust_; }

    // Commands due before the tick the world is at: a shot as soon as requested, a move every
    // ctrl_step ticks. Empty without a target (or when the pod is gone).
    std::vector<Command> due_commands(const podball::PodballWorld& w);

private:
    std::optional<Target> target_;
    podball::Vec2 thrust_{0.0, 0.0};
    std::optional<podball::Vec2> shot_;
    std::int64_t next_tick_ = 0;    // when the next move is due
    std::int64_t last_tick_ = -1;   // to notice time going back (restart)
};

// `v` scaled down to length 1 when longer; zero (and non-finite) vectors become zero.
podball::Vec2 clip_to_unit(podball::Vec2 v);

}   // namespace pb::ui
