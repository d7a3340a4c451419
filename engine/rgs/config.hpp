// The RGS lab's tunable values, derived from the lab's ParamSet (declared once in params.cpp).
// Economy defaults are the post's example (R0 = 15 BP/min, T = 15 min); the map and range are the
// issue's (8000 x 8000 x 1000 qu, 800 qu); prices, build times and health are ours.
#pragma once
#include "engine/core/params.hpp"
#include "engine/rgs/types.hpp"

namespace pb::rgs {

struct RgsConfig {
    // map: the box [0, width] x [0, depth] x [0, height]
    double map_width = 8000.0;
    double map_depth = 8000.0;
    double map_height = 1000.0;
    // drill (team 0's RGS by default)
    double drill_range = 800.0;
    double drill_price = 10.0;
    double drill_build_time = 10.0;   // seconds
    double drill_health = 300.0;
    // leech (team 1's RGS by default)
    double leech_range = 800.0;
    double leech_price = 10.0;
    double leech_build_time = 10.0;
    double leech_health = 250.0;
    // economy
    double initial_bp = 50.0;
    double initial_mine_rate = 15.0;  // R0, BP/min
    double half_life = 15.0;          // T, minutes of match time
    double min_efficiency = 20.0;     // percent points of one RGS, while the main structure is alive

    double range(Kind k) const { return k == Kind::Drill ? drill_range : leech_range; }
    double price(Kind k) const { return k == Kind::Drill ? drill_price : leech_price; }
    int build_time(Kind k) const { return static_cast<int>(k == Kind::Drill ? drill_build_time : leech_build_time); }
    double max_health(Kind k) const { return k == Kind::Drill ? drill_health : leech_health; }
    Vec3 map_size() const { return {map_width, map_depth, map_height}; }
};

const ParamTable& rgs_param_table();
RgsConfig config_from(const ParamSet& params);

}  // namespace pb::rgs
