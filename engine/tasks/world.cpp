#include "engine/tasks/world.hpp"

#include <cmath>

#include "engine/core/hash.hpp"
#include "engine/core/lab.hpp"
#include "engine/tasks/solution_report.hpp"

namespace pb::tasks {

TasksWorld::TasksWorld(const ParamSet& params, const TasksSetup& setup, std::uint64_t seed)
    : WorldBase(params), config_(config_from(params)), ship_(setup.ship), task_(setup.task), rng_(seed) {
    resolve();
}

const LabInfo& TasksWorld::lab() const { return tasks_lab(); }

void TasksWorld::on_params_changed() {
    config_ = config_from(params_);
    resolve();
}

void TasksWorld::resolve() {
    ++solves_;
    const TaskLimits limits{static_cast<Cost>(std::llround(config_.max_time)),
                            static_cast<Cost>(std::llround(config_.max_damage)),
                            static_cast<int>(std::llround(config_.max_ties))};
    problem_ = compile_task(ship_, task_, limits, instance_);
    job_ = problem_ ? nullptr : std::make_shared<const TaskSolveJob>(solves_, instance_);
    state_hash_.reset();
}

const TaskSolution& TasksWorld::solution() const {
    static const TaskSolution kNone;
    return job_ ? job_->solve(solver_) : kNone;
}

std::uint64_t TasksWorld::state_hash() const {
    if (!state_hash_) state_hash_ = compute_state_hash();
    return *state_hash_;
}

// The state hash is a chain whose last step already mixes every bit; the multiply spreads it once
// more so the 32 bits a replay keeps a tick depend on all 64.
static std::uint64_t clock_base(std::uint64_t state_hash) { return hash_detail::fold_mul(state_hash, hash_detail::kMulB); }

std::uint64_t TasksWorld::tick_hash() const { return clock_tick_hash(clock_base(state_hash()), tick_); }

std::optional<std::uint64_t> TasksWorld::clock_only_base() const { return clock_base(state_hash()); }

std::uint64_t TasksWorld::hash() const {
    StateHasher h;
    h.add(tick_);
    h.add_u64(state_hash());
    return h.value();
}

std::uint64_t TasksWorld::compute_state_hash() const {
    StateHasher h;
    h.add(solves_);
    h.add(problem_ ? std::string_view(*problem_) : std::string_view("-"));
    for (std::size_t i = 0; i < params_.size(); ++i) h.add(params_[i]);
    for (std::uint64_t s : rng_.state()) h.add_u64(s);
    h.add(static_cast<std::int64_t>(ship_.rooms.size()));
    for (const Room& r : ship_.rooms) {
        h.add(r.x);
        h.add(r.y);
        h.add(r.hazard_to_equipment);
        h.add(r.hazard_to_event);
    }
    h.add(static_cast<std::int64_t>(ship_.corridors.size()));
    for (const Corridor& c : ship_.corridors) {
        h.add(c.from);
        h.add(c.to);
        h.add(c.time);
        h.add(c.damage_to_equipment);
        h.add(c.damage_to_event);
        h.add(c.one_way);
    }
    for (const auto* list : {&task_.players, &task_.equipment}) {
        h.add(static_cast<std::int64_t>(list->size()));
        for (int v : *list) h.add(v);
    }
    h.add(task_.event);
    for (Cost t : task_.tau) h.add(t);
    for (Cost d : task_.delta) h.add(d);
    h.add(task_.max_players);
    // Derived, but hashing the answer catches any path that derives it differently.
    const TaskSolution& sol = solution();
    for (const TeamPoint& p : sol.teams.points) {
        h.add(p.k);
        h.add(p.time);
        h.add(p.damage);
        h.add(p.assignment_count);
    }
    for (int r : sol.route_nodes) h.add(r);
    return h.value();
}

void TasksWorld::write_state(JsonWriter& out) const {
    out.begin_object();
    out.field("tick", tick_);
    out.key("rooms").begin_array();
    for (const Room& r : ship_.rooms) {
        out.begin_object().field("x", r.x).field("y", r.y);
        out.field("hazard_to_equipment", r.hazard_to_equipment).field("hazard_to_event", r.hazard_to_event);
        out.end_object();
    }
    out.end_array();
    out.key("corridors").begin_array();
    for (const Corridor& c : ship_.corridors) {
        out.begin_object().field("from", c.from).field("to", c.to).field("time", c.time);
        out.field("damage_to_equipment", c.damage_to_equipment).field("damage_to_event", c.damage_to_event);
        out.field("one_way", c.one_way).end_object();
    }
    out.end_array();
    out.key("players").begin_array();
    for (int p : task_.players) out.value(p);
    out.end_array();
    out.key("equipment").begin_array();
    for (int e : task_.equipment) out.value(e);
    out.end_array();
    out.field("event", task_.event);
    out.key("tau").begin_array();
    for (Cost t : task_.tau) out.value(t);
    out.end_array();
    out.key("delta").begin_array();
    for (Cost d : task_.delta) out.value(d);
    out.end_array();
    out.end_object();
}

void TasksWorld::write_metrics(JsonWriter& out) const {
    out.begin_object();
    out.field("solves", solves_);
    if (problem_) out.field("problem", *problem_);
    out.key("notes").begin_array();
    for (const std::string& n : instance_.notes) out.value(n);
    out.end_array();
    out.key("solution");
    write_solution_json(out, solution());
    out.end_object();
}

std::string TasksWorld::summary() const {
    if (problem_) return "cannot solve: " + *problem_;
    if (background_ && job_ && !job_->done()) return "solving...";
    return solution_summary(solution());
}

}  // namespace pb::tasks
