// One solve of one compiled ship and task, shareable between threads. The world makes a job on
// every change (a command, a parameter edit) instead of solving at once; the answer is worked out
// the first time someone asks: the world itself (its hash, solution(), metrics, summary; so every
// headless path solves exactly as before), or the window's worker thread (ui/tasks/background_solve),
// which keeps a long solve off the frame. The instance never changes after the job is made and the
// solution is written once, by whichever thread gets there first (the others wait for it), and
// only read after: so the answer is the same whoever computes it, and the same as a synchronous
// TaskSolver::solve of the same instance.
#pragma once
#include <atomic>
#include <cstdint>
#include <mutex>

#include "engine/tasks/task_solver.hpp"

namespace pb::tasks {

class TaskSolveJob {
public:
    // `number`: the world's solve count when the job was made (which edit it is for).
    TaskSolveJob(std::int64_t number, TaskInstance instance) : number_(number), instance_(std::move(instance)) {}
    TaskSolveJob(const TaskSolveJob&) = delete;
    TaskSolveJob& operator=(const TaskSolveJob&) = delete;

    std::int64_t number() const { return number_; }
    const TaskInstance& instance() const { return instance_; }

    // Solves the instance with `workspace` unless it is solved already, or waits while another
    // thread solves it; returns the answer. Thread-safe.
    const TaskSolution& solve(TaskSolver& workspace) const;
    // True once the answer is there (then solution() reads it without waiting).
    bool done() const { return done_.load(std::memory_order_acquire); }
    // The answer; only when done().
    const TaskSolution& solution() const { return solution_; }
    // How many threads asked solve() to work it out (1 once done; tests check nobody solved twice).
    int solvers() const { return solvers_.load(std::memory_order_relaxed); }

private:
    std::int64_t number_;
    TaskInstance instance_;
    mutable std::once_flag once_;
    mutable std::atomic<bool> done_{false};
    mutable std::atomic<int> solvers_{0};
    mutable TaskSolution solution_;
};

}   // namespace pb::tasks
