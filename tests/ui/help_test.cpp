// Help per lab: the shortcut list holds only what works in the lab on screen (and the replay keys
// only while reviewing), and Help > About this lab shows the lab's own text, keys and source.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui/shell/shortcuts.hpp"

using namespace pb;

namespace {

bool has_action(const std::vector<ui::Shortcut>& list, ui::ShellAction a) {
    return std::any_of(list.begin(), list.end(), [&](const ui::Shortcut& s) { return s.action == a; });
}

}  // namespace

TEST_CASE("help: the shortcut list is filtered to the lab and to review mode") {
    using A = ui::ShellAction;
    const auto podball = ui::shortcuts_for("podball", false), rgs = ui::shortcuts_for("rgs", false),
               reviewing = ui::shortcuts_for("rgs", true);
    CHECK(has_action(podball, A::ToggleVelocityHints));   // arrows on pods and the ball
    CHECK_FALSE(has_action(rgs, A::ToggleVelocityHints));
    CHECK_FALSE(has_action(rgs, A::StepBack));
    CHECK(has_action(reviewing, A::StepBack));
    CHECK(has_action(reviewing, A::JumpToEnd));
    CHECK(has_action(rgs, A::TogglePause));
    CHECK(rgs.size() + 1 == podball.size());
    CHECK(reviewing.size() == rgs.size() + 3);
}
TEST_CASE("help: every lab explains itself in Help > About this lab") {
    const std::string root = PLAYBENCH_SOURCE_DIR;
    for (const char* file : {"podball-default.toml", "rgs-build-order.toml", "logistics-colony.toml",
                             "effects-three-waves.toml", "tasks-toward-the-stars.toml"}) {
        CAPTURE(file);
        Simulation sim(load_scenario_file(root + "/scenarios/" + file));
        ui::OffscreenRenderer renderer(1280, 800);
        REQUIRE(renderer.ok());
        ui::Shell shell(sim, ui::ShellOptions{});
        renderer.render(shell, 2);
        const ui::LabHelp help = shell.lab_view()->help();
        CHECK(help.what_you_see.size() > 80);
        CHECK(help.what_you_can_do.size() > 80);
        CHECK(help.keys.size() >= 2);
        // The source names the seed document, and it exists beside the project.
        const std::string lab = sim.world().lab().name;
        CHECK(help.source.find("../shared/seeds/") != std::string::npos);
        const std::size_t at = help.source.find("../shared/seeds/");
        if (at != std::string::npos) {
            const std::size_t end = help.source.find_first_of(" ,;)", at);
            const std::string seed = help.source.substr(at, end == std::string::npos ? std::string::npos : end - at);
            // The seeds sit in shared/ beside the project (CI lays a copy there too).
            if (std::filesystem::exists(root + "/../shared/seeds")) CHECK_MESSAGE(std::filesystem::exists(root + "/" + seed), seed);
            else MESSAGE("no ../shared/seeds beside the project: the seed's name is not checked");
        }
        // No other lab's gestures: Podball's pods are Podball's.
        if (lab != "podball") {
            CHECK(help.what_you_can_do.find(" pod") == std::string::npos);
            for (const ui::LabKey& k : help.keys) CHECK(k.what.find(" pod") == std::string::npos);
        }
        shell.perform(ui::ShellAction::ShowLabHelp);
        renderer.render(shell, 3);
        CHECK(shell.widgets().find("help.about_lab") != nullptr);
        // Every lab's About says how to fine-adjust and undo, and names its derived values.
        CHECK(shell.widgets().find("help.about_lab.parameters") != nullptr);
        CHECK_FALSE(sim.world().lab().derived(sim.world().params()).empty());
        shell.perform(ui::ShellAction::ShowShortcuts);
        renderer.render(shell, 3);
        CHECK(shell.widgets().find("help.shortcuts") != nullptr);
    }
}
