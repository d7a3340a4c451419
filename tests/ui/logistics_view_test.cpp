// The logistics view through the shell: the colony is drawn (targets, transporters, routes), a
// click selects or builds as the chosen tool says, a drag becomes a move command, hovering a
// transporter lists its ranked preferences; the Tools tab edits, the Analysis tab shows the
// totals (the same numbers as the status line), the charts with a readout on hover, the policy
// comparison and the colour key.
#include <doctest/doctest.h>

#include <cfloat>
#include <cmath>
#include <cstdlib>
#include <string>

#include <imgui.h>
#include <imgui_internal.h>

#include "engine/core/scenario.hpp"
#include "engine/logistics/world.hpp"
#include "ui/logistics/logistics_view.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"

using namespace pb;

// The lab's tools sit in the side panel's Tools tab, its metrics and keys in the Analysis tab.
static pb::ui::ShellOptions side_tab(pb::ui::SideTab tab) {
    pb::ui::ShellOptions o;
    o.preferences.side_tab = tab;
    return o;
}
static pb::ui::ShellOptions tools_tab() { return side_tab(pb::ui::SideTab::Tools); }
using ui::LogisticsView;

namespace {

Simulation colony() {
    return Simulation(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/logistics-colony.toml"));
}

const logistics::LogisticsWorld& world_of(const Simulation& sim) {
    return dynamic_cast<const logistics::LogisticsWorld&>(sim.world());
}

glm::dvec2 at(int x, int y) { return LogisticsView::tile_centre({x, y}); }

}   // namespace

TEST_CASE("logistics view: the colony, its routes and the panel are drawn") {
    Simulation sim = colony();
    sim.advance(200);
    ui::OffscreenRenderer renderer{1300, 950};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tools_tab()};
    renderer.render(shell, 3);
    auto* view = dynamic_cast<LogisticsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    CHECK(shell.widgets().find("logistics.map") != nullptr);
    // Tools: the policy switch and the editing tools; the comparison is in the Analysis tab.
    CHECK(shell.widgets().find("logistics.policy") != nullptr);
    CHECK(shell.widgets().find("logistics.tool.target") != nullptr);
    CHECK(shell.widgets().find("logistics.policies") == nullptr);
    CHECK(shell.widgets().find("logistics.legend") == nullptr);
    // The spawn (target 2) and every transporter are where the world says.
    const auto* spawn = shell.widgets().find("logistics.target.2");
    REQUIRE(spawn != nullptr);
    const auto* t0 = shell.widgets().find("logistics.transporter.0");
    REQUIRE(t0 != nullptr);
    // The spawn's box is full of energy: the energy colour fills it.
    REQUIRE(world_of(sim).targets()[2].store[0] > 250.0);
    const auto px = renderer.pixel(static_cast<int>(spawn->center_x()), static_cast<int>(spawn->y + spawn->h - 3));
    CHECK(px.r > 200);
    CHECK(px.g > 150);
    CHECK(px.b < 120);
}

TEST_CASE("logistics view: clicks select, build targets and transporters, toggle walls — as commands") {
    Simulation sim = colony();
    ui::OffscreenRenderer renderer{1100, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tools_tab()};
    renderer.render(shell, 2);
    auto* view = dynamic_cast<LogisticsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    const double pick = 0.05;
    const auto& w = world_of(sim);

    view->click(sim.world(), at(25, 25), pick, true);   // the storage
    REQUIRE(view->selected());
    CHECK_FALSE(view->selected()->transporter);
    CHECK(view->selected()->id == 0);
    view->click(sim.world(), at(24, 24), pick, true);   // a transporter stands there
    REQUIRE(view->selected());
    CHECK(view->selected()->transporter);
    CHECK(view->selected()->id == 0);
    renderer.render(shell, 1);
    CHECK(shell.widgets().find("logistics.remove") != nullptr);
    CHECK(sim.live_commands().empty());

    view->options().tool = LogisticsView::Tool::PlaceTarget;
    view->options().kind = logistics::TargetKind::Tower;
    view->click(sim.world(), at(40, 30), pick, true);
    renderer.render(shell, 1);
    REQUIRE(sim.live_commands().size() == 1);
    CHECK(sim.live_commands()[0].type == "target.place");
    CHECK(w.targets().back().kind == logistics::TargetKind::Tower);
    CHECK(w.targets().back().pos == logistics::Tile{40, 30});

    view->options().tool = LogisticsView::Tool::PlaceTransporter;
    view->click(sim.world(), at(41, 30), pick, true);
    view->options().tool = LogisticsView::Tool::Wall;
    view->click(sim.world(), at(5, 5), pick, true);
    renderer.render(shell, 1);
    CHECK(w.transporters().size() == 7);
    CHECK(w.map().wall({5, 5}));
    // On the tower's own tile the target is refused, and the status line says why.
    view->options().tool = LogisticsView::Tool::PlaceTarget;
    view->click(sim.world(), at(40, 30), pick, true);
    renderer.render(shell, 1);
    CHECK(shell.status().rfind("Refused: ", 0) == 0);
    CHECK(shell.status().find("already holds target") != std::string::npos);
}

TEST_CASE("logistics view: a drag moves a target or a transporter; hover lists preferences") {
    Simulation sim = colony();
    ui::OffscreenRenderer renderer{1100, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tools_tab()};
    renderer.render(shell, 2);
    auto* view = dynamic_cast<LogisticsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    REQUIRE(view->grab(sim.world(), at(28, 20), 0.05));   // the tower at (28, 20)
    view->drag_to(at(30, 15));
    const auto move = view->release(sim.world(), sim.tick());
    REQUIRE(move);
    CHECK(move->type == "target.move");
    CHECK(move->integer("x") == 30);
    CHECK(move->integer("y") == 15);
    CHECK_FALSE(sim.submit(*move));
    CHECK(world_of(sim).targets()[13].pos == logistics::Tile{30, 15});

    const std::string tip = view->hover_text(sim.world(), at(26, 26), 0.05);   // transporter 3
    CHECK(tip.find("Transporter 3") != std::string::npos);
    CHECK(tip.find("Preferences") != std::string::npos);
    CHECK(tip.find("1. ") != std::string::npos);
    CHECK(tip.find("via Storage #0") != std::string::npos);   // empty: its rates go through the storage
    const std::string target_tip = view->hover_text(sim.world(), at(38, 10), 0.05);   // the upgrade site
    CHECK(target_tip.find("Upgrade site #15") != std::string::npos);
    CHECK(target_tip.find("dAmountdt +15") != std::string::npos);
}

TEST_CASE("logistics view: the Analysis tab at 1280x800 has the totals, charts, comparison and colour key") {
    Simulation sim = colony();
    sim.advance(300);
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, side_tab(ui::SideTab::Analysis)};
    renderer.render(shell, 3);
    const auto& widgets = shell.widgets();
    // Editing stays in the Tools tab.
    CHECK(widgets.find("logistics.tool.target") == nullptr);
    CHECK(widgets.find("logistics.apply") == nullptr);
    for (const char* name :
         {"logistics.metrics", "logistics.legend", "logistics.key.routes", "logistics.chart.delivered",
          "logistics.chart.unmet", "logistics.policies", "logistics.policies.note"})
        CHECK_MESSAGE(widgets.find(name) != nullptr, name);
    // The totals and the colour key are in sight without scrolling, inside the side panel.
    const auto* map = widgets.find("logistics.map");
    for (const char* name : {"logistics.metrics", "logistics.legend"}) {
        const auto* r = widgets.find(name);
        REQUIRE(r != nullptr);
        CHECK_MESSAGE(r->visible, name);
        CHECK(r->y + r->h <= 800.0f);
        CHECK(r->x >= map->x + map->w);   // beside the map, not over it
    }
    // The route scale's green end (the fastest route) is drawn in the key.
    const auto* scale = widgets.find("logistics.key.routes");
    REQUIRE(scale != nullptr);
    const auto fast = renderer.pixel(static_cast<int>(scale->x + scale->w - 4), static_cast<int>(scale->y + 4));
    CHECK(fast.g > 200);
    CHECK(fast.r < 160);
    CHECK(fast.b < 160);
}

TEST_CASE("logistics view: the colour key shows every transporter colour the map draws, the busy empty one too") {
    Simulation sim = colony();
    sim.advance(300);
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, side_tab(ui::SideTab::Analysis)};
    renderer.render(shell, 3);
    // The centre of a key line's picture (key_line: 0.75 line heights from the box's left edge,
    // of a box 1.6 line heights wide, halfway down).
    auto picture_centre = [&](const char* widget) {
        const ui::WidgetRect* r = shell.widgets().find(widget);
        REQUIRE_MESSAGE(r != nullptr, widget);
        CHECK_MESSAGE(r->visible, widget);
        return renderer.pixel(static_cast<int>(r->x + r->w * (0.75f / 1.6f)), static_cast<int>(r->y + r->h * 0.5f));
    };
    const ui::Rgba busy_empty = picture_centre("logistics.key.busy_empty");
    const ui::Rgba busy_loaded = picture_centre("logistics.key.busy_loaded");
    const ui::Rgba idle = picture_centre("logistics.key.idle");
    // White, as the map draws a busy transporter that carries nothing; grey when idle; a yellow
    // load in the middle when it carries energy.
    CHECK(busy_empty.r > 220);
    CHECK(busy_empty.g > 220);
    CHECK(busy_empty.b > 220);
    CHECK(idle.r > 100);
    CHECK(idle.r < 200);
    CHECK(std::abs(int(idle.r) - int(idle.b)) < 30);
    CHECK(busy_loaded.r > 200);
    CHECK(busy_loaded.g > 150);
    CHECK(busy_loaded.b < 120);
}

TEST_CASE("logistics view: the panel's delivered counts are the status line's, and the chart's add up to them") {
    Simulation sim = colony();
    sim.advance(600);
    const auto& w = world_of(sim);
    const auto& t = w.totals();
    // Both kinds of deliveries happened, and they differ: a test that mixed them up would fail.
    REQUIRE(t.delivered_to_sinks > 1000.0);
    REQUIRE(t.delivered - t.delivered_to_sinks > 100.0);
    const std::string summary = w.summary();
    const auto number_after = [](const std::string& text, const std::string& label) {
        const auto at = text.find(label);
        REQUIRE_MESSAGE(at != std::string::npos, label);
        return std::strtod(text.c_str() + at + label.size(), nullptr);
    };
    const auto rows = LogisticsView::metric_rows(w);
    const auto row = [&](const std::string& label) {
        for (const auto& r : rows)
            if (r.label == label) return std::strtod(r.value.c_str(), nullptr);
        FAIL("no row " << label);
        return -1.0;
    };
    const double panel_sinks = row("Delivered to sinks"), panel_buffers = row("Moved into buffers");
    CHECK(panel_sinks == number_after(summary, "delivered to sinks "));
    CHECK(panel_buffers == number_after(summary, "moved into buffers "));
    CHECK(std::abs(panel_sinks - t.delivered_to_sinks) <= 0.5);
    CHECK(panel_sinks != doctest::Approx(panel_buffers));
    CHECK(row("Unmet demand") == number_after(summary, "unmet demand "));
    // The chart's points are means over 10 ticks: ten times their sum is the total since tick 0.
    REQUIRE(w.history().size() == 60);
    double sinks = 0.0, all = 0.0;
    for (const auto& s : w.history()) {
        sinks += 10.0 * s.to_sinks;
        all += 10.0 * s.delivered;
    }
    CHECK(sinks == doctest::Approx(t.delivered_to_sinks));
    CHECK(all - sinks == doctest::Approx(t.delivered - t.delivered_to_sinks));
}

TEST_CASE("logistics view: the charts show their values under the mouse") {
    Simulation sim = colony();
    sim.advance(300);
    LogisticsView view;
    ui::WidgetLocator widgets;
    ImGuiContext* previous = ImGui::GetCurrentContext();
    ImGuiContext* context = ImGui::CreateContext();
    ImGui::SetCurrentContext(context);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(1280.0f, 1600.0f);
    io.DeltaTime = 1.0f / 60.0f;
    unsigned char* pixels = nullptr;
    int tw = 0, th = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &tw, &th);
    // One frame of the Analysis tab's content in a tall window, the mouse at `mouse`; true when a
    // tooltip was open in it.
    const auto frame = [&](ImVec2 mouse) {
        io.MousePos = mouse;
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(420, 1600));
        ImGui::Begin("analysis", nullptr, ImGuiWindowFlags_NoDecoration);
        ui::Painter painter = ui::Painter::window();
        ui::CanvasFrame f;
        f.draw = &painter;
        f.widgets = &widgets;
        widgets.clear();
        view.draw_analysis(sim.world(), f);
        ImGui::End();
        ImGui::Render();
        const ImGuiWindow* tip = ImGui::FindWindowByName("##Tooltip_00");
        return tip != nullptr && tip->Active;
    };
    CHECK_FALSE(frame(ImVec2(-FLT_MAX, -FLT_MAX)));
    const ui::WidgetRect delivered = *widgets.find("logistics.chart.delivered");
    const ui::WidgetRect unmet = *widgets.find("logistics.chart.unmet");
    bool over_delivered = false, over_unmet = false, beside = true;
    for (int i = 0; i < 3; ++i) over_delivered = frame(ImVec2(delivered.center_x(), delivered.center_y()));
    for (int i = 0; i < 3; ++i) over_unmet = frame(ImVec2(unmet.center_x(), unmet.center_y()));
    for (int i = 0; i < 3; ++i) beside = frame(ImVec2(600.0f, 300.0f));   // outside the panel: no readout
    ImGui::DestroyContext(context);
    ImGui::SetCurrentContext(previous);
    CHECK(delivered.w > 200.0f);
    CHECK(over_delivered);
    CHECK(over_unmet);
    CHECK_FALSE(beside);
}

TEST_CASE("logistics view: a float residue of a load is no load, in the picture and the tooltip") {
    // A transporter holding 4.3e-14 energy (what a transfer left at tick 324 of logistics-large).
    Simulation sim(load_scenario_text(R"(
lab = "logistics"
seed = 1
[map]
size = [12, 8]
[[target]]
kind = "storage"
position = [2, 2]
[[transporter]]
position = [6, 4]
energy = 4.3e-14
[[transporter]]
position = [9, 4]
energy = 150.0
)",
                                      "residue"));
    ui::reset_draw_faults();
    ui::OffscreenRenderer renderer{1000, 700};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, side_tab(ui::SideTab::Analysis)};
    renderer.render(shell, 3);
    CHECK(ui::draw_fault_log().count == 0);
    auto* view = dynamic_cast<LogisticsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    const auto* residue = shell.widgets().find("logistics.transporter.0");
    const auto* loaded = shell.widgets().find("logistics.transporter.1");
    REQUIRE(residue != nullptr);
    REQUIRE(loaded != nullptr);
    REQUIRE(residue->w > 20.0f);   // big enough that a load disc of any visible size would show
    const auto empty_centre =
        renderer.pixel(static_cast<int>(residue->center_x()), static_cast<int>(residue->center_y()));
    const auto full_centre = renderer.pixel(static_cast<int>(loaded->center_x()), static_cast<int>(loaded->center_y()));
    CHECK(full_centre.b < 120);    // energy yellow
    CHECK(empty_centre.b > 120);   // the disc's own grey or white: no yellow dot
    const std::string tip = view->hover_text(sim.world(), at(6, 4), 0.05);
    CHECK(tip.find("carries 0 energy") != std::string::npos);
    CHECK(tip.find("e-14") == std::string::npos);
}

TEST_CASE("logistics view: help says what the Logistics lab shows and which gestures work here") {
    LogisticsView view;
    const ui::LabHelp h = view.help();
    CHECK(h.what_you_see.find("units/tick") != std::string::npos);
    CHECK(h.what_you_see.find("grey when idle") != std::string::npos);
    CHECK(h.source.find("The Logistics System") != std::string::npos);   // the seed, by its title
    CHECK(h.source.find("(docs/labs/logistics.md#sources)") != std::string::npos);
    bool drag = false, hover = false;
    for (const auto& k : h.keys) {
        CHECK(k.what.find("pod") == std::string::npos);
        drag = drag || k.keys.find("drag (paused)") != std::string::npos;
        hover = hover || k.keys.find("hover a transporter") != std::string::npos;
    }
    CHECK(drag);
    CHECK(hover);
}

TEST_CASE("logistics view: the canvas's colour key starts folded in a corner, clear of the map's centre") {
    Simulation sim = colony();
    sim.advance(100);
    for (const auto& [w, h] : {std::pair{1280, 800}, std::pair{1920, 1080}}) {
        ui::OffscreenRenderer renderer{w, h};
        REQUIRE_MESSAGE(renderer.ok(), renderer.error());
        ui::Shell shell{sim, side_tab(ui::SideTab::Parameters)};
        renderer.render(shell, 3);
        const auto* key = shell.widgets().find("overlay.logistics_key");
        const auto* canvas = shell.widgets().find("canvas");
        REQUIRE(key != nullptr);
        REQUIRE(canvas != nullptr);
        // Folded: a title bar, inside the canvas's top-left quarter.
        CHECK(key->h < 40.0f);
        CHECK(key->x >= canvas->x);
        CHECK(key->y >= canvas->y);
        CHECK(key->x + key->w < canvas->center_x());
        CHECK(key->y + key->h < canvas->center_y());
    }
}
