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
static std::uint64_t clock_base(std::uint64_t state_hash) {
    return hash_detail::fold_mul(state_hash, hash_detail::kMulB);
}

std::uint64_t TasksWorld::tick_hash() const { return clock_tick_hash(clock_base(state_hash()), tick_); }

std::optional<std::uint64_t> TasksWorld::clock_only_base() const { return clock_base(state_hash()); }

std::uint64_t TasksWorld::hash() const {
    StateHasher h;
    h.add(tick_);
    h.add_u64(state_hash());
    return h.value();
}

template <class Self, class V>
void TasksWorld::visit_state(Self& w, V& v) {
    // Keys and order are those of `run --json` (docs/command-line.md); hidden fields are hashed and diffed only.
    // The hash walks them in the order the state hash always had (so tick hashes, made from it,
    // stay those of engine 5): the clock is not part of it, and some sizes are left out.
    // Tasks has no kTick fields: its tick hash is the clock stepping this state hash along
    // (clock_tick_hash), and a test changes every field and checks compute_state_hash() moves.
    v.value("tick", w.tick_);
    v.field("solves", w.solves_, kHidden);
    v.value("problem", w.problem_ ? std::string_view(*w.problem_) : std::string_view("-"), kHidden);
    v.opaque("params", [&w](StateHasher& h) {
        for (std::size_t i = 0; i < w.params_.size(); ++i) h.add(w.params_[i]);
    });
    v.opaque("rng", [&w](StateHasher& h) {
        for (std::uint64_t s : w.rng_.state()) h.add_u64(s);
    });
    v.begin_array("rooms", w.ship_.rooms.size());
    for (auto& r : w.ship_.rooms) {
        v.begin_object("");
        v.field("x", r.x, kShown);
        v.field("y", r.y, kShown);
        v.field("hazard_to_equipment", r.hazard_to_equipment, kShown);
        v.field("hazard_to_event", r.hazard_to_event, kShown);
        v.end_object();
    }
    v.end_array();
    v.begin_array("corridors", w.ship_.corridors.size());
    for (auto& c : w.ship_.corridors) {
        v.begin_object("");
        v.field("from", c.from, kShown);
        v.field("to", c.to, kShown);
        v.field("time", c.time, kShown);
        v.field("damage_to_equipment", c.damage_to_equipment, kShown);
        v.field("damage_to_event", c.damage_to_event, kShown);
        v.field("one_way", c.one_way, kShown);
        v.end_object();
    }
    v.end_array();
    const auto list = [&v](std::string_view key, auto& values, unsigned role) {
        v.begin_array(key, values.size(), role);
        for (auto& x : values) v.field("", x, role & ~kSizeUnhashed);
        v.end_array();
    };
    list("players", w.task_.players, kShown);
    list("equipment", w.task_.equipment, kShown);
    v.field("event", w.task_.event, kShown);
    list("tau", w.task_.tau, kShown | kSizeUnhashed);
    list("delta", w.task_.delta, kShown | kSizeUnhashed);
    v.field("max_players", w.task_.max_players, kHidden);
    // Derived, but hashing the answer catches any path that derives it differently. The answer is
    // asked for (solved or waited for, see solution()), hashed only: a designer cannot edit it.
    v.opaque("solution", [&w](StateHasher& h) {
        const TaskSolution& sol = w.solution();
        for (const TeamPoint& p : sol.teams.points) {
            h.add(p.k);
            h.add(p.time);
            h.add(p.damage);
            h.add(p.assignment_count);
        }
        for (int r : sol.route_nodes) h.add(r);
    });
}

std::uint64_t TasksWorld::compute_state_hash() const {
    StateHasher h;
    StateHashVisitor v(h);
    visit_state(*this, v);
    return h.value();
}

void TasksWorld::write_state(JsonWriter& out) const { write_visited_state(*this, out); }

std::vector<StateField> TasksWorld::state_fields() const { return visited_fields(*this); }

std::optional<std::string> TasksWorld::perturb_field(std::size_t k, unsigned role) {
    return perturb_visited_field(*this, k, role);
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

}   // namespace pb::tasks
