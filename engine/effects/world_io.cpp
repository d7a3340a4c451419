// EffectsWorld's outside: the state hash, the JSON state and metrics of `run --json`, and the
// status line.
#include <cstdio>

#include "engine/core/hash.hpp"
#include "engine/core/lab.hpp"
#include "engine/effects/world.hpp"

namespace pb::effects {
namespace {

void hash_dose(StateHasher& h, Dose d) {
    h.add(d.potency);
    h.add(d.duration);
}

void hash_lane(StateHasher& h, const Lane& lane) {
    h.add(variant_key(lane.variant()));
    for (std::uint64_t s : lane.rng().state()) h.add_u64(s);
    h.add(lane.seconds());
    h.add(lane.lives());
    h.add(lane.kills());
    h.add(lane.leaks());
    h.add(lane.missed_attacks());
    h.add(lane.total_damage());
    h.add(lane.mean_time_to_kill());
    h.add(lane.base_fell_tick());
    h.add(static_cast<std::int64_t>(lane.creeps().size()));
    // Every creep, dead ones included, through the quick hash (its blocks are summed, not
    // chained: a lane's hundreds of creeps cost a fraction of a chained multiply each, and replays
    // take this full hash after every command and every kFullHashEvery ticks).
    QuickHasher creeps;
    for (const Creep& c : lane.creeps()) {
        creeps.add4(c.hp, c.max_hp, c.speed, c.armour);
        creeps.add4(c.attack, c.distance, c.damage_taken, 0.0);
        creeps.add_words(static_cast<std::uint64_t>(c.spawn_tick), static_cast<std::uint64_t>(c.end_tick));
        creeps.add_words(static_cast<std::uint64_t>(c.fate), c.effects.size());
        for (const ActiveEffect& e : c.effects) {
            creeps.add_words(static_cast<std::uint64_t>(e.type), 0);
            creeps.add2(e.potency, e.remaining);
        }
    }
    h.add_u64(creeps.value());
    for (const Tower& t : lane.towers()) {
        h.add(t.removed);
        h.add(t.def.pos.x);
        h.add(t.def.pos.y);
        h.add(t.def.range);
        h.add(t.def.rate);
        h.add(t.def.damage);
        h.add(t.def.effect);
        h.add(t.def.potency);
        h.add(t.def.duration);
        h.add(t.def.chance);
        h.add(t.cooldown);
        h.add(t.shots);
        h.add(t.damage);
    }
    for (const PdLedger& l : lane.ledgers())
        for (double v : {l.applied, l.merge_delta, l.delivered, l.cancelled, l.transformed, l.blocked, l.wasted, l.dropped,
                         l.damage})
            h.add(v);
    h.add(lane.events().total());
    if (!lane.events().events().empty()) {
        const EffectEvent& e = lane.events().events().back();
        h.add(e.tick);
        hash_dose(h, e.after);
    }
    h.add(static_cast<std::int64_t>(lane.history().size()));
}

void write_dose_fields(JsonWriter& out, const ActiveEffect& e, const EffectBook& book) {
    out.field("type", book.type(e.type).name).field("potency", e.potency).field("remaining", e.remaining);
}

}  // namespace

const LabInfo& EffectsWorld::lab() const { return effects_lab(); }

std::uint64_t EffectsWorld::tick_hash() const {
    // (No tick: a replay keeps one hash per tick, so where a hash sits says its tick.)
    QuickHasher h;
    h.add_u64(params_hash());
    for (const Lane& lane : lanes_) lane.add_tick_hash(h);
    return h.value();
}

std::uint64_t EffectsWorld::hash() const {
    StateHasher h;
    h.add(tick_);
    for (std::size_t i = 0; i < params_.size(); ++i) h.add(params_[i]);
    for (const EffectType& t : book_.types()) {
        h.add(t.name);
        h.add(static_cast<int>(t.kind));
        h.add(static_cast<int>(t.policy));
    }
    for (const InteractionRule& r : book_.rules()) {
        h.add(r.incoming);
        h.add(r.present);
        h.add(static_cast<int>(r.action));
        h.add(r.into);
        h.add(r.potency);
    }
    for (const Vec2& p : path_.waypoints()) {
        h.add(p.x);
        h.add(p.y);
    }
    h.add(static_cast<std::int64_t>(waves_.size()));
    for (const Lane& lane : lanes_) hash_lane(h, lane);
    return h.value();
}

void EffectsWorld::write_state(JsonWriter& out) const {
    out.begin_object();
    out.field("tick", tick_).field("seconds", seconds());
    out.key("lane").begin_object().field("length", path_.length()).key("waypoints").begin_array();
    for (const Vec2& p : path_.waypoints()) out.begin_array().value(p.x).value(p.y).end_array();
    out.end_array().end_object();
    out.key("towers").begin_array();
    for (const Tower& t : lanes_.front().towers()) {
        if (t.removed) continue;
        out.begin_object().field("id", t.id).key("position").begin_array().value(t.def.pos.x).value(t.def.pos.y).end_array();
        out.field("range", t.def.range).field("rate", t.def.rate).field("damage", t.def.damage);
        if (!t.def.effect.empty())
            out.field("effect", t.def.effect).field("potency", t.def.potency).field("duration", t.def.duration).field("chance", t.def.chance);
        out.end_object();
    }
    out.end_array();
    out.key("lanes").begin_array();
    for (const Lane& lane : lanes_) {
        out.begin_object().field("policy", variant_key(lane.variant())).field("lives", lane.lives());
        out.key("creeps").begin_array();
        for (const Creep& c : lane.creeps()) {
            if (!c.walking()) continue;
            const Vec2 p = path_.position_at(c.distance);
            out.begin_object().field("id", c.id).field("wave", c.wave).field("hp", c.hp).field("max_hp", c.max_hp);
            out.field("distance", c.distance).key("position").begin_array().value(p.x).value(p.y).end_array();
            out.key("effects").begin_array();
            for (const ActiveEffect& e : c.effects) {
                out.begin_object();
                write_dose_fields(out, e, book_);
                out.end_object();
            }
            out.end_array().end_object();
        }
        out.end_array().end_object();
    }
    out.end_array();
    out.end_object();
}

void EffectsWorld::write_metrics(JsonWriter& out) const {
    out.begin_object();
    out.field("seconds", seconds()).field("finished", finished());
    out.key("policies").begin_array();
    for (const Lane& lane : lanes_) {
        out.begin_object().field("policy", variant_key(lane.variant())).field("label", variant_label(lane.variant()));
        out.field("kills", lane.kills()).field("leaks", lane.leaks()).field("walking", lane.walking());
        out.field("lives", lane.lives()).field("missed_attacks", lane.missed_attacks());
        out.field("total_damage", lane.total_damage()).field("mean_time_to_kill", lane.mean_time_to_kill());
        if (lane.base_fell_tick() >= 0) out.field("base_fell_tick", lane.base_fell_tick());
        // Per wave: who died, who leaked, who still walks (which wave a policy fails on).
        out.key("waves").begin_array();
        for (std::size_t wave = 0; wave < waves_.size(); ++wave) {
            int killed = 0, leaked = 0, walking = 0;
            for (const Creep& c : lane.creeps()) {
                if (c.wave != static_cast<int>(wave)) continue;
                killed += c.fate == CreepFate::Killed;
                leaked += c.fate == CreepFate::Leaked;
                walking += c.walking();
            }
            out.begin_object().field("name", waves_[wave].name).field("killed", killed).field("leaked", leaked);
            out.field("walking", walking).end_object();
        }
        out.end_array();
        const std::vector<double> remaining = lane.remaining_pd();
        out.key("effects").begin_array();
        for (std::size_t i = 0; i < lane.ledgers().size(); ++i) {
            const PdLedger& l = lane.ledgers()[i];
            if (l.hits == 0) continue;
            out.begin_object().field("type", book_.types()[i].name).field("hits", l.hits).field("merges", l.merges);
            out.field("damage", l.damage).field("applied_pd", l.applied).field("delivered_pd", l.delivered);
            out.field("remaining_pd", remaining[i]).field("merge_delta_pd", l.merge_delta);
            out.field("cancelled_pd", l.cancelled).field("transformed_pd", l.transformed).field("blocked_pd", l.blocked);
            out.field("wasted_pd", l.wasted).field("dropped_pd", l.dropped).field("imbalance_pd", l.imbalance(remaining[i]));
            out.end_object();
        }
        out.end_array();
        out.key("towers").begin_array();
        for (const Tower& t : lane.towers())
            if (!t.removed) out.begin_object().field("id", t.id).field("shots", t.shots).field("damage", t.damage).end_object();
        out.end_array().end_object();
    }
    out.end_array();
    out.end_object();
}

std::string EffectsWorld::summary() const {
    std::string text;
    char buf[160];
    for (const Lane& lane : lanes_) {
        std::snprintf(buf, sizeof buf, "%s%s: %d killed, %d leaked", text.empty() ? "" : "  |  ",
                      variant_key(lane.variant()).c_str(), lane.kills(), lane.leaks());
        text += buf;
    }
    std::snprintf(buf, sizeof buf, "   t=%.1fs", seconds());
    return text + buf;
}

}  // namespace pb::effects
