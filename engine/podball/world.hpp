// The Podball world: pods and ball gliding with exact friction integration, collisions,
// pick-up, carrying, shooting with recoil, automatic release, goals, goal exclusion areas,
// match modes and periods, team modules, and the match metrics.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/clone_ptr.hpp"
#include "engine/core/rng.hpp"
#include "engine/core/world.hpp"
#include "engine/podball/commands.hpp"
#include "engine/podball/config.hpp"
#include "engine/podball/metrics.hpp"
#include "engine/podball/module.hpp"
#include "engine/podball/motion.hpp"
#include "engine/podball/setup.hpp"
#include "engine/podball/types.hpp"

namespace pb::podball {

// Where a body's centre may be: the arena shrunk by its radius, and the kick-off lines.
struct CentreBounds {
    double xmin, xmax, ymin, ymax;
};

class PodballWorld : public WorldBase<PodballWorld> {
public:
    PodballWorld(const ParamSet& params, const PodballSetup& setup, std::uint64_t seed);

    const LabInfo& lab() const override;
    void step() override;
    std::uint64_t hash() const override;
    std::uint64_t tick_hash() const override;
    // The world itself, its pods and per-pod scratch, and a little for each team's module.
    std::size_t snapshot_bytes() const override {
        return sizeof(*this) + pods_.size() * (sizeof(Pod) + sizeof(Vec2) + sizeof(PodAction)) + 2 * 4096;
    }
    void write_state(JsonWriter& out) const override;
    void write_metrics(JsonWriter& out) const override;
    std::string summary() const override;
    std::vector<StateField> state_fields() const override;
    std::optional<std::string> perturb_field(std::size_t k, unsigned role) override;
    // Every field of the state once, for hash(), write_state(), state_fields() and the tick-hash
    // test (engine/core/state_visitor.hpp); defined in world_io.cpp.
    template <class Self, class V>
    static void visit_state(Self& w, V& v);

    const PodballConfig& config() const { return config_; }
    const std::vector<Pod>& pods() const { return pods_; }
    const Ball& ball() const { return ball_; }
    Mode mode() const { return mode_; }
    int mode_ticks() const { return mode_ticks_; }   // ticks spent in the current mode
    std::array<int, 2> score() const { return score_; }
    std::int64_t running_ticks() const { return running_ticks_; }   // time counted (RUNNING only)
    const std::array<TeamInfo, 2>& teams() const { return teams_; }
    int pod_id(int team, int index) const;   // index into pods(), -1 when absent

    // Periods: 0-based period in play (equals the number of periods once the match is over),
    // and the team that kicked off the first one (the others alternate).
    int period() const { return period_; }
    int first_kickoff_team() const { return first_kickoff_team_; }
    bool finished() const override { return mode_ == Mode::Final; }
    // Once finished: 0 or 1 for the winner, -1 for a draw. While playing: the team ahead, or -1.
    int leader() const;

    // Goal exclusion areas, indexed by the team defending them (team 0 defends the goal at -x):
    // the pod (index into pods()) that holds the right to be inside, -1 while the area is free.
    int goal_area_holder(int defending_team) const { return area_holder_[defending_team]; }
    bool goal_areas_active() const { return config_.goal_exclusion_radius > 0.0; }
    // Is the ball's centre inside the goal area of `defending_team`?
    bool ball_in_goal_area(int defending_team) const;

    const MatchMetrics& metrics() const { return metrics_; }
    const Rng& rng() const { return rng_; }   // the world's generator (undo carries its state)
    const ModuleHealth& module_health(int team) const { return health_[team]; }
    const TeamModule& team_module(int team) const { return *modules_[team]; }
    // The rows of params() that are team `team`'s script tunables (podball.teamN.script.NAME),
    // in table order: what its TeamView::script_params gives.
    const std::vector<std::size_t>& script_rows(int team) const { return script_rows_[team]; }

protected:
    std::optional<std::string> apply_lab_command(const Command& c) override;
    void on_params_changed() override;

private:
    // physics.cpp
    void integrate();
    void collide_pods();
    void collide_ball();
    void enforce_bounds();
    void enforce_ball_bounds();
    void check_goal_line();
    double goal_crossing_y(double half_width) const;
    CentreBounds team_bounds(int team) const;
    CentreBounds carrier_bounds() const;   // the carrier and its ball as one body
    // goal_area.cpp
    void enforce_goal_areas();
    void update_area_holder(int defending_team);

    // metrics.cpp
    void count_running_tick();
    void count_camping_window();
    void count_hoarding(int team, bool ball_inside);
    void count_shot(int team, Vec2 from, Vec2 vel);
    void record_event(EventKind kind, int team);

    void derive_from_params();
    void call_modules();
    void note_fault(int team, std::string message);
    void resolve_actions();
    void update_ball_rules();
    // match_phases.cpp
    void update_mode();
    void set_mode(Mode m);
    void end_period();
    void place_for_kickoff();
    void shoot(int pod, Vec2 a);
    void pick_up(int pod);
    void release_ball();             // the carrier loses the ball and enters BALLDENY
    void attach_ball_to_carrier();   // ball follows its carrier (position and velocity)
    void score_goal(int scoring_team, Vec2 crossing);
    std::optional<std::string> check_pod_spot(int team, Vec2 p) const;
    std::optional<std::string> check_ball_spot(Vec2 p) const;
    // One handler per command of PodballCommands (commands.hpp); world_io.cpp.
    std::optional<std::string> on(const PodPlace& c);
    std::optional<std::string> on(const BallPlace& c);
    std::optional<std::string> on(const PodActionCommand& c);
    std::optional<std::string> on(const ModeSet& c);
    std::optional<std::string> on(const ModeRestore& c);
    std::optional<std::string> on(const PodRestore& c);
    std::optional<std::string> on(const BallRestore& c);
    std::optional<std::string> on(const ScriptReload& c);
    std::optional<std::string> on(const TeamModuleSet& c);
    // What a module of team `team` starting now is told (its generator seeded with `seed`).
    TeamSettings team_settings(int team, std::uint64_t seed) const;
    std::optional<std::string> find_pod(std::int64_t team, std::int64_t index, int& id) const;

    PodballConfig config_;
    std::array<TeamInfo, 2> teams_;
    std::array<ClonePtr<TeamModule>, 2> modules_;
    // The scenario's own module of each team and, for a library, its file and why it was not
    // loaded: team.module may switch back to it.
    std::array<std::string, 2> scenario_modules_, library_paths_, library_not_loaded_;
    std::vector<Pod> pods_;
    Ball ball_;
    Vec2 carry_offset_{0.0, 0.0};   // ball centre relative to its carrier's, fixed at pick-up
    Mode mode_ = Mode::KickoffTeam0;
    int mode_ticks_ = 0;
    int period_ = 0;
    int first_kickoff_team_ = 0;
    std::array<int, 2> score_{0, 0};
    std::array<int, 2> area_holder_{-1, -1};   // per defending team, pod id or -1
    std::int64_t running_ticks_ = 0;
    MatchMetrics metrics_;
    std::array<ModuleHealth, 2> health_;
    Rng rng_;
    std::array<std::vector<std::size_t>, 2> script_rows_;   // the table's; fixed for the world's life

    // Derived from config_ whenever parameters change (see motion.hpp); part of no state.
    MotionFactors free_pod_motion_, carrier_motion_, ball_motion_;
    double keepoff_ = 0.0;   // CENTER_KEEPOFF, limited so both teams still fit

    // Per-tick working values, kept as members so a tick allocates nothing; not state.
    double carrier_load_ = 0.0;   // thrust + collision impulses on the carrier this tick
    bool mode_changed_ = false;
    bool was_running_ = false;               // the tick began in RUNNING
    bool picked_up_ = false;                 // the ball was picked up during this tick
    Vec2 ball_start_{0.0, 0.0};              // ball position at the start of the tick (goal-line crossing)
    std::vector<Vec2> thrust_;               // per pod, direction * power this tick
    std::array<TeamView, 2> view_scratch_;   // per team: both are built before either team plays
    std::vector<PodAction> action_scratch_;
};

const LabInfo& podball_lab();

}   // namespace pb::podball
