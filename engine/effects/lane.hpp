// One lane under one stacking policy: creeps spawned from the waves walk the path, defenders hit
// the first creep in range and apply their effects, effects act and run down, creeps die or leak.
// A world runs one lane per compared policy on the same waves and defenders; lanes share the
// effect book, path and waves (passed in), and own everything that differs between policies.
#pragma once
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/hash.hpp"
#include "engine/core/rng.hpp"
#include "engine/effects/config.hpp"
#include "engine/effects/creep.hpp"
#include "engine/effects/creep_effects.hpp"
#include "engine/effects/ledger.hpp"
#include "engine/effects/setup.hpp"

namespace pb::effects {

struct Tower {
    int id = 0;
    TowerDef def;
    int effect_type = -1;   // resolved from def.effect
    bool removed = false;
    double cooldown = 0.0;         // seconds until it may fire again
    std::vector<Interval> reach;   // the lane within its range
    std::int64_t shots = 0;
    double damage = 0.0;   // hit points its hits took (bleed's extra is booked to bleed)
    int target = -1;       // the creep it hit last tick, -1 for none (drawn as a beam)
    bool operator==(const Tower&) const = default;
};

// Cumulative totals sampled once per second of game time, for the comparison charts.
struct LaneSample {
    std::int64_t tick = 0;
    double damage = 0.0;
    int kills = 0, leaks = 0;
    bool operator==(const LaneSample&) const = default;
};

// What the lane shares with its sibling lanes for one step.
struct LaneInputs {
    const EffectBook& book;
    const LanePath& path;
    const std::vector<Wave>& waves;
    const EffectsConfig& config;
    std::int64_t tick;
};

class Lane {
public:
    Lane(LaneVariant variant, std::uint64_t seed, double lives);

    void step(const LaneInputs& in);
    // Spawns the creeps due by the lane's clock, stamped with in.tick. The world calls it once
    // before the first tick, so creeps due at 0 s are there for commands of tick 0; each step
    // calls it at its end for the next tick.
    void spawn_due(const LaneInputs& in);

    // Designer actions, applied the same way on every lane by the world.
    int add_tower(const TowerDef& def, const EffectBook& book, const LanePath& path);
    void edit_tower(int id, const TowerDef& def, const EffectBook& book, const LanePath& path);
    void remove_tower(int id) { towers_[static_cast<std::size_t>(id)].removed = true; }
    // Undo's: the newest tower leaves the list; a removed one is back as it was (its slot kept it).
    void unplace_newest_tower() { towers_.pop_back(); }
    void restore_tower(int id) { towers_[static_cast<std::size_t>(id)].removed = false; }
    void refresh_towers(const EffectBook& book, const LanePath& path);   // after the book or path changed
    void hit_creep(int creep, int type, Dose dose, const EffectBook& book, const EffectsConfig& config,
                   std::int64_t tick);
    void sync_types(const EffectBook& book) { ledgers_.resize(book.types().size()); }
    void set_variant(LaneVariant v) { variant_ = v; }

    const LaneVariant& variant() const { return variant_; }
    const std::vector<Creep>& creeps() const { return creeps_; }
    const std::vector<Tower>& towers() const { return towers_; }
    const std::vector<PdLedger>& ledgers() const { return ledgers_; }
    const EventLog& events() const { return events_; }
    const std::vector<LaneSample>& history() const { return history_; }
    const Rng& rng() const { return rng_; }
    double seconds() const { return seconds_; }
    double lives() const { return lives_; }
    int kills() const { return kills_; }
    int leaks() const { return leaks_; }
    int walking() const;
    int missed_attacks() const { return missed_attacks_; }
    double total_damage() const { return total_damage_; }
    double mean_time_to_kill() const { return kills_ ? time_to_kill_sum_ / kills_ : 0.0; }
    std::int64_t base_fell_tick() const { return base_fell_tick_; }
    std::vector<double> remaining_pd() const;   // per type, on walking creeps
    bool spawning_done(const std::vector<Wave>& waves) const;
    // Adds what a tick changes to a replay's tick hash: the lane's counters and every walking
    // creep's health and distance (effects show in both within a tick), summed by step() as it
    // moved them. Inline, below: it runs after every recorded tick.
    void add_tick_hash(QuickHasher& h) const;
    // Every field of the lane once (engine/core/state_visitor.hpp), for the world's hash, JSON,
    // field list and tick-hash test; defined in world_io.cpp.
    template <class Self, class V>
    static void visit_state(Self& lane, V& v, const EffectBook& book, const LanePath& path);

    // Fletcher sums (a += value, b += a) of the health and distance of every creep walking when
    // the last step ended, in id order (the step's spawns come last, as their ids do); step()
    // keeps them as it moves the creeps, for the tick hash.
    struct WalkSums {
        std::uint64_t hp_a = 0, distance_a = 0, hp_b = 0, distance_b = 0;
        void add(const Creep& c) {
            hp_a += hash_detail::raw_bits(c.hp);
            distance_a += hash_detail::raw_bits(c.distance);
            hp_b += hp_a;
            distance_b += distance_a;
        }
        bool operator==(const WalkSums&) const = default;
    };
    const WalkSums& walk_sums() const { return walk_sums_; }

    bool operator==(const Lane&) const = default;

private:
    EffectContext context(const EffectBook& book, const EffectsConfig& config, std::int64_t tick);
    void fire_towers(const LaneInputs& in);
    void sort_walking();
    const Creep* first_within(const std::vector<Interval>& reach) const;
    void hit(Creep& c, Tower& t, const EffectContext& ctx, const Modifiers& m);
    void finish(Creep& c, CreepFate fate, const LaneInputs& in, const EffectContext& ctx);
    void sample(std::int64_t tick);

    LaneVariant variant_;
    Rng rng_;
    double seconds_ = 0.0;
    double lives_ = 20.0;
    std::vector<int> spawned_;   // per wave
    std::vector<Creep> creeps_;
    // Walking creeps by (distance, id): a tower finds the first creep in its reach by binary
    // search instead of scanning every creep. Derived, re-sorted each tick (nearly sorted already).
    std::vector<int> by_distance_;
    int ordered_ = 0;   // creeps [0, ordered_) have been through by_distance_
    // The walking creeps' ids in id order (derived, kept by spawn_due and step): a tick walks these,
    // not every creep the level has spawned, so a lane whose waves are over costs next to nothing.
    std::vector<int> walking_;
    std::vector<Tower> towers_;
    std::vector<PdLedger> ledgers_;
    EventLog events_;
    std::vector<LaneSample> history_;
    std::int64_t history_interval_ = 0;   // ticks; 0 until the first step knows the tick rate
    int kills_ = 0, leaks_ = 0, missed_attacks_ = 0;
    double total_damage_ = 0.0, time_to_kill_sum_ = 0.0;
    std::int64_t base_fell_tick_ = -1;
    WalkSums walk_sums_;
};

inline void Lane::add_tick_hash(QuickHasher& h) const {
    using hash_detail::raw_bits;
    // The walking creeps' health and distance as step() summed them, and the lane's counters:
    // three blocks a lane, each value added or xored into one word (any one change still changes
    // its word). The lane's clock is the world's tick, which the replay's order already says.
    h.add_words(walk_sums_.hp_a + raw_bits(lives_), walk_sums_.distance_a + raw_bits(total_damage_));
    h.add_words(walk_sums_.hp_b, walk_sums_.distance_b);
    const auto& rng = rng_.state();
    h.add_words((QuickHasher::pack(kills_, leaks_) ^ rng[0]) + raw_bits(time_to_kill_sum_),
                QuickHasher::pack(missed_attacks_, static_cast<std::int32_t>(creeps_.size())) ^ rng[1]);
}

}   // namespace pb::effects
