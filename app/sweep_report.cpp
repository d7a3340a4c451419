#include "app/sweep_report.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <limits>
#include <map>
#include <ostream>
#include <set>
#include <sstream>

#include "engine/core/lab.hpp"
#include "engine/core/params.hpp"
#include "engine/core/scenario.hpp"
#include "engine/sweep/sweep.hpp"
#include "engine/sweep/sweep_store.hpp"
#include "engine/sweep/sweep_table.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/render/painter.hpp"
#include "ui/shell/sweep_view.hpp"
#include "ui/widgets/chart.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::app {

namespace fs = std::filesystem;

namespace {

std::string file_part(const std::string& s) {
    std::string out;
    for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-') ? c : '_';
    while (!out.empty() && out.back() == '_') out.pop_back();
    return out;
}

std::string report_number(double v) {
    if (!std::isfinite(v)) return "-";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.4g", v);
    return buf;
}

void begin_page(const ui::OffscreenRenderer& r) {
    ImGui::SetNextWindowPos(ImVec2(0, 0));
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(r.width()), static_cast<float>(r.height())));
    ImGui::Begin("##report", nullptr,
                 ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                     ImGuiWindowFlags_NoBringToFrontOnFocus);
}

bool render_png(ui::OffscreenRenderer& r, const std::function<void()>& page, const std::string& path,
                std::string& error) {
    for (int i = 0; i < 3; ++i)
        r.render_frame([&] {
            begin_page(r);
            page();
            ImGui::End();
        });
    return r.write_png(path, error);
}

}   // namespace

int sweep_report(const SweepReportOptions& o, std::ostream& out, std::ostream& err) {
    SweepTable table;
    try {
        table = read_sweep_table(o.dir);
    } catch (const std::exception& e) {
        err << "playbench sweep report: " << e.what() << "\n";
        return 2;
    }
    const SweepManifest& m = table.manifest;
    const std::vector<SweepTableRow>& rows = table.rows;
    const std::string csv_path = (fs::path(o.dir) / "results.csv").string();
    // Runs finished since the merge are not in the CSV: say so (the report shows the merged ones).
    if (table.unmerged > 0)
        err << "playbench sweep report: " << table.unmerged << " runs finished after " << csv_path
            << " was written are not in this report: `playbench sweep merge " << o.dir << "` adds them\n";
    // Values no run gives (hand-edited, or a run gone wrong) stay out of the axes and the means.
    const std::string left_out =
        table.left_out == 0
            ? ""
            : std::to_string(table.left_out) + (table.left_out == 1 ? " result value" : " result values") +
                  " left out of the pictures and the summary: infinite or beyond +-" + report_number(kMaxDrawnValue) +
                  " (kMaxDrawnValue), which no lab gives; the first: " + table.first_left_out;
    if (!left_out.empty())
        err << "playbench sweep report: " << left_out << " (hand-edited? `playbench sweep merge " << o.dir
            << "` writes the CSV again from the logs)\n";
    const std::size_t np = m.params.size(), nr = m.results.size(), nseeds = m.seeds.size();
    // Runs per point found; the missing are listed.
    std::vector<int> per_point(m.points.size(), 0);
    for (const SweepTableRow& r : rows) ++per_point[r.point];
    const std::uint64_t missing = table.missing;
    const std::vector<std::vector<double>>& values = table.values;
    const std::vector<std::size_t>& varied = table.varied;
    const std::vector<bool>& logp = table.log;
    // The lab's definition of each parameter (unit, choice names), when the lab is known.
    std::vector<const ParamDef*> defs(np, nullptr);
    if (const LabInfo* lab = find_lab(m.lab); lab && lab->params)
        for (std::size_t p = 0; p < np; ++p)
            if (auto i = lab->params->find(m.params[p])) defs[p] = &(*lab->params)[*i];
    auto value_text = [&](std::size_t p, double v) {
        if (defs[p] && defs[p]->is_choice())
            if (const ParamChoice* c = defs[p]->choice_at(v)) return c->name;
        return report_number(v);
    };
    auto unit_of = [&](std::size_t p) { return defs[p] ? defs[p]->unit : std::string(); };
    // A parameter in the lab's words ("Ball friction"), its key when the lab does not know it.
    auto name_of = [&](std::size_t p) { return defs[p] && !defs[p]->label.empty() ? defs[p]->label : m.params[p]; };
    auto choices_of = [&](std::size_t p) {
        std::string t;
        if (defs[p] && defs[p]->is_choice())
            for (double v : values[p]) t += (t.empty() ? "" : ", ") + report_number(v) + " = " + value_text(p, v);
        return t;
    };

    try {
        fs::create_directories(o.out);
    } catch (const std::exception& e) {
        err << "playbench sweep report: cannot create " << o.out << ": " << e.what() << "\n";
        return 2;
    }
    ui::OffscreenRenderer renderer(o.width, o.height, 1.25f);
    if (!renderer.ok()) {
        err << "playbench sweep report: " << renderer.error() << "\n";
        return 2;
    }
    const ui::SweepLineColours& colours = ui::sweep_line_colours();
    const LabInfo* lab = find_lab(m.lab);
    int written = 0;
    std::string error;

    for (std::size_t k = 0; k < nr; ++k) {
        // ---- one line plot per varied parameter
        for (std::size_t p : varied) {
            const SweepLine line = sweep_line(table, k, p);
            // The result in the lab's words and unit (a share 0..1 shown in %).
            const ResultLabel words = result_label(lab, m.results[k]);
            auto scaled = [&](std::vector<double> v) {
                for (double& y : v) y *= words.scale;
                return v;
            };
            ui::ChartSeries mean{"mean over seeds", colours.mean, line.x, scaled(line.mean), 2.5f};
            ui::ChartSeries lo{"lowest seed", colours.min, line.x, scaled(line.min), 1.0f},
                hi{"highest seed", colours.max, line.x, scaled(line.max), 1.0f};
            double ymin = line.ymin * words.scale, ymax = line.ymax * words.scale;
            const double pad = (ymax - ymin) * 0.08 + (ymax == ymin ? 0.5 : 0.0);
            std::string others;
            for (std::size_t q : varied)
                if (q != p)
                    others += (others.empty() ? "" : ", ") + name_of(q) + " (" + std::to_string(values[q].size()) +
                              " values)";
            const std::string path =
                (fs::path(o.out) / ("line-" + file_part(m.results[k]) + "--" + file_part(m.params[p]) + ".png"))
                    .string();
            const bool ok = render_png(
                renderer,
                [&] {
                    ImGui::Text("%s against %s", words.label.c_str(), name_of(p).c_str());
                    ImGui::TextColored(ui::palette::kDimText,
                                       "thick line: mean over %zu seed%s; thin lines: the lowest and highest seed%s",
                                       nseeds, nseeds == 1 ? "" : "s", logp[p] ? "; x on a log scale" : "");
                    ImGui::TextColored(ui::palette::kDimText, "%s",
                                       others.empty() ? "no other parameter varied"
                                                      : ("averaged over the other parameters: " + others).c_str());
                    if (const std::string c = choices_of(p); !c.empty())
                        ImGui::TextColored(ui::palette::kDimText, "%s: %s", name_of(p).c_str(), c.c_str());
                    ui::ChartSpec spec;
                    spec.id = "line";
                    spec.x = {name_of(p) + " (" + m.params[p] + ")", unit_of(p), values[p].front(), values[p].back(),
                              logp[p]};
                    spec.y = {words.label + " (" + m.results[k] + ")", words.unit, ymin - pad, ymax + pad};
                    spec.series = {lo, hi, mean};
                    const float s = ImGui::GetFontSize() / 13.0f;
                    spec.height = (static_cast<float>(renderer.height()) - ImGui::GetCursorPosY() -
                                   ImGui::GetTextLineHeight() * 6.5f) /
                                  s;
                    ui::draw_chart(spec);
                },
                path, error);
            if (!ok) {
                err << "playbench sweep report: " << error << "\n";
                return 2;
            }
            ++written;
        }
    }
    // ---- one heat map per result and pair of varied parameters
    for (std::size_t k = 0; k < nr; ++k)
        for (std::size_t a = 0; a < varied.size(); ++a)
            for (std::size_t b = a + 1; b < varied.size(); ++b) {
                const std::size_t px = varied[a], py = varied[b];
                const std::size_t nx = values[px].size(), ny = values[py].size();
                if (nx > 30 || ny > 30) {
                    out << "no heat map of " << m.params[px] << " x " << m.params[py]
                        << ": more than 30 values each (random or "
                        << "latin sampling); the line plots show them\n";
                    continue;
                }
                const SweepHeat heat = sweep_heat(table, k, px, py);
                const std::size_t filled = heat.filled;
                if (filled * 2 < heat.mean.size()) {
                    out << "no heat map of " << m.results[k] << " over " << m.params[px] << " x " << m.params[py]
                        << ": only " << filled << " of its " << heat.mean.size()
                        << " cells have runs (random or latin points); the line plots show them\n";
                    continue;
                }
                // The scale the window's view picks by default (docs/sweeps.md#in-the-window).
                const SweepColourMap colour = sweep_colour_map(heat.mean, choose_colour_scale(heat.mean));
                const ResultLabel words = result_label(lab, m.results[k]);
                const std::string path =
                    (fs::path(o.out) / ("heat-" + file_part(m.results[k]) + "--" + file_part(m.params[px]) + "--" +
                                        file_part(m.params[py]) + ".png"))
                        .string();
                const bool ok = render_png(
                    renderer,
                    [&] {
                        ImGui::Text("%s over %s and %s", words.label.c_str(), name_of(px).c_str(), name_of(py).c_str());
                        std::string others;
                        for (std::size_t q : varied)
                            if (q != px && q != py) others += (others.empty() ? "" : ", ") + name_of(q);
                        ImGui::TextColored(
                            ui::palette::kDimText, "each cell: the mean over %zu seed%s%s; grey: no run", nseeds,
                            nseeds == 1 ? "" : "s",
                            others.empty() ? "" : (" and the other parameters (" + others + ")").c_str());
                        const float line_h = ImGui::GetTextLineHeight();
                        float label_w = 0.0f;
                        for (double v : values[py])
                            label_w = std::max(label_w, ImGui::CalcTextSize(value_text(py, v).c_str()).x);
                        const ImVec2 origin = ImGui::GetCursorScreenPos();
                        const float left = origin.x + line_h * 1.6f + label_w + 8.0f;
                        const float top = origin.y + line_h + 8.0f;
                        const float right = static_cast<float>(renderer.width()) - 16.0f;
                        const float bottom = static_cast<float>(renderer.height()) - line_h * 6.6f;
                        const float cw = (right - left) / static_cast<float>(nx),
                                    ch = (bottom - top) / static_cast<float>(ny);
                        ui::Painter d = ui::Painter::window();
                        for (std::size_t j = 0; j < ny; ++j)
                            for (std::size_t i = 0; i < nx; ++i) {
                                const std::size_t c = j * nx + i;
                                const auto [p0, p1] = ui::sweep_heat_cell(left, top, right, bottom, nx, ny, i, j);
                                const bool has = heat.runs[c] > 0;
                                const double v = heat.mean[c];
                                const float t = has ? colour.at(v) : 0.0f;
                                d.AddRectFilled(p0, ImVec2(p1.x - 1, p1.y - 1),
                                                has ? ui::sweep_heat_colour(t) : ui::palette::rgb(70, 70, 70));
                                const std::string label = has ? readable_number(v * words.scale) : "no run";
                                const ImVec2 ts = ImGui::CalcTextSize(label.c_str());
                                if (ts.x < p1.x - p0.x - 2)
                                    d.AddText(
                                        ImVec2((p0.x + p1.x - ts.x) * 0.5f, (p0.y + p1.y - ts.y) * 0.5f),
                                        has && t > 0.55f ? ui::palette::rgb(0, 0, 0) : ui::palette::rgb(255, 255, 255),
                                        label.c_str());
                            }
                        const ImU32 tick = ui::palette::rgb(190, 196, 202);
                        for (std::size_t i = 0; i < nx; ++i) {
                            const std::string t = value_text(px, values[px][i]);
                            const float tw = ImGui::CalcTextSize(t.c_str()).x;
                            d.AddText(ImVec2(left + cw * (static_cast<float>(i) + 0.5f) - tw * 0.5f, bottom + 3.0f),
                                      tick, t.c_str());
                        }
                        for (std::size_t j = 0; j < ny; ++j) {
                            const std::string t = value_text(py, values[py][j]);
                            const float tw = ImGui::CalcTextSize(t.c_str()).x;
                            d.AddText(
                                ImVec2(left - tw - 6.0f, bottom - ch * (static_cast<float>(j) + 0.5f) - line_h * 0.5f),
                                tick, t.c_str());
                        }
                        const std::string xl = name_of(px) + (unit_of(px).empty() ? "" : " (" + unit_of(px) + ")") +
                                               (logp[px] ? " (log-spaced values)" : "") + "  ->";
                        d.AddText(ImVec2(left + (right - left - ImGui::CalcTextSize(xl.c_str()).x) * 0.5f,
                                         bottom + line_h + 6.0f),
                                  tick, xl.c_str());
                        const std::string yl = "^ " + name_of(py) +
                                               (unit_of(py).empty() ? "" : " (" + unit_of(py) + ")") +
                                               (logp[py] ? " (log-spaced values)" : "");
                        d.AddText(ImVec2(origin.x, origin.y + 2.0f), tick, yl.c_str());
                        ImGui::SetCursorScreenPos(ImVec2(origin.x, bottom + line_h * 2.4f));
                        ui::sweep_colour_key(colour, "colour: mean " + words.with_unit(),
                                             std::min(right - left, 520.0f), words, nullptr);
                    },
                    path, error);
                if (!ok) {
                    err << "playbench sweep report: " << error << "\n";
                    return 2;
                }
                ++written;
            }

    // ---- summary.txt
    std::ostringstream sum;
    sum << "sweep " << m.sweep_file << " (" << m.lab << "): " << rows.size() << " of " << m.run_count() << " runs, "
        << m.points.size() << " points x " << nseeds << " seeds\n";
    if (missing > 0) sum << "INCOMPLETE: " << missing << " runs missing; the figures below use the runs there are\n";
    if (!left_out.empty()) sum << "LEFT OUT: " << left_out << "\n";
    if (table.no_value > 0)
        sum << table.no_value << (table.no_value == 1 ? " result value is" : " result values are")
            << " nan (the run had no such number) and not drawn\n";
    sum << "mean and spread over the seeds at each point (min..max, sd); highest and lowest mean per result\n";
    for (std::size_t k = 0; k < nr; ++k) {
        std::vector<std::vector<double>> per(m.points.size());
        for (const SweepTableRow& r : rows) per[r.point].push_back(r.results[k]);
        std::size_t best = m.points.size(), worst = m.points.size();
        std::vector<SweepStats> st(m.points.size());
        for (std::size_t i = 0; i < m.points.size(); ++i) {
            st[i] = sweep_stats(per[i]);
            if (st[i].n == 0) continue;
            if (best == m.points.size() || st[i].mean > st[best].mean) best = i;
            if (worst == m.points.size() || st[i].mean < st[worst].mean) worst = i;
        }
        sum << "\n" << result_label(lab, m.results[k]).with_unit() << " (" << m.results[k] << ")\n";
        auto point_line = [&](const char* what, std::size_t i) {
            sum << "  " << what << ": point " << i << " (";
            for (std::size_t p = 0; p < np; ++p) {
                sum << (p ? ", " : "") << name_of(p) << " = " << sweep_number(m.points[i][p])
                    << (unit_of(p).empty() ? "" : " " + unit_of(p));
                if (defs[p] && defs[p]->is_choice()) sum << " (" << value_text(p, m.points[i][p]) << ")";
            }
            sum << "): mean " << report_number(st[i].mean) << ", min " << report_number(st[i].min) << ", max "
                << report_number(st[i].max) << ", sd " << report_number(st[i].sd) << " over " << st[i].n << " seeds\n";
        };
        if (best == m.points.size()) {
            sum << "  no value in any run\n";
            continue;
        }
        point_line("highest mean", best);
        point_line("lowest mean ", worst);
    }
    try {
        write_file_atomically((fs::path(o.out) / "summary.txt").string(), sum.str());
    } catch (const std::exception& e) {
        err << "playbench sweep report: " << e.what() << "\n";
        return 2;
    }
    out << "wrote " << written << " pictures and summary.txt into " << o.out << "\n";
    if (missing > 0) {
        std::string which;
        int listed = 0;
        for (std::size_t i = 0; i < per_point.size(); ++i)
            if (per_point[i] < static_cast<int>(nseeds) && listed < 20) {
                which += (listed ? ", " : "") + std::to_string(i) + " (" + std::to_string(per_point[i]) + " of " +
                         std::to_string(nseeds) + " seeds)";
                ++listed;
            }
        err << "playbench sweep report: " << missing << " of " << m.run_count() << " runs missing, at points " << which
            << (listed == 20 ? ", ..." : "")
            << "; reported on what is there. `playbench sweep run` on the same file and folder, "
            << "then `playbench sweep merge " << o.dir << "`, completes it\n";
        return 1;
    }
    return left_out.empty() ? 0 : 1;
}

}   // namespace pb::app
