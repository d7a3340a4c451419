// The Tasks world: a ship a designer edits and the task solved on it. Every edit (move a room,
// add or remove a corridor, change its time or damage, move a player, the equipment or the
// event) is a command, and the world re-solves at once, so the Pareto fronts always match the
// ship on screen. Ticks only drive the animation of players walking their routes.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/rng.hpp"
#include "engine/core/world.hpp"
#include "engine/tasks/config.hpp"
#include "engine/tasks/setup.hpp"
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
    std::uint64_t kept_state_hash() const { return state_hash_; }
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
    const TaskSolution& solution() const { return solution_; }
    // Why the current ship cannot be solved (then the solution is empty), if so.
    const std::optional<std::string>& problem() const { return problem_; }
    const std::vector<std::string>& notes() const { return instance_.notes; }
    std::int64_t solves() const { return solves_; }

protected:
    std::optional<std::string> apply_lab_command(const Command& c) override;
    void on_params_changed() override;

private:
    void resolve();
    // world_commands.cpp: each edits copies of the ship and task; the world takes them only
    // when they still make sense.
    std::optional<std::string> edit(const Command& c, Ship& ship, TaskSpec& task) const;

    TasksConfig config_;
    Ship ship_;
    TaskSpec task_;
    Rng rng_;
    std::int64_t solves_ = 0;
    std::uint64_t state_hash_ = 0;   // compute_state_hash() as of the last resolve()
    // Derived from the above on every change.
    TaskInstance instance_;
    TaskSolution solution_;
    std::optional<std::string> problem_;
    TaskSolver solver_;   // workspace only
};

const LabInfo& tasks_lab();

}  // namespace pb::tasks
