// A creep on the lane and the effects it carries. Plain values: a lane copies, hashes and
// compares them; the hot loop walks them in id order.
#pragma once
#include <cstdint>
#include <string_view>
#include <vector>

namespace pb::effects {

struct ActiveEffect {
    int type = 0;   // index in the lane's EffectBook
    double potency = 0.0;
    double remaining = 0.0;   // seconds
    double pd() const { return potency * remaining; }
    bool operator==(const ActiveEffect&) const = default;
};

enum class CreepFate { Walking, Killed, Leaked };
std::string_view fate_key(CreepFate f);

struct Creep {
    int id = 0;   // spawn order; the same creep has the same id in every compared lane
    int wave = 0;
    double max_hp = 1.0, hp = 1.0;
    double speed = 1.0;      // lane units per second, before effects
    double armour = 0.0;     // taken off every tower hit (not off damage over time)
    double attack = 1.0;     // lives it takes when it reaches the end
    double distance = 0.0;   // along the lane
    std::int64_t spawn_tick = 0;
    std::int64_t end_tick = -1;   // killed or leaked at
    CreepFate fate = CreepFate::Walking;
    double damage_taken = 0.0;
    std::vector<ActiveEffect> effects;   // in the order they landed; one per type unless stacked independently

    bool walking() const { return fate == CreepFate::Walking; }
    bool operator==(const Creep&) const = default;
};

// What a creep's effects do to it this tick, summed over every active effect.
struct Modifiers {
    double speed_factor = 1.0;    // product of (1 - slow%) over slows
    bool stopped = false;         // any stop
    double reverse = 0.0;         // strongest reverse, share of speed walked backwards
    double vulnerability = 0.0;   // summed extra damage share from hits
    double miss_chance = 0.0;     // 1 - product of (1 - miss%)
    double velocity() const;      // signed share of base speed: forwards > 0
};

}   // namespace pb::effects
