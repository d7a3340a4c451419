// The Tasks view's side-panel tabs and its Pareto window. Analysis: the team chart of every team
// size (worst time vs worst damage; one colour and one marker shape per k, efficient points
// filled, ringed and listed; hover a point for its numbers and routes, click to keep it), the
// chosen team as a table like those of the Toward the Stars paper (docs/labs/tasks.md#sources),
// the options of one player-equipment pair, and "Open Pareto
// chart", which shows the team chart large in its own window. Tools: the editing fields, each of
// which issues a command.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "engine/core/words.hpp"
#include "ui/render/painter.hpp"
#include "ui/tasks/tasks_colours.hpp"
#include "ui/tasks/tasks_view.hpp"
#include "ui/widgets/chart.hpp"
#include "ui/widgets/compare_results.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::ui {

using tasks::Cost;
using tasks::TasksWorld;

namespace {

constexpr const char* kTimeUnit = "time units";
constexpr const char* kDamageUnit = "HP";   // as the D slider says (hit points)
constexpr ImU32 kHalo = palette::rgb(255, 255, 255, 230);

// A scatter plot of time (x) against damage (y): the plot rectangle and its mapping.
struct Plot {
    ImVec2 min, max;
    double t0 = 0, t1 = 1, d0 = 0, d1 = 1;
    bool hovered = false, clicked = false;
    ImVec2 at(double time, double damage) const {
        const float x = min.x + static_cast<float>((time - t0) / (t1 - t0)) * (max.x - min.x);
        const float y = max.y - static_cast<float>((damage - d0) / (d1 - d0)) * (max.y - min.y);
        return ImVec2(x, y);
    }
};

// Whole-number ticks (both objectives are whole numbers) at round steps.
std::vector<double> integer_ticks(double lo, double hi, int target) {
    std::vector<double> out;
    for (double v : nice_ticks(lo, hi, target))
        if (std::abs(v - std::round(v)) < 1e-9) out.push_back(std::round(v));
    return out;
}

// Reserves the plot (an invisible button, for hover and clicks) and draws its frame, grid, tick
// labels and axis names with units.
Plot begin_plot(const char* id, float plot_height, double t0, double t1, double d0, double d1,
                const std::string& x_label, const std::string& y_label, float s) {
    const float line_h = ImGui::GetTextLineHeight();
    ImGui::TextColored(palette::kDimText, "%s", y_label.c_str());
    // Pad the ranges so points sit inside the frame; a single value gets a unit of room.
    const double tp = std::max((t1 - t0) * 0.06, 0.5), dp = std::max((d1 - d0) * 0.08, 0.5);
    Plot p;
    p.t0 = t0 - tp, p.t1 = t1 + tp, p.d0 = d0 - dp, p.d1 = d1 + dp;
    const std::vector<double> xt = integer_ticks(p.t0, p.t1, 6), yt = integer_ticks(p.d0, p.d1, 4);
    float label_w = 0.0f;
    for (double v : yt) label_w = std::max(label_w, ImGui::CalcTextSize(short_number(v).c_str()).x);
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float width = std::max(120.0f * s, ImGui::GetContentRegionAvail().x);
    const float left = label_w + 6.0f * s;
    p.min = ImVec2(start.x + left, start.y + line_h * 0.5f);
    p.max = ImVec2(start.x + width - 6.0f * s, p.min.y + plot_height * s);
    ImGui::InvisibleButton(id, ImVec2(width, plot_height * s + line_h * 2.6f));
    p.hovered = ImGui::IsItemHovered();
    p.clicked = ImGui::IsItemClicked();
    Painter d = Painter::window();
    d.AddRectFilled(p.min, p.max, tasks_colours::kChartBackground);
    for (double v : xt) {
        const float x = p.at(v, p.d0).x;
        d.AddLine(ImVec2(x, p.min.y), ImVec2(x, p.max.y), tasks_colours::kChartGrid);
        const std::string t = short_number(v);
        const float tw = ImGui::CalcTextSize(t.c_str()).x;
        d.AddText(ImVec2(x - tw * 0.5f, p.max.y + 2.0f * s), palette::kTickText, t.c_str());
    }
    for (double v : yt) {
        const float y = p.at(p.t0, v).y;
        d.AddLine(ImVec2(p.min.x, y), ImVec2(p.max.x, y), tasks_colours::kChartGrid);
        const std::string t = short_number(v);
        const float tw = ImGui::CalcTextSize(t.c_str()).x;
        d.AddText(ImVec2(p.min.x - tw - 4.0f * s, y - line_h * 0.5f), palette::kTickText, t.c_str());
    }
    d.AddRect(p.min, p.max, palette::kPlotFrame);
    const float xlw = ImGui::CalcTextSize(x_label.c_str()).x;
    d.AddText(ImVec2(p.max.x - xlw, p.max.y + line_h + 4.0f * s), palette::kTickText, x_label.c_str());
    return p;
}

float distance2(ImVec2 a, ImVec2 b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); }

std::string route_text(const std::vector<int>& route) {
    std::string out;
    for (std::size_t i = 0; i < route.size(); ++i) out += (i ? " " : "") + std::to_string(route[i]);
    return out;
}

std::string players_text(int k) { return std::to_string(k) + (k == 1 ? " player" : " players"); }

// Staircase through a front in increasing time: the region it dominates is above-right.
void draw_staircase(Painter* d, const Plot& c, const std::vector<std::pair<double, double>>& front, ImU32 colour,
                    float s) {
    for (std::size_t i = 0; i + 1 < front.size(); ++i) {
        const ImVec2 a = c.at(front[i].first, front[i].second), b = c.at(front[i + 1].first, front[i + 1].second);
        d->AddLine(a, ImVec2(b.x, a.y), colour, 1.5f * s);
        d->AddLine(ImVec2(b.x, a.y), b, colour, 1.5f * s);
    }
}

// One marker shape per team size, cycling after seven (the colours cycle after eight, so a
// colour and shape pair repeats only after 56 sizes): circle, square, triangle, diamond,
// inverted triangle, cross, plus.
constexpr int kShapes = 7;
const char* shape_name(int k) {
    static const char* names[kShapes] = {"circle", "square", "triangle", "diamond", "inverted triangle",
                                         "cross",  "plus"};
    return names[(k - 1) % kShapes];
}

void draw_marker(Painter* d, ImVec2 c, float r, int k, ImU32 col, bool filled, float thickness) {
    const int shape = (k - 1) % kShapes;
    switch (shape) {
        case 0:
            if (filled)
                d->AddCircleFilled(c, r, col, 16);
            else
                d->AddCircle(c, r, col, 16, thickness);
            break;
        case 1: {
            const float h = r * 0.85f;
            if (filled)
                d->AddRectFilled(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), col);
            else
                d->AddRect(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), col, 0.0f, 0, thickness);
            break;
        }
        case 2:
        case 4: {
            const float dir = shape == 2 ? -1.0f : 1.0f;   // screen y grows down
            const ImVec2 a(c.x, c.y + dir * r * 1.15f), b(c.x - r, c.y - dir * r * 0.7f),
                e(c.x + r, c.y - dir * r * 0.7f);
            if (filled)
                d->AddTriangleFilled(a, b, e, col);
            else
                d->AddTriangle(a, b, e, col, thickness);
            break;
        }
        case 3: {
            const ImVec2 pts[4] = {ImVec2(c.x, c.y - r * 1.2f), ImVec2(c.x + r * 1.2f, c.y),
                                   ImVec2(c.x, c.y + r * 1.2f), ImVec2(c.x - r * 1.2f, c.y)};
            if (filled)
                d->AddConvexPolyFilled(pts, 4, col);
            else
                d->AddPolyline(pts, 4, col, ImDrawFlags_Closed, thickness);
            break;
        }
        case 5: {
            const float h = r * 0.9f, t = filled ? thickness * 2.0f : thickness;
            d->AddLine(ImVec2(c.x - h, c.y - h), ImVec2(c.x + h, c.y + h), col, t);
            d->AddLine(ImVec2(c.x - h, c.y + h), ImVec2(c.x + h, c.y - h), col, t);
            break;
        }
        default: {
            const float h = r * 1.1f, t = filled ? thickness * 2.0f : thickness;
            d->AddLine(ImVec2(c.x - h, c.y), ImVec2(c.x + h, c.y), col, t);
            d->AddLine(ImVec2(c.x, c.y - h), ImVec2(c.x, c.y + h), col, t);
            break;
        }
    }
}

// A key entry: the marker as drawn, then its text (an ImGui item).
void marker_key(int k, bool filled, const char* text, float s) {
    const float h = ImGui::GetTextLineHeight();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(h * 1.1f, h));
    Painter d = Painter::window();
    const ImVec2 c(p.x + h * 0.55f, p.y + h * 0.5f);
    if (filled) d.AddCircle(c, h * 0.5f, kHalo, 16, 1.2f * s);
    draw_marker(&d, c, h * 0.3f, k, tasks_colours::team_size(k), filled, 1.5f * s);
    if (text && *text) {
        ImGui::SameLine(0, 3.0f * s);
        ImGui::TextUnformatted(text);
    }
}

// Places the next item on the same line when `width` more pixels fit there.
void same_line_if_fits(float width, float s) {
    ImGui::SameLine(0, 14.0f * s);
    if (ImGui::GetContentRegionAvail().x < width) ImGui::NewLine();
}

bool is_efficient(const tasks::TaskSolution& sol, int i) {
    return std::find(sol.efficient.begin(), sol.efficient.end(), i) != sol.efficient.end();
}

}   // namespace

// The lab's key results in its own words (compare mode's tables).
ResultMeaning TasksView::describe_result(const World& /*world*/, const std::string& path) const {
    ResultMeaning m;
    if (path == "metrics.solution.efficient[0].time")
        m = {"first efficient team: worst time", kTimeUnit, -1, 1.0,
             "The first team of the efficient set (fewest players): its worst time."};
    else if (path == "metrics.solution.efficient[0].damage")
        m = {"first efficient team: worst damage", kDamageUnit, -1, 1.0,
             "The first team of the efficient set (fewest players): its worst damage."};
    return m;
}

bool TasksView::draw_analysis(const World& world, const CanvasFrame& f) {
    const TasksWorld& w = tasks_world(world);
    const float s = f.ui_scale;
    refresh_solution(w);
    const TasksView* b_view = f.compare ? static_cast<const TasksView*>(f.compare->view) : nullptr;
    if (f.compare) {
        draw_compare_results(
            world, f.compare, [&](const std::string& path) { return describe_result(world, path); }, f.widgets);
    }
    ImGui::TextUnformatted("Toward the Stars task");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(palette::kDimText,
                       "D = %lld (most damage per player), T = %lld (most time for the team), K = %d "
                       "(largest team)",
                       static_cast<long long>(w.instance().limits.max_damage),
                       static_cast<long long>(w.instance().limits.max_time), w.instance().k_max);
    const std::string counts = count_of(w.ship().room_count(), "room") + ", " +
                               count_of(static_cast<long long>(w.ship().corridors.size()), "corridor") + ", " +
                               count_of(static_cast<long long>(w.task().players.size()), "player") + ", " +
                               count_of(static_cast<long long>(w.task().equipment.size()), "tool");
    ImGui::TextColored(palette::kDimText, "%s", counts.c_str());
    if (f.widgets) f.widgets->record_last_item("tasks.analysis");
    if (w.problem()) {
        ImGui::PushStyleColor(ImGuiCol_Text, palette::kErrorBanner);
        ImGui::TextWrapped("Cannot solve: %s", w.problem()->c_str());
        ImGui::PopStyleColor();
    }
    for (const std::string& note : w.notes()) ImGui::TextColored(palette::kChangedMark, "%s", note.c_str());
    if (const std::string solving = solving_text(); !solving.empty()) {
        ImGui::TextColored(palette::kChangedMark, "%s", solving.c_str());
        if (f.widgets) f.widgets->record_last_item("tasks.solving");
    }
    ImGui::PopTextWrapPos();

    ImGui::Separator();
    ImGui::TextUnformatted("Teams: worst time vs worst damage");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Each point is one entry of W^k: the worst time and worst damage of a team of k players,\n"
            "tau_k and delta_k included. Colour and shape say k. Filled and ringed: efficient (no team\n"
            "with fewer or as many players does as well). Hollow: beaten by a smaller team.\n"
            "Hover a point to see its routes on the ship, click to keep them.");
    ImGui::SameLine();
    if (ImGui::SmallButton(pareto_open_ ? "Close Pareto chart" : "Open Pareto chart")) pareto_open_ = !pareto_open_;
    if (f.widgets) f.widgets->record_last_item("tasks.pareto.open");
    draw_team_chart(w, "##team_chart_small", 170.0f, s, f.widgets, "tasks.team_chart",
                    b_view ? &b_view->shown_solution() : nullptr);
    draw_efficient_list(w, s, 8, 0.0f);

    ImGui::Separator();
    draw_team_table(w);

    ImGui::Separator();
    draw_pair_chart(w, s);

    ImGui::Spacing();
    if (ImGui::CollapsingHeader("Key to the ship", ImGuiTreeNodeFlags_DefaultOpen)) {
        legend_swatch(tasks_colours::kRoom, "room (its number)");
        ImGui::SameLine(0, 14.0f * s);
        legend_swatch(tasks_colours::kHazardRoom, "hazard: damage on entering");
        legend_line(tasks_colours::kCorridor, "corridor, no damage (thicker = slower)", 3.0f);
        legend_line(tasks_colours::kDamageCorridor, "damaging corridor; label: time/damage", 3.0f);
        legend_swatch(tasks_colours::kEquipment, "tool T1..");
        ImGui::SameLine(0, 14.0f * s);
        legend_swatch(tasks_colours::kEvent, "event (red ring)");
        ImGui::SameLine(0, 14.0f * s);
        ImGui::TextColored(palette::kDimText, "players P1.. in their colours");
        legend_line(tasks_colours::player(0), "a player's route (his colour), the disc walking it", 4.0f);
    }
    if (f.widgets) f.widgets->record_last_item("tasks.ship_key");
    return true;
}

bool TasksView::draw_tools(const World& world, const CanvasFrame&) {
    draw_edit_tools(tasks_world(world));
    return true;
}

void TasksView::draw_pareto_window(const TasksWorld& w, const CanvasFrame& f) {
    if (!pareto_open_) {
        pareto_share_ = 0.0;
        return;
    }
    const float s = f.ui_scale;
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const ImVec2 o = f.view->origin(), sz = f.view->size();
    // About half the screen, over the side panel and the canvas's lower right: the ship is
    // refitted beside it (bounds()), and the side panel's tabs stay in sight above it.
    const float width =
        std::clamp(display.x * 0.5f, std::min(420.0f * s, display.x - 16.0f), std::max(display.x - 16.0f, 1.0f));
    const float bottom = o.y + sz.y;
    const float height =
        std::clamp(display.y * 0.56f, std::min(280.0f * s, bottom - 8.0f), std::max(bottom - 8.0f, 1.0f));
    ImGui::SetNextWindowPos(ImVec2(display.x - width - 8.0f * s, bottom - height - 4.0f * s), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(width, height), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSizeConstraints(ImVec2(260.0f * s, 200.0f * s), ImVec2(FLT_MAX, FLT_MAX));
    if (ImGui::Begin("Pareto chart: worst time vs worst damage per team size###tasks_pareto", &pareto_open_)) {
        const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
        const float line_h = ImGui::GetTextLineHeightWithSpacing();
        // The plot takes the height left by its axis names and key (as tall as last frame); the
        // efficient set is listed beside it when the window is wide, else under it (5 rows, then
        // it scrolls).
        const ImVec2 avail = ImGui::GetContentRegionAvail();
        const float list_w = 290.0f * s;
        const bool beside = avail.x >= 560.0f * s;
        const float list_below = beside ? 0.0f : 7.5f * (line_h + 2.0f * s);
        const float plot_h = std::max(120.0f * s, avail.y - key_height_ - 3.8f * line_h - list_below) / s;
        if (beside) {
            ImGui::BeginChild("##pareto_plot", ImVec2(avail.x - list_w - 8.0f * s, avail.y), false);
            draw_team_chart(w, "##team_chart_large", plot_h, s, f.widgets, "tasks.pareto.chart");
            ImGui::EndChild();
            ImGui::SameLine(0, 8.0f * s);
            ImGui::BeginChild("##pareto_list", ImVec2(list_w, avail.y), false);
            draw_efficient_list(w, s, 5, avail.y);
            ImGui::EndChild();
        } else {
            draw_team_chart(w, "##team_chart_large", plot_h, s, f.widgets, "tasks.pareto.chart");
            draw_efficient_list(w, s, 5, 0.0f);
        }
        if (f.widgets) {
            f.widgets->record("tasks.pareto", WidgetRect{pos.x, pos.y, size.x, size.y, true});
            const bool over_canvas =
                pos.x < o.x + sz.x && pos.x + size.x > o.x && pos.y < o.y + sz.y && pos.y + size.y > o.y;
            if (over_canvas) f.widgets->record("overlay.pareto", WidgetRect{pos.x, pos.y, size.x, size.y, true});
        }
        // The part of the canvas's width it covers (from the right), for the ship's fit.
        const float covered = std::clamp(o.x + sz.x - pos.x, 0.0f, sz.x * 0.6f);
        pareto_share_ = pos.y < o.y + sz.y && pos.y + size.y > o.y ? (covered + 16.0f * s) / std::max(sz.x, 1.0f) : 0.0;
        pareto_share_ = std::clamp(pareto_share_, 0.0, 0.6);
    } else {
        pareto_share_ = 0.0;   // folded to its title bar
    }
    ImGui::End();
}

void TasksView::draw_team_chart(const TasksWorld& /*w: the answer is shown_solution()*/, const char* id,
                                float plot_height, float s, WidgetLocator* widgets, const char* record_as,
                                const tasks::TaskSolution* b) {
    const tasks::TaskSolution& sol = shown_solution();
    const auto& points = sol.teams.points;
    // B's efficient teams, in increasing time (compare mode).
    std::vector<std::pair<double, double>> b_front;
    if (b)
        for (int i : b->efficient)
            b_front.emplace_back(double(b->teams.points[i].time), double(b->teams.points[i].damage));
    std::sort(b_front.begin(), b_front.end());
    if (b) log_compare_overlay(record_as, b_front.empty() ? 0 : 1, b_front.size());
    if (points.empty() && b_front.empty()) {
        ImGui::TextColored(palette::kDimText, "No team can do it within T and D.");
        return;
    }
    if (points.empty()) ImGui::TextColored(palette::kDimText, "A: no team can do it within T and D.");
    double t0 = 1e300, t1 = -1e300, d0 = 1e300, d1 = -1e300;
    for (const tasks::TeamPoint& p : points) {
        t0 = std::min(t0, double(p.time)), t1 = std::max(t1, double(p.time));
        d0 = std::min(d0, double(p.damage)), d1 = std::max(d1, double(p.damage));
    }
    for (const auto& [t, dmg] : b_front) {
        t0 = std::min(t0, t), t1 = std::max(t1, t);
        d0 = std::min(d0, dmg), d1 = std::max(d1, dmg);
    }
    ImGui::PushID(id);
    const Plot c = begin_plot(id, plot_height, t0, t1, d0, d1, std::string("team's worst time (") + kTimeUnit + ")",
                              std::string("team's worst damage (") + kDamageUnit + ")", s);
    if (widgets) widgets->record_last_item(record_as);   // the plot with its tick labels and axis name
    Painter window_painter = Painter::window();
    Painter* d = &window_painter;
    d->PushClipRect(ImVec2(c.min.x - 12.0f * s, c.min.y - 12.0f * s), ImVec2(c.max.x + 12.0f * s, c.max.y + 12.0f * s),
                    true);
    for (int k = 1; k <= sol.k_max; ++k) {
        std::vector<std::pair<double, double>> front;
        for (const tasks::TeamPoint& p : points)
            if (p.k == k) front.emplace_back(double(p.time), double(p.damage));
        draw_staircase(d, c, front, palette::with_alpha(tasks_colours::team_size(k), 80), s);
    }
    // Points of several k on one spot all show: the efficient one (at most one a spot, the
    // smallest k there) filled and ringed in the middle, the others hollow and larger around it,
    // each larger k further out.
    const float base = std::clamp((c.max.y - c.min.y) / 40.0f, 4.5f * s, 8.0f * s);
    const float halo = base * 1.9f;
    for (int i = 0; i < static_cast<int>(points.size()); ++i) {
        if (is_efficient(sol, i)) continue;
        const tasks::TeamPoint& p = points[i];
        int inside = 0;
        bool around_efficient = false;
        for (int j = 0; j < static_cast<int>(points.size()); ++j) {
            const tasks::TeamPoint& q = points[j];
            if (q.time != p.time || q.damage != p.damage || q.k >= p.k) continue;
            if (is_efficient(sol, j))
                around_efficient = true;
            else
                ++inside;
        }
        const float r = (around_efficient ? halo + 3.0f * s : base) + static_cast<float>(inside) * 3.5f * s;
        draw_marker(d, c.at(double(p.time), double(p.damage)), r, p.k,
                    palette::with_alpha(tasks_colours::team_size(p.k), 200), false, 1.5f * s);
    }
    for (int i : sol.efficient) {
        const ImVec2 at = c.at(double(points[i].time), double(points[i].damage));
        d->AddCircle(at, halo, kHalo, 20, 1.5f * s);
        draw_marker(d, at, base * 1.2f, points[i].k, tasks_colours::team_size(points[i].k), true, 1.5f * s);
    }
    const int shown = shown_point(sol);
    if (shown >= 0 && shown < static_cast<int>(points.size())) {
        const ImVec2 at = c.at(double(points[shown].time), double(points[shown].damage));
        d->AddCircle(at, halo + 1.5f * s, palette::kSelection, 24, 2.5f * s);
    }
    // B's efficient teams: orange squares on a dashed orange front, over A's points.
    for (std::size_t i = 0; i + 1 < b_front.size(); ++i) {
        const ImVec2 p0 = c.at(b_front[i].first, b_front[i].second),
                     p1 = c.at(b_front[i + 1].first, b_front[i + 1].second);
        d->AddDashedLine(p0, ImVec2(p1.x, p0.y), palette::kCompareB, 1.5f * s, 4.0f * s);
        d->AddDashedLine(ImVec2(p1.x, p0.y), p1, palette::kCompareB, 1.5f * s, 4.0f * s);
    }
    for (const auto& [t, dmg] : b_front) {
        const ImVec2 at = c.at(t, dmg);
        const float h = base * 0.95f;
        d->AddRect(ImVec2(at.x - h, at.y - h), ImVec2(at.x + h, at.y + h), palette::kCompareB, 0.0f, 0, 2.0f * s);
    }
    d->PopClipRect();

    // Hover readout: the nearest point within reach, with every team size on that spot.
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    float best = 100.0f * s * s;
    int near = -1;
    if (c.hovered)
        for (int i = 0; i < static_cast<int>(points.size()); ++i) {
            const float d2 = distance2(c.at(double(points[i].time), double(points[i].damage)), mouse);
            if (d2 < best) best = d2, near = i;
        }
    if (near >= 0) {
        hover_next_ = hovered_point_ = near;
        const tasks::TeamPoint& p = points[near];
        ImGui::BeginTooltip();
        ImGui::Text("worst time %lld %s, worst damage %lld %s", static_cast<long long>(p.time), kTimeUnit,
                    static_cast<long long>(p.damage), kDamageUnit);
        for (int i = 0; i < static_cast<int>(points.size()); ++i) {
            const tasks::TeamPoint& q = points[i];
            if (q.time != p.time || q.damage != p.damage) continue;
            marker_key(q.k, is_efficient(sol, i), "", s);
            ImGui::SameLine();
            ImGui::Text("%s (W^%d): %s; %d team%s%s", players_text(q.k).c_str(), q.k,
                        is_efficient(sol, i) ? "efficient" : "beaten by a smaller team", q.assignment_count,
                        q.assignment_count == 1 ? "" : "s tie", q.more_ties ? " (and more)" : "");
            if (q.assignment_count > 0) {
                std::string team = "  ";
                for (const tasks::Pick& pick : sol.assignment(q, 0)) {
                    char buf[96];
                    std::snprintf(buf, sizeof buf, "%sP%d with T%d (%lld, %lld)", team.size() > 2 ? ", " : "",
                                  pick.player + 1, pick.equipment + 1, static_cast<long long>(pick.time),
                                  static_cast<long long>(pick.damage));
                    team += buf;
                }
                ImGui::TextColored(palette::kDimText, "%s", team.c_str());
            }
        }
        ImGui::TextColored(palette::kDimText, "Its routes show on the ship; click to keep them.");
        ImGui::EndTooltip();
        if (c.clicked) chosen_ = Choice{near, 0};
    }

    // Key: colour and shape per team size, and what filled and hollow mean.
    const float key_top = ImGui::GetCursorPosY();
    for (int k = 1; k <= sol.k_max; ++k) {
        int count = 0;
        for (const tasks::TeamPoint& p : points) count += p.k == k ? 1 : 0;
        char label[64];
        std::snprintf(label, sizeof label, "k = %d (%d point%s)", k, count, count == 1 ? "" : "s");
        const float need = ImGui::CalcTextSize(label).x + ImGui::GetTextLineHeight() * 1.5f;
        if (k > 1) same_line_if_fits(need, s);
        marker_key(k, false, label, s);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Teams of %s: %s markers in this colour", players_text(k).c_str(), shape_name(k));
    }
    marker_key(sol.efficient.empty() ? 1 : points[sol.efficient.front()].k, true, "efficient: filled, ringed", s);
    same_line_if_fits(ImGui::CalcTextSize("hollow: beaten by a smaller team").x + 30.0f * s, s);
    marker_key(1, false, "hollow: beaten by a smaller team", s);
    if (b) {
        char text[96];
        std::snprintf(text, sizeof text, "B's efficient teams (%zu), its front dashed; the rest is A's",
                      b_front.size());
        legend_picture(text, [&](Painter& p, ImVec2 at, float r) {
            p.AddDashedLine(ImVec2(at.x - r * 1.5f, at.y), ImVec2(at.x + r * 1.5f, at.y), palette::kCompareB, 1.5f * s,
                            3.0f * s);
            p.AddRect(ImVec2(at.x - r * 0.6f, at.y - r * 0.6f), ImVec2(at.x + r * 0.6f, at.y + r * 0.6f),
                      palette::kCompareB, 0.0f, 0, 2.0f * s);
        });
    }

    key_height_ = ImGui::GetCursorPosY() - key_top;
    ImGui::PopID();
}

void TasksView::draw_efficient_list(const TasksWorld& /*w: the answer is shown_solution()*/, float s, int list_rows,
                                    float height) {
    const tasks::TaskSolution& sol = shown_solution();
    const auto& points = sol.teams.points;
    const float start_y = ImGui::GetCursorPosY();
    ImGui::PushID("efficient_list");
    // The efficient set, listed: click a row to show that team. Long lists scroll.
    if (sol.efficient.empty()) {
        ImGui::TextColored(palette::kDimText, "Efficient set: none within T and D.");
    } else {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::Text("Efficient set: %s (time in %s, damage in %s)",
                    count_of(static_cast<long long>(sol.efficient.size()), "team").c_str(), kTimeUnit, kDamageUnit);
        ImGui::PopTextWrapPos();
        const float row_h = ImGui::GetTextLineHeightWithSpacing() + 2.0f * s;
        const int rows = std::min<int>(static_cast<int>(sol.efficient.size()), list_rows);
        const float table_h =
            height > 0.0f ? height - ImGui::GetCursorPosY() + start_y : row_h * static_cast<float>(rows + 1) + 4.0f * s;
        const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit |
                                      ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY;
        if (ImGui::BeginTable("##efficient", 4, flags, ImVec2(0.0f, std::max(table_h, row_h * 2.0f)))) {
            ImGui::TableSetupScrollFreeze(0, 1);
            ImGui::TableSetupColumn("team size");
            ImGui::TableSetupColumn("time");
            ImGui::TableSetupColumn("damage");
            ImGui::TableSetupColumn("tied teams", ImGuiTableColumnFlags_WidthStretch);
            ImGui::TableHeadersRow();
            for (int i : sol.efficient) {
                const tasks::TeamPoint& p = points[i];
                ImGui::TableNextRow();
                ImGui::TableSetColumnIndex(0);
                ImGui::PushID(i);
                marker_key(p.k, true, "", s);
                ImGui::SameLine();
                if (ImGui::Selectable(players_text(p.k).c_str(), chosen_.point == i,
                                      ImGuiSelectableFlags_SpanAllColumns))
                    chosen_ = Choice{i, 0};
                if (ImGui::IsItemHovered()) hover_next_ = hovered_point_ = i;
                ImGui::PopID();
                ImGui::TableSetColumnIndex(1);
                ImGui::Text("%lld", static_cast<long long>(p.time));
                ImGui::TableSetColumnIndex(2);
                ImGui::Text("%lld", static_cast<long long>(p.damage));
                ImGui::TableSetColumnIndex(3);
                ImGui::Text("%d%s", p.assignment_count, p.more_ties ? " or more" : "");
            }
            ImGui::EndTable();
        }
    }
    ImGui::PopID();
}

void TasksView::draw_team_table(const TasksWorld& /*w: the answer is shown_solution()*/) {
    const tasks::TaskSolution& sol = shown_solution();
    const int index = shown_point(sol);
    if (index < 0) return;
    const tasks::TeamPoint& point = sol.teams.points[index];
    int team = index == chosen_.point ? std::clamp(chosen_.team, 0, std::max(point.assignment_count - 1, 0)) : 0;
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text("Team shown on the ship: %s, worst time %lld, worst damage %lld", players_text(point.k).c_str(),
                static_cast<long long>(point.time), static_cast<long long>(point.damage));
    ImGui::PopTextWrapPos();
    if (point.assignment_count > 1 && index == chosen_.point) {
        for (int i = 0; i < point.assignment_count; ++i) {
            if (i > 0) ImGui::SameLine();
            char label[24];
            std::snprintf(label, sizeof label, "(%c)", 'a' + i % 26);
            if (ImGui::RadioButton(label, team == i)) chosen_.team = team = i;
        }
        ImGui::SameLine();
        ImGui::TextColored(palette::kDimText, "tied teams");
    } else if (point.assignment_count > 1) {
        ImGui::TextColored(palette::kDimText, "%d teams tie (click the point to pick one)", point.assignment_count);
    }
    if (point.assignment_count == 0) return;
    if (ImGui::BeginTable("##team_table", 5,
                          ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("Player");
        ImGui::TableSetupColumn("Tool");
        ImGui::TableSetupColumn("Time");
        ImGui::TableSetupColumn("Damage");
        ImGui::TableSetupColumn("Route (rooms)", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();
        for (const tasks::Pick& pick : sol.assignment(point, team)) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(tasks_colours::player(pick.player)), "P%d",
                               pick.player + 1);
            ImGui::TableSetColumnIndex(1);
            ImGui::Text("T%d", pick.equipment + 1);
            ImGui::TableSetColumnIndex(2);
            ImGui::Text("%lld", static_cast<long long>(pick.time));
            ImGui::TableSetColumnIndex(3);
            ImGui::Text("%lld", static_cast<long long>(pick.damage));
            ImGui::TableSetColumnIndex(4);
            ImGui::TextWrapped(
                "%s", route_text(sol.full_route(sol.pair_options(pick.player, pick.equipment)[pick.option])).c_str());
        }
        ImGui::EndTable();
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(palette::kDimText, "Time and damage per player in %s and %s, tau_k and delta_k included.",
                       kTimeUnit, kDamageUnit);
    ImGui::PopTextWrapPos();
}

void TasksView::draw_pair_chart(const TasksWorld& /*w: the answer is shown_solution()*/, float s) {
    const tasks::TaskSolution& sol = shown_solution();
    if (sol.players == 0 || sol.equipment == 0) return;
    pair_player_ = std::clamp(pair_player_, 0, sol.players - 1);
    pair_equipment_ = std::clamp(pair_equipment_, 0, sol.equipment - 1);
    ImGui::TextUnformatted("One player with one tool:");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(60.0f * s);
    char label[32];
    std::snprintf(label, sizeof label, "P%d", pair_player_ + 1);
    if (ImGui::BeginCombo("##pair_player", label)) {
        for (int p = 0; p < sol.players; ++p) {
            std::snprintf(label, sizeof label, "P%d", p + 1);
            if (ImGui::Selectable(label, p == pair_player_)) pair_player_ = p;
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(60.0f * s);
    std::snprintf(label, sizeof label, "T%d", pair_equipment_ + 1);
    if (ImGui::BeginCombo("##pair_tool", label)) {
        for (int e = 0; e < sol.equipment; ++e) {
            std::snprintf(label, sizeof label, "T%d", e + 1);
            if (ImGui::Selectable(label, e == pair_equipment_)) pair_equipment_ = e;
        }
        ImGui::EndCombo();
    }
    const auto options = sol.pair_options(pair_player_, pair_equipment_);
    // The other tools of this player, faint: what this pairing is up against.
    double t0 = 1e300, t1 = -1e300, d0 = 1e300, d1 = -1e300;
    for (int e = 0; e < sol.equipment; ++e)
        for (const tasks::PairOption& o : sol.pair_options(pair_player_, e)) {
            t0 = std::min(t0, double(o.time)), t1 = std::max(t1, double(o.time));
            d0 = std::min(d0, double(o.damage)), d1 = std::max(d1, double(o.damage));
        }
    if (options.empty()) ImGui::TextColored(palette::kDimText, "No option within T and D (out of reach?)");
    if (t0 > t1) return;
    const Plot c = begin_plot("##pair_chart", 110.0f, t0, t1, d0, d1,
                              std::string("walking time (") + kTimeUnit + ", before tau_k)",
                              std::string("damage on the way (") + kDamageUnit + ", before delta_k)", s);
    Painter window_painter = Painter::window();
    Painter* d = &window_painter;
    const ImU32 other = palette::rgb(200, 200, 200, 90);
    for (int e = 0; e < sol.equipment; ++e) {
        if (e == pair_equipment_) continue;
        for (const tasks::PairOption& o : sol.pair_options(pair_player_, e))
            d->AddCircle(c.at(double(o.time), double(o.damage)), 4.0f * s, other, 12, 1.0f * s);
    }
    std::vector<std::pair<double, double>> front;
    for (const tasks::PairOption& o : options) front.emplace_back(double(o.time), double(o.damage));
    const ImU32 colour = tasks_colours::player(pair_player_);
    draw_staircase(d, c, front, palette::with_alpha(colour, 140), s);
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (const tasks::PairOption& o : options) {
        const ImVec2 at = c.at(double(o.time), double(o.damage));
        d->AddCircleFilled(at, 5.0f * s, colour, 16);
        if (c.hovered && distance2(at, mouse) < 49.0f * s * s)
            ImGui::SetTooltip(
                "P%d with T%d: walking time %lld %s, damage %lld %s (before tau_k, delta_k)\nroute (rooms): %s",
                pair_player_ + 1, pair_equipment_ + 1, static_cast<long long>(o.time), kTimeUnit,
                static_cast<long long>(o.damage), kDamageUnit, route_text(sol.full_route(o)).c_str());
    }
    char key[64];
    std::snprintf(key, sizeof key, "P%d with T%d: Pareto options", pair_player_ + 1, pair_equipment_ + 1);
    legend_swatch(colour, key);
    ImGui::SameLine(0, 14.0f * s);
    const float h = ImGui::GetTextLineHeight();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(h, h));
    Painter::window().AddCircle(ImVec2(p.x + h * 0.5f, p.y + h * 0.5f), 4.0f * s, other, 12, 1.0f * s);
    ImGui::SameLine(0, 3.0f * s);
    ImGui::Text("P%d with another tool", pair_player_ + 1);
}

void TasksView::draw_edit_tools(const TasksWorld& w) {
    const auto command = [&](const auto& typed) { pending_.push_back(to_command(typed)); };
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(palette::kDimText, "Paused: drag rooms, players (P), tools (T) and the event ring on the ship.");
    ImGui::PopTextWrapPos();
    if (ImGui::CollapsingHeader("Corridors and hazards", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::SetNextItemWidth(90.0f);
        ImGui::InputInt("from room", &edit_from_);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(90.0f);
        ImGui::InputInt("to room", &edit_to_);
        ImGui::SetNextItemWidth(90.0f);
        ImGui::InputInt("time", &edit_time_);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(90.0f);
        ImGui::InputInt("damage", &edit_damage_);
        if (ImGui::Button("Add corridor"))
            command(tasks::CorridorAdd{.from = edit_from_, .to = edit_to_, .time = edit_time_, .damage = edit_damage_});
        ImGui::SameLine();
        if (ImGui::Button("Set time/damage"))
            command(tasks::CorridorSet{.from = edit_from_, .to = edit_to_, .time = edit_time_, .damage = edit_damage_});
        ImGui::SameLine();
        if (ImGui::Button("Remove")) command(tasks::CorridorRemove{.from = edit_from_, .to = edit_to_});
        ImGui::SetNextItemWidth(90.0f);
        ImGui::InputInt("room", &edit_room_);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(90.0f);
        ImGui::InputInt("hazard", &edit_hazard_);
        ImGui::SameLine();
        if (ImGui::Button("Set hazard")) command(tasks::RoomHazard{.room = edit_room_, .damage = edit_hazard_});
    }
    if (ImGui::CollapsingHeader("Task: players, tools, event, tau", ImGuiTreeNodeFlags_DefaultOpen)) {
        const auto room_field = [&](const char* label, int current, auto&& make) {
            int value = current;
            ImGui::SetNextItemWidth(90.0f);
            ImGui::InputInt(label, &value);
            if (ImGui::IsItemDeactivatedAfterEdit() && value != current) make(value);
        };
        for (int p = 0; p < static_cast<int>(w.task().players.size()); ++p) {
            char label[32];
            std::snprintf(label, sizeof label, "player %d room", p + 1);
            room_field(label, w.task().players[p],
                       [&](int room) { command(tasks::PlayerMove{.player = p + 1, .room = room}); });
        }
        for (int e = 0; e < static_cast<int>(w.task().equipment.size()); ++e) {
            char label[32];
            std::snprintf(label, sizeof label, "tool %d room", e + 1);
            room_field(label, w.task().equipment[e],
                       [&](int room) { command(tasks::EquipmentMove{.equipment = e + 1, .room = room}); });
        }
        room_field("event room", w.task().event, [&](int room) { command(tasks::EventMove{.room = room}); });
        for (int k = 1; k <= static_cast<int>(w.task().tau.size()); ++k) {
            char label[32];
            std::snprintf(label, sizeof label, "tau_%d (time)", k);
            room_field(label, static_cast<int>(w.task().tau[k - 1]),
                       [&](int time) { command(tasks::TaskCost{.k = k, .time = time}); });
        }
        if (ImGui::Button("Add player at room")) command(tasks::PlayerAdd{.room = edit_room_});
        ImGui::SameLine();
        if (ImGui::Button("Add tool at room")) command(tasks::EquipmentAdd{.room = edit_room_});
    }
}

LabHelp TasksView::help() const {
    LabHelp h;
    h.what_you_see =
        "The ship as a graph: rooms are discs with their number (red: a hazard that damages whoever enters), corridors "
        "join them (thicker = slower, orange = damaging; labelled time or time/damage when zoomed in; an arrow head "
        "marks a "
        "one-way corridor). Players P1.. stand beside their rooms in their colours, tools T1.. are yellow squares, and "
        "the "
        "event is the red double ring.\n\n"
        "The routes of the team shown (the first efficient one, or the one you hover or click in a chart) are drawn in "
        "the "
        "players' colours, each player walking his route.\n\n"
        "The Analysis tab plots every team size's options, W^k: worst time (x, time units) against worst damage (y, "
        "hit "
        "points, HP), one colour and one marker shape per team size k. Efficient teams (no team with fewer or as many "
        "players "
        "does as well) are filled, ringed and listed under the chart; hollow ones are beaten by a smaller team. Below: "
        "the "
        "team shown as a table like the Toward the Stars paper's, and the options of one player with one tool. \"Open "
        "Pareto chart\" shows the "
        "team chart large in its own window.";
    h.what_you_can_do =
        "Hover a point of a chart to see that team's routes on the ship and its numbers; click it (or a row of the "
        "efficient "
        "set) to keep it. Pause and drag rooms, players, tools and the event ring; in the Tools tab add, change or "
        "remove "
        "corridors and hazards, move players, tools and the event, and change tau_k. Every edit is a command and the "
        "ship "
        "re-solves; the window solves off the frame, so a long solve never freezes it: meanwhile the last answer stays "
        "on screen, dimmed, under an orange \"Solving...\" box saying for how long and how many edits old it is. D, T "
        "and the number of tied teams listed are in the Parameters tab.";
    h.keys = {
        {"Space", "play / pause (ticks only animate the players)"},
        {"drag (paused)", "move a room, or drop a player, a tool or the event ring on a room"},
        {"hover a chart point", "its numbers, and its routes on the ship"},
        {"click a chart point", "keep that team on the ship"},
        {"wheel / right-drag", "zoom / pan the ship"},
        {"Ctrl+Z / Ctrl+Shift+Z",
         "undo / redo: rooms moved or added, hazards, corridors, players and equipment (a removed one comes back at "
         "its number), the event, costs"},
        {"Shift+drag a slider / arrows",
         "ten times finer / one step (hover or focus the slider); Ctrl+click types a value"},
    };
    h.source =
        "F. Liberatore, \"Optimizing Players Operations in the Multiplayer Cooperative Game Toward the Stars\" "
        "(docs/labs/tasks.md#sources)";
    return h;
}

}   // namespace pb::ui
