// The interface every lab's world implements: step one tick, apply a command, hash, snapshot and
// restore. The engine draws nothing; a world's step() does no I/O (the engine's I/O lives in
// read_file, scenario saving, the replay writer and Podball's module loading:
// docs/architecture.md#three-layers-one-direction); views read the concrete world type.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "engine/core/command.hpp"
#include "engine/core/json.hpp"
#include "engine/core/params.hpp"
#include "engine/core/state_visitor.hpp"

namespace pb {

struct LabInfo;

class World {
public:
    virtual ~World() = default;

    virtual const LabInfo& lab() const = 0;
    std::int64_t tick() const { return tick_; }
    const ParamSet& params() const { return params_; }

    // Advances the world by exactly one fixed tick.
    virtual void step() = 0;
    // The scenario has played out: from here a tick only moves the clock on (Podball's final
    // whistle, Effects' last creep gone). Labs that run on for as long as they are stepped keep
    // the default. Benchmarks measure live play up to here (playbench bench compare).
    virtual bool finished() const { return false; }
    // Applies a validated command now. Returns the reason when the world refuses it
    // (a pod index that does not exist, ...); the world is unchanged then.
    std::optional<std::string> apply(const Command& c);
    virtual std::uint64_t hash() const = 0;
    // A cheap hash of what a tick changes (positions, velocities, owners, score, budgets), which
    // replays record and check after every tick, so it must cost a few percent of a step at most.
    // What only commands change (a placed structure, an edited corridor) may stay out: a replay
    // also records the full hash() at the first tick after every command, and every
    // kFullHashEvery ticks. Labs whose full hash is already cheap keep this default.
    // (Defined out of line, so a caller's compiler does not guess this default and test for it
    // before every call: every lab here has its own.)
    virtual std::uint64_t tick_hash() const;
    // A world whose ticks change nothing but its clock (Tasks: a tick only walks the players
    // along the plan solved at the last edit) returns here the hash of everything else, and then
    // tick_hash() must equal clock_tick_hash(*clock_only_base(), tick()) at every tick. A recorder
    // then does no work on such quiet ticks and writes them as one stretch record when a command
    // comes, the file is flushed or the recording ends. std::nullopt (the default): a tick
    // changes state, and every tick is hashed as it comes.
    virtual std::optional<std::uint64_t> clock_only_base() const { return std::nullopt; }
    // A hash of the parameter values, kept until a parameter changes (tick hashes include it, so
    // a parameter edit shows the tick it is made, not when it first changes a motion).
    std::uint64_t params_hash() const { return params_hash_known_ ? params_hash_ : compute_params_hash(); }
    // A snapshot is a copy of the world; restore() takes the state of a snapshot of the same lab.
    virtual std::unique_ptr<World> clone() const = 0;
    virtual void restore(const World& snapshot) = 0;
    // About how many bytes a snapshot takes (replays keep keyframes within a memory budget).
    // Labs whose worlds grow with their entities say so; the default is a cautious guess.
    virtual std::size_t snapshot_bytes() const { return 64 * 1024; }

    // The lab's full observable state and its metrics, for `run --json`.
    virtual void write_state(JsonWriter& out) const = 0;
    virtual void write_metrics(JsonWriter& out) const = 0;
    // One line for the status bar: "2 : 1   RUNNING   t=1520".
    virtual std::string summary() const = 0;

    // The lab's state field by field (path, value, role), from the same description as hash() and
    // write_state() (state_visitor.hpp); diff_states() compares two worlds with it.
    virtual std::vector<StateField> state_fields() const { return {}; }
    // Test hook: changes the k-th stored field whose role has `role`'s bits (kTick: tick_hash()
    // promises to cover it; kHash: hash() does) by the least step and returns its path;
    // std::nullopt when there are fewer such fields.
    virtual std::optional<std::string> perturb_field(std::size_t, unsigned) { return std::nullopt; }

protected:
    World() = default;
    World(const World&) = default;
    World& operator=(const World&) = default;
    explicit World(ParamSet params) : params_(std::move(params)) {}

    // A lab reacts to parameter changes (re-derives its cached configuration).
    virtual void on_params_changed() {}
    virtual std::optional<std::string> apply_lab_command(const Command& c) = 0;

    std::int64_t tick_ = 0;
    ParamSet params_;

private:
    std::uint64_t compute_params_hash() const;   // and remember it until a parameter changes
    mutable std::uint64_t params_hash_ = 0;
    mutable bool params_hash_known_ = false;
};

// Implements clone/restore for a concrete world that is a plain value type.
template <class Derived>
class WorldBase : public World {
public:
    std::unique_ptr<World> clone() const override {
        return std::make_unique<Derived>(static_cast<const Derived&>(*this));
    }
    void restore(const World& snapshot) override {
        static_cast<Derived&>(*this) = dynamic_cast<const Derived&>(snapshot);
    }

protected:
    using World::World;
};

// Where two worlds of the same lab differ, field by field: the path and both values.
// What a lab with a `visit_state` (state_visitor.hpp) gets from it, written once for every lab:
// the full hash (parameters, then every hashed field), the JSON state, the field list and the
// test hook that changes one field. Each lab's World overrides are one line calling these, in
// the file that defines its visit_state.
template <class W>
std::uint64_t visited_hash(const W& w) {
    StateHasher h;
    for (std::size_t i = 0; i < w.params().size(); ++i)
        if (w.params().table()[i].in_state_hash) h.add(w.params()[i]);
    StateHashVisitor v(h);
    W::visit_state(w, v);
    return h.value();
}
template <class W>
void write_visited_state(const W& w, JsonWriter& out) {
    out.begin_object();
    JsonStateVisitor v(out);
    W::visit_state(w, v);
    out.end_object();
}
template <class W>
std::vector<StateField> visited_fields(const W& w) {
    FieldListVisitor v;
    W::visit_state(w, v);
    return std::move(v.fields);
}
template <class W>
std::optional<std::string> perturb_visited_field(W& w, std::size_t k, unsigned role) {
    FieldPerturber v(k, role);
    W::visit_state(w, v);
    return v.changed;
}

inline std::vector<FieldDifference> diff_states(const World& a, const World& b) {
    return diff_fields(a.state_fields(), b.state_fields());
}

}   // namespace pb
