// The logistics lab's derived values (docs/labs/logistics.md#sources): Overmind scores a trip as
// multiplier x amount / time, the time estimated as factor x Chebyshev range / speed.
#include "engine/logistics/derived.hpp"

#include <limits>

#include "engine/logistics/config.hpp"

namespace pb::logistics {

namespace {

std::string n(double v) { return format_number(v); }
constexpr double kTiles = 10.0;   // a typical trip in a room

}   // namespace

std::vector<DerivedValue> derived_values(const ParamSet& params) {
    const LogisticsConfig c = config_from(params);
    const double trip = c.estimate_factor * kTiles / c.transporter_speed;
    std::vector<DerivedValue> out;
    out.push_back({"Estimated trip of 10 tiles",
                   trip,
                   "ticks",
                   "factor x 10 tiles / speed = " + n(c.estimate_factor) + " x 10 / " + n(c.transporter_speed) +
                       " (Overmind's estimate; true paths around walls take longer)",
                   {"logistics.distance.estimate_factor", "logistics.transporter.speed"}});
    out.push_back(
        {"Full load 10 tiles away scores",
         c.transporter_capacity / trip,
         "energy/tick",
         "capacity / estimated trip = " + n(c.transporter_capacity) + " / " + n(trip) +
             " (the rate a transporter ranks such a request by, multiplier 1)",
         {"logistics.transporter.capacity", "logistics.transporter.speed", "logistics.distance.estimate_factor"}});
    out.push_back(
        {"A tower outranks a spawn by",
         c.spawn_multiplier > 0.0 ? c.tower_multiplier / c.spawn_multiplier : std::numeric_limits<double>::infinity(),
         "times",
         "tower multiplier / spawn multiplier = " + n(c.tower_multiplier) + " / " + n(c.spawn_multiplier) +
             " (for the same amount at the same distance)",
         {"logistics.multiplier.tower", "logistics.multiplier.spawn"}});
    return out;
}

}   // namespace pb::logistics
