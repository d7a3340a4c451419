// Draws an RGS world on the canvas: the map from above (or from the side, x-z), each RGS as its
// sphere's footprint in its team's colour, filled by its efficiency and labelled with it, lines
// to the RGS that interfere with it (thicker = stronger), and a heat map of the efficiency (or
// the team's change of summed efficiency) a new RGS would have at a chosen height, in a palette
// no team shares (viridis for efficiency, purple-grey-green for the signed change). Labels never
// overlap: they are displaced with a leader line, and RGS on one spot get an "xN" badge and a
// stack of labels. A small box in the canvas's top-left corner ("overlay.rgs_status") shows the
// match time, each team's BP and rate and the heat map's colour scale; the side panel's Analysis
// tab (rgs_panel.cpp) holds the economy, charts of BP and mining rate over the match, the
// union-volume comparison for the cluster under the cursor and the key to every colour. While
// paused, an RGS can be dragged: the heat map and every efficiency follow live, and the drop
// becomes an `rgs.move` command.
//
// Canvas units are kilometres of the map (1 unit = 1000 qu): the canvas's zoom range suits
// arenas about one unit across.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/rgs/cluster.hpp"
#include "engine/rgs/heat_map.hpp"
#include "engine/rgs/world.hpp"
#include "ui/lab_view.hpp"

namespace pb::ui {

class RgsView final : public LabView {
public:
    static constexpr double kQuPerUnit = 1000.0;
    static constexpr int kHeatSamples = 96;   // per side: a smooth picture at a fraction of the 256x256 bench cost
    static constexpr float kStatusWidth = 250.0f;   // the canvas's status box, at UI scale 1
    // bounds() adds this share of the map's width on the left, where the status box sits when fitted.
    static constexpr double kPanelRoom = 0.56;
    static constexpr std::uint8_t kHeatAlpha = 105;   // the heat map over the map's floor

    WorldRect bounds(const World& world) const override;
    void draw(const World& world, const CanvasFrame& frame) override;

    bool grab(const World& world, glm::dvec2 point, double pick_radius) override;
    void drag_to(glm::dvec2 point) override { drag_pos_ = point; }
    std::optional<Command> release(const World& world, std::int64_t tick) override;
    void cancel_drag() override { grabbed_.reset(); }
    bool dragging() const override { return grabbed_.has_value(); }
    std::string hover_text(const World& world, glm::dvec2 point, double pick_radius) const override;
    std::string hover_hint(bool paused) const override;
    std::string canvas_hint(bool paused) const override;
    void click(const World& world, glm::dvec2 point, double pick_radius, bool paused) override;
    bool draw_tools(const World& world, const CanvasFrame& frame) override;   // rgs_tools.cpp
    bool has_tools() const override { return true; }
    bool draw_analysis(const World& world, const CanvasFrame& frame) override;   // rgs_panel.cpp
    ResultMeaning describe_result(const World& world, const std::string& path) const override;
    bool has_analysis() const override { return true; }
    LabHelp help() const override;
    void switch_everything_on(const World& world, bool paused, int variant) override;   // everything_on.cpp

    // What the designer chose (keys while the canvas is hovered; see the overlay's hint line).
    struct Options {
        bool heat_map = true;
        bool team_delta = false;         // heat map of the team's change of summed efficiency instead
        int team = 0;                    // whose RGS the preview builds
        double height = 0.5;             // of the heat map's slice, as a share of the map's height
        bool side_view = false;          // x-z instead of x-y (key X)
        bool click_builds = false;       // a click on free map builds (key B); otherwise it selects
        std::optional<rgs::Kind> kind;   // what a build places (default: the team's kind)
        double damage = 50.0;            // HP the Damage button takes
    };
    const Options& options() const { return options_; }
    Options& options() { return options_; }
    // The selected RGS (click or drag one), -1 for none: the tools act on it.
    int selected() const { return selected_; }
    void select(int id) { selected_ = id; }

    // The commands the tools issue, also what buttons and keys queue (tests call them directly).
    static Command place_command(int team, rgs::Kind kind, rgs::Vec3 at);
    static Command remove_command(int id);
    static Command mark_command(int id, bool marked);
    static Command damage_command(int id, double amount);
    static Command repair_command(int id);   // back to full health
    static Command main_structure_command(int team, bool alive);

private:
    struct Grabbed {
        int id = -1;
        glm::dvec2 offset{};   // RGS centre minus the grab point (canvas units)
    };

    static const rgs::RgsWorld& rgs_world(const World& world);
    // Canvas point <-> map position in the current view (top: x, y; side: x, z).
    glm::dvec2 to_canvas(rgs::Vec3 p) const;
    rgs::Vec3 to_map(glm::dvec2 canvas, rgs::Vec3 keep) const;
    std::optional<int> pick(const rgs::RgsWorld& w, glm::dvec2 point, double pick_radius) const;
    // The world as it would be with the dragged RGS dropped here (the live preview), else null.
    std::unique_ptr<World> drag_preview(const rgs::RgsWorld& w) const;

    void read_keys(const rgs::RgsWorld& w, const CanvasFrame& f);
    rgs::Kind build_kind() const { return options_.kind.value_or(rgs::default_kind(options_.team)); }
    // Where a click at canvas `point` builds: the heat map's height from above, the map's middle
    // (y) from the side; clamped into the map.
    rgs::Vec3 build_point(const rgs::RgsWorld& w, glm::dvec2 point) const;
    void draw_map(const rgs::RgsWorld& w, const CanvasFrame& f);
    void draw_heat_map(const rgs::RgsWorld& w, const CanvasFrame& f);
    void draw_interference(const rgs::RgsWorld& w, const CanvasFrame& f) const;
    void draw_structures(const rgs::RgsWorld& w, const CanvasFrame& f) const;
    // The labels of the RGS, placed so none overlaps another (rgs.label.<id>), with "xN" badges.
    void draw_labels(const rgs::RgsWorld& w, const CanvasFrame& f) const;
    // rgs_panel.cpp: the canvas's status box, and the Analysis tab's parts.
    void draw_status(const rgs::RgsWorld& w, const CanvasFrame& f) const;
    void draw_charts(const rgs::RgsWorld& w, const rgs::RgsWorld* b = nullptr) const;   // b: compare mode's B, dashed
    void draw_cluster(const rgs::RgsWorld& w);
    void draw_key(const rgs::RgsWorld& w) const;
    const rgs::ClusterComparison* comparison_for(const rgs::RgsWorld& w, int id);

    Options options_;
    std::optional<Grabbed> grabbed_;
    glm::dvec2 drag_pos_{};
    int selected_ = -1;
    int focus_id_ = -1;   // the RGS under the cursor (or dragged): its cluster is compared
    rgs::HeatMap heat_;
    rgs::HeatMapRequest heat_request_;
    // The last comparison, kept while its cluster stays as it is (the union takes milliseconds).
    std::uint64_t comparison_key_ = 0;
    rgs::ClusterComparison comparison_;
    // The world with the dragged RGS dropped where it is (the canvas's live preview), kept for the
    // Analysis tab drawn after it.
    std::unique_ptr<World> preview_;
};

// The heat map's colours (alpha 255 for keys): efficiency 0..1 on viridis (dark blue -> green
// -> yellow), the team's change of summed efficiency -1..+1 on purple (a loss) -> grey (0) ->
// green (a gain). Neither shares a hue with the teams' blue and red.
ImU32 heat_efficiency_colour(double efficiency, std::uint8_t alpha = 255);
ImU32 heat_delta_colour(double delta, std::uint8_t alpha = 255);
// The colour a heat-map cell shows over the map's floor (what the scale in the keys matches).
ImU32 heat_on_floor(ImU32 colour);

// The pairwise rule's summed efficiency against the union's, in words: "the pairwise rule pays
// 2.0% of what the union would (98.0% less)".
std::string union_comparison_words(const rgs::ClusterComparison& cmp);

}   // namespace pb::ui
