#include "engine/effects/timeline.hpp"

#include <algorithm>
#include <cmath>

namespace pb::effects {
namespace {

struct Stack {
    double potency = 0.0, remaining = 0.0;
    std::int64_t at = 0;   // tick its remaining was measured
};

// The type's doses now: stacks run down since they were measured; spent ones go.
TimelinePoint level(std::vector<Stack>& stacks, std::int64_t tick, double dt) {
    TimelinePoint p{tick, 0.0, 0.0};
    for (Stack& s : stacks) {
        s.remaining = std::max(0.0, s.remaining - static_cast<double>(tick - s.at) * dt);
        s.at = tick;
    }
    std::erase_if(stacks, [](const Stack& s) { return s.remaining <= 1e-9; });
    for (const Stack& s : stacks) {
        p.potency += s.potency;
        p.remaining = std::max(p.remaining, s.remaining);
    }
    return p;
}

}   // namespace

CreepTimeline creep_timeline(const Lane& lane, int creep, double dt, std::int64_t now) {
    CreepTimeline out;
    if (creep < 0 || creep >= static_cast<int>(lane.creeps().size())) return out;
    const Creep& c = lane.creeps()[static_cast<std::size_t>(creep)];
    out.from = c.spawn_tick;
    out.to = c.walking() ? now : std::min(now, c.end_tick);
    std::vector<std::vector<Stack>> stacks;
    auto series = [&](int type) -> TypeTimeline& {
        for (std::size_t i = 0; i < out.types.size(); ++i)
            if (out.types[i].type == type) return out.types[i];
        out.types.push_back(TypeTimeline{type, {}, {}});
        stacks.emplace_back();
        return out.types.back();
    };
    auto index_of = [&](const TypeTimeline& t) { return static_cast<std::size_t>(&t - out.types.data()); };
    for (const EffectEvent& e : lane.events().events()) {
        if (e.creep != creep || e.tick > out.to) continue;
        TypeTimeline& t = series(e.type);
        std::vector<Stack>& s = stacks[index_of(t)];
        t.points.push_back(level(s, e.tick, dt));   // just before
        switch (e.kind) {
            case EventKind::Applied: s.push_back({e.after.potency, e.after.duration, e.tick}); break;
            case EventKind::Stacked: s.push_back({e.after.potency, e.after.duration, e.tick}); break;
            case EventKind::Merged: s.assign(1, Stack{e.after.potency, e.after.duration, e.tick}); break;
            case EventKind::Cancelled: s.clear(); break;
            case EventKind::Transformed:
            case EventKind::Blocked: break;   // the incoming type never landed
        }
        if (e.kind != EventKind::Applied) t.marks.push_back({e.tick, e.kind});
        t.points.push_back(level(s, e.tick, dt));   // just after
    }
    // Run every type down to the end, with a point where each one ran out.
    for (std::size_t i = 0; i < out.types.size(); ++i) {
        std::vector<Stack>& s = stacks[i];
        while (!s.empty()) {
            double longest = 0.0;
            for (const Stack& k : s) longest = std::max(longest, k.remaining);
            const std::int64_t runs_out = s.front().at + static_cast<std::int64_t>(std::ceil(longest / dt - 1e-9));
            if (runs_out >= out.to) break;
            // Shortest first: each stack's end is a corner of the summed potency.
            double shortest = longest;
            for (const Stack& k : s) shortest = std::min(shortest, k.remaining);
            const std::int64_t next = s.front().at + static_cast<std::int64_t>(std::ceil(shortest / dt - 1e-9));
            out.types[i].points.push_back(level(s, next, dt));
        }
        out.types[i].points.push_back(level(s, out.to, dt));
    }
    return out;
}

}   // namespace pb::effects
