// The match clock: kick-off, running, after-goal phases, periods and the final whistle.
//
// Time counts only in RUNNING (the seed: "in all other modes, time counting is suspended"); a
// period lasts podball.match.period_ticks running ticks. Kick-offs as a soccer designer expects:
// the scenario's start mode names the team that kicks off the first period, the other team kicks
// off the second, and so on; after a goal the team that conceded kicks off. Teams keep their
// sides between periods (the engine's frame is fixed: team 0 attacks +x), so only the kick-off
// alternates. A goal scored in the very tick a period ends still counts; the goal phase is then
// skipped for the break. After the last period the match rests in FINAL with its result.
#include <algorithm>

#include "engine/podball/kickoff.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {

void PodballWorld::set_mode(Mode m) {
    mode_ = m;
    mode_ticks_ = 0;
    mode_changed_ = true;
}

int PodballWorld::leader() const {
    if (score_[0] == score_[1]) return -1;
    return score_[0] > score_[1] ? 0 : 1;
}

void PodballWorld::end_period() {
    record_event(EventKind::PeriodEnd, -1);
    metrics_.events.back().tick = tick_ - 1;   // the period's last tick
    ++period_;
    release_ball();
    if (period_ >= static_cast<int>(config_.periods)) {
        set_mode(Mode::Final);
        return;
    }
    place_for_kickoff();
    const int kicking = (first_kickoff_team_ + period_) % 2;
    set_mode(kicking == 0 ? Mode::KickoffTeam0 : Mode::KickoffTeam1);
}

void PodballWorld::update_mode() {
    // The period clock first: it may end a period in a tick that also saw a goal.
    if (was_running_ && period_ < static_cast<int>(config_.periods) &&
        running_ticks_ >= static_cast<std::int64_t>(config_.period_ticks) * (period_ + 1)) {
        end_period();
        return;
    }
    switch (mode_) {
        case Mode::KickoffTeam0:
        case Mode::KickoffTeam1:
            if (mode_ticks_ >= static_cast<int>(config_.kickoff_ticks)) set_mode(Mode::Running);
            break;
        case Mode::GoalTeam0:
        case Mode::GoalTeam1:
            if (mode_ticks_ >= static_cast<int>(config_.goal_ticks)) {
                // The team that conceded kicks off.
                const Mode next = mode_ == Mode::GoalTeam0 ? Mode::KickoffTeam1 : Mode::KickoffTeam0;
                place_for_kickoff();
                set_mode(next);
            }
            break;
        case Mode::Running:
            // A designer who resumes play after the final whistle (mode.set) plays on until the
            // next running tick, then the match is over again.
            if (period_ >= static_cast<int>(config_.periods)) set_mode(Mode::Final);
            break;
        case Mode::Suspended:
        case Mode::Final: break;
    }
}

// The kick-off formation, each spot moved a little at random (podball.match.kickoff_jitter, from
// the world's seeded generator): without it, two deterministic modules would play the same match
// whatever the seed. The spots keep a margin of 0.02 arena widths from the keep-off lines, which
// the jitter's range respects.
void PodballWorld::place_for_kickoff() {
    const double jitter = config_.kickoff_jitter;
    const double hx = config_.arena_width / 2.0 - config_.pod_radius,
                 hy = config_.arena_height / 2.0 - config_.pod_radius;
    for (Pod& p : pods_) {
        p.pos = kickoff_position(p.team, p.index, teams_[p.team].pods, config_);
        if (jitter > 0.0) {
            p.pos.x = std::clamp(p.pos.x + rng_.uniform(-jitter, jitter), -hx, hx);
            p.pos.y = std::clamp(p.pos.y + rng_.uniform(-jitter, jitter), -hy, hy);
        }
        p.vel = Vec2{0.0, 0.0};
        p.deny_ticks = 0;
        p.action = PodAction{};
    }
    ball_ = Ball{};
    area_holder_ = {-1, -1};                  // decided again by the first tick of the kick-off
    for (TeamCounters& t : metrics_.team) {   // the ball has left any goal area
        t.hoard_run = 0;
        t.open_hoarding_flag = -1;
    }
}

}   // namespace pb::podball
