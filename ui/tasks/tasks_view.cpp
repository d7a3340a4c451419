#include "ui/tasks/tasks_view.hpp"
#include "ui/render/painter.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <vector>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include "ui/tasks/background_solve.hpp"
#include "ui/tasks/tasks_colours.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::ui {

using tasks::TasksWorld;

namespace {

constexpr double kRoomRadius = 0.2;   // layout units
constexpr double kTokenRadius = 0.15;
constexpr double kPi = 3.14159265358979323846;

ImVec2 screen(const CanvasFrame& f, glm::dvec2 p) { return f.view->to_screen(p); }

void centred_text(Painter* d, ImVec2 at, ImU32 colour, const char* text) {
    const ImVec2 size = ImGui::CalcTextSize(text);
    d->AddText(ImVec2(at.x - size.x * 0.5f, at.y - size.y * 0.5f), colour, text);
}

// Time of the corridor a route takes between two rooms (the quickest if several).
tasks::Cost step_time(const tasks::Ship& ship, int a, int b) {
    tasks::Cost best = -1;
    for (const tasks::Corridor& c : ship.corridors)
        if ((c.from == a && c.to == b) || (!c.one_way && c.from == b && c.to == a))
            best = best < 0 ? c.time : std::min(best, c.time);
    return std::max<tasks::Cost>(best, 0);
}

std::atomic<bool> g_solve_off_frame{false};

}   // namespace

TasksView::TasksView() = default;
TasksView::~TasksView() = default;   // the worker finishes the solve in hand and stops

void TasksView::set_solve_off_frame(bool off_frame) { g_solve_off_frame.store(off_frame, std::memory_order_relaxed); }
bool TasksView::solve_off_frame() { return g_solve_off_frame.load(std::memory_order_relaxed); }

void TasksView::refresh_solution(const TasksWorld& w) {
    const std::shared_ptr<const tasks::TaskSolveJob>& job = w.solve_job();
    older_ = false;
    if (!job) {   // the ship cannot be solved (the Analysis tab says why): nothing to show
        shown_job_.reset();
        solving_job_.reset();
        return;
    }
    if (!solve_off_frame()) {
        w.solution();   // solves here unless solved already
    } else {
        w.solve_in_background();   // the status line says "solving..." instead of solving
        if (!background_) background_ = std::make_unique<BackgroundSolve>();
    }
    if (job->done()) {
        shown_job_ = job;
        solving_job_.reset();
        return;
    }
    // Off the frame. An answer from a later or the same solve count is another world's (a
    // restart, another scenario): not an older answer of this ship, so it is not shown.
    if (shown_job_ && shown_job_->number() >= job->number()) shown_job_.reset();
    if (solving_job_ != job) {
        solving_job_ = job;
        solving_since_ = ImGui::GetTime();
        background_->want(job);
    }
    older_ = true;
}

const tasks::TaskSolution& TasksView::shown_solution() const {
    static const tasks::TaskSolution kNone;
    return shown_job_ ? shown_job_->solution() : kNone;
}

std::string TasksView::solving_text() const {
    if (!older_ || !solving_job_) return {};
    char buf[200];
    const double seconds = std::max(0.0, ImGui::GetTime() - solving_since_);
    if (!shown_job_) {
        std::snprintf(buf, sizeof buf, "Solving... %.1f s (no answer to show yet)", seconds);
    } else {
        const long long edits = static_cast<long long>(solving_job_->number() - shown_job_->number());
        std::snprintf(buf, sizeof buf, "Solving... %.1f s. Shown meanwhile, dimmed: the answer from %lld edit%s ago",
                      seconds, edits, edits == 1 ? "" : "s");
    }
    return buf;
}

void TasksView::draw_solving_marker(const CanvasFrame& f) const {
    const std::string text = solving_text();
    if (text.empty()) return;
    const float s = f.ui_scale;
    const ImVec2 size = ImGui::CalcTextSize(text.c_str());
    const ImVec2 o = f.view->origin();
    const ImVec2 a(o.x + 8.0f * s, o.y + 8.0f * s);
    const ImVec2 b(a.x + size.x + 16.0f * s, a.y + size.y + 8.0f * s);
    Painter* d = f.draw;
    const ImU32 orange = ImGui::GetColorU32(palette::kChangedMark);
    d->AddRectFilled(a, b, palette::kOverlayBackground, 4.0f * s);
    d->AddRect(a, b, orange, 4.0f * s, 0, 1.5f * s);
    d->AddText(ImVec2(a.x + 8.0f * s, a.y + 4.0f * s), orange, text.c_str());
    if (f.widgets) f.widgets->record("overlay.solving", WidgetRect{a.x, a.y, b.x - a.x, b.y - a.y, true});
}

const TasksWorld& TasksView::tasks_world(const World& world) { return dynamic_cast<const TasksWorld&>(world); }

WorldRect TasksView::bounds(const World& world) const {
    const tasks::Ship& ship = tasks_world(world).ship();
    WorldRect r{{0.0, 0.0}, {1.0, 1.0}};
    if (!ship.rooms.empty()) r.min = r.max = room_pos(ship, 0);
    for (int i = 0; i < ship.room_count(); ++i) {
        r.min = glm::min(r.min, room_pos(ship, i));
        r.max = glm::max(r.max, room_pos(ship, i));
    }
    r.min -= glm::dvec2(0.6, 0.6);
    r.max += glm::dvec2(0.6, 0.6);
    // Room on the right for the Pareto window when it lies over the canvas, so that the fitted
    // ship is not hidden under it.
    r.max.x += (r.max.x - r.min.x) * pareto_share_ / (1.0 - pareto_share_);
    return r;
}

glm::dvec2 TasksView::token_pos(const TasksWorld& w, Token token, int index) const {
    const tasks::Ship& ship = w.ship();
    const tasks::TaskSpec& task = w.task();
    const int room = token == Token::Player      ? task.players[index]
                     : token == Token::Equipment ? task.equipment[index]
                                                 : task.event;
    const glm::dvec2 centre = room_pos(ship, room);
    if (token == Token::Room || token == Token::Event) return centre;
    // Players sit above-left of their room, equipment below-right; several fan out.
    int nth = 0;
    const std::vector<int>& list = token == Token::Player ? task.players : task.equipment;
    for (int i = 0; i < index; ++i) nth += list[i] == room ? 1 : 0;
    const double base = token == Token::Player ? 0.75 * kPi : -0.25 * kPi;
    const double angle = base + 0.55 * nth * (token == Token::Player ? 1.0 : -1.0);
    return centre + glm::dvec2(std::cos(angle), std::sin(angle)) * (kRoomRadius + kTokenRadius + 0.05);
}

int TasksView::nearest_room(const tasks::Ship& ship, glm::dvec2 point) const {
    int best = -1;
    double best_d2 = 1e300;
    for (int i = 0; i < ship.room_count(); ++i) {
        const glm::dvec2 d = room_pos(ship, i) - point;
        const double d2 = d.x * d.x + d.y * d.y;
        if (d2 < best_d2) best_d2 = d2, best = i;
    }
    return best;
}

std::optional<TasksView::Grabbed> TasksView::pick(const TasksWorld& w, glm::dvec2 point, double pick_radius) const {
    // Tokens first (they sit on top), then rooms.
    const auto within = [&](glm::dvec2 at, double radius) {
        const glm::dvec2 d = at - point;
        return d.x * d.x + d.y * d.y <= (radius + pick_radius) * (radius + pick_radius);
    };
    for (int i = 0; i < static_cast<int>(w.task().players.size()); ++i)
        if (within(token_pos(w, Token::Player, i), kTokenRadius))
            return Grabbed{Token::Player, i, token_pos(w, Token::Player, i) - point};
    for (int i = 0; i < static_cast<int>(w.task().equipment.size()); ++i)
        if (within(token_pos(w, Token::Equipment, i), kTokenRadius))
            return Grabbed{Token::Equipment, i, token_pos(w, Token::Equipment, i) - point};
    for (int i = 0; i < w.ship().room_count(); ++i)
        if (within(room_pos(w.ship(), i), kRoomRadius)) {
            // The event is grabbed by its ring, the room by its centre.
            const glm::dvec2 d = room_pos(w.ship(), i) - point;
            const bool ring = i == w.task().event && d.x * d.x + d.y * d.y > 0.5 * kRoomRadius * kRoomRadius;
            return Grabbed{ring ? Token::Event : Token::Room, i, room_pos(w.ship(), i) - point};
        }
    return std::nullopt;
}

bool TasksView::grab(const World& world, glm::dvec2 point, double pick_radius) {
    grabbed_ = pick(tasks_world(world), point, pick_radius);
    drag_pos_ = point;
    return grabbed_.has_value();
}

std::optional<Command> TasksView::release(const World& world, std::int64_t tick) {
    if (!grabbed_) return std::nullopt;
    const TasksWorld& w = tasks_world(world);
    const Grabbed g = *grabbed_;
    grabbed_.reset();
    const glm::dvec2 at = drag_pos_ + g.offset;
    if (g.token == Token::Room) {
        if (!w.ship().has_room(g.index)) return std::nullopt;
        // Tenths of a layout unit: finer than a room, and commands stay readable.
        const glm::dvec2 p{std::round(at.x * 10.0) / 10.0, std::round(at.y * 10.0) / 10.0};
        if (p == room_pos(w.ship(), g.index)) return std::nullopt;
        return to_command(tasks::RoomMove{.room = g.index, .x = p.x, .y = p.y}, tick);
    }
    // Tokens snap to the room they are dropped on.
    const int room = nearest_room(w.ship(), at);
    if (room < 0) return std::nullopt;
    if (g.token == Token::Event) {
        if (room == w.task().event) return std::nullopt;
        return to_command(tasks::EventMove{.room = room}, tick);
    }
    const bool player = g.token == Token::Player;
    const std::vector<int>& list = player ? w.task().players : w.task().equipment;
    if (g.index >= static_cast<int>(list.size()) || list[g.index] == room) return std::nullopt;
    if (player) return to_command(tasks::PlayerMove{.player = g.index + 1, .room = room}, tick);
    return to_command(tasks::EquipmentMove{.equipment = g.index + 1, .room = room}, tick);
}

std::string TasksView::hover_text(const World& world, glm::dvec2 point, double pick_radius) const {
    const TasksWorld& w = tasks_world(world);
    const auto g = pick(w, point, pick_radius);
    if (!g) return {};
    char buf[160];
    switch (g->token) {
        case Token::Player:
            std::snprintf(buf, sizeof buf, "Player %d in room %d", g->index + 1, w.task().players[g->index]);
            return buf;
        case Token::Equipment:
            std::snprintf(buf, sizeof buf, "Tool %d in room %d", g->index + 1, w.task().equipment[g->index]);
            return buf;
        case Token::Event: std::snprintf(buf, sizeof buf, "The event, in room %d", w.task().event); return buf;
        case Token::Room: {
            const tasks::Room& r = w.ship().rooms[g->index];
            std::snprintf(buf, sizeof buf, "Room %d%s", g->index, g->index == w.task().event ? " (the event)" : "");
            std::string text = buf;
            if (r.hazard_to_equipment || r.hazard_to_event) {
                std::snprintf(buf, sizeof buf, "\nHazard: %lld damage entering (to the equipment), %lld (to the event)",
                              static_cast<long long>(r.hazard_to_equipment), static_cast<long long>(r.hazard_to_event));
                text += buf;
            }
            // Its corridors' numbers: the canvas leaves out a label with no room to print it.
            for (const tasks::Corridor& c : w.ship().corridors) {
                if (c.from != g->index && (c.to != g->index || c.one_way)) continue;
                const tasks::Cost damage = std::max(c.damage_to_equipment, c.damage_to_event);
                std::snprintf(buf, sizeof buf, "\nCorridor to room %d: time %lld, damage %lld",
                              c.from == g->index ? c.to : c.from, static_cast<long long>(c.time),
                              static_cast<long long>(damage));
                text += buf;
            }
            return text;
        }
    }
    return {};
}

int TasksView::shown_point(const tasks::TaskSolution& s) const {
    const int count = static_cast<int>(s.teams.points.size());
    if (hovered_point_ >= 0 && hovered_point_ < count) return hovered_point_;
    if (chosen_.point >= 0 && chosen_.point < count) return chosen_.point;
    return s.efficient.empty() ? -1 : s.efficient.front();
}

void TasksView::draw(const World& world, const CanvasFrame& f) {
    const TasksWorld& w = tasks_world(world);
    // The charts are drawn after the canvas (in the side panel and the Pareto window): the point
    // they found under the mouse last frame is the one whose routes show now.
    hovered_point_ = hover_next_;
    hover_next_ = -1;
    refresh_solution(w);
    draw_ship(w, f);
    draw_routes(w, f);
    draw_tokens(w, f);
    record_ship_rect(w, f);
    if (!f.ghost) {   // B ghosted: A's marker and window serve both
        draw_solving_marker(f);
        draw_pareto_window(w, f);
    }
    // Edits from the tabs go to the shell's queue, submitted at the current tick, paused or not.
    for (Command& c : pending_) queue(std::move(c));
    pending_.clear();
}

void TasksView::record_ship_rect(const TasksWorld& w, const CanvasFrame& f) const {
    if (!f.widgets || w.ship().rooms.empty()) return;
    // Rooms with their discs, the event's outer ring and the tokens beside their rooms.
    glm::dvec2 lo{1e300, 1e300}, hi{-1e300, -1e300};
    const auto grow = [&](glm::dvec2 p, double r) {
        lo = glm::min(lo, p - glm::dvec2(r, r));
        hi = glm::max(hi, p + glm::dvec2(r, r));
    };
    for (int i = 0; i < w.ship().room_count(); ++i) grow(room_pos(w.ship(), i), kRoomRadius);
    if (w.ship().has_room(w.task().event)) grow(room_pos(w.ship(), w.task().event), kRoomRadius * 1.9);
    for (int i = 0; i < static_cast<int>(w.task().players.size()); ++i)
        grow(token_pos(w, Token::Player, i), kTokenRadius);
    for (int i = 0; i < static_cast<int>(w.task().equipment.size()); ++i)
        grow(token_pos(w, Token::Equipment, i), kTokenRadius);
    const ImVec2 a = screen(f, {lo.x, hi.y}), b = screen(f, {hi.x, lo.y});
    const ImVec2 o = f.view->origin(), sz = f.view->size();
    const bool on_canvas = b.x > o.x && b.y > o.y && a.x < o.x + sz.x && a.y < o.y + sz.y;
    f.widgets->record("keep_visible.ship", WidgetRect{a.x, a.y, b.x - a.x, b.y - a.y, on_canvas});
}

void TasksView::draw_ship(const TasksWorld& w, const CanvasFrame& f) const {
    Painter* d = f.draw;
    const tasks::Ship& ship = w.ship();
    const float s = f.ui_scale;
    const bool labels = f.view->pixels_per_unit() * kRoomRadius > 9.0 * s;
    // A room being dragged is drawn where the mouse is, so its corridors follow live.
    const auto pos = [&](int room) {
        if (grabbed_ && grabbed_->token == Token::Room && grabbed_->index == room) return drag_pos_ + grabbed_->offset;
        return room_pos(ship, room);
    };
    // Labels never print over each other (docs/window.md#text-that-fits): the tokens' discs come
    // first (drawn last, on top), then the rooms' numbers not under a token, then each corridor's
    // label that finds room; a label left out is in the hover text.
    std::vector<ImVec4> taken;
    const auto overlaps = [&](ImVec4 r) {
        for (const ImVec4& t : taken)
            if (r.x < t.z && t.x < r.z && r.y < t.w && t.y < r.w) return true;
        return false;
    };
    const auto label_box = [](ImVec2 at, const char* text) {
        const ImVec2 size = ImGui::CalcTextSize(text);
        return ImVec4(at.x - size.x * 0.5f, at.y - size.y * 0.5f, at.x + size.x * 0.5f, at.y + size.y * 0.5f);
    };
    const float token_px = f.view->to_pixels(kTokenRadius);
    for (const Token kind : {Token::Equipment, Token::Player}) {
        const std::size_t n = kind == Token::Equipment ? w.task().equipment.size() : w.task().players.size();
        for (int i = 0; i < static_cast<int>(n); ++i) {
            const ImVec2 c = screen(f, token_pos(w, kind, i));
            taken.push_back(ImVec4(c.x - token_px, c.y - token_px, c.x + token_px, c.y + token_px));
        }
    }
    std::vector<bool> room_label(static_cast<std::size_t>(ship.room_count()), false);
    if (labels)
        for (int i = 0; i < ship.room_count(); ++i) {
            const std::string n = std::to_string(i);
            const ImVec4 box = label_box(screen(f, pos(i)), n.c_str());
            if (overlaps(box)) continue;
            room_label[static_cast<std::size_t>(i)] = true;
            taken.push_back(box);
        }
    for (const tasks::Corridor& c : ship.corridors) {
        if (!ship.has_room(c.from) || !ship.has_room(c.to)) continue;
        const ImVec2 a = screen(f, pos(c.from)), b = screen(f, pos(c.to));
        const tasks::Cost damage = std::max(c.damage_to_equipment, c.damage_to_event);
        const ImU32 colour = damage > 0 ? tasks_colours::kDamageCorridor : tasks_colours::kCorridor;
        const float width = (1.5f + std::min<float>(static_cast<float>(c.time), 6.0f) * 0.5f) * s;
        d->AddLine(a, b, colour, width);
        if (c.one_way) {
            const glm::dvec2 dir = glm::normalize(pos(c.to) - pos(c.from));
            const glm::dvec2 tip = pos(c.to) - dir * kRoomRadius, side{-dir.y, dir.x};
            d->AddTriangleFilled(screen(f, tip), screen(f, tip - dir * 0.18 + side * 0.08),
                                 screen(f, tip - dir * 0.18 - side * 0.08), colour);
        }
        if (labels && (c.time != 1 || damage > 0)) {
            char buf[32];
            if (damage > 0)
                std::snprintf(buf, sizeof buf, "%lld/%lld", static_cast<long long>(c.time),
                              static_cast<long long>(damage));
            else
                std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(c.time));
            const ImVec2 at((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f - 7.0f * s);
            const ImVec4 box = label_box(at, buf);
            if (!overlaps(box)) {
                taken.push_back(box);
                centred_text(d, at, tasks_colours::kCorridorLabel, buf);
            }
        }
    }
    const float radius = f.view->to_pixels(kRoomRadius);
    for (int i = 0; i < ship.room_count(); ++i) {
        const tasks::Room& r = ship.rooms[i];
        const ImVec2 c = screen(f, pos(i));
        const bool hazard = r.hazard_to_equipment > 0 || r.hazard_to_event > 0;
        d->AddCircleFilled(c, radius, hazard ? tasks_colours::kHazardRoom : tasks_colours::kRoom, 20);
        d->AddCircle(c, radius, tasks_colours::kRoomEdge, 20, 1.2f * s);
        if (room_label[static_cast<std::size_t>(i)]) {
            char buf[16];
            std::snprintf(buf, sizeof buf, "%d", i);
            d->AddLabelInDisc(c, radius, palette::kOverlayText, palette::kOverlayText, buf);
        }
    }
    if (ship.has_room(w.task().event)) {
        const ImVec2 c =
            screen(f, grabbed_ && grabbed_->token == Token::Event ? drag_pos_ + grabbed_->offset : pos(w.task().event));
        d->AddCircle(c, radius * 1.55f, tasks_colours::kEvent, 24, 3.0f * s);
        d->AddCircle(c, radius * 1.9f, palette::with_alpha(tasks_colours::kEvent, 110), 24, 1.5f * s);
        // Beside its rings where no other label is (below, above, right, left); with no room
        // anywhere the ring alone says it (and the hover, "The event, in room N").
        const ImVec2 ts = ImGui::CalcTextSize("EVENT");
        const float out = radius * 1.9f + 2.0f * f.ui_scale;
        for (const ImVec2 at : {ImVec2(c.x, c.y + out + ts.y * 0.5f), ImVec2(c.x, c.y - out - ts.y * 0.5f),
                                ImVec2(c.x + out + ts.x * 0.5f, c.y), ImVec2(c.x - out - ts.x * 0.5f, c.y)}) {
            const ImVec4 box = label_box(at, "EVENT");
            if (overlaps(box)) continue;
            taken.push_back(box);
            centred_text(d, at, tasks_colours::kEvent, "EVENT");
            break;
        }
    }
}

void TasksView::draw_routes(const TasksWorld& w, const CanvasFrame& f) const {
    const tasks::TaskSolution& s = shown_solution();
    const int point_index = shown_point(s);
    if (point_index < 0 || w.problem()) return;
    // An older answer (while the current one is solved) is drawn dimmed, on today's rooms.
    const std::uint8_t alpha = older_ ? 90 : 200;
    const tasks::TeamPoint& point = s.teams.points[point_index];
    const int team = point_index == chosen_.point ? std::clamp(chosen_.team, 0, point.assignment_count - 1) : 0;
    if (point.assignment_count == 0) return;
    Painter* d = f.draw;
    const float sc = f.ui_scale;
    const auto picks = s.assignment(point, team);
    const double pace = std::max(w.config().ticks_per_time, 1.0);
    for (std::size_t m = 0; m < picks.size(); ++m) {
        const tasks::Pick& pick = picks[m];
        const std::vector<int> route = s.full_route(s.pair_options(pick.player, pick.equipment)[pick.option]);
        if (std::any_of(route.begin(), route.end(), [&](int r) { return !w.ship().has_room(r); })) continue;
        const ImU32 colour = tasks_colours::player(pick.player);
        // Members' routes are drawn side by side where they share corridors.
        const double shift = (static_cast<double>(m) - 0.5 * static_cast<double>(picks.size() - 1)) * 0.07;
        std::vector<ImVec2> line;
        for (std::size_t i = 0; i < route.size(); ++i) {
            glm::dvec2 p = room_pos(w.ship(), route[i]);
            if (i + 1 < route.size()) {
                const glm::dvec2 dir = room_pos(w.ship(), route[i + 1]) - p;
                const double len = std::sqrt(dir.x * dir.x + dir.y * dir.y);
                if (len > 1e-9) p += glm::dvec2(-dir.y, dir.x) / len * shift;
            }
            line.push_back(screen(f, p));
        }
        if (line.size() >= 2)
            d->AddPolyline(line.data(), static_cast<int>(line.size()), palette::with_alpha(colour, alpha), 0,
                           4.0f * sc);
        // The walker: time along the route from the tick, looping with a short rest at the event.
        std::vector<double> at{0.0};
        for (std::size_t i = 0; i + 1 < route.size(); ++i)
            at.push_back(at.back() + static_cast<double>(step_time(w.ship(), route[i], route[i + 1])));
        const double total = at.back();
        const double t = std::fmod(static_cast<double>(w.tick()) / pace, total + 3.0);
        glm::dvec2 walker = room_pos(w.ship(), route.back());
        for (std::size_t i = 0; i + 1 < route.size(); ++i)
            if (t <= at[i + 1]) {
                const double span = at[i + 1] - at[i];
                const double u = span > 0.0 ? (t - at[i]) / span : 1.0;
                walker = room_pos(w.ship(), route[i]) * (1.0 - u) + room_pos(w.ship(), route[i + 1]) * u;
                break;
            }
        const ImVec2 c = screen(f, walker);
        d->AddCircleFilled(c, 7.0f * sc, older_ ? palette::with_alpha(colour, alpha) : colour, 16);
        d->AddCircle(c, 7.0f * sc, palette::rgb(255, 255, 255, older_ ? alpha : 255), 16, 2.0f * sc);
    }
}

void TasksView::draw_tokens(const TasksWorld& w, const CanvasFrame& f) const {
    Painter* d = f.draw;
    const float r = f.view->to_pixels(kTokenRadius);
    char buf[16];
    for (int i = 0; i < static_cast<int>(w.task().equipment.size()); ++i) {
        glm::dvec2 p = token_pos(w, Token::Equipment, i);
        if (grabbed_ && grabbed_->token == Token::Equipment && grabbed_->index == i) p = drag_pos_ + grabbed_->offset;
        const ImVec2 c = screen(f, p);
        d->AddRectFilled(ImVec2(c.x - r, c.y - r), ImVec2(c.x + r, c.y + r), tasks_colours::kEquipment, 3.0f);
        std::snprintf(buf, sizeof buf, "T%d", i + 1);
        d->AddLabelInDisc(c, r, palette::rgb(30, 30, 30), tasks_colours::kEquipment, buf);
        if (shown_solution().equipment > 0 && f.widgets)
            f.widgets->record("tasks.tool" + std::to_string(i + 1), {c.x - r, c.y - r, 2 * r, 2 * r, true});
    }
    for (int i = 0; i < static_cast<int>(w.task().players.size()); ++i) {
        glm::dvec2 p = token_pos(w, Token::Player, i);
        if (grabbed_ && grabbed_->token == Token::Player && grabbed_->index == i) p = drag_pos_ + grabbed_->offset;
        const ImVec2 c = screen(f, p);
        d->AddCircleFilled(c, r, tasks_colours::player(i), 20);
        d->AddCircle(c, r, palette::rgb(255, 255, 255, 200), 20, 1.5f);
        std::snprintf(buf, sizeof buf, "P%d", i + 1);
        d->AddLabelInDisc(c, r, palette::rgb(255, 255, 255), tasks_colours::player(i), buf);
        if (f.widgets)
            f.widgets->record("tasks.player" + std::to_string(i + 1), {c.x - r, c.y - r, 2 * r, 2 * r, true});
    }
}

}   // namespace pb::ui
