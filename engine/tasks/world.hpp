// The Tasks world: a ship a designer edits and the task solved on it. Every edit (move a room,
// add or remove a corridor, change its time or damage, move a player, the equipment or the
// event) is a command, and the world re-solves, so the Pareto fronts always match the ship.
// The solve itself is a TaskSolveJob made on the change and worked out the first time anyone
// asks for the answer (solution(), the hashes, metrics, summary): headless paths get exactly the
// answer and hashes of a solve at once, and the window's worker thread can solve the job first,
// off the frame (ui/tasks/background_solve.hpp). Ticks only drive the players' walking.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/rng.hpp"
#include "engine/core/world.hpp"
#include "engine/tasks/commands.hpp"
#include "engine/tasks/config.hpp"
#include "engine/tasks/setup.hpp"
#include "engine/tasks/solve_job.hpp"
#include "engine/tasks/task_solver.hpp"

namespace pb::tasks {

class TasksWorld : public WorldBase<TasksWorld> {
public:
    TasksWorld(const ParamSet& params, const TasksSetup& setup, std::uint64_t seed);

    const LabInfo& lab() const override;
    void step() override { ++tick_; }
    std::uint64_t hash() const override;
    // Everything but the clock changes only through resolve() (a command or a parameter edit),
    // which hashes it once then; a tick only advances the clock the players walk by. So both
    // hashes cost a few nanoseconds: the clock mixed with that state hash. A tick changes nothing
    // else, so the world says so (clock_only_base) and a recorder skips its quiet ticks.
    std::uint64_t tick_hash() const override;
    std::optional<std::uint64_t> clock_only_base() const override;
    // The state hash kept since the last solve, and computed afresh (tests compare the two).
    std::uint64_t kept_state_hash() const { return state_hash(); }
    std::uint64_t compute_state_hash() const;
    void write_state(JsonWriter& out) const override;
    void write_metrics(JsonWriter& out) const override;
    std::string summary() const override;
    std::vector<StateField> state_fields() const override;
    std::optional<std::string> perturb_field(std::size_t k, unsigned role) override;
    // Every field of the state once, for compute_state_hash(), write_state(), state_fields() and
    // the hash test (engine/core/state_visitor.hpp); defined in world.cpp.
    template <class Self, class V>
    static void visit_state(Self& w, V& v);

    const TasksConfig& config() const { return config_; }
    const Ship& ship() const { return ship_; }
    const TaskSpec& task() const { return task_; }
    const TaskInstance& instance() const { return instance_; }
    // The answer for the current ship: solved here and now if nobody has yet (or waited for
    // while the window's worker solves it). Empty when problem().
    const TaskSolution& solution() const;
    // The current solve (null when problem()): the window's worker solves it off the frame.
    const std::shared_ptr<const TaskSolveJob>& solve_job() const { return job_; }
    // The window's view says its worker solves this world's jobs: summary() then says
    // "solving..." while the current job is open instead of solving it on the caller's thread.
    // Nothing else changes (solution() and the hashes still solve or wait when asked).
    void solve_in_background() const { background_ = true; }
    // Why the current ship cannot be solved (then the solution is empty), if so.
    const std::optional<std::string>& problem() const { return problem_; }
    const std::vector<std::string>& notes() const { return instance_.notes; }
    std::int64_t solves() const { return solves_; }

protected:
    std::optional<std::string> apply_lab_command(const Command& c) override;
    void on_params_changed() override;

private:
    void resolve();
    std::uint64_t state_hash() const;
    // world_commands.cpp: dispatches TasksCommands (commands.hpp); each edits copies of the ship
    // and task; the world takes them only when they still make sense.
    std::optional<std::string> edit(const Command& c, Ship& ship, TaskSpec& task) const;

    TasksConfig config_;
    Ship ship_;
    TaskSpec task_;
    Rng rng_;
    std::int64_t solves_ = 0;
    // compute_state_hash() as of the last resolve(), once asked for (it needs the solution).
    mutable std::optional<std::uint64_t> state_hash_;
    // Derived from the above on every change.
    TaskInstance instance_;
    std::shared_ptr<const TaskSolveJob> job_;   // shared with copies and the window's worker
    std::optional<std::string> problem_;
    mutable TaskSolver solver_;   // workspace only
    mutable bool background_ = false;
};

const LabInfo& tasks_lab();

}   // namespace pb::tasks
