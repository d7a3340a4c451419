// Draws an Effects world: one panel per compared stacking policy (split view), each showing the
// lane, the defenders with their ranges and the creep each one just hit, and the creeps with a
// health bar, a ring per active effect in the effect's colour (its arc is the share of 10 s left)
// and a floating number for the damage per second their effects deal. Clicking a creep selects
// it in every panel; the side panel then shows its effect timeline (potency and remaining
// duration per type over time, and what each hit did) beside the comparison charts (cumulative
// damage and leaks per policy, overlaid) in the side panel's Analysis tab, with the key to every
// colour and, for a scenario of one creep per wave (the worked examples of the stacking article,
// docs/labs/effects.md#sources), what each example
// gave under each policy. On the canvas each such creep is labelled with its example ("Ex. 2").
// Defenders are placed by clicking (with "click places" on), dragged while paused, edited and
// removed in the Tools tab; effect types, interaction rules and the lanes' policies are edited
// there too. Every edit is a command.
//
// Canvas units: every panel is about one unit across (the lane's extent divided by `scale`), so
// the canvas's zoom range suits any lane size.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/effects/world.hpp"
#include "ui/lab_view.hpp"

namespace pb::ui {

class EffectsView final : public LabView {
public:
    WorldRect bounds(const World& world) const override;
    void draw(const World& world, const CanvasFrame& frame) override;

    bool grab(const World& world, glm::dvec2 point, double pick_radius) override;
    void drag_to(glm::dvec2 point) override { drag_pos_ = point; }
    std::optional<Command> release(const World& world, std::int64_t tick) override;
    void cancel_drag() override { grabbed_.reset(); }
    bool dragging() const override { return grabbed_.has_value(); }
    std::string hover_text(const World& world, glm::dvec2 point, double pick_radius) const override;
    std::string hover_hint(bool paused) const override {
        return paused ? "Click a creep for its timeline; drag a defender to move it"
                      : "Click a creep for its timeline; pause (Space) to drag defenders";
    }
    std::string canvas_hint(bool paused) const override;
    void click(const World& world, glm::dvec2 point, double pick_radius, bool paused) override;
    bool draw_tools(const World& world, const CanvasFrame& frame) override;
    bool has_tools() const override { return true; }
    bool draw_analysis(const World& world, const CanvasFrame& frame) override;   // effects_charts.cpp
    ResultMeaning describe_result(const World& world, const std::string& path) const override;
    bool has_analysis() const override { return true; }
    LabHelp help() const override;
    void switch_everything_on(const World& world, bool paused, int variant) override;   // everything_on.cpp
    // Whether every wave is one creep (the worked examples): creeps are then labelled by example.
    static bool one_creep_per_wave(const effects::EffectsWorld& w);

    // The defender a click places (with click_places on), edited in the side panel.
    struct Options {
        bool click_places = false;
        effects::TowerDef tower{{0.0, 0.0}, 3.0, 1.0, 10.0, "poison", 10.0, 3.0, 100.0};
        bool show_ranges = true;
    };
    Options& options() { return options_; }
    int selected_creep() const { return selected_creep_; }
    int selected_lane() const { return selected_lane_; }
    int selected_tower() const { return selected_tower_; }

    // Commands the tools issue, built in one place so tests can submit them directly.
    static Command place_command(const effects::TowerDef& t, double x, double y);
    static Command edit_command(int id, const effects::TowerDef& t);
    static Command remove_command(int id);
    static Command define_command(const effects::EffectType& t);
    static Command interaction_command(const std::string& incoming, const std::string& present,
                                       const std::string& action, const std::string& into = {}, double potency = 50.0);
    static Command lane_policy_command(int lane, const std::string& policy);

    // Where lane `lane`'s panel puts a point of the lane (canvas units), and back.
    glm::dvec2 to_canvas(const effects::EffectsWorld& w, std::size_t lane, effects::Vec2 p) const;
    // The lane panel under a canvas point and the lane point there; nullopt outside every panel.
    std::optional<std::pair<std::size_t, effects::Vec2>> to_lane(const effects::EffectsWorld& w,
                                                                 glm::dvec2 point) const;

private:
    struct Layout {
        effects::Vec2 min{0.0, 0.0}, max{1.0, 1.0};   // the lane's and defenders' extent, with margin
        double scale = 1.0;                           // lane units per canvas unit
        int columns = 1;
        double panel_w = 1.0, panel_h = 1.0, gap = 0.08, title = 0.09;   // canvas units
    };
    struct Grabbed {
        int tower = -1;
        glm::dvec2 offset{};
    };

    static const effects::EffectsWorld& effects_world(const World& world);
    Layout layout_of(const effects::EffectsWorld& w) const;
    // Lane `index`'s title in `room` px: the policy and its stats, shortened (room 0: the whole).
    static std::string lane_title(const effects::EffectsWorld& w, std::size_t index, float room);
    glm::dvec2 panel_origin(const Layout& l, std::size_t lane) const;   // top-left of the panel's lane area
    std::optional<int> pick_creep(const effects::EffectsWorld& w, std::size_t lane, effects::Vec2 p,
                                  double radius) const;
    std::optional<int> pick_tower(const effects::EffectsWorld& w, effects::Vec2 p, double radius) const;

    void draw_lane(const effects::EffectsWorld& w, std::size_t lane, const CanvasFrame& f) const;
    // Pieces of draw_lane: the panel with its title (returns its screen corners), the defenders,
    // the worked examples' names under their creeps.
    std::pair<ImVec2, ImVec2> draw_lane_panel(const effects::EffectsWorld& w, std::size_t lane,
                                              const CanvasFrame& f) const;
    void draw_towers(const effects::EffectsWorld& w, std::size_t lane, const CanvasFrame& f) const;
    void draw_example_labels(const effects::EffectsWorld& w, std::size_t lane, const CanvasFrame& f) const;
    void draw_path(const effects::EffectsWorld& w, std::size_t lane, const CanvasFrame& f) const;
    // `numbers`: the floating numbers already drawn in this lane (min x, min y, max x, max y); a
    // number that would overlap one is left out (the creep's tooltip still gives it).
    void draw_creep(const effects::EffectsWorld& w, const effects::Creep& c, std::size_t lane, const CanvasFrame& f,
                    std::vector<ImVec4>& numbers) const;

    // effects_charts.cpp: the comparison table and charts, the selected creep's timeline, the
    // worked examples under each policy, the key to the canvas's colours.
    void draw_comparison(const effects::EffectsWorld& w, const CanvasFrame& f);
    void draw_creep_timeline(const effects::EffectsWorld& w, const CanvasFrame& f);
    void draw_examples(const effects::EffectsWorld& w, const CanvasFrame& f);
    void draw_key(const effects::EffectsWorld& w) const;
    // effects_tools.cpp: defenders, effect types, interaction rules, lane policies.
    void draw_defender_tools(const effects::EffectsWorld& w, const CanvasFrame& f);
    void draw_type_editor(const effects::EffectsWorld& w, const CanvasFrame& f);
    void draw_rule_editor(const effects::EffectsWorld& w, const CanvasFrame& f);
    void draw_policy_editor(const effects::EffectsWorld& w, const CanvasFrame& f);

    Options options_;
    int selected_creep_ = -1;
    int selected_lane_ = 0;
    int selected_tower_ = -1;
    std::optional<Grabbed> grabbed_;
    glm::dvec2 drag_pos_{};
    // Editors' scratch (immediate mode keeps only what the designer is typing).
    char new_type_name_[32] = "acid";
    int new_type_kind_ = 0;
    int rule_incoming_ = 0, rule_present_ = 1, rule_action_ = 0, rule_into_ = 2;
    double rule_potency_ = 50.0;
};

}   // namespace pb::ui
