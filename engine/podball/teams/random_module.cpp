// The `random` module: every pod thrusts in a random direction with a random power, keeps it for
// a random time (podball.random.hold_ticks on average), and a pod holding the ball shoots it in a
// random direction now and then (podball.random.shoot_chance per call). Seeded per team and match,
// so a match replays exactly; its generator and choices are part of the world's state.
#include <algorithm>
#include <array>

#include "engine/core/rng.hpp"
#include "engine/podball/teams/builtin_modules.hpp"

namespace pb::podball {
namespace {

// A point uniformly distributed in the unit disc (rejection sampling: no trigonometry, whose
// results may differ between C libraries).
Vec2 random_in_disc(Rng& rng) {
    for (;;) {
        const Vec2 p{rng.uniform(-1.0, 1.0), rng.uniform(-1.0, 1.0)};
        if (p.x * p.x + p.y * p.y <= 1.0) return p;
    }
}

class RandomModule final : public TeamModule {
public:
    std::string name() const override { return "random"; }
    void init(const TeamSettings& settings) override {
        rng_.reseed(settings.seed);
        thrust_.fill(Vec2{0.0, 0.0});
        until_.fill(0);
    }
    void play(const TeamView& v, std::vector<PodAction>& actions) override {
        const PodballConfig& c = v.config;
        const std::size_t n = std::min(actions.size(), thrust_.size());
        for (std::size_t i = 0; i < n; ++i) {
            if (v.ball_owner_team == 0 && v.ball_owner_index == static_cast<int>(i) &&
                rng_.uniform() < c.random_shoot_chance) {
                actions[i] = PodAction{PodAction::Kind::Shoot, random_in_disc(rng_)};
                continue;
            }
            if (v.tick >= until_[i]) {
                thrust_[i] = random_in_disc(rng_);
                // Hold times uniform in 1 .. 2 * mean - 1 ticks.
                const auto mean = static_cast<std::uint64_t>(std::max(1.0, c.random_hold_ticks));
                until_[i] = v.tick + 1 + static_cast<std::int64_t>(rng_.below(2 * mean - 1));
            }
            actions[i] = PodAction{PodAction::Kind::Move, thrust_[i]};
        }
    }
    std::unique_ptr<TeamModule> clone() const override { return std::make_unique<RandomModule>(*this); }
    void hash(StateHasher& h) const override {
        for (std::uint64_t w : rng_.state()) h.add_u64(w);
        for (std::size_t i = 0; i < thrust_.size(); ++i) {
            h.add(thrust_[i].x);
            h.add(thrust_[i].y);
            h.add(until_[i]);
        }
    }

private:
    Rng rng_;
    std::array<Vec2, 11> thrust_{};
    std::array<std::int64_t, 11> until_{};
};

}   // namespace

std::unique_ptr<TeamModule> make_random_module() { return std::make_unique<RandomModule>(); }

}   // namespace pb::podball
