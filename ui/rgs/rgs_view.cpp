#include "ui/rgs/rgs_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include <SDL.h>
#include <glm/common.hpp>

#include "engine/core/words.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::ui {

using rgs::RgsWorld;
using rgs::State;
using rgs::Vec3;

namespace {

ImU32 mix(ImU32 a, ImU32 b, float t) {
    auto channel = [&](int shift) {
        const float x = static_cast<float>((a >> shift) & 0xff), y = static_cast<float>((b >> shift) & 0xff);
        return static_cast<ImU32>(std::lround(x + (y - x) * t)) << shift;
    };
    return channel(IM_COL32_R_SHIFT) | channel(IM_COL32_G_SHIFT) | channel(IM_COL32_B_SHIFT) |
           channel(IM_COL32_A_SHIFT);
}

constexpr ImU32 kMapFloor = palette::rgb(34, 38, 44);
constexpr ImU32 kMapGrid = palette::rgb(255, 255, 255, 22);
constexpr ImU32 kMapEdge = palette::rgb(200, 205, 210, 160);
constexpr ImU32 kInterference = palette::rgb(255, 255, 255, 150);
constexpr ImU32 kWreck = palette::rgb(150, 150, 150, 220);
constexpr ImU32 kLabel = palette::rgb(250, 250, 250);
constexpr ImU32 kLeader = palette::rgb(255, 230, 150, 200);
constexpr ImU32 kBadge = palette::rgb(255, 214, 60);

// Interpolates a table of colours at evenly spaced stops, t in 0..1.
template <std::size_t N>
ImU32 from_table(const ImU32 (&stops)[N], double t, std::uint8_t alpha) {
    const double x = std::clamp(std::isfinite(t) ? t : 0.0, 0.0, 1.0) * static_cast<double>(N - 1);
    const std::size_t i = std::min<std::size_t>(static_cast<std::size_t>(x), N - 2);
    return palette::with_alpha(mix(stops[i], stops[i + 1], static_cast<float>(x - static_cast<double>(i))), alpha);
}

// Viridis-like stops (perceptually even, dark blue -> teal -> green -> yellow).
constexpr ImU32 kViridis[] = {palette::rgb(68, 1, 84),    palette::rgb(72, 40, 120),  palette::rgb(62, 74, 137),
                              palette::rgb(49, 104, 142), palette::rgb(38, 130, 142), palette::rgb(31, 158, 137),
                              palette::rgb(53, 183, 121), palette::rgb(110, 206, 88), palette::rgb(181, 222, 43),
                              palette::rgb(253, 231, 37)};
// Diverging: purple (the team loses) -> light grey (no change) -> green (the team gains).
constexpr ImU32 kDiverging[] = {palette::rgb(150, 60, 175), palette::rgb(195, 160, 215), palette::rgb(225, 225, 225),
                                palette::rgb(150, 215, 145), palette::rgb(30, 150, 70)};

// Whole percent, with a decimal below 10% so 1/512 reads 0.2% rather than 0%.
std::string percent(double v) {
    char buf[16];
    std::snprintf(buf, sizeof buf, v < 0.1 ? "%.1f%%" : "%.0f%%", 100.0 * v);
    return buf;
}

}   // namespace

ImU32 heat_efficiency_colour(double efficiency, std::uint8_t alpha) { return from_table(kViridis, efficiency, alpha); }
ImU32 heat_delta_colour(double delta, std::uint8_t alpha) { return from_table(kDiverging, (delta + 1.0) * 0.5, alpha); }
ImU32 heat_on_floor(ImU32 colour) {
    return palette::with_alpha(mix(kMapFloor, colour, static_cast<float>(RgsView::kHeatAlpha) / 255.0f), 255);
}

const RgsWorld& RgsView::rgs_world(const World& world) { return dynamic_cast<const RgsWorld&>(world); }

glm::dvec2 RgsView::to_canvas(Vec3 p) const {
    return options_.side_view ? glm::dvec2{p.x / kQuPerUnit, p.z / kQuPerUnit}
                              : glm::dvec2{p.x / kQuPerUnit, p.y / kQuPerUnit};
}

Vec3 RgsView::to_map(glm::dvec2 c, Vec3 keep) const {
    return options_.side_view ? Vec3{c.x * kQuPerUnit, keep.y, c.y * kQuPerUnit}
                              : Vec3{c.x * kQuPerUnit, c.y * kQuPerUnit, keep.z};
}

WorldRect RgsView::bounds(const World& world) const {
    const Vec3 size = rgs_world(world).config().map_size();
    return {{-kPanelRoom * size.x / kQuPerUnit, 0.0},
            {size.x / kQuPerUnit, (options_.side_view ? size.z : size.y) / kQuPerUnit}};
}

std::optional<int> RgsView::pick(const RgsWorld& w, glm::dvec2 point, double pick_radius) const {
    // By centre, not footprint: footprints overlap by design. The nearest centre within reach wins.
    std::optional<int> best;
    double best_d2 = 9.0 * pick_radius * pick_radius;
    for (const rgs::Rgs& r : w.structures()) {
        if (r.removed) continue;
        const glm::dvec2 d = to_canvas(r.pos) - point;
        const double d2 = d.x * d.x + d.y * d.y;
        if (d2 <= best_d2) {
            best_d2 = d2;
            best = r.id;
        }
    }
    return best;
}

bool RgsView::grab(const World& world, glm::dvec2 point, double pick_radius) {
    const auto id = pick(rgs_world(world), point, pick_radius);
    if (!id) return false;
    grabbed_ = Grabbed{*id, to_canvas(rgs_world(world).structures()[*id].pos) - point};
    selected_ = *id;
    drag_pos_ = point;
    return true;
}

namespace {

// Whole quake units: far finer than a pixel, and commands read "x=3620" rather than 17 digits.
Vec3 tidy(Vec3 p) { return {std::round(p.x), std::round(p.y), std::round(p.z)}; }

}   // namespace

std::optional<Command> RgsView::release(const World& world, std::int64_t tick) {
    if (!grabbed_) return std::nullopt;
    const RgsWorld& w = rgs_world(world);
    const int id = grabbed_->id;
    const glm::dvec2 at = drag_pos_ + grabbed_->offset;
    grabbed_.reset();
    const rgs::Rgs* r = w.find(id);
    if (!r) return std::nullopt;
    const Vec3 size = w.config().map_size();
    const Vec3 p = glm::clamp(tidy(to_map(at, r->pos)), Vec3{0.0, 0.0, 0.0}, size);
    if (p == r->pos) return std::nullopt;
    return to_command(rgs::RgsMove{.id = id, .x = p.x, .y = p.y, .z = p.z}, tick);
}

std::unique_ptr<World> RgsView::drag_preview(const RgsWorld& w) const {
    if (!grabbed_) return nullptr;
    const rgs::Rgs* r = w.find(grabbed_->id);
    if (!r) return nullptr;
    const Vec3 p = glm::clamp(to_map(drag_pos_ + grabbed_->offset, r->pos), Vec3{0.0, 0.0, 0.0}, w.config().map_size());
    auto preview = w.clone();
    if (preview->apply(to_command(rgs::RgsMove{.id = r->id, .x = p.x, .y = p.y, .z = p.z}))) return nullptr;
    return preview;
}

void RgsView::read_keys(const RgsWorld& w, const CanvasFrame& f) {
    const ImGuiIO& io = ImGui::GetIO();
    const ImVec2 lo = f.view->origin(), size = f.view->size();
    const bool over = io.MousePos.x >= lo.x && io.MousePos.y >= lo.y && io.MousePos.x < lo.x + size.x &&
                      io.MousePos.y < lo.y + size.y;
    focus_id_ = grabbed_ ? grabbed_->id : -1;
    if (!over) return;
    if (!grabbed_)
        if (auto id = pick(w, f.view->to_world(io.MousePos), f.view->to_world_length(4.0f * f.ui_scale)))
            focus_id_ = *id;
    if (io.WantTextInput || io.KeyCtrl || io.KeyAlt) return;
    // ImGui 1.86 with the SDL back end indexes keys by SDL scancode. The shell's own shortcuts
    // (V, P, R, ...) are left alone.
    if (ImGui::IsKeyPressed(SDL_SCANCODE_H, false)) options_.heat_map = !options_.heat_map;
    if (ImGui::IsKeyPressed(SDL_SCANCODE_D, false)) options_.team_delta = !options_.team_delta;
    if (ImGui::IsKeyPressed(SDL_SCANCODE_T, false)) options_.team = 1 - options_.team;
    if (ImGui::IsKeyPressed(SDL_SCANCODE_X, false)) options_.side_view = !options_.side_view;
    if (ImGui::IsKeyPressed(SDL_SCANCODE_PAGEUP)) options_.height = std::min(1.0, options_.height + 0.05);
    if (ImGui::IsKeyPressed(SDL_SCANCODE_PAGEDOWN)) options_.height = std::max(0.0, options_.height - 0.05);
    if (ImGui::IsKeyPressed(SDL_SCANCODE_B, false)) options_.click_builds = !options_.click_builds;
    if (ImGui::IsKeyPressed(SDL_SCANCODE_ESCAPE, false)) selected_ = -1;
    if (const rgs::Rgs* r = selected_ >= 0 ? w.find(selected_) : nullptr) {
        if (ImGui::IsKeyPressed(SDL_SCANCODE_DELETE, false) || ImGui::IsKeyPressed(SDL_SCANCODE_BACKSPACE, false))
            queue(remove_command(r->id));
        if (ImGui::IsKeyPressed(SDL_SCANCODE_M, false) && r->state != State::Destroyed)
            queue(mark_command(r->id, r->state != State::Marked));
    }
}

Vec3 RgsView::build_point(const RgsWorld& w, glm::dvec2 point) const {
    const Vec3 size = w.config().map_size();
    const Vec3 keep{0.0, 0.5 * size.y, options_.height * size.z};
    return glm::clamp(tidy(to_map(point, keep)), Vec3{0.0, 0.0, 0.0}, size);
}

void RgsView::click(const World& world, glm::dvec2 point, double pick_radius, bool /*paused*/) {
    const RgsWorld& w = rgs_world(world);
    if (auto id = pick(w, point, pick_radius)) {
        selected_ = *id;
        return;
    }
    const Vec3 size = w.config().map_size();
    const Vec3 at = to_map(point, Vec3{0.0, 0.5 * size.y, options_.height * size.z});
    const bool on_map = at.x >= 0.0 && at.y >= 0.0 && at.z >= 0.0 && at.x <= size.x && at.y <= size.y && at.z <= size.z;
    if (options_.click_builds && on_map)
        queue(place_command(options_.team, build_kind(), build_point(w, point)));
    else
        selected_ = -1;   // a click on free map clears the selection
}

Command RgsView::place_command(int team, rgs::Kind kind, Vec3 at) {
    return to_command(
        rgs::RgsPlace{.team = team, .x = at.x, .y = at.y, .z = at.z, .kind = std::string(rgs::kind_key(kind))});
}

Command RgsView::remove_command(int id) { return to_command(rgs::RgsRemove{.id = id}); }

Command RgsView::mark_command(int id, bool marked) { return to_command(rgs::RgsMark{.id = id, .marked = marked}); }

Command RgsView::damage_command(int id, double amount) {
    return to_command(rgs::RgsDamage{.id = id, .amount = amount});
}

Command RgsView::repair_command(int id) { return to_command(rgs::RgsRepair{.id = id}); }

Command RgsView::main_structure_command(int team, bool alive) {
    return to_command(rgs::TeamMain{.team = team, .alive = alive});
}

std::string RgsView::hover_hint(bool paused) const {
    return paused ? "Click selects, drag moves" : "Click selects; pause (Space) to drag";
}

std::string RgsView::canvas_hint(bool paused) const {
    std::string hint = options_.click_builds ? "Click builds \xc2\xb7 " : "B: click to build \xc2\xb7 ";
    hint += "click selects \xc2\xb7 Del removes \xc2\xb7 M marks";
    hint += paused ? " \xc2\xb7 drag moves" : " \xc2\xb7 Space pauses";
    return hint + " \xc2\xb7 wheel zooms \xc2\xb7 right-drag pans";
}

void RgsView::draw(const World& world, const CanvasFrame& f) {
    const RgsWorld& live = rgs_world(world);
    if (grabbed_ && !live.find(grabbed_->id)) grabbed_.reset();
    if (selected_ >= 0 && !live.find(selected_)) selected_ = -1;
    read_keys(live, f);
    preview_ = drag_preview(live);
    const RgsWorld& w = preview_ ? rgs_world(*preview_) : live;
    draw_map(w, f);   // with the heat map, when on, under its grid
    draw_interference(w, f);
    draw_structures(w, f);
    draw_labels(w, f);
    if (!f.ghost) draw_status(w, f);   // B ghosted: its numbers are in the Compare tab
}

void RgsView::draw_map(const RgsWorld& w, const CanvasFrame& f) {
    const CanvasView& v = *f.view;
    const Vec3 size = w.config().map_size();
    const glm::dvec2 top = to_canvas(size);
    const ImVec2 a = v.to_screen({0.0, top.y}), b = v.to_screen({top.x, 0.0});
    f.draw->AddRectFilled(a, b, kMapFloor);
    if (options_.heat_map && !options_.side_view) draw_heat_map(w, f);
    // A line every 1000 qu (one canvas unit), so distances read at a glance against the 800 qu range.
    const double step = top.x > 40.0 ? 10.0 : 1.0;
    for (double x = step; x < top.x; x += step) {
        const float sx = std::round(v.to_screen({x, 0.0}).x);
        f.draw->AddRectFilled(ImVec2(sx, a.y), ImVec2(sx + 1.0f, b.y), kMapGrid);
    }
    for (double y = step; y < top.y; y += step) {
        const float sy = std::round(v.to_screen({0.0, y}).y);
        f.draw->AddRectFilled(ImVec2(a.x, sy), ImVec2(b.x, sy + 1.0f), kMapGrid);
    }
    f.draw->AddRect(a, b, kMapEdge, 0.0f, 0, std::max(1.0f, f.ui_scale));
    if (f.widgets) f.widgets->record("rgs.map", WidgetRect{a.x, a.y, b.x - a.x, b.y - a.y, true});
}

void RgsView::draw_heat_map(const RgsWorld& w, const CanvasFrame& f) {
    const Vec3 size = w.config().map_size();
    heat_request_.x0 = 0.0;
    heat_request_.y0 = 0.0;
    heat_request_.x1 = size.x;
    heat_request_.y1 = size.y;
    heat_request_.nx = heat_request_.ny = kHeatSamples;
    heat_request_.z = options_.height * size.z;
    heat_request_.team = options_.team;
    heat_request_.range = w.range_for(rgs::default_kind(options_.team), 0.0);
    heat_request_.team_delta = options_.team_delta;
    rgs::predict_heat_map(w, heat_request_, heat_);

    // Cell edges snapped to whole pixels once, so neighbouring cells neither gap nor overlap.
    const CanvasView& v = *f.view;
    std::vector<float> xs(kHeatSamples + 1), ys(kHeatSamples + 1);
    for (int i = 0; i <= kHeatSamples; ++i) {
        xs[i] = std::round(v.to_screen({size.x * i / kHeatSamples / kQuPerUnit, 0.0}).x);
        ys[i] = std::round(v.to_screen({0.0, size.y * i / kHeatSamples / kQuPerUnit}).y);
    }
    // Runs of equal colour along a row are one rectangle: the open map (100% everywhere) costs a
    // rectangle a row rather than one a cell.
    for (int j = 0; j < kHeatSamples; ++j) {
        int start = 0;
        ImU32 run = 0;
        for (int i = 0; i <= kHeatSamples; ++i) {
            ImU32 c = 0;
            if (i < kHeatSamples) {
                const std::size_t k = static_cast<std::size_t>(j) * kHeatSamples + i;
                // Opaque, blended over the floor here: the software renderer fills opaque
                // rectangles several times faster than it blends them (the key shows the same).
                c = heat_on_floor(options_.team_delta ? heat_delta_colour(heat_.team_delta[k], kHeatAlpha)
                                                      : heat_efficiency_colour(heat_.efficiency[k], kHeatAlpha));
            }
            if (i > 0 && (i == kHeatSamples || c != run)) {
                f.draw->AddRectFilled(ImVec2(xs[start], ys[j + 1]), ImVec2(xs[i], ys[j]), run);
                start = i;
            }
            run = c;
        }
    }
}

void RgsView::draw_interference(const RgsWorld& w, const CanvasFrame& f) const {
    const CanvasView& v = *f.view;
    for (const rgs::Rgs& a : w.structures()) {
        if (a.removed || !rgs::is_mining(a.state)) continue;
        for (const rgs::Interferer& n : w.interferers(a.id)) {
            if (n.id < a.id) continue;   // each pair once
            const rgs::Rgs& b = w.structures()[n.id];
            // Thicker = stronger: the modifier runs from 1 (touching) down to 1/2 (the same spot).
            const double strength = 2.0 * (1.0 - n.modifier);
            const float width = (1.0f + 5.0f * static_cast<float>(strength)) * f.ui_scale;
            f.draw->AddLine(v.to_screen(to_canvas(a.pos)), v.to_screen(to_canvas(b.pos)), kInterference, width);
        }
    }
}

void RgsView::draw_structures(const RgsWorld& w, const CanvasFrame& f) const {
    const CanvasView& v = *f.view;
    for (const rgs::Rgs& r : w.structures()) {
        if (r.removed) continue;
        const ImVec2 c = v.to_screen(to_canvas(r.pos));
        const float radius = v.to_pixels(r.range / kQuPerUnit);
        const ImU32 team = palette::kTeam[r.team];
        const bool mining = rgs::is_mining(r.state);
        if (mining)
            f.draw->AddCircleFilled(c, radius,
                                    palette::with_alpha(team, static_cast<std::uint8_t>(20 + 70 * r.efficiency)));
        const ImU32 ring = r.state == State::Destroyed ? kWreck : palette::with_alpha(team, mining ? 230 : 120);
        f.draw->AddCircle(c, radius, ring, 0, (mining ? 2.0f : 1.0f) * f.ui_scale);
        if (grabbed_ && grabbed_->id == r.id)
            f.draw->AddCircle(c, radius + 3.0f * f.ui_scale, palette::kDragGhost, 0, 2.0f * f.ui_scale);
        else if (selected_ == r.id)
            f.draw->AddCircle(c, radius + 3.0f * f.ui_scale, palette::kSelection, 0, 2.5f * f.ui_scale);
        else if (focus_id_ == r.id)
            f.draw->AddCircle(c, radius + 2.0f * f.ui_scale, palette::with_alpha(palette::kDragGhost, 120), 0,
                              f.ui_scale);

        const float dot = 4.0f * f.ui_scale;
        if (f.widgets) {
            const ImVec2 lo = v.origin(), hi(lo.x + v.size().x, lo.y + v.size().y);
            const bool visible = c.x >= lo.x && c.y >= lo.y && c.x < hi.x && c.y < hi.y;
            f.widgets->record("rgs.rgs." + std::to_string(r.id),
                              WidgetRect{c.x - dot, c.y - dot, 2 * dot, 2 * dot, visible});
        }
        if (r.state == State::Destroyed) {
            f.draw->AddLine(ImVec2(c.x - dot, c.y - dot), ImVec2(c.x + dot, c.y + dot), kWreck, 2.0f * f.ui_scale);
            f.draw->AddLine(ImVec2(c.x - dot, c.y + dot), ImVec2(c.x + dot, c.y - dot), kWreck, 2.0f * f.ui_scale);
        } else {
            f.draw->AddCircleFilled(c, dot, palette::kTeamDark[r.team]);
            f.draw->AddCircle(c, dot, team, 0, 1.5f * f.ui_scale);
        }
    }
}

namespace {

// What an RGS's label says: its efficiency, or why it mines nothing.
std::string label_of(const rgs::Rgs& r) {
    switch (r.state) {
        case State::Active: return "eff " + percent(r.efficiency);
        case State::Marked: return "eff " + percent(r.efficiency) + ", marked";
        case State::Building: return "building, " + std::to_string(r.build_left) + " s left";
        case State::Destroyed: return "wreck";
    }
    return {};
}

struct LabelBox {
    float x0, y0, x1, y1;
    bool overlaps(const LabelBox& o, float margin) const {
        return x0 < o.x1 + margin && o.x0 < x1 + margin && y0 < o.y1 + margin && o.y0 < y1 + margin;
    }
};

// RGS on one spot (their dots within a dot's radius) share one stack of labels and a badge.
struct LabelGroup {
    ImVec2 at;
    std::vector<const rgs::Rgs*> members;
};

// A group's "x10" badge right of its dot.
struct Badge {
    LabelBox box;
    std::string text;
    int id;   // the group's first RGS
};

// The canvas a label is placed in, and what it records itself as.
struct LabelCanvas {
    const CanvasFrame& f;
    ImVec2 lo, hi;   // the canvas' corners on screen
    float s, dot, line_h, gap;
    bool visible(const LabelBox& b) const { return b.x1 > lo.x && b.y1 > lo.y && b.x0 < hi.x && b.y0 < hi.y; }
    void record(const std::string& name, const LabelBox& b) const {
        if (f.widgets) f.widgets->record(name, WidgetRect{b.x0, b.y0, b.x1 - b.x0, b.y1 - b.y0, visible(b)});
    }
};

// The badges of groups of two or more, their boxes added to `taken` (labels keep clear of them).
std::vector<Badge> place_badges(const std::vector<LabelGroup>& groups, const LabelCanvas& c,
                                std::vector<LabelBox>& taken) {
    std::vector<Badge> badges;
    for (const LabelGroup& g : groups) {
        if (g.members.size() < 2) continue;
        const std::string text = "x" + std::to_string(g.members.size());
        const ImVec2 t = ImGui::CalcTextSize(text.c_str());
        const LabelBox b{g.at.x + c.dot + 2.0f * c.s, g.at.y - c.dot - t.y,
                         g.at.x + c.dot + 2.0f * c.s + t.x + 4.0f * c.s, g.at.y - c.dot};
        taken.push_back(b);
        badges.push_back({b, text, g.members.front()->id});
    }
    return badges;
}

// Where a width x height label may go, centre relative to its dot, in order of preference: below
// the dot, above, right, left, then further out on `rings` rings (every 30 degrees from straight
// down).
std::vector<ImVec2> label_offsets(float width, float height, const LabelCanvas& c, int rings) {
    const float below = c.dot + 2.0f * c.s + height * 0.5f, side = c.dot + 4.0f * c.s + width * 0.5f;
    std::vector<ImVec2> offsets{{0.0f, below}, {0.0f, -below}, {side, 0.0f}, {-side, 0.0f}};
    for (int ring = 1; ring <= rings; ++ring)
        for (int k = 0; k < 12; ++k) {
            const float a = 1.5707964f + static_cast<float>(k) * 0.5235988f;   // from straight down, every 30 degrees
            const float rx = side + static_cast<float>(ring) * (c.line_h + 2.0f * c.s),
                        ry = below + static_cast<float>(ring) * (c.line_h + 2.0f * c.s);
            offsets.emplace_back(std::cos(a) * rx, std::sin(a) * ry);
        }
    return offsets;
}

// The first place (by label_offsets) where the label overlaps nothing taken, and its rank
// (0: right below the dot), or nothing.
std::optional<std::pair<LabelBox, std::size_t>> free_place(ImVec2 at, float width, float height, const LabelCanvas& c,
                                                           int rings, const std::vector<LabelBox>& taken) {
    const std::vector<ImVec2> offsets = label_offsets(width, height, c, rings);
    for (std::size_t which = 0; which < offsets.size(); ++which) {
        const float cx = at.x + offsets[which].x, cy = at.y + offsets[which].y;
        const LabelBox b{cx - width * 0.5f, cy - height * 0.5f, cx + width * 0.5f, cy + height * 0.5f};
        const bool free =
            std::none_of(taken.begin(), taken.end(), [&](const LabelBox& t) { return b.overlaps(t, 1.0f); });
        if (free) return std::pair{b, which};
    }
    return std::nullopt;
}

// A group's stack of labels, one line per RGS, where it finds room (else none: no label rather
// than an overlapping one), with a leader line to its dot when it is not right below it.
void draw_group_label(const LabelGroup& g, const LabelCanvas& c, int rings, std::vector<LabelBox>& taken) {
    std::vector<std::string> lines;
    float width = 0.0f;
    for (const rgs::Rgs* r : g.members) {
        lines.push_back(g.members.size() > 1 ? "RGS " + std::to_string(r->id) + ": " + label_of(*r) : label_of(*r));
        width = std::max(width, ImGui::CalcTextSize(lines.back().c_str()).x);
    }
    width += 4.0f;
    const float height = static_cast<float>(lines.size()) * (c.line_h + c.gap) - c.gap;
    const auto placed = free_place(g.at, width, height, c, rings, taken);
    if (!placed) return;
    const auto& [b, which] = *placed;
    taken.push_back(b);
    if (which > 0) {
        // The leader line from the dot to the label's nearest edge point.
        const ImVec2 to(std::clamp(g.at.x, b.x0, b.x1), std::clamp(g.at.y, b.y0, b.y1));
        // Dashed, yellowish: not to be taken for an interference line (solid white).
        c.f.draw->AddDashedLine(g.at, to, kLeader, 1.0f * c.s, 3.0f * c.s);
    }
    c.f.draw->AddRectFilled(ImVec2(b.x0, b.y0), ImVec2(b.x1, b.y1), palette::kOverlayBackground, 3.0f);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const float y = b.y0 + static_cast<float>(i) * (c.line_h + c.gap);
        // Each line in a light tint of its RGS's team colour: whose label it is, in a stack or a crowd.
        const ImU32 colour = mix(palette::kTeam[g.members[i]->team], kLabel, 0.35f);
        c.f.draw->AddText(ImVec2(std::round(b.x0 + 2.0f), std::round(y)), colour, lines[i].c_str());
        c.record("rgs.label." + std::to_string(g.members[i]->id), LabelBox{b.x0, y, b.x1, y + c.line_h});
    }
}

void draw_badges(const std::vector<Badge>& badges, const LabelCanvas& c) {
    for (const Badge& badge : badges) {
        const LabelBox& b = badge.box;
        c.f.draw->AddRectFilled(ImVec2(b.x0, b.y0), ImVec2(b.x1, b.y1), palette::rgb(60, 50, 10, 230), 3.0f);
        c.f.draw->AddText(ImVec2(b.x0 + 2.0f * c.s, b.y0), kBadge, badge.text.c_str());
        c.record("rgs.badge." + std::to_string(badge.id), b);
    }
}

}   // namespace

void RgsView::draw_labels(const RgsWorld& w, const CanvasFrame& f) const {
    const CanvasView& v = *f.view;
    const float s = f.ui_scale;
    const ImVec2 lo = v.origin(), hi(lo.x + v.size().x, lo.y + v.size().y);
    const LabelCanvas canvas{f, lo, hi, s, 4.0f * s, ImGui::GetFontSize(), 1.0f * s};
    std::vector<LabelGroup> groups;
    const float margin = 40.0f * s;
    for (const rgs::Rgs& r : w.structures()) {
        if (r.removed) continue;
        const ImVec2 c = v.to_screen(to_canvas(r.pos));
        // Off the canvas: no label (the placement's cost stays with what is in sight).
        if (c.x < lo.x - margin || c.y < lo.y - margin || c.x > hi.x + margin || c.y > hi.y + margin) continue;
        // Too small to read, or (from the side, where everything stacks up) not the one in focus.
        if (v.to_pixels(r.range / kQuPerUnit) < 14.0f * s || (options_.side_view && r.id != focus_id_)) continue;
        LabelGroup* joined = nullptr;
        for (LabelGroup& g : groups)
            if (std::abs(g.at.x - c.x) <= canvas.dot && std::abs(g.at.y - c.y) <= canvas.dot) joined = &g;
        if (joined)
            joined->members.push_back(&r);
        else
            groups.push_back({c, {&r}});
    }
    // Top to bottom, left to right: the same picture gets the same placement.
    std::stable_sort(groups.begin(), groups.end(), [](const LabelGroup& a, const LabelGroup& b) {
        return a.at.y != b.at.y ? a.at.y < b.at.y : a.at.x < b.at.x;
    });
    std::vector<LabelBox> taken;
    // A crowd of hundreds searches fewer rings: a label that finds no room then is left out.
    const int rings = groups.size() > 150 ? 4 : 40;
    // The badges first: labels keep clear of them.
    const std::vector<Badge> badges = place_badges(groups, canvas, taken);
    for (const LabelGroup& g : groups) draw_group_label(g, canvas, rings, taken);
    draw_badges(badges, canvas);
}

std::string RgsView::hover_text(const World& world, glm::dvec2 point, double pick_radius) const {
    const RgsWorld& w = rgs_world(world);
    char buf[256];
    if (auto id = pick(w, point, pick_radius)) {
        const rgs::Rgs& r = w.structures()[*id];
        const auto interferers = w.interferers(r.id);
        std::snprintf(
            buf, sizeof buf,
            "RGS %d: %s of %s, %s, health %.0f / %.0f HP\nefficiency %.1f%% from %zu interfering RGS; range %.0f qu\n"
            "at (%.0f, %.0f, %.0f)",
            r.id, std::string(rgs::kind_key(r.kind)).c_str(), w.teams()[r.team].name.c_str(),
            std::string(rgs::state_key(r.state)).c_str(), r.health, w.config().max_health(r.kind), 100.0 * r.efficiency,
            interferers.size(), r.range, r.pos.x, r.pos.y, r.pos.z);
        return buf;
    }
    const Vec3 size = w.config().map_size();
    const Vec3 p = to_map(point, Vec3{0.0, 0.0, options_.height * size.z});
    if (p.x < 0.0 || p.y < 0.0 || p.z < 0.0 || p.x > size.x || p.y > size.y || p.z > size.z) return {};
    const int team = options_.team;
    const rgs::Kind kind = rgs::default_kind(team);
    const rgs::Prediction pr = w.predict(p, team, w.range_for(kind, 0.0));
    std::snprintf(buf, sizeof buf,
                  "A new %s of %s at (%.0f, %.0f, %.0f) would mine at %.1f%%\n(%d interfering); %s summed "
                  "efficiency would change by %+.3f",
                  std::string(rgs::kind_key(kind)).c_str(), w.teams()[team].name.c_str(), p.x, p.y, p.z,
                  100.0 * pr.efficiency, pr.interfering, possessive(w.teams()[team].name).c_str(), pr.team_delta);
    return buf;
}

}   // namespace pb::ui
