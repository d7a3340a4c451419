// Mirroring, the module registry, and the `idle` module. The chaser lives in chaser.cpp.
#include <algorithm>
#include <cmath>

#include "engine/podball/chaser.hpp"
#include "engine/podball/team_view.hpp"
#include "engine/podball/world.hpp"

namespace pb::podball {

// A half-turn (x and y negated) rather than a reflection in x alone: it keeps the arena's
// handedness, so a module's "left wing" is the same wing whichever side it plays on.
Vec2 mirror_pos(int team, Vec2 p) { return team == 0 ? p : -p; }
Vec2 mirror_vec(int team, Vec2 v) { return team == 0 ? v : -v; }

Mode mirror_mode(int team, Mode m) {
    if (team == 0) return m;
    switch (m) {
        case Mode::KickoffTeam0: return Mode::KickoffTeam1;
        case Mode::KickoffTeam1: return Mode::KickoffTeam0;
        case Mode::GoalTeam0: return Mode::GoalTeam1;
        case Mode::GoalTeam1: return Mode::GoalTeam0;
        case Mode::Running:
        case Mode::Suspended: return m;
    }
    return m;
}

void build_team_view(const PodballWorld& world, int team, TeamView& out) {
    out.tick = world.tick();
    out.mode = mirror_mode(team, world.mode());
    out.own_score = world.score()[team];
    out.opponent_score = world.score()[1 - team];
    out.own.clear();
    out.opponents.clear();
    for (const Pod& p : world.pods()) {
        PodView v{mirror_pos(team, p.pos), mirror_vec(team, p.vel), p.deny_ticks > 0};
        (p.team == team ? out.own : out.opponents).push_back(v);
    }
    const Ball& b = world.ball();
    out.ball_pos = mirror_pos(team, b.pos);
    out.ball_vel = mirror_vec(team, b.vel);
    if (b.owner >= 0) {
        const Pod& carrier = world.pods()[b.owner];
        out.ball_owner_team = carrier.team == team ? 0 : 1;
        out.ball_owner_index = carrier.index;
    } else {
        out.ball_owner_team = -1;
        out.ball_owner_index = -1;
    }
    out.config = world.config();
}

PodAction module_action_in_world(PodAction a, int team) {
    if (a.kind == PodAction::Kind::None) return PodAction{};
    const double len = std::sqrt(a.v.x * a.v.x + a.v.y * a.v.y);
    if (!std::isfinite(len)) return PodAction{};
    if (len > 1.0) a.v /= len;
    a.v = mirror_vec(team, a.v);
    return a;
}

namespace {

// Does nothing: a team of obstacles to test against, and the baseline for metrics.
class IdleModule final : public TeamModule {
public:
    std::string name() const override { return "idle"; }
    void init(const TeamSettings&) override {}
    void play(const TeamView&, std::vector<PodAction>&) override {}
    std::unique_ptr<TeamModule> clone() const override { return std::make_unique<IdleModule>(*this); }
};

}  // namespace

const std::vector<std::string>& builtin_module_names() {
    static const std::vector<std::string> names = {"chaser", "idle"};
    return names;
}

std::unique_ptr<TeamModule> make_builtin_module(const std::string& name) {
    if (name == "chaser") return make_chaser_module();
    if (name == "idle") return std::make_unique<IdleModule>();
    return nullptr;
}

}  // namespace pb::podball
