// Editing in compare mode (docs/compare.md#compare-mode-in-the-window): each canvas edits its own
// side (drag while paused, click), Shift edits both; the Tools and Parameters tabs follow the Edit
// switch; B's edits are in Edit > Undo beside A's, in the order made, and an edit made on both
// sides undoes on both.
#include <doctest/doctest.h>

#include <string>

#include "engine/core/lab.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/rgs/rgs_view.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/compare_results.hpp"
#include "ui_test_support.hpp"

using namespace pb;

namespace {

std::string scenario_path(const char* name) { return std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name; }

// Drags what sits at `from` by `dx` pixels over a few frames, with Shift held or not.
void drag(ui::OffscreenRenderer& renderer, ui::Shell& shell, const ui::WidgetRect& from, float dx, bool shift) {
    const float x = from.center_x(), y = from.center_y();
    renderer.set_shift(shift);
    renderer.set_mouse(std::make_pair(x, y));
    renderer.render_frame(shell);
    renderer.set_mouse_down(true);
    renderer.render_frame(shell);
    for (int i = 1; i <= 6; ++i) {
        renderer.set_mouse(std::make_pair(x + dx * static_cast<float>(i) / 6.0f, y));
        renderer.render_frame(shell);
    }
    renderer.set_mouse_down(false);
    renderer.render_frame(shell);
    renderer.set_shift(false);
    renderer.set_mouse(std::nullopt);
    renderer.render_frame(shell);
}

// RGS's two structures in compare mode at tick 20, paused: A (`sim`) and B (`b`), drawn at w x h.
struct RgsCompare {
    Simulation sim{load_scenario_file(scenario_path("rgs-two-at-800.toml"))};
    ui::OffscreenRenderer renderer;
    ui::Shell shell{sim, ui::ShellOptions{}};
    Simulation* b = nullptr;
    RgsCompare(int w, int h) : renderer(w, h) {
        REQUIRE_MESSAGE(renderer.ok(), renderer.error());
        shell.run_ticks(20);
        REQUIRE(shell.start_compare());
        shell.set_paused(true);
        b = &shell.compare()->sim();
    }
};

}   // namespace

TEST_CASE("compare editing: B's canvas moves B's RGS, Shift on A's canvas moves both, undo goes back in order") {
    RgsCompare fx(1600, 900);
    Simulation& sim = fx.sim;
    ui::OffscreenRenderer& renderer = fx.renderer;
    ui::Shell& shell = fx.shell;
    Simulation& b = *fx.b;
    renderer.render(shell, 3);
    const std::uint64_t a0 = sim.world().hash(), b0 = b.world().hash();
    REQUIRE(a0 == b0);

    // B's canvas: RGS 0 dragged 80 px in B only.
    const ui::WidgetRect* b_rgs = shell.compare()->widgets().find("rgs.rgs.0");
    REQUIRE(b_rgs != nullptr);
    REQUIRE(b_rgs->visible);
    // Copies: the locator is refilled every frame.
    REQUIRE(shell.widgets().find("canvas.b") != nullptr);
    const ui::WidgetRect canvas_b = *shell.widgets().find("canvas.b");
    const auto inside = [](const ui::WidgetRect& r, const ui::WidgetRect& area) {
        return r.center_x() >= area.x && r.center_x() <= area.x + area.w && r.center_y() >= area.y &&
               r.center_y() <= area.y + area.h;
    };
    REQUIRE(shell.widgets().find("canvas") != nullptr);
    const ui::WidgetRect canvas_a = *shell.widgets().find("canvas");
    CHECK(inside(*b_rgs, canvas_b));   // on B's half
    CHECK_FALSE(inside(*b_rgs, canvas_a));
    drag(renderer, shell, *b_rgs, 80.0f, false);
    CHECK(sim.world().hash() == a0);   // A untouched
    const std::uint64_t b1 = b.world().hash();
    CHECK(b1 != b0);
    CHECK(shell.edit_history().edits().empty());
    CHECK(shell.status().find("B: ") == 0);

    // A's canvas with Shift: RGS 1 moves in A and in B, as one edit.
    const ui::WidgetRect* a_rgs = shell.widgets().find("rgs.rgs.1");
    REQUIRE(a_rgs != nullptr);
    CHECK(inside(*a_rgs, canvas_a));   // on A's half
    CHECK_FALSE(inside(*a_rgs, canvas_b));
    drag(renderer, shell, *a_rgs, -60.0f, true);
    const std::uint64_t a2 = sim.world().hash(), b2 = b.world().hash();
    CHECK(a2 != a0);
    CHECK(b2 != b1);
    REQUIRE(shell.edit_history().edits().size() == 1);
    CHECK(shell.status().find("in A and B") != std::string::npos);

    // Edit > Undo: the latest first, on both sides; then B's own move.
    renderer.render_frame(shell);
    shell.perform(ui::ShellAction::Undo);
    CHECK(shell.status().find("Undo in A and B: move RGS 1") == 0);
    CHECK(sim.world().hash() == a0);
    CHECK(b.world().hash() == b1);
    shell.perform(ui::ShellAction::Undo);
    CHECK(shell.status().find("Undo in B: move RGS 0") == 0);
    CHECK(sim.world().hash() == a0);
    CHECK(b.world().hash() == b0);
    shell.perform(ui::ShellAction::Undo);
    CHECK(shell.status() == "Nothing to undo");
    // Redo brings them back in the order they were undone.
    shell.perform(ui::ShellAction::Redo);
    CHECK(shell.status().find("Redo in B: move RGS 0") == 0);
    CHECK(b.world().hash() == b1);
    CHECK(sim.world().hash() == a0);
    shell.perform(ui::ShellAction::Redo);
    CHECK(sim.world().hash() == a2);
    CHECK(b.world().hash() == b2);
}

TEST_CASE("compare editing: parameter edits on A, B and both undo in the order made (every lab)") {
    const struct {
        const char* scenario;
        const char* key;
    } labs[] = {
        {"podball-default.toml", "podball.ball.friction"},
        {"rgs-two-at-800.toml", "rgs.economy.half_life"},
        {"logistics-colony.toml", "logistics.transporter.capacity"},
        {"effects-three-waves.toml", "effects.creeps.hp_scale"},
        {"tasks-toward-the-stars.toml", "tasks.limits.max_damage"},
    };
    for (const auto& lab : labs) {
        CAPTURE(lab.scenario);
        Simulation sim(load_scenario_file(scenario_path(lab.scenario)));
        ui::Shell shell(sim, ui::ShellOptions{});
        shell.run_ticks(10);
        REQUIRE(shell.start_compare());
        Simulation& b = shell.compare()->sim();
        const ParamDef& def = sim.world().params().table()[*sim.world().params().table().find(lab.key)];
        const double v0 = sim.world().params().get(lab.key);
        const double lo = def.min, hi = def.max;
        REQUIRE(lo != v0);
        REQUIRE(hi != v0);

        shell.compare()->set_edit(ui::CompareEdit::B);
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, lo));   // 1: B
        shell.run_ticks(5);
        shell.compare()->set_edit(ui::CompareEdit::A);
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, hi));   // 2: A
        shell.compare()->set_edit(ui::CompareEdit::Both);
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, (lo + hi) / 2));   // 3: both, one edit
        CHECK(sim.world().params().get(lab.key) == (lo + hi) / 2);
        CHECK(b.world().params().get(lab.key) == (lo + hi) / 2);

        shell.perform(ui::ShellAction::Undo);   // 3 on both
        CHECK(shell.status().find("Undo in A and B") == 0);
        CHECK(sim.world().params().get(lab.key) == hi);
        CHECK(b.world().params().get(lab.key) == lo);
        shell.perform(ui::ShellAction::Undo);   // 2 on A
        CHECK(shell.status().find("Undo in A") == 0);
        CHECK(sim.world().params().get(lab.key) == v0);
        CHECK(b.world().params().get(lab.key) == lo);
        shell.perform(ui::ShellAction::Undo);   // 1 on B
        CHECK(shell.status().find("Undo in B") == 0);
        CHECK(b.world().params().get(lab.key) == v0);
        CHECK(shell.compare()->differences().empty());
        shell.perform(ui::ShellAction::Redo);   // 1 again
        CHECK(b.world().params().get(lab.key) == lo);
        CHECK(sim.world().params().get(lab.key) == v0);

        // A new edit on A drops what B could redo (as one history would).
        shell.perform(ui::ShellAction::Undo);
        shell.compare()->set_edit(ui::CompareEdit::A);
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, lo));
        shell.perform(ui::ShellAction::Redo);
        CHECK(shell.status() == "Nothing to redo");
        CHECK(b.world().params().get(lab.key) == v0);

        // Keep B: B's edits come along, undoable.
        shell.compare()->set_edit(ui::CompareEdit::B);
        REQUIRE_FALSE(shell.compare()->set_param(lab.key, hi));
        shell.end_compare(true);
        CHECK(sim.world().params().get(lab.key) == hi);
        REQUIRE(shell.edit_history().can_undo());
        shell.perform(ui::ShellAction::Undo);
        CHECK(sim.world().params().get(lab.key) == v0);
    }
}

TEST_CASE("compare editing: the Parameters tab's B panel and a Both drag go through the histories") {
    Simulation sim = test::default_simulation();
    ui::OffscreenRenderer renderer{1280, 1400};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::ShellOptions options;
    options.preferences.side_tab = ui::SideTab::Parameters;
    ui::Shell shell(sim, options);
    REQUIRE(shell.start_compare());
    shell.select_side_tab(ui::SideTab::Parameters);
    shell.set_paused(true);
    Simulation& b = shell.compare()->sim();
    const std::string key = "podball.ball.friction";
    const double v0 = sim.world().params().get(key);
    renderer.render(shell, 3);

    // Edit: Both, a slider dragged: one edit on each side with one number, undone together.
    shell.compare()->set_edit(ui::CompareEdit::Both);
    renderer.render(shell, 2);
    const ui::WidgetRect* slider = shell.widgets().find("param." + key);
    REQUIRE(slider != nullptr);
    REQUIRE(slider->visible);
    drag(renderer, shell, *slider, 40.0f, false);
    const double moved = sim.world().params().get(key);
    CHECK(moved != v0);
    CHECK(b.world().params().get(key) == moved);
    shell.perform(ui::ShellAction::Undo);
    CHECK(shell.status().find("Undo in A and B") == 0);
    CHECK(sim.world().params().get(key) == v0);
    CHECK(b.world().params().get(key) == v0);

    // Edit: B, the same drag: B only, and its undo.
    shell.compare()->set_edit(ui::CompareEdit::B);
    renderer.render(shell, 2);
    slider = shell.widgets().find("param." + key);
    REQUIRE(slider != nullptr);
    CHECK(shell.widgets().find("param." + key + ".other") == nullptr);   // A and B agree: no mark
    drag(renderer, shell, *slider, -40.0f, false);
    CHECK(sim.world().params().get(key) == v0);
    CHECK(b.world().params().get(key) != v0);
    // B's panel marks the row with A's value under its label.
    renderer.render_frame(shell);
    CHECK(shell.widgets().find("param." + key + ".other") != nullptr);
    CHECK(shell.widgets().find("param.podball.ball.mass.other") == nullptr);
    // A's panel marks it with B's.
    shell.compare()->set_edit(ui::CompareEdit::A);
    renderer.render_frame(shell);
    CHECK(shell.widgets().find("param." + key + ".other") != nullptr);
    shell.compare()->set_edit(ui::CompareEdit::B);
    shell.perform(ui::ShellAction::Undo);
    CHECK(shell.status().find("Undo in B") == 0);
    CHECK(b.world().params().get(key) == v0);
    renderer.render_frame(shell);
    CHECK(shell.widgets().find("param." + key + ".other") == nullptr);
}

TEST_CASE("compare editing: the Tools tab follows the Edit switch (B's tools act on B, Both on A and B)") {
    RgsCompare fx(1600, 1000);
    Simulation& sim = fx.sim;
    ui::OffscreenRenderer& renderer = fx.renderer;
    ui::Shell& shell = fx.shell;
    Simulation& b = *fx.b;
    shell.select_side_tab(ui::SideTab::Tools);
    auto* a_view = dynamic_cast<ui::RgsView*>(shell.lab_view());
    auto* b_view = dynamic_cast<ui::RgsView*>(&shell.compare()->view());
    REQUIRE(a_view != nullptr);
    REQUIRE(b_view != nullptr);
    const auto click = [&](const char* widget) {
        renderer.render(shell, 2);
        const ui::WidgetRect* r = shell.widgets().find(widget);
        REQUIRE_MESSAGE(r != nullptr, widget);
        REQUIRE(r->visible);
        test::click(renderer, shell, *r);
    };
    const std::uint64_t a0 = sim.world().hash(), b0 = b.world().hash();

    // Edit: B. B's view draws the tools, its selection, its commands: B damaged, A not.
    shell.compare()->set_edit(ui::CompareEdit::B);
    b_view->select(0);
    click("rgs.damage");
    CHECK(sim.world().hash() == a0);
    const std::uint64_t b1 = b.world().hash();
    CHECK(b1 != b0);

    // Edit: Both. A's tools, made on B too: one undo takes it back on both.
    shell.compare()->set_edit(ui::CompareEdit::Both);
    a_view->select(1);
    click("rgs.mark");
    CHECK(sim.world().hash() != a0);
    CHECK(b.world().hash() != b1);
    shell.perform(ui::ShellAction::Undo);
    CHECK(shell.status().find("Undo in A and B") == 0);
    CHECK(sim.world().hash() == a0);
    CHECK(b.world().hash() == b1);
    shell.perform(ui::ShellAction::Undo);
    CHECK(shell.status().find("Undo in B") == 0);
    CHECK(b.world().hash() == b0);
}

TEST_CASE("compare tab: every lab names each of its key results in its own words, as its Analysis tab does") {
    for (const char* file : {"podball-default.toml", "rgs-two-at-800.toml", "logistics-colony.toml",
                             "effects-three-waves.toml", "tasks-toward-the-stars.toml"}) {
        CAPTURE(file);
        Simulation sim(load_scenario_file(scenario_path(file)));
        ui::OffscreenRenderer renderer{1280, 800};
        REQUIRE_MESSAGE(renderer.ok(), renderer.error());
        ui::Shell shell(sim, ui::ShellOptions{});
        shell.run_ticks(60);
        REQUIRE(shell.start_compare());
        shell.select_side_tab(ui::SideTab::Compare);
        renderer.render(shell, 3);
        CHECK(shell.widgets().find("compare.results") != nullptr);
        const auto& rows = ui::last_compare_rows();
        REQUIRE_FALSE(rows.empty());
        for (const ui::CompareRow& row : rows) {
            CAPTURE(row.path);
            // The lab's own words, not the table's fallback (the path).
            CHECK_FALSE(shell.lab_view()->describe_result(sim.world(), row.path).label.empty());
            CHECK(row.meaning.label.find("metrics.") == std::string::npos);
            CHECK(row.meaning.label.find('[') == std::string::npos);   // "Blue goals", not "score[0]"
        }
    }
}
