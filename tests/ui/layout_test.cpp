// The layout a designer meets at 1280x800, the smallest screen we support: in every shipped
// scenario the parameter list shows at least eight rows (all of them when the lab has fewer), the
// lab's tools and analysis are one tab away, and nothing floats over the centre of the canvas or
// over what must stay in sight (Podball's goals, the Tasks ship) at the default layout.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/core/params.hpp"
#include "engine/core/scenario.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"

using namespace pb;

namespace {

std::vector<std::string> scenario_files() {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios"))
        if (e.path().extension() == ".toml") out.push_back(e.path().string());
    std::sort(out.begin(), out.end());
    return out;
}

bool overlaps(const ui::WidgetRect& a, const ui::WidgetRect& b) {
    return a.x < b.x + b.w && a.x + a.w > b.x && a.y < b.y + b.h && a.y + a.h > b.y;
}

bool contains(const ui::WidgetRect& r, float x, float y) {
    return x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;
}

bool starts_with(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

}   // namespace

TEST_CASE("layout at 1280x800: parameters in reach, tools and analysis a tab away, the world uncovered") {
    const std::vector<std::string> files = scenario_files();
    REQUIRE(files.size() >= 15);
    for (const std::string& file : files) {
        CAPTURE(file);
        Simulation sim(load_scenario_file(file));
        sim.advance(120);
        ui::OffscreenRenderer renderer(1280, 800);
        REQUIRE(renderer.ok());
        ui::Shell shell(sim, ui::ShellOptions{});
        renderer.render(shell, 4);
        const ui::WidgetLocator& w = shell.widgets();

        // The Parameters tab is the default: its rows are on screen.
        const std::size_t total = sim.world().lab().params->size();
        std::size_t visible = 0;
        for (const auto& [name, rect] : w.all())
            if (starts_with(name, "param.") && name.find(".reset") == std::string::npos && rect.visible) ++visible;
        CHECK(visible >= std::min<std::size_t>(8, total));

        // The canvas's centre and whatever must stay visible are free of overlays.
        const ui::WidgetRect* canvas = w.find("canvas");
        REQUIRE(canvas != nullptr);
        for (const auto& name_rect : w.all()) {
            const auto& name = name_rect.first;   // (Clang 14 cannot capture a structured binding in a doctest macro)
            const auto& rect = name_rect.second;
            if (!starts_with(name, "overlay.")) continue;
            CAPTURE(name);
            CHECK_FALSE(contains(rect, canvas->center_x(), canvas->center_y()));
            for (const auto& kept_rect : w.all())
                if (starts_with(kept_rect.first, "keep_visible.")) {
                    CAPTURE(kept_rect.first);
                    CHECK_FALSE(overlaps(rect, kept_rect.second));
                }
        }

        // The lab's tools and analysis, when it has them, are one tab away.
        for (ui::SideTab tab : {ui::SideTab::Tools, ui::SideTab::Analysis}) {
            const bool has =
                tab == ui::SideTab::Tools ? shell.lab_view()->has_tools() : shell.lab_view()->has_analysis();
            if (!has) continue;
            shell.select_side_tab(tab);
            renderer.render(shell, 3);
            CHECK(shell.side_tab() == tab);
            CHECK(shell.widgets().find(tab == ui::SideTab::Tools ? "side.tab.tools" : "side.tab.analysis") != nullptr);
        }
    }
}

TEST_CASE("layout: the side panel's tab is the designer's choice, kept in the preferences") {
    Simulation sim(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/rgs-build-order.toml"));
    ui::OffscreenRenderer renderer(1280, 800);
    REQUIRE(renderer.ok());
    ui::Shell shell(sim, ui::ShellOptions{});
    renderer.render(shell, 2);
    CHECK(shell.side_tab() == ui::SideTab::Parameters);
    CHECK(shell.widgets().find("params.filter") != nullptr);
    shell.select_side_tab(ui::SideTab::Tools);
    renderer.render(shell, 2);
    CHECK(shell.side_tab() == ui::SideTab::Tools);
    CHECK(shell.preferences().side_tab == ui::SideTab::Tools);
    CHECK(shell.widgets().find("params.filter") == nullptr);   // the parameters are one tab away
    // A tab the lab lacks shows the parameters, and the choice is kept for labs that have it.
    ui::ShellOptions options;
    options.preferences.side_tab = ui::SideTab::Review;   // no replay open
    ui::Shell other(sim, options);
    renderer.render(other, 2);
    CHECK(other.side_tab() == ui::SideTab::Parameters);
    CHECK(ui::side_tab_from_key("analysis") == ui::SideTab::Analysis);
    CHECK(ui::side_tab_key(ui::SideTab::Parameters) == "params");
    CHECK_FALSE(ui::side_tab_from_key("charts").has_value());
}
