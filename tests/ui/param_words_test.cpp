// Parameter words through the shell: the matching policy is a drop-down showing its name, a flag
// is a checkbox, and each lab's derived values sit under the sliders that feed them.
#include <doctest/doctest.h>

#include <cmath>
#include <string>

#include "engine/core/lab.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/param_panel.hpp"

using namespace pb;

namespace {

ui::ShellOptions params_tab() {
    ui::ShellOptions o;
    o.preferences.side_tab = ui::SideTab::Parameters;
    return o;
}

Simulation load(const std::string& file) {
    return Simulation(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + file));
}

}   // namespace

TEST_CASE("param panel: the matching policy is a drop-down of names, a flag a checkbox") {
    Simulation sim = load("logistics-colony.toml");
    const ParamTable& table = sim.world().params().table();
    const ParamDef& policy = table[*table.find("logistics.matching.policy")];
    const ParamDef& paths = table[*table.find("logistics.distance.true_paths")];
    const ParamDef& speed = table[*table.find("logistics.transporter.speed")];
    CHECK(ui::param_control_kind(policy) == "combo");
    CHECK(ui::param_control_kind(paths) == "checkbox");
    CHECK(ui::param_control_kind(speed) == "slider");

    ui::OffscreenRenderer renderer(1280, 800);
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell(sim, params_tab());
    renderer.render(shell, 3);
    const auto* combo = shell.widgets().find("param_control.logistics.matching.policy.combo");
    REQUIRE(combo != nullptr);
    CHECK(combo->visible);
    CHECK(shell.widgets().find("param_control.logistics.matching.policy.slider") == nullptr);   // no 0..3 slider
    CHECK(shell.widgets().find("param_control.logistics.distance.true_paths.checkbox") != nullptr);
    CHECK(shell.widgets().find("param_control.logistics.transporter.speed.slider") != nullptr);
    const double value = sim.world().params().get("logistics.matching.policy");
    CHECK(ui::choice_preview(policy, value) == "Stable (transporters propose)");

    // An edit by name shows the new name.
    REQUIRE_FALSE(
        sim.submit(make_param_set(sim.tick(), "logistics.matching.policy", *policy.value_of_choice("optimal"))));
    sim.advance(1);
    renderer.render(shell, 2);
    CHECK(sim.world().params().get("logistics.matching.policy") == 3.0);
    CHECK(ui::choice_preview(policy, sim.world().params().get("logistics.matching.policy")) ==
          "Optimal (max total rate)");
    CHECK(shell.widgets().find("param_control.logistics.matching.policy.combo") != nullptr);
}

TEST_CASE("param panel: each lab's derived values are drawn beside their sliders") {
    struct LabCase {
        const char* file;
        const char* derived;
        const char* slider;   // a slider feeding it, drawn in the same section
    };
    const LabCase cases[] = {
        {"podball-default.toml", "derived.Pod top speed", "param.podball.pod.thrust"},
        {"rgs-build-order.toml", "derived.Two drills one range apart", "param.rgs.drill.range"},
        {"logistics-colony.toml", "derived.Estimated trip of 10 tiles", "param.logistics.distance.estimate_factor"},
        {"effects-three-waves.toml", "derived.One tick lasts", "param.effects.sim.tick_rate"},
        {"tasks-toward-the-stars.toml", "derived.The time limit on screen", "param.tasks.limits.max_time"},
    };
    for (const auto& size : {std::pair{1280, 800}, std::pair{1920, 1080}}) {
        const int w = size.first, h = size.second;   // not a structured binding: doctest's macros capture it
        ui::OffscreenRenderer renderer(w, h);
        REQUIRE_MESSAGE(renderer.ok(), renderer.error());
        for (const LabCase& c : cases) {
            CAPTURE(c.file);
            CAPTURE(w);
            Simulation sim = load(c.file);
            ui::Shell shell(sim, params_tab());
            renderer.render(shell, 3);
            const auto* derived = shell.widgets().find(c.derived);
            const auto* slider = shell.widgets().find(c.slider);
            REQUIRE(derived != nullptr);
            REQUIRE(slider != nullptr);
            // Below the slider, in the same panel, on screen inside the window.
            CHECK(derived->y > slider->y);
            CHECK(derived->x + derived->w <= static_cast<float>(w));
        }
    }
    // The text: the value with its unit; "no limit" for an infinite one.
    CHECK(ui::derived_text(DerivedValue{"Pod top speed", 0.004, "arena widths/tick", "", {}}) ==
          "0.004 arena widths/tick");
    CHECK(ui::derived_text(DerivedValue{"Pod top speed", INFINITY, "arena widths/tick", "", {}}) == "no limit");
}
