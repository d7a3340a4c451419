// A creep's effect timeline, rebuilt from its lane's event log: per effect type, its potency and
// remaining duration over time, and the ticks where hits merged, stacked or were cancelled. The
// view draws it for the creep a designer clicks. Between events a dose only runs down, so the
// events alone give the whole picture (as far back as the bounded log reaches).
#pragma once
#include <cstdint>
#include <vector>

#include "engine/effects/lane.hpp"

namespace pb::effects {

struct TimelinePoint {
    std::int64_t tick = 0;
    double potency = 0.0;     // summed over independent stacks
    double remaining = 0.0;   // the longest stack's
};

struct TimelineMark {
    std::int64_t tick = 0;
    EventKind kind = EventKind::Merged;
};

struct TypeTimeline {
    int type = 0;
    std::vector<TimelinePoint> points;   // in tick order; a jump is two points at the same tick
    std::vector<TimelineMark> marks;     // merges, stacks, cancels, transforms, blocks
};

struct CreepTimeline {
    std::int64_t from = 0, to = 0;     // ticks the timeline spans (spawn, or first event kept; now or end)
    std::vector<TypeTimeline> types;   // in order of first appearance
};

// The timeline of `creep` in `lane` up to tick `now`; `dt` is seconds per tick.
CreepTimeline creep_timeline(const Lane& lane, int creep, double dt, std::int64_t now);

}   // namespace pb::effects
