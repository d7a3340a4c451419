// Compare mode in a lab's Analysis tab (docs/compare.md#compare-mode-in-the-window): one helper for
// every lab.
//
// draw_compare_results: at the top of the tab, a table of the lab's key results for A, B and
// B - A, each named in the lab's words with its unit (the lab's ResultMeaning), B - A coloured
// green / red only when the lab says which way is better, neutral otherwise. It records
// "analysis.compare" (the table) and "analysis.compare.<path>" (each row).
//
// overlay_b: a chart's B runs beside its A runs: A's series are named "A ...", B's the same
// colour, dashed, named "B ...". What each chart overlaid is logged (compare_overlay_log) so tests
// can check a B series with its points was drawn.
#pragma once
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "engine/core/world.hpp"
#include "ui/lab_view.hpp"
#include "ui/widgets/chart.hpp"

namespace pb::ui {

// ResultMeaning (what a key result means to a designer) is in ui/lab_view.hpp: each lab's view
// says it (LabView::describe_result).
using DescribeResult = std::function<ResultMeaning(const std::string& path)>;

// One row as the table showed it (values as the world gives them, before `scale`).
struct CompareRow {
    std::string path;
    ResultMeaning meaning;
    double a = 0.0, b = 0.0;
};

// The table (nothing when `c` is null). `a` is A's world, c->world B's.
void draw_compare_results(const World& a, const CompareFrame* c, const DescribeResult& describe,
                          WidgetLocator* widgets);
// The rows the last draw_compare_results showed (for tests).
const std::vector<CompareRow>& last_compare_rows();

// Adds B's series to a chart drawn with A's: A's renamed "A <name>", B's "B <name>", dashed.
// Logs the chart's B series and points under spec.id.
void overlay_b(ChartSpec& spec, std::vector<ChartSeries> b);

// What overlay_b (or a chart of its own, through log_compare_overlay) added to each chart since
// the log was cleared: B series and their points in all.
struct OverlayRecord {
    int series = 0;
    std::size_t points = 0;
};
std::map<std::string, OverlayRecord>& compare_overlay_log();
void log_compare_overlay(const std::string& chart, int series, std::size_t points);

// "A solid, B dashed" with the colours of A and B: the key shared by every overlaid chart.
void compare_chart_note(const char* extra = nullptr);

}   // namespace pb::ui
