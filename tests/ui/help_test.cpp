// Help per lab: the shortcut list holds only what works in the lab on screen (and the replay keys
// only while reviewing), and Help > About this lab shows the lab's own text, keys and source.
#include <doctest/doctest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <iterator>
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

// The "## Sources" section of a Markdown page (mkdocs' #sources), its words as plain text: no
// emphasis marks, every run of white space one space. Empty when the page or section is missing.
std::string sources_section(const std::string& path) {
    std::ifstream in(path);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const std::size_t at = text.find("\n## Sources\n");
    if (at == std::string::npos) return "";
    const std::size_t end = text.find("\n## ", at + 1);
    std::string plain;
    for (char c : text.substr(at, end == std::string::npos ? std::string::npos : end - at)) {
        if (c == '*') continue;
        if (std::isspace(static_cast<unsigned char>(c))) {
            if (!plain.empty() && plain.back() != ' ') plain += ' ';
        } else {
            plain += c;
        }
    }
    return plain;
}

}   // namespace

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
        // The source names the seed document by its title and cites the lab's page in the
        // repository, whose Sources section names it too: "TITLE (docs/labs/LAB.md#sources)".
        const std::string lab = sim.world().lab().name;
        const std::string page = "docs/labs/" + lab + ".md";
        const std::string cite = " (" + page + "#sources)";
        CHECK(help.source.find("../") == std::string::npos);   // nothing outside the repository
        REQUIRE(help.source.size() > cite.size());
        CHECK(help.source.substr(help.source.size() - cite.size()) == cite);
        const std::string title = help.source.substr(0, help.source.size() - cite.size());
        CHECK(title.size() > 20);
        const std::string sources = sources_section(root + "/" + page);
        REQUIRE_MESSAGE(!sources.empty(), page << " has no \"## Sources\" section");
        CHECK_MESSAGE(sources.find(title) != std::string::npos, title << " is not named in " << page << "#sources");
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
