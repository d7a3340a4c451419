// The RGS lab's parameter table: every tunable value declared once, bound to its RgsConfig field.
#include <stdexcept>
#include <vector>

#include "engine/core/param_binding.hpp"
#include "engine/rgs/config.hpp"

namespace pb::rgs {
namespace {

constexpr auto real = real_param;

ParamDef seconds(const char* key, const char* label, double max, double def, const char* description) {
    return ParamDef{key, label, "s", 0.0, max, def, description, ParamType::Integer};
}

const BoundParamTable<RgsConfig>& bound_params() {
    using C = RgsConfig;
    // Ranges reach far beyond a real map so that benchmarks and stress scenarios fit; ranges and
    // map extents stay positive because the interference quota divides by them.
    static const BoundParamTable<RgsConfig> table({
        {real("rgs.map.width", "Map width", "qu", 500.0, 200000.0, 8000.0, "Extent of the map along x (0 .. width)"),
         &C::map_width},
        {real("rgs.map.depth", "Map depth", "qu", 500.0, 200000.0, 8000.0, "Extent of the map along y (0 .. depth)"),
         &C::map_depth},
        {real("rgs.map.height", "Map height", "qu", 100.0, 200000.0, 1000.0,
              "Extent of the map along z, the vertical (0 .. height)"),
         &C::map_height},

        {real("rgs.drill.range", "Drill range", "qu", 50.0, 20000.0, 800.0,
              "Radius of a drill's spherical area of effect (unless the drill has its own range)"),
         &C::drill_range},
        {real("rgs.drill.price", "Drill price", "BP", 0.0, 1000.0, 10.0, "Build points a drill costs"),
         &C::drill_price},
        {seconds("rgs.drill.build_time", "Drill build time", 3600.0, 10.0,
                 "Seconds a drill spends building before it mines (and interferes)"),
         &C::drill_build_time},
        {real("rgs.drill.health", "Drill health", "HP", 1.0, 100000.0, 300.0,
              "Full health of a drill; deconstructing at h% of it refunds h% of the price"),
         &C::drill_health},

        {real("rgs.leech.range", "Leech range", "qu", 50.0, 20000.0, 800.0,
              "Radius of a leech's spherical area of effect (unless the leech has its own range)"),
         &C::leech_range},
        {real("rgs.leech.price", "Leech price", "BP", 0.0, 1000.0, 10.0, "Build points a leech costs"),
         &C::leech_price},
        {seconds("rgs.leech.build_time", "Leech build time", 3600.0, 10.0,
                 "Seconds a leech spends building before it mines (and interferes)"),
         &C::leech_build_time},
        {real("rgs.leech.health", "Leech health", "HP", 1.0, 100000.0, 250.0,
              "Full health of a leech; deconstructing at h% of it refunds h% of the price"),
         &C::leech_health},

        {real("rgs.economy.initial_bp", "Initial build points", "BP", 0.0, 100000.0, 50.0,
              "Build points each team starts with (a scenario's [teamN] bp overrides it)"),
         &C::initial_bp},
        {real("rgs.economy.initial_mine_rate", "Initial mine rate R0", "BP/min", 0.0, 10000.0, 15.0,
              "r(0): what one RGS at 100% efficiency mines per minute at the start of the match"),
         &C::initial_mine_rate},
        {real("rgs.economy.half_life", "Mine rate half life T", "min", 0.1, 100000.0, 15.0,
              "r(t) = R0 * 2^(-t/T): the level-wide rate halves every T minutes of match time"),
         &C::half_life},
        {real("rgs.economy.min_efficiency", "Minimum efficiency", "%", 0.0, 1000.0, 20.0,
              "While a team's main structure is alive its summed efficiency is raised to this (percent of one RGS)"),
         &C::min_efficiency},
    });
    return table;
}

}   // namespace

const ParamTable& rgs_param_table() { return bound_params().table(); }

RgsConfig config_from(const ParamSet& params) { return bound_params().config_from(params); }

}   // namespace pb::rgs
