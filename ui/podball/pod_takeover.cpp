#include "ui/podball/pod_takeover.hpp"

#include <algorithm>
#include <cmath>

namespace pb::ui {

podball::Vec2 clip_to_unit(podball::Vec2 v) {
    double len = std::sqrt(v.x * v.x + v.y * v.y);
    if (!std::isfinite(len) || len <= 0.0) return {0.0, 0.0};
    return len > 1.0 ? v / len : v;
}

void PodTakeover::take(std::optional<Target> target) {
    target_ = target;
    shot_.reset();
    next_tick_ = 0;
}

void PodTakeover::request_shot(podball::Vec2 aim) {
    double len = std::sqrt(aim.x * aim.x + aim.y * aim.y);
    if (!std::isfinite(len) || len <= 0.0) return;
    shot_ = aim / len;   // a designer's shot is a full-power one
}

std::vector<Command> PodTakeover::due_commands(const podball::PodballWorld& w) {
    std::vector<Command> out;
    const std::int64_t tick = w.tick();
    if (tick < last_tick_) next_tick_ = 0;
    last_tick_ = tick;
    if (!target_ || w.pod_id(target_->team, target_->index) < 0) return out;
    const auto steps = static_cast<std::int64_t>(std::max(1.0, std::round(w.config().ctrl_step)));
    auto make = [&](const char* kind, podball::Vec2 v) {
        return to_command(
            podball::PodActionCommand{
                .team = target_->team, .pod = target_->index, .kind = kind, .x = v.x, .y = v.y, .ticks = steps},
            tick);
    };
    if (shot_) {
        out.push_back(make("shoot", *shot_));
        shot_.reset();
        next_tick_ = tick + steps;
    } else if (tick >= next_tick_) {
        out.push_back(make("move", clip_to_unit(thrust_)));
        next_tick_ = tick + steps;
    }
    return out;
}

}   // namespace pb::ui
