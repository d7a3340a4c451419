// The Effects view's Analysis tab: for the worked examples, what each example gave under each
// policy; the compared policies (a table of what each achieved and overlaid charts of cumulative
// damage and leaks); the selected creep's effect timeline with what every hit did; and the key to
// every colour on the lanes. Immediate mode: everything is read from the world each frame. "The
// post" (on screen "the article") is the stacking article summarised in docs/labs/effects.md#sources.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "engine/effects/timeline.hpp"
#include "ui/effects/effects_colours.hpp"
#include "ui/effects/effects_view.hpp"
#include "ui/render/painter.hpp"
#include "ui/widgets/chart.hpp"
#include "ui/widgets/compare_results.hpp"

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

void section(const char* title) {
    ImGui::Separator();
    ImGui::TextUnformatted(title);
}

// "(20 dps | 4.5 s)": the post's notation, with the kind's unit.
std::string dose_text(effects::Dose d, const effects::EffectType& t) {
    char buf[64];
    const std::string unit(effects::kind_unit(t.kind));
    std::snprintf(buf, sizeof buf, "(%.3g%s%s | %.3g s)", d.potency, unit == "%" || unit.empty() ? "" : " ",
                  unit.c_str(), d.duration);
    return buf;
}

// One event in words: what a hit did to the dose on the creep.
std::string event_text(const EffectsWorld& w, const effects::EffectEvent& e) {
    const effects::EffectType& t = w.book().type(e.type);
    const std::string other = e.other >= 0 ? w.book().type(e.other).label : std::string("?");
    switch (e.kind) {
        case effects::EventKind::Applied: return t.label + " " + dose_text(e.after, t) + " applied";
        case effects::EventKind::Merged:
            return t.label + " " + dose_text(e.before, t) + " + " + dose_text(e.incoming, t) + " -> " +
                   dose_text(e.after, t) + "; PD " +
                   std::to_string(static_cast<int>(std::lround(e.before.pd() + e.incoming.pd()))) + " -> " +
                   std::to_string(static_cast<int>(std::lround(e.after.pd())));
        case effects::EventKind::Stacked:
            return t.label + " " + dose_text(e.incoming, t) + " stacked beside the one on it";
        case effects::EventKind::Cancelled: return t.label + " " + dose_text(e.before, t) + " cancelled by " + other;
        case effects::EventKind::Transformed:
            return t.label + " " + dose_text(e.incoming, t) + " turned into " + other + " " +
                   dose_text(e.after, w.book().type(e.other));
        case effects::EventKind::Blocked: return t.label + " " + dose_text(e.incoming, t) + " blocked by " + other;
    }
    return {};
}

// Which of the post's cases a creep's hits are, read from what they did in `lane`.
std::string post_case(const Lane& lane, int creep) {
    bool interacted = false, same = false, different = false, stacked = false;
    for (const effects::EffectEvent& e : lane.events().events()) {
        if (e.creep != creep) continue;
        switch (e.kind) {
            case effects::EventKind::Cancelled:
            case effects::EventKind::Transformed:
            case effects::EventKind::Blocked: interacted = true; break;
            case effects::EventKind::Merged:
                (std::abs(e.before.potency - e.incoming.potency) < 1e-9 ? same : different) = true;
                break;
            case effects::EventKind::Stacked: stacked = true; break;
            case effects::EventKind::Applied: break;
        }
    }
    if (interacted) return "the article's case 1, different effect types: fire and ice cancel";
    if (different) return "the article's case 3, same effect, different stats: conserve potency x duration";
    if (same) return "the article's case 2, same effect, identical stats: durations add";
    if (stacked) return "independent stacks";
    return "one hit so far";
}

// A chart as one ImGui group, so its rectangle can be recorded.
void chart_item(const ChartSpec& spec, const CanvasFrame& f, const char* widget) {
    ImGui::BeginGroup();
    draw_chart(spec);
    ImGui::EndGroup();
    if (f.widgets) f.widgets->record_last_item(widget);
}

}   // namespace

// The lab's key results in its own words (compare mode's tables).
ResultMeaning EffectsView::describe_result(const World& world, const std::string& path) const {
    const EffectsWorld& w = effects_world(world);
    ResultMeaning m;
    for (std::size_t i = 0; i < w.lanes().size(); ++i) {
        const std::string p = "metrics.policies[" + std::to_string(i) + "].",
                          name = effects::variant_key(w.lane(i).variant());
        if (path == p + "kills")
            m = {name + " kills", "", +1, 1.0, "Creeps killed on this policy's lane."};
        else if (path == p + "leaks")
            m = {name + " leaks", "", -1, 1.0, "Creeps that reached the base on this lane."};
        else if (path == p + "lives")
            m = {name + " lives left", "", +1, 1.0, "The lane's lives: each leak takes some."};
        else if (path == p + "total_damage")
            m = {name + " damage", "HP", +1, 1.0, "Hit points taken from creeps on this lane."};
    }
    return m;
}

bool EffectsView::draw_analysis(const World& world, const CanvasFrame& f) {
    const EffectsWorld& w = effects_world(world);
    if (f.compare) {
        draw_compare_results(
            world, f.compare, [&](const std::string& path) { return describe_result(world, path); }, f.widgets);
    }
    if (one_creep_per_wave(w)) {
        draw_examples(w, f);
        ImGui::Spacing();
    }
    draw_comparison(w, f);
    ImGui::Spacing();
    section("Selected creep");
    draw_creep_timeline(w, f);
    ImGui::Spacing();
    draw_key(w);
    return true;
}

void EffectsView::draw_examples(const EffectsWorld& w, const CanvasFrame& f) {
    section("Worked examples (one creep each; Ex. N on the lanes)");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(palette::kDimText,
                       "Each example's hits under each lane's policy, as the article writes them: (potency | seconds); "
                       "PD = potency x duration. The article's numbers: docs/labs/effects.md#sources.");
    for (std::size_t wave = 0; wave < w.waves().size(); ++wave) {
        const int creep = static_cast<int>(wave);   // one creep per wave: ids follow the waves
        ImGui::PushID(static_cast<int>(wave));
        ImGui::Text("Ex. %zu: %s", wave + 1, w.waves()[wave].name.c_str());
        if (f.widgets) f.widgets->record_last_item("effects.example." + std::to_string(wave));
        if (!w.lanes().empty()) ImGui::TextColored(palette::kDimText, "  %s", post_case(w.lane(0), creep).c_str());
        for (std::size_t i = 0; i < w.lanes().size(); ++i) {
            const Lane& lane = w.lane(i);
            std::string text;
            for (const effects::EffectEvent& e : lane.events().events()) {
                if (e.creep != creep || e.kind == effects::EventKind::Applied) continue;
                text += (text.empty() ? "" : "; ") + event_text(w, e);
            }
            if (text.empty() && creep < static_cast<int>(lane.creeps().size())) {
                std::string now;
                for (const effects::ActiveEffect& a : lane.creeps()[static_cast<std::size_t>(creep)].effects) {
                    const effects::EffectType& t = w.book().type(a.type);
                    now += (now.empty() ? "" : ", ") + t.label + " " + dose_text({a.potency, a.remaining}, t);
                }
                text = "on it now: " + (now.empty() ? std::string("no effect") : now);
            }
            ImGui::PushStyleColor(ImGuiCol_Text, lane_colour(i));
            ImGui::Bullet();
            ImGui::TextWrapped("%s: %s", effects::variant_key(lane.variant()).c_str(), text.c_str());
            ImGui::PopStyleColor();
        }
        ImGui::PopID();
    }
    ImGui::PopTextWrapPos();
}

void EffectsView::draw_comparison(const EffectsWorld& w, const CanvasFrame& f) {
    const std::size_t n = w.lanes().size();
    section(n > 1 ? "Policies compared on the same waves" : "Lane");
    if (ImGui::BeginTable("##effects_compare", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("policy");
        ImGui::TableSetupColumn("killed");
        ImGui::TableSetupColumn("leaked");
        ImGui::TableSetupColumn("damage, HP");
        ImGui::TableSetupColumn("merged PD");
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
            ImGui::PushStyleColor(ImGuiCol_Text,
                                  kept ? ImVec4(0.55f, 0.85f, 0.55f, 1.0f) : ImVec4(1.0f, 0.5f, 0.4f, 1.0f));
            if (kept)
                ImGui::TextUnformatted("kept");
            else
                ImGui::Text("%+.1f%%", total > 0.0 ? 100.0 * delta / total : 0.0);
            ImGui::PopStyleColor();
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip(
                    "Potency x duration the merges %s: %+.1f of %.1f applied.\n"
                    "A conserving policy keeps it (the article's rule); averaging loses it.",
                    delta < 0.0 ? "lost" : "created", delta, total);
        }
        ImGui::EndTable();
    }
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDimText);
    ImGui::TextWrapped(
        "killed, leaked: creeps; damage: hit points taken from creeps; merged PD: potency x duration the merges "
        "kept, or created (+) / lost (-) as a share of all applied.");
    ImGui::PopStyleColor();

    // Cumulative damage and leaks over time, one line per policy.
    const double dt = w.config().dt();
    const double span = std::max(10.0, w.seconds());
    ChartSpec damage, leaks;
    damage.id = "effects_damage";
    damage.height = 70.0f;
    damage.x = {"time", "s", 0.0, span};
    damage.y = {"Damage dealt so far, per policy", "HP", 0.0, 1.0};
    leaks.id = "effects_leaks";
    leaks.height = 55.0f;
    leaks.x = damage.x;
    leaks.y = {"Creeps leaked so far, per policy", "creeps", 0.0, 1.0};
    // One world's lines: cumulative damage and leaks per policy.
    auto series_of = [&](const EffectsWorld& v, std::vector<ChartSeries>& ds, std::vector<ChartSeries>& ls) {
        for (std::size_t i = 0; i < v.lanes().size(); ++i) {
            const Lane& lane = v.lane(i);
            const std::string name = effects::variant_key(lane.variant());
            ChartSeries d{name, lane_colour(i), {0.0}, {0.0}, 1.5f}, l{name, lane_colour(i), {0.0}, {0.0}, 1.5f};
            for (const effects::LaneSample& sample : lane.history()) {
                const double x = static_cast<double>(sample.tick) * dt;
                if (x <= d.x.back()) continue;
                d.x.push_back(x);
                d.y.push_back(sample.damage);
                // Leaks are counts: drawn as steps.
                if (sample.leaks != static_cast<int>(l.y.back())) {
                    l.x.push_back(x);
                    l.y.push_back(l.y.back());
                }
                l.x.push_back(x);
                l.y.push_back(static_cast<double>(sample.leaks));
            }
            if (v.seconds() > d.x.back()) {
                d.x.push_back(v.seconds());
                d.y.push_back(lane.total_damage());
                l.x.push_back(v.seconds());
                l.y.push_back(static_cast<double>(lane.leaks()));
            }
            damage.y.max = std::max(damage.y.max, lane.total_damage() * 1.05);
            leaks.y.max = std::max(leaks.y.max, static_cast<double>(lane.leaks()) + 1.0);
            ds.push_back(std::move(d));
            ls.push_back(std::move(l));
        }
    };
    series_of(w, damage.series, leaks.series);
    if (f.compare) {
        const EffectsWorld& b = effects_world(*f.compare->world);
        std::vector<ChartSeries> bd, bl;
        series_of(b, bd, bl);
        damage.x.max = leaks.x.max = std::max(span, b.seconds());
        overlay_b(damage, std::move(bd));
        overlay_b(leaks, std::move(bl));
        compare_chart_note();
    }
    chart_item(damage, f, "effects.chart.damage");
    chart_item(leaks, f, "effects.chart.leaks");
}

namespace {

// The selected creep: which it is, its health (or its fate) and a bar per effect it carries.
void draw_creep_status(const EffectsWorld& w, std::size_t lane_index, const effects::Creep& c, bool worked_examples) {
    const Lane& lane = w.lane(lane_index);
    const double dt = w.config().dt();
    if (worked_examples)
        ImGui::Text("Ex. %d: creep %d (%s)", c.wave + 1, c.id,
                    w.waves()[static_cast<std::size_t>(c.wave)].name.c_str());
    else
        ImGui::Text("Creep %d (%s)", c.id, w.waves()[static_cast<std::size_t>(c.wave)].name.c_str());
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, lane_colour(lane_index));
    ImGui::Text("in %s", effects::variant_key(lane.variant()).c_str());
    ImGui::PopStyleColor();
    if (c.walking()) {
        char overlay[64];
        std::snprintf(overlay, sizeof overlay, "%.0f / %.0f HP", c.hp, c.max_hp);
        ImGui::PushStyleColor(ImGuiCol_PlotHistogram,
                              ImGui::ColorConvertU32ToFloat4(health_colour(static_cast<float>(c.hp / c.max_hp))));
        ImGui::ProgressBar(safe_fraction(c.hp / c.max_hp, "creep health"), ImVec2(-1.0f, 0.0f), overlay);
        ImGui::PopStyleColor();
    } else {
        ImGui::Text("%s after %.1f s", std::string(effects::fate_key(c.fate)).c_str(),
                    static_cast<double>(c.end_tick - c.spawn_tick) * dt);
    }
    for (const effects::ActiveEffect& e : c.effects) {
        const effects::EffectType& t = w.book().type(e.type);
        char overlay[96];
        std::snprintf(overlay, sizeof overlay, "%s  %.1f %s  %.1f s left", t.label.c_str(), e.potency,
                      std::string(effects::kind_unit(t.kind)).c_str(), e.remaining);
        ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImGui::ColorConvertU32ToFloat4(effect_colour(t, 200)));
        ImGui::ProgressBar(safe_fraction(e.remaining / 10.0, "effect time left"), ImVec2(-1.0f, 0.0f), overlay);
        ImGui::PopStyleColor();
    }
}

// Two charts over the creep's life: seconds left of each effect, and its potency as a share of
// the type's peak (steps: potency holds between events).
void draw_timeline_charts(const EffectsWorld& w, const effects::CreepTimeline& t, const CanvasFrame& f) {
    const double dt = w.config().dt();
    // x: seconds since the timeline's start (the creep's spawn, or the oldest event kept).
    const double x0 = static_cast<double>(t.from), x1 = static_cast<double>(std::max(t.to, t.from + 1));
    ChartSpec remaining, potency;
    remaining.id = "effects_remaining";
    remaining.height = 60.0f;
    remaining.x = {"time since spawn", "s", 0.0, (x1 - x0) * dt};
    remaining.y = {"Seconds left of each effect", "s", 0.0, 1.0};
    potency.id = "effects_potency";
    potency.height = 50.0f;
    potency.x = remaining.x;
    potency.y = {"Potency, as a share of each type's peak", "%", 0.0, 110.0};
    for (const effects::TypeTimeline& type : t.types) {
        const effects::EffectType& et = w.book().type(type.type);
        const ImU32 colour = effect_colour(et);
        double peak = 1e-9;
        for (const effects::TimelinePoint& p : type.points) peak = std::max(peak, p.potency);
        char name[96];
        std::snprintf(name, sizeof name, "%s (peak %.3g %s)", et.label.c_str(), peak,
                      std::string(effects::kind_unit(et.kind)).c_str());
        ChartSeries r{et.label, colour, {}, {}, 1.5f}, p{name, colour, {}, {}, 1.5f};
        for (std::size_t i = 0; i < type.points.size(); ++i) {
            const effects::TimelinePoint& q = type.points[i];
            const double x = (static_cast<double>(q.tick) - x0) * dt;
            r.x.push_back(x);
            r.y.push_back(q.remaining);
            remaining.y.max = std::max(remaining.y.max, q.remaining * 1.08);
            // Potency holds between events: steps, not slopes.
            if (i > 0) {
                p.x.push_back(x);
                p.y.push_back(100.0 * type.points[i - 1].potency / peak);
            }
            p.x.push_back(x);
            p.y.push_back(100.0 * q.potency / peak);
        }
        remaining.series.push_back(std::move(r));
        potency.series.push_back(std::move(p));
    }
    ImGui::BeginGroup();
    draw_chart(remaining);
    draw_chart(potency);
    ImGui::EndGroup();
    if (f.widgets) f.widgets->record_last_item("effects.timeline");
}

// What every hit on the creep did, in the post's notation (the latest 12).
void draw_hit_list(const EffectsWorld& w, const Lane& lane, const effects::Creep& c) {
    const double dt = w.config().dt();
    ImGui::TextColored(palette::kDimText, "What the hits did (time since spawn):");
    ImGui::PushTextWrapPos(0.0f);
    int shown = 0;
    for (const effects::EffectEvent& e : lane.events().events()) {
        if (e.creep != c.id) continue;
        if (++shown > 12) {
            ImGui::TextDisabled("... (the latest 12 are shown)");
            break;
        }
        const ImU32 colour = effect_colour(w.book().type(e.type));
        legend_swatch(colour, "");
        ImGui::SameLine();
        ImGui::Text("%.2f s  %s", static_cast<double>(e.tick - c.spawn_tick) * dt, event_text(w, e).c_str());
    }
    ImGui::PopTextWrapPos();
}

}   // namespace

void EffectsView::draw_creep_timeline(const EffectsWorld& w, const CanvasFrame& f) {
    const std::size_t lane_index =
        static_cast<std::size_t>(std::clamp(selected_lane_, 0, static_cast<int>(w.lanes().size()) - 1));
    const Lane& lane = w.lane(lane_index);
    if (selected_creep_ < 0 || selected_creep_ >= static_cast<int>(lane.creeps().size())) {
        ImGui::TextDisabled("Click a creep on a lane for its effect timeline.");
        return;
    }
    const effects::Creep& c = lane.creeps()[static_cast<std::size_t>(selected_creep_)];
    draw_creep_status(w, lane_index, c, one_creep_per_wave(w));
    const effects::CreepTimeline t = effects::creep_timeline(lane, c.id, w.config().dt(), w.tick());
    if (t.types.empty()) {
        ImGui::TextDisabled("No effect has touched it yet.");
        return;
    }
    draw_timeline_charts(w, t, f);
    draw_hit_list(w, lane, c);
}

void EffectsView::draw_key(const EffectsWorld& w) const {
    section("Key to the lanes");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(palette::kDimText, "Effect types (a defender's body, a creep's rings, the timeline's lines):");
    for (const effects::EffectType& t : w.book().types()) {
        const std::string text = t.label + " (" + t.icon + "): " + std::string(effects::kind_meaning(t.kind)) +
                                 "; stacks by " + std::string(effects::policy_key(t.policy));
        legend_swatch(effect_colour(t), text.c_str());
    }
    ImGui::TextColored(palette::kDimText, "Defenders (towers), by kind:");
    legend_picture("body in its effect's colour, letter = the effect: a defender that applies that effect",
                   [&](Painter& d, ImVec2 c, float r) {
                       const ImU32 colour = w.book().types().empty() ? palette::rgb(110, 200, 70)
                                                                     : effect_colour(w.book().types().front());
                       d.AddCircleFilled(c, r, colour);
                       d.AddCircle(c, r, palette::rgb(240, 240, 240), 0, 1.0f);
                   });
    legend_picture("grey body: a defender that only deals damage", [](Painter& d, ImVec2 c, float r) {
        d.AddCircleFilled(c, r, palette::rgb(170, 170, 178));
        d.AddCircle(c, r, palette::rgb(240, 240, 240), 0, 1.0f);
    });
    legend_picture("faint circle: its range; a line: its shot at the creep it hit this tick; yellow ring: selected",
                   [](Painter& d, ImVec2 c, float r) {
                       d.AddCircle(c, r, palette::rgb(170, 170, 178, 120), 0, 1.0f);
                       d.AddCircle(c, r * 0.5f, palette::kSelection, 0, 2.0f);
                   });
    ImGui::TextColored(palette::kDimText, "Creeps:");
    legend_picture(
        "a ring per effect on it, in the effect's colour; the arc is the seconds left (closed: 10 s or more)",
        [&](Painter& d, ImVec2 c, float r) {
            d.AddCircleFilled(c, r * 0.55f, palette::rgb(215, 205, 185));
            const ImU32 colour =
                w.book().types().empty() ? palette::rgb(110, 200, 70) : effect_colour(w.book().types().front());
            d.PathArcTo(c, r * 0.85f, -1.5707964f, -1.5707964f + 0.6f * 6.2831853f, 16);
            d.PathStroke(colour, 0, 2.0f);
        });
    legend_picture(
        "\"-20 HP/s\" above it: hit points per second its damage effects deal now, in the strongest one's colour (left "
        "out where it would cover another: hover the creep)",
        [](Painter& d, ImVec2 c, float r) {
            d.AddText(ImVec2(c.x - r, c.y - r), palette::rgb(110, 200, 70), "-n HP/s");
        });
    legend_picture("\"Ex. 2\" under it: the worked example it is (scenarios of one creep per wave)",
                   [](Painter& d, ImVec2 c, float r) {
                       d.AddRectFilled(ImVec2(c.x - r * 1.4f, c.y - r * 0.7f), ImVec2(c.x + r * 1.4f, c.y + r * 0.7f),
                                       palette::kOverlayBackground, 2.0f);
                   });
    colour_scale(
        "Bar above a creep: its health (share of its hit points left)", [](float t) { return health_colour(t); }, 0.0,
        100.0, "%");
    ImGui::TextColored(palette::kDimText, "Lanes:");
    legend_picture("green disc: where creeps spawn; red square: the base (a creep reaching it leaks and takes lives)",
                   [](Painter& d, ImVec2 c, float r) {
                       d.AddCircleFilled(ImVec2(c.x - r * 0.8f, c.y), r * 0.6f, palette::rgb(90, 200, 120));
                       d.AddRectFilled(ImVec2(c.x + r * 0.2f, c.y - r * 0.6f), ImVec2(c.x + r * 1.4f, c.y + r * 0.6f),
                                       palette::rgb(230, 80, 70));
                   });
    for (std::size_t i = 0; i < w.lanes().size(); ++i) {
        const std::string text = "lane " + std::to_string(i + 1) + ": " + effects::variant_label(w.lane(i).variant()) +
                                 " (its title and chart lines)";
        legend_swatch(lane_colour(i), text.c_str());
    }
    ImGui::PopTextWrapPos();
}

}   // namespace pb::ui
