// The Effects view through the shell: lanes drawn side by side with creeps and defenders, a click
// selects a creep (its timeline appears) or places a defender, a drag moves one, and the editors'
// commands reach the world at the current tick whether running or paused.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/scenario.hpp"
#include "engine/effects/world.hpp"
#include "ui/effects/effects_view.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"
#include "ui_test_support.hpp"

using namespace pb;

// The lab's tools sit in the side panel's Tools tab; its charts, timeline and key in the Analysis tab.
static pb::ui::ShellOptions tools_tab() {
    pb::ui::ShellOptions o;
    o.preferences.side_tab = pb::ui::SideTab::Tools;
    return o;
}
static pb::ui::ShellOptions analysis_tab() {
    pb::ui::ShellOptions o;
    o.preferences.side_tab = pb::ui::SideTab::Analysis;
    return o;
}

namespace {

Simulation effects_simulation(const std::string& name) {
    return Simulation(load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/" + name));
}

const effects::EffectsWorld& effects_world(const Simulation& sim) {
    return dynamic_cast<const effects::EffectsWorld&>(sim.world());
}

// Pixels of roughly this colour inside a widget's rectangle.
int count_colour(const ui::OffscreenRenderer& r, const ui::WidgetRect& rect, int red, int green, int blue) {
    int n = 0;
    for (int y = static_cast<int>(rect.y); y < static_cast<int>(rect.y + rect.h); ++y)
        for (int x = static_cast<int>(rect.x); x < static_cast<int>(rect.x + rect.w); ++x) {
            const auto p = r.pixel(x, y);
            n += std::abs(p.r - red) < 12 && std::abs(p.g - green) < 12 && std::abs(p.b - blue) < 12;
        }
    return n;
}

}   // namespace

TEST_CASE("effects view: four policy panels with defenders and creeps; a clicked creep shows its timeline") {
    Simulation sim = effects_simulation("effects-three-waves.toml");
    sim.advance(700);
    ui::OffscreenRenderer renderer{1280, 900};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, analysis_tab()};
    renderer.render(shell, 3);
    auto* view = dynamic_cast<ui::EffectsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    const auto& w = effects_world(sim);
    for (int lane = 0; lane < 4; ++lane) REQUIRE(shell.widgets().find("effects.lane." + std::to_string(lane)));
    const ui::WidgetRect panel = *shell.widgets().find("effects.lane.0");
    // The poison archers (their effect's green) and the path (dirt) are drawn in the first panel.
    CHECK(count_colour(renderer, panel, 110, 200, 70) > 20);
    CHECK(count_colour(renderer, panel, 120, 100, 72) > 500);
    CHECK(shell.widgets().find("effects.chart.damage"));
    CHECK(shell.widgets().find("effects.chart.leaks"));
    CHECK_FALSE(shell.widgets().find("effects.timeline"));
    // Three waves of many creeps: not the worked examples, so no creep is labelled with one.
    CHECK_FALSE(ui::EffectsView::one_creep_per_wave(effects_world(sim)));
    CHECK_FALSE(shell.widgets().find("effects.example.0"));
    for (const auto& [name, rect] : shell.widgets().all()) CHECK(name.rfind("effects.creep_label.", 0) != 0);

    // Click the creep furthest along in lane 2 (the average): it is selected there.
    const effects::Creep* first = nullptr;
    for (const effects::Creep& c : w.lane(2).creeps())
        if (c.walking() && (!first || c.distance > first->distance)) first = &c;
    REQUIRE(first != nullptr);
    const glm::dvec2 at = view->to_canvas(w, 2, w.path().position_at(first->distance));
    view->click(sim.world(), at, 0.01, true);
    CHECK(view->selected_creep() == first->id);
    CHECK(view->selected_lane() == 2);
    renderer.render(shell, 2);
    CHECK(shell.widgets().find("effects.timeline"));
    CHECK(sim.live_commands().empty());   // selecting is not an edit
    if (const char* out = std::getenv("PLAYBENCH_EFFECTS_PNG")) {
        std::string error;
        CHECK_MESSAGE(renderer.write_png(out, error), error);
    }
}

TEST_CASE("effects view: a click places a defender in every lane, a drag moves it, the editors' commands apply") {
    Simulation sim = effects_simulation("effects-worked-examples.toml");
    ui::OffscreenRenderer renderer{1000, 700};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tools_tab()};
    renderer.render(shell, 2);
    REQUIRE(shell.paused());
    auto* view = dynamic_cast<ui::EffectsView*>(shell.lab_view());
    REQUIRE(view != nullptr);
    const auto& w = effects_world(sim);

    // Without "click places", a click on free ground places nothing.
    view->click(sim.world(), view->to_canvas(w, 1, {5.0, 1.0}), 0.01, true);
    renderer.render(shell, 1);
    CHECK(sim.live_commands().empty());

    view->options().click_places = true;
    view->options().tower = effects::TowerDef{{0, 0}, 2.5, 2.0, 5.0, "chill", 40.0, 2.0, 100.0};
    view->click(sim.world(), view->to_canvas(w, 1, {5.0, 1.0}), 0.01, true);   // in the second panel
    renderer.render(shell, 1);
    REQUIRE(sim.live_commands().size() == 1);
    CHECK(sim.live_commands()[0].type == "tower.place");
    CHECK(sim.live_commands()[0].tick == 0);
    for (const effects::Lane& lane : w.lanes()) {
        REQUIRE(lane.towers().size() == 1);
        CHECK(lane.towers()[0].def.pos.x == doctest::Approx(5.0));
        CHECK(lane.towers()[0].def.pos.y == doctest::Approx(1.0));
        CHECK(lane.towers()[0].def.effect == "chill");
    }

    // Drag it (paused) in the first panel to (7, -1).
    REQUIRE(view->grab(sim.world(), view->to_canvas(w, 0, {5.0, 1.0}), 0.01));
    view->drag_to(view->to_canvas(w, 0, {7.0, -1.0}));
    auto move = view->release(sim.world(), sim.tick());
    REQUIRE(move.has_value());
    CHECK_FALSE(sim.submit(*move));
    CHECK(w.lane(2).towers()[0].def.pos.x == doctest::Approx(7.0));
    CHECK(w.lane(2).towers()[0].def.pos.y == doctest::Approx(-1.0));

    // Edit it, a type, a rule and a lane's policy; then remove it.
    effects::TowerDef stronger = w.lane(0).towers()[0].def;
    stronger.damage = 50.0;
    CHECK_FALSE(sim.submit(ui::EffectsView::edit_command(0, stronger)));
    CHECK(w.lane(1).towers()[0].def.damage == 50.0);
    effects::EffectType poison = w.book().type(*w.book().find("poison"));
    poison.policy = effects::StackingPolicy::Independent;
    CHECK_FALSE(sim.submit(ui::EffectsView::define_command(poison)));
    CHECK(w.book().type(*w.book().find("poison")).policy == effects::StackingPolicy::Independent);
    CHECK_FALSE(sim.submit(ui::EffectsView::interaction_command("stun", "frozen", "block")));
    CHECK(w.book().rule("stun", "frozen") != nullptr);
    CHECK_FALSE(sim.submit(ui::EffectsView::interaction_command("frozen", "fire", "coexist")));
    CHECK(w.book().rule("frozen", "fire") == nullptr);
    CHECK_FALSE(sim.submit(ui::EffectsView::lane_policy_command(2, "refresh_longest")));
    CHECK(w.lane(2).variant().policy == effects::StackingPolicy::RefreshLongest);
    CHECK_FALSE(sim.submit(ui::EffectsView::remove_command(0)));
    CHECK(w.lane(0).towers()[0].removed);
    // A refusal says why.
    const auto refused = sim.submit(ui::EffectsView::remove_command(0));
    REQUIRE(refused.has_value());
    CHECK(refused->find("tower 0 was removed") != std::string::npos);
}

TEST_CASE("effects view: the worked examples say which creep is which example, on the lanes and in the Analysis tab") {
    Simulation sim = effects_simulation("effects-worked-examples.toml");
    sim.advance(21);   // the second hits land at tick 20 (1 s)
    for (auto width_height : {std::pair{1280, 800}, std::pair{1920, 1080}}) {
        const auto width = width_height.first;   // (Clang 14 cannot capture a structured binding in a doctest macro)
        const auto height = width_height.second;
        CAPTURE(width);
        ui::OffscreenRenderer renderer{width, height};
        REQUIRE_MESSAGE(renderer.ok(), renderer.error());
        ui::Shell shell{sim, analysis_tab()};
        renderer.render(shell, 3);
        const auto& w = effects_world(sim);
        REQUIRE(ui::EffectsView::one_creep_per_wave(w));
        REQUIRE(w.waves().size() == 5);
        // Every creep in every lane carries its example's label, inside its lane's panel, none overlapping.
        std::vector<ui::WidgetRect> rects;
        for (std::size_t lane = 0; lane < w.lanes().size(); ++lane) {
            const ui::WidgetRect* panel = shell.widgets().find("effects.lane." + std::to_string(lane));
            REQUIRE(panel);
            for (int creep = 0; creep < 5; ++creep) {
                const ui::WidgetRect* label =
                    shell.widgets().find("effects.creep_label." + std::to_string(lane) + "." + std::to_string(creep));
                REQUIRE(label);
                CHECK(label->x >= panel->x);
                CHECK(label->x + label->w <= panel->x + panel->w);
                CHECK(label->y + label->h <= panel->y + panel->h);
                rects.push_back(*label);
            }
        }
        for (std::size_t i = 0; i < rects.size(); ++i)
            for (std::size_t j = i + 1; j < rects.size(); ++j)
                CHECK_FALSE((rects[i].x < rects[j].x + rects[j].w && rects[j].x < rects[i].x + rects[i].w &&
                             rects[i].y < rects[j].y + rects[j].h && rects[j].y < rects[i].y + rects[i].h));
        // The Analysis tab lists the five examples.
        for (int ex = 0; ex < 5; ++ex) CHECK(shell.widgets().find("effects.example." + std::to_string(ex)));
        if (const char* dir = std::getenv("PLAYBENCH_EFFECTS_PNG_DIR")) {
            std::string error;
            CHECK_MESSAGE(renderer.write_png(std::string(dir) + "/examples-" + std::to_string(width) + ".png", error),
                          error);
        }
    }
    // The stacking article's numbers (docs/labs/effects.md#sources) are what the lanes hold:
    // example 2, (20|2) + (10|5), is (20|4.5) under highest potency and (18|5) under highest
    // duration (0.05 s later: one tick of 1/20 s ran down).
    const auto& w = effects_world(sim);
    const effects::ActiveEffect& hp = w.lane(0).creeps()[1].effects.at(0);
    CHECK(hp.potency == doctest::Approx(20.0));
    CHECK(hp.remaining == doctest::Approx(4.5 - 21 * 0.05));
    const effects::ActiveEffect& hd = w.lane(1).creeps()[1].effects.at(0);
    CHECK(hd.potency == doctest::Approx(18.0));
}

TEST_CASE("effects view: help says what is on the lanes, what can be done, and the sources") {
    ui::EffectsView view;
    const ui::LabHelp h = view.help();
    CHECK(h.what_you_see.find("ring") != std::string::npos);
    CHECK(h.what_you_see.find("Ex. 2") != std::string::npos);
    CHECK_FALSE(h.what_you_can_do.empty());
    CHECK(h.keys.size() >= 4);
    CHECK(h.source.find("A Status Effect Stacking Algorithm") != std::string::npos);   // the seed, by its title
    CHECK(h.source.find("(docs/labs/effects.md#sources)") != std::string::npos);
}

TEST_CASE("effects view: at 1280x800 every lane's title keeps its stats and every defender its letter") {
    Simulation sim = effects_simulation("effects-three-waves.toml");
    sim.advance(700);
    const auto& w = effects_world(sim);
    ui::OffscreenRenderer renderer{1280, 800};
    REQUIRE_MESSAGE(renderer.ok(), renderer.error());
    ui::Shell shell{sim, tools_tab()};
    renderer.render(shell, 3);
    const std::vector<ui::DrawnText> texts = renderer.drawn_text();
    // Each lane's title (in the canvas's draw list) says what it achieved: "N killed, M leaked".
    for (std::size_t i = 0; i < w.lanes().size(); ++i) {
        const std::string stats =
            std::to_string(w.lane(i).kills()) + " killed, " + std::to_string(w.lane(i).leaks()) + " leaked";
        bool found = false;
        for (const ui::DrawnText& t : texts) found = found || t.text.find(stats) != std::string::npos;
        CHECK_MESSAGE(found, "lane " << i + 1 << " title without \"" << stats << "\"");
    }
    // Every defender that applies an effect shows its effect's letter(s), inside its disc or beside
    // it: as many letters on the canvas as such defenders (nothing else there is a bare letter).
    std::size_t letters = 0, with_effect = 0;
    std::vector<std::string> icons;
    for (const auto& type : w.book().types()) icons.push_back(type.icon);
    for (std::size_t i = 0; i < w.lanes().size(); ++i)
        for (const auto& t : w.lane(i).towers()) with_effect += !t.removed && t.effect_type >= 0;
    for (const ui::DrawnText& d : texts)
        if (d.owner.find("canvas") != std::string::npos)
            letters += std::find(icons.begin(), icons.end(), d.text) != icons.end();
    REQUIRE(with_effect > 0);
    CHECK(letters == with_effect);
    CHECK(renderer.check_text_fit().empty());
}
