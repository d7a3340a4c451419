#include <doctest/doctest.h>

#include "engine/podball/world.hpp"
#include "ui/lab_view.hpp"
#include "ui/podball/podball_view.hpp"
#include "ui_test_support.hpp"

using namespace pb;

namespace {
const podball::PodballWorld& podball_world(const Simulation& sim) {
    return dynamic_cast<const podball::PodballWorld&>(sim.world());
}
}   // namespace

TEST_CASE("lab views: podball has its view, an unknown lab gets a placeholder") {
    CHECK(dynamic_cast<ui::PodballView*>(ui::create_lab_view("podball").get()) != nullptr);
    CHECK(ui::create_lab_view("no-such-lab") != nullptr);
}

TEST_CASE("podball view: dragging a pod becomes a pod.place command the world accepts") {
    Simulation sim = test::default_simulation();
    ui::PodballView view;
    const auto& pod = podball_world(sim).pods()[1];
    int team = pod.team, index = pod.index;
    // Grab slightly off-centre: the pod must not jump to the cursor.
    glm::dvec2 grab = pod.pos + glm::dvec2(0.005, 0.0);
    REQUIRE(view.grab(sim.world(), grab, 0.004));
    CHECK(view.dragging());
    glm::dvec2 target = team == 0 ? glm::dvec2(-0.3, 0.2) : glm::dvec2(0.3, 0.2);
    view.drag_to(target + glm::dvec2(0.005, 0.0));
    auto cmd = view.release(sim.world(), sim.tick());
    REQUIRE(cmd.has_value());
    CHECK_FALSE(view.dragging());
    CHECK(cmd->type == "pod.place");
    CHECK(cmd->integer("team") == team);
    CHECK(cmd->integer("pod") == index);
    CHECK(cmd->number("x") == doctest::Approx(target.x));
    CHECK(cmd->number("y") == doctest::Approx(target.y));
    REQUIRE_FALSE(sim.submit(*cmd));
    const auto& moved = podball_world(sim).pods()[1];
    CHECK(moved.pos.x == doctest::Approx(target.x));
    CHECK(moved.pos.y == doctest::Approx(target.y));
}

TEST_CASE("podball view: a drop outside the arena is pulled back inside") {
    Simulation sim = test::default_simulation();
    ui::PodballView view;
    const auto& w = podball_world(sim);
    REQUIRE(view.grab(sim.world(), w.ball().pos, 0.004));
    view.drag_to({-5.0, 5.0});
    auto cmd = view.release(sim.world(), sim.tick());
    REQUIRE(cmd.has_value());
    CHECK(cmd->type == "ball.place");
    double r = w.config().ball_radius;
    CHECK(cmd->number("x") == doctest::Approx(-w.config().arena_width * 0.5 + r));
    CHECK(cmd->number("y") == doctest::Approx(w.config().arena_height * 0.5 - r));
}

TEST_CASE("podball view: nothing to grab on empty field; hover text names what is under the cursor") {
    Simulation sim = test::default_simulation();
    ui::PodballView view;
    const auto& w = podball_world(sim);
    CHECK_FALSE(view.grab(sim.world(), {0.0, 0.29}, 0.001));
    CHECK_FALSE(view.release(sim.world(), 0).has_value());
    CHECK(view.hover_text(sim.world(), w.ball().pos, 0.001).rfind("Ball", 0) == 0);
    CHECK(view.hover_text(sim.world(), w.pods()[0].pos, 0.001).find("pod 0") != std::string::npos);
    CHECK(view.hover_text(sim.world(), {0.0, 0.29}, 0.001).empty());
    ui::WorldRect b = view.bounds(sim.world());
    CHECK(b.min.x < -0.5);
    CHECK(b.max.x > 0.5);
    CHECK(b.max.y == doctest::Approx(0.3));
}
