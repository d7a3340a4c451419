#include "engine/core/simulation.hpp"

#include <algorithm>

#include "engine/core/lab.hpp"

namespace pb {

Simulation::Simulation(Scenario scenario) : scenario_(std::move(scenario)) {
    world_ = scenario_.lab->create_world(scenario_);
}

void Simulation::apply_due() {
    const auto& cmds = scenario_.commands;
    while (next_scheduled_ < cmds.size() && cmds[next_scheduled_].tick <= world_->tick()) {
        const Command& c = cmds[next_scheduled_++];
        // Scheduled commands were checked when the scenario loaded; one the world still refuses
        // (its state changed since) is skipped and reported in refused(); the log shows only what was applied.
        if (auto err = world_->apply(c)) {
            refused_.push_back(describe(c) + ": " + *err);
        } else {
            log_.push_back(c);
            log_.back().tick = world_->tick();
            ++changes_;
        }
    }
}

void Simulation::step() {
    apply_due();
    world_->step();
}

void Simulation::advance(std::int64_t ticks) {
    for (std::int64_t i = 0; i < ticks; ++i) step();
}

std::optional<std::string> Simulation::submit(Command c) {
    c.tick = world_->tick();
    if (auto err = validate_lab_command(*scenario_.lab, c)) return err;
    if (auto err = world_->apply(c)) return err;
    log_.push_back(c);
    live_.push_back(std::move(c));
    ++changes_;
    return std::nullopt;
}

void Simulation::restart() {
    // A designer's tuning survives a restart: live parameter edits become tick 0's values
    // (scheduled ones stay scheduled).
    scenario_.params = tuned_params();
    world_ = scenario_.lab->create_world(scenario_);
    next_scheduled_ = 0;
    log_.clear();
    live_.clear();
    refused_.clear();
    ++changes_;
}

void Simulation::reset(Scenario scenario) {
    scenario_ = std::move(scenario);
    world_ = scenario_.lab->create_world(scenario_);
    next_scheduled_ = 0;
    log_.clear();
    live_.clear();
    refused_.clear();
    ++changes_;
}

Simulation::Snapshot Simulation::snapshot() const {
    return Snapshot{world_->clone(), next_scheduled_, log_.size(), live_.size(), refused_.size()};
}

void Simulation::restore(const Snapshot& s) {
    world_->restore(*s.world);
    next_scheduled_ = s.next_scheduled;
    log_.resize(std::min(log_.size(), s.log_size));
    live_.resize(std::min(live_.size(), s.live_size));
    refused_.resize(std::min(refused_.size(), s.refused_size));
    ++changes_;
}

Simulation Simulation::fork() const {
    Simulation copy(scenario_);
    copy.world_ = world_->clone();
    copy.next_scheduled_ = next_scheduled_;
    copy.log_ = log_;
    copy.live_ = live_;
    copy.refused_ = refused_;
    copy.changes_ = changes_;
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
    for (const Command& c : live_)
        if (c.type != kParamSetCommand) s.commands.push_back(c);
    std::stable_sort(s.commands.begin(), s.commands.end(),
                     [](const Command& a, const Command& b) { return a.tick < b.tick; });
    return s;
}

}  // namespace pb
