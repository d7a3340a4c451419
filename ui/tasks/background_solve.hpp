// The window's Tasks solves, off the frame: one worker thread solves the world's current
// TaskSolveJob while the frame goes on drawing the last finished answer. One solve at a time;
// the newest job asked for wins: a job superseded before the worker took it is never solved
// here, and one superseded while it is being solved finishes but is not shown (the view shows
// only the world's current job). The worker solves the very job the world holds, with the same
// solver, so what the frame shows once it is done is the world's own answer (the synchronous
// one), whoever got to it first.
#pragma once
#include <atomic>
#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <stop_token>
#include <thread>

#include "engine/tasks/solve_job.hpp"

namespace pb::ui {

class BackgroundSolve {
public:
    BackgroundSolve();
    // Stops the worker: it finishes the solve in hand (bounded by the declared limits) and ends.
    ~BackgroundSolve();
    BackgroundSolve(const BackgroundSolve&) = delete;
    BackgroundSolve& operator=(const BackgroundSolve&) = delete;

    // The job to solve next (the world's current one). Asking again for the job asked for last,
    // or for one already done, does nothing.
    void want(const std::shared_ptr<const tasks::TaskSolveJob>& job);
    // Jobs the worker has taken up so far, and whether it is solving one now.
    int taken() const { return taken_.load(std::memory_order_acquire); }
    bool busy() const { return busy_.load(std::memory_order_acquire); }

    // Tests: runs on the worker just before each solve (a test holds it there to make a solve as
    // slow as it likes). Set it before the first want().
    using Hook = std::function<void(const tasks::TaskSolveJob&)>;
    void set_before_solve(Hook hook);

private:
    void run(std::stop_token stop);

    std::mutex mutex_;
    std::condition_variable_any wake_;
    std::shared_ptr<const tasks::TaskSolveJob> wanted_;       // waiting for the worker (guarded)
    std::shared_ptr<const tasks::TaskSolveJob> last_asked_;   // want()'s last job (frame thread only)
    Hook before_solve_;                                       // guarded
    std::atomic<int> taken_{0};
    std::atomic<bool> busy_{false};
    std::jthread worker_;   // last: starts once everything above exists, stops and joins first
};

}   // namespace pb::ui
