// RGS plain state types, shared by the world, the setup reader and the views.
// Units: positions and ranges in quake units (qu), time in seconds (one tick = one second of
// match time), build points (BP), health in hit points (HP).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec3.hpp>

namespace pb::rgs {

using Vec3 = glm::dvec3;

// The two RGS of Unvanquished's resource post (docs/labs/rgs.md#sources): the humans' Drill and
// the aliens' Leech. They differ only in their
// parameters (range, price, build time, health); team 0 builds drills and team 1 leeches unless
// a command or scenario says otherwise.
enum class Kind { Drill, Leech };
std::string_view kind_key(Kind k);   // "drill", "leech"
bool parse_kind(std::string_view key, Kind& out);
const std::vector<std::string>& kind_keys();
inline Kind default_kind(int team) { return team == 0 ? Kind::Drill : Kind::Leech; }

// building: under construction for its build time, mines nothing, interferes with nobody.
// active:   mining at its efficiency.
// marked:   marked for deconstruction; still mining until it goes (when its team needs the BP
//           for a new structure, or on rgs.remove).
// destroyed: health reached 0; a wreck that mines nothing, interferes with nobody and refunds
//           nothing. It stays listed until removed.
enum class State { Building, Active, Marked, Destroyed };
std::string_view state_key(State s);   // "building", "active", "marked", "destroyed"
bool parse_state(std::string_view key, State& out);
const std::vector<std::string>& state_keys();
inline bool is_mining(State s) { return s == State::Active || s == State::Marked; }

struct Rgs {
    int id = -1;    // stable; equals its index in RgsWorld::structures()
    int team = 0;   // 0 or 1
    Kind kind = Kind::Drill;
    Vec3 pos{0.0, 0.0, 0.0};
    double range_override = 0.0;   // > 0: this RGS's own range; 0: its kind's range parameter
    double range = 0.0;            // effective range (derived from the override or the parameters)
    State state = State::Active;
    double health = 0.0;             // HP
    int build_left = 0;              // seconds of construction left while building
    double price_paid = 0.0;         // BP; deconstruction refunds health% of it
    std::int64_t marked_tick = -1;   // when it was marked (oldest marks go first), -1: not marked
    bool removed = false;            // deconstructed or cleared away; kept only so ids stay indices
    double efficiency = 0.0;         // derived: 0 unless mining; the product of its neighbours' modifiers
};

struct TeamState {
    std::string name;
    double bp = 0.0;              // build points in hand, never below 0
    bool main_structure = true;   // reactor / overmind alive: the minimum efficiency applies
    double mined = 0.0;           // BP credited over the match
    double spent = 0.0;           // BP paid for structures
    double refunded = 0.0;        // BP returned by deconstruction
};

// A sample of the economy over match time, for charts.
struct EconomySample {
    std::int64_t tick = 0;
    double bp[2] = {0.0, 0.0};
    double efficiency[2] = {0.0, 0.0};   // effective (after the minimum floor)
    double base_rate = 0.0;              // r(t), BP/min
};

}   // namespace pb::rgs
