// The RGS view's pictures: labels that never overlap (ten RGS on one spot stack under an "x10"
// badge; a tight cluster gets its labels displaced), the status box in the canvas's corner
// clear of its centre, the Analysis tab with the economy and the heat map's scale, a heat-map
// palette no team colour shares, and the lab's help.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "engine/core/scenario.hpp"
#include "engine/rgs/world.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/rgs/rgs_view.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/palette.hpp"

using namespace pb;

namespace {

Simulation rgs_simulation(const std::string& name) {
    return Simulation(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name));
}

ui::ShellOptions tab(ui::SideTab t) {
    ui::ShellOptions o;
    o.preferences.side_tab = t;
    return o;
}

bool overlap(const ui::WidgetRect& a, const ui::WidgetRect& b) {
    return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

// Every recorded rgs.label.<id>, by name.
std::vector<std::pair<std::string, ui::WidgetRect>> labels(const ui::Shell& shell) {
    std::vector<std::pair<std::string, ui::WidgetRect>> out;
    for (const auto& [name, rect] : shell.widgets().all())
        if (name.rfind("rgs.label.", 0) == 0) out.emplace_back(name, rect);
    return out;
}

// The names of two labels that overlap, or empty.
std::string overlapping_pair(const std::vector<std::pair<std::string, ui::WidgetRect>>& ls) {
    for (std::size_t i = 0; i < ls.size(); ++i)
        for (std::size_t j = i + 1; j < ls.size(); ++j)
            if (overlap(ls[i].second, ls[j].second)) return ls[i].first + " and " + ls[j].first;
    return {};
}

void maybe_write(const ui::OffscreenRenderer& r, const std::string& name) {
    if (const char* dir = std::getenv("PLAYBENCH_RGS_PNG_DIR")) {
        std::string error;
        CHECK_MESSAGE(r.write_png(std::string(dir) + "/" + name + ".png", error), error);
    }
}

double distance(ImU32 a, ImU32 b) {
    auto ch = [](ImU32 c, int shift) { return static_cast<double>((c >> shift) & 0xff); };
    const double dr = ch(a, IM_COL32_R_SHIFT) - ch(b, IM_COL32_R_SHIFT),
                 dg = ch(a, IM_COL32_G_SHIFT) - ch(b, IM_COL32_G_SHIFT),
                 db = ch(a, IM_COL32_B_SHIFT) - ch(b, IM_COL32_B_SHIFT);
    return std::sqrt(dr * dr + dg * dg + db * db);
}

}   // namespace

TEST_CASE("rgs view: ten RGS on one spot show an x10 badge and ten stacked labels, none overlapping") {
    Simulation sim = rgs_simulation("rgs-ten-on-one-spot.toml");
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tab(ui::SideTab::Analysis)};
    renderer.render(shell, 3);
    const auto ls = labels(shell);
    CHECK(ls.size() == 10);
    for (int id = 0; id < 10; ++id) CHECK(shell.widgets().find("rgs.label." + std::to_string(id)) != nullptr);
    CHECK_MESSAGE(overlapping_pair(ls).empty(), overlapping_pair(ls));
    const ui::WidgetRect* badge = shell.widgets().find("rgs.badge.0");
    REQUIRE(badge != nullptr);
    for (const auto& l : ls) CHECK_FALSE(overlap(*badge, l.second));
    // The stack reads top to bottom in id order, one line each, in one column.
    const ui::WidgetRect* first = shell.widgets().find("rgs.label.0");
    const ui::WidgetRect* last = shell.widgets().find("rgs.label.9");
    REQUIRE(first);
    REQUIRE(last);
    CHECK(first->x == last->x);
    CHECK(last->y > first->y + 8.0f * first->h);
    maybe_write(renderer, "ten-1280");
}

TEST_CASE("rgs view: labels in tight clusters are displaced, never overlapping, at both window sizes") {
    for (auto width_height : {std::pair{1280, 800}, std::pair{1920, 1080}}) {
        const auto width = width_height.first;   // (Clang 14 cannot capture a structured binding in a doctest macro)
        const auto height = width_height.second;
        CAPTURE(width);
        // The scripted build order at 15 minutes: two clusters of six and seven RGS.
        Simulation sim = rgs_simulation("rgs-build-order.toml");
        sim.advance(900);
        // And a tight clump of its own: five of its RGS moved 40 to 250 qu apart near the map's middle.
        const auto& world = dynamic_cast<const rgs::RgsWorld&>(sim.world());
        int moved = 0;
        for (const rgs::Rgs& r : world.structures()) {
            if (r.removed || moved == 5) continue;
            const rgs::RgsMove move{
                .id = r.id, .x = 3000.0 + 60.0 * moved, .y = 3000.0 + 40.0 * (moved % 2), .z = 500.0};
            CHECK_FALSE(sim.submit(to_command(move, sim.tick())));
            ++moved;
        }
        ui::OffscreenRenderer renderer{width, height};
        REQUIRE_MESSAGE(renderer.ok(), renderer.error());
        ui::Shell shell{sim, tab(ui::SideTab::Analysis)};
        renderer.render(shell, 3);
        const auto ls = labels(shell);
        const auto& w = dynamic_cast<const rgs::RgsWorld&>(sim.world());
        CHECK(ls.size() == w.count_present());   // every RGS has its label
        CHECK(ls.size() >= 15);
        CHECK_MESSAGE(overlapping_pair(ls).empty(), overlapping_pair(ls));
        maybe_write(renderer, "cluster-" + std::to_string(width));
    }
}

TEST_CASE(
    "rgs view: the status box keeps clear of the canvas centre; the Analysis tab has the economy and the heat map's "
    "scale") {
    Simulation sim = rgs_simulation("rgs-build-order.toml");
    sim.advance(300);
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tab(ui::SideTab::Analysis)};
    renderer.render(shell, 3);
    const ui::WidgetRect* canvas = shell.widgets().find("canvas");
    const ui::WidgetRect* status = shell.widgets().find("overlay.rgs_status");
    REQUIRE(canvas);
    REQUIRE(status);
    const float cx = canvas->center_x(), cy = canvas->center_y();
    CHECK_FALSE((cx >= status->x && cx <= status->x + status->w && cy >= status->y && cy <= status->y + status->h));
    // Fitted, the box sits left of the map, covering none of it.
    const ui::WidgetRect* map = shell.widgets().find("rgs.map");
    REQUIRE(map);
    CHECK(status->x + status->w <= map->x + 1.0f);
    // The overlay panel of old is gone from the canvas: only the status box is an overlay.
    int overlays = 0;
    for (const auto& [name, rect] : shell.widgets().all()) overlays += name.rfind("overlay.", 0) == 0;
    CHECK(overlays == 1);
    CHECK(shell.widgets().find("rgs.economy") != nullptr);
    const ui::WidgetRect* scale = shell.widgets().find("rgs.heat.scale");
    REQUIRE(scale != nullptr);
    maybe_write(renderer, "analysis-1280");
    // The team-change mode swaps the scale to the diverging one; the same widget stays.
    auto* view = dynamic_cast<ui::RgsView*>(shell.lab_view());
    REQUIRE(view);
    view->options().team_delta = true;
    renderer.render(shell, 2);
    CHECK(shell.widgets().find("rgs.heat.scale") != nullptr);
}

TEST_CASE("rgs view: the heat map's palettes share no colour with the teams") {
    for (int i = 0; i <= 100; ++i) {
        const double t = i / 100.0;
        for (int team = 0; team < 2; ++team) {
            CAPTURE(t);
            CAPTURE(team);
            CHECK(distance(ui::heat_efficiency_colour(t), ui::palette::kTeam[team]) > 90.0);
            CHECK(distance(ui::heat_delta_colour(-1.0 + 2.0 * t), ui::palette::kTeam[team]) > 90.0);
        }
    }
    // Each runs from one end to another: low and high differ plainly, and 0 is the diverging middle.
    CHECK(distance(ui::heat_efficiency_colour(0.0), ui::heat_efficiency_colour(1.0)) > 200.0);
    CHECK(distance(ui::heat_delta_colour(-1.0), ui::heat_delta_colour(1.0)) > 150.0);
    CHECK(distance(ui::heat_delta_colour(0.0), ui::palette::rgb(225, 225, 225)) < 2.0);
}

TEST_CASE("rgs view: help names every key of the lab and its sources") {
    ui::RgsView view;
    const ui::LabHelp h = view.help();
    CHECK_FALSE(h.what_you_see.empty());
    CHECK_FALSE(h.what_you_can_do.empty());
    std::string keys;
    for (const ui::LabKey& k : h.keys) keys += k.keys + "|";
    for (const char* k :
         {"H|", "D|", "T|", "X|", "PgUp / PgDn|", "B|", "Esc|", "Del / Backspace|", "M|", "drag (paused)|"})
        CHECK_MESSAGE(keys.find(k) != std::string::npos, k);
    CHECK(h.source.find("Unvanquished's design post") != std::string::npos);   // the seed, by its title
    CHECK(h.source.find("(docs/labs/rgs.md#sources)") != std::string::npos);
}
