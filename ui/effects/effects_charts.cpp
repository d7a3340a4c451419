// The Effects view's side-panel pictures: the compared policies (a table of what each achieved and
// overlaid charts of cumulative damage and leaks), and the selected creep's effect timeline.
// Immediate mode: everything is read from the world each frame.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "engine/effects/timeline.hpp"
#include "ui/chart_box.hpp"
#include "ui/painter.hpp"
#include "ui/effects/effects_colours.hpp"
#include "ui/effects/effects_view.hpp"

namespace pb::ui {

using effects::EffectsWorld;
using effects::Lane;

namespace {

double merge_delta(const Lane& lane) {
    double delta = 0.0;
    for (const effects::PdLedger& l : lane.ledgers()) delta += l.merge_delta;
    return delta;
}

double applied(const Lane& lane) {
    double total = 0.0;
    for (const effects::PdLedger& l : lane.ledgers()) total += l.applied;
    return total;
}

}  // namespace

void EffectsView::draw_comparison(const EffectsWorld& w, const CanvasFrame& f) {
    const float s = f.ui_scale;
    const std::size_t n = w.lanes().size();
    ImGui::TextUnformatted(n > 1 ? "Policies compared on the same waves" : "Lane");
    if (ImGui::BeginTable("##effects_compare", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("policy");
        ImGui::TableSetupColumn("killed");
        ImGui::TableSetupColumn("leaked");
        ImGui::TableSetupColumn("damage");
        ImGui::TableSetupColumn("PD by merges");
        ImGui::TableHeadersRow();
        for (std::size_t i = 0; i < n; ++i) {
            const Lane& lane = w.lane(i);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushStyleColor(ImGuiCol_Text, lane_colour(i));
            ImGui::TextUnformatted(effects::variant_key(lane.variant()).c_str());
            ImGui::PopStyleColor();
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", effects::variant_label(lane.variant()).c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%d", lane.kills());
            ImGui::TableNextColumn();
            ImGui::Text("%d", lane.leaks());
            ImGui::TableNextColumn();
            ImGui::Text("%.0f", lane.total_damage());
            ImGui::TableNextColumn();
            // Potency x duration the merges created or lost, as a share of all that was applied.
            const double total = applied(lane), delta = merge_delta(lane);
            const bool kept = std::abs(delta) <= 1e-9 * std::max(1.0, total);
            ImGui::PushStyleColor(ImGuiCol_Text, kept ? ImVec4(0.55f, 0.85f, 0.55f, 1.0f) : ImVec4(1.0f, 0.5f, 0.4f, 1.0f));
            if (kept) ImGui::TextUnformatted("kept");
            else ImGui::Text("%+.1f%%", total > 0.0 ? 100.0 * delta / total : 0.0);
            ImGui::PopStyleColor();
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("Potency x duration the merges %s: %+.1f of %.1f applied.\n"
                                  "A conserving policy keeps it (the post's rule); averaging loses it.",
                                  delta < 0.0 ? "lost" : "created", delta, total);
        }
        ImGui::EndTable();
    }

    // Cumulative damage and leaks over time, one line per policy.
    double top_damage = 1.0, top_leaks = 1.0;
    std::int64_t last = std::max<std::int64_t>(1, w.tick());
    for (const Lane& lane : w.lanes()) {
        top_damage = std::max(top_damage, lane.total_damage());
        top_leaks = std::max(top_leaks, static_cast<double>(lane.leaks()));
    }
    const double seconds = static_cast<double>(last) * w.config().dt();
    for (int chart = 0; chart < 2; ++chart) {
        char label[96];
        if (chart == 0) std::snprintf(label, sizeof label, "Damage dealt (top %.0f)", top_damage * 1.05);
        else std::snprintf(label, sizeof label, "Creeps leaked (top %.0f)", top_leaks + 1.0);
        ImGui::TextDisabled("%s over %.0f s", label, seconds);
        const ChartBox box = reserve_chart(52.0f, 0.0, static_cast<double>(last), chart == 0 ? top_damage * 1.05 : top_leaks + 1.0);
        for (std::size_t i = 0; i < n; ++i) {
            const Lane& lane = w.lane(i);
            // Leaks are counts: drawn as steps. Damage grows smoothly between samples.
            std::vector<ImVec2> points{box.at(0.0, 0.0)};
            double previous = 0.0;
            const auto add = [&](double tick, double y) {
                if (chart == 1) points.push_back(box.at(tick, previous));
                points.push_back(box.at(tick, y));
                previous = y;
            };
            for (const effects::LaneSample& sample : lane.history())
                add(static_cast<double>(sample.tick), chart == 0 ? sample.damage : static_cast<double>(sample.leaks));
            add(static_cast<double>(w.tick()), chart == 0 ? lane.total_damage() : static_cast<double>(lane.leaks()));
            polyline(points, lane_colour(i), 1.5f * s);
        }
        if (f.widgets) f.widgets->record(chart == 0 ? "effects.chart.damage" : "effects.chart.leaks",
                                         {box.min.x, box.min.y, box.max.x - box.min.x, box.max.y - box.min.y, true});
    }
}

void EffectsView::draw_creep_timeline(const EffectsWorld& w, const CanvasFrame& f) {
    const float s = f.ui_scale;
    const std::size_t lane_index = static_cast<std::size_t>(std::clamp(selected_lane_, 0, static_cast<int>(w.lanes().size()) - 1));
    const Lane& lane = w.lane(lane_index);
    if (selected_creep_ < 0 || selected_creep_ >= static_cast<int>(lane.creeps().size())) {
        ImGui::TextDisabled("Click a creep on the lane for its effect timeline.");
        return;
    }
    const effects::Creep& c = lane.creeps()[static_cast<std::size_t>(selected_creep_)];
    const double dt = w.config().dt();
    ImGui::Text("Creep %d (%s)", c.id, w.waves()[static_cast<std::size_t>(c.wave)].name.c_str());
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, lane_colour(lane_index));
    ImGui::Text("in %s", effects::variant_key(lane.variant()).c_str());
    ImGui::PopStyleColor();
    if (c.walking()) {
        char overlay[64];
        std::snprintf(overlay, sizeof overlay, "%.0f / %.0f HP", c.hp, c.max_hp);
        ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImGui::ColorConvertU32ToFloat4(health_colour(static_cast<float>(c.hp / c.max_hp))));
        ImGui::ProgressBar(safe_fraction(c.hp / c.max_hp, "creep health"), ImVec2(-1.0f, 0.0f), overlay);
        ImGui::PopStyleColor();
    } else {
        ImGui::Text("%s after %.1f s", std::string(effects::fate_key(c.fate)).c_str(),
                    static_cast<double>(c.end_tick - c.spawn_tick) * dt);
    }
    for (const effects::ActiveEffect& e : c.effects) {
        const effects::EffectType& t = w.book().type(e.type);
        char overlay[96];
        std::snprintf(overlay, sizeof overlay, "%s  %.1f %s  %.1f s left", t.label.c_str(), e.potency, std::string(effects::kind_unit(t.kind)).c_str(),
                      e.remaining);
        ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImGui::ColorConvertU32ToFloat4(effect_colour(t, 200)));
        ImGui::ProgressBar(safe_fraction(e.remaining / 10.0, "effect time left"), ImVec2(-1.0f, 0.0f), overlay);
        ImGui::PopStyleColor();
    }

    const effects::CreepTimeline t = effects::creep_timeline(lane, c.id, dt, w.tick());
    if (t.types.empty()) {
        ImGui::TextDisabled("No effect has touched it yet.");
        return;
    }
    double top_remaining = 1.0;
    for (const effects::TypeTimeline& type : t.types)
        for (const effects::TimelinePoint& p : type.points) top_remaining = std::max(top_remaining, p.remaining);
    const double x0 = static_cast<double>(t.from), x1 = static_cast<double>(std::max(t.to, t.from + 1));
    ImGui::TextDisabled("Remaining duration (top %.1f s); \xe2\x96\xbc merge, x cancel", top_remaining);
    const ChartBox left = reserve_chart(64.0f, x0, x1, top_remaining * 1.08);
    ImGui::TextDisabled("Potency, each type to its own peak, over %.1f s", (x1 - x0) * dt);
    const ChartBox strength = reserve_chart(48.0f, x0, x1, 1.1);
    Painter window_painter = Painter::window();
    Painter* d = &window_painter;
    for (const effects::TypeTimeline& type : t.types) {
        const ImU32 colour = effect_colour(w.book().type(type.type));
        double peak = 1e-9;
        for (const effects::TimelinePoint& p : type.points) peak = std::max(peak, p.potency);
        std::vector<ImVec2> remaining, potency;
        for (std::size_t i = 0; i < type.points.size(); ++i) {
            const effects::TimelinePoint& p = type.points[i];
            remaining.push_back(left.at(static_cast<double>(p.tick), p.remaining));
            // Potency holds between events: steps, not slopes.
            if (i > 0) potency.push_back(strength.at(static_cast<double>(p.tick), type.points[i - 1].potency / peak));
            potency.push_back(strength.at(static_cast<double>(p.tick), p.potency / peak));
        }
        polyline(remaining, colour, 1.5f * s);
        polyline(potency, colour, 1.5f * s);
        for (const effects::TimelineMark& m : type.marks) {
            const ImVec2 p = left.at(static_cast<double>(m.tick), top_remaining * 1.08);
            const float r = 4.0f * s;
            if (m.kind == effects::EventKind::Cancelled) {
                d->AddLine(ImVec2(p.x - r, p.y + 1.0f), ImVec2(p.x + r, p.y + 1.0f + 2.0f * r), colour, 1.5f * s);
                d->AddLine(ImVec2(p.x + r, p.y + 1.0f), ImVec2(p.x - r, p.y + 1.0f + 2.0f * r), colour, 1.5f * s);
            } else {
                d->AddTriangleFilled(ImVec2(p.x - r, p.y + 1.0f), ImVec2(p.x + r, p.y + 1.0f), ImVec2(p.x, p.y + 1.0f + 1.6f * r), colour);
            }
        }
    }
    if (f.widgets) f.widgets->record("effects.timeline", {left.min.x, left.min.y, left.max.x - left.min.x, strength.max.y - left.min.y, true});
    // The legend: each type with its peak potency.
    for (std::size_t i = 0; i < t.types.size(); ++i) {
        const effects::EffectType& type = w.book().type(t.types[i].type);
        double peak = 0.0;
        for (const effects::TimelinePoint& p : t.types[i].points) peak = std::max(peak, p.potency);
        if (i > 0) ImGui::SameLine();
        ImGui::PushStyleColor(ImGuiCol_Text, ImGui::ColorConvertU32ToFloat4(effect_colour(type)));
        ImGui::Text("%s %.0f%s", type.name.c_str(), peak, std::string(effects::kind_unit(type.kind)).c_str());
        ImGui::PopStyleColor();
    }
}

}  // namespace pb::ui
