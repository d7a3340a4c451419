// The sweep in the window (docs/sweeps.md#in-the-window): File > Open of a merged sweep
// (DIR/sweep.sqlite, or the folder DIR) shows its results in place of the lab's canvas:
//   - a plot of one result against a varied parameter: the mean over the seeds, the lowest and the
//     highest seed (as `sweep report` draws it), or, with a second parameter, a heat map of the
//     mean; hovering a point or a cell shows its values, clicking it lists its runs in the table
//     (and opens the run when it is the only one: one seed, one point);
//   - the table of the runs (point values, seed, results), sortable; clicking a row opens that run
//     in its lab (SweepSession::open_run, ui/shell/sweep_session.hpp) to watch it;
//   - export of the plot as a PNG (the offscreen renderer) and of the table as CSV, each atomically.
// The numbers come from engine/sweep/sweep_table.hpp, as the report's do.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "engine/core/result_label.hpp"
#include "engine/sweep/sweep_table.hpp"
#include "ui/widgets/widget_locator.hpp"

namespace pb {
struct ParamDef;
}

namespace pb::ui {

// Dark blue -> teal -> yellow (viridis-like stops), t in 0..1: the heat maps' colour for a mean.
ImU32 sweep_heat_colour(float t);
// Cell (i, j) of an nx x ny heat map filling left..right x top..bottom on screen, row 0 at the
// bottom (the lowest y value), edges on whole pixels: its top-left and bottom-right corners.
std::pair<ImVec2, ImVec2> sweep_heat_cell(float left, float top, float right, float bottom, std::size_t nx,
                                          std::size_t ny, std::size_t i, std::size_t j);

// The line plots' colours (the view's and `sweep report`'s), each named in the plot's key.
struct SweepLineColours {
    ImU32 mean, min, max;
};
const SweepLineColours& sweep_line_colours();

// A heat map's colour key at the cursor, `width` wide: `caption` and the scale's name above a
// gradient bar labelled with the values at its ends, middle and quarters (in `result`'s unit);
// hovering it (with `widgets`, recorded as "sweep.key") shows the value under the mouse.
void sweep_colour_key(const SweepColourMap& map, const std::string& caption, float width, const ResultLabel& result,
                      WidgetLocator* widgets);

// What the designer asked for in a frame of the view (the shell acts on it).
struct SweepViewAction {
    std::optional<std::uint64_t> open_run;   // a table row clicked: watch this run (its key)
    bool export_png = false;                 // "Export plot (PNG)..."
    bool export_csv = false;                 // "Export table (CSV)..."
    bool close = false;                      // "Close sweep"
};

class SweepView {
public:
    // Opens DIR/sweep.sqlite (checked to be a merged sweep database) or the folder DIR. Throws
    // SweepError saying what is wrong: not a merged sweep, an unmerged folder (naming `playbench
    // sweep merge DIR`), a CSV that does not match.
    static std::unique_ptr<SweepView> open(const std::string& path);

    const SweepTable& table() const { return table_; }
    const std::string& path() const { return path_; }
    // The base scenario is missing (its path in the message): runs cannot be watched.
    const std::string& scenario_problem() const { return scenario_problem_; }

    // The plot: which result, which parameter along x, and optionally a second one (a heat map).
    std::size_t result() const { return result_; }
    std::size_t x_param() const { return x_; }
    std::optional<std::size_t> y_param() const { return y_; }
    void select_result(std::size_t k);
    void select_x(std::size_t p);
    void select_y(std::optional<std::size_t> p);   // nullopt: the line plot
    // The heat map's colour scale: chosen (nullopt: automatic, choose_colour_scale over the
    // map's means: rank or log when an outlier would squeeze the other cells into one colour),
    // and the one in use for the current result and parameters.
    void select_colour_scale(std::optional<SweepColourScale> s) { colour_scale_ = s; }
    std::optional<SweepColourScale> chosen_colour_scale() const { return colour_scale_; }
    SweepColourScale colour_scale() const;

    // The table shows the runs at the values a plot click chose (param, value pairs), else all.
    void set_filter(std::vector<std::pair<std::size_t, double>> filter);
    const std::vector<std::pair<std::size_t, double>>& filter() const { return filter_; }
    // Indexes into table().rows of the runs shown, in the table's order.
    std::vector<std::size_t> shown_rows() const;
    const SweepTableRow* row_of_run(std::uint64_t run) const;

    // A run in words: "run 17: point 5 (shoot_force = 0.0016, friction = 0.004), seed 3".
    std::string describe_run(const SweepTableRow& row) const;
    // A parameter's value in words: its choice's name, else the number.
    std::string value_text(std::size_t p, double v) const;
    std::string title() const;   // "sweep podball-scoring.toml (Podball): 200 runs"
    // The status line's summary while the view is on screen, in place of the world's:
    // "Sweep podball-scoring.toml (Podball): 200 of 200 runs, 25 points x 8 seeds".
    std::string summary() const;
    // Result k in words with its unit ("starved (units)") / a value of it ("16,200 units").
    std::string result_label(std::size_t k) const { return results_[k].with_unit(); }
    std::string result_text(std::size_t k, double v) const;
    // A parameter in words with its unit: its label in the lab's table ("Ball friction"), else its key.
    std::string param_label(std::size_t p) const;

    // Draws the view into the current window (the whole content region); returns what was asked.
    SweepViewAction draw(WidgetLocator& widgets);

    // The current plot, 1000 x 640 (as `sweep report`'s), as a PNG / the table's runs shown as
    // CSV (the header and rows `sweep merge` writes), each written atomically. False and `error`.
    bool export_png(const std::string& path, std::string& error, int width = 1000, int height = 640) const;
    bool export_csv(const std::string& path, std::string& error) const;
    std::string default_png_name() const;   // in the sweep's folder
    std::string default_csv_name() const;

private:
    explicit SweepView(SweepTable table, std::string path);
    // The plot at the cursor, `height` tall (the whole of it: titles, axes, key); interactive (hover
    // readouts, clicks that set the filter) when `widgets` is given.
    // `widgets` (interactive only) receives each point's ("sweep.point.I") or cell's
    // ("sweep.cell.I.J", column I, row J from the bottom) rectangle.
    void draw_plot(float height, WidgetLocator* widgets) const;
    void draw_line(float plot_h, WidgetLocator* widgets) const;
    void draw_heat(float height, WidgetLocator* widgets) const;
    void draw_table(WidgetLocator& widgets, SweepViewAction& action);
    std::string param_name(std::size_t p) const;   // the label, without the unit
    void draw_controls(WidgetLocator& widgets, SweepViewAction& action);
    std::string unit_of(std::size_t p) const;
    std::string choices_of(std::size_t p) const;
    void sort_rows() const;

    SweepTable table_;
    std::string path_;
    std::string scenario_problem_;
    std::vector<const ParamDef*> defs_;
    std::vector<ResultLabel> results_;   // [result]: the lab's words for it
    std::optional<SweepColourScale> colour_scale_;
    std::size_t result_ = 0, x_ = 0;
    std::optional<std::size_t> y_;
    // Set by clicks inside const drawing code.
    mutable std::vector<std::pair<std::size_t, double>> filter_;
    mutable bool picked_ = false;              // a point or cell was clicked this frame
    mutable std::vector<std::size_t> order_;   // every row, in the table's sort order
    int sort_column_ = 0;
    bool sort_ascending_ = true;
};

}   // namespace pb::ui
