// Help per lab: the shortcut list holds only what works in the lab on screen (and the replay keys
// only while reviewing), and Help > About this lab shows the lab's own text, keys and source.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <string>

#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "ui/offscreen_renderer.hpp"
#include "ui/shell.hpp"
#include "ui/shortcuts.hpp"

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
