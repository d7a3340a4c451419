// Colours shared by the views and the tests that look for them in rendered images.
#pragma once
#include <cstdint>

#include <imgui.h>

namespace pb::ui::palette {

inline constexpr ImU32 rgb(std::uint8_t r, std::uint8_t g, std::uint8_t b, std::uint8_t a = 255) {
    return (static_cast<ImU32>(a) << IM_COL32_A_SHIFT) | (static_cast<ImU32>(b) << IM_COL32_B_SHIFT) |
           (static_cast<ImU32>(g) << IM_COL32_G_SHIFT) | (static_cast<ImU32>(r) << IM_COL32_R_SHIFT);
}
inline constexpr ImU32 with_alpha(ImU32 c, std::uint8_t a) {
    return (c & ~IM_COL32_A_MASK) | (static_cast<ImU32>(a) << IM_COL32_A_SHIFT);
}

// Chart frames and tick labels (ui/widgets/chart.cpp and the charts drawn beside it).
inline constexpr ImU32 kPlotFrame = rgb(70, 76, 84);
inline constexpr ImU32 kTickText = rgb(160, 166, 172);
inline constexpr ImU32 kCanvasBackground = rgb(24, 27, 31);
inline constexpr ImU32 kField = rgb(38, 104, 64);
inline constexpr ImU32 kFieldStripe = rgb(42, 112, 69);
inline constexpr ImU32 kFieldLine = rgb(235, 240, 235, 210);
inline constexpr ImU32 kKeepoffLine = rgb(255, 255, 255, 90);
inline constexpr ImU32 kKeepoffLineActive = rgb(255, 214, 90, 230);
inline constexpr ImU32 kTeam[2] = {rgb(66, 135, 245), rgb(232, 72, 72)};
inline constexpr ImU32 kTeamDark[2] = {rgb(24, 60, 130), rgb(120, 28, 28)};
inline constexpr ImU32 kBall = rgb(255, 236, 110);
inline constexpr ImU32 kBallOutline = rgb(60, 50, 10);
inline constexpr ImU32 kCarrierRing = rgb(255, 236, 110, 230);
inline constexpr ImU32 kPodNumber = rgb(255, 255, 255);
inline constexpr ImU32 kOverlayBackground = rgb(12, 14, 16, 200);
inline constexpr ImU32 kOverlayText = rgb(230, 232, 235);
inline constexpr ImU32 kOverlayDim = rgb(160, 166, 172);
inline constexpr ImU32 kDragGhost = rgb(255, 255, 255, 200);
inline constexpr ImU32 kSelection = rgb(255, 214, 60, 235);   // the selected entity's ring

// Replay timeline
inline constexpr ImU32 kTimelineTrack = rgb(44, 48, 54);
inline constexpr ImU32 kTimelineLoop = rgb(70, 110, 170, 120);
inline constexpr ImU32 kCommandMark = rgb(255, 190, 70);
inline constexpr ImU32 kNoteMark = rgb(90, 215, 235);
inline constexpr ImU32 kDivergenceMark = rgb(255, 50, 50);
inline constexpr ImU32 kPlayhead = rgb(245, 245, 245);

// Compare mode: the labels of A (the scenario) and B (the variant)
inline constexpr ImU32 kCompareA = rgb(140, 200, 255);
inline constexpr ImU32 kCompareB = rgb(255, 184, 84);

// Panels
inline const ImVec4 kChangedMark{1.00f, 0.70f, 0.25f, 1.0f};   // a value not at its default
inline const ImVec4 kEditedLabel{1.00f, 0.85f, 0.45f, 1.0f};   // a value differing from the file
inline const ImVec4 kErrorBanner{0.62f, 0.12f, 0.12f, 1.0f};
inline const ImVec4 kDimText{0.62f, 0.65f, 0.68f, 1.0f};

}   // namespace pb::ui::palette
