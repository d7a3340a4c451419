#include "engine/core/replay.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <unordered_map>

#include <sys/stat.h>
#include <unistd.h>

#include "engine/core/inverse.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/sha256.hpp"
#include "engine/core/words.hpp"

namespace pb {

// A script is data (docs/lua-teams.md#replays): always from the replay's copy, never a file.
std::function<std::optional<std::string>(const std::string&, std::string&)> replay_scripts(const ReplayData& data) {
    return [&data](const std::string& written, std::string& why) -> std::optional<std::string> {
        for (const ScriptPin& s : data.scripts)
            if (s.written == written) return s.text;
        why = "the replay carries no script \"lua:" + written + "\" (damaged, or recorded without it)";
        return std::nullopt;
    };
}

Scenario replay_scenario(const ReplayData& data, const std::string& name, const ReplayModuleAccess& access) {
    ScenarioLoadOptions options;
    options.resolve_script = replay_scripts(data);
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
        // The header repeats what the scenario says, for `info`; they must agree.
        const std::string lab = loaded->lab ? loaded->lab->name : "";
        if (lab != data.header.lab || loaded->seed != data.header.seed)
            throw ReplayContradiction(name + ": the replay contradicts itself: its header says lab " +
                                      printable(data.header.lab) + ", seed " + std::to_string(data.header.seed) +
                                      ", its embedded scenario lab " + lab + ", seed " + std::to_string(loaded->seed) +
                                      " (damaged or tampered with)");
    } catch (const ReplayContradiction&) {
        throw;
    } catch (const std::exception& e) {
        throw std::runtime_error(
            std::string(e.what()) +
            "\nThis Playbench no longer accepts the scenario the replay was recorded with (recorded by "
            "Playbench " +
            data.header.app_version +
            "); `playbench replay info` still lists its "
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
    : data_(std::move(data)),
      sim_(replay_scenario(data_, name, modules)),
      budget_(std::max<std::size_t>(memory_budget, 1)) {
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
            // In the panel's words: the parameter's label and unit, not its key.
            std::string label = key, unit;
            if (const auto i = start.table().find(key)) {
                label = start.table()[*i].label;
                unit = start.table()[*i].unit;
            }
            std::string text = label + ": " +
                               (it == values.end() ? std::string("?") : with_unit(format_number(it->second), unit)) +
                               " -> " + with_unit(format_number(now), unit);
            values[key] = now;
            timeline_.push_back({c.tick, std::move(text)});
        } else {
            // In the menus' words ("Move the ball", "Steer pod 2 of team 0"); the command's text
            // when the lab has no words for it. The name only: what it changes depends on the
            // world at its tick, which the timeline has not played to.
            std::string text = inverse_of(sim_.world(), c).name;
            if (text.empty()) {
                text = describe(c);
                text.erase(0, text.find(' ') + 1);   // the tick is the mark's place already
            }
            timeline_.push_back({c.tick, capitalised(std::move(text))});
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
        // A tick whose hash was lost to damage has nothing to be checked against.
        const std::optional<std::uint32_t> recorded = data_.hashes.at(t);
        bool same = !recorded || short_hash(sim_.world().tick_hash()) == *recorded;
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

void ReplayPlayer::apply_final_commands() {
    if (sim_.tick() == length()) apply_commands_due();
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
    while (sim_.tick() < tick && step()) {}
}

bool ReplayPlayer::check_ahead(std::int64_t max_ticks) {
    if (fully_checked()) return true;
    const std::int64_t back_to = sim_.tick();
    seek(checked_to_);
    for (std::int64_t i = 0; i < max_ticks && step(); ++i) {}
    seek(back_to);
    return fully_checked();
}

std::string state_lines(const World& w) {
    JsonWriter out = JsonWriter::lines();
    out.begin_object();
    // The state and the parameters: metrics are derived from them (and some cost milliseconds:
    // RGS measures its spheres' union), so a recorder does not pay for them every snapshot.
    out.key("state");
    w.write_state(out);
    out.key("params");
    out.begin_object();
    const ParamSet& p = w.params();
    for (std::size_t i = 0; i < p.size(); ++i) out.field(p.table()[i].key, p[i]);
    out.end_object();
    out.end_object();
    return out.str();
}

namespace {

// "path=value" lines into (path, value) pairs, in order.
std::vector<std::pair<std::string_view, std::string_view>> split_lines(const std::string& text) {
    std::vector<std::pair<std::string_view, std::string_view>> out;
    std::string_view rest(text);
    while (!rest.empty()) {
        const std::size_t end = rest.find('\n');
        const std::string_view line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view{} : rest.substr(end + 1);
        const std::size_t eq = line.find('=');
        if (eq == std::string_view::npos) continue;
        out.emplace_back(line.substr(0, eq), line.substr(eq + 1));
    }
    return out;
}

}   // namespace

StateDifference diff_state_lines(const std::string& recorded, const std::string& replayed, std::size_t keep) {
    StateDifference d;
    const auto rec = split_lines(recorded);
    const auto rep = split_lines(replayed);
    std::unordered_map<std::string_view, std::string_view> replayed_at;
    replayed_at.reserve(rep.size());
    for (const auto& [path, value] : rep) replayed_at.emplace(path, value);
    std::unordered_map<std::string_view, bool> seen;
    seen.reserve(rec.size());
    auto add = [&](std::string_view path, std::string_view a, std::string_view b) {
        ++d.count;
        if (d.first.size() < keep)
            d.first.push_back(printable(std::string(path)) + ": recorded " + printable(std::string(a)) + ", replayed " +
                              printable(std::string(b)));
    };
    for (const auto& [path, value] : rec) {
        seen.emplace(path, true);
        auto it = replayed_at.find(path);
        if (it == replayed_at.end())
            add(path, value, "(absent)");
        else if (it->second != value)
            add(path, value, it->second);
    }
    for (const auto& [path, value] : rep)
        if (!seen.count(path)) add(path, "(absent)", value);
    return d;
}

VerifyResult verify_replay(const ReplayData& data, const std::string& name, const ReplayModuleAccess& modules) {
    // No keyframes needed to verify: a budget of one byte keeps just tick 0's.
    ReplayPlayer player(data, name, 1, modules);
    const std::vector<StateSnapshot>& snaps = data.snapshots;
    std::size_t next_snap = 0;
    // The replayed state at the last recorded snapshot passed, to explain a divergence.
    const StateSnapshot* seen = nullptr;
    std::string seen_lines;
    auto snapshot_here = [&](bool after_commands) -> const StateSnapshot* {
        while (next_snap < snaps.size() && snaps[next_snap].tick < player.tick()) ++next_snap;
        for (std::size_t i = next_snap; i < snaps.size() && snaps[i].tick == player.tick(); ++i)
            if (snaps[i].after_commands == after_commands) return &snaps[i];
        return nullptr;
    };
    // Stops at the first divergence: past it every tick differs, and a crafted file could make
    // the rest last for hours.
    while (!player.divergence()) {
        if (const StateSnapshot* s = snapshot_here(false)) {
            seen = s;
            seen_lines = state_lines(player.simulation().world());
        }
        if (!player.step()) break;
    }
    // Commands recorded at the last tick were applied when the recording stopped: they must
    // still be accepted.
    if (!player.divergence()) player.apply_final_commands();
    VerifyResult r;
    r.ticks = player.tick();
    r.divergence = player.divergence();
    if (r.divergence) {
        // What differs: at the last snapshot before the divergence if the state already differed
        // there (something the tick hashes do not cover), else at the first one after it,
        // re-simulating on for at most two snapshot spans.
        StateDifference diff;
        bool found = false;
        if (seen) {
            if (auto recorded = unpack_snapshot(*seen)) {
                diff = diff_state_lines(*recorded, seen_lines);
                diff.tick = seen->tick;
                found = diff.count > 0;
            }
        }
        if (!found) {
            const std::int64_t limit = player.tick() + 2 * kSnapshotEvery;
            const StateSnapshot* after = nullptr;
            while (player.tick() <= limit) {
                if ((after = snapshot_here(false))) break;
                if (player.tick() == player.length()) {
                    player.apply_final_commands();
                    after = snapshot_here(true);
                    break;
                }
                if (!player.step()) break;
            }
            if (!after) {
                diff = StateDifference{};
                diff.note = "the recording keeps no state within " + std::to_string(2 * kSnapshotEvery) +
                            " ticks after the divergence to compare with";
            } else if (auto recorded = unpack_snapshot(*after)) {
                diff = diff_state_lines(*recorded, state_lines(player.simulation().world()));
                diff.tick = after->tick;
                if (diff.count == 0)
                    diff.note =
                        "the state at tick " + std::to_string(after->tick) +
                        " equals the recorded one: the difference is in hashed values the snapshot does not show, "
                        "or in the recorded hashes themselves";
            } else {
                diff = StateDifference{};
                diff.note = "the recorded state at tick " + std::to_string(after->tick) + " is damaged";
            }
        }
        r.difference = std::move(diff);
        // The lab's own one-line account (a Podball module stopped by its time budget shows here:
        // a timeout depends on the machine, so it is the likely cause).
        r.summary = player.simulation().world().summary();
    }
    r.refused = player.refused();
    return r;
}

// "recorded with engine 5 (Playbench 0.6.0), replayed with engine 5 (Playbench 0.6.0)"
std::string version_pair(const ReplayHeader& h) {
    return "recorded with engine " + std::to_string(h.engine_version) + " (Playbench " + printable(h.app_version) +
           "), replayed with engine " + std::to_string(kEngineVersion) + " (Playbench " + PLAYBENCH_VERSION + ")";
}

namespace {

std::string ticks_span(std::int64_t first, std::int64_t last) {
    return first == last ? "tick " + std::to_string(first)
                         : "ticks " + std::to_string(first) + ".." + std::to_string(last);
}

}   // namespace

// What is wrong with the file as a whole, in a line, and the exit code that says it (0 when intact).
ReplayVerdict integrity_verdict(const ReplayData& d) {
    switch (d.integrity) {
        case ReplayIntegrity::Intact: return ReplayVerdict::Ok;
        case ReplayIntegrity::Damaged: return ReplayVerdict::Damaged;
        case ReplayIntegrity::NotClosed:
        case ReplayIntegrity::TornTail: return ReplayVerdict::NotClosed;
    }
    return ReplayVerdict::Damaged;
}

std::string integrity_text(const ReplayData& d) {
    switch (d.integrity) {
        case ReplayIntegrity::Intact: return "intact (closed, every record sound)";
        case ReplayIntegrity::NotClosed:
            return "NOT CLOSED: every record is sound but the recording never ended (the app stopped while recording)";
        case ReplayIntegrity::TornTail:
            return "NOT CLOSED: cut off inside a record at byte " + std::to_string(d.torn_at) + " of " +
                   std::to_string(d.file_bytes) + " (a crash or a kill while recording); what came before is sound";
        case ReplayIntegrity::Damaged: {
            std::string text = "DAMAGED: ";
            for (std::size_t i = 0; i < d.damage.size(); ++i) text += (i ? "; " : "") + describe_damage(d.damage[i]);
            return text;
        }
    }
    return "?";
}

ReplayCheck check_replay(const ReplayData& data, const std::string& path, const ReplayModuleAccess& modules) {
    ReplayCheck c;
    const std::string name = printable(path);
    VerifyResult& r = c.result;
    try {
        r = verify_replay(data, path, modules);
    } catch (const ReplayContradiction& e) {
        c.verdict = ReplayVerdict::Damaged;
        c.lines.push_back(name + ": DAMAGED: " + printable(e.what()));
        return c;
    } catch (const std::exception& e) {
        c.verdict = ReplayVerdict::Unplayable;
        c.lines.push_back("playbench: " + name + ": " + printable(e.what()));
        return c;
    }
    for (const std::string& why : r.refused) c.lines.push_back("refused on replay: " + printable(why));
    const std::string versions = " [" + version_pair(data.header) + "]";
    // What was checked: every tick re-simulated up to here, against the hashes that were recorded.
    std::string checked = std::to_string(r.ticks) + " of " + std::to_string(data.length()) + " ticks re-simulated";
    const auto lost = data.hashes.lost();
    if (!lost.empty()) {
        checked += " (";
        for (std::size_t i = 0; i < lost.size(); ++i)
            checked += (i ? ", " : "") + ticks_span(lost[i].first, lost[i].second);
        checked += " unchecked: their hashes were lost)";
    }
    std::string diverged;
    if (r.divergence) {
        diverged = "DIVERGED at tick " + std::to_string(*r.divergence) + " of " + std::to_string(data.length()) +
                   " (the ticks before it match; verify stopped there)";
    } else if (!r.refused.empty()) {
        diverged = "DIVERGED: recorded commands were refused on replay";
    }
    c.verdict = integrity_verdict(data);
    if (c.verdict == ReplayVerdict::Damaged) {
        c.lines.push_back(name + ": " + integrity_text(data));
        c.lines.push_back(name + ": DAMAGED: " + checked + "; " +
                          (diverged.empty() ? "every hash that survived matches"
                                            : diverged + ", possibly because of what the damage lost") +
                          versions);
    } else if (!diverged.empty()) {
        c.verdict = ReplayVerdict::Diverged;
        c.lines.push_back(name + ": " + diverged + ": the re-simulated world differs from the recorded one; " +
                          checked + versions);
    } else if (c.verdict == ReplayVerdict::NotClosed) {
        c.lines.push_back(name + ": " + integrity_text(data));
        c.lines.push_back(name + ": NOT CLOSED: " + checked + ", every hash matches (" +
                          std::to_string(data.commands.size()) +
                          " commands); what the recording held after the cut is lost" + versions);
    } else {
        c.lines.push_back(name + ": OK, " + std::to_string(r.ticks) + " ticks re-simulated, every hash matches (" +
                          std::to_string(data.commands.size()) + " commands)" + versions);
    }
    if (r.difference) {
        const StateDifference& d = *r.difference;
        if (d.count > 0) {
            c.lines.push_back("  the state at tick " + std::to_string(d.tick) + " differs in " +
                              std::to_string(d.count) + (d.count == 1 ? " value" : " values") +
                              " (recorded, replayed):");
            for (const std::string& line : d.first) c.lines.push_back("    " + line);
            if (d.count > d.first.size())
                c.lines.push_back("    ... and " + std::to_string(d.count - d.first.size()) + " more");
        } else if (!d.note.empty()) {
            c.lines.push_back("  " + d.note);
        }
    }
    if (!r.summary.empty()) c.lines.push_back("  the re-simulated world: " + r.summary);
    return c;
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
    // Scripts: the text the session runs (its file may have changed since), carried whole.
    ReplayData scripts;
    if (sim.scenario().setup)
        for (const ScriptRef& ref : sim.scenario().setup->scripts())
            scripts.scripts.push_back(ScriptPin{ref.written, ref.text, sha256(ref.text)});
    same_libraries.resolve_script = replay_scripts(scripts);
    std::optional<Simulation> loaded;
    try {
        loaded.emplace(load_scenario_text(h.scenario_text, path + " (the scenario to embed)", same_libraries));
    } catch (const std::exception& e) {
        // Scheduled commands are checked when a scenario loads; with other parameters (--set, a
        // slider) some may be refused now, and a replay must load what it embeds.
        throw std::runtime_error(std::string("the scenario with its current parameters does not load, so it cannot be "
                                             "recorded:\n") +
                                 e.what());
    }
    Simulation& again = *loaded;
    const auto& live = sim.live_commands();
    writer_.open(path, h);
    if (!pins.empty()) writer_.add_module_pins(pins);
    if (!scripts.scripts.empty()) writer_.add_scripts(scripts.scripts);
    // The state as the scenario sets it up: an embedded scenario edited later shows here, value by value.
    writer_.add_snapshot(0, false, state_lines(again.world()));
    std::size_t live_written = 0;
    full_hash_due_ = false;
    next_note_id_ = 1;
    while (true) {
        for (; live_written < live.size() && live[live_written].tick == again.tick(); ++live_written) {
            if (auto why = again.submit(live[live_written])) {
                stop();
                throw std::runtime_error(
                    "this session cannot be recorded from its start: " + describe(live[live_written]) +
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
        throw std::runtime_error(
            "this session cannot be recorded from its start: replaying its commands gives another "
            "world at tick " +
            std::to_string(sim.tick()) + "; restart it (R) and record again");
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
        final_snapshot(sim);
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
    // Every kSnapshotEvery ticks (a multiple of kFullHashEvery: never on the short way) the state,
    // so that a divergence can be shown value by value within that many ticks.
    if (w.tick() % kSnapshotEvery == 0) writer_.add_snapshot(w.tick(), false, state_lines(w));
}

void SessionRecorder::final_snapshot(const Simulation& sim) {
    if (writer_.is_open()) writer_.add_snapshot(sim.tick(), true, state_lines(sim.world()));
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
        if (sim_) final_snapshot(*sim_);
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
        const bool touched =
            ::stat(path.c_str(), &after) == 0 && S_ISREG(after.st_mode) &&
            (!existed || after.st_ino != before.st_ino || after.st_size != before.st_size ||
             after.st_mtim.tv_sec != before.st_mtim.tv_sec || after.st_mtim.tv_nsec != before.st_mtim.tv_nsec);
        const bool removed = touched && ::unlink(path.c_str()) == 0;
        throw std::runtime_error(std::string(e.what()) +
                                 (removed ? " (the partial file " + path + " was removed)" : ""));
    }
}

}   // namespace pb
