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

void write_dose_fields(JsonWriter& out, const ActiveEffect& e, const EffectBook& book) {
    out.field("type", book.type(e.type).name).field("potency", e.potency).field("remaining", e.remaining);
}

}   // namespace

const LabInfo& EffectsWorld::lab() const { return effects_lab(); }

std::uint64_t EffectsWorld::tick_hash() const {
    // (No tick: a replay keeps one hash per tick, so where a hash sits says its tick.)
    QuickHasher h;
    h.add_u64(params_hash());
    for (const Lane& lane : lanes_) lane.add_tick_hash(h);
    return h.value();
}

template <class Self, class V>
void Lane::visit_state(Self& l, V& v, const EffectBook& book, const LanePath& path) {
    // kTick marks what add_tick_hash() covers (the walk sums stand for the walking creeps).
    v.value("policy", variant_key(l.variant_), kShown);
    v.field("lives", l.lives_, kShownTick);
    v.json("creeps", [&l, &book, &path](JsonWriter& out) {
        out.begin_array();
        for (const Creep& c : l.creeps_) {
            if (!c.walking()) continue;
            const Vec2 p = path.position_at(c.distance);
            out.begin_object().field("id", c.id).field("wave", c.wave).field("hp", c.hp).field("max_hp", c.max_hp);
            out.field("distance", c.distance).key("position").begin_array().value(p.x).value(p.y).end_array();
            out.key("effects").begin_array();
            for (const ActiveEffect& e : c.effects) {
                out.begin_object();
                write_dose_fields(out, e, book);
                out.end_object();
            }
            out.end_array().end_object();
        }
        out.end_array();
    });
    v.opaque("rng", [&l](StateHasher& h) {
        for (std::uint64_t s : l.rng_.state()) h.add_u64(s);
    });
    v.field("seconds", l.seconds_, kHidden);
    v.field("kills", l.kills_, kHiddenTick);
    v.field("leaks", l.leaks_, kHiddenTick);
    v.field("missed_attacks", l.missed_attacks_, kHiddenTick);
    v.field("total_damage", l.total_damage_, kHiddenTick);
    v.field("time_to_kill_sum", l.time_to_kill_sum_, kHiddenTick);
    v.field("base_fell_tick", l.base_fell_tick_, kHidden);
    v.begin_object("walk_sums", kHidden);
    v.field("hp_a", l.walk_sums_.hp_a, kHiddenTick);
    v.field("distance_a", l.walk_sums_.distance_a, kHiddenTick);
    v.field("hp_b", l.walk_sums_.hp_b, kHiddenTick);
    v.field("distance_b", l.walk_sums_.distance_b, kHiddenTick);
    v.end_object();
    // Every creep, dead ones included, through the quick hash (its blocks are summed, not
    // chained: a lane's hundreds of creeps cost a fraction of a chained multiply each, and replays
    // take this full hash after every command and every kFullHashEvery ticks).
    v.opaque("all_creeps", [&l](StateHasher& h) {
        h.add(static_cast<std::int64_t>(l.creeps_.size()));
        QuickHasher creeps;
        for (const Creep& c : l.creeps_) {
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
    });
    v.begin_array("towers", l.towers_.size(), kHidden);
    for (auto& t : l.towers_) {
        v.begin_object("", kHidden);
        v.field("removed", t.removed, kHidden);
        v.field("x", t.def.pos.x, kHidden);
        v.field("y", t.def.pos.y, kHidden);
        v.field("range", t.def.range, kHidden);
        v.field("rate", t.def.rate, kHidden);
        v.field("damage", t.def.damage, kHidden);
        v.field("effect", t.def.effect, kHidden);
        v.field("potency", t.def.potency, kHidden);
        v.field("duration", t.def.duration, kHidden);
        v.field("chance", t.def.chance, kHidden);
        v.field("cooldown", t.cooldown, kHidden);
        v.field("shots", t.shots, kHidden);
        v.field("damage_done", t.damage, kHidden);
        v.end_object();
    }
    v.end_array();
    v.begin_array("ledgers", l.ledgers_.size(), kHidden);
    for (auto& g : l.ledgers_) {
        v.begin_object("", kHidden);
        v.field("applied", g.applied, kHidden);
        v.field("merge_delta", g.merge_delta, kHidden);
        v.field("delivered", g.delivered, kHidden);
        v.field("cancelled", g.cancelled, kHidden);
        v.field("transformed", g.transformed, kHidden);
        v.field("blocked", g.blocked, kHidden);
        v.field("wasted", g.wasted, kHidden);
        v.field("dropped", g.dropped, kHidden);
        v.field("damage", g.damage, kHidden);
        v.field("hits", g.hits, kHidden);
        v.field("merges", g.merges, kHidden);
        v.end_object();
    }
    v.end_array();
    v.opaque("events", [&l](StateHasher& h) {
        h.add(l.events_.total());
        if (!l.events_.events().empty()) {
            const EffectEvent& e = l.events_.events().back();
            h.add(e.tick);
            hash_dose(h, e.after);
        }
    });
    v.value("history_size", static_cast<std::int64_t>(l.history_.size()), kHidden);
}

template <class Self, class V>
void EffectsWorld::visit_state(Self& w, V& v) {
    // Keys and order are those of `run --json` (docs/command-line.md); hidden fields are hashed and diffed only,
    // derived ones (kJsonOnly, v.json) shown only.
    v.field("tick", w.tick_, kShown);
    v.value("seconds", w.seconds());
    v.begin_object("lane");
    v.value("length", w.path_.length());
    v.begin_array("waypoints", w.path_.waypoints().size());
    for (const Vec2& p : w.path_.waypoints()) {
        v.begin_array("", 2, kShown | kSizeUnhashed);
        v.value("", p.x, kShown);
        v.value("", p.y, kShown);
        v.end_array();
    }
    v.end_array();
    v.end_object();
    v.opaque("book", [&w](StateHasher& h) {
        for (const EffectType& t : w.book_.types()) {
            h.add(t.name);
            h.add(static_cast<int>(t.kind));
            h.add(static_cast<int>(t.policy));
        }
        for (const InteractionRule& r : w.book_.rules()) {
            h.add(r.incoming);
            h.add(r.present);
            h.add(static_cast<int>(r.action));
            h.add(r.into);
            h.add(r.potency);
        }
    });
    v.value("waves", static_cast<std::int64_t>(w.waves_.size()), kHidden);
    // The towers as placed (every lane has the same; each lane's copy, with its counters, is
    // hashed with the lane).
    v.json("towers", [&w](JsonWriter& out) {
        out.begin_array();
        for (const Tower& t : w.lanes_.front().towers()) {
            if (t.removed) continue;
            out.begin_object()
                .field("id", t.id)
                .key("position")
                .begin_array()
                .value(t.def.pos.x)
                .value(t.def.pos.y)
                .end_array();
            out.field("range", t.def.range).field("rate", t.def.rate).field("damage", t.def.damage);
            if (!t.def.effect.empty())
                out.field("effect", t.def.effect)
                    .field("potency", t.def.potency)
                    .field("duration", t.def.duration)
                    .field("chance", t.def.chance);
            out.end_object();
        }
        out.end_array();
    });
    v.begin_array("lanes", w.lanes_.size());
    for (auto& lane : w.lanes_) {
        v.begin_object("");
        Lane::visit_state(lane, v, w.book_, w.path_);
        v.end_object();
    }
    v.end_array();
}

std::uint64_t EffectsWorld::hash() const { return visited_hash(*this); }

void EffectsWorld::write_state(JsonWriter& out) const { write_visited_state(*this, out); }

std::vector<StateField> EffectsWorld::state_fields() const { return visited_fields(*this); }

std::optional<std::string> EffectsWorld::perturb_field(std::size_t k, unsigned role) {
    return perturb_visited_field(*this, k, role);
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
            out.field("cancelled_pd", l.cancelled)
                .field("transformed_pd", l.transformed)
                .field("blocked_pd", l.blocked);
            out.field("wasted_pd", l.wasted)
                .field("dropped_pd", l.dropped)
                .field("imbalance_pd", l.imbalance(remaining[i]));
            out.end_object();
        }
        out.end_array();
        out.key("towers").begin_array();
        for (const Tower& t : lane.towers())
            if (!t.removed)
                out.begin_object().field("id", t.id).field("shots", t.shots).field("damage", t.damage).end_object();
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

}   // namespace pb::effects
