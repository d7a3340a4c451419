// Recording a session and playing it back, for every lab alike: a replay is the scenario, the
// seed and the designer's commands with their ticks (ARCHITECTURE.md), plus a hash of the world
// after every tick so a re-simulation can tell where it stops matching.
#pragma once
#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/replay_file.hpp"
#include "engine/core/simulation.hpp"

namespace pb {

// The scenario a replay embeds, loaded; throws std::runtime_error saying the replay's scenario no
// longer loads (and why, with its line) when this Playbench refuses it.
Scenario replay_scenario(const ReplayData& data, const std::string& name_for_messages);

// One mark on a replay's timeline: a command and what it changed, for people
// ("podball.ball.friction 0.004 -> 0.006", "t=120 pod.place team=0 ...").
struct TimelineMark {
    std::int64_t tick = 0;
    std::string text;
};

// Plays a replay back: re-simulates from tick 0 applying the recorded commands at their ticks,
// checks every tick's hash, and keeps keyframe snapshots so seeking anywhere is quick. The
// keyframes start every kFirstSpacing ticks; past the memory budget every other one goes and the
// spacing doubles.
class ReplayPlayer {
public:
    static constexpr std::int64_t kFirstSpacing = 16;
    static constexpr std::size_t kDefaultBudget = 256u << 20;

    ReplayPlayer(ReplayData data, const std::string& name_for_messages, std::size_t memory_budget = kDefaultBudget);

    const ReplayData& data() const { return data_; }
    Simulation& simulation() { return sim_; }
    const Simulation& simulation() const { return sim_; }
    std::int64_t tick() const { return sim_.tick(); }
    std::int64_t length() const { return data_.length(); }

    // One tick forward (the recorded commands due first); false at the end of the recording.
    bool step();
    // To `tick` (clamped to 0 .. length) from the nearest keyframe at or before it.
    void seek(std::int64_t tick);
    // Plays ahead of the current position, up to `max_ticks`, checking hashes and laying
    // keyframes, then returns to where it was; true once the whole replay was checked. A window
    // calls it a slice per frame; verify() calls it once without a limit.
    bool check_ahead(std::int64_t max_ticks);
    bool fully_checked() const { return checked_to_ >= length(); }

    // The first tick whose recomputed hash differed from the recorded one, once seen.
    std::optional<std::int64_t> divergence() const { return divergence_; }
    // Recorded commands the re-simulated world refused (a sign of divergence too), as text.
    const std::vector<std::string>& refused() const { return refused_; }
    const std::vector<TimelineMark>& timeline() const { return timeline_; }

    std::size_t keyframe_count() const { return keyframes_.size(); }
    std::int64_t keyframe_spacing() const { return spacing_; }
    std::size_t keyframe_bytes() const { return keyframe_bytes_; }

private:
    struct Keyframe {
        std::int64_t tick = 0;
        std::size_t next_command = 0;
        Simulation::Snapshot state;
    };
    void apply_commands_due();
    void check_hash();
    void maybe_keyframe();
    void describe_commands();

    ReplayData data_;
    Simulation sim_;
    std::size_t next_command_ = 0;
    std::size_t budget_;
    std::vector<Keyframe> keyframes_;
    std::int64_t spacing_ = kFirstSpacing;
    std::size_t keyframe_bytes_ = 0;
    std::int64_t checked_to_ = 0;
    std::optional<std::int64_t> divergence_;
    std::vector<std::string> refused_;
    std::vector<TimelineMark> timeline_;
};

struct VerifyResult {
    std::int64_t ticks = 0;                       // ticks re-simulated
    std::optional<std::int64_t> divergence;       // first divergent tick
    std::vector<std::string> refused;
    bool ok() const { return !divergence && refused.empty(); }
};
// Re-simulates the whole replay. Throws std::runtime_error when its scenario no longer loads.
VerifyResult verify_replay(const ReplayData& data, const std::string& name_for_messages);

// Records a running Simulation: start() writes the header and, when the session is already
// under way, re-simulates it from tick 0 so the file holds every tick; observe() after every
// step (and after commands) appends the new commands and hashes. A restart or a new scenario
// (the tick going back) ends the recording.
class SessionRecorder {
public:
    // Throws std::runtime_error with the reason (file not writable, session not reproducible).
    void start(const Simulation& sim, const std::string& path, const std::string& scenario_name = {},
               const std::string& branch_of = {}, std::int64_t branch_tick = 0);
    // False when the recording ended here (the simulation went back in time); writes nothing then.
    // Inline for the common case (one tick further, no new commands, no full hash due): recording
    // must cost a few percent of a step at most.
    bool observe(const Simulation& sim) {
        const std::int64_t t = sim.tick();
        if (t < fast_until_ && sim.changes() == changes_seen_) {
            if (quiet_) {
                // The tick moved only the clock: its hash is written with the stretch it ends.
                quiet_tick_ = t;
                return true;
            }
            if (t == writer_.last_tick() + 1) {
                writer_.add_next_hash(t, sim.world().tick_hash());
                return true;
            }
        }
        return observe_any(sim);
    }
    void add_note(ReplayNote note);
    // Sends what is recorded so far to the file and has the disk keep it (the window calls it
    // once a second); does not wait for the disk.
    void flush();
    void stop();
    bool recording() const { return writer_.is_open(); }
    const std::string& path() const { return writer_.path(); }
    // The last tick recorded (or, for a world whose ticks change only its clock, observed).
    std::int64_t ticks() const { return quiet_ ? std::max(quiet_tick_, writer_.last_tick()) : writer_.last_tick(); }

private:
    bool observe_any(const Simulation& sim);
    void record_hash(const Simulation& sim);
    // Writes the hashes of the quiet ticks observed and not yet written.
    void write_quiet_ticks();
    ReplayWriter writer_;
    std::size_t live_written_ = 0;
    std::size_t log_seen_ = 0;          // sim.log().size() when last looked at
    std::uint64_t changes_seen_ = 0;    // sim.changes() when last looked at
    bool full_hash_due_ = false;   // commands were written since the last hash
    // Ticks before this one take observe()'s short way: the file is open, no full hash is due
    // and the hash block has room. 0 (none) while not recording or when a full hash is due.
    std::int64_t fast_until_ = 0;
    void update_fast_until();
    // A world whose ticks change only its clock (World::clock_only_base): observe() only notes
    // the tick; the hashes of such a stretch are written when it ends (a command, a periodic
    // full hash, flush, a note, stop), all from the base the world had during it.
    bool quiet_ = false;
    std::uint64_t quiet_base_ = 0;
    std::int64_t quiet_tick_ = 0;       // the last tick observed
    std::uint32_t next_note_id_ = 1;
};

// Records `ticks` ticks of a scenario headless (`playbench replay record`).
void record_scenario(const Scenario& scenario, std::int64_t ticks, const std::string& path);

}  // namespace pb
