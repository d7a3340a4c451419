#include "ui/widgets/compare_results.hpp"

#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "engine/sweep/sweep.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::ui {

namespace {

std::vector<CompareRow>& rows_shown() {
    static std::vector<CompareRow> rows;
    return rows;
}

ImVec4 colour(ImU32 c) { return ImGui::ColorConvertU32ToFloat4(c); }

constexpr ImU32 kBetter = palette::rgb(110, 210, 120);
constexpr ImU32 kWorse = palette::rgb(240, 110, 100);

std::string value_text(double v, double scale) {
    if (!std::isfinite(v)) return "-";
    return short_number(v * scale);
}

}   // namespace

const std::vector<CompareRow>& last_compare_rows() { return rows_shown(); }

void draw_compare_results(const World& a_world, const CompareFrame* c, const DescribeResult& describe,
                          WidgetLocator* widgets) {
    if (!c || !c->world) return;
    const std::vector<double> a = world_values(a_world, c->results);
    const std::vector<double> b = world_values(*c->world, c->results);
    std::vector<CompareRow>& rows = rows_shown();
    rows.clear();
    for (std::size_t k = 0; k < c->results.size(); ++k) {
        ResultMeaning m = describe ? describe(c->results[k]) : ResultMeaning{};
        if (m.label.empty())
            m.label = c->results[k].rfind("metrics.", 0) == 0 ? c->results[k].substr(8) : c->results[k];
        rows.push_back({c->results[k], std::move(m), a[k], b[k]});
    }

    ImGui::TextColored(colour(palette::kCompareA), "A");
    ImGui::SameLine(0, 4.0f);
    ImGui::TextUnformatted("/");
    ImGui::SameLine(0, 4.0f);
    ImGui::TextColored(colour(palette::kCompareB), "B");
    ImGui::SameLine();
    ImGui::TextUnformatted("key results now");
    ImGui::SameLine();
    ImGui::TextColored(palette::kDimText, "(tick %lld)", static_cast<long long>(a_world.tick()));
    ImGui::BeginGroup();
    if (ImGui::BeginTable("##analysis_compare", 4, ImGuiTableFlags_RowBg)) {
        ImGui::TableSetupColumn("result", ImGuiTableColumnFlags_WidthStretch, 2.8f);
        ImGui::TableSetupColumn("A", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("B", ImGuiTableColumnFlags_WidthStretch, 1.0f);
        ImGui::TableSetupColumn("B - A", ImGuiTableColumnFlags_WidthStretch, 1.1f);
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        ImGui::TableNextColumn();
        ImGui::TextColored(palette::kDimText, "result (unit)");
        ImGui::TableNextColumn();
        ImGui::TextColored(colour(palette::kCompareA), "A");
        ImGui::TableNextColumn();
        ImGui::TextColored(colour(palette::kCompareB), "B");
        ImGui::TableNextColumn();
        ImGui::TextColored(palette::kDimText, "B - A");
        for (const CompareRow& r : rows) {
            const ResultMeaning& m = r.meaning;
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            const std::string label = m.unit.empty() ? m.label : m.label + " (" + m.unit + ")";
            ImGui::PushTextWrapPos(0.0f);   // long names wrap inside their column (the side panel is narrow)
            ImGui::TextUnformatted(label.c_str());
            ImGui::PopTextWrapPos();
            const ImVec2 row_min = ImGui::GetItemRectMin();
            if (ImGui::IsItemHovered()) {
                std::string tip = m.what.empty() ? std::string() : m.what + "\n";
                tip += m.better > 0   ? "More is better."
                       : m.better < 0 ? "Less is better."
                                      : "Neither way is better in itself (no colour).";
                tip += "\n" + r.path + " in playbench run --json";
                ImGui::SetTooltip("%s", tip.c_str());
            }
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(value_text(r.a, m.scale).c_str());
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(value_text(r.b, m.scale).c_str());
            ImGui::TableNextColumn();
            const double d = (r.b - r.a) * m.scale;
            if (!std::isfinite(d)) {
                ImGui::TextColored(palette::kDimText, "-");
            } else if (d == 0.0) {
                ImGui::TextColored(palette::kDimText, "0");
            } else {
                const std::string t = (d > 0 ? "+" : "") + short_number(d);
                if (m.better == 0)
                    ImGui::TextUnformatted(t.c_str());
                else
                    ImGui::TextColored(colour((d > 0) == (m.better > 0) ? kBetter : kWorse), "%s", t.c_str());
            }
            if (widgets) {
                const ImVec2 end = ImGui::GetItemRectMax();
                widgets->record("analysis.compare." + r.path, WidgetRect{row_min.x, row_min.y, end.x - row_min.x,
                                                                         end.y - row_min.y, ImGui::IsItemVisible()});
            }
        }
        ImGui::EndTable();
    }
    ImGui::EndGroup();
    if (widgets) widgets->record_last_item("analysis.compare");
    ImGui::PushTextWrapPos(0.0f);
    bool coloured = false;
    for (const CompareRow& r : rows) coloured = coloured || r.meaning.better != 0;
    if (coloured) {
        ImGui::TextColored(colour(kBetter), "green");
        ImGui::SameLine(0, 4.0f);
        ImGui::TextColored(palette::kDimText, "/");
        ImGui::SameLine(0, 4.0f);
        ImGui::TextColored(colour(kWorse), "red");
        ImGui::SameLine(0, 4.0f);
        ImGui::TextColored(palette::kDimText, "B - A: B better / worse; white: neither is better.");
    }
    ImGui::TextColored(palette::kDimText, "One run each. Over many seeds: playbench compare (docs/compare.md).");
    ImGui::PopTextWrapPos();
    ImGui::Separator();
}

std::map<std::string, OverlayRecord>& compare_overlay_log() {
    static std::map<std::string, OverlayRecord> log;
    return log;
}

void log_compare_overlay(const std::string& chart, int series, std::size_t points) {
    OverlayRecord& r = compare_overlay_log()[chart];
    r.series = series;
    r.points = points;
}

void overlay_b(ChartSpec& spec, std::vector<ChartSeries> b) {
    for (ChartSeries& s : spec.series) s.name = s.name.empty() ? "A" : "A " + s.name;
    std::size_t points = 0;
    const int count = static_cast<int>(b.size());
    for (ChartSeries& s : b) {
        s.name = s.name.empty() ? "B" : "B " + s.name;
        s.dashed = true;
        points += std::min(s.x.size(), s.y.size());
        spec.series.push_back(std::move(s));
    }
    log_compare_overlay(spec.id, count, points);
}

void compare_chart_note(const char* extra) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(palette::kDimText, "Charts:");
    ImGui::SameLine();
    ImGui::TextColored(colour(palette::kCompareA), "A solid,");
    ImGui::SameLine();
    ImGui::TextColored(colour(palette::kCompareB), "B dashed");
    ImGui::SameLine();
    ImGui::TextColored(palette::kDimText, "in the same colour%s%s", extra ? "; " : ".", extra ? extra : "");
    ImGui::PopTextWrapPos();
}

}   // namespace pb::ui
