#include "engine/core/replay.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>

#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"

namespace pb {

Scenario replay_scenario(const ReplayData& data, const std::string& name, const ReplayModuleAccess& access) {
    ScenarioLoadOptions options;
    if (access.allow)
        options.resolve_library = [&](const std::string& written, std::string& why) {
            return pinned_library_copy(data, access.replay_path.empty() ? name : access.replay_path, written, why);
        };
    else
        options.modules = ModulePolicy::Describe;   // never opens a library
    std::optional<Scenario> loaded;
    try {
        loaded = load_scenario_text(data.header.scenario_text, name + " (its embedded scenario)", options);
        loaded->path.clear();   // the replay never depends on a file on disk
    } catch (const std::exception& e) {
        throw std::runtime_error(std::string(e.what()) +
                                 "\nThis Playbench no longer accepts the scenario the replay was recorded with (recorded by "
                                 "Playbench " + data.header.app_version + "); `playbench replay info` still lists its "
                                 "commands and notes.");
    }
    if (access.allow && !loaded->modules_not_loaded.empty()) {
        std::string why = name + ": cannot be played: a module library it ran cannot be loaded:";
        for (const std::string& m : loaded->modules_not_loaded) why += "\n  " + m;
        throw std::runtime_error(why);
    }
    return std::move(*loaded);
}

// --- player ------------------------------------------------------------------------------------

ReplayPlayer::ReplayPlayer(ReplayData data, const std::string& name, std::size_t memory_budget,
                           const ReplayModuleAccess& modules)
    : data_(std::move(data)), sim_(replay_scenario(data_, name, modules)), budget_(std::max<std::size_t>(memory_budget, 1)) {
    describe_commands();
    keyframes_.push_back(Keyframe{0, 0, sim_.snapshot()});
    keyframe_bytes_ = sim_.world().snapshot_bytes();
}

void ReplayPlayer::describe_commands() {
    // What each command changed, for the timeline: parameter edits as "key old -> new".
    std::map<std::string, double> values;
    const ParamSet& start = sim_.scenario().params;
    for (std::size_t i = 0; i < start.size(); ++i) values[start.table()[i].key] = start[i];
    const auto& scheduled = sim_.scenario().commands;
    std::size_t next_scheduled = 0;
    for (const Command& c : data_.commands) {
        for (; next_scheduled < scheduled.size() && scheduled[next_scheduled].tick <= c.tick; ++next_scheduled)
            if (scheduled[next_scheduled].type == kParamSetCommand)
                values[scheduled[next_scheduled].text("key")] = scheduled[next_scheduled].number("value");
        if (c.type == kParamSetCommand) {
            const std::string key = c.text("key");
            const double now = c.number("value");
            auto it = values.find(key);
            std::string text = key + " " + (it == values.end() ? std::string("?") : format_number(it->second)) + " -> " +
                               format_number(now);
            values[key] = now;
            timeline_.push_back({c.tick, std::move(text)});
        } else {
            std::string text = describe(c);
            text.erase(0, text.find(' ') + 1);   // the tick is the mark's place already
            timeline_.push_back({c.tick, std::move(text)});
        }
    }
}

void ReplayPlayer::apply_commands_due() {
    const auto& cmds = data_.commands;
    while (next_command_ < cmds.size() && cmds[next_command_].tick <= sim_.tick()) {
        const Command& c = cmds[next_command_++];
        if (c.tick < sim_.tick()) continue;   // out of order in the file: cannot apply in the past
        if (auto why = sim_.submit(c)) {
            // The world refused what it took when recorded: it no longer matches from here.
            if (sim_.tick() >= checked_to_) refused_.push_back(describe(c) + ": " + *why);
            if (!divergence_ || *divergence_ > sim_.tick() + 1) divergence_ = sim_.tick() + 1;
        }
    }
}

void ReplayPlayer::check_hash() {
    const std::int64_t t = sim_.tick();
    if (t > checked_to_ && t <= length()) {
        bool same = short_hash(sim_.world().tick_hash()) == data_.hashes[static_cast<std::size_t>(t - 1)];
        auto full = std::lower_bound(data_.full_hashes.begin(), data_.full_hashes.end(), t,
                                     [](const auto& p, std::int64_t tick) { return p.first < tick; });
        if (full != data_.full_hashes.end() && full->first == t) same = same && full->second == sim_.world().hash();
        if (!same && (!divergence_ || *divergence_ > t)) divergence_ = t;
        checked_to_ = t;
    }
}

void ReplayPlayer::maybe_keyframe() {
    const std::int64_t t = sim_.tick();
    if (t % spacing_ != 0 || t <= keyframes_.back().tick) return;
    keyframes_.push_back(Keyframe{t, next_command_, sim_.snapshot()});
    keyframe_bytes_ += sim_.world().snapshot_bytes();
    while (keyframe_bytes_ > budget_ && keyframes_.size() > 2) {
        // Over budget: keep the keyframes on the doubled spacing (tick 0 always stays).
        spacing_ *= 2;
        std::erase_if(keyframes_, [&](const Keyframe& k) { return k.tick % spacing_ != 0; });
        keyframe_bytes_ = 0;
        for (const Keyframe& k : keyframes_) keyframe_bytes_ += k.state.world->snapshot_bytes();
    }
}

bool ReplayPlayer::step() {
    if (sim_.tick() >= length()) return false;
    apply_commands_due();
    sim_.step();
    check_hash();
    maybe_keyframe();
    return true;
}

void ReplayPlayer::seek(std::int64_t tick) {
    tick = std::clamp<std::int64_t>(tick, 0, length());
    if (tick == sim_.tick()) return;
    // The latest keyframe at or before the target; if the current position is nearer, go on from it.
    auto it = std::upper_bound(keyframes_.begin(), keyframes_.end(), tick,
                               [](std::int64_t t, const Keyframe& k) { return t < k.tick; });
    const Keyframe& k = *std::prev(it);
    if (!(sim_.tick() < tick && sim_.tick() >= k.tick)) {
        sim_.restore(k.state);
        next_command_ = k.next_command;
    }
    while (sim_.tick() < tick && step()) {
    }
}

bool ReplayPlayer::check_ahead(std::int64_t max_ticks) {
    if (fully_checked()) return true;
    const std::int64_t back_to = sim_.tick();
    seek(checked_to_);
    for (std::int64_t i = 0; i < max_ticks && step(); ++i) {
    }
    seek(back_to);
    return fully_checked();
}

VerifyResult verify_replay(const ReplayData& data, const std::string& name, const ReplayModuleAccess& modules) {
    // No keyframes needed to verify: a budget of one byte keeps just tick 0's.
    ReplayPlayer player(data, name, 1, modules);
    while (player.step()) {
    }
    VerifyResult r;
    r.ticks = player.tick();
    r.divergence = player.divergence();
    r.refused = player.refused();
    return r;
}

// --- recording ---------------------------------------------------------------------------------

void SessionRecorder::start(Simulation& sim, const std::string& path, const std::string& scenario_name,
                            const std::string& branch_of, std::int64_t branch_tick) {
    stop();
    end_ = End{};
    quiet_ = false;   // until the recording is under way: every tick re-simulated is hashed
    if (sim.recorder_) throw std::runtime_error("this simulation is already being recorded to another file");
    ReplayHeader h;
    h.app_version = PLAYBENCH_VERSION;
    h.lab = sim.world().lab().name;
    h.seed = sim.scenario().seed;
    h.scenario_name = scenario_name.empty() ? sim.scenario().path : scenario_name;
    h.scenario_text = scenario_to_toml(sim.scenario());
    h.branch_of = branch_of;
    h.branch_tick = branch_tick;

    // The file is written from tick 0: a session already under way is re-simulated from the
    // embedded scenario and its commands so far, which also proves it can be replayed.
    // Module libraries: the ones the session runs, pinned (path as written, absolute file,
    // SHA-256), and the re-simulation loads those same files (never resolved against the replay's
    // folder: --out may be anywhere).
    const std::vector<ModulePin> pins = pin_module_libraries(sim.scenario());
    ScenarioLoadOptions same_libraries;
    same_libraries.resolve_library = [&](const std::string& written, std::string& why) -> std::optional<std::string> {
        for (const ModulePin& p : pins)
            if (p.written == written) return p.absolute;
        why = "not loaded (the session does not run it)";
        return std::nullopt;
    };
    std::optional<Simulation> loaded;
    try {
        loaded.emplace(load_scenario_text(h.scenario_text, path + " (the scenario to embed)", same_libraries));
    } catch (const std::exception& e) {
        // Scheduled commands are checked when a scenario loads; with other parameters (--set, a
        // slider) some may be refused now, and a replay must load what it embeds.
        throw std::runtime_error(std::string("the scenario with its current parameters does not load, so it cannot be "
                                             "recorded:\n") + e.what());
    }
    Simulation& again = *loaded;
    const auto& live = sim.live_commands();
    writer_.open(path, h);
    if (!pins.empty()) writer_.add_module_pins(pins);
    std::size_t live_written = 0;
    full_hash_due_ = false;
    next_note_id_ = 1;
    while (true) {
        for (; live_written < live.size() && live[live_written].tick == again.tick(); ++live_written) {
            if (auto why = again.submit(live[live_written])) {
                stop();
                throw std::runtime_error("this session cannot be recorded from its start: " + describe(live[live_written]) +
                                         " is refused on replay (" + *why + "); restart it (R) and record again");
            }
            writer_.add_command(live[live_written]);
            full_hash_due_ = true;
        }
        if (again.tick() >= sim.tick()) break;
        again.step();
        record_hash(again);
    }
    if (again.world().hash() != sim.world().hash()) {
        stop();
        throw std::runtime_error("this session cannot be recorded from its start: replaying its commands gives another "
                                 "world at tick " + std::to_string(sim.tick()) + "; restart it (R) and record again");
    }
    const std::optional<std::uint64_t> base = sim.world().clock_only_base();
    quiet_ = base.has_value();
    quiet_base_ = base.value_or(0);
    sim_ = &sim;
    sim.recorder_ = this;
    sim.tick_recorder_ = quiet_ ? nullptr : this;
    update_fast_until();
}

SessionRecorder::~SessionRecorder() {
    try {
        stop();
    } catch (...) {
        // A destructor cannot report; the records written so far stay readable.
    }
}

std::int64_t SessionRecorder::ticks() const {
    // A clock-only world's quiet ticks are recorded up to where the simulation is.
    return quiet_ && sim_ ? std::max(writer_.last_tick(), sim_->tick()) : writer_.last_tick();
}

void SessionRecorder::after_step_slow(const Simulation& sim) {
    try {
        record_hash(sim);
        update_fast_until();
    } catch (const std::exception& e) {
        end_with(e.what());
    }
}

void SessionRecorder::before_change(const Simulation& sim) {
    // The ticks so far had the state before the change.
    if (!quiet_) return;
    try {
        write_quiet_stretch(sim);
    } catch (const std::exception& e) {
        end_with(e.what());
    }
}

void SessionRecorder::after_change(const Simulation& sim, const Command* live) {
    try {
        if (live) {
            writer_.add_command(*live);
            // A lab's tick hash covers only what ticks change: the first tick after a command
            // gets the full hash too. (A clock-only world's tick hash covers all of it.)
            full_hash_due_ = !quiet_;
        }
        if (quiet_) quiet_base_ = *sim.world().clock_only_base();
        update_fast_until();
    } catch (const std::exception& e) {
        end_with(e.what());
    }
}

void SessionRecorder::simulation_ends(const Simulation& sim, const std::string& why) {
    std::string error;
    try {
        if (quiet_) write_quiet_stretch(sim);
    } catch (const std::exception& e) {
        error = e.what();
    }
    detach();
    try {
        writer_.close();
    } catch (const std::exception& e) {
        if (error.empty()) error = e.what();
    }
    end_ = error.empty() ? End{why, false} : End{why + ", and the file was not closed cleanly: " + error, true};
}

void SessionRecorder::end_with(const std::string& why) {
    close_after_failure();
    end_ = End{why, true};
}

void SessionRecorder::close_after_failure() {
    detach();
    try {
        writer_.close();
    } catch (...) {
        // The first error is the one to report; the file keeps what was written before it.
    }
}

void SessionRecorder::detach() {
    if (sim_) {
        sim_->recorder_ = nullptr;
        sim_->tick_recorder_ = nullptr;
        sim_ = nullptr;
    }
    fast_until_ = 0;
}

void SessionRecorder::update_fast_until() {
    if (!writer_.is_open() || full_hash_due_ || quiet_) {
        fast_until_ = 0;
        return;
    }
    const std::int64_t last = writer_.last_tick();
    const std::int64_t next_full = (last / kFullHashEvery + 1) * kFullHashEvery;
    fast_until_ = std::min(next_full, last + 1 + writer_.hashes_before_block_full());
}

void SessionRecorder::record_hash(const Simulation& sim) {
    const World& w = sim.world();
    // The full hash pins everything a command may have changed at the first tick after it (a
    // lab's tick_hash covers only what ticks change), and everything else every kFullHashEvery.
    const bool full = w.tick() % kFullHashEvery == 0 || full_hash_due_;
    full_hash_due_ = false;
    writer_.add_hash(w.tick(), w.tick_hash(), full ? std::optional<std::uint64_t>(w.hash()) : std::nullopt);
}

void SessionRecorder::write_quiet_stretch(const Simulation& sim) {
    if (sim.tick() > writer_.last_tick()) writer_.add_quiet_stretch(sim.tick(), quiet_base_);
}

void SessionRecorder::add_note(ReplayNote note) {
    if (quiet_ && sim_) write_quiet_stretch(*sim_);   // the file reads in the order things happened
    note.id = next_note_id_++;
    writer_.add_note(note);
}

void SessionRecorder::flush() {
    if (!writer_.is_open()) return;
    try {
        if (quiet_ && sim_) write_quiet_stretch(*sim_);
        writer_.flush();
    } catch (...) {
        close_after_failure();   // the caller reports it
        throw;
    }
}

void SessionRecorder::stop() {
    std::string error;
    try {
        if (quiet_ && sim_ && writer_.is_open()) write_quiet_stretch(*sim_);
    } catch (const std::exception& e) {
        error = e.what();
    }
    detach();
    writer_.close();   // closes the file even when the last ticks could not be sent
    if (!error.empty()) throw std::runtime_error(error);
}

void record_scenario(const Scenario& scenario, std::int64_t ticks, const std::string& path) {
    // Headless, a recording that cannot be written whole is no recording: the partial file goes
    // (a device such as /dev/full stays) and the reason is thrown. (The window keeps the readable
    // prefix of a recording whose disk fails: SessionRecorder.)
    struct stat before {};
    const bool existed = ::stat(path.c_str(), &before) == 0;
    try {
        Simulation sim(scenario);
        SessionRecorder rec;
        rec.start(sim, path, scenario.path);
        sim.advance(ticks);
        if (!rec.recording()) throw std::runtime_error("the recording " + path + " ended early: " + rec.end_reason());
        rec.stop();
    } catch (const std::exception& e) {
        // Only a file this recording wrote: one that was there and was never opened stays.
        struct stat after {};
        const bool touched = ::stat(path.c_str(), &after) == 0 && S_ISREG(after.st_mode) &&
                             (!existed || after.st_ino != before.st_ino || after.st_size != before.st_size ||
                              after.st_mtim.tv_sec != before.st_mtim.tv_sec || after.st_mtim.tv_nsec != before.st_mtim.tv_nsec);
        const bool removed = touched && ::unlink(path.c_str()) == 0;
        throw std::runtime_error(std::string(e.what()) + (removed ? " (the partial file " + path + " was removed)" : ""));
    }
}

}  // namespace pb
