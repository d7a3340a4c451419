#include "engine/core/simulation.hpp"

#include <algorithm>
#include <limits>
#include <utility>

#include "engine/core/lab.hpp"
#include "engine/core/replay.hpp"

namespace pb {

Simulation::Simulation(Scenario scenario) : scenario_(std::move(scenario)) {
    world_ = scenario_.lab->create_world(scenario_);
    update_next_due();
}

Simulation::~Simulation() {
    if (recorder_) recorder_->simulation_ends(*this, "the simulation was closed");
}

Simulation::Simulation(Simulation&& o) noexcept
    : scenario_(std::move(o.scenario_)),
      world_(std::move(o.world_)),
      next_scheduled_(o.next_scheduled_),
      log_(std::move(o.log_)),
      live_(std::move(o.live_)),
      refused_(std::move(o.refused_)),
      next_due_(o.next_due_),
      recorder_(std::exchange(o.recorder_, nullptr)),
      tick_recorder_(std::exchange(o.tick_recorder_, nullptr)) {
    if (recorder_) recorder_->simulation_moved(*this);
}

Simulation& Simulation::operator=(Simulation&& o) noexcept {
    if (this == &o) return *this;
    if (recorder_) recorder_->simulation_ends(*this, "another simulation replaced it");
    scenario_ = std::move(o.scenario_);
    world_ = std::move(o.world_);
    next_scheduled_ = o.next_scheduled_;
    log_ = std::move(o.log_);
    live_ = std::move(o.live_);
    refused_ = std::move(o.refused_);
    next_due_ = o.next_due_;
    recorder_ = std::exchange(o.recorder_, nullptr);
    tick_recorder_ = std::exchange(o.tick_recorder_, nullptr);
    if (recorder_) recorder_->simulation_moved(*this);
    return *this;
}

void Simulation::update_next_due() {
    const auto& cmds = scenario_.commands;
    next_due_ = next_scheduled_ < cmds.size() ? cmds[next_scheduled_].tick : std::numeric_limits<std::int64_t>::max();
}

void Simulation::apply_due() {
    const auto& cmds = scenario_.commands;
    while (next_scheduled_ < cmds.size() && cmds[next_scheduled_].tick <= world_->tick()) {
        const Command& c = cmds[next_scheduled_++];
        if (recorder_) recorder_->before_change(*this);
        // Scheduled commands were checked when the scenario loaded; one the world still refuses
        // (its state changed since) is skipped and reported in refused(); the log shows only what was applied.
        if (auto err = world_->apply(c)) {
            refused_.push_back(describe(c) + ": " + *err);
        } else {
            log_.push_back(c);
            log_.back().tick = world_->tick();
            if (recorder_) recorder_->after_change(*this, nullptr);
        }
    }
    update_next_due();
}

void Simulation::step() {
    if (world_->tick() >= next_due_) apply_due();
    world_->step();
    if (tick_recorder_) tick_recorder_->after_step(*this);
}

void Simulation::advance(std::int64_t ticks) {
    for (std::int64_t i = 0; i < ticks; ++i) step();
}

std::optional<std::string> Simulation::submit(Command c) {
    c.tick = world_->tick();
    if (auto err = validate_lab_command(*scenario_.lab, c, &scenario_.params.table())) return err;
    if (recorder_) recorder_->before_change(*this);
    if (auto err = world_->apply(c)) return err;
    log_.push_back(c);
    live_.push_back(std::move(c));
    if (recorder_) recorder_->after_change(*this, &live_.back());
    return std::nullopt;
}

void Simulation::restart() {
    if (recorder_) recorder_->simulation_ends(*this, "the simulation restarted");
    // A designer's tuning survives a restart: live parameter edits become tick 0's values
    // (scheduled ones stay scheduled).
    scenario_.params = tuned_params();
    world_ = scenario_.lab->create_world(scenario_);
    next_scheduled_ = 0;
    log_.clear();
    live_.clear();
    refused_.clear();
    update_next_due();
}

void Simulation::reset(Scenario scenario) {
    // The new world first: when it cannot be made (std::bad_alloc on a machine with less memory
    // than the limits allow for), the simulation is left as it was and the caller reports it.
    std::unique_ptr<World> world = scenario.lab->create_world(scenario);
    if (recorder_) recorder_->simulation_ends(*this, "another scenario replaced the simulation");
    scenario_ = std::move(scenario);
    world_ = std::move(world);
    next_scheduled_ = 0;
    log_.clear();
    live_.clear();
    refused_.clear();
    update_next_due();
}

Simulation::Snapshot Simulation::snapshot() const {
    return Snapshot{world_->clone(), next_scheduled_, log_.size(), live_.size(), refused_.size()};
}

void Simulation::restore(const Snapshot& s) {
    if (recorder_) recorder_->simulation_ends(*this, "the simulation went back to an earlier tick");
    world_->restore(*s.world);
    next_scheduled_ = s.next_scheduled;
    log_.resize(std::min(log_.size(), s.log_size));
    live_.resize(std::min(live_.size(), s.live_size));
    refused_.resize(std::min(refused_.size(), s.refused_size));
    update_next_due();
}

Simulation Simulation::fork() const {
    Simulation copy(scenario_);
    copy.world_ = world_->clone();
    copy.next_scheduled_ = next_scheduled_;
    copy.log_ = log_;
    copy.live_ = live_;
    copy.refused_ = refused_;
    copy.update_next_due();
    return copy;
}

ParamSet Simulation::tuned_params() const {
    ParamSet p = scenario_.params;
    for (const Command& c : live_)
        if (c.type == kParamSetCommand) p.set(c.text("key"), c.number("value"));
    return p;
}

Scenario Simulation::scenario_for_saving() const {
    Scenario s = scenario_;
    s.params = tuned_params();
    for (const Command& c : live_) {
        if (c.type == kParamSetCommand) continue;
        if (s.setup)
            if (auto changed = s.setup->with_command(c)) {
                s.setup = std::move(changed);
                continue;
            }
        s.commands.push_back(c);
    }
    std::stable_sort(s.commands.begin(), s.commands.end(),
                     [](const Command& a, const Command& b) { return a.tick < b.tick; });
    return s;
}

}   // namespace pb
