// A lane's tick: spawn, defenders fire, effects act, creeps move, die or leak.
#include "engine/effects/lane.hpp"

#include <algorithm>
#include <cmath>

namespace pb::effects {
namespace {

// The charts keep at most this many samples: when full, every other one goes and the interval
// doubles, so a long run costs bounded memory and the chart still spans it all.
constexpr std::size_t kMaxHistory = 2048;
// A spawn is due when the lane's clock reaches its time; the clock is a sum of 1/rate steps, so
// allow for its rounding.
constexpr double kClockSlack = 1e-9;

}   // namespace

std::string_view fate_key(CreepFate f) {
    switch (f) {
        case CreepFate::Walking: return "walking";
        case CreepFate::Killed: return "killed";
        case CreepFate::Leaked: return "leaked";
    }
    return "walking";
}

Lane::Lane(LaneVariant variant, std::uint64_t seed, double lives) : variant_(variant), rng_(seed), lives_(lives) {}

int Lane::walking() const { return static_cast<int>(walking_.size()); }

std::vector<double> Lane::remaining_pd() const {
    std::vector<double> out(ledgers_.size(), 0.0);
    for (const Creep& c : creeps_)
        if (c.walking()) add_remaining_pd(c, out);
    return out;
}

bool Lane::spawning_done(const std::vector<Wave>& waves) const {
    for (std::size_t w = 0; w < waves.size(); ++w)
        if ((w < spawned_.size() ? spawned_[w] : 0) < waves[w].count) return false;
    return true;
}

EffectContext Lane::context(const EffectBook& book, const EffectsConfig& config, std::int64_t tick) {
    ledgers_.resize(book.types().size());
    EffectContext ctx;
    ctx.book = &book;
    ctx.policy_override = variant_.policy;
    ctx.max_stacks = static_cast<int>(config.max_stacks);
    ctx.bleed_amplifies_dots = config.bleed_amplifies_dots != 0.0;
    ctx.ledgers = &ledgers_;
    ctx.events = &events_;
    ctx.tick = tick;
    return ctx;
}

// ---------------------------------------------------------------- towers

int Lane::add_tower(const TowerDef& def, const EffectBook& book, const LanePath& path) {
    Tower t;
    t.id = static_cast<int>(towers_.size());
    towers_.push_back(t);
    edit_tower(t.id, def, book, path);
    return t.id;
}

void Lane::edit_tower(int id, const TowerDef& def, const EffectBook& book, const LanePath& path) {
    Tower& t = towers_[static_cast<std::size_t>(id)];
    t.def = def;
    const auto type = def.effect.empty() ? std::nullopt : book.find(def.effect);
    t.effect_type = type ? *type : -1;
    t.reach = path.within(def.pos, def.range);
}

void Lane::refresh_towers(const EffectBook& book, const LanePath& path) {
    for (Tower& t : towers_) edit_tower(t.id, t.def, book, path);
}

void Lane::hit(Creep& c, Tower& t, const EffectContext& ctx, const Modifiers& m) {
    ++t.shots;
    // Armour blunts every hit; bleed adds its percent on what gets through and is booked to the
    // bleeding types in proportion to their potency.
    const double base = std::max(0.0, t.def.damage - c.armour);
    const double direct = std::min(c.hp, base);
    const double bonus = std::min(c.hp - direct, base * m.vulnerability);
    c.hp -= direct + bonus;
    c.damage_taken += direct + bonus;
    t.damage += direct;
    total_damage_ += direct + bonus;
    if (bonus > 0.0) {
        double weight = 0.0;
        for (const ActiveEffect& e : c.effects)
            if (ctx.book->type(e.type).kind == EffectKind::Vulnerability) weight += e.potency;
        for (const ActiveEffect& e : c.effects)
            if (ctx.book->type(e.type).kind == EffectKind::Vulnerability)
                ledgers_[static_cast<std::size_t>(e.type)].damage += bonus * e.potency / weight;
    }
    if (t.effect_type < 0 || c.hp <= 0.0) return;
    // The roll is drawn only for towers that can miss, so a lane without chances never touches the RNG.
    if (t.def.chance < 100.0 && rng_.uniform() * 100.0 >= t.def.chance) return;
    apply_effect(c, t.effect_type, Dose{t.def.potency, t.def.duration}, ctx);
}

void Lane::sort_walking() {
    // Newcomers (spawned at distance 0) go in front; creeps keep their order from the last tick
    // except where one overtook another, so insertion sort does little work. In place: the tick
    // allocates nothing once the lane's vectors have grown.
    std::erase_if(by_distance_, [&](int id) { return !creeps_[static_cast<std::size_t>(id)].walking(); });
    const int first_new = ordered_;
    ordered_ = static_cast<int>(creeps_.size());
    for (int i = ordered_ - 1; i >= first_new; --i)
        if (creeps_[static_cast<std::size_t>(i)].walking()) by_distance_.insert(by_distance_.begin(), i);
    const auto before = [&](int a, int b) {
        const double da = creeps_[static_cast<std::size_t>(a)].distance,
                     db = creeps_[static_cast<std::size_t>(b)].distance;
        return da < db || (da == db && a < b);
    };
    for (std::size_t i = 1; i < by_distance_.size(); ++i) {
        const int id = by_distance_[i];
        std::size_t j = i;
        for (; j > 0 && before(id, by_distance_[j - 1]); --j) by_distance_[j] = by_distance_[j - 1];
        by_distance_[j] = id;
    }
}

const Creep* Lane::first_within(const std::vector<Interval>& reach) const {
    if (by_distance_.empty()) return nullptr;   // between waves, or the level is over
    // Intervals run along the lane, so the last one holding a creep holds the first creep.
    for (auto r = reach.rbegin(); r != reach.rend(); ++r) {
        const auto past = std::upper_bound(by_distance_.begin(), by_distance_.end(), r->to, [&](double d, int id) {
            return d < creeps_[static_cast<std::size_t>(id)].distance;
        });
        // Skip creeps an earlier defender killed this tick (they leave the lane at its end).
        for (auto it = past; it != by_distance_.begin();) {
            const Creep& c = creeps_[static_cast<std::size_t>(*--it)];
            if (c.distance < r->from) break;
            if (c.hp > 0.0) return &c;
        }
    }
    return nullptr;
}

void Lane::fire_towers(const LaneInputs& in) {
    const EffectContext ctx = context(in.book, in.config, in.tick);
    const double dt = in.config.dt();
    sort_walking();
    for (Tower& t : towers_) {
        t.target = -1;
        if (t.removed) continue;
        // The cooldown is a sum of 1/rate and -1/tick_rate steps: allow for its rounding, so a
        // tower of rate 1 fires every 20 ticks exactly.
        if (t.cooldown > kClockSlack) t.cooldown -= dt;
        if (t.cooldown > kClockSlack || t.reach.empty()) continue;
        // "First": the living creep furthest along the lane within reach (the highest id among
        // creeps at the same spot).
        const Creep* first = first_within(t.reach);
        if (!first) {
            t.cooldown = 0.0;   // idle defenders wait ready; they do not bank shots
            continue;
        }
        Creep& target = creeps_[static_cast<std::size_t>(first->id)];
        hit(target, t, ctx, modifiers_of(target, in.book));
        t.target = target.id;
        t.cooldown += 1.0 / std::max(t.def.rate, 1e-9);
    }
}

void Lane::hit_creep(int creep, int type, Dose dose, const EffectBook& book, const EffectsConfig& config,
                     std::int64_t tick) {
    Creep& c = creeps_[static_cast<std::size_t>(creep)];
    if (!c.walking()) return;
    apply_effect(c, type, dose, context(book, config, tick));
}

// ---------------------------------------------------------------- the tick

void Lane::spawn_due(const LaneInputs& in) {
    spawned_.resize(in.waves.size(), 0);
    for (std::size_t w = 0; w < in.waves.size(); ++w) {
        const Wave& wave = in.waves[w];
        while (spawned_[w] < wave.count && seconds_ + kClockSlack >= wave.start + spawned_[w] * wave.interval) {
            Creep c;
            c.id = static_cast<int>(creeps_.size());
            c.wave = static_cast<int>(w);
            c.max_hp = c.hp = wave.hp * in.config.hp_scale;
            c.speed = wave.speed * in.config.speed_scale;
            c.armour = wave.armour;
            c.attack = wave.attack;
            c.distance = std::clamp(wave.at, 0.0, in.path.length());
            c.spawn_tick = in.tick;
            walking_.push_back(c.id);
            creeps_.push_back(std::move(c));
            ++spawned_[w];
        }
    }
}

void Lane::finish(Creep& c, CreepFate fate, const LaneInputs& in, const EffectContext& ctx) {
    c.fate = fate;
    c.end_tick = in.tick + 1;   // at the end of this step
    clear_effects(c, ctx);
    if (fate == CreepFate::Killed) {
        ++kills_;
        time_to_kill_sum_ += static_cast<double>(c.end_tick - c.spawn_tick) * in.config.dt();
        return;
    }
    ++leaks_;
}

void Lane::step(const LaneInputs& in) {
    fire_towers(in);
    const EffectContext ctx = context(in.book, in.config, in.tick);
    const double dt = in.config.dt(), end = in.path.length();
    // The tick hash's sums over the creeps still walking when the step ends, taken as each one
    // finishes its step (its health and distance are at hand then), in id order, then the new
    // spawns: a separate pass after the step cost ~15 instructions a creep, ~7 % of a tick
    // mid-level; here it is a few.
    WalkSums sums;
    std::size_t still = 0;   // walking_ is compacted in place as creeps finish
    for (const int id : walking_) {
        Creep& c = creeps_[static_cast<std::size_t>(id)];
        if (!c.walking()) continue;
        if (c.hp <= 0.0) {   // a tower's hit killed it this tick: its effects never act
            finish(c, CreepFate::Killed, in, ctx);
            continue;
        }
        const Modifiers m = modifiers_of(c, in.book);
        total_damage_ += tick_effects(c, dt, m, ctx);
        if (c.hp <= 0.0) {
            finish(c, CreepFate::Killed, in, ctx);
            continue;
        }
        c.distance = std::max(0.0, c.distance + m.velocity() * c.speed * dt);
        if (c.distance >= end) {
            c.distance = end;
            // The attack on the base rolls against the blindness it carries as it arrives.
            // (the stacking article, docs/labs/effects.md#sources: a blind creep's "attacks miss X%
            // of the time").
            if (m.miss_chance > 0.0 && rng_.uniform() < m.miss_chance)
                ++missed_attacks_;
            else
                lives_ -= c.attack;
            if (lives_ <= 0.0 && base_fell_tick_ < 0) base_fell_tick_ = in.tick + 1;
            finish(c, CreepFate::Leaked, in, ctx);
            continue;
        }
        sums.add(c);
        walking_[still++] = id;
    }
    walking_.resize(still);
    seconds_ += dt;
    const std::size_t before_spawns = creeps_.size();
    spawn_due(LaneInputs{in.book, in.path, in.waves, in.config, in.tick + 1});
    for (std::size_t i = before_spawns; i < creeps_.size(); ++i) sums.add(creeps_[i]);
    walk_sums_ = sums;
    if (history_interval_ == 0) history_interval_ = std::max<std::int64_t>(1, std::llround(in.config.tick_rate));
    sample(in.tick + 1);
}

void Lane::sample(std::int64_t tick) {
    if (tick % history_interval_ != 0) return;
    if (history_.size() == kMaxHistory) {
        std::vector<LaneSample> kept;
        for (std::size_t i = 1; i < history_.size(); i += 2) kept.push_back(history_[i]);
        history_ = std::move(kept);
        history_interval_ *= 2;
        if (tick % history_interval_ != 0) return;
    }
    history_.push_back({tick, total_damage_, kills_, leaks_});
}

}   // namespace pb::effects
