// Recording a session and playing it back, for every lab alike: a replay is the scenario, the
// seed and the designer's commands with their ticks (docs/replays.md#the-file), plus a hash of the world
// after every tick so a re-simulation can tell where it stops matching.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/replay_file.hpp"
#include "engine/core/replay_modules.hpp"
#include "engine/core/simulation.hpp"

namespace pb {

// A replay whose header and embedded scenario disagree (lab, seed): damaged or tampered with.
struct ReplayContradiction : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The scenario a replay embeds, loaded (throws ReplayContradiction when the header disagrees); throws std::runtime_error saying the replay's scenario no
// longer loads (and why, with its line) when this Playbench refuses it.
// Its module libraries (engine/core/replay_modules.hpp): without consent (access.allow false) none
// is loaded (ModulePolicy::Describe: those teams idle, Scenario::modules_not_loaded says so); with
// it, only private copies of files matching the pins, and a library that cannot be loaded so is
// an error (std::runtime_error naming the module, the paths tried and the hashes).
Scenario replay_scenario(const ReplayData& data, const std::string& name_for_messages,
                         const ReplayModuleAccess& access = {});

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

    ReplayPlayer(ReplayData data, const std::string& name_for_messages, std::size_t memory_budget = kDefaultBudget,
                 const ReplayModuleAccess& modules = {});

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
    // At the last tick: applies the commands recorded there (they were applied when the
    // recording stopped; a refusal counts as divergence). verify_replay calls it.
    void apply_final_commands();
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

// The world's state and parameters as lines "path=value" (what a replay's snapshots keep).
std::string state_lines(const World& world);

// Where a diverged re-simulation differs from the recording, value by value, at a tick whose
// state the recording kept (the last one before the divergence, else the first after it).
struct StateDifference {
    std::int64_t tick = 0;
    std::size_t count = 0;            // values that differ (or exist on one side only)
    std::vector<std::string> first;   // the first few: "state.pods[3].pos[0]: recorded -0.41, replayed -0.40"
    std::string note;                 // when no recorded state could be compared, why
};
// Compares two snapshots' lines; at most `keep` differences are spelt out.
StateDifference diff_state_lines(const std::string& recorded, const std::string& replayed, std::size_t keep = 8);

struct VerifyResult {
    std::int64_t ticks = 0;                      // ticks re-simulated
    std::optional<std::int64_t> divergence;      // first divergent tick
    std::optional<StateDifference> difference;   // at a divergence: what differs
    std::string summary;                         // at a divergence: the re-simulated world's summary line
    std::vector<std::string> refused;
    bool ok() const { return !divergence && refused.empty(); }
};
// Re-simulates the replay up to its first divergence. Throws std::runtime_error when its scenario
// no longer loads (ReplayContradiction when its header disagrees with it).
VerifyResult verify_replay(const ReplayData& data, const std::string& name_for_messages,
                           const ReplayModuleAccess& modules = {});

// What a file is worth as evidence; the numbers are `replay verify`'s exit codes.
enum class ReplayVerdict {
    Ok = 0,           // intact, closed, consistent, every recorded hash matches
    Diverged = 1,     // sound (or only cut off), but the re-simulation differs: the first divergent tick
    Unplayable = 2,   // not a replay, header unreadable, scenario refused, module not allowed
    Damaged = 3,      // records inside are damaged, or the file contradicts itself
    NotClosed = 4,    // cut off or never closed (a crash while recording); what it holds matches
};
// The verdict on the file alone (Ok, Damaged or NotClosed), before any re-simulation.
ReplayVerdict integrity_verdict(const ReplayData& data);
// "DAMAGED: 9 bytes at byte 1234 (checksum mismatch in ...)", "intact (closed, every record sound)"
std::string integrity_text(const ReplayData& data);
// "recorded with engine 5 (Playbench 0.6.0), replayed with engine 5 (Playbench 0.6.0)"
std::string version_pair(const ReplayHeader& header);
struct ReplayCheck {
    ReplayVerdict verdict = ReplayVerdict::Ok;
    std::vector<std::string> lines;   // what to print, escaped (file text never reaches a terminal raw)
    VerifyResult result;
};
// Re-simulates a loaded replay and says what it is worth: `replay verify`'s whole judgement.
ReplayCheck check_replay(const ReplayData& data, const std::string& name_for_messages,
                         const ReplayModuleAccess& modules = {});

// Records a running Simulation. start() writes the header (and, when the session is already under
// way, re-simulates it from tick 0 so the file holds every tick) and attaches the recorder to the
// simulation, which from then on reports to it itself: every step, every command before and
// after it applies, a restart. So whatever steps a simulation records it, and nothing can be
// missed. A world whose ticks change only its clock (World::clock_only_base) costs nothing a tick:
// its quiet ticks are written as one stretch when a command comes, on flush() and at the end.
//
// A recording ends with stop(), or by itself when the simulation goes back in time (a restart,
// a new scenario, a restore), when the simulation is destroyed, or when the disk fails; then
// recording() turns false and end_reason() says why. Nothing a simulation does ever throws from
// here: the file keeps every record written before the end.
class SessionRecorder {
public:
    SessionRecorder() = default;
    ~SessionRecorder();
    SessionRecorder(const SessionRecorder&) = delete;
    SessionRecorder& operator=(const SessionRecorder&) = delete;

    // Throws std::runtime_error with the reason (file not writable, session not reproducible).
    void start(Simulation& sim, const std::string& path, const std::string& scenario_name = {},
               const std::string& branch_of = {}, std::int64_t branch_tick = 0);
    void add_note(ReplayNote note);
    // Sends what is recorded so far to the file and has the disk keep it (the window calls it
    // once a second); does not wait for the disk. Throws (and ends the recording) on a disk error.
    void flush();
    // Ends the recording: writes what is left and the end record. Throws on a disk error (the
    // file is closed all the same).
    void stop();
    bool recording() const { return writer_.is_open(); }
    const std::string& path() const { return writer_.path(); }
    // The last tick recorded.
    std::int64_t ticks() const;
    // Why the recording ended by itself (empty while recording, or after stop()), and whether
    // it was a failure (a disk error) rather than the simulation going back or closing.
    struct End {
        std::string why;
        bool failed = false;
    };
    const std::string& end_reason() const { return end_.why; }
    // The end, once: for a window to say it a single time.
    std::optional<End> take_end() {
        if (end_.why.empty()) return std::nullopt;
        return std::exchange(end_, End{});
    }

private:
    friend class Simulation;
    // Called by the simulation this recorder is attached to (never throws).
    // After every step, for a world hashed every tick: the short way, inline in step().
    void after_step(const Simulation& sim) {
        const std::int64_t t = sim.tick();
        if (t < fast_until_) {
            writer_.add_next_hash(sim.world().tick_hash());
            return;
        }
        after_step_slow(sim);
    }
    void after_step_slow(const Simulation& sim);
    // Around every command (scheduled, or live: `live` is it): before it applies, and after.
    void before_change(const Simulation& sim);
    void after_change(const Simulation& sim, const Command* live);
    // The simulation goes back in time or is destroyed: the recording ends where it was.
    void simulation_ends(const Simulation& sim, const std::string& why);
    void simulation_moved(Simulation& to) { sim_ = &to; }

    void record_hash(const Simulation& sim);
    // The state when the recording ends (after the commands of its last tick).
    void final_snapshot(const Simulation& sim);
    void update_fast_until();
    // Writes the quiet ticks since the last record, up to the simulation's tick.
    void write_quiet_stretch(const Simulation& sim);
    // Ends the recording after a failure inside a simulation's call (a disk error).
    void end_with(const std::string& why);
    void close_after_failure();
    void detach();

    ReplayWriter writer_;
    Simulation* sim_ = nullptr;   // attached to, while recording
    End end_;
    bool full_hash_due_ = false;   // a command was written since the last hash
    // Ticks before this one take after_step()'s short way: no full hash is due and the hash
    // block has room. 0 (none) when a full hash is due.
    std::int64_t fast_until_ = 0;
    // A world whose ticks change only its clock: the base its quiet ticks are hashed from.
    bool quiet_ = false;
    std::uint64_t quiet_base_ = 0;
    std::uint32_t next_note_id_ = 1;
};

// Records `ticks` ticks of a scenario headless (`playbench replay record`).
void record_scenario(const Scenario& scenario, std::int64_t ticks, const std::string& path);

}   // namespace pb
