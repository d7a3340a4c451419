#include <doctest/doctest.h>

#include <cmath>
#include <initializer_list>

#include "ui/widgets/canvas.hpp"

using pb::ui::CanvasView;
using pb::ui::WorldRect;

namespace {

CanvasView make_view() {
    CanvasView v;
    v.set_viewport(ImVec2(100, 50), ImVec2(800, 600));
    v.fit(WorldRect{{-0.5, -0.3}, {0.5, 0.3}}, 20.0f);
    return v;
}

}   // namespace

TEST_CASE("canvas: world and screen round-trip, y up") {
    CanvasView v = make_view();
    glm::dvec2 p{0.123, -0.2};
    glm::dvec2 back = v.to_world(v.to_screen(p));
    CHECK(back.x == doctest::Approx(p.x).epsilon(1e-6));
    CHECK(back.y == doctest::Approx(p.y).epsilon(1e-6));
    // World y grows upwards, screen y downwards.
    CHECK(v.to_screen({0.0, 0.1}).y < v.to_screen({0.0, -0.1}).y);
    CHECK(v.to_screen({0.1, 0.0}).x > v.to_screen({-0.1, 0.0}).x);
}

TEST_CASE("canvas: fit shows the bounds whole and centred") {
    CanvasView v = make_view();
    ImVec2 c = v.to_screen({0.0, 0.0});
    CHECK(c.x == doctest::Approx(500.0));
    CHECK(c.y == doctest::Approx(350.0));
    // 760 px for 1.0 wide, 560 px for 0.6 high: the width limits, 760 px per unit.
    CHECK(v.pixels_per_unit() == doctest::Approx(760.0));
    ImVec2 left = v.to_screen({-0.5, 0.0});
    CHECK(left.x == doctest::Approx(120.0));
    CHECK_FALSE(v.user_moved());
}

TEST_CASE("canvas: fit with a top inset moves the bounds below it") {
    CanvasView v;
    v.set_viewport(ImVec2(0, 0), ImVec2(1000, 400));
    v.fit(WorldRect{{-0.5, -0.3}, {0.5, 0.3}}, 10.0f, 60.0f);
    ImVec2 top = v.to_screen({0.0, 0.3});
    ImVec2 bottom = v.to_screen({0.0, -0.3});
    CHECK(top.y >= 70.0f - 0.01f);
    CHECK(bottom.y <= 390.0f + 0.01f);
}

TEST_CASE("canvas: zoom about the cursor keeps the point under it fixed") {
    CanvasView v = make_view();
    for (ImVec2 cursor : {ImVec2(130, 80), ImVec2(500, 350), ImVec2(870, 610), ImVec2(333, 444)}) {
        for (double factor : {1.15, 1.0 / 1.15, 3.0, 0.25}) {
            glm::dvec2 before = v.to_world(cursor);
            v.zoom_about(cursor, factor);
            ImVec2 after = v.to_screen(before);
            CHECK(std::fabs(after.x - cursor.x) < 1e-3f);
            CHECK(std::fabs(after.y - cursor.y) < 1e-3f);
        }
    }
    CHECK(v.user_moved());
    v.reset_user_moved();
    CHECK_FALSE(v.user_moved());
}

TEST_CASE("canvas: zoom is clamped and still keeps the cursor point") {
    CanvasView v = make_view();
    ImVec2 cursor(200, 200);
    glm::dvec2 before = v.to_world(cursor);
    v.zoom_about(cursor, 1e9);
    CHECK(v.pixels_per_unit() == doctest::Approx(CanvasView::kMaxPixelsPerUnit));
    ImVec2 after = v.to_screen(before);
    CHECK(std::fabs(after.x - cursor.x) < 1e-2f);
    CHECK(std::fabs(after.y - cursor.y) < 1e-2f);
}

TEST_CASE("canvas: panning moves the world with the mouse") {
    CanvasView v = make_view();
    glm::dvec2 p{0.2, 0.1};
    ImVec2 s0 = v.to_screen(p);
    v.pan_by(ImVec2(30, -12));
    ImVec2 s1 = v.to_screen(p);
    CHECK(s1.x - s0.x == doctest::Approx(30.0));
    CHECK(s1.y - s0.y == doctest::Approx(-12.0));
    CHECK(v.user_moved());
}
