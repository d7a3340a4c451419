#include "ui/effects/effects_view.hpp"
#include "ui/render/painter.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <glm/common.hpp>

#include "ui/effects/effects_colours.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/tooltip.hpp"

namespace pb::ui {

using effects::Creep;
using effects::EffectsWorld;
using effects::Tower;
using effects::Vec2;

namespace {

constexpr ImU32 kPanel = palette::rgb(30, 34, 39);
constexpr ImU32 kPanelEdge = palette::rgb(70, 76, 84);
constexpr ImU32 kPath = palette::rgb(120, 100, 72);
constexpr ImU32 kPathEdge = palette::rgb(80, 66, 48);
constexpr ImU32 kSpawn = palette::rgb(90, 200, 120);
constexpr ImU32 kBase = palette::rgb(230, 80, 70);
constexpr ImU32 kCreep = palette::rgb(215, 205, 185);
constexpr ImU32 kCreepEdge = palette::rgb(40, 36, 30);
constexpr ImU32 kPlainTower = palette::rgb(170, 170, 178);

// Lane sizes in lane units (the scenario's coordinates).
constexpr double kLaneWidth = 0.7;
constexpr double kCreepRadius = 0.28;
constexpr double kTowerRadius = 0.4;
constexpr double kRingGap = 0.1;
constexpr double kRingFullSeconds = 10.0;   // a ring is closed when 10 s or more are left
constexpr double kMargin = 1.5;

ImVec2 add(ImVec2 a, ImVec2 b) { return ImVec2(a.x + b.x, a.y + b.y); }

std::string one_decimal(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    return buf;
}

}   // namespace

const EffectsWorld& EffectsView::effects_world(const World& world) { return dynamic_cast<const EffectsWorld&>(world); }

// ---------------------------------------------------------------- layout

EffectsView::Layout EffectsView::layout_of(const EffectsWorld& w) const {
    Layout l;
    Vec2 lo = w.path().waypoints().front(), hi = lo;
    for (const Vec2& p : w.path().waypoints()) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    for (const Tower& t : w.lane(0).towers()) {
        if (t.removed) continue;
        lo = glm::min(lo, t.def.pos);
        hi = glm::max(hi, t.def.pos);
    }
    l.min = lo - Vec2(kMargin, kMargin);
    l.max = hi + Vec2(kMargin, kMargin);
    const Vec2 size = l.max - l.min;
    l.scale = std::max(size.x, size.y);
    l.panel_w = size.x / l.scale;
    l.panel_h = size.y / l.scale;
    // Wide lanes stack; squarish ones sit two abreast.
    l.columns = w.lanes().size() > 1 && l.panel_w < 1.6 * l.panel_h ? 2 : 1;
    return l;
}

glm::dvec2 EffectsView::panel_origin(const Layout& l, std::size_t lane) const {
    const int col = static_cast<int>(lane) % l.columns, row = static_cast<int>(lane) / l.columns;
    return {col * (l.panel_w + l.gap), -row * (l.panel_h + l.title + l.gap) - l.title};
}

glm::dvec2 EffectsView::to_canvas(const EffectsWorld& w, std::size_t lane, Vec2 p) const {
    const Layout l = layout_of(w);
    const glm::dvec2 o = panel_origin(l, lane);
    return {o.x + (p.x - l.min.x) / l.scale, o.y - (l.max.y - p.y) / l.scale};
}

std::optional<std::pair<std::size_t, Vec2>> EffectsView::to_lane(const EffectsWorld& w, glm::dvec2 point) const {
    const Layout l = layout_of(w);
    for (std::size_t lane = 0; lane < w.lanes().size(); ++lane) {
        const glm::dvec2 o = panel_origin(l, lane);
        if (point.x < o.x || point.x > o.x + l.panel_w || point.y > o.y || point.y < o.y - l.panel_h) continue;
        return std::make_pair(lane, Vec2{l.min.x + (point.x - o.x) * l.scale, l.max.y - (o.y - point.y) * l.scale});
    }
    return std::nullopt;
}

WorldRect EffectsView::bounds(const World& world) const {
    const EffectsWorld& w = effects_world(world);
    const Layout l = layout_of(w);
    const int rows = static_cast<int>((w.lanes().size() + static_cast<std::size_t>(l.columns) - 1) /
                                      static_cast<std::size_t>(l.columns));
    return {{0.0, -rows * (l.panel_h + l.title + l.gap) + l.gap}, {l.columns * (l.panel_w + l.gap) - l.gap, 0.0}};
}

// ---------------------------------------------------------------- picking

std::optional<int> EffectsView::pick_creep(const EffectsWorld& w, std::size_t lane, Vec2 p, double radius) const {
    std::optional<int> best;
    double best_d2 = radius * radius;
    for (const Creep& c : w.lane(lane).creeps()) {
        if (!c.walking()) continue;
        const Vec2 d = w.path().position_at(c.distance) - p;
        const double d2 = d.x * d.x + d.y * d.y;
        if (d2 <= best_d2) {
            best_d2 = d2;
            best = c.id;
        }
    }
    return best;
}

std::optional<int> EffectsView::pick_tower(const EffectsWorld& w, Vec2 p, double radius) const {
    std::optional<int> best;
    double best_d2 = radius * radius;
    for (const Tower& t : w.lane(0).towers()) {
        if (t.removed) continue;
        const Vec2 d = t.def.pos - p;
        const double d2 = d.x * d.x + d.y * d.y;
        if (d2 <= best_d2) {
            best_d2 = d2;
            best = t.id;
        }
    }
    return best;
}

void EffectsView::click(const World& world, glm::dvec2 point, double pick_radius, bool /*paused*/) {
    const EffectsWorld& w = effects_world(world);
    const auto at = to_lane(w, point);
    if (!at) return;
    const double radius = std::max(pick_radius * layout_of(w).scale, kTowerRadius);
    if (auto creep = pick_creep(w, at->first, at->second, radius)) {
        selected_creep_ = *creep;
        selected_lane_ = static_cast<int>(at->first);
        return;
    }
    if (auto tower = pick_tower(w, at->second, radius)) {
        selected_tower_ = *tower;
        options_.tower = w.lane(0).towers()[static_cast<std::size_t>(*tower)].def;
        return;
    }
    if (options_.click_places) {
        queue(place_command(options_.tower, at->second.x, at->second.y));
        return;
    }
    selected_creep_ = -1;
    selected_tower_ = -1;
}

bool EffectsView::grab(const World& world, glm::dvec2 point, double pick_radius) {
    const EffectsWorld& w = effects_world(world);
    const auto at = to_lane(w, point);
    if (!at) return false;
    const auto tower = pick_tower(w, at->second, std::max(pick_radius * layout_of(w).scale, kTowerRadius));
    if (!tower) return false;
    const Vec2 pos = w.lane(0).towers()[static_cast<std::size_t>(*tower)].def.pos;
    grabbed_ = Grabbed{*tower, to_canvas(w, at->first, pos) - point};
    drag_pos_ = point;
    selected_tower_ = *tower;
    return true;
}

std::optional<Command> EffectsView::release(const World& world, std::int64_t tick) {
    if (!grabbed_) return std::nullopt;
    const Grabbed g = *grabbed_;
    grabbed_.reset();
    const auto at = to_lane(effects_world(world), drag_pos_ + g.offset);
    if (!at) return std::nullopt;   // dropped between panels: it stays where it was
    return to_command(effects::TowerMove{.id = g.tower, .x = at->second.x, .y = at->second.y}, tick);
}

std::string EffectsView::canvas_hint(bool paused) const {
    std::string hint = options_.click_places ? "Click places a defender \xc2\xb7 " : "";
    hint += "click a creep for its timeline \xc2\xb7 ";
    hint += paused ? "drag defenders \xc2\xb7 wheel zooms" : "Space pauses \xc2\xb7 wheel zooms";
    return hint + " \xc2\xb7 key to the colours: Analysis tab";
}

std::string EffectsView::hover_text(const World& world, glm::dvec2 point, double pick_radius) const {
    const EffectsWorld& w = effects_world(world);
    // A lane's title strip: its whole title (the panel may show it shortened).
    const Layout l = layout_of(w);
    for (std::size_t i = 0; i < w.lanes().size(); ++i) {
        const glm::dvec2 o = panel_origin(l, i);
        if (point.x >= o.x && point.x <= o.x + l.panel_w && point.y >= o.y && point.y <= o.y + l.title)
            return lane_title(w, i, 0.0f);
    }
    const auto at = to_lane(w, point);
    if (!at) return {};
    const double radius = std::max(pick_radius * layout_of(w).scale, kTowerRadius);
    if (auto id = pick_creep(w, at->first, at->second, radius)) {
        const Creep& c = w.lane(at->first).creeps()[static_cast<std::size_t>(*id)];
        std::string text = "Creep " + std::to_string(c.id) + " (" + w.waves()[static_cast<std::size_t>(c.wave)].name +
                           ")  " + one_decimal(c.hp) + " / " + one_decimal(c.max_hp) + " HP";
        for (const effects::ActiveEffect& e : c.effects) {
            const effects::EffectType& t = w.book().type(e.type);
            text += "\n  " + t.label + ": " + one_decimal(e.potency) + " " + std::string(effects::kind_unit(t.kind)) +
                    " for " + one_decimal(e.remaining) + " s";
        }
        return text;
    }
    if (auto id = pick_tower(w, at->second, radius)) {
        const Tower& t = w.lane(at->first).towers()[static_cast<std::size_t>(*id)];
        std::string text = "Defender " + std::to_string(t.id) + ": " + one_decimal(t.def.damage) + " damage, " +
                           one_decimal(t.def.rate) + " shots/s, range " + one_decimal(t.def.range);
        if (!t.def.effect.empty())
            text += "\n  applies " + t.def.effect + " (" + one_decimal(t.def.potency) + " | " +
                    one_decimal(t.def.duration) + " s) on " + one_decimal(t.def.chance) + "% of hits";
        text += "\n  " + std::to_string(t.shots) + " shots, " + one_decimal(t.damage) + " damage in this lane";
        return text;
    }
    return {};
}

// ---------------------------------------------------------------- drawing

void EffectsView::draw(const World& world, const CanvasFrame& f) {
    const EffectsWorld& w = effects_world(world);
    for (std::size_t lane = 0; lane < w.lanes().size(); ++lane) draw_lane(w, lane, f);
}

void EffectsView::draw_lane(const EffectsWorld& w, std::size_t index, const CanvasFrame& f) const {
    const auto [top_left, bottom_right] = draw_lane_panel(w, index, f);
    f.draw->PushClipRect(top_left, bottom_right, true);
    draw_path(w, index, f);
    draw_towers(w, index, f);
    std::vector<ImVec4> numbers;
    for (const Creep& c : w.lane(index).creeps())
        if (c.walking()) draw_creep(w, c, index, f, numbers);
    if (one_creep_per_wave(w)) draw_example_labels(w, index, f);
    f.draw->PopClipRect();
}

std::pair<ImVec2, ImVec2> EffectsView::draw_lane_panel(const EffectsWorld& w, std::size_t index,
                                                       const CanvasFrame& f) const {
    Painter* d = f.draw;
    const CanvasView& v = *f.view;
    const float s = f.ui_scale;
    const Layout l = layout_of(w);
    const glm::dvec2 o = panel_origin(l, index);

    // Panel and title: the policy, then what it achieved so far.
    const ImVec2 top_left = v.to_screen({o.x, o.y + l.title}),
                 bottom_right = v.to_screen({o.x + l.panel_w, o.y - l.panel_h});
    if (f.ghost) return {top_left, bottom_right};   // B ghosted: A's panel and its numbers show
    d->AddRectFilled(top_left, bottom_right, kPanel, 4.0f * s);
    d->AddRect(top_left, bottom_right,
               index == static_cast<std::size_t>(selected_lane_) && selected_creep_ >= 0
                   ? palette::with_alpha(lane_colour(index), 200)
                   : kPanelEdge,
               4.0f * s, 0, 1.5f * s);
    // The title: the policy and what it achieved so far, shortened to fit the panel; the stats go
    // last (a lane's colour and place name it too), and the whole title shows on hover.
    const std::string title = lane_title(w, index, bottom_right.x - top_left.x - 12.0f * s);
    d->PushClipRect(top_left, bottom_right, true);
    d->AddText(add(top_left, ImVec2(6.0f * s, 3.0f * s)), lane_colour(index), title.c_str());
    d->PopClipRect();
    if (f.widgets)
        f.widgets->record("effects.lane." + std::to_string(index),
                          {top_left.x, top_left.y, bottom_right.x - top_left.x, bottom_right.y - top_left.y, true});
    return {top_left, bottom_right};
}

std::string EffectsView::lane_title(const EffectsWorld& w, std::size_t index, float room) {
    const effects::Lane& lane = w.lane(index);
    char stats[96], short_stats[64];
    std::snprintf(stats, sizeof stats, "%d killed, %d leaked, %.0f lives", lane.kills(), lane.leaks(), lane.lives());
    std::snprintf(short_stats, sizeof short_stats, "%d killed, %d leaked", lane.kills(), lane.leaks());
    const std::string number = "Lane " + std::to_string(index + 1) + ": ",
                      label = effects::variant_label(lane.variant()), key = effects::variant_key(lane.variant());
    const std::string full = number + label + "   " + stats;
    if (room <= 0.0f) return full;
    for (const std::string& t : {full, number + key + "  " + stats, key + "  " + stats, key + "  " + short_stats,
                                 std::to_string(index + 1) + ": " + short_stats})
        if (ImGui::CalcTextSize(t.c_str()).x <= room) return t;
    bool shortened = false;
    return fit_width(std::string(short_stats), room, shortened);
}

// The path: a dirt band from the spawn (green) to the base (red).
void EffectsView::draw_path(const EffectsWorld& w, std::size_t index, const CanvasFrame& f) const {
    Painter* d = f.draw;
    const float s = f.ui_scale;
    const Layout l = layout_of(w);
    std::vector<ImVec2> path;
    for (const Vec2& p : w.path().waypoints()) path.push_back(f.view->to_screen(to_canvas(w, index, p)));
    const float lane_px = std::max(3.0f, f.view->to_pixels(kLaneWidth / l.scale));
    d->AddPolyline(path.data(), static_cast<int>(path.size()), kPathEdge, 0, lane_px + 2.0f * s);
    d->AddPolyline(path.data(), static_cast<int>(path.size()), kPath, 0, lane_px);
    for (const ImVec2& p : path) d->AddCircleFilled(p, lane_px * 0.5f, kPath);
    d->AddCircleFilled(path.front(), lane_px * 0.7f, kSpawn);
    const ImVec2 base = path.back();
    d->AddRectFilled(ImVec2(base.x - lane_px * 0.7f, base.y - lane_px * 0.7f),
                     ImVec2(base.x + lane_px * 0.7f, base.y + lane_px * 0.7f), kBase, 2.0f * s);
}

// Defenders: reach, body in their effect's colour, a beam to the creep they hit this tick.
void EffectsView::draw_towers(const EffectsWorld& w, std::size_t index, const CanvasFrame& f) const {
    Painter* d = f.draw;
    const float s = f.ui_scale;
    const Layout l = layout_of(w);
    const effects::Lane& lane = w.lane(index);
    const auto px = [&](double lane_units) { return f.view->to_pixels(lane_units / l.scale); };
    const auto at = [&](Vec2 p) { return f.view->to_screen(to_canvas(w, index, p)); };
    for (const Tower& t : lane.towers()) {
        if (t.removed) continue;
        const bool dragged = grabbed_ && grabbed_->tower == t.id;
        Vec2 pos = t.def.pos;
        if (dragged)
            if (auto to = to_lane(w, drag_pos_ + grabbed_->offset)) pos = to->second;
        const ImVec2 c = at(pos);
        const ImU32 colour = t.effect_type >= 0 ? effect_colour(w.book().type(t.effect_type)) : kPlainTower;
        if (options_.show_ranges || dragged || t.id == selected_tower_)
            d->AddCircle(c, px(t.def.range), palette::with_alpha(colour, dragged ? 160 : 60), 48, 1.0f * s);
        if (t.target >= 0 && !dragged) {
            const Creep& target = lane.creeps()[static_cast<std::size_t>(t.target)];
            d->AddLine(c, at(w.path().position_at(target.distance)), palette::with_alpha(colour, 200), 1.5f * s);
        }
        const float r = std::max(4.0f * s, px(kTowerRadius));
        d->AddCircleFilled(c, r, colour);
        d->AddCircle(c, r, t.id == selected_tower_ ? palette::kSelection : palette::rgb(240, 240, 240), 0,
                     (t.id == selected_tower_ ? 2.5f : 1.0f) * s);
        if (t.effect_type >= 0)
            d->AddLabelInDisc(c, r, palette::rgb(20, 20, 20), colour, w.book().type(t.effect_type).icon.c_str());
    }
}

// The worked examples: each creep says which one it is, under it ("Ex. 2: (20|2) + (10|5)"
// when the names fit between the creeps, else "Ex. 2").
void EffectsView::draw_example_labels(const EffectsWorld& w, std::size_t index, const CanvasFrame& f) const {
    Painter* d = f.draw;
    const float s = f.ui_scale;
    const Layout l = layout_of(w);
    const auto px = [&](double lane_units) { return f.view->to_pixels(lane_units / l.scale); };
    std::vector<std::pair<const Creep*, ImVec2>> shown;
    for (const Creep& c : w.lane(index).creeps())
        if (c.walking())
            shown.emplace_back(&c, f.view->to_screen(to_canvas(w, index, w.path().position_at(c.distance))));
    float spacing = 1e9f;
    for (std::size_t i = 0; i < shown.size(); ++i)
        for (std::size_t j = i + 1; j < shown.size(); ++j)
            if (std::abs(shown[i].second.y - shown[j].second.y) < 2.0f * ImGui::GetFontSize())
                spacing = std::min(spacing, std::abs(shown[i].second.x - shown[j].second.x));
    auto full = [&](const Creep& c) {
        return "Ex. " + std::to_string(c.wave + 1) + ": " + w.waves()[static_cast<std::size_t>(c.wave)].name;
    };
    bool fits = true;
    for (const auto& [c, p] : shown) fits = fits && ImGui::CalcTextSize(full(*c).c_str()).x + 8.0f * s < spacing;
    const float below = std::max(3.0f * s, px(kCreepRadius)) + std::max(2.0f * s, px(kRingGap)) * 4.0f + 4.0f * s;
    for (const auto& [c, p] : shown) {
        const std::string text = fits ? full(*c) : "Ex. " + std::to_string(c->wave + 1);
        const ImVec2 size = ImGui::CalcTextSize(text.c_str());
        const ImVec2 lo(std::round(p.x - size.x * 0.5f), std::round(p.y + below));
        d->AddRectFilled(ImVec2(lo.x - 2.0f, lo.y), ImVec2(lo.x + size.x + 2.0f, lo.y + size.y),
                         palette::kOverlayBackground, 3.0f);
        d->AddText(lo, palette::kOverlayText, text.c_str());
        if (f.widgets)
            f.widgets->record("effects.creep_label." + std::to_string(index) + "." + std::to_string(c->id),
                              {lo.x - 2.0f, lo.y, size.x + 4.0f, size.y, true});
    }
}

bool EffectsView::one_creep_per_wave(const EffectsWorld& w) {
    if (w.waves().empty()) return false;
    for (const effects::Wave& wave : w.waves())
        if (wave.count != 1) return false;
    return true;
}

LabHelp EffectsView::help() const {
    LabHelp h;
    h.what_you_see =
        "One panel per compared stacking policy (\"Lane N: policy\"), all fed the same waves and defenders. The dirt "
        "band is the "
        "path from the spawn (green disc) to the base (red square). Defenders are discs in the colour of the effect "
        "they apply "
        "(grey: damage only), with their range as a faint circle and a line to the creep they hit. Creeps carry a ring "
        "per "
        "effect in its colour (the arc: seconds left, closed at 10 s or more), a health bar above (green full, red "
        "nearly dead) "
        "and the damage per second their effects deal (\"-20 HP/s\"). In the worked examples each creep is one example "
        "(\"Ex. 2\").\n\n"
        "The Analysis tab: each worked example's result under each policy in the article's notation (potency | "
        "seconds), the "
        "policies compared (kills, leaks, damage, potency x duration kept or lost) with charts of damage and leaks "
        "over time, "
        "the clicked creep's timeline (seconds left and potency of each effect, and what every hit did), and the key "
        "to every colour.";
    h.what_you_can_do =
        "Click a creep for its timeline (Analysis tab). In the Tools tab set up a defender (range, shots per second, "
        "damage, "
        "effect, potency, seconds, chance) and tick \"click places a defender\" to place it by clicking a lane (it "
        "goes in every "
        "lane alike); click a defender to select it, apply the fields to it or remove it; pause (Space) and drag one "
        "to move it. "
        "Edit effect types (kind, stacking policy, colour), interaction rules (cancel, transform, block) and each "
        "lane's policy. "
        "Every edit is a command; the Parameters tab changes the lab's parameters live.";
    h.keys = {{"click a creep", "select it: its timeline in the Analysis tab, in every lane"},
              {"click a defender", "select it: its stats fill the Tools tab's fields"},
              {"click free ground",
               "place the Tools tab's defender (with \"click places a defender\" on), else clear the selection"},
              {"drag (paused)", "move a defender, in every lane"},
              {"Space", "pause / run"},
              {"Ctrl+Z / Ctrl+Shift+Z",
               "undo / redo: tower moves and edits, lane policies, placements and removals (exact: the tower leaves or "
               "comes back at its id); a defined type or a rule has no undo"},
              {"Shift+drag a slider / arrows",
               "ten times finer / one step (hover or focus the slider); Ctrl+click types a value"}};
    h.source = "Lars Doucet, \"A Status Effect Stacking Algorithm\" (docs/labs/effects.md#sources)";
    return h;
}

void EffectsView::draw_creep(const EffectsWorld& w, const Creep& c, std::size_t lane, const CanvasFrame& f,
                             std::vector<ImVec4>& numbers) const {
    Painter* d = f.draw;
    const CanvasView& v = *f.view;
    const float s = f.ui_scale;
    const double scale = layout_of(w).scale;
    const ImVec2 at = v.to_screen(to_canvas(w, lane, w.path().position_at(c.distance)));
    const float r = std::max(3.0f * s, v.to_pixels(kCreepRadius / scale));
    const float gap = std::max(2.0f * s, v.to_pixels(kRingGap / scale));

    // A ring per active effect, innermost first, its arc the share of 10 s still left.
    float ring = r;
    for (const effects::ActiveEffect& e : c.effects) {
        ring += gap;
        const ImU32 colour = effect_colour(w.book().type(e.type));
        const float share = static_cast<float>(std::clamp(e.remaining / kRingFullSeconds, 0.05, 1.0));
        constexpr float kTop = -1.5707964f;
        d->PathArcTo(at, ring, kTop, kTop + share * 6.2831853f, 32);
        d->PathStroke(colour, 0, std::max(1.5f * s, gap * 0.7f));
    }
    d->AddCircleFilled(at, r, kCreep);
    d->AddCircle(at, r, kCreepEdge, 0, 1.0f * s);
    if (c.id == selected_creep_) d->AddCircle(at, ring + gap + 1.5f * s, palette::kSelection, 0, 2.0f * s);

    // Health bar above.
    const float bar_w = std::max(14.0f * s, 2.4f * r), bar_h = std::max(2.5f * s, r * 0.3f);
    const ImVec2 bar0(at.x - bar_w * 0.5f, at.y - ring - gap - bar_h - 2.0f * s);
    const float health = static_cast<float>(std::clamp(c.hp / c.max_hp, 0.0, 1.0));
    d->AddRectFilled(bar0, ImVec2(bar0.x + bar_w, bar0.y + bar_h), palette::rgb(60, 20, 20));
    d->AddRectFilled(bar0, ImVec2(bar0.x + bar_w * health, bar0.y + bar_h), health_colour(health));

    // The floating number: what its effects take per second, in the strongest one's colour.
    double dps = 0.0, strongest = 0.0;
    ImU32 colour = palette::kOverlayText;
    for (const effects::ActiveEffect& e : c.effects) {
        const effects::EffectType& t = w.book().type(e.type);
        if (t.kind != effects::EffectKind::Damage) continue;
        dps += e.potency;
        if (e.potency > strongest) {
            strongest = e.potency;
            colour = effect_colour(t);
        }
    }
    if (dps > 0.0) {
        char text[32];
        std::snprintf(text, sizeof text, "-%.0f HP/s", dps);
        // It drifts up a little over each second, like the numbers bouncing off creeps in the stacking
        // article (docs/labs/effects.md#sources).
        const float drift = static_cast<float>(w.tick() % 20) * 0.4f * s;
        const ImVec2 size = ImGui::CalcTextSize(text);
        const ImVec4 box(at.x - size.x * 0.5f, bar0.y - size.y - drift, at.x + size.x * 0.5f, bar0.y - drift);
        for (const ImVec4& n : numbers)
            if (box.x < n.z && n.x < box.z && box.y < n.w && n.y < box.w) return;   // crowded: left to the tooltip
        numbers.push_back(box);
        d->AddText(ImVec2(box.x, box.y), colour, text);
    }
}

// ---------------------------------------------------------------- commands

namespace {

// A tower's stats as tower.place and tower.edit carry them: the effect's numbers only with an effect.
template <class C>
C tower_command(C c, const effects::TowerDef& t) {
    c.range = t.range;
    c.rate = t.rate;
    c.damage = t.damage;
    c.effect = t.effect.empty() ? std::string("none") : t.effect;
    if (!t.effect.empty()) {
        c.potency = t.potency;
        c.duration = t.duration;
        c.chance = t.chance;
    }
    return c;
}

}   // namespace

Command EffectsView::place_command(const effects::TowerDef& t, double x, double y) {
    return to_command(tower_command(effects::TowerPlace{.x = x, .y = y}, t));
}

Command EffectsView::edit_command(int id, const effects::TowerDef& t) {
    return to_command(tower_command(effects::TowerEdit{.id = id, .x = t.pos.x, .y = t.pos.y}, t));
}

Command EffectsView::remove_command(int id) { return to_command(effects::TowerRemove{.id = id}); }

Command EffectsView::define_command(const effects::EffectType& t) {
    return to_command(effects::EffectDefine{.type = t.name,
                                            .kind = std::string(effects::kind_key(t.kind)),
                                            .policy = std::string(effects::policy_key(t.policy)),
                                            .label = t.label,
                                            .colour = effects::rgb_text(t.colour),
                                            .icon = t.icon});
}

Command EffectsView::interaction_command(const std::string& incoming, const std::string& present,
                                         const std::string& action, const std::string& into, double potency) {
    effects::InteractionSet c{.incoming = incoming, .present = present, .action = action};
    if (action == "transform") {
        c.into = into;
        c.potency = potency;
    }
    return to_command(c);
}

Command EffectsView::lane_policy_command(int lane, const std::string& policy) {
    return to_command(effects::LanePolicy{.lane = lane, .policy = policy});
}

}   // namespace pb::ui
