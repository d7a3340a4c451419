// Where every unit of potency x duration went, per effect type. The books balance:
//   applied + merge_delta = delivered + remaining + cancelled + transformed + blocked + wasted + dropped
// and merge_delta is 0 for a conserving policy ("nothing lost or created by a merge").
#pragma once
#include <cstdint>
#include <deque>
#include <vector>

#include "engine/effects/stacking.hpp"

namespace pb::effects {

struct PdLedger {
    double applied = 0.0;       // PD of every hit that landed (after clamping its potency)
    double merge_delta = 0.0;   // PD the merges created (> 0) or lost (< 0)
    double delivered = 0.0;     // potency x time it was active on a creep
    double cancelled = 0.0;     // removed by an interaction (fire meets ice)
    double transformed = 0.0;   // hits turned into another type (freeze on fire -> chill)
    double blocked = 0.0;       // hits a block rule stopped
    double wasted = 0.0;        // left on creeps that died or leaked
    double dropped = 0.0;       // oldest independent stacks dropped over the stack limit
    double damage = 0.0;        // hit points it took (damage over time, bleed's extra on hits)
    std::int64_t hits = 0, merges = 0;

    // applied + merge_delta - (everything accounted for), given the PD still on walking creeps.
    double imbalance(double remaining) const {
        return applied + merge_delta - (delivered + remaining + cancelled + transformed + blocked + wasted + dropped);
    }
    bool operator==(const PdLedger&) const = default;
};

enum class EventKind { Applied, Merged, Stacked, Cancelled, Transformed, Blocked };
const char* event_key(EventKind k);

// One thing that happened to one creep's effects; the timeline of a creep is rebuilt from these.
struct EffectEvent {
    std::int64_t tick = 0;
    int creep = 0;
    int type = 0;   // the type that changed (the cancelled one for Cancelled)
    EventKind kind = EventKind::Applied;
    Dose before, incoming, after;   // the creep's dose of `type` before and after; the hit
    int other = -1;                 // Cancelled/Transformed/Blocked: the other type of the rule
    bool operator==(const EffectEvent&) const = default;
};

// The most recent events of a lane: bounded, so a long run costs bounded memory.
class EventLog {
public:
    static constexpr std::size_t kCapacity = 16384;
    void add(const EffectEvent& e) {
        if (events_.size() == kCapacity) events_.pop_front();
        events_.push_back(e);
        ++total_;
    }
    const std::deque<EffectEvent>& events() const { return events_; }
    std::int64_t total() const { return total_; }
    bool operator==(const EventLog&) const = default;

private:
    std::deque<EffectEvent> events_;
    std::int64_t total_ = 0;
};

}   // namespace pb::effects
