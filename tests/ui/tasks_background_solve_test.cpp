// The window's Tasks solve runs off the frame (docs/labs/tasks.md#the-solve-runs-off-the-frame):
// while a worker solves the edited ship, frames keep being drawn with the last finished answer and
// a "Solving..." marker; once done the frame shows exactly the synchronous solve's answer; an edit
// during a solve ends with the newest edit's answer (the older one, finished or not, is never
// shown). The solve is made as slow as the test likes by holding the worker in a hook, so nothing
// here depends on timing: the waits below only guard against a hang.
#include <doctest/doctest.h>

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <set>
#include <thread>

#include "engine/core/json.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/tasks/solution_report.hpp"
#include "engine/tasks/world.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui/tasks/background_solve.hpp"
#include "ui/tasks/tasks_view.hpp"

using namespace pb;

namespace {

constexpr auto kHangGuard = std::chrono::seconds(30);

Scenario generated_ship() {
    return load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/tasks-generated-ship.toml");
}

const tasks::TasksWorld& tasks_world(const Simulation& sim) {
    return dynamic_cast<const tasks::TasksWorld&>(sim.world());
}

// Off the frame for the test's scope, as in the window.
struct OffFrame {
    OffFrame() { ui::TasksView::set_solve_off_frame(true); }
    ~OffFrame() { ui::TasksView::set_solve_off_frame(false); }
};

// Holds the worker before each solve until opened.
struct Gate {
    std::mutex m;
    std::condition_variable cv;
    bool open = false;
    int held = 0;   // solves that reached the gate
    void pass() {
        std::unique_lock lock(m);
        ++held;
        cv.notify_all();
        cv.wait_for(lock, kHangGuard, [&] { return open; });
    }
    void set_open(bool o) {
        std::lock_guard lock(m);
        open = o;
        cv.notify_all();
    }
    bool wait_held(int n) {
        std::unique_lock lock(m);
        return cv.wait_for(lock, kHangGuard, [&] { return held >= n; });
    }
};
// Opens the gate when the test ends however it ends, before the shell (and its worker) goes.
struct OpenOnExit {
    Gate& gate;
    ~OpenOnExit() { gate.set_open(true); }
};

bool wait_done(const tasks::TaskSolveJob& job) {
    const auto until = std::chrono::steady_clock::now() + kHangGuard;
    while (!job.done() && std::chrono::steady_clock::now() < until)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    return job.done();
}

std::string as_json(const tasks::TaskSolution& s) {
    JsonWriter out(false);
    tasks::write_solution_json(out, s);
    return out.str();
}

// The shown answer is the synchronous solve of the world's instance, to the last route room.
void check_same_as_synchronous(const tasks::TaskSolution& shown, const tasks::TaskInstance& instance) {
    tasks::TaskSolver solver;
    tasks::TaskSolution sync;
    solver.solve(instance, sync);
    REQUIRE_FALSE(sync.teams.points.empty());
    CHECK(shown.route_nodes == sync.route_nodes);
    CHECK(shown.efficient == sync.efficient);
    REQUIRE(shown.teams.points.size() == sync.teams.points.size());
    for (std::size_t i = 0; i < sync.teams.points.size(); ++i) {
        CHECK(shown.teams.points[i].k == sync.teams.points[i].k);
        CHECK(shown.teams.points[i].time == sync.teams.points[i].time);
        CHECK(shown.teams.points[i].damage == sync.teams.points[i].damage);
    }
    CHECK(as_json(shown) == as_json(sync));
}

Command event_move(const Simulation& sim, int room) {
    Command c;
    c.tick = sim.tick();
    c.type = "event.move";
    c.set("room", std::int64_t{room});
    return c;
}

// The same scenario and commands without a window: the hash every headless path sees.
std::uint64_t headless_hash(const std::vector<Command>& commands) {
    Simulation sim(generated_ship());
    for (const Command& c : commands) REQUIRE_FALSE(sim.submit(c));
    return sim.world().hash();
}

}   // namespace

TEST_CASE("tasks off the frame: frames go on while a held solve runs, then show the synchronous answer") {
    const OffFrame off_frame;
    Gate gate;
    Simulation sim(generated_ship());
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::ShellOptions options;
    options.preferences.side_tab = ui::SideTab::Analysis;
    ui::Shell shell{sim, options};
    const OpenOnExit open_on_exit{gate};

    // The scenario's own first solve goes to the worker too (gate open): wait for it, then draw.
    gate.set_open(true);
    renderer.build_frame(shell);
    auto* view = dynamic_cast<ui::TasksView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    REQUIRE(view->background() != nullptr);
    REQUIRE(wait_done(*tasks_world(sim).solve_job()));
    renderer.render(shell, 1);
    const std::shared_ptr<const tasks::TaskSolveJob> first = tasks_world(sim).solve_job();
    CHECK(view->shown_job() == first.get());
    CHECK_FALSE(view->showing_older());
    CHECK(shell.widgets().find("overlay.solving") == nullptr);
    view->background()->set_before_solve([&gate](const tasks::TaskSolveJob&) { gate.pass(); });

    // An edit whose solve the worker is held on: 20 frames are drawn all the same, showing the
    // first answer dimmed under the marker; nobody solved the new job on the frame's thread.
    gate.set_open(false);
    const Command edit = event_move(sim, 40);
    REQUIRE_FALSE(sim.submit(edit));
    const std::shared_ptr<const tasks::TaskSolveJob> job = tasks_world(sim).solve_job();
    REQUIRE(job != first);
    renderer.build_frame(shell);
    REQUIRE(gate.wait_held(1));
    for (int i = 0; i < 20; ++i) renderer.build_frame(shell);
    renderer.render(shell, 1);
    CHECK_FALSE(job->done());
    CHECK(view->background()->busy());
    CHECK(view->showing_older());
    CHECK(view->shown_job() == first.get());
    CHECK(sim.world().summary() == "solving...");
    const ui::WidgetRect* marker = shell.widgets().find("overlay.solving");
    REQUIRE(marker != nullptr);
    const ui::WidgetRect* canvas = shell.widgets().find("canvas");
    REQUIRE(canvas != nullptr);
    CHECK(marker->x >= canvas->x);
    CHECK(marker->y >= canvas->y);
    CHECK_FALSE((canvas->center_x() >= marker->x && canvas->center_x() <= marker->x + marker->w &&
                 canvas->center_y() >= marker->y && canvas->center_y() <= marker->y + marker->h));
    CHECK(shell.widgets().find("tasks.solving") != nullptr);

    // Let it go: once done, the next frame shows the world's current answer, which is exactly the
    // synchronous solve of that ship, solved once (by the worker).
    gate.set_open(true);
    REQUIRE(wait_done(*job));
    renderer.render(shell, 1);
    CHECK(view->shown_job() == job.get());
    CHECK_FALSE(view->showing_older());
    CHECK(shell.widgets().find("overlay.solving") == nullptr);
    CHECK(job->solvers() == 1);
    check_same_as_synchronous(job->solution(), tasks_world(sim).instance());
    CHECK(as_json(tasks_world(sim).solution()) == as_json(job->solution()));
    CHECK(sim.world().summary() != "solving...");
    // And the world's hash is the one a headless run of the same edit has.
    CHECK(sim.world().hash() == headless_hash({edit}));
}

TEST_CASE("tasks off the frame: edits during a held solve end with the newest edit's answer") {
    const OffFrame off_frame;
    Gate gate;
    Simulation sim(generated_ship());
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, ui::ShellOptions{}};
    const OpenOnExit open_on_exit{gate};
    gate.set_open(true);
    renderer.build_frame(shell);
    auto* view = dynamic_cast<ui::TasksView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    REQUIRE(view->background() != nullptr);
    REQUIRE(wait_done(*tasks_world(sim).solve_job()));
    renderer.build_frame(shell);
    const tasks::TaskSolveJob* first = view->shown_job();
    REQUIRE(first == tasks_world(sim).solve_job().get());
    view->background()->set_before_solve([&gate](const tasks::TaskSolveJob&) { gate.pass(); });
    const int taken_before = view->background()->taken();

    // Edit A: the worker takes it and is held. Edits B and C come meanwhile (a frame each).
    gate.set_open(false);
    std::vector<Command> edits{event_move(sim, 40)};
    REQUIRE_FALSE(sim.submit(edits.back()));
    const std::shared_ptr<const tasks::TaskSolveJob> a = tasks_world(sim).solve_job();
    renderer.build_frame(shell);
    REQUIRE(gate.wait_held(1));
    edits.push_back(event_move(sim, 75));
    REQUIRE_FALSE(sim.submit(edits.back()));
    const std::shared_ptr<const tasks::TaskSolveJob> b = tasks_world(sim).solve_job();
    renderer.build_frame(shell);
    edits.push_back(event_move(sim, 120));
    REQUIRE_FALSE(sim.submit(edits.back()));
    const std::shared_ptr<const tasks::TaskSolveJob> c = tasks_world(sim).solve_job();
    renderer.build_frame(shell);
    CHECK(view->shown_job() == first);
    CHECK(view->background()->taken() == taken_before + 1);   // A only; C waits, B was dropped

    // Released: A finishes (discarded), then the worker takes C. Frames drawn all along never
    // show A's or B's answer, and end with C's: the synchronous one.
    gate.set_open(true);
    std::set<const tasks::TaskSolveJob*> shown;
    const auto until = std::chrono::steady_clock::now() + kHangGuard;
    while (!(c->done() && view->shown_job() == c.get()) && std::chrono::steady_clock::now() < until) {
        renderer.build_frame(shell);
        shown.insert(view->shown_job());
    }
    REQUIRE(c->done());
    CHECK(view->shown_job() == c.get());
    CHECK_FALSE(view->showing_older());
    CHECK(shown.count(a.get()) == 0);
    CHECK(shown.count(b.get()) == 0);
    CHECK_FALSE(b->done());   // never solved: superseded before the worker took it
    CHECK(view->background()->taken() == taken_before + 2);
    REQUIRE(wait_done(*a));   // A did finish on the worker, it was only not shown
    check_same_as_synchronous(view->shown_job()->solution(), tasks_world(sim).instance());
    CHECK(sim.world().hash() == headless_hash(edits));
}

TEST_CASE("tasks by default (render, tests): the frame after an edit shows its answer, no marker") {
    Simulation sim(generated_ship());
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, ui::ShellOptions{}};
    renderer.render(shell, 1);
    auto* view = dynamic_cast<ui::TasksView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    REQUIRE_FALSE(sim.submit(event_move(sim, 40)));
    CHECK_FALSE(tasks_world(sim).solve_job()->done());   // the world solves when asked
    renderer.render(shell, 1);
    CHECK(tasks_world(sim).solve_job()->done());
    CHECK(view->shown_job() == tasks_world(sim).solve_job().get());
    CHECK_FALSE(view->showing_older());
    CHECK(view->background() == nullptr);   // no worker thread at all
    CHECK(shell.widgets().find("overlay.solving") == nullptr);
    CHECK(sim.world().summary() != "solving...");
}
