#include "ui/tasks/background_solve.hpp"

#include <exception>

namespace pb::ui {

BackgroundSolve::BackgroundSolve() : worker_([this](std::stop_token stop) { run(stop); }) {}

BackgroundSolve::~BackgroundSolve() {
    worker_.request_stop();   // wakes the wait below (condition_variable_any with the stop token)
    if (worker_.joinable()) worker_.join();
}

void BackgroundSolve::set_before_solve(Hook hook) {
    std::lock_guard lock(mutex_);
    before_solve_ = std::move(hook);
}

void BackgroundSolve::want(const std::shared_ptr<const tasks::TaskSolveJob>& job) {
    if (!job || job == last_asked_ || job->done()) return;
    last_asked_ = job;
    {
        std::lock_guard lock(mutex_);
        wanted_ = job;   // replaces a job not taken up yet: that one is never solved here
    }
    wake_.notify_one();
}

void BackgroundSolve::run(std::stop_token stop) {
    tasks::TaskSolver workspace;   // this thread's own; the world keeps its own
    std::unique_lock lock(mutex_);
    for (;;) {
        wake_.wait(lock, stop, [this] { return wanted_ != nullptr; });
        if (stop.stop_requested()) return;   // a job still wanted is dropped: nobody will show it
        std::shared_ptr<const tasks::TaskSolveJob> job = std::move(wanted_);
        wanted_.reset();
        Hook hook = before_solve_;
        busy_.store(true, std::memory_order_release);
        taken_.fetch_add(1, std::memory_order_acq_rel);
        lock.unlock();
        if (hook) hook(*job);
        // Solves, or waits while the world's thread solves the same job (then it is done).
        try {
            job->solve(workspace);
        } catch (const std::exception&) {
            // Out of memory: the job stays unsolved; the world solves it (or fails) when asked.
        }
        job.reset();
        lock.lock();
        busy_.store(false, std::memory_order_release);
    }
}

}   // namespace pb::ui
