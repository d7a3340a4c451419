// Draws a logistics world on the canvas: the colony map (walls), targets as squares with fill
// bars of their stock, buffers larger, transporters as discs showing what they carry, and a line
// from each busy transporter along its chain to its request (through the buffer when it detours),
// coloured by the rate of its choice. Hovering a transporter lists its ranked preferences (dq, dt
// and rate of every choice) and draws lines to its three best requests.
//
// The side panel (logistics_tools.cpp): the Tools tab switches the matching policy and edits the
// colony: place, move (drag) and remove targets, buffers and transporters, set stocks and rates,
// toggle walls — all as commands. The Analysis tab shows the totals, charts of delivered
// resources and unmet demand over time, every policy's pairs, total rate and blocking pairs on
// the current state, the current matching, and the key to the map's colours.
//
// Canvas units are ten tiles: the canvas's zoom range suits arenas a few units across.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/logistics/world.hpp"
#include "ui/lab_view.hpp"

namespace pb::ui {

class LogisticsView final : public LabView {
public:
    static constexpr double kTilesPerUnit = 10.0;

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
    bool draw_tools(const World& world, const CanvasFrame& frame) override;
    bool has_tools() const override { return true; }
    bool draw_analysis(const World& world, const CanvasFrame& frame) override;
    ResultMeaning describe_result(const World& world, const std::string& path) const override;
    bool has_analysis() const override { return true; }
    LabHelp help() const override;
    void switch_everything_on(const World& world, bool paused, int variant) override;   // everything_on.cpp

    // One line of the Analysis tab's totals: what it counts, its value as shown, and a tooltip.
    // The status line (LogisticsWorld::summary()) shows the same counts under the same names.
    struct MetricRow {
        std::string label;
        std::string value;
        std::string tip;
    };
    static std::vector<MetricRow> metric_rows(const logistics::LogisticsWorld& w);

    // What a click on the map does.
    enum class Tool { Select, PlaceTarget, PlaceTransporter, Wall };
    struct Options {
        Tool tool = Tool::Select;
        logistics::TargetKind kind = logistics::TargetKind::Extension;   // what PlaceTarget builds
        bool everyone = true;   // the comparison rates every transporter, not only the idle ones
        bool show_lines = true;
    };
    Options& options() { return options_; }

    // The selected entity: a target or a transporter.
    struct Selection {
        bool transporter = false;
        int id = -1;
    };
    const std::optional<Selection>& selected() const { return selected_; }

    static glm::dvec2 tile_centre(logistics::Tile t) {
        return {(t.x + 0.5) / kTilesPerUnit, (t.y + 0.5) / kTilesPerUnit};
    }
    static logistics::Tile tile_at(glm::dvec2 p);

private:
    struct Grabbed {
        Selection what;
        glm::dvec2 offset{};
    };
    // The policies side by side, recomputed when the world changes (at most a few times a second
    // while running: the optimal assignment on a large colony takes milliseconds).
    struct Comparison {
        std::uint64_t key = 0;
        double computed_at = -1.0;
        double cost_seconds = 0.0;   // what the last recompute took (wall time)
        bool everyone = false;
        std::vector<logistics::MatchingReport> reports;   // one per policy
    };

    static const logistics::LogisticsWorld& world_of(const World& world);
    std::optional<Selection> pick(const logistics::LogisticsWorld& w, glm::dvec2 point, double pick_radius) const;
    void draw_map(const logistics::LogisticsWorld& w, const CanvasFrame& f) const;
    void draw_routes(const logistics::LogisticsWorld& w, const CanvasFrame& f) const;
    void draw_targets(const logistics::LogisticsWorld& w, const CanvasFrame& f) const;
    void draw_transporters(const logistics::LogisticsWorld& w, const CanvasFrame& f) const;
    void draw_preferences(const logistics::LogisticsWorld& w, const CanvasFrame& f, int transporter) const;
    // logistics_tools.cpp
    const Comparison& comparison(const logistics::LogisticsWorld& w);
    void draw_policy_switch(const logistics::LogisticsWorld& w, const CanvasFrame& f);
    void draw_metrics(const logistics::LogisticsWorld& w, const CanvasFrame& f);
    void draw_charts(const logistics::LogisticsWorld& w, const CanvasFrame& f);
    void draw_policies(const logistics::LogisticsWorld& w, const CanvasFrame& f);
    void draw_matching(const logistics::LogisticsWorld& w, const CanvasFrame& f);
    void draw_key(const logistics::LogisticsWorld& w, const CanvasFrame& f);
    void draw_canvas_key(const logistics::LogisticsWorld& w, const CanvasFrame& f);
    void draw_editing(const logistics::LogisticsWorld& w, const CanvasFrame& f);
    void draw_selection(const logistics::LogisticsWorld& w, const CanvasFrame& f);

    Options options_;
    std::optional<Selection> selected_;
    std::optional<Grabbed> grabbed_;
    glm::dvec2 drag_pos_{};
    int hovered_transporter_ = -1;
    Comparison comparison_;
    // The selected target's edit fields (filled from the world when the selection changes).
    int edit_for_ = -1;
    double edit_energy_ = 0.0, edit_mineral_ = 0.0, edit_rate_ = 0.0, edit_multiplier_ = 0.0, edit_capacity_ = 0.0;
};

}   // namespace pb::ui
