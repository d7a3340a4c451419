#include "engine/podball/types.hpp"

#include <array>

namespace pb::podball {
namespace {

struct ModeName {
    Mode mode;
    const char* key;
    const char* label;
};

constexpr std::array<ModeName, 7> kModeNames{{
    {Mode::KickoffTeam0, "kickoff_team_0", "KICK-OFF TEAM 0"},
    {Mode::KickoffTeam1, "kickoff_team_1", "KICK-OFF TEAM 1"},
    {Mode::Running, "running", "RUNNING"},
    {Mode::GoalTeam0, "goal_team_0", "GOAL TEAM 0"},
    {Mode::GoalTeam1, "goal_team_1", "GOAL TEAM 1"},
    {Mode::Suspended, "suspended", "SUSPENDED"},
    {Mode::Final, "final", "FULL TIME"},
}};

}   // namespace

std::string_view mode_key(Mode m) {
    for (const auto& n : kModeNames)
        if (n.mode == m) return n.key;
    return "?";
}

std::string_view mode_label(Mode m) {
    for (const auto& n : kModeNames)
        if (n.mode == m) return n.label;
    return "?";
}

bool parse_mode(std::string_view key, Mode& out) {
    for (const auto& n : kModeNames)
        if (key == n.key) {
            out = n.mode;
            return true;
        }
    return false;
}

const std::vector<std::string>& mode_keys() {
    static const std::vector<std::string> keys = [] {
        std::vector<std::string> k;
        for (const auto& n : kModeNames) k.emplace_back(n.key);
        return k;
    }();
    return keys;
}

}   // namespace pb::podball
