// The RGS view's pictures beyond the map: the small status box on the canvas (match time, each
// team's BP and rate, the heat map's colour scale) and the side panel's Analysis tab (the
// economy, charts of BP and mining rate over the match, the heat map's settings and scale, the
// union-volume comparison for the cluster under the cursor, and the key to every colour).
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "engine/core/hash.hpp"
#include "engine/core/words.hpp"
#include "engine/rgs/mine_rate.hpp"
#include "ui/render/painter.hpp"
#include "ui/rgs/rgs_view.hpp"
#include "ui/widgets/chart.hpp"
#include "ui/widgets/compare_results.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::ui {

using rgs::RgsWorld;
using rgs::State;

namespace {

std::string match_clock(std::int64_t seconds) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%lld:%02lld", static_cast<long long>(seconds / 60),
                  static_cast<long long>(seconds % 60));
    return buf;
}

// What the heat map shows now, in words.
std::string heat_caption(const RgsWorld& w, const RgsView::Options& o) {
    const std::string who = w.teams()[o.team].name, kind(rgs::kind_key(rgs::default_kind(o.team)));
    char z[32];
    std::snprintf(z, sizeof z, "%.0f", o.height * w.config().map_height);
    if (o.team_delta)
        return "Heat map: change of " + possessive(who) + " summed efficiency if a " + kind +
               " were built here (z = " + z + " qu)";
    return "Heat map: efficiency a new " + kind + " of " + who + " would mine at here (z = " + z + " qu)";
}

// A heading over a rule (ImGui 1.86 has no SeparatorText).
void section(const char* title) {
    ImGui::Separator();
    ImGui::TextUnformatted(title);
}

}   // namespace

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

std::string union_comparison_words(const rgs::ClusterComparison& cmp) {
    // A share, then how far from the union's it is: "-98.0% of what the union would" read as a
    // negative payment.
    const double share = 100.0 * (cmp.relative_difference() + 1.0), gap = 100.0 * cmp.relative_difference();
    char buf[160];
    if (std::abs(gap) < 0.05)
        std::snprintf(buf, sizeof buf, "the pairwise rule pays what the union would (%.1f%%)", share);
    else
        std::snprintf(buf, sizeof buf, "the pairwise rule pays %.1f%% of what the union would (%.1f%% %s)", share,
                      std::abs(gap), gap < 0.0 ? "less" : "more");
    return buf;
}

// ---------------------------------------------------------------- the canvas's status box

void RgsView::draw_status(const RgsWorld& w, const CanvasFrame& f) const {
    Painter* d = f.draw;
    const float s = f.ui_scale, line = ImGui::GetTextLineHeightWithSpacing(), pad = 6.0f * s;
    const ImVec2 origin(f.view->origin().x + 8.0f * s, f.view->origin().y + 8.0f * s);
    struct Line {
        std::string text;
        ImU32 colour;
    };
    std::vector<Line> lines;
    char buf[160];
    std::snprintf(buf, sizeof buf, "match time %s (min:s)", match_clock(w.tick()).c_str());
    lines.push_back({buf, palette::kOverlayText});
    std::snprintf(buf, sizeof buf, "r(t) %.2f BP/min per RGS at 100%%", w.base_rate());
    lines.push_back({buf, palette::kOverlayDim});
    for (int team = 0; team < 2; ++team) {
        std::snprintf(buf, sizeof buf, "%s %.1f BP, mining %.2f BP/min", w.teams()[team].name.c_str(),
                      w.teams()[team].bp, w.mine_rate(team));
        lines.push_back({buf, palette::kTeam[team]});
    }
    const bool heat = options_.heat_map && !options_.side_view;
    std::string scale_caption;
    if (heat)
        scale_caption = options_.team_delta
                            ? "heat: " + possessive(w.teams()[options_.team].name) + " change of summed eff. (D)"
                            : "heat: eff. of a new " + std::string(rgs::kind_key(rgs::default_kind(options_.team))) +
                                  " of " + w.teams()[options_.team].name + " (H)";
    else
        scale_caption = options_.side_view ? "side view (X): heat map from above only" : "heat map off (H)";
    lines.push_back({scale_caption, palette::kOverlayDim});

    float width = kStatusWidth * s;
    for (const Line& l : lines) width = std::max(width, ImGui::CalcTextSize(l.text.c_str()).x + 2.0f * pad);
    const float bar_h = 9.0f * s;
    const float height =
        pad + static_cast<float>(lines.size()) * line + (heat ? bar_h + line + 2.0f * s : 0.0f) + line + pad * 0.5f;
    const ImVec2 max(origin.x + width, origin.y + height);
    d->AddRectFilled(origin, max, palette::kOverlayBackground, 5.0f * s);
    if (f.widgets) f.widgets->record("overlay.rgs_status", WidgetRect{origin.x, origin.y, width, height, true});
    ImVec2 at(origin.x + pad, origin.y + pad);
    for (const Line& l : lines) {
        d->AddText(at, l.colour, l.text.c_str());
        at.y += line;
    }
    if (heat) {
        // The colour bar, as the cells look over the floor, with its numbers.
        const float w_bar = width - 2.0f * pad;
        constexpr int kSteps = 40;
        for (int i = 0; i < kSteps; ++i) {
            const double t = (i + 0.5) / kSteps;
            const ImU32 c = options_.team_delta ? heat_delta_colour(-1.0 + 2.0 * t) : heat_efficiency_colour(t);
            d->AddRectFilled(ImVec2(at.x + w_bar * static_cast<float>(i) / kSteps, at.y),
                             ImVec2(at.x + w_bar * static_cast<float>(i + 1) / kSteps + 1.0f, at.y + bar_h),
                             heat_on_floor(c));
        }
        const char* lo = options_.team_delta ? "-1 or less" : "0%";
        const char* mid = options_.team_delta ? "0" : "50%";
        const char* hi = options_.team_delta ? "+1" : "100%";
        const float ty = at.y + bar_h + 1.0f * s;
        d->AddText(ImVec2(at.x, ty), palette::kOverlayDim, lo);
        d->AddText(ImVec2(at.x + (w_bar - ImGui::CalcTextSize(mid).x) * 0.5f, ty), palette::kOverlayDim, mid);
        d->AddText(ImVec2(at.x + w_bar - ImGui::CalcTextSize(hi).x, ty), palette::kOverlayDim, hi);
        at.y += bar_h + line + 2.0f * s;
    }
    d->AddText(at, palette::kOverlayDim, "Key, charts, clusters: Analysis tab");
}

// ---------------------------------------------------------------- the Analysis tab

// The lab's key results in its own words (compare mode's tables).
ResultMeaning RgsView::describe_result(const World& world, const std::string& path) const {
    const RgsWorld& a = rgs_world(world);
    ResultMeaning m;
    for (int team = 0; team < 2; ++team) {
        const std::string t = "metrics.teams[" + std::to_string(team) + "].", name = a.teams()[team].name;
        if (path == t + "bp")
            m = {name + " BP in hand", "BP", 0, 1.0, "Build points the team holds now."};
        else if (path == t + "mined")
            m = {name + " BP mined", "BP", 0, 1.0, "Build points the team mined since the start."};
    }
    return m;
}

bool RgsView::draw_analysis(const World& world, const CanvasFrame& f) {
    const RgsWorld& w = preview_ && grabbed_ ? rgs_world(*preview_) : rgs_world(world);
    const auto& c = w.config();
    auto record = [&](const std::string& name) {
        if (f.widgets) f.widgets->record_last_item(name);
    };
    if (f.compare) {
        draw_compare_results(
            world, f.compare, [&](const std::string& path) { return describe_result(world, path); }, f.widgets);
    }

    // The economy now.
    ImGui::Text("Match time %s (min:s)", match_clock(w.tick()).c_str());
    ImGui::SameLine();
    ImGui::TextColored(palette::kDimText, "one tick = one second");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::Text("r(t) = %.2f BP/min: what one RGS at 100%% mines now (R0 %.3g BP/min, half-life T %.3g min)",
                w.base_rate(), c.initial_mine_rate, c.half_life);
    ImGui::PopTextWrapPos();
    if (ImGui::BeginTable("##rgs_economy", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("team");
        ImGui::TableSetupColumn("BP");
        ImGui::TableSetupColumn("summed eff.");
        ImGui::TableSetupColumn("BP/min");
        ImGui::TableSetupColumn("RGS m/b/w");
        ImGui::TableHeadersRow();
        for (int team = 0; team < 2; ++team) {
            int mining = 0, building = 0, wrecks = 0;
            for (const rgs::Rgs& r : w.structures()) {
                if (r.removed || r.team != team) continue;
                mining += rgs::is_mining(r.state);
                building += r.state == State::Building;
                wrecks += r.state == State::Destroyed;
            }
            const double sum = w.team_efficiency(team), eff = w.effective_efficiency(team);
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(palette::kTeam[team]), "%s",
                               w.teams()[team].name.c_str());
            ImGui::TableNextColumn();
            ImGui::Text("%.1f", w.teams()[team].bp);
            ImGui::TableNextColumn();
            if (eff > sum)
                ImGui::Text("%.2f (floor %.2f)", sum, eff);
            else
                ImGui::Text("%.2f", sum);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip(
                    "The sum of its mining RGS's efficiencies (1.00 = one RGS at 100%%).\n"
                    "While its main structure lives it is raised to the minimum parameter.");
            ImGui::TableNextColumn();
            ImGui::Text("%.2f", w.mine_rate(team));
            ImGui::TableNextColumn();
            ImGui::Text("%d / %d / %d", mining, building, wrecks);
        }
        ImGui::EndTable();
    }
    record("rgs.economy");
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDimText);
    ImGui::TextWrapped(
        "BP: build points in hand. BP/min: what the team mines now. RGS m/b/w: mining / building / wrecks.");
    ImGui::PopStyleColor();

    ImGui::Spacing();
    draw_charts(w, f.compare ? &rgs_world(*f.compare->world) : nullptr);

    ImGui::Spacing();
    section("Heat map");
    ImGui::Checkbox("show (H)", &options_.heat_map);
    record("rgs.heat.show");
    ImGui::SameLine();
    int mode = options_.team_delta ? 1 : 0;
    if (ImGui::RadioButton("efficiency", mode == 0)) options_.team_delta = false;
    ImGui::SameLine();
    if (ImGui::RadioButton("team's change (D)", mode == 1)) options_.team_delta = true;
    ImGui::Checkbox("side view (X)", &options_.side_view);
    ImGui::SameLine();
    float height = static_cast<float>(options_.height * c.map_height);
    ImGui::SetNextItemWidth(160.0f * f.ui_scale);
    // A short label beside the slider (the panel is narrow at 1280 px); the keys on hover.
    if (ImGui::SliderFloat("height (qu)", &height, 0.0f, static_cast<float>(c.map_height), "%.0f"))
        options_.height = c.map_height > 0.0 ? std::clamp(static_cast<double>(height) / c.map_height, 0.0, 1.0) : 0.5;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("The heat map's height above the floor, in qu (PgUp / PgDn)");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(palette::kDimText, "%s; the team is the Tools tab's build team (T).",
                       heat_caption(w, options_).c_str());
    ImGui::PopTextWrapPos();
    if (options_.team_delta) {
        colour_scale(
            "change of the team's summed efficiency (below 0: the new RGS costs the team more than it mines)",
            [](float t) { return heat_on_floor(heat_delta_colour(-1.0 + 2.0 * t)); }, -1.0, 1.0, "");
    } else {
        colour_scale(
            "efficiency of the new RGS", [](float t) { return heat_on_floor(heat_efficiency_colour(t)); }, 0.0, 100.0,
            "%");
    }
    record("rgs.heat.scale");

    ImGui::Spacing();
    draw_cluster(w);
    ImGui::Spacing();
    draw_key(w);
    return true;
}

void RgsView::draw_charts(const RgsWorld& w, const RgsWorld* b_world) const {
    const std::int64_t now = w.tick();
    // Minutes once the match is longer than three of them (one tick is one second).
    const bool minutes = now > 180;
    const double unit = minutes ? 60.0 : 1.0;
    const double span = std::max<double>(minutes ? 180.0 : 60.0, static_cast<double>(now)) / unit;

    ChartSpec bp;
    bp.id = "rgs_bp";
    bp.height = 80.0f;
    bp.x = {"match time", minutes ? "min" : "s", 0.0, span};
    bp.y = {"Build points in hand, per team", "BP", 0.0, 1.0};
    ChartSpec rate;
    rate.id = "rgs_rate";
    rate.height = 80.0f;
    rate.x = bp.x;
    rate.y = {"Mining rate: r(t) and each team's", "BP/min", 0.0, std::max(1e-9, w.config().initial_mine_rate)};
    // One world's series: BP and mining rate per team, then r(t) (known ahead: the whole span).
    auto series_of = [&](const RgsWorld& v, std::vector<ChartSeries>& bps, std::vector<ChartSeries>& rates) {
        const std::int64_t at = v.tick();
        for (int team = 0; team < 2; ++team) {
            ChartSeries b{v.teams()[team].name, palette::kTeam[team], {}, {}, 1.5f};
            ChartSeries r{v.teams()[team].name + " mines", palette::kTeam[team], {}, {}, 1.5f};
            for (const rgs::EconomySample& sample : v.history()) {
                if (sample.tick > at) break;
                const double x = static_cast<double>(sample.tick) / unit;
                b.x.push_back(x);
                b.y.push_back(sample.bp[team]);
                r.x.push_back(x);
                r.y.push_back(sample.efficiency[team] * sample.base_rate);
            }
            if (b.x.empty() || b.x.back() < static_cast<double>(at) / unit) {
                b.x.push_back(static_cast<double>(at) / unit);
                b.y.push_back(v.teams()[team].bp);
                r.x.push_back(static_cast<double>(at) / unit);
                r.y.push_back(v.mine_rate(team));
            }
            for (double y : b.y) bp.y.max = std::max(bp.y.max, y * 1.05);
            for (double y : r.y) rate.y.max = std::max(rate.y.max, y * 1.05);
            bps.push_back(std::move(b));
            rates.push_back(std::move(r));
        }
        ChartSeries base{"r(t), one RGS at 100%", palette::kOverlayText, {}, {}, 1.0f};
        for (int i = 0; i <= 64; ++i) {
            const double x = span * i / 64.0;
            base.x.push_back(x);
            base.y.push_back(rgs::base_mine_rate(v.config().initial_mine_rate, v.config().half_life, x * unit / 60.0));
        }
        rate.y.max = std::max(rate.y.max, v.config().initial_mine_rate);
        rates.push_back(std::move(base));
    };
    series_of(w, bp.series, rate.series);
    if (b_world) {
        std::vector<ChartSeries> b_bp, b_rate;
        series_of(*b_world, b_bp, b_rate);
        overlay_b(bp, std::move(b_bp));
        overlay_b(rate, std::move(b_rate));
        compare_chart_note();
    }
    draw_chart(bp);
    draw_chart(rate);
}

void RgsView::draw_cluster(const RgsWorld& w) {
    section("Cluster: pairwise rule vs union of spheres");
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
    const rgs::ClusterComparison* cmp = focus >= 0 ? comparison_for(w, focus) : nullptr;
    if (!cmp) {
        ImGui::TextDisabled("No two RGS interfere: every one mines at 100%%.");
        return;
    }
    ImGui::Text("%s RGS %d: %zu RGS", focus == focus_id_ ? "Cluster of (under the cursor)" : "Largest cluster, with",
                focus, cmp->members.size());
    ImGui::PushTextWrapPos(0.0f);
    if (cmp->has_union) {
        ImGui::Text(
            "summed efficiency by the pairwise rule %.3f; union of their spheres %.3f \xc2\xb1 %.3f sphere volumes",
            cmp->approximation, cmp->union_spheres, cmp->union_error);
        ImGui::TextUnformatted(union_comparison_words(*cmp).c_str());
    } else {
        ImGui::Text("summed efficiency by the pairwise rule %.3f; the union is too large to compute live",
                    cmp->approximation);
    }
    ImGui::TextColored(
        palette::kDimText,
        "The Unvanquished developers' intent: a cluster mines in proportion to the union's volume; the pairwise "
        "rule is exact for pairs and penalises clutter beyond them.");
    ImGui::PopTextWrapPos();
}

void RgsView::draw_key(const RgsWorld& w) const {
    section("Key to the map");
    for (int team = 0; team < 2; ++team) {
        const std::string text =
            w.teams()[team].name + " (builds " + std::string(rgs::kind_key(rgs::default_kind(team))) + "s)";
        legend_swatch(palette::kTeam[team], text.c_str());
        if (team == 0) ImGui::SameLine(0, 16.0f);
    }
    const ImU32 blue = palette::kTeam[0];
    legend_picture("circle = an RGS's range (its sphere's footprint); the fill is stronger the higher its efficiency",
                   [&](Painter& d, ImVec2 c, float r) {
                       d.AddCircleFilled(c, r, palette::with_alpha(blue, 90));
                       d.AddCircle(c, r, palette::with_alpha(blue, 230), 0, 2.0f);
                   });
    ImGui::TextColored(palette::kDimText, "   fill at efficiency");
    for (double e : {1.0, 0.5, 0.0}) {
        char text[48];
        std::snprintf(text, sizeof text, "%.0f%%", 100.0 * e);
        ImGui::SameLine(0, 10.0f);
        legend_swatch(heat_on_floor(palette::with_alpha(blue, static_cast<std::uint8_t>(20 + 70 * e))), text);
    }
    legend_picture("\"eff 84%\" under an RGS = its efficiency (share of r(t) it mines), the text tinted by its team",
                   [](Painter& d, ImVec2 c, float r) {
                       d.AddRectFilled(ImVec2(c.x - r * 1.4f, c.y - r * 0.7f), ImVec2(c.x + r * 1.4f, c.y + r * 0.7f),
                                       palette::kOverlayBackground, 2.0f);
                   });
    legend_picture("white line = two RGS interfere; thicker = stronger (thin: spheres just touch, thickest: same spot)",
                   [](Painter& d, ImVec2 c, float r) {
                       d.AddLine(ImVec2(c.x - r * 1.5f, c.y - r * 0.4f), ImVec2(c.x + r * 1.5f, c.y - r * 0.4f),
                                 palette::rgb(255, 255, 255, 150), 1.0f);
                       d.AddLine(ImVec2(c.x - r * 1.5f, c.y + r * 0.4f), ImVec2(c.x + r * 1.5f, c.y + r * 0.4f),
                                 palette::rgb(255, 255, 255, 150), 5.0f);
                   });
    legend_picture(
        "faint thin ring, no fill = building (\"building, N s left\"): mines nothing, interferes with nobody",
        [&](Painter& d, ImVec2 c, float r) { d.AddCircle(c, r, palette::with_alpha(blue, 120), 0, 1.0f); });
    legend_picture("\"marked\" = marked for deconstruction: still mines; goes first when BP run short",
                   [&](Painter& d, ImVec2 c, float r) {
                       d.AddCircleFilled(c, r, palette::with_alpha(blue, 60));
                       d.AddCircle(c, r, palette::with_alpha(blue, 230), 0, 2.0f);
                   });
    legend_picture(
        "grey ring and x = destroyed (a wreck): mines nothing, interferes with nobody",
        [](Painter& d, ImVec2 c, float r) {
            const ImU32 grey = palette::rgb(150, 150, 150, 220);
            d.AddCircle(c, r, grey, 0, 1.0f);
            d.AddLine(ImVec2(c.x - r * 0.5f, c.y - r * 0.5f), ImVec2(c.x + r * 0.5f, c.y + r * 0.5f), grey, 2.0f);
            d.AddLine(ImVec2(c.x - r * 0.5f, c.y + r * 0.5f), ImVec2(c.x + r * 0.5f, c.y - r * 0.5f), grey, 2.0f);
        });
    legend_picture("\"x10\" = that many RGS on one spot; their labels stack (RGS id: efficiency)",
                   [](Painter& d, ImVec2 c, float r) {
                       d.AddRectFilled(ImVec2(c.x - r * 1.4f, c.y - r * 0.8f), ImVec2(c.x + r * 1.4f, c.y + r * 0.8f),
                                       palette::rgb(60, 50, 10, 230), 2.0f);
                   });
    legend_picture("yellow ring = the selected RGS (the Tools tab acts on it)",
                   [](Painter& d, ImVec2 c, float r) { d.AddCircle(c, r, palette::kSelection, 0, 2.5f); });
    legend_picture("dashed line from an RGS to a label = its label, moved off it to keep labels apart",
                   [](Painter& d, ImVec2 c, float r) {
                       d.AddDashedLine(ImVec2(c.x - r * 1.5f, c.y), ImVec2(c.x + r * 1.5f, c.y),
                                       palette::rgb(255, 230, 150, 200), 1.0f, 3.0f);
                   });
}

LabHelp RgsView::help() const {
    LabHelp h;
    h.what_you_see =
        "The map from above (X: from the side). Each RGS (Resource Generating Structure) is a circle, its range, in "
        "its team's colour "
        "(Humans blue, Aliens red); the fill and the label under it give its efficiency, the share of the level-wide "
        "rate r(t) it "
        "mines. White lines join RGS that interfere, thicker the stronger. RGS on one spot show an \"xN\" badge and a "
        "stack of labels.\n\n"
        "The heat map shows what a new RGS of the build team would mine at each point of a slice at the chosen height "
        "(viridis: dark "
        "blue 0% to yellow 100%), or with D the change of that team's summed efficiency (purple: a loss, green: a "
        "gain). The box in "
        "the canvas's corner gives the match time, each team's build points (BP) and rate, and the heat map's "
        "scale.\n\n"
        "The Analysis tab: the economy, charts of BP and mining rate over the match (hover for values), the heat map's "
        "settings and "
        "scale, the pairwise rule against the union of spheres for the cluster under the cursor, and the key to every "
        "colour.";
    h.what_you_can_do =
        "Build: in the Tools tab pick the team and kind, then press B (or tick \"click builds\") and click the map. "
        "Select an RGS by "
        "clicking it: remove, mark, damage or repair it in the Tools tab, or toggle a team's main structure (it raises "
        "the team's "
        "efficiency to the minimum). Pause (Space) and drag an RGS: the heat map, labels and efficiencies follow live, "
        "and the drop "
        "is a move command. Change the economy live in the Parameters tab.";
    h.keys = {{"H", "heat map on / off"},
              {"D", "heat map: efficiency of a new RGS / change of the team's summed efficiency"},
              {"T", "the build team (Humans / Aliens): whose RGS the preview and a click build"},
              {"X", "side view (x-z) / top view (x-y)"},
              {"PgUp / PgDn", "the heat map's height, 5% of the map's height a step"},
              {"B", "a click on free map builds / only selects"},
              {"click", "select an RGS (or build, with B)"},
              {"Esc", "clear the selection"},
              {"Del / Backspace", "remove the selected RGS (refunds health% of its price; a wreck refunds nothing)"},
              {"M", "mark / unmark the selected RGS for deconstruction"},
              {"drag (paused)", "move an RGS; the heat map and efficiencies follow live"},
              {"Ctrl+Z / Ctrl+Shift+Z",
               "undo / redo: moves, marks, damage and repair, main structures, builds (the price comes back) and "
               "removals (the RGS at its id, the refund taken back)"},
              {"Shift+drag a slider / arrows",
               "ten times finer / one step (hover or focus the slider); Ctrl+click types a value"}};
    h.source = "Unvanquished's design post on its resource system (docs/labs/rgs.md#sources)";
    return h;
}

}   // namespace pb::ui
