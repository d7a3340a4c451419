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

class SessionRecorder;

class Simulation {
public:
    explicit Simulation(Scenario scenario);
    // A recorder attached (SessionRecorder::start) follows a move and ends with the simulation.
    ~Simulation();
    Simulation(Simulation&& other) noexcept;
    Simulation& operator=(Simulation&& other) noexcept;

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
    friend class SessionRecorder;
    void apply_due();
    void update_next_due();
    Scenario scenario_;
    std::unique_ptr<World> world_;
    std::size_t next_scheduled_ = 0;
    std::vector<Command> log_;
    std::vector<Command> live_;
    std::vector<std::string> refused_;
    std::int64_t next_due_ = 0;   // the tick of the next scheduled command (INT64_MAX: none)
    // A recording in progress: told before and after every command, and when the simulation goes
    // back in time or ends; tick_recorder_ (the same, or null for a world whose ticks change only
    // its clock) after every step too.
    SessionRecorder* recorder_ = nullptr;
    SessionRecorder* tick_recorder_ = nullptr;
};

}   // namespace pb
