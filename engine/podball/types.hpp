// Podball's plain state types, shared by the world, the team modules and the views.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>

namespace pb::podball {

using Vec2 = glm::dvec2;

// The dot product as the physics and the built-in teams compute it (x first, then y).
inline double dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }

// Final: the match is over (all periods played); nothing moves of its own accord any more.
enum class Mode { KickoffTeam0, KickoffTeam1, Running, GoalTeam0, GoalTeam1, Suspended, Final };
// "kickoff_team_0", "running", ... as scenario files and commands write them.
std::string_view mode_key(Mode m);
std::string_view mode_label(Mode m);   // "KICK-OFF TEAM 0", ...
bool parse_mode(std::string_view key, Mode& out);
const std::vector<std::string>& mode_keys();

struct PodAction {
    enum class Kind { None, Move, Shoot };
    Kind kind = Kind::None;
    Vec2 v{0.0, 0.0};   // thrust or shot direction * power; length > 1 is normalised to 1
    bool operator==(const PodAction&) const = default;
};

struct Pod {
    int team = 0;    // 0 or 1
    int index = 0;   // within the team
    Vec2 pos{0.0, 0.0};
    Vec2 vel{0.0, 0.0};
    int deny_ticks = 0;       // > 0: BALLDENY, transparent to the ball
    PodAction action;         // current action (from the module or a command)
    int override_ticks = 0;   // > 0: a scheduled/live pod.action command controls this pod
    PodAction override_action;
};

struct Ball {
    Vec2 pos{0.0, 0.0};
    Vec2 vel{0.0, 0.0};
    int owner = -1;       // index into PodballWorld::pods(), -1 when free
    int keep_ticks = 0;   // ticks the current owner has held it
    int last_team = -1;   // team that touched it last (-1: nobody since kick-off)
};

}   // namespace pb::podball
