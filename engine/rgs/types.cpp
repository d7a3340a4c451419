#include "engine/rgs/types.hpp"

namespace pb::rgs {

std::string_view kind_key(Kind k) { return k == Kind::Drill ? "drill" : "leech"; }

bool parse_kind(std::string_view key, Kind& out) {
    if (key == "drill")
        out = Kind::Drill;
    else if (key == "leech")
        out = Kind::Leech;
    else
        return false;
    return true;
}

const std::vector<std::string>& kind_keys() {
    static const std::vector<std::string> keys = {"drill", "leech"};
    return keys;
}

std::string_view state_key(State s) {
    switch (s) {
        case State::Building: return "building";
        case State::Active: return "active";
        case State::Marked: return "marked";
        case State::Destroyed: return "destroyed";
    }
    return "?";
}

bool parse_state(std::string_view key, State& out) {
    for (State s : {State::Building, State::Active, State::Marked, State::Destroyed})
        if (state_key(s) == key) {
            out = s;
            return true;
        }
    return false;
}

const std::vector<std::string>& state_keys() {
    static const std::vector<std::string> keys = {"building", "active", "marked", "destroyed"};
    return keys;
}

}   // namespace pb::rgs
