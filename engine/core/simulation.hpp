// A running scenario: the world, its scheduled commands, and the log of every command applied
// (scheduled or issued live by a designer). The UI and the command line drive worlds only
// through this class, so every change is a command stamped with its tick.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/scenario.hpp"
#include "engine/core/world.hpp"

namespace pb {

class Simulation {
public:
    explicit Simulation(Scenario scenario);

    const Scenario& scenario() const { return scenario_; }
    World& world() { return *world_; }
    const World& world() const { return *world_; }
    std::int64_t tick() const { return world_->tick(); }

    // Applies the commands due at the current tick, then steps once.
    void step();
    void advance(std::int64_t ticks);
    // Validates and applies a command now, stamped with the current tick, and logs it.
    // Returns the reason when refused (nothing changes then).
    std::optional<std::string> submit(Command c);
    // Back to tick 0 of the scenario (parameter edits made live are dropped with the log).
    void restart();
    // Replaces the scenario (for instance after Save or a parameter change to keep at tick 0).
    void reset(Scenario scenario);

    // Every command applied so far, in order, including the scheduled ones.
    const std::vector<Command>& log() const { return log_; }
    // Scheduled commands the world refused when their tick came, with the reason.
    const std::vector<std::string>& refused() const { return refused_; }
    // The designer's commands (submitted live), in order.
    const std::vector<Command>& live_commands() const { return live_; }
    // Counts every change to the running state other than a plain step: each command applied
    // (scheduled or live), a restart, a reset, a restore. A recorder compares it once a tick.
    std::uint64_t changes() const { return changes_; }
    // The scenario with its parameters set to the current values and the designer's live
    // commands added to its schedule: what File > Save writes.
    Scenario scenario_for_saving() const;
    // The scenario's parameters with the designer's live edits applied.
    ParamSet tuned_params() const;

    // A copy of the whole running state (world, place in the schedule, logs), to come back to
    // (replay keyframes) or to carry on from separately (a branch).
    struct Snapshot {
        std::unique_ptr<World> world;
        std::size_t next_scheduled = 0, log_size = 0, live_size = 0, refused_size = 0;
    };
    Snapshot snapshot() const;
    // Back to a snapshot this simulation took; the logs drop what came after it.
    void restore(const Snapshot& s);
    // An independent simulation in exactly this state.
    Simulation fork() const;

private:
    void apply_due();
    Scenario scenario_;
    std::unique_ptr<World> world_;
    std::size_t next_scheduled_ = 0;
    std::vector<Command> log_;
    std::vector<Command> live_;
    std::vector<std::string> refused_;
    std::uint64_t changes_ = 0;
};

}  // namespace pb
