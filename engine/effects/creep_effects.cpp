#include "engine/effects/creep_effects.hpp"

#include <algorithm>
#include <cmath>

namespace pb::effects {
namespace {

// Durations under this are spent: a tick of 1/120 s is far above it, rounding noise far below.
constexpr double kSpent = 1e-9;

PdLedger& ledger(const EffectContext& ctx, int type) { return (*ctx.ledgers)[static_cast<std::size_t>(type)]; }

void record(const EffectContext& ctx, const Creep& c, int type, EventKind kind, Dose before, Dose incoming, Dose after,
            int other = -1) {
    if (ctx.events) ctx.events->add(EffectEvent{ctx.tick, c.id, type, kind, before, incoming, after, other});
}

// Removes every stack of `type` from the creep, booking it as cancelled; returns what it held.
Dose remove_type(Creep& c, int type, const EffectContext& ctx) {
    Dose held{0.0, 0.0};
    for (const ActiveEffect& e : c.effects)
        if (e.type == type) {
            ledger(ctx, type).cancelled += e.pd();
            held.potency = std::max(held.potency, e.potency);
            held.duration = std::max(held.duration, e.remaining);
        }
    std::erase_if(c.effects, [&](const ActiveEffect& e) { return e.type == type; });
    return held;
}

bool carries(const Creep& c, int type) {
    for (const ActiveEffect& e : c.effects)
        if (e.type == type) return true;
    return false;
}

}   // namespace

double Modifiers::velocity() const {
    if (stopped) return 0.0;
    return (reverse > 0.0 ? -reverse : 1.0) * speed_factor;
}

double normalised_potency(EffectKind kind, double potency) {
    if (kind == EffectKind::Stop) return 1.0;
    return std::clamp(potency, 0.0, max_potency(kind));
}

void apply_effect(Creep& c, int type, Dose dose, const EffectContext& ctx) {
    const EffectBook& book = *ctx.book;
    dose.potency = normalised_potency(book.type(type).kind, dose.potency);
    if (!(dose.duration > 0.0)) return;
    PdLedger& own = ledger(ctx, type);
    own.applied += dose.pd();
    ++own.hits;

    // Interactions, in the order the rules were given: cancels remove what they name and let the
    // hit go on; a block stops it; a transform turns it into another type (then stacking as that).
    for (int index : book.rules_for(type)) {
        const InteractionRule& r = book.rules()[static_cast<std::size_t>(index)];
        if (!carries(c, r.present_index)) continue;
        if (r.action == InteractionAction::Block) {
            own.blocked += dose.pd();
            record(ctx, c, type, EventKind::Blocked, {}, dose, {}, r.present_index);
            return;
        }
        const Dose gone = remove_type(c, r.present_index, ctx);
        record(ctx, c, r.present_index, EventKind::Cancelled, gone, dose, {}, type);
        if (r.action == InteractionAction::Transform) {
            own.transformed += dose.pd();
            const int into = r.into_index;
            const Dose became{normalised_potency(book.type(into).kind, r.potency), dose.duration};
            record(ctx, c, type, EventKind::Transformed, {}, dose, became, into);
            type = into;
            dose = became;
            PdLedger& target = ledger(ctx, type);
            target.applied += dose.pd();
            ++target.hits;
            break;   // the transformed hit does not trigger rules again (no loops by construction)
        }
    }

    PdLedger& book_of = ledger(ctx, type);
    const StackingPolicy policy = ctx.policy_of(type);
    if (policy == StackingPolicy::Independent) {
        // Over the limit the stack with the least left goes first (its PD booked as dropped).
        int stacks = 0;
        for (const ActiveEffect& e : c.effects) stacks += e.type == type;
        if (stacks >= std::max(1, ctx.max_stacks)) {
            auto weakest = c.effects.end();
            for (auto it = c.effects.begin(); it != c.effects.end(); ++it)
                if (it->type == type && (weakest == c.effects.end() || it->pd() < weakest->pd())) weakest = it;
            book_of.dropped += weakest->pd();
            c.effects.erase(weakest);
        }
        c.effects.push_back({type, dose.potency, dose.duration});
        record(ctx, c, type, stacks > 0 ? EventKind::Stacked : EventKind::Applied, {}, dose, dose);
        return;
    }
    for (ActiveEffect& e : c.effects) {
        if (e.type != type) continue;
        const Dose before{e.potency, e.remaining};
        Dose after = merge(policy, before, dose);
        // Matching the longest duration can push a potency past its kind's end (a 130% slow);
        // the excess potency x duration then lengthens the effect instead, so PD is still kept.
        const double cap = max_potency(book.type(type).kind);
        if (after.potency > cap) after = Dose{cap, after.pd() / cap};
        book_of.merge_delta += after.pd() - (before.pd() + dose.pd());
        ++book_of.merges;
        e.potency = after.potency;
        e.remaining = after.duration;
        record(ctx, c, type, EventKind::Merged, before, dose, after);
        return;
    }
    c.effects.push_back({type, dose.potency, dose.duration});
    record(ctx, c, type, EventKind::Applied, {}, dose, dose);
}

Modifiers modifiers_of(const Creep& c, const EffectBook& book) {
    Modifiers m;
    double hit_chance = 1.0;
    // Shares are clamped to [0, 1]: a type redefined to another kind keeps the potencies its
    // stacks already carry, and a 300 dps poison turned into a slow must not walk a creep backwards.
    const auto share = [](double percent) { return std::clamp(percent / 100.0, 0.0, 1.0); };
    for (const ActiveEffect& e : c.effects) {
        switch (book.type(e.type).kind) {
            case EffectKind::Damage: break;
            case EffectKind::Slow: m.speed_factor *= 1.0 - share(e.potency); break;
            case EffectKind::Stop: m.stopped = true; break;
            case EffectKind::Vulnerability: m.vulnerability += e.potency / 100.0; break;
            case EffectKind::Reverse: m.reverse = std::max(m.reverse, share(e.potency)); break;
            case EffectKind::Miss: hit_chance *= 1.0 - share(e.potency); break;
        }
    }
    m.miss_chance = 1.0 - hit_chance;
    return m;
}

double tick_effects(Creep& c, double dt, const Modifiers& m, const EffectContext& ctx) {
    const EffectBook& book = *ctx.book;
    const double dot_factor = ctx.bleed_amplifies_dots ? 1.0 + m.vulnerability : 1.0;
    double dealt = 0.0;
    for (ActiveEffect& e : c.effects) {
        const double active = std::min(dt, e.remaining);
        PdLedger& l = ledger(ctx, e.type);
        l.delivered += e.potency * active;
        if (book.type(e.type).kind == EffectKind::Damage && c.hp > 0.0) {
            // Hit points really taken: the last tick of a dying creep does not count its overkill.
            const double damage = std::min(c.hp, e.potency * active * dot_factor);
            c.hp -= damage;
            l.damage += damage;
            dealt += damage;
        }
        e.remaining -= active;
    }
    std::erase_if(c.effects, [](const ActiveEffect& e) { return e.remaining <= kSpent; });
    c.damage_taken += dealt;
    return dealt;
}

void clear_effects(Creep& c, const EffectContext& ctx) {
    for (const ActiveEffect& e : c.effects) ledger(ctx, e.type).wasted += e.pd();
    c.effects.clear();
}

void add_remaining_pd(const Creep& c, std::vector<double>& out) {
    for (const ActiveEffect& e : c.effects) out[static_cast<std::size_t>(e.type)] += e.pd();
}

}   // namespace pb::effects
