// The Podball Analysis tab shows what a team's library module printed, its log
// (docs/team-modules.md#library-modules-run-isolated-the-default): a node per library module, read
// only while it is open.
#include <doctest/doctest.h>

#include <fstream>
#include <string>

#include "engine/core/scenario.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui_test_support.hpp"

using namespace pb;

#ifdef PB_MODULE_DIR

TEST_CASE("podball module log: the Analysis tab shows a library module's log once its node is opened") {
    test::ScratchDir dir;
    std::ofstream(dir.file("print.toml"))
        << "lab = \"podball\"\nseed = 2\n[team0]\nname = \"Blue\"\nmodule = \"lib:" << PB_MODULE_DIR
        << "/libpb_escape_module_print.so\"\npods = 2\n[team1]\nname = \"Red\"\nmodule = \"chaser\"\npods = 2\n";
    Simulation sim(load_scenario_file(dir.file("print.toml")));
    ui::OffscreenRenderer renderer{1280, 2400};   // tall: the whole Analysis tab on screen
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::ShellOptions options;
    options.preferences.side_tab = ui::SideTab::Analysis;
    ui::Shell shell{sim, options};
    shell.run_ticks(100);
    renderer.render(shell, 3);
    const ui::WidgetRect* node = shell.widgets().find("podball.module_log.0");
    REQUIRE(node != nullptr);
    CHECK(node->visible);
    CHECK(shell.widgets().find("podball.module_log.1") == nullptr);        // the chaser has no log
    CHECK(shell.widgets().find("podball.module_log.0.text") == nullptr);   // closed, not read

    test::click(renderer, shell, *node);
    renderer.render(shell, 2);
    const ui::WidgetRect* text = shell.widgets().find("podball.module_log.0.text");
    REQUIRE(text != nullptr);
    CHECK(text->visible);
    CHECK(text->h > 50.0f);
}

#endif   // PB_MODULE_DIR
