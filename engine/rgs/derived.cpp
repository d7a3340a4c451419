// The RGS lab's derived values (docs/labs/rgs.md#sources): the efficiency two RGS give each
// other at a spacing (1 - q/2 with the game's intersection quota q), and what one
// RGS mines under r(t) = R0 2^(-t/T).
#include "engine/rgs/derived.hpp"

#include <cmath>
#include <limits>

#include "engine/rgs/config.hpp"
#include "engine/rgs/interference.hpp"

namespace pb::rgs {

namespace {

std::string n(double v) { return format_number(v); }

}   // namespace

std::vector<DerivedValue> derived_values(const ParamSet& params) {
    const RgsConfig c = config_from(params);
    const double r = c.drill_range;
    std::vector<DerivedValue> out;
    auto pair_at = [&](const char* label, double spacing, const char* spacing_text) {
        const double e = interference_modifier(spacing, r, r);
        out.push_back({label,
                       100.0 * e,
                       "% each",
                       "1 - q/2, q = (dr^3 - 12 dr + 16) / 16, dr = spacing / range = " + std::string(spacing_text) +
                           " (q: share of one sphere inside the other; the pair together mines 2 x this)",
                       {"rgs.drill.range"}});
    };
    pair_at("Two drills one range apart", r, "1");
    pair_at("Two drills half a range apart", 0.5 * r, "0.5");
    pair_at("Two drills in one spot", 0.0, "0");
    out.push_back({"Spacing for full efficiency",
                   2.0 * r,
                   "qu",
                   "2 x range = 2 x " + n(r) + " (spheres that only touch do not interfere)",
                   {"rgs.drill.range"}});
    const double R0 = c.initial_mine_rate, T = c.half_life;
    out.push_back({"Drill pays for itself in",
                   R0 > 0.0 ? 60.0 * c.drill_price / R0 : std::numeric_limits<double>::infinity(),
                   "s",
                   "60 x price / R0 = 60 x " + n(c.drill_price) + " / " + n(R0) +
                       " (one drill at 100% built at the start of the match)",
                   {"rgs.economy.initial_mine_rate", "rgs.drill.price"}});
    out.push_back({"Rate after 30 minutes",
                   R0 * std::exp2(-30.0 / T),
                   "BP/min",
                   "R0 x 2^(-30 / T) = " + n(R0) + " x 2^(-30 / " + n(T) + ")",
                   {"rgs.economy.initial_mine_rate", "rgs.economy.half_life"}});
    out.push_back({"One RGS mines in a whole match",
                   R0 * T / std::log(2.0),
                   "BP",
                   "integral of R0 x 2^(-t/T) = R0 x T / ln 2 = " + n(R0) + " x " + n(T) +
                       " / 0.693 (at 100% from the start, however long the match)",
                   {"rgs.economy.initial_mine_rate", "rgs.economy.half_life"}});
    return out;
}

}   // namespace pb::rgs
