// The Logistics lab's colours and the rules that turn simulation values into pictures, shared by
// the canvas (logistics_view.cpp) and the colour key in the Analysis tab (logistics_tools.cpp), so
// the key always shows what the map draws.
#pragma once
#include <algorithm>
#include <cmath>
#include <string>

#include <imgui.h>

#include "engine/logistics/world.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::ui::logistics_style {

// "Sink #3": a target as the map's labels and the tools name it.
inline std::string target_name(const logistics::Target& t) {
    return std::string(logistics::kind_info(t.kind).label) + " #" + std::to_string(t.id);
}

inline constexpr ImU32 kFloor = palette::rgb(46, 50, 44);
inline constexpr ImU32 kWall = palette::rgb(104, 96, 86);
inline constexpr ImU32 kGrid = palette::rgb(255, 255, 255, 14);
inline constexpr ImU32 kEdge = palette::rgb(200, 205, 210, 160);
inline constexpr ImU32 kEnergy = palette::rgb(255, 205, 60);
inline constexpr ImU32 kMineral = palette::rgb(186, 120, 255);
inline constexpr ImU32 kSink = palette::rgb(225, 228, 232);
inline constexpr ImU32 kSource = palette::rgb(214, 142, 62);
inline constexpr ImU32 kBuffer = palette::rgb(110, 160, 215);
inline constexpr ImU32 kBoxInside = palette::rgb(22, 24, 28);
inline constexpr ImU32 kTransporter = palette::rgb(240, 240, 240);
inline constexpr ImU32 kIdle = palette::rgb(150, 154, 160);
inline constexpr ImU32 kLabel = palette::rgb(250, 250, 250, 220);
inline constexpr ImU32 kDiscEdge = palette::rgb(20, 20, 20);
inline constexpr ImU32 kDeliveredToSinks = palette::rgb(120, 220, 110);
inline constexpr ImU32 kMovedIntoBuffers = kBuffer;
inline constexpr ImU32 kUnmet = palette::rgb(240, 110, 90);

// Buffers are drawn larger than sinks and sources (half a side, in tiles).
inline constexpr float kTargetHalf = 0.42f;
inline constexpr float kBufferHalf = 0.62f;
// A transporter's disc (radius in tiles) and its load disc's share of that radius at full load.
inline constexpr float kDiscRadius = 0.45f;
inline constexpr float kLoadDisc = 0.85f;
// Loads and stocks smaller than this are float residues of the engine's arithmetic (4.3e-14
// energy left after a transfer): shown as empty, in numbers and pictures.
inline constexpr double kResidue = 1e-6;
// Shapes smaller than this many pixels are not drawn: they would not show.
inline constexpr float kMinVisiblePx = 1.0f;

inline ImU32 resource_colour(logistics::Resource r) { return r == logistics::Resource::Energy ? kEnergy : kMineral; }
inline ImU32 role_colour(logistics::Role r) {
    return r == logistics::Role::Sink ? kSink : r == logistics::Role::Source ? kSource : kBuffer;
}

// An amount as shown: residues below kResidue are 0 (and never "-0").
inline double shown(double units) { return std::abs(units) < kResidue ? 0.0 : units + 0.0; }

inline ImU32 mix(ImU32 a, ImU32 b, float t) {
    auto channel = [&](int shift) {
        const float x = static_cast<float>((a >> shift) & 0xff), y = static_cast<float>((b >> shift) & 0xff);
        return static_cast<ImU32>(std::lround(x + (y - x) * t)) << shift;
    };
    return channel(IM_COL32_R_SHIFT) | channel(IM_COL32_G_SHIFT) | channel(IM_COL32_B_SHIFT) |
           channel(IM_COL32_A_SHIFT);
}

// Slow (dim blue) through middling (teal) to fast (bright green): the rate of a route, as a share
// of the fastest route on the map.
inline ImU32 rate_colour(double share) {
    const float t = static_cast<float>(std::clamp(share, 0.0, 1.0));
    const ImU32 slow = palette::rgb(70, 90, 200, 200), mid = palette::rgb(40, 190, 200, 220),
                fast = palette::rgb(120, 255, 110, 240);
    return t < 0.5f ? mix(slow, mid, t * 2.0f) : mix(mid, fast, (t - 0.5f) * 2.0f);
}

// The rate (units/tick) the route colours are scaled to: the fastest busy transporter's choice.
inline double fastest_route_rate(const logistics::LogisticsWorld& w) {
    double fastest = 0.0;
    for (const logistics::Transporter& t : w.transporters())
        if (!t.removed && t.request >= 0 && std::isfinite(t.assigned_rate))
            fastest = std::max(fastest, t.assigned_rate);
    return fastest;
}

}   // namespace pb::ui::logistics_style
