// The RGS lab's tunable values, derived from the lab's ParamSet (declared once in params.cpp,
// defaults included: a config comes from config_from; a default-constructed one is all NaN).
// Economy defaults are the example of Unvanquished's resource post (R0 = 15 BP/min, T = 15 min;
// docs/labs/rgs.md#sources); the map (8000 x 8000 x 1000 qu), the range (800 qu), prices, build
// times and health are ours.
#pragma once
#include "engine/core/param_binding.hpp"
#include "engine/rgs/types.hpp"

namespace pb::rgs {

struct RgsConfig {
    // map: the box [0, width] x [0, depth] x [0, height]
    double map_width = kUnsetParam;
    double map_depth = kUnsetParam;
    double map_height = kUnsetParam;
    // drill (team 0's RGS by default)
    double drill_range = kUnsetParam;
    double drill_price = kUnsetParam;
    double drill_build_time = kUnsetParam;   // seconds
    double drill_health = kUnsetParam;
    // leech (team 1's RGS by default)
    double leech_range = kUnsetParam;
    double leech_price = kUnsetParam;
    double leech_build_time = kUnsetParam;
    double leech_health = kUnsetParam;
    // economy
    double initial_bp = kUnsetParam;
    double initial_mine_rate = kUnsetParam;   // R0, BP/min
    double half_life = kUnsetParam;           // T, minutes of match time
    double min_efficiency = kUnsetParam;      // percent points of one RGS, while the main structure is alive

    double range(Kind k) const { return k == Kind::Drill ? drill_range : leech_range; }
    double price(Kind k) const { return k == Kind::Drill ? drill_price : leech_price; }
    int build_time(Kind k) const { return static_cast<int>(k == Kind::Drill ? drill_build_time : leech_build_time); }
    double max_health(Kind k) const { return k == Kind::Drill ? drill_health : leech_health; }
    Vec3 map_size() const { return {map_width, map_depth, map_height}; }
};

const ParamTable& rgs_param_table();
RgsConfig config_from(const ParamSet& params);

}   // namespace pb::rgs
