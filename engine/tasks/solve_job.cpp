#include "engine/tasks/solve_job.hpp"

namespace pb::tasks {

const TaskSolution& TaskSolveJob::solve(TaskSolver& workspace) const {
    // call_once: one caller runs the solve, concurrent callers block until it has finished, and
    // all of them see the solution it wrote. A solve that throws (out of memory) leaves the job
    // unsolved for the next caller to try again.
    std::call_once(once_, [&] {
        solvers_.fetch_add(1, std::memory_order_relaxed);
        workspace.solve(instance_, solution_);
        done_.store(true, std::memory_order_release);
    });
    return solution_;
}

}   // namespace pb::tasks
