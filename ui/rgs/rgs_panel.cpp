// The RGS view's overlay: both teams' economy now, charts of BP per team and of r(t) over the
// match, the union-volume comparison for the cluster under the cursor, and the view's keys.
#include <algorithm>
#include <cstdio>
#include <string>

#include "engine/core/hash.hpp"
#include "engine/rgs/mine_rate.hpp"
#include "ui/palette.hpp"
#include "ui/painter.hpp"
#include "ui/rgs/rgs_view.hpp"

namespace pb::ui {

using rgs::RgsWorld;

namespace {

struct Chart {
    ImVec2 min, max;
    double top = 1.0;     // value at the chart's top edge
    double span = 1.0;    // seconds of match time across it
    ImVec2 at(double seconds, double value) const {
        const float x = min.x + static_cast<float>(seconds / span) * (max.x - min.x);
        const float y = max.y - static_cast<float>(std::clamp(value / top, 0.0, 1.0)) * (max.y - min.y);
        return ImVec2(x, y);
    }
};

void draw_series(Painter* d, const std::vector<ImVec2>& points, ImU32 colour, float width) {
    if (points.size() >= 2) d->AddPolyline(points.data(), static_cast<int>(points.size()), colour, 0, width);
}

}  // namespace

const rgs::ClusterComparison* RgsView::comparison_for(const RgsWorld& w, int id) {
    const std::vector<int> members = rgs::cluster_of(w, id);
    if (members.empty()) return nullptr;
    // Recompute only when the cluster changed: who is in it, where, how far they reach.
    StateHasher h;
    for (int m : members) {
        const rgs::Rgs& r = w.structures()[m];
        h.add(m);
        h.add(r.pos.x);
        h.add(r.pos.y);
        h.add(r.pos.z);
        h.add(r.range);
        h.add(r.efficiency);
    }
    if (h.value() != comparison_key_ || comparison_.members.empty()) {
        // While dragging, a looser bound keeps the frame rate; the stated bound says which.
        comparison_ = rgs::compare_cluster(w, members, grabbed_ ? 0.02 : rgs::kUnionTolerance);
        comparison_key_ = h.value();
    }
    return &comparison_;
}

void RgsView::draw_panel(const RgsWorld& w, const CanvasFrame& f) {
    Painter* d = f.draw;
    const float s = f.ui_scale, line = ImGui::GetTextLineHeightWithSpacing();
    const float pad = 8.0f * s, gap = 8.0f * s;
    const ImVec2 origin(f.view->origin().x + 10.0f * s, f.view->origin().y + 10.0f * s);
    struct Line {
        std::string text;
        ImU32 colour;
    };
    std::vector<Line> top, bottom;
    char buf[256];
    const std::int64_t t = w.tick();
    const auto& c = w.config();
    std::snprintf(buf, sizeof buf, "t = %lld:%02lld    r(t) = %.2f BP/min", static_cast<long long>(t / 60),
                  static_cast<long long>(t % 60), w.base_rate());
    top.push_back({buf, palette::kOverlayText});
    std::snprintf(buf, sizeof buf, "R0 %.3g BP/min, half life %.3g min", c.initial_mine_rate, c.half_life);
    top.push_back({buf, palette::kOverlayDim});
    for (int team = 0; team < 2; ++team) {
        const rgs::TeamState& ts = w.teams()[team];
        const double sum = w.team_efficiency(team), eff = w.effective_efficiency(team);
        std::snprintf(buf, sizeof buf, "%s  %.1f BP%s", ts.name.c_str(), ts.bp, ts.main_structure ? "" : "  (main structure down)");
        top.push_back({buf, palette::kTeam[team]});
        std::snprintf(buf, sizeof buf, "  efficiency %.2f%s, mines %.2f BP/min", sum, eff > sum ? " (raised to the minimum)" : "",
                      w.mine_rate(team));
        top.push_back({buf, palette::kOverlayText});
    }

    // The cluster under the cursor (or being dragged); with none, the largest on the map.
    int focus = focus_id_;
    if (focus < 0) {
        std::size_t largest = 1;
        for (const auto& cluster : rgs::all_clusters(w))
            if (cluster.size() > largest) {
                largest = cluster.size();
                focus = cluster.front();
            }
    }
    if (focus >= 0)
        if (const rgs::ClusterComparison* cmp = comparison_for(w, focus)) {
            std::snprintf(buf, sizeof buf, "%s RGS %d: %zu RGS, in spheres:", focus == focus_id_ ? "Cluster of" : "Largest cluster, with",
                          focus, cmp->members.size());
            bottom.push_back({buf, palette::kOverlayText});
            if (cmp->has_union) {
                std::snprintf(buf, sizeof buf, "  pairwise %.3f, union %.3f \xc2\xb1 %.3f", cmp->approximation, cmp->union_spheres,
                              cmp->union_error);
                bottom.push_back({buf, palette::kOverlayText});
                std::snprintf(buf, sizeof buf, "  the pairwise rule pays %+.1f%%", 100.0 * cmp->relative_difference());
                bottom.push_back({buf, palette::kOverlayText});
            } else {
                std::snprintf(buf, sizeof buf, "  pairwise %.3f; union: too large to compute live", cmp->approximation);
                bottom.push_back({buf, palette::kOverlayText});
            }
        }
    std::snprintf(buf, sizeof buf, "Preview: a %s of %s at z = %.0f", std::string(rgs::kind_key(rgs::default_kind(options_.team))).c_str(),
                  w.teams()[options_.team].name.c_str(), options_.height * c.map_height);
    bottom.push_back({buf, palette::kOverlayDim});
    std::snprintf(buf, sizeof buf, "H heat map %s   D %s", options_.heat_map ? "on" : "off",
                  options_.team_delta ? "team delta" : "efficiency");
    bottom.push_back({buf, palette::kOverlayDim});
    std::snprintf(buf, sizeof buf, "T team   X %s   PgUp/PgDn height", options_.side_view ? "side view" : "top view");
    bottom.push_back({buf, palette::kOverlayDim});

    float width = kPanelWidth * s;
    for (const std::vector<Line>* lines : {&top, &bottom})
        for (const Line& l : *lines) width = std::max(width, ImGui::CalcTextSize(l.text.c_str()).x + 2.0f * pad);
    const float chart_w = width - 2.0f * pad, chart_h = 56.0f * s;
    const float height = pad + static_cast<float>(top.size() + bottom.size()) * line + 2.0f * (chart_h + gap) + gap + pad;
    d->AddRectFilled(origin, ImVec2(origin.x + width, origin.y + height), palette::kOverlayBackground, 6.0f * s);
    ImVec2 at(origin.x + pad, origin.y + pad);
    for (const Line& l : top) {
        d->AddText(at, l.colour, l.text.c_str());
        at.y += line;
    }

    // Charts over the match so far: BP per team, and r(t) (its top is R0; known ahead, so drawn
    // over the whole span).
    const auto& history = w.history();
    const double span = std::max<double>(60.0, static_cast<double>(t));
    double top_bp = 1.0;
    for (const auto& sample : history) top_bp = std::max({top_bp, sample.bp[0], sample.bp[1]});
    top_bp = std::max({top_bp, w.teams()[0].bp, w.teams()[1].bp});
    at.y += gap * 0.5f;
    const Chart bp{at, ImVec2(at.x + chart_w, at.y + chart_h), top_bp * 1.05, span};
    const Chart rate{ImVec2(at.x, bp.max.y + gap), ImVec2(at.x + chart_w, bp.max.y + gap + chart_h),
                     std::max(c.initial_mine_rate, 1e-9), span};
    for (const Chart* chart : {&bp, &rate}) d->AddRect(chart->min, chart->max, palette::with_alpha(palette::kOverlayDim, 120));
    for (int team = 0; team < 2; ++team) {
        std::vector<ImVec2> points;
        for (const auto& sample : history) points.push_back(bp.at(static_cast<double>(sample.tick), sample.bp[team]));
        points.push_back(bp.at(static_cast<double>(t), w.teams()[team].bp));
        draw_series(d, points, palette::kTeam[team], 1.5f * s);
    }
    std::vector<ImVec2> curve;
    for (int i = 0; i <= 64; ++i) {
        const double seconds = span * i / 64.0;
        curve.push_back(rate.at(seconds, rgs::base_mine_rate(c.initial_mine_rate, c.half_life, seconds / 60.0)));
    }
    draw_series(d, curve, palette::kOverlayText, 1.5f * s);
    std::snprintf(buf, sizeof buf, "BP per team (top %.0f)", top_bp * 1.05);
    d->AddText(ImVec2(bp.min.x + 4.0f * s, bp.min.y + 2.0f * s), palette::kOverlayDim, buf);
    d->AddText(ImVec2(rate.min.x + 4.0f * s, rate.max.y - line), palette::kOverlayDim, "r(t), BP/min");
    at.y = rate.max.y + gap;

    for (const Line& l : bottom) {
        d->AddText(at, l.colour, l.text.c_str());
        at.y += line;
    }
}

}  // namespace pb::ui
