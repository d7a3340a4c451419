#include "ui/shell/sweep_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include "engine/core/lab.hpp"
#include "engine/core/params.hpp"
#include "engine/core/scenario.hpp"
#include "engine/sweep/sweep.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/render/painter.hpp"
#include "ui/widgets/chart.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"

namespace fs = std::filesystem;

namespace pb::ui {

namespace {

std::string num(double v) { return readable_number(v); }

// "podball.ball.friction" -> "friction": a parameter the lab does not define.
std::string short_name(const std::string& key) {
    const auto dot = key.rfind('.');
    return dot == std::string::npos ? key : key.substr(dot + 1);
}

// A combo as wide as its longest item (and its arrow), so no choice is cut off.
float combo_width(const std::vector<std::string>& items) {
    float w = 0.0f;
    for (const std::string& t : items) w = std::max(w, ImGui::CalcTextSize(t.c_str()).x);
    return w + ImGui::GetStyle().FramePadding.x * 2.0f + ImGui::GetFrameHeight();
}

// The next item beside the last when `width` fits in the row, else on a new row.
void beside_if_fits(float width) {
    const float room = ImGui::GetWindowContentRegionMax().x - ImGui::GetItemRectMax().x + ImGui::GetWindowPos().x;
    if (width + ImGui::GetStyle().ItemSpacing.x <= room) ImGui::SameLine();
}

std::string file_part(const std::string& s) {
    std::string out;
    for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-') ? c : '_';
    while (!out.empty() && out.back() == '_') out.pop_back();
    return out;
}

const ImU32 kNoRun = palette::rgb(70, 70, 70);
const ImU32 kTick = palette::rgb(190, 196, 202);
const ImU32 kPick = palette::rgb(255, 255, 255);
const ImVec4 kWarn(1.0f, 0.72f, 0.3f, 1.0f);

}   // namespace

const SweepLineColours& sweep_line_colours() {
    // Amber for the mean; the lowest seed blue, the highest red: two ends told apart in the key.
    static const SweepLineColours c{palette::rgb(255, 196, 64), palette::rgb(110, 170, 255),
                                    palette::rgb(240, 110, 120)};
    return c;
}

std::pair<ImVec2, ImVec2> sweep_heat_cell(float left, float top, float right, float bottom, std::size_t nx,
                                          std::size_t ny, std::size_t i, std::size_t j) {
    const float cw = (right - left) / static_cast<float>(nx), ch = (bottom - top) / static_cast<float>(ny);
    return {ImVec2(std::round(left + cw * static_cast<float>(i)), std::round(bottom - ch * static_cast<float>(j + 1))),
            ImVec2(std::round(left + cw * static_cast<float>(i + 1)), std::round(bottom - ch * static_cast<float>(j)))};
}

ImU32 sweep_heat_colour(float t) {
    static const float stops[][3] = {{68, 1, 84}, {59, 82, 139}, {33, 145, 140}, {94, 201, 98}, {253, 231, 37}};
    t = std::clamp(std::isfinite(t) ? t : 0.0f, 0.0f, 1.0f) * 4.0f;
    const int i = std::min(3, static_cast<int>(t));
    const float f = t - static_cast<float>(i);
    auto mix = [&](int c) {
        return static_cast<std::uint8_t>(stops[i][c] + (stops[i + 1][c] - stops[i][c]) * f + 0.5f);
    };
    return palette::rgb(mix(0), mix(1), mix(2));
}

std::unique_ptr<SweepView> SweepView::open(const std::string& path) {
    std::error_code ec;
    std::string dir;
    if (fs::is_directory(path, ec))
        dir = path;
    else if (fs::is_regular_file(path, ec))
        dir = sweep_dir_of_database(path);
    else
        throw SweepError(path + " does not exist");
    return std::unique_ptr<SweepView>(new SweepView(read_sweep_table(dir), path));
}

SweepView::SweepView(SweepTable table, std::string path) : table_(std::move(table)), path_(std::move(path)) {
    const SweepManifest& m = table_.manifest;
    defs_.assign(m.params.size(), nullptr);
    const LabInfo* lab = find_lab(m.lab);
    if (lab && lab->params)
        for (std::size_t p = 0; p < m.params.size(); ++p)
            if (auto i = lab->params->find(m.params[p])) defs_[p] = &(*lab->params)[*i];
    for (const std::string& r : m.results) results_.push_back(pb::result_label(lab, r));
    std::error_code ec;
    if (!fs::is_regular_file(m.scenario, ec))
        scenario_problem_ =
            "The sweep's base scenario " + m.scenario + " is missing: put it back there to watch a run.";
    if (!table_.varied.empty()) x_ = table_.varied.front();
    // Two parameters swept on a grid: the heat map first (it shows both at once).
    if (table_.varied.size() >= 2) {
        const std::size_t px = table_.varied[0], py = table_.varied[1];
        if (table_.values[px].size() <= 30 && table_.values[py].size() <= 30 &&
            table_.values[px].size() * table_.values[py].size() <= m.points.size())
            y_ = py;
    }
}

void SweepView::select_result(std::size_t k) {
    if (k < table_.manifest.results.size()) result_ = k;
}
void SweepView::select_x(std::size_t p) {
    if (p >= table_.manifest.params.size()) return;
    x_ = p;
    if (y_ == p) y_.reset();
}
void SweepView::select_y(std::optional<std::size_t> p) {
    if (p && (*p >= table_.manifest.params.size() || *p == x_)) return;
    y_ = p;
}
void SweepView::set_filter(std::vector<std::pair<std::size_t, double>> filter) { filter_ = std::move(filter); }

std::string SweepView::value_text(std::size_t p, double v) const {
    if (defs_[p] && defs_[p]->is_choice())
        if (const ParamChoice* c = defs_[p]->choice_at(v)) return c->name;
    return num(v);
}
std::string SweepView::unit_of(std::size_t p) const { return defs_[p] ? defs_[p]->unit : std::string(); }
std::string SweepView::param_name(std::size_t p) const {
    return defs_[p] && !defs_[p]->label.empty() ? defs_[p]->label : short_name(table_.manifest.params[p]);
}
std::string SweepView::param_label(std::size_t p) const {
    const std::string u = unit_of(p);
    return param_name(p) + (u.empty() ? "" : " (" + u + ")");
}
std::string SweepView::result_text(std::size_t k, double v) const {
    return readable_number(v * results_[k].scale, results_[k].unit);
}

SweepColourScale SweepView::colour_scale() const {
    if (colour_scale_) return *colour_scale_;
    if (!y_) return SweepColourScale::Linear;
    return choose_colour_scale(sweep_heat(table_, result_, x_, *y_).mean);
}
std::string SweepView::choices_of(std::size_t p) const {
    std::string t;
    if (defs_[p] && defs_[p]->is_choice())
        for (double v : table_.values[p]) t += (t.empty() ? "" : ", ") + num(v) + " = " + value_text(p, v);
    return t;
}

std::string SweepView::describe_run(const SweepTableRow& row) const {
    const SweepManifest& m = table_.manifest;
    std::string t = "run " + std::to_string(row.run) + ": point " + std::to_string(row.point);
    if (!m.params.empty()) {
        t += " (";
        for (std::size_t p = 0; p < m.params.size(); ++p)
            t += (p ? ", " : "") + param_name(p) + " = " + value_text(p, m.points[row.point][p]) +
                 (unit_of(p).empty() ? "" : " " + unit_of(p));
        t += ")";
    }
    return t + ", seed " + std::to_string(row.seed);
}

namespace {
std::string lab_title(const std::string& name) {
    const LabInfo* lab = find_lab(name);
    return lab ? lab->title : name;
}
std::string plural(std::uint64_t n, const char* one) {
    return num(static_cast<double>(n)) + " " + one + (n == 1 ? "" : "s");
}
}   // namespace

std::string SweepView::title() const {
    const SweepManifest& m = table_.manifest;
    return "sweep " + fs::path(m.sweep_file).filename().string() + " (" + lab_title(m.lab) +
           "): " + plural(table_.rows.size(), "run");
}

std::string SweepView::summary() const {
    const SweepManifest& m = table_.manifest;
    return "Sweep " + fs::path(m.sweep_file).filename().string() + " (" + lab_title(m.lab) +
           "): " + num(static_cast<double>(table_.rows.size())) + " of " + plural(m.run_count(), "run") + ", " +
           plural(m.points.size(), "point") + " x " + plural(m.seeds.size(), "seed");
}

const SweepTableRow* SweepView::row_of_run(std::uint64_t run) const {
    for (const SweepTableRow& r : table_.rows)
        if (r.run == run) return &r;
    return nullptr;
}

void SweepView::sort_rows() const {
    const std::size_t np = table_.manifest.params.size();
    order_.resize(table_.rows.size());
    for (std::size_t i = 0; i < order_.size(); ++i) order_[i] = i;
    const int c = sort_column_;
    auto key = [&](const SweepTableRow& r) -> double {
        if (c == 0) return static_cast<double>(r.run);
        if (c == 1) return static_cast<double>(r.point);
        if (c == 2) return static_cast<double>(r.seed);
        if (c == 3) return static_cast<double>(r.ticks);
        const std::size_t i = static_cast<std::size_t>(c - 4);
        if (i < np) return table_.manifest.points[r.point][i];
        return r.results[i - np];
    };
    const bool asc = sort_ascending_;
    std::stable_sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
        const double ka = key(table_.rows[a]), kb = key(table_.rows[b]);
        // Runs without a value (NaN) last, whichever the direction.
        if (std::isnan(ka) || std::isnan(kb)) return !std::isnan(ka) && std::isnan(kb);
        return asc ? ka < kb : ka > kb;
    });
}

std::vector<std::size_t> SweepView::shown_rows() const {
    if (order_.size() != table_.rows.size()) sort_rows();
    std::vector<std::size_t> out;
    out.reserve(order_.size());
    for (std::size_t i : order_) {
        const SweepTableRow& r = table_.rows[i];
        bool ok = true;
        for (const auto& [p, v] : filter_) ok = ok && table_.manifest.points[r.point][p] == v;
        if (ok) out.push_back(i);
    }
    return out;
}

// ---------------------------------------------------------------- the plot

void SweepView::draw_line(float height, WidgetLocator* widgets) const {
    const bool interactive = widgets != nullptr;
    const SweepManifest& m = table_.manifest;
    const std::size_t k = result_, p = x_, nseeds = m.seeds.size();
    SweepLine line = sweep_line(table_, k, p);
    // In the unit the lab shows it in (a share 0..1 as %).
    const double scale = results_[k].scale;
    for (std::vector<double>* v : {&line.mean, &line.min, &line.max})
        for (double& y : *v) y *= scale;
    line.ymin *= scale, line.ymax *= scale;
    const SweepLineColours& colours = sweep_line_colours();
    const float s = ImGui::GetFontSize() / 13.0f, line_h = ImGui::GetTextLineHeightWithSpacing();
    const float top = ImGui::GetCursorPosY();
    ImGui::Text("%s against %s", results_[k].label.c_str(), param_name(p).c_str());
    ImGui::TextColored(palette::kDimText, "thick line: mean over %zu seed%s; thin lines: the lowest and highest seed%s",
                       nseeds, nseeds == 1 ? "" : "s", table_.log[p] ? "; x on a log scale" : "");
    std::string others;
    for (std::size_t q : table_.varied)
        if (q != p)
            others += (others.empty() ? "" : ", ") + param_name(q) + " (" + std::to_string(table_.values[q].size()) +
                      " values)";
    ImGui::TextColored(
        palette::kDimText, "%s",
        others.empty() ? "no other parameter varied" : ("averaged over the other parameters: " + others).c_str());
    if (const std::string c = choices_of(p); !c.empty())
        ImGui::TextColored(palette::kDimText, "%s: %s", param_name(p).c_str(), c.c_str());
    const double pad = (line.ymax - line.ymin) * 0.08 + (line.ymax == line.ymin ? 0.5 : 0.0);
    ChartHover hover;
    ChartSpec spec;
    spec.id = "sweep_line";
    spec.x = {param_name(p), unit_of(p), table_.values[p].front(), table_.values[p].back(), table_.log[p]};
    spec.y = {results_[k].label, results_[k].unit, line.ymin - pad, line.ymax + pad};
    spec.series = {{"lowest seed", colours.min, line.x, line.min, 1.0f},
                   {"highest seed", colours.max, line.x, line.max, 1.0f},
                   {"mean over seeds", colours.mean, line.x, line.mean, 2.5f}};
    spec.hover = &hover;
    const float used = ImGui::GetCursorPosY() - top;
    // Under the plot: tick labels, the x axis's name and the key; above it the y axis's name.
    spec.height = std::max(40.0f, (height - used - line_h * 5.8f) / s);
    draw_chart(spec);
    if (line.x.empty()) return;
    Painter d = Painter::window();
    // Dots on the means: the points a click picks.
    for (std::size_t i = 0; i < line.x.size(); ++i) {
        const ImVec2 c = hover.at(line.x[i], line.mean[i]);
        d.AddCircleFilled(c, 3.0f * s, colours.mean);
        if (widgets)
            widgets->record("sweep.point." + std::to_string(i),
                            {c.x - 4.0f * s, c.y - 4.0f * s, 8.0f * s, 8.0f * s, true});
    }
    if (!interactive || !hover.hovered) return;
    const float mx = ImGui::GetIO().MousePos.x;
    std::size_t best = 0;
    for (std::size_t i = 1; i < line.x.size(); ++i)
        if (std::abs(hover.at(line.x[i], 0).x - mx) < std::abs(hover.at(line.x[best], 0).x - mx)) best = i;
    d.AddCircle(hover.at(line.x[best], line.mean[best]), 6.0f * s, kPick, 0, 2.0f * s);
    ImGui::BeginTooltip();
    ImGui::Separator();
    if (defs_[p] && defs_[p]->is_choice())
        ImGui::Text("%s = %s", param_name(p).c_str(), value_text(p, line.x[best]).c_str());
    ImGui::Text("over %d seed%s (%d run%s)", line.seeds[best], line.seeds[best] == 1 ? "" : "s", line.runs[best],
                line.runs[best] == 1 ? "" : "s");
    ImGui::TextColored(palette::kDimText, line.runs[best] == 1 ? "click: watch this run in the lab"
                                                               : "click: list these runs in the table");
    ImGui::EndTooltip();
    if (ImGui::IsMouseClicked(0)) filter_ = {{p, line.x[best]}}, picked_ = true;
}

void SweepView::draw_heat(float height, WidgetLocator* widgets) const {
    const bool interactive = widgets != nullptr;
    const SweepManifest& m = table_.manifest;
    const std::size_t k = result_, px = x_, py = *y_, nseeds = m.seeds.size();
    const std::size_t nx = table_.values[px].size(), ny = table_.values[py].size();
    const float start_y = ImGui::GetCursorScreenPos().y;
    ImGui::Text("%s over %s and %s", results_[k].label.c_str(), param_name(px).c_str(), param_name(py).c_str());
    const SweepHeat heat = sweep_heat(table_, k, px, py);
    if (nx > 30 || ny > 30 || heat.filled * 2 < heat.mean.size()) {
        ImGui::TextColored(kWarn, "No heat map: only %zu of its %zu cells have runs (random or Latin points).",
                           heat.filled, heat.mean.size());
        ImGui::TextColored(palette::kDimText,
                           "Choose \"line plot\" under \"heat map over\": the line plot shows every point.");
        return;
    }
    std::string others;
    for (std::size_t q : table_.varied)
        if (q != px && q != py) others += (others.empty() ? "" : ", ") + param_name(q);
    ImGui::TextColored(palette::kDimText, "each cell: the mean over %zu seed%s%s; grey: no run", nseeds,
                       nseeds == 1 ? "" : "s",
                       others.empty() ? "" : (" and the other parameters (" + others + ")").c_str());
    const float line_h = ImGui::GetTextLineHeight();
    float label_w = 0.0f;
    for (double v : table_.values[py]) label_w = std::max(label_w, ImGui::CalcTextSize(value_text(py, v).c_str()).x);
    const ImVec2 origin = ImGui::GetCursorScreenPos();
    const float region_bottom = std::max(origin.y + line_h * 9.0f, start_y + height - line_h * 0.5f);
    const float left = origin.x + line_h * 1.6f + label_w + 8.0f;
    const float top = origin.y + line_h + 8.0f;
    const float right = origin.x + ImGui::GetContentRegionAvail().x - 16.0f;
    const float bottom = region_bottom - line_h * 6.6f;
    const SweepColourMap colour = sweep_colour_map(heat.mean, colour_scale());
    const float cw = (right - left) / static_cast<float>(nx),
                ch = std::max(4.0f, (bottom - top) / static_cast<float>(ny));
    ImGui::InvisibleButton("##heat", ImVec2(std::max(1.0f, right - origin.x), std::max(1.0f, bottom - origin.y)));
    const bool hovered = interactive && ImGui::IsItemHovered();
    Painter d = Painter::window();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    std::optional<std::size_t> picked;
    for (std::size_t j = 0; j < ny; ++j)
        for (std::size_t i = 0; i < nx; ++i) {
            const std::size_t c = j * nx + i;
            const auto [p0, p1] =
                sweep_heat_cell(left, bottom - ch * static_cast<float>(ny), right, bottom, nx, ny, i, j);
            const bool has = heat.runs[c] > 0;
            const float t = has ? colour.at(heat.mean[c]) : 0.0f;
            d.AddRectFilled(p0, ImVec2(p1.x - 1, p1.y - 1), has ? sweep_heat_colour(t) : kNoRun);
            if (widgets)
                widgets->record("sweep.cell." + std::to_string(i) + "." + std::to_string(j),
                                {p0.x, p0.y, p1.x - p0.x - 1, p1.y - p0.y - 1, true});
            const std::string label = has ? num(heat.mean[c] * results_[k].scale) : "no run";
            const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
            if (ts.x < p1.x - p0.x - 2 && ts.y < p1.y - p0.y)
                d.AddText(ImVec2((p0.x + p1.x - ts.x) * 0.5f, (p0.y + p1.y - ts.y) * 0.5f),
                          has && t > 0.55f ? palette::rgb(0, 0, 0) : palette::rgb(255, 255, 255), label.c_str());
            if (hovered && mouse.x >= p0.x && mouse.x < p1.x && mouse.y >= p0.y && mouse.y < p1.y) {
                picked = c;
                d.AddRect(p0, ImVec2(p1.x - 1, p1.y - 1), kPick, 0.0f, 0, 2.0f);
            }
        }
    for (std::size_t i = 0; i < nx; ++i) {
        const std::string t = value_text(px, table_.values[px][i]);
        const float tw = ImGui::CalcTextSize(t.c_str()).x;
        d.AddText(ImVec2(left + cw * (static_cast<float>(i) + 0.5f) - tw * 0.5f, bottom + 3.0f), kTick, t.c_str());
    }
    for (std::size_t j = 0; j < ny; ++j) {
        const std::string t = value_text(py, table_.values[py][j]);
        const float tw = ImGui::CalcTextSize(t.c_str()).x;
        d.AddText(ImVec2(left - tw - 6.0f, bottom - ch * (static_cast<float>(j) + 0.5f) - line_h * 0.5f), kTick,
                  t.c_str());
    }
    const std::string xl = param_label(px) + (table_.log[px] ? " (log-spaced values)" : "") + "  ->";
    d.AddText(ImVec2(left + (right - left - ImGui::CalcTextSize(xl.c_str()).x) * 0.5f, bottom + line_h + 6.0f), kTick,
              xl.c_str());
    const std::string yl = "^ " + param_label(py) + (table_.log[py] ? " (log-spaced values)" : "");
    d.AddText(ImVec2(origin.x, origin.y + 2.0f), kTick, yl.c_str());
    ImGui::SetCursorScreenPos(ImVec2(origin.x, bottom + line_h * 2.4f));
    sweep_colour_key(colour, "colour: mean " + result_label(k), std::min(right - left, 520.0f), results_[k], widgets);
    if (!picked) return;
    const std::size_t c = *picked, i = c % nx, j = c / nx;
    const double vx = table_.values[px][i], vy = table_.values[py][j];
    ImGui::BeginTooltip();
    ImGui::Text("%s = %s, %s = %s", param_name(px).c_str(), value_text(px, vx).c_str(), param_name(py).c_str(),
                value_text(py, vy).c_str());
    if (heat.runs[c] > 0)
        ImGui::Text("%s: mean %s, min %s, max %s over %d run%s", results_[k].label.c_str(),
                    result_text(k, heat.mean[c]).c_str(), result_text(k, heat.min[c]).c_str(),
                    result_text(k, heat.max[c]).c_str(), heat.runs[c], heat.runs[c] == 1 ? "" : "s");
    else
        ImGui::TextUnformatted("no run here");
    ImGui::TextColored(palette::kDimText, "%zu seed%s per point; click: %s", nseeds, nseeds == 1 ? "" : "s",
                       heat.runs[c] == 1 ? "watch this run in the lab" : "list these runs in the table");
    ImGui::EndTooltip();
    if (ImGui::IsMouseClicked(0)) filter_ = {{px, vx}, {py, vy}}, picked_ = true;
}

void SweepView::draw_plot(float height, WidgetLocator* widgets) const {
    if (table_.manifest.results.empty()) {
        ImGui::TextColored(kWarn, "This sweep kept no results: nothing to plot.");
        return;
    }
    if (table_.varied.empty()) {
        ImGui::TextColored(kWarn, "No parameter varies in this sweep (one point): the table below has its runs.");
        return;
    }
    if (y_)
        draw_heat(height, widgets);
    else
        draw_line(height, widgets);
}

// ---------------------------------------------------------------- the table

void SweepView::draw_table(WidgetLocator& widgets, SweepViewAction& action) {
    const SweepManifest& m = table_.manifest;
    const std::size_t np = m.params.size(), nr = m.results.size();
    const std::vector<std::size_t> shown = shown_rows();
    ImGui::Text("Runs: %zu of %zu", shown.size(), table_.rows.size());
    if (!filter_.empty()) {
        std::string at;
        for (const auto& [p, v] : filter_) at += (at.empty() ? "" : ", ") + param_name(p) + " = " + value_text(p, v);
        ImGui::SameLine();
        ImGui::Text("at %s", at.c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("Show all runs")) filter_.clear();
        widgets.record_last_item("sweep.show_all");
    }
    ImGui::SameLine();
    ImGui::TextColored(palette::kDimText, "  click a row to watch that run in its lab; click a column's name to sort");
    const int columns = static_cast<int>(4 + np + nr);
    if (columns > 64) {
        ImGui::TextColored(kWarn, "Too many columns to show (%d): export the table as CSV.", columns);
        return;
    }
    const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_ScrollY | ImGuiTableFlags_ScrollX |
                                  ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter | ImGuiTableFlags_BordersV |
                                  ImGuiTableFlags_Resizable | ImGuiTableFlags_SizingFixedFit;
    const ImVec2 size(0.0f, std::max(ImGui::GetTextLineHeight() * 4.0f, ImGui::GetContentRegionAvail().y));
    if (!ImGui::BeginTable("##sweep_runs", columns, flags, size)) return;
    ImGui::TableSetupScrollFreeze(1, 1);
    ImGui::TableSetupColumn("run", ImGuiTableColumnFlags_DefaultSort);
    ImGui::TableSetupColumn("point");
    ImGui::TableSetupColumn("seed");
    ImGui::TableSetupColumn("ticks");
    for (std::size_t p = 0; p < np; ++p) ImGui::TableSetupColumn(param_label(p).c_str());
    for (std::size_t k = 0; k < nr; ++k) ImGui::TableSetupColumn(result_label(k).c_str());
    // The header row by hand, so each column's header is a named widget (a click sorts by it).
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int c = 0; c < columns; ++c) {
        if (!ImGui::TableSetColumnIndex(c)) continue;
        ImGui::TableHeader(ImGui::TableGetColumnName(c));
        widgets.record_last_item("sweep.header." + std::to_string(c));
    }
    if (ImGuiTableSortSpecs* sort = ImGui::TableGetSortSpecs(); sort && sort->SpecsDirty) {
        if (sort->SpecsCount > 0) {
            sort_column_ = sort->Specs[0].ColumnIndex;
            sort_ascending_ = sort->Specs[0].SortDirection != ImGuiSortDirection_Descending;
        }
        sort->SpecsDirty = false;
        sort_rows();
    }
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(shown.size()));
    while (clipper.Step())
        for (int n = clipper.DisplayStart; n < clipper.DisplayEnd; ++n) {
            const SweepTableRow& r = table_.rows[shown[static_cast<std::size_t>(n)]];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const std::string id = std::to_string(r.run);
            if (ImGui::Selectable(id.c_str(), false, ImGuiSelectableFlags_SpanAllColumns)) action.open_run = r.run;
            widgets.record_last_item("sweep.row." + id);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("click: watch %s in the lab", describe_run(r).c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%llu", static_cast<unsigned long long>(r.point));
            ImGui::TableNextColumn();
            ImGui::Text("%llu", static_cast<unsigned long long>(r.seed));
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(num(static_cast<double>(r.ticks)).c_str());
            for (std::size_t p = 0; p < np; ++p) {
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(value_text(p, m.points[r.point][p]).c_str());
            }
            for (std::size_t k = 0; k < nr; ++k) {
                ImGui::TableNextColumn();
                ImGui::TextUnformatted(num(r.results[k] * results_[k].scale).c_str());
            }
        }
    ImGui::EndTable();
    widgets.record_last_item("sweep.table");
}

// ---------------------------------------------------------------- controls and key

void SweepView::draw_controls(WidgetLocator& widgets, SweepViewAction& action) {
    const SweepManifest& m = table_.manifest;
    const float scale = current_ui_scale();
    // Each drop-down as wide as its longest choice; a group that does not fit goes to the next row.
    bool first = true;
    auto combo = [&](const char* label, const char* id, const std::vector<std::string>& items, std::size_t current,
                     bool disabled, const char* widget) -> std::optional<std::size_t> {
        const float w = combo_width(items);
        if (!first) beside_if_fits(ImGui::CalcTextSize(label).x + ImGui::GetStyle().ItemSpacing.x + w);
        first = false;
        ImGui::AlignTextToFramePadding();
        ImGui::TextUnformatted(label);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(w);
        std::optional<std::size_t> picked;
        ImGui::BeginDisabled(disabled);
        if (ImGui::BeginCombo(id, items.empty() ? "" : items[std::min(current, items.size() - 1)].c_str())) {
            for (std::size_t i = 0; i < items.size(); ++i)
                if (ImGui::Selectable(items[i].c_str(), i == current)) picked = i;
            ImGui::EndCombo();
        }
        ImGui::EndDisabled();
        widgets.record_last_item(widget);
        return picked;
    };
    std::vector<std::string> results;
    for (std::size_t k = 0; k < m.results.size(); ++k) results.push_back(result_label(k));
    if (results.empty()) results.push_back("(none)");
    if (auto k = combo("Result", "##sweep_result", results, result_, m.results.empty(), "sweep.result"))
        select_result(*k);

    std::vector<std::string> xs;
    std::size_t x_at = 0;
    for (std::size_t p : table_.varied) {
        if (p == x_) x_at = xs.size();
        xs.push_back(param_label(p));
    }
    if (xs.empty()) xs.push_back("(nothing varied)");
    if (auto i = combo("against", "##sweep_x", xs, x_at, table_.varied.empty(), "sweep.x")) select_x(table_.varied[*i]);

    std::vector<std::string> ys{"(no: a line plot)"};
    std::vector<std::optional<std::size_t>> y_of{std::nullopt};
    std::size_t y_at = 0;
    for (std::size_t p : table_.varied)
        if (p != x_) {
            if (y_ == p) y_at = ys.size();
            ys.push_back(param_label(p));
            y_of.push_back(p);
        }
    if (auto i = combo("heat map over", "##sweep_y", ys, y_at, table_.varied.size() < 2, "sweep.y")) select_y(y_of[*i]);

    if (y_) {
        // "auto" names the scale it picked, so the choice is never hidden.
        const SweepColourScale in_use = colour_scale();
        const std::vector<std::string> scales{std::string("auto: ") + sweep_colour_scale_name(in_use), "linear",
                                              "log (values above 0)", "rank"};
        const std::size_t at = colour_scale_ ? static_cast<std::size_t>(*colour_scale_) + 1 : 0;
        if (auto i = combo("colours", "##sweep_scale", scales, at, false, "sweep.scale"))
            select_colour_scale(*i == 0 ? std::nullopt : std::optional(static_cast<SweepColourScale>(*i - 1)));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "linear: colour in proportion to the value\nlog: to its logarithm (an outlier far above "
                "the rest)\nrank: by its place among the cells (every cell a step apart)");
    }

    auto button = [&](const char* label, const char* widget, bool& flag) {
        beside_if_fits(ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2.0f + 16.0f * scale);
        if (ImGui::Button(label)) flag = true;
        widgets.record_last_item(widget);
    };
    button("Export plot (PNG)...", "sweep.export_png", action.export_png);
    button("Export table (CSV)...", "sweep.export_csv", action.export_csv);
    button("Close sweep", "sweep.close", action.close);
}

void sweep_colour_key(const SweepColourMap& map, const std::string& caption, float width, const ResultLabel& result,
                      WidgetLocator* widgets) {
    const double scale = result.scale;
    const char* how = map.scale == SweepColourScale::Rank  ? "rank scale: each cell a step by its place among them"
                      : map.scale == SweepColourScale::Log ? "log scale: equal steps are equal ratios"
                                                           : "linear scale";
    ImGui::TextColored(palette::kDimText, "%s; %s", caption.c_str(), how);
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const float h = ImGui::GetTextLineHeight();
    Painter d = Painter::window();
    const int steps = 64;
    for (int i = 0; i < steps; ++i) {
        const float x0 = at.x + width * static_cast<float>(i) / steps,
                    x1 = at.x + width * static_cast<float>(i + 1) / steps;
        d.AddRectFilled(ImVec2(x0, at.y), ImVec2(x1 + 0.5f, at.y + h), sweep_heat_colour((i + 0.5f) / steps));
    }
    // The values at both ends, the middle and the quarters: on a log or rank scale they are not
    // evenly spaced numbers, which is what the key must show.
    float right_of_last = at.x - 1e9f;
    for (int q = 0; q <= 4; ++q) {
        const double t = q / 4.0;
        const std::string label = num(map.value_at(t) * scale);
        const float tw = ImGui::CalcTextSize(label.c_str()).x;
        const float x = std::clamp(at.x + width * static_cast<float>(t) - tw * 0.5f, at.x, at.x + width - tw);
        if (x < right_of_last + 8.0f) continue;
        d.AddLine(ImVec2(at.x + width * static_cast<float>(t), at.y + h),
                  ImVec2(at.x + width * static_cast<float>(t), at.y + h + 3.0f), kTick);
        d.AddText(ImVec2(x, at.y + h + 3.0f), kTick, label.c_str());
        right_of_last = x + tw;
    }
    ImGui::InvisibleButton("##sweep_key", ImVec2(std::max(1.0f, width), h * 2.0f + 3.0f));
    if (widgets) {
        widgets->record_last_item("sweep.key");
        if (ImGui::IsItemHovered()) {
            const double t = (ImGui::GetIO().MousePos.x - at.x) / std::max(1.0f, width);
            ImGui::SetTooltip("%s", readable_number(map.value_at(t) * scale, result.unit).c_str());
        }
    }
}

// ---------------------------------------------------------------- the view

SweepViewAction SweepView::draw(WidgetLocator& widgets) {
    SweepViewAction action;
    const SweepManifest& m = table_.manifest;
    const ImVec2 start = ImGui::GetCursorScreenPos(), whole = ImGui::GetContentRegionAvail();
    widgets.record("sweep.view", {start.x, start.y, whole.x, whole.y, true});

    ImGui::TextUnformatted(summary().c_str());
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s\nbase scenario %s", path_.c_str(), m.scenario.c_str());
    if (table_.missing > 0)
        ImGui::TextColored(
            kWarn, "%llu runs are missing (a sweep still running or a failed shard): the plot uses the runs there are.",
            static_cast<unsigned long long>(table_.missing));
    if (table_.unmerged > 0)
        ImGui::TextColored(
            kWarn, "%llu runs finished after the last merge are not shown: `playbench sweep merge %s` adds them.",
            static_cast<unsigned long long>(table_.unmerged), table_.dir.c_str());
    if (!scenario_problem_.empty()) ImGui::TextColored(kWarn, "%s", scenario_problem_.c_str());

    draw_controls(widgets, action);
    ImGui::Separator();

    // The plot takes a little over half of what is left, the table the rest.
    const float left_h = ImGui::GetContentRegionAvail().y;
    const float plot_h = std::max(ImGui::GetTextLineHeight() * 12.0f, left_h * 0.56f);
    const ImVec2 plot_at = ImGui::GetCursorScreenPos();
    ImGui::BeginChild("##sweep_plot", ImVec2(0.0f, plot_h), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_NoScrollWithMouse);
    picked_ = false;
    draw_plot(plot_h, &widgets);
    ImGui::EndChild();
    // A click that picked a single run (one seed, one point there) opens it at once.
    if (picked_)
        if (const std::vector<std::size_t> rows = shown_rows(); rows.size() == 1)
            action.open_run = table_.rows[rows[0]].run;
    widgets.record("sweep.plot", {plot_at.x, plot_at.y, whole.x, plot_h, true});
    draw_table(widgets, action);
    return action;
}

// ---------------------------------------------------------------- exports

bool SweepView::export_png(const std::string& path, std::string& error, int width, int height) const {
    OffscreenRenderer r(width, height, 1.25f);
    if (!r.ok()) {
        error = r.error();
        return false;
    }
    for (int i = 0; i < 3; ++i)
        r.render_frame([&] {
            ImGui::SetNextWindowPos(ImVec2(0, 0));
            ImGui::SetNextWindowSize(ImVec2(static_cast<float>(width), static_cast<float>(height)));
            ImGui::Begin("##sweep_export", nullptr,
                         ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                             ImGuiWindowFlags_NoBringToFrontOnFocus);
            draw_plot(ImGui::GetContentRegionAvail().y, nullptr);
            ImGui::End();
        });
    return r.write_png(path, error);
}

bool SweepView::export_csv(const std::string& path, std::string& error) const {
    std::vector<SweepRunResult> runs;
    for (std::size_t i : shown_rows()) {
        const SweepTableRow& r = table_.rows[i];
        SweepRunResult x;
        x.run = r.run;
        x.point = r.point;
        x.seed = r.seed;
        x.ticks = r.ticks;
        x.values = r.results;
        runs.push_back(std::move(x));
    }
    try {
        write_file_atomically(path, sweep_csv(table_.manifest, runs));
    } catch (const std::exception& e) {
        error = e.what();
        return false;
    }
    return true;
}

std::string SweepView::default_png_name() const {
    const SweepManifest& m = table_.manifest;
    if (m.results.empty() || m.params.empty()) return (fs::path(table_.dir) / "plot.png").string();
    std::string name = (y_ ? "heat-" : "line-") + file_part(m.results[result_]) + "--" + file_part(m.params[x_]);
    if (y_) name += "--" + file_part(m.params[*y_]);
    return (fs::path(table_.dir) / (name + ".png")).string();
}

std::string SweepView::default_csv_name() const {
    return (fs::path(table_.dir) / (filter_.empty() ? "runs.csv" : "runs-selected.csv")).string();
}

}   // namespace pb::ui
