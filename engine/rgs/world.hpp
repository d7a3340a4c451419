// The RGS world: resource generating structures on a 3D map, their interference (each RGS mines
// at the product of the modifiers 1 - q/2 of every other mining RGS whose sphere overlaps its
// own), and both teams' build points over match time. One tick is one second.
//
// Every efficiency is kept current: a command or a finished construction recomputes the RGS it
// touched and the neighbours within reach (through the spatial grid), nothing else.
#pragma once
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/world.hpp"
#include "engine/rgs/commands.hpp"
#include "engine/rgs/config.hpp"
#include "engine/rgs/interference.hpp"
#include "engine/rgs/neighbour_scan.hpp"
#include "engine/rgs/setup.hpp"
#include "engine/rgs/spatial_grid.hpp"
#include "engine/rgs/types.hpp"

namespace pb::rgs {

// What an RGS built at a point would do (the game's build preview).
struct Prediction {
    double efficiency = 1.0;   // its own efficiency there
    double team_delta = 1.0;   // change of its team's summed efficiency: its own minus what it takes from its own team
    int interfering = 0;       // mining RGS (either team) whose spheres overlap its own
};

// One RGS that interferes with another, and the modifier it puts on the other's efficiency.
struct Interferer {
    int id = -1;
    double modifier = 1.0;
};

class RgsWorld : public WorldBase<RgsWorld> {
public:
    RgsWorld(const ParamSet& params, const RgsSetup& setup, std::uint64_t seed);

    const LabInfo& lab() const override;
    void step() override;
    std::uint64_t hash() const override;
    // What a tick changes: the teams' build points and mining totals (any difference in a
    // structure's state or efficiency shows there within a tick). The structures placed and the
    // parameters change only by commands, which full hashes pin; the history grows with the clock.
    std::uint64_t tick_hash() const override;
    // The structures, the economy's history and the grid (about 40 bytes an entry, a slot range a cell).
    std::size_t snapshot_bytes() const override;
    void write_state(JsonWriter& out) const override;
    void write_metrics(JsonWriter& out) const override;
    std::string summary() const override;
    std::vector<StateField> state_fields() const override;
    std::optional<std::string> perturb_field(std::size_t k, unsigned role) override;
    // Every field of the state once, for hash(), write_state(), state_fields() and the tick-hash
    // test (engine/core/state_visitor.hpp); defined in world_io.cpp.
    template <class Self, class V>
    static void visit_state(Self& w, V& v);

    const RgsConfig& config() const { return config_; }
    // Every RGS ever built, indexed by id; removed ones keep their slot with removed = true.
    const std::vector<Rgs>& structures() const { return rgs_; }
    const Rgs* find(int id) const;   // nullptr for an unknown or removed id
    std::size_t count_present() const;
    const std::array<TeamState, 2>& teams() const { return teams_; }

    double match_minutes() const;
    double base_rate() const;                      // r(t) now, BP/min
    double team_efficiency(int team) const;        // sum over its mining RGS
    double effective_efficiency(int team) const;   // raised to the minimum while its main structure lives
    double mine_rate(int team) const;              // BP/min: r(t) * effective efficiency
    const std::vector<EconomySample>& history() const { return history_; }

    // The range an RGS of this kind would have (override > 0 wins).
    double range_for(Kind kind, double range_override) const {
        return range_override > 0.0 ? range_override : config_.range(kind);
    }
    Prediction predict(Vec3 p, int team, double range) const;
    // The mining RGS whose spheres overlap the sphere (p, range), in canonical order, with the
    // modifier each puts on an RGS there; `skip_id` is left out.
    std::vector<Interferer> interferers_at(Vec3 p, double range, int skip_id = -1) const;
    std::vector<Interferer> interferers(int id) const;   // of a present RGS

    // Recomputes every efficiency from the grid (the benchmark's "full recompute").
    void recompute_all();
    const SpatialGrid& grid() const { return grid_; }
    double largest_range() const { return max_range_; }   // of any RGS present or kind
    std::optional<std::string> check_inside_map(Vec3 p) const;

    // Calls f(batch) with every mining RGS (but `skip_id`) whose sphere overlaps the sphere
    // (p, range), in canonical grid order, with their distances and the modifiers they put on an
    // RGS there. Products over this order are the same bits whichever path computes them (full
    // recompute, after a move, prediction, heat map).
    // Without ids, batches name their neighbours by grid slot only.
    template <class F>
    void for_each_batch_within_reach(Vec3 p, double range, int skip_id, F&& f, bool with_ids = true) const {
        NeighbourScan scan(grid_, p, range, skip_id, with_ids);
        grid_.visit_runs_near(p, p, range + max_range_,
                              [&](std::size_t begin, std::size_t end) { scan.run(begin, end, f); });
        scan.finish(f);
    }
    // The same, one neighbour at a time: f(const Neighbour&).
    template <class F>
    void for_each_within_reach(Vec3 p, double range, int skip_id, F&& f) const {
        for_each_batch_within_reach(p, range, skip_id, [&](const NeighbourBatch& b) {
            for (std::size_t k = 0; k < b.size; ++k) f(b[k]);
        });
    }
    // The efficiency an RGS of `range` would have at p from the mining RGS around it.
    double efficiency_at(Vec3 p, double range, int skip_id = -1) const;

protected:
    std::optional<std::string> apply_lab_command(const Command& c) override;
    void on_params_changed() override;

private:
    // world.cpp
    void rebuild_interference();   // ranges, grid and every efficiency from scratch
    void refresh_ranges();
    // Re-derives efficiencies after RGS `id` changed: its neighbours where it was (if it was
    // mining) and where it is now (if it mines now), and itself.
    void update_interference(int id, bool was_mining, Vec3 old_pos, double old_range);
    void advance_construction();
    void credit_build_points();
    void record_history();
    int create_rgs(int team, Kind kind, Vec3 pos, double range_override, State state, double health, double price);
    void deconstruct(int id);   // refunds health% of the price (nothing for a wreck), removes it
    // Marks it removed, zeroes its efficiency and updates its neighbours (or lays the grid out
    // anew when it set the grid's cell): what deconstruct and rgs.unplace share.
    void take_out_of_interference(int id);

    // world_commands.cpp
    // One handler per command of RgsCommands (commands.hpp).
    std::optional<std::string> on(const RgsPlace& c);
    std::optional<std::string> on(const RgsMove& c);
    std::optional<std::string> on(const RgsRemove& c);
    std::optional<std::string> on(const RgsDamage& c);
    std::optional<std::string> on(const RgsRepair& c);
    std::optional<std::string> on(const RgsMark& c);
    std::optional<std::string> on(const TeamMain& c);
    std::optional<std::string> on(const RgsUnplace& c);
    std::optional<std::string> on(const RgsRestore& c);
    std::optional<std::string> lookup(std::int64_t want, int& id) const;
    std::optional<std::string> pay(int team, double price, std::string_view what);

    RgsConfig config_;
    std::array<TeamState, 2> teams_;
    std::vector<Rgs> rgs_;
    SpatialGrid grid_;         // the mining RGS
    double max_range_ = 0.0;   // largest range of any RGS or kind: half the grid's cell, and the reach
    std::vector<EconomySample> history_;
    std::int64_t history_interval_ = 10;

    // Scratch, not state: update_interference's neighbours, recompute_all's partial products (by
    // grid slot) and the runs of slots a cell's RGS can reach.
    std::vector<std::uint32_t> affected_;   // grid slots
    std::vector<double> partial_;
    std::vector<std::pair<std::size_t, std::size_t>> runs_;
};

const LabInfo& rgs_lab();

}   // namespace pb::rgs
