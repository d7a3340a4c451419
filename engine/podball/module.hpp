// Team control modules ("team intelligence"): called every ENGINE_CTRL_STEP ticks with the world
// mirrored so that the module's own team is team 0 attacking towards +x. One action per pod.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/hash.hpp"
#include "engine/podball/config.hpp"
#include "engine/podball/types.hpp"

namespace pb::podball {

struct TeamSettings {
    PodballConfig config;
    int own_pods = 0;
    int opponent_pods = 0;
    std::uint64_t seed = 0;   // for modules that use randomness (seeded per team)
};

struct PodView {
    Vec2 pos;
    Vec2 vel;
    bool denied = false;   // in BALLDENY
};

// The world as one team sees it: own team is team 0, attacking +x.
struct TeamView {
    std::int64_t tick = 0;
    Mode mode = Mode::Suspended;       // mirrored: KickoffTeam0 means our kick-off
    int own_score = 0;
    int opponent_score = 0;
    std::vector<PodView> own;
    std::vector<PodView> opponents;
    Vec2 ball_pos;
    Vec2 ball_vel;
    int ball_owner_team = -1;          // 0 own, 1 opponent, -1 free
    int ball_owner_index = -1;
    PodballConfig config;              // current values (parameters can change live)
};

class TeamModule {
public:
    virtual ~TeamModule() = default;
    virtual std::string name() const = 0;
    virtual void init(const TeamSettings& settings) = 0;
    // Fills `actions` (already sized to the team's pod count, all None).
    virtual void play(const TeamView& view, std::vector<PodAction>& actions) = 0;
    virtual std::unique_ptr<TeamModule> clone() const = 0;
    virtual void hash(StateHasher&) const {}
};

// Built-in modules by name; nullptr when the name is unknown.
std::unique_ptr<TeamModule> make_builtin_module(const std::string& name);
const std::vector<std::string>& builtin_module_names();

// Mirroring between the world frame and a team's frame (team 1 sees x and y negated:
// a half-turn keeps the arena's handedness and puts its goal on the right).
Vec2 mirror_pos(int team, Vec2 p);
Vec2 mirror_vec(int team, Vec2 v);

}  // namespace pb::podball
