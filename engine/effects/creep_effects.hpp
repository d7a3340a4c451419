// The two things that happen to a creep's effects: a hit lands (interactions first, then the
// type's stacking policy), and a tick passes (effects act, deliver their potency, run down).
// Every unit of potency x duration is booked in the lane's ledgers.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/effects/creep.hpp"
#include "engine/effects/effect_types.hpp"
#include "engine/effects/ledger.hpp"

namespace pb::effects {

struct EffectContext {
    const EffectBook* book = nullptr;
    std::optional<StackingPolicy> policy_override;   // a compared lane's policy, for every type
    int max_stacks = 16;                             // independent stacks per type per creep
    bool bleed_amplifies_dots = false;               // vulnerability also raises damage over time
    std::vector<PdLedger>* ledgers = nullptr;        // per type
    EventLog* events = nullptr;                      // may be null (no record)
    std::int64_t tick = 0;

    StackingPolicy policy_of(int type) const { return policy_override ? *policy_override : book->type(type).policy; }
};

// The potency a hit of this kind really carries: clamped to the kind's range; stops are 1.
double normalised_potency(EffectKind kind, double potency);

// A hit of `type` with `dose` lands on a walking creep.
void apply_effect(Creep& c, int type, Dose dose, const EffectContext& ctx);

// What the creep's effects do to it now.
Modifiers modifiers_of(const Creep& c, const EffectBook& book);

// Effects act for one tick of `dt` seconds: damage over time (bleed raises it when asked), potency
// delivered, durations run down, expired ones go. Returns the damage dealt (hp is reduced).
double tick_effects(Creep& c, double dt, const Modifiers& m, const EffectContext& ctx);

// A creep that dies or leaks takes its remaining effects with it (booked as wasted).
void clear_effects(Creep& c, const EffectContext& ctx);

// Potency x duration still on the creep, per type (added into `out`, sized to the book).
void add_remaining_pd(const Creep& c, std::vector<double>& out);

}   // namespace pb::effects
