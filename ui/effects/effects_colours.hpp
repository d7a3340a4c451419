// Colours of the Effects view: an effect type's own (data), one per compared lane, health.
#pragma once
#include <cstddef>

#include "engine/effects/effect_types.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::ui {

inline ImU32 effect_colour(const effects::EffectType& t, std::uint8_t alpha = 255) {
    return palette::rgb(t.colour.r, t.colour.g, t.colour.b, alpha);
}

// Compared lanes, in the same colour in the panels' titles and the charts' lines.
inline ImU32 lane_colour(std::size_t lane) {
    constexpr ImU32 colours[] = {palette::rgb(255, 200, 70),  palette::rgb(110, 170, 255), palette::rgb(240, 110, 150),
                                 palette::rgb(120, 220, 140), palette::rgb(200, 150, 255), palette::rgb(150, 220, 230)};
    return colours[lane % 6];
}

// Full (green) to nearly dead (red).
inline ImU32 health_colour(float share) {
    const float t = share < 0.0f ? 0.0f : share > 1.0f ? 1.0f : share;
    return palette::rgb(static_cast<std::uint8_t>(220 - 170 * t), static_cast<std::uint8_t>(60 + 150 * t), 60);
}

}   // namespace pb::ui
