// The logistics world: a colony map with targets (sinks that consume, sources that fill, buffers
// that store) and transporters with task chains. Each tick: sources produce and sinks consume,
// idle transporters are matched to requests by the chosen policy (their chains built from the
// best choice: direct or through a buffer), then every transporter walks its path one step at its
// speed, or withdraws / transfers when it stands next to its task's target.
//
// Resources are conserved: what targets and transporters hold always equals what they held at
// tick 0 plus production, minus consumption, plus the designer's edits (ledger()).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/rng.hpp"
#include "engine/core/world.hpp"
#include "engine/logistics/commands.hpp"
#include "engine/logistics/config.hpp"
#include "engine/logistics/matching.hpp"
#include "engine/logistics/rates.hpp"
#include "engine/logistics/setup.hpp"
#include "engine/logistics/tile_map.hpp"

namespace pb::logistics {

// Running totals since tick 0.
struct Totals {
    double produced = 0.0;    // by sources, what fitted
    double consumed = 0.0;    // by sinks
    double starved = 0.0;     // consumption sinks wanted but could not make (empty store)
    double delivered = 0.0;   // transferred into any target by transporters
    double delivered_to_sinks = 0.0;
    double withdrawn = 0.0;        // taken out of targets by transporters
    double travelled = 0.0;        // tiles walked by all transporters
    double edited = 0.0;           // net units added by the designer's commands (placing, removing, setting stores)
    double initial = 0.0;          // units held at tick 0
    std::int64_t idle_ticks = 0;   // transporter-ticks spent idle
    std::int64_t transporter_ticks = 0;
    std::int64_t matches = 0;   // pairs made
};

// Per-tick values for the charts, averaged over the sample's interval.
struct Sample {
    std::int64_t tick = 0;
    double delivered = 0.0;   // units per tick transferred into any target (sinks and buffers)
    double to_sinks = 0.0;    // units per tick of those transferred into sinks (Totals::delivered_to_sinks)
    double unmet = 0.0;       // open request amount (units)
    double idle_fraction = 0.0;
    double travelled = 0.0;   // tiles per tick
};

// The matching of the current state for one policy, for the view and `run --json`.
struct MatchingReport {
    std::vector<int> transporters;   // row -> transporter id (the idle ones)
    std::vector<Request> requests;   // column -> request
    RateMatrix rates;
    Matching matching;
    int blocking = 0;
};

class LogisticsWorld : public WorldBase<LogisticsWorld> {
public:
    LogisticsWorld(const ParamSet& params, const LogisticsSetup& setup, std::uint64_t seed);

    const LabInfo& lab() const override;
    void step() override;
    std::uint64_t hash() const override;
    // What a tick changes: every transporter's tile, progress, load and request, and the
    // colony's running totals (every store's change shows in produced, consumed, delivered).
    std::uint64_t tick_hash() const override;
    void write_state(JsonWriter& out) const override;
    void write_metrics(JsonWriter& out) const override;
    std::vector<StateField> state_fields() const override;
    std::optional<std::string> perturb_field(std::size_t k, unsigned role) override;
    // Every field of the state once, for hash(), write_state(), state_fields() and the tick-hash
    // test (engine/core/state_visitor.hpp); defined in world_io.cpp.
    template <class Self, class V>
    static void visit_state(Self& w, V& v);
    std::string summary() const override;

    const LogisticsConfig& config() const { return config_; }
    const TileMap& map() const { return map_; }
    const std::vector<Target>& targets() const { return targets_; }
    const std::vector<Transporter>& transporters() const { return transporters_; }
    const Target* find_target(int id) const;
    const Transporter* find_transporter(int id) const;
    Colony colony() const { return {map_, config_, targets_, transporters_}; }
    std::vector<Request> requests() const { return current_requests(colony()); }
    std::vector<int> idle_transporters() const;

    // What `policy` would make of the idle transporters and open requests right now; with
    // `everyone`, of every transporter, each rated from when and where it will next be free
    // (Overmind's matching covered them all; only the idle ones act on it).
    MatchingReport analyse(Policy policy, bool everyone = false) const;
    // One transporter's choices for every request, best first (the hover panel).
    struct Preference {
        Request request;
        double amount = 0.0;   // predicted at its arrival
        Choice best;
        std::vector<Choice> choices;
    };
    std::vector<Preference> preferences(int transporter_id) const;

    const Totals& totals() const { return totals_; }
    double held() const;   // units in every target and transporter now
    double ledger() const { return totals_.initial + totals_.produced - totals_.consumed + totals_.edited; }
    double unmet_demand() const;   // sum of open request amounts (units wanted now)
    double idle_fraction() const { return last_idle_fraction_; }
    double delivered_last_tick() const { return last_delivered_; }
    const std::vector<Sample>& history() const { return history_; }

protected:
    std::optional<std::string> apply_lab_command(const Command& c) override;
    void on_params_changed() override;

private:
    // world.cpp
    void refresh_transporters();
    void produce_and_consume();
    void assign_idle();
    void plan_chain(Transporter& t, const Request& r, const Choice& choice);
    void plan_fallback(Transporter& t);
    void move_and_act(Transporter& t);
    void act(Transporter& t, const Task& task);
    void record(double delivered, double to_sinks, double travelled);
    int add_target(const TargetPlacement& p);
    int add_transporter(const TransporterPlacement& p);
    void generate_colony(const Generator& g);

    // world_commands.cpp
    std::optional<std::string> check_tile(int x, int y, int ignore_target = -1) const;
    std::optional<std::string> lookup_target(std::int64_t want, int& id) const;
    std::optional<std::string> lookup_transporter(std::int64_t want, int& id) const;
    // One handler per command of LogisticsCommands (commands.hpp).
    std::optional<std::string> on(const TargetPlace& c);
    std::optional<std::string> on(const TargetMove& c);
    std::optional<std::string> on(const TargetRemove& c);
    std::optional<std::string> on(const TargetSet& c);
    std::optional<std::string> on(const TransporterPlace& c);
    std::optional<std::string> on(const TransporterMove& c);
    std::optional<std::string> on(const TransporterRemove& c);
    std::optional<std::string> on(const WallSet& c);
    std::optional<std::string> on(const TargetUnplace& c);
    std::optional<std::string> on(const TargetRestore& c);
    std::optional<std::string> on(const TransporterUnplace& c);
    std::optional<std::string> on(const TransporterRestore& c);
    std::optional<std::string> on(const TransporterUnmove& c);

    LogisticsConfig config_;
    TileMap map_;
    Rng rng_;
    std::vector<Target> targets_;
    std::vector<Transporter> transporters_;
    Totals totals_;
    double last_idle_fraction_ = 0.0;
    double last_delivered_ = 0.0;
    std::vector<Sample> history_;
    Sample pending_;   // accumulating the next sample
    std::int64_t pending_ticks_ = 0;
    std::int64_t history_interval_ =
        10;   // ticks per sample: single ticks are too spiky to read (deliveries are events)
};

const LabInfo& logistics_lab();

}   // namespace pb::logistics
