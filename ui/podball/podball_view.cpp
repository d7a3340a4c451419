#include "ui/podball/podball_view.hpp"
#include "engine/core/words.hpp"
#include "ui/render/painter.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <glm/geometric.hpp>

#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"

namespace pb::ui {

using podball::Ball;
using podball::Mode;
using podball::PodballWorld;

namespace {

ImU32 faded(ImU32 c, bool faint) { return faint ? palette::with_alpha(c, 80) : c; }

// Axis-aligned lines as rectangles snapped to whole pixels: crisp on every renderer (thin
// textured triangles rasterise with steps) and cheap on the software renderer.
void vertical_line(Painter* d, float x, float y0, float y1, float width, ImU32 col) {
    float w = std::max(1.0f, std::round(width));
    float left = std::round(x - w * 0.5f);
    d->AddRectFilled(ImVec2(left, std::round(std::min(y0, y1))), ImVec2(left + w, std::round(std::max(y0, y1))), col);
}

void horizontal_line(Painter* d, float x0, float x1, float y, float width, ImU32 col) {
    float w = std::max(1.0f, std::round(width));
    float top = std::round(y - w * 0.5f);
    d->AddRectFilled(ImVec2(std::round(std::min(x0, x1)), top), ImVec2(std::round(std::max(x0, x1)), top + w), col);
}

void outline(Painter* d, ImVec2 a, ImVec2 b, float width, ImU32 col) {
    ImVec2 lo(std::min(a.x, b.x), std::min(a.y, b.y)), hi(std::max(a.x, b.x), std::max(a.y, b.y));
    float h = width * 0.5f;
    horizontal_line(d, lo.x - h, hi.x + h, lo.y, width, col);
    horizontal_line(d, lo.x - h, hi.x + h, hi.y, width, col);
    vertical_line(d, lo.x, lo.y + h, hi.y - h, width, col);
    vertical_line(d, hi.x, lo.y + h, hi.y - h, width, col);
}

void dashed_vertical_line(Painter* d, float x, float y0, float y1, float width, float dash, ImU32 col) {
    d->AddDashedLine(ImVec2(x, std::min(y0, y1)), ImVec2(x, std::max(y0, y1)), col, std::max(1.0f, std::round(width)),
                     dash);
}

// A line with a small arrow head: the direction matters more than the exact length.
void draw_arrow(Painter* draw, ImVec2 from, ImVec2 to, ImU32 col, float thickness) {
    float len = std::hypot(to.x - from.x, to.y - from.y);
    if (len < 2.0f) return;
    draw->AddLine(from, to, col, thickness);
    ImVec2 dir((to.x - from.x) / len, (to.y - from.y) / len);
    float head = std::min(len * 0.4f, 4.0f * thickness + 3.0f);
    ImVec2 left(to.x - dir.x * head - dir.y * head * 0.5f, to.y - dir.y * head + dir.x * head * 0.5f);
    ImVec2 right(to.x - dir.x * head + dir.y * head * 0.5f, to.y - dir.y * head - dir.x * head * 0.5f);
    draw->AddTriangleFilled(to, left, right, col);
}

glm::dvec2 clamp_into_arena(const podball::PodballConfig& c, glm::dvec2 p, double radius) {
    double hx = std::max(0.0, c.arena_width * 0.5 - radius);
    double hy = std::max(0.0, c.arena_height * 0.5 - radius);
    return {std::clamp(p.x, -hx, hx), std::clamp(p.y, -hy, hy)};
}

// A dropped position to 1e-4 arena widths, far finer than a pixel: commands, the status line
// and saved scenarios read "x=-0.3817" rather than "x=-0.38167938931297707".
glm::dvec2 tidy(glm::dvec2 p) { return {std::round(p.x * 1e4) / 1e4, std::round(p.y * 1e4) / 1e4}; }

bool in_kickoff(Mode m) { return m == Mode::KickoffTeam0 || m == Mode::KickoffTeam1; }

}   // namespace

const PodballWorld& PodballView::podball(const World& world) { return dynamic_cast<const PodballWorld&>(world); }

WorldRect PodballView::bounds(const World& world) const {
    const auto& c = podball(world).config();
    double hx = c.arena_width * 0.5 + kGoalDepth;
    double hy = c.arena_height * 0.5;
    return {{-hx, -hy}, {hx, hy}};
}

void PodballView::draw(const World& world, const CanvasFrame& f) {
    const PodballWorld& w = podball(world);
    if (grabbed_ && grabbed_->pod >= static_cast<int>(w.pods().size())) grabbed_.reset();
    history_.observe(w);   // a view that joins late (or a render) still gets the current state
    draw_arena(w, f);
    draw_heat_map(w, f);
    draw_goal_areas(w, f);
    draw_entities(w, f);
    draw_takeover_marker(w, f);
    draw_drag_ghost(w, f);
    if (!f.ghost) draw_overlay(w, f);   // B ghosted: its score is in the Compare tab
    read_takeover_input(w, f);
}

std::vector<Command> PodballView::before_tick(const World& world) {
    // Runs every tick, also at "max" speed: a lab check instead of a dynamic_cast.
    if (&world.lab() != &podball::podball_lab()) return {};
    const auto& w = static_cast<const PodballWorld&>(world);
    history_.observe(w);
    scripts_.observe(w);
    return takeover_.due_commands(w);
}

double PodballView::heat_alpha(double strength, double share) {
    return std::clamp(25.0 + strength * std::sqrt(std::clamp(share, 0.0, 1.0)), 0.0, 255.0);
}

void PodballView::draw_heat_map(const PodballWorld& w, const CanvasFrame& f) const {
    if (heat_map_ == HeatMap::Off) return;
    const auto& c = w.config();
    const CanvasView& v = *f.view;
    const PresenceGrid& grid = history_.presence();
    double cw = c.arena_width / PresenceGrid::kColumns, ch = c.arena_height / PresenceGrid::kRows;
    for (int team = 0; team < 2; ++team) {
        if (!heat_team_shown(team)) continue;
        std::uint32_t peak = grid.max_count(team);
        if (peak == 0) continue;
        for (int col = 0; col < PresenceGrid::kColumns; ++col) {
            for (int row = 0; row < PresenceGrid::kRows; ++row) {
                std::uint32_t n = grid.at(team, col, row);
                if (n == 0) continue;
                double share = static_cast<double>(n) / static_cast<double>(peak);
                auto alpha = static_cast<std::uint8_t>(heat_alpha(heat_strength(), share));
                double x0 = -c.arena_width * 0.5 + col * cw, y0 = -c.arena_height * 0.5 + row * ch;
                f.draw->AddRectFilled(v.to_screen({x0, y0 + ch}), v.to_screen({x0 + cw, y0}),
                                      palette::with_alpha(palette::kTeam[team], alpha));
            }
        }
    }
}

std::string PodballView::heat_cell_text(const PodballWorld& w, glm::dvec2 point) const {
    if (heat_map_ == HeatMap::Off) return {};
    const auto& c = w.config();
    if (std::abs(point.x) > c.arena_width * 0.5 || std::abs(point.y) > c.arena_height * 0.5) return {};
    int col = 0, row = 0;
    presence_cell(c, point, col, row);
    const PresenceGrid& grid = history_.presence();
    char buf[200];
    std::snprintf(buf, sizeof buf, "Heat map cell %d, %d (of %d x %d), %s:", col + 1, row + 1, PresenceGrid::kColumns,
                  PresenceGrid::kRows, count_of(grid.samples, "sample").c_str());
    std::string text = buf;
    for (int team = 0; team < 2; ++team) {
        if (!heat_team_shown(team)) continue;
        const std::uint32_t n = grid.at(team, col, row);
        const std::uint64_t total = grid.total(team);
        const double share = total > 0 ? 100.0 * n / static_cast<double>(total) : 0.0;
        const double mean = grid.samples > 0 ? static_cast<double>(n) / static_cast<double>(grid.samples) : 0.0;
        std::snprintf(buf, sizeof buf, "\n%s: %.2f %% of its pod-time here (%u pod-samples, %.2f pods on average)",
                      w.teams()[static_cast<std::size_t>(team)].name.c_str(), share, n, mean);
        text += buf;
    }
    return text;
}

// The goal exclusion areas: a semicircle around each goal centre in the defending team's colour,
// filled while a pod holds it, with a ring around the holder.
void PodballView::draw_goal_areas(const PodballWorld& w, const CanvasFrame& f) const {
    if (!w.goal_areas_active()) return;
    const auto& c = w.config();
    const CanvasView& v = *f.view;
    Painter* d = f.draw;
    constexpr float kHalfPi = 1.5707963f;
    float r = v.to_pixels(c.goal_exclusion_radius);
    float line = std::max(1.0f, 1.5f * f.ui_scale);
    for (int team = 0; team < 2; ++team) {
        double side = team == 0 ? -1.0 : 1.0;
        ImVec2 centre = v.to_screen({side * c.arena_width * 0.5, 0.0});
        float a0 = team == 0 ? -kHalfPi : kHalfPi, a1 = team == 0 ? kHalfPi : 3.0f * kHalfPi;
        int holder = w.goal_area_holder(team);
        if (holder >= 0) {
            d->PathLineTo(centre);
            d->PathArcTo(centre, r, a0, a1, 32);
            d->PathFillConvex(palette::with_alpha(palette::kTeam[team], 60));
        }
        d->PathArcTo(centre, r, a0, a1, 32);
        d->PathStroke(palette::with_alpha(palette::kTeam[team], holder >= 0 ? 230 : 140), 0, line);
        if (holder >= 0 && holder < static_cast<int>(w.pods().size())) {
            ImVec2 at = v.to_screen(w.pods()[static_cast<std::size_t>(holder)].pos);
            d->AddCircle(at, v.to_pixels(c.pod_radius) + 5.0f * f.ui_scale, palette::kFieldLine, 0, line);
        }
    }
}

void PodballView::draw_takeover_marker(const PodballWorld& w, const CanvasFrame& f) const {
    const auto& t = takeover_.target();
    if (!t) return;
    int id = w.pod_id(t->team, t->index);
    if (id < 0) return;
    const auto& pod = w.pods()[static_cast<std::size_t>(id)];
    const CanvasView& v = *f.view;
    ImVec2 at = v.to_screen(pod.pos);
    float r = v.to_pixels(w.config().pod_radius) + 7.0f * f.ui_scale;
    f.draw->AddCircle(at, r, palette::kKeepoffLineActive, 0, 2.0f * f.ui_scale);
    podball::Vec2 thrust = clip_to_unit(takeover_.thrust());
    if (thrust.x != 0.0 || thrust.y != 0.0)
        draw_arrow(f.draw, at, v.to_screen(pod.pos + thrust * (w.config().pod_radius * 4.0)),
                   palette::kKeepoffLineActive, 2.0f * f.ui_scale);
}

void PodballView::draw_arena(const PodballWorld& w, const CanvasFrame& f) const {
    const auto& c = w.config();
    const CanvasView& v = *f.view;
    Painter* d = f.draw;
    double hx = c.arena_width * 0.5, hy = c.arena_height * 0.5, gy = c.goal_width * 0.5;
    float line = std::max(1.0f, 2.0f * f.ui_scale);

    // Field with mown stripes: helps reading speeds and distances at a glance.
    ImVec2 tl = v.to_screen({-hx, hy}), br = v.to_screen({hx, -hy});
    d->AddRectFilled(tl, br, palette::kField);
    const int stripes = 10;
    for (int i = 1; i < stripes; i += 2) {
        double x0 = -hx + c.arena_width * i / stripes, x1 = -hx + c.arena_width * (i + 1) / stripes;
        d->AddRectFilled(v.to_screen({x0, hy}), v.to_screen({x1, -hy}), palette::kFieldStripe);
    }

    // Goals: the box behind each goal line in the colour of the team defending it
    // (team 0 attacks +x, so it defends the goal at x = -width/2).
    for (int team = 0; team < 2; ++team) {
        double side = team == 0 ? -1.0 : 1.0;
        double line_x = side * hx, back_x = side * (hx + kGoalDepth);
        ImVec2 a = v.to_screen({std::min(line_x, back_x), gy});
        ImVec2 b = v.to_screen({std::max(line_x, back_x), -gy});
        d->AddRectFilled(a, b, palette::kTeamDark[team]);
        outline(d, a, b, line, palette::kTeam[team]);
        if (f.widgets) {
            // What must stay in sight: no overlay may cover a goal at the default layout.
            ImVec2 lo(std::min(a.x, b.x), std::min(a.y, b.y)), hi(std::max(a.x, b.x), std::max(a.y, b.y));
            bool on_canvas = hi.x > v.origin().x && hi.y > v.origin().y && lo.x < v.origin().x + v.size().x &&
                             lo.y < v.origin().y + v.size().y;
            f.widgets->record("keep_visible.goal." + std::to_string(team),
                              WidgetRect{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, on_canvas});
        }
        vertical_line(d, v.to_screen({line_x, 0.0}).x, v.to_screen({0.0, gy}).y, v.to_screen({0.0, -gy}).y, line * 2.0f,
                      palette::kTeam[team]);
    }

    outline(d, tl, br, line, palette::kFieldLine);
    vertical_line(d, v.to_screen({0.0, 0.0}).x, tl.y, br.y, line, palette::kFieldLine);
    d->AddCircleFilled(v.to_screen({0.0, 0.0}), std::max(2.0f, 3.0f * f.ui_scale), palette::kFieldLine);

    // Keep-off lines confine each team to its half during kick-off: bright then, faint otherwise.
    ImU32 keepoff = in_kickoff(w.mode()) ? palette::kKeepoffLineActive : palette::kKeepoffLine;
    for (double x : {-c.center_keepoff, c.center_keepoff})
        dashed_vertical_line(d, v.to_screen({x, 0.0}).x, tl.y, br.y, std::max(1.0f, line * 0.75f), 8.0f * f.ui_scale,
                             keepoff);
}

void PodballView::draw_entities(const PodballWorld& w, const CanvasFrame& f) const {
    const auto& c = w.config();
    const CanvasView& v = *f.view;
    Painter* d = f.draw;
    float line = std::max(1.0f, 1.5f * f.ui_scale);
    float pod_px = v.to_pixels(c.pod_radius);
    float ball_px = std::max(2.5f, v.to_pixels(c.ball_radius));
    const Ball& ball = w.ball();
    const auto& pods = w.pods();
    ImVec2 canvas_min = v.origin(), canvas_max(v.origin().x + v.size().x, v.origin().y + v.size().y);
    auto inside_canvas = [&](ImVec2 p) {
        return p.x >= canvas_min.x && p.y >= canvas_min.y && p.x < canvas_max.x && p.y < canvas_max.y;
    };

    if (f.velocity_hints) {
        for (const auto& p : pods) {
            ImVec2 from = v.to_screen(p.pos), to = v.to_screen(p.pos + p.vel * kVelocityHintTicks);
            draw_arrow(d, from, to, palette::with_alpha(palette::kTeam[p.team], 170), line);
        }
        if (ball.owner < 0)
            draw_arrow(d, v.to_screen(ball.pos), v.to_screen(ball.pos + ball.vel * kVelocityHintTicks),
                       palette::with_alpha(palette::kBall, 190), line);
    }

    ImFont* font = ImGui::GetFont();
    float number_size = std::min(pod_px * 1.25f, ImGui::GetFontSize() * 1.2f);
    for (std::size_t i = 0; i < pods.size(); ++i) {
        const auto& p = pods[i];
        bool denied = p.deny_ticks > 0;   // BALLDENY: transparent to the ball, drawn faded
        ImVec2 at = v.to_screen(p.pos);
        d->AddCircleFilled(at, pod_px, faded(palette::kTeam[p.team], denied));
        d->AddCircle(at, pod_px, faded(palette::kTeamDark[p.team], denied), 0, line);
        if (pod_px >= 6.0f) {
            std::string n = std::to_string(p.index);
            ImVec2 ts = font->CalcTextSizeA(number_size, FLT_MAX, 0.0f, n.c_str());
            d->AddTextInBox(ImVec2(at.x - pod_px, at.y - pod_px), ImVec2(at.x + pod_px, at.y + pod_px),
                            ImVec2(at.x - ts.x * 0.5f, at.y - ts.y * 0.5f), faded(palette::kPodNumber, denied),
                            n.c_str(), font, number_size);
        }
        if (static_cast<int>(i) == ball.owner)
            d->AddCircle(at, pod_px + 3.0f * f.ui_scale, palette::kCarrierRing, 0, line * 1.5f);
        if (f.widgets) {
            f.widgets->record("podball.pod." + std::to_string(p.team) + "." + std::to_string(p.index),
                              WidgetRect{at.x - pod_px, at.y - pod_px, 2 * pod_px, 2 * pod_px, inside_canvas(at)});
        }
    }

    ImVec2 b = v.to_screen(ball.pos);
    d->AddCircleFilled(b, ball_px, palette::kBall);
    d->AddCircle(b, ball_px, palette::kBallOutline, 0, std::max(1.0f, f.ui_scale));
    if (f.widgets)
        f.widgets->record("podball.ball",
                          WidgetRect{b.x - ball_px, b.y - ball_px, 2 * ball_px, 2 * ball_px, inside_canvas(b)});
}

void PodballView::draw_drag_ghost(const PodballWorld& w, const CanvasFrame& f) const {
    if (!grabbed_) return;
    const auto& c = w.config();
    const CanvasView& v = *f.view;
    bool is_ball = grabbed_->pod < 0;
    double radius = is_ball ? c.ball_radius : c.pod_radius;
    glm::dvec2 from = is_ball ? w.ball().pos : w.pods()[static_cast<std::size_t>(grabbed_->pod)].pos;
    glm::dvec2 to = clamp_into_arena(c, drag_pos_ + grabbed_->offset, radius);
    float r = std::max(3.0f, v.to_pixels(radius));
    ImU32 col = is_ball ? palette::kBall : palette::kTeam[w.pods()[static_cast<std::size_t>(grabbed_->pod)].team];
    f.draw->AddDashedLine(v.to_screen(from), v.to_screen(to), palette::kDragGhost, 1.5f * f.ui_scale,
                          5.0f * f.ui_scale);
    f.draw->AddCircleFilled(v.to_screen(to), r, palette::with_alpha(col, 140));
    f.draw->AddCircle(v.to_screen(to), r, palette::kDragGhost, 0, 2.0f * f.ui_scale);
}

void PodballView::draw_overlay(const PodballWorld& w, const CanvasFrame& f) const {
    const CanvasView& v = *f.view;
    Painter* d = f.draw;
    ImFont* big = large_font();
    float big_size = big->FontSize * ImGui::GetIO().FontGlobalScale;
    ImFont* font = ImGui::GetFont();
    float size = ImGui::GetFontSize();

    const auto& teams = w.teams();
    auto score = w.score();
    std::string left = teams[0].name + "  " + std::to_string(score[0]);
    std::string right = std::to_string(score[1]) + "  " + teams[1].name;
    const char* colon = " : ";
    char info[160];
    std::snprintf(info, sizeof info,
                  "score in goals   \xc2\xb7   %s   \xc2\xb7   tick %lld   \xc2\xb7   running ticks %lld",
                  std::string(podball::mode_label(w.mode())).c_str(), static_cast<long long>(w.tick()),
                  static_cast<long long>(w.running_ticks()));

    ImVec2 ls = big->CalcTextSizeA(big_size, FLT_MAX, 0, left.c_str());
    ImVec2 cs = big->CalcTextSizeA(big_size, FLT_MAX, 0, colon);
    ImVec2 rs = big->CalcTextSizeA(big_size, FLT_MAX, 0, right.c_str());
    ImVec2 is = font->CalcTextSizeA(size, FLT_MAX, 0, info);
    float pad = 8.0f * f.ui_scale;
    // A narrow canvas (A and B side by side) gets the short line: mode and tick, then the mode alone.
    const std::string mode(podball::mode_label(w.mode()));
    if (is.x + 2 * pad > v.size().x) {
        std::snprintf(info, sizeof info, "%s   \xc2\xb7   tick %lld", mode.c_str(), static_cast<long long>(w.tick()));
        is = font->CalcTextSizeA(size, FLT_MAX, 0, info);
    }
    if (is.x + 2 * pad > v.size().x) {
        std::snprintf(info, sizeof info, "%s", mode.c_str());
        is = font->CalcTextSizeA(size, FLT_MAX, 0, info);
    }
    float width = std::max(ls.x + cs.x + rs.x, is.x) + 2 * pad;
    float height = big_size + size + 2.5f * pad;
    float cx = v.origin().x + v.size().x * 0.5f;
    ImVec2 box_min(cx - width * 0.5f, v.origin().y + pad);
    ImVec2 box_max(cx + width * 0.5f, box_min.y + height);
    d->AddRectFilled(box_min, box_max, palette::kOverlayBackground, 6.0f * f.ui_scale);
    if (f.widgets)
        f.widgets->record("overlay.score",
                          WidgetRect{box_min.x, box_min.y, box_max.x - box_min.x, box_max.y - box_min.y, true});

    float y = box_min.y + pad;
    float x = cx - (ls.x + cs.x + rs.x) * 0.5f;
    d->AddText(big, big_size, ImVec2(x, y), palette::kTeam[0], left.c_str());
    d->AddText(big, big_size, ImVec2(x + ls.x, y), palette::kOverlayText, colon);
    d->AddText(big, big_size, ImVec2(x + ls.x + cs.x, y), palette::kTeam[1], right.c_str());
    d->AddText(font, size, ImVec2(cx - is.x * 0.5f, y + big_size + pad * 0.5f), palette::kOverlayDim, info);
}

std::optional<int> PodballView::pick(const PodballWorld& w, glm::dvec2 point, double pick_radius) {
    const auto& c = w.config();
    // The ball first: it is small and often sits on its carrier.
    if (glm::length(w.ball().pos - point) <= c.ball_radius + pick_radius) return -1;
    std::optional<int> best;
    double best_d = 0.0;
    for (std::size_t i = 0; i < w.pods().size(); ++i) {
        double dist = glm::length(w.pods()[i].pos - point);
        if (dist <= c.pod_radius + pick_radius && (!best || dist < best_d)) {
            best = static_cast<int>(i);
            best_d = dist;
        }
    }
    return best;
}

bool PodballView::grab(const World& world, glm::dvec2 point, double pick_radius) {
    const PodballWorld& w = podball(world);
    auto hit = pick(w, point, pick_radius);
    if (!hit) return false;
    glm::dvec2 centre = *hit < 0 ? w.ball().pos : w.pods()[static_cast<std::size_t>(*hit)].pos;
    grabbed_ = Grabbed{*hit, centre - point};
    drag_pos_ = point;
    return true;
}

std::optional<Command> PodballView::release(const World& world, std::int64_t tick) {
    if (!grabbed_) return std::nullopt;
    const PodballWorld& w = podball(world);
    Grabbed g = *grabbed_;
    grabbed_.reset();
    const auto& c = w.config();
    if (g.pod < 0) {
        glm::dvec2 p = clamp_into_arena(c, tidy(drag_pos_ + g.offset), c.ball_radius);
        return to_command(podball::BallPlace{.x = p.x, .y = p.y}, tick);
    }
    const auto& pod = w.pods()[static_cast<std::size_t>(g.pod)];
    glm::dvec2 p = clamp_into_arena(c, tidy(drag_pos_ + g.offset), c.pod_radius);
    return to_command(podball::PodPlace{.team = pod.team, .pod = pod.index, .x = p.x, .y = p.y}, tick);
}

std::string PodballView::hover_text(const World& world, glm::dvec2 point, double pick_radius) const {
    const PodballWorld& w = podball(world);
    auto hit = pick(w, point, pick_radius);
    std::string cell = heat_cell_text(w, point);
    hovered_entity_ = hit.has_value();
    if (!hit) return cell;
    char buf[256];
    if (*hit < 0) {
        const Ball& b = w.ball();
        std::snprintf(buf, sizeof buf, "Ball\nposition (%.3f, %.3f)\nspeed %.5f per tick\n%s", b.pos.x, b.pos.y,
                      glm::length(b.vel), b.owner >= 0 ? "carried" : "free");
    } else {
        const auto& p = w.pods()[static_cast<std::size_t>(*hit)];
        std::snprintf(buf, sizeof buf, "%s pod %d\nposition (%.3f, %.3f)\nspeed %.5f per tick%s%s",
                      w.teams()[static_cast<std::size_t>(p.team)].name.c_str(), p.index, p.pos.x, p.pos.y,
                      glm::length(p.vel), *hit == w.ball().owner ? "\ncarries the ball" : "",
                      p.deny_ticks > 0 ? "\nBALLDENY (cannot pick up the ball)" : "");
    }
    return cell.empty() ? std::string(buf) : std::string(buf) + "\n\n" + cell;
}

}   // namespace pb::ui
