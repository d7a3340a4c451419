// Colours of the Tasks view (kept together so tests can look for them in rendered images).
#pragma once
#include "ui/widgets/palette.hpp"

namespace pb::ui::tasks_colours {

inline constexpr ImU32 kCorridor = palette::rgb(120, 128, 138);
inline constexpr ImU32 kDamageCorridor = palette::rgb(235, 120, 50);
inline constexpr ImU32 kCorridorLabel = palette::rgb(210, 214, 220);
inline constexpr ImU32 kRoom = palette::rgb(52, 58, 66);
inline constexpr ImU32 kHazardRoom = palette::rgb(170, 40, 40);
inline constexpr ImU32 kRoomEdge = palette::rgb(170, 176, 184);
inline constexpr ImU32 kEvent = palette::rgb(255, 70, 70);
inline constexpr ImU32 kEquipment = palette::rgb(250, 205, 60);
inline constexpr ImU32 kChartBackground = palette::rgb(18, 20, 24);
inline constexpr ImU32 kChartGrid = palette::rgb(255, 255, 255, 30);

// One colour per player (and per team size in the charts), cycling after eight.
inline constexpr ImU32 kSeries[8] = {
    palette::rgb(66, 135, 245), palette::rgb(80, 200, 120), palette::rgb(200, 110, 240), palette::rgb(255, 150, 60),
    palette::rgb(60, 210, 220), palette::rgb(240, 90, 160), palette::rgb(180, 200, 70),  palette::rgb(150, 150, 255)};
inline ImU32 player(int index) { return kSeries[index % 8]; }
inline ImU32 team_size(int k) { return kSeries[(k - 1) % 8]; }

}   // namespace pb::ui::tasks_colours
