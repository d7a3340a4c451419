// Words the window builds from numbers and names (docs/window.md#words): the singular after one,
// the possessive of a name ending in s, a share said as a share, every colour-key label with its
// unit, parameters by their labels, and the keys that name everything drawn. Read back from the
// frame's draw data (ui/render/text_check.hpp), as a designer reads it.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/rgs/cluster.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/rgs/rgs_view.hpp"
#include "ui/shell/shell.hpp"
#include "ui/soak_setup.hpp"
#include "ui/widgets/param_panel.hpp"
#include "ui_test_support.hpp"

using namespace pb;

namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}   // namespace

TEST_CASE("window words: a slider reads 1 tile/tick, 2 tiles/tick") {
    const ParamTable& table = *find_lab("logistics")->params;
    const ParamDef& speed = table[*table.find("logistics.transporter.speed")];
    CHECK(ui::slider_format(speed, 1.0) == "%.4g tile/tick");
    CHECK(ui::slider_format(speed, 2.0) == "%.4g tiles/tick");
    CHECK(ui::slider_format(speed, 0.5) == "%.4g tiles/tick");
    CHECK(ui::slider_format(speed) == "%.4g tiles/tick");
    const ParamTable& podball = *find_lab("podball")->params;
    const ParamDef& periods = podball[*podball.find("podball.match.periods")];
    CHECK(ui::slider_format(periods, 1.0) == "%d period");
    CHECK(ui::slider_format(periods, 2.0) == "%d periods");
}

TEST_CASE("window words: the pairwise rule's pay is a share of the union's, and how far from it") {
    rgs::ClusterComparison cmp;
    cmp.approximation = 0.02;
    cmp.union_spheres = 1.0;
    CHECK(ui::union_comparison_words(cmp) == "the pairwise rule pays 2.0% of what the union would (98.0% less)");
    cmp.approximation = 1.25;
    CHECK(ui::union_comparison_words(cmp) == "the pairwise rule pays 125.0% of what the union would (25.0% more)");
    cmp.approximation = 1.0;
    CHECK(ui::union_comparison_words(cmp) == "the pairwise rule pays what the union would (100.0%)");
}

TEST_CASE("window words: Humans' heat map, a colour key's middle label with its unit") {
    Simulation sim(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/rgs-two-at-800.toml"));
    ui::OffscreenRenderer r{1920, 1080};
    REQUIRE_MESSAGE(r.ok(), r.error());
    ui::ShellOptions analysis;
    analysis.preferences.side_tab = ui::SideTab::Analysis;
    ui::Shell shell{sim, analysis};
    ui::switch_everything_on(shell, 1);   // the team-delta heat map of team 0, the Humans
    r.render(shell, 3);
    const std::string text = test::frame_text(r);
    CHECK(has(text, "Humans' "));
    CHECK_FALSE(has(text, "Humans's"));
    // The efficiency key (0 % .. 100 %) names its middle value's unit too.
    ui::switch_everything_on(shell, 0);
    r.render(shell, 3);
    const std::string efficiency = test::frame_text(r);
    CHECK(has(efficiency, "50 %"));
}
