// Renders the whole window offscreen, as `playbench render` does, and looks at the pixels.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <glm/geometric.hpp>

#include "engine/podball/world.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/palette.hpp"
#include "ui_test_support.hpp"

using namespace pb;

namespace {

bool near_colour(ui::Rgba got, ImU32 want, int tolerance = 4) {
    int r = static_cast<int>((want >> IM_COL32_R_SHIFT) & 0xFF);
    int g = static_cast<int>((want >> IM_COL32_G_SHIFT) & 0xFF);
    int b = static_cast<int>((want >> IM_COL32_B_SHIFT) & 0xFF);
    return std::abs(got.r - r) <= tolerance && std::abs(got.g - g) <= tolerance && std::abs(got.b - b) <= tolerance;
}

std::string show(ui::Rgba c) {
    char buf[48];
    std::snprintf(buf, sizeof buf, "(%d, %d, %d)", c.r, c.g, c.b);
    return buf;
}

struct RenderedWindow {
    Simulation sim = test::default_simulation();
    ui::OffscreenRenderer renderer{1280, 720};
    ui::Shell shell{sim, ui::ShellOptions{}};
    RenderedWindow() {
        REQUIRE_MESSAGE(renderer.ok(), renderer.error());
        renderer.render(shell, 3);
    }
    const podball::PodballWorld& world() const { return dynamic_cast<const podball::PodballWorld&>(sim.world()); }
    ui::Rgba at(glm::dvec2 world_point) const {
        ImVec2 s = shell.canvas().to_screen(world_point);
        return renderer.pixel(static_cast<int>(s.x), static_cast<int>(s.y));
    }
};

}   // namespace

TEST_CASE("offscreen render: menu bar on top, field in the canvas, pods in team colours, the ball") {
    RenderedWindow w;

    // The menu bar spans the top of the window.
    ui::Rgba menu = w.renderer.pixel(640, 6);
    CHECK_MESSAGE(near_colour(menu, ui::palette::rgb(41, 45, 51)), "menu bar pixel " << show(menu));

    // The canvas lies left of the parameter panel and shows the arena fitted.
    const ui::WidgetRect* canvas = w.shell.widgets().find("canvas");
    REQUIRE(canvas != nullptr);
    CHECK(canvas->w > 600.0f);
    CHECK(w.shell.widgets().find("params.panel") != nullptr);

    // Field colour at a spot away from pods, ball and lines, in an unstriped column.
    const auto& cfg = w.world().config();
    bool found = false;
    for (double x : {-0.45, -0.25, 0.15, 0.35, -0.05}) {
        for (double y : {0.2, -0.2, 0.1, -0.1}) {
            glm::dvec2 p{x * cfg.arena_width, y};
            bool clear = glm::length(p - w.world().ball().pos) > 0.06;
            for (const auto& pod : w.world().pods()) clear = clear && glm::length(p - pod.pos) > 0.06;
            if (!clear) continue;
            ui::Rgba c = w.at(p);
            CHECK_MESSAGE(near_colour(c, ui::palette::kField),
                          "field pixel at (" << p.x << ", " << p.y << ") " << show(c));
            found = true;
            break;
        }
        if (found) break;
    }
    CHECK(found);

    // Every pod shows its team colour (sampled beside its number).
    REQUIRE(w.world().pods().size() == 10);
    for (const auto& pod : w.world().pods()) {
        CAPTURE(pod.team);
        CAPTURE(pod.index);
        ui::Rgba c = w.at(pod.pos + glm::dvec2(cfg.pod_radius * 0.7, 0.0));
        CHECK_MESSAGE(near_colour(c, ui::palette::kTeam[pod.team]), "pod pixel " << show(c));
        const ui::WidgetRect* r =
            w.shell.widgets().find("podball.pod." + std::to_string(pod.team) + "." + std::to_string(pod.index));
        REQUIRE(r != nullptr);
        CHECK(r->visible);
    }
    ui::Rgba ball = w.at(w.world().ball().pos);
    CHECK_MESSAGE(near_colour(ball, ui::palette::kBall), "ball pixel " << show(ball));

    // The goal mouths carry the defending team's colour: team 0 defends x = -width/2.
    ui::Rgba left_goal = w.at({-cfg.arena_width * 0.5 - 0.015, 0.0});
    ui::Rgba right_goal = w.at({cfg.arena_width * 0.5 + 0.015, 0.0});
    CHECK_MESSAGE(near_colour(left_goal, ui::palette::kTeamDark[0]), show(left_goal));
    CHECK_MESSAGE(near_colour(right_goal, ui::palette::kTeamDark[1]), show(right_goal));
}

TEST_CASE("offscreen render: the widgets automation needs are on screen") {
    RenderedWindow w;
    for (const char* name : {"transport.play", "transport.step", "transport.restart", "transport.speed.1x",
                             "params.filter", "param.podball.arena.width", "menu.file", "canvas"}) {
        CAPTURE(name);
        const ui::WidgetRect* r = w.shell.widgets().find(name);
        REQUIRE(r != nullptr);
        CHECK(r->visible);
        CHECK(r->w > 0.0f);
        CHECK(r->x >= 0.0f);
        CHECK(r->y >= 0.0f);
        CHECK(r->x + r->w <= 1280.0f);
        CHECK(r->y + r->h <= 720.0f);
    }
    // The play button sits left of the step button on the transport bar, under the menu bar.
    CHECK(w.shell.widgets().find("transport.play")->x < w.shell.widgets().find("transport.step")->x);
    CHECK(w.shell.widgets().find("transport.play")->y > w.shell.widgets().find("menu.file")->y);
}

TEST_CASE("offscreen render: writes a PNG; a bad path is an error, not a crash") {
    test::ScratchDir dir;
    Simulation sim = test::default_simulation();
    sim.advance(300);
    std::string error;
    std::string png = dir.file("window.png");
    REQUIRE_MESSAGE(ui::render_simulation_to_png(sim, 800, 500, png, error), error);
    std::ifstream in(png, std::ios::binary);
    char sig[8] = {};
    in.read(sig, 8);
    CHECK(std::string(sig + 1, 3) == "PNG");
    CHECK(std::filesystem::file_size(png) > 5000);

    CHECK_FALSE(ui::render_simulation_to_png(sim, 800, 500, dir.file("no/such/folder/x.png"), error));
    CHECK(error.find("no/such/folder") != std::string::npos);
    CHECK_FALSE(ui::render_simulation_to_png(sim, 0, 500, png, error));
}

TEST_CASE("offscreen render: a frame of the default scenario at 1280x720") {
    Simulation sim = test::default_simulation();
    sim.advance(600);
    double ms = 0.0;
    std::string error;
    REQUIRE_MESSAGE(ui::measure_simulation_render(sim, 1280, 720, 30, ms, error), error);
    MESSAGE("offscreen render, 1280x720, whole window: " << ms << " ms per frame (target < 15 ms)");
    CHECK(ms > 0.0);
    CHECK(ms < 200.0);   // the target is checked by `playbench bench render`; this only catches disasters
}

TEST_CASE(
    "offscreen build_frame: builds the draw lists through the shell without rasterising; rasterise() draws them") {
    Simulation sim = test::default_simulation();
    ui::OffscreenRenderer renderer(640, 400);
    REQUIRE(renderer.ok());
    ui::Shell shell(sim, ui::ShellOptions{});
    ui::FrameReport first = renderer.build_frame(shell);
    CHECK(first.fault.empty());
    CHECK(first.draw_lists > 3);   // menu bar, transport bar, canvas, side panel, status line...
    CHECK(first.vertices > 1000);
    CHECK(first.build_ms > 0.0);
    // Nothing rasterised yet: the surface is still as created (all zero).
    ui::Rgba before = renderer.pixel(320, 1);
    CHECK((before.r == 0 && before.g == 0 && before.b == 0));
    CHECK(renderer.rasterise() > 0.0);
    ui::Rgba after = renderer.pixel(320, 1);
    CHECK(near_colour(after, ui::palette::rgb(41, 45, 51)));   // the menu bar
    CHECK(renderer.rasterise() == 0.0);                        // nothing new built
}

TEST_CASE("check_draw_data: names the draw list and command of a NaN vertex, an infinite clip rect, a bad index") {
    ImDrawList list(nullptr);
    list._OwnerName = "Canvas";
    ImDrawCmd cmd;
    cmd.ClipRect = ImVec4(0, 0, 100, 100);
    cmd.ElemCount = 3;
    list.CmdBuffer.push_back(cmd);
    for (int i = 0; i < 3; ++i) {
        ImDrawVert v{};
        v.pos = ImVec2(10.0f * i, 5.0f);
        list.VtxBuffer.push_back(v);
        list.IdxBuffer.push_back(static_cast<ImDrawIdx>(i));
    }
    ImDrawList* lists[] = {&list};
    ImDrawData data;
    data.Valid = true;
    data.CmdLists = lists;
    data.CmdListsCount = 1;
    data.DisplaySize = ImVec2(100, 100);
    CHECK(ui::check_draw_data(data).empty());

    list.VtxBuffer[1].pos.y = std::nanf("");
    std::string fault = ui::check_draw_data(data);
    CHECK(fault.find("draw list 0 (Canvas), command 0: vertex 1 pos = (10, nan)") != std::string::npos);
    list.VtxBuffer[1].pos.y = 5.0f;
    list.VtxBuffer[2].uv.x = INFINITY;
    CHECK(ui::check_draw_data(data).find("vertex 2") != std::string::npos);
    list.VtxBuffer[2].uv.x = 0.0f;

    list.CmdBuffer[0].ClipRect.z = INFINITY;
    fault = ui::check_draw_data(data);
    CHECK(fault.find("command 0: clip rect = (0, 0, inf, 100)") != std::string::npos);
    list.CmdBuffer[0].ClipRect.z = 100.0f;

    list.IdxBuffer[2] = 7;
    CHECK(ui::check_draw_data(data).find("names vertex 7 of 3") != std::string::npos);
    list.IdxBuffer[2] = 2;
    CHECK(ui::check_draw_data(data).empty());
}
