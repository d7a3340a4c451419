#include "ui/logistics/logistics_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/palette.hpp"

namespace pb::ui {

using namespace logistics;

namespace {

constexpr ImU32 kFloor = palette::rgb(46, 50, 44);
constexpr ImU32 kWall = palette::rgb(104, 96, 86);
constexpr ImU32 kGrid = palette::rgb(255, 255, 255, 14);
constexpr ImU32 kEdge = palette::rgb(200, 205, 210, 160);
constexpr ImU32 kEnergy = palette::rgb(255, 205, 60);
constexpr ImU32 kMineral = palette::rgb(186, 120, 255);
constexpr ImU32 kSink = palette::rgb(225, 228, 232);
constexpr ImU32 kSource = palette::rgb(214, 142, 62);
constexpr ImU32 kBuffer = palette::rgb(110, 160, 215);
constexpr ImU32 kBoxInside = palette::rgb(22, 24, 28);
constexpr ImU32 kTransporter = palette::rgb(240, 240, 240);
constexpr ImU32 kIdle = palette::rgb(150, 154, 160);
constexpr ImU32 kLabel = palette::rgb(250, 250, 250, 220);

ImU32 resource_colour(Resource r) { return r == Resource::Energy ? kEnergy : kMineral; }

ImU32 role_colour(Role r) { return r == Role::Sink ? kSink : r == Role::Source ? kSource : kBuffer; }

ImU32 mix(ImU32 a, ImU32 b, float t) {
    auto channel = [&](int shift) {
        const float x = static_cast<float>((a >> shift) & 0xff), y = static_cast<float>((b >> shift) & 0xff);
        return static_cast<ImU32>(std::lround(x + (y - x) * t)) << shift;
    };
    return channel(IM_COL32_R_SHIFT) | channel(IM_COL32_G_SHIFT) | channel(IM_COL32_B_SHIFT) | channel(IM_COL32_A_SHIFT);
}

// Slow (dim blue) through middling (teal) to fast (bright green): the rate of a route, as a share
// of the fastest route on the map.
ImU32 rate_colour(double share) {
    const float t = static_cast<float>(std::clamp(share, 0.0, 1.0));
    const ImU32 slow = palette::rgb(70, 90, 200, 200), mid = palette::rgb(40, 190, 200, 220), fast = palette::rgb(120, 255, 110, 240);
    return t < 0.5f ? mix(slow, mid, t * 2.0f) : mix(mid, fast, (t - 0.5f) * 2.0f);
}

std::string target_name(const Target& t) { return std::string(kind_info(t.kind).label) + " #" + std::to_string(t.id); }

}  // namespace

const LogisticsWorld& LogisticsView::world_of(const World& world) { return dynamic_cast<const LogisticsWorld&>(world); }

Tile LogisticsView::tile_at(glm::dvec2 p) {
    return {static_cast<int>(std::floor(p.x * kTilesPerUnit)), static_cast<int>(std::floor(p.y * kTilesPerUnit))};
}

WorldRect LogisticsView::bounds(const World& world) const {
    const TileMap& m = world_of(world).map();
    return {{0.0, 0.0}, {m.width() / kTilesPerUnit, m.height() / kTilesPerUnit}};
}

std::optional<LogisticsView::Selection> LogisticsView::pick(const LogisticsWorld& w, glm::dvec2 point,
                                                            double pick_radius) const {
    // Transporters first (they stand on and beside targets), nearest centre within reach.
    const double reach = std::max(pick_radius, 0.6 / kTilesPerUnit);
    std::optional<Selection> best;
    double best_d2 = reach * reach;
    for (const Transporter& t : w.transporters()) {
        if (t.removed) continue;
        const glm::dvec2 d = tile_centre(t.pos) - point;
        if (const double d2 = d.x * d.x + d.y * d.y; d2 <= best_d2) {
            best_d2 = d2;
            best = Selection{true, t.id};
        }
    }
    if (best) return best;
    best_d2 = reach * reach;
    for (const Target& t : w.targets()) {
        if (t.removed) continue;
        const glm::dvec2 d = tile_centre(t.pos) - point;
        if (const double d2 = d.x * d.x + d.y * d.y; d2 <= best_d2) {
            best_d2 = d2;
            best = Selection{false, t.id};
        }
    }
    return best;
}

void LogisticsView::click(const World& world, glm::dvec2 point, double pick_radius, bool) {
    const LogisticsWorld& w = world_of(world);
    const Tile tile = tile_at(point);
    const bool on_map = w.map().inside(tile);
    Command c;
    c.set("x", std::int64_t{tile.x}).set("y", std::int64_t{tile.y});
    switch (options_.tool) {
        case Tool::Select: selected_ = pick(w, point, pick_radius); return;
        case Tool::PlaceTarget:
            if (!on_map) return;
            c.type = "target.place";
            c.set("kind", std::string(kind_info(options_.kind).key));
            break;
        case Tool::PlaceTransporter:
            if (!on_map) return;
            c.type = "transporter.place";
            break;
        case Tool::Wall:
            if (!on_map) return;
            c.type = "wall.set";
            c.set("solid", !w.map().wall(tile));
            break;
    }
    queue(std::move(c));
}

bool LogisticsView::grab(const World& world, glm::dvec2 point, double pick_radius) {
    const LogisticsWorld& w = world_of(world);
    const auto hit = pick(w, point, pick_radius);
    if (!hit) return false;
    const Tile at = hit->transporter ? w.transporters()[hit->id].pos : w.targets()[hit->id].pos;
    grabbed_ = Grabbed{*hit, tile_centre(at) - point};
    drag_pos_ = point;
    selected_ = *hit;
    return true;
}

std::optional<Command> LogisticsView::release(const World& world, std::int64_t tick) {
    if (!grabbed_) return std::nullopt;
    const LogisticsWorld& w = world_of(world);
    const Grabbed g = *grabbed_;
    grabbed_.reset();
    const Tile to = tile_at(drag_pos_ + g.offset);
    const Tile from = g.what.transporter ? w.transporters()[g.what.id].pos : w.targets()[g.what.id].pos;
    if (to == from) return std::nullopt;
    Command c;
    c.tick = tick;
    c.type = g.what.transporter ? "transporter.move" : "target.move";
    c.set("id", std::int64_t{g.what.id}).set("x", std::int64_t{to.x}).set("y", std::int64_t{to.y});
    return c;
}

std::string LogisticsView::hover_hint(bool paused) const {
    return paused ? "Drag to move it \xc2\xb7 click selects" : "Click selects \xc2\xb7 pause (Space) to drag it";
}

std::string LogisticsView::canvas_hint(bool paused) const {
    const char* tool = options_.tool == Tool::Select            ? "click selects"
                       : options_.tool == Tool::PlaceTarget      ? "click builds a target"
                       : options_.tool == Tool::PlaceTransporter ? "click adds a transporter"
                                                                 : "click toggles a wall";
    return std::string(tool) + (paused ? " \xc2\xb7 drag moves" : " \xc2\xb7 Space pauses") +
           " \xc2\xb7 hover a transporter for its preferences \xc2\xb7 wheel zooms";
}

std::string LogisticsView::hover_text(const World& world, glm::dvec2 point, double pick_radius) const {
    const LogisticsWorld& w = world_of(world);
    const auto hit = pick(w, point, pick_radius);
    if (!hit) return {};
    char buf[256];
    std::string out;
    if (!hit->transporter) {
        const Target& t = w.targets()[hit->id];
        std::snprintf(buf, sizeof buf, "%s (%s, %s) at (%d, %d)\n%.0f energy, %.0f mineral of %.0f", target_name(t).c_str(),
                      std::string(role_key(t.role())).c_str(), std::string(resource_key(t.resource)).c_str(), t.pos.x,
                      t.pos.y, t.store[0], t.store[1], t.capacity);
        out = buf;
        for (const Request& r : w.requests())
            if (r.id == t.id) {
                std::snprintf(buf, sizeof buf, "\nrequest: amount %+.0f, dAmountdt %+.2f/tick, multiplier %.2f", r.amount,
                              r.dAmountdt, r.multiplier);
                out += buf;
            }
        int coming = 0;
        for (const Transporter& tr : w.transporters())
            if (!tr.removed && tr.request == t.id) ++coming;
        if (coming) out += "\n" + std::to_string(coming) + " transporter(s) on the way";
        return out;
    }
    const Transporter& t = w.transporters()[hit->id];
    std::snprintf(buf, sizeof buf, "Transporter %d at (%d, %d): %.0f energy, %.0f mineral of %.0f, speed %.2f", t.id, t.pos.x,
                  t.pos.y, t.carry[0], t.carry[1], t.capacity, t.speed);
    out = buf;
    if (t.request >= 0 && w.find_target(t.request)) {
        std::snprintf(buf, sizeof buf, "\nserving %s%s, rate %.2f/tick", target_name(w.targets()[t.request]).c_str(),
                      t.via >= 0 && w.find_target(t.via) ? (" via " + target_name(w.targets()[t.via])).c_str() : "",
                      t.assigned_rate);
        out += buf;
    } else {
        out += t.idle() ? "\nidle" : "\nbusy";
    }
    const auto prefs = w.preferences(t.id);
    out += "\nPreferences, best first (dq units / dt ticks = rate):";
    int shown = 0;
    for (const auto& p : prefs) {
        if (shown == 6) break;
        const Target& target = w.targets()[p.request.target];
        std::snprintf(buf, sizeof buf, "\n%d. %s %s %.0f %s: %s", ++shown, target_name(target).c_str(),
                      p.request.amount >= 0.0 ? "wants" : "offers", std::abs(p.amount),
                      std::string(resource_key(p.request.resource)).c_str(),
                      p.best.score > 0.0 ? "" : "nothing to gain");
        out += buf;
        for (const Choice& ch : p.choices) {
            if (ch.score <= 0.0 && ch.via >= 0) continue;
            std::snprintf(buf, sizeof buf, "\n     %s %s: %.0f / %.1f = %.2f", &ch == &p.choices.front() ? "direct" : "via",
                          ch.via >= 0 ? target_name(w.targets()[ch.via]).c_str() : "", ch.dq, ch.dt, ch.score);
            out += buf;
        }
    }
    if (prefs.size() > 6) out += "\n... and " + std::to_string(prefs.size() - 6) + " more";
    return out;
}

// ---------------------------------------------------------------- drawing

void LogisticsView::draw(const World& world, const CanvasFrame& f) {
    const LogisticsWorld& w = world_of(world);
    if (selected_) {
        const bool gone = selected_->transporter ? !w.find_transporter(selected_->id) : !w.find_target(selected_->id);
        if (gone) selected_.reset();
    }
    hovered_transporter_ = -1;
    if (ImGui::IsWindowHovered()) {
        const auto hit = pick(w, f.view->to_world(ImGui::GetIO().MousePos), f.view->to_world_length(6.0f * f.ui_scale));
        if (hit && hit->transporter) hovered_transporter_ = hit->id;
    }
    draw_map(w, f);
    if (options_.show_lines) draw_routes(w, f);
    if (hovered_transporter_ >= 0) draw_preferences(w, f, hovered_transporter_);
    draw_targets(w, f);
    draw_transporters(w, f);
}

void LogisticsView::draw_map(const LogisticsWorld& w, const CanvasFrame& f) const {
    const TileMap& m = w.map();
    const CanvasView& v = *f.view;
    const ImVec2 a = v.to_screen({0.0, 0.0}), b = v.to_screen({m.width() / kTilesPerUnit, m.height() / kTilesPerUnit});
    const ImVec2 lo(std::min(a.x, b.x), std::min(a.y, b.y)), hi(std::max(a.x, b.x), std::max(a.y, b.y));
    f.draw->AddRectFilled(lo, hi, kFloor);
    const float tile_px = v.to_pixels(1.0 / kTilesPerUnit);
    if (tile_px >= 6.0f) {   // the grid only when a tile is big enough to see
        for (int x = 0; x <= m.width(); ++x) {
            const float sx = v.to_screen({x / kTilesPerUnit, 0.0}).x;
            f.draw->AddLine(ImVec2(sx, lo.y), ImVec2(sx, hi.y), kGrid);
        }
        for (int y = 0; y <= m.height(); ++y) {
            const float sy = v.to_screen({0.0, y / kTilesPerUnit}).y;
            f.draw->AddLine(ImVec2(lo.x, sy), ImVec2(hi.x, sy), kGrid);
        }
    }
    // Walls, merged into horizontal runs: one rectangle per run, not per tile.
    for (int y = 0; y < m.height(); ++y)
        for (int x = 0; x < m.width();) {
            if (!m.wall({x, y})) {
                ++x;
                continue;
            }
            int end = x;
            while (end < m.width() && m.wall({end, y})) ++end;
            const ImVec2 p = v.to_screen({x / kTilesPerUnit, y / kTilesPerUnit});
            const ImVec2 q = v.to_screen({end / kTilesPerUnit, (y + 1) / kTilesPerUnit});
            f.draw->AddRectFilled(ImVec2(std::min(p.x, q.x), std::min(p.y, q.y)), ImVec2(std::max(p.x, q.x), std::max(p.y, q.y)), kWall);
            x = end;
        }
    f.draw->AddRect(lo, hi, kEdge, 0.0f, 0, 1.5f * f.ui_scale);
    if (f.widgets) f.widgets->record("logistics.map", WidgetRect{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, true});
}

void LogisticsView::draw_routes(const LogisticsWorld& w, const CanvasFrame& f) const {
    double fastest = 0.0;
    for (const Transporter& t : w.transporters())
        if (!t.removed && t.request >= 0) fastest = std::max(fastest, t.assigned_rate);
    if (fastest <= 0.0) return;
    const float width = std::max(1.5f, f.view->to_pixels(0.12 / kTilesPerUnit));
    std::vector<ImVec2> points;
    for (const Transporter& t : w.transporters()) {
        if (t.removed || t.request < 0) continue;
        points.assign(1, f.view->to_screen(tile_centre(t.pos)));
        for (const Task& task : t.tasks)
            if (const Target* g = w.find_target(task.target)) points.push_back(f.view->to_screen(tile_centre(g->pos)));
        if (points.size() < 2) continue;
        const ImU32 colour = rate_colour(t.assigned_rate / fastest);
        f.draw->AddPolyline(points.data(), static_cast<int>(points.size()), colour, 0, width);
        // An arrow head at the request's end.
        const ImVec2 tip = points.back(), from = points[points.size() - 2];
        const float dx = tip.x - from.x, dy = tip.y - from.y, len = std::sqrt(dx * dx + dy * dy);
        if (len > 1.0f) {
            const float ux = dx / len, uy = dy / len, s = 3.0f * width;
            const ImVec2 back(tip.x - ux * 1.8f * s, tip.y - uy * 1.8f * s);
            f.draw->AddTriangleFilled(tip, ImVec2(back.x - uy * s, back.y + ux * s), ImVec2(back.x + uy * s, back.y - ux * s), colour);
        }
    }
}

void LogisticsView::draw_preferences(const LogisticsWorld& w, const CanvasFrame& f, int id) const {
    const Transporter* t = w.find_transporter(id);
    if (!t) return;
    const auto prefs = w.preferences(id);
    const ImVec2 from = f.view->to_screen(tile_centre(t->pos));
    for (std::size_t i = 0; i < prefs.size() && i < 3; ++i) {
        if (prefs[i].best.score <= 0.0) break;
        const Target& target = w.targets()[prefs[i].request.target];
        ImVec2 at = from;
        const ImU32 colour = palette::rgb(255, 255, 255, static_cast<std::uint8_t>(220 - 60 * i));
        if (prefs[i].best.via >= 0) {
            const ImVec2 stop = f.view->to_screen(tile_centre(w.targets()[prefs[i].best.via].pos));
            f.draw->AddLine(at, stop, colour, 1.5f * f.ui_scale);
            at = stop;
        }
        const ImVec2 to = f.view->to_screen(tile_centre(target.pos));
        f.draw->AddLine(at, to, colour, 1.5f * f.ui_scale);
        char label[48];
        std::snprintf(label, sizeof label, "%zu: %.2f", i + 1, prefs[i].best.score);
        f.draw->AddText(ImVec2(to.x + 6.0f * f.ui_scale, to.y - 14.0f * f.ui_scale), colour, label);
    }
}

void LogisticsView::draw_targets(const LogisticsWorld& w, const CanvasFrame& f) const {
    const float tile_px = f.view->to_pixels(1.0 / kTilesPerUnit);
    for (const Target& t : w.targets()) {
        if (t.removed) continue;
        const bool buffer = t.is_buffer();
        // Buffers a little larger; every target at least a few pixels so a zoomed-out map reads.
        const float half = std::max(3.0f * f.ui_scale, tile_px * (buffer ? 0.62f : 0.42f));
        const ImVec2 c = f.view->to_screen(tile_centre(t.pos));
        const ImVec2 lo(c.x - half, c.y - half), hi(c.x + half, c.y + half);
        f.draw->AddRectFilled(lo, hi, kBoxInside);
        // Fill bar: the stock as a share of capacity, from the bottom, in the resources' colours.
        const float h = hi.y - lo.y;
        float y = hi.y;
        for (int r = 0; r < kResources; ++r) {
            const double share = t.capacity > 0.0 ? std::clamp(t.store[r] / t.capacity, 0.0, 1.0) : 0.0;
            const float top = y - static_cast<float>(share) * h;
            if (top < y) f.draw->AddRectFilled(ImVec2(lo.x + 1.0f, top), ImVec2(hi.x - 1.0f, y), resource_colour(static_cast<Resource>(r)));
            y = top;
        }
        f.draw->AddRect(lo, hi, role_colour(t.role()), 0.0f, 0, std::max(1.0f, 0.12f * tile_px));
        if (selected_ && !selected_->transporter && selected_->id == t.id)
            f.draw->AddRect(ImVec2(lo.x - 3, lo.y - 3), ImVec2(hi.x + 3, hi.y + 3), palette::kSelection, 0.0f, 0, 2.0f * f.ui_scale);
        if (tile_px >= 14.0f) {
            const std::string id = std::to_string(t.id);
            f.draw->AddText(ImVec2(hi.x + 2.0f, lo.y - 2.0f), kLabel, id.c_str());
        }
        if (f.widgets && t.id < 64) f.widgets->record("logistics.target." + std::to_string(t.id), WidgetRect{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, true});
    }
}

void LogisticsView::draw_transporters(const LogisticsWorld& w, const CanvasFrame& f) const {
    const float tile_px = f.view->to_pixels(1.0 / kTilesPerUnit);
    const float radius = std::max(2.5f * f.ui_scale, tile_px * 0.45f);
    for (const Transporter& t : w.transporters()) {
        if (t.removed) continue;
        glm::dvec2 at = tile_centre(t.pos);
        if (grabbed_ && grabbed_->what.transporter && grabbed_->what.id == t.id) at = drag_pos_ + grabbed_->offset;
        const ImVec2 c = f.view->to_screen(at);
        const bool busy = !t.idle();
        f.draw->AddCircleFilled(c, radius, busy ? kTransporter : kIdle);
        // What it carries: an inner disc whose area is the load's share of its capacity.
        const double load = t.capacity > 0.0 ? std::clamp(total(t.carry) / t.capacity, 0.0, 1.0) : 0.0;
        if (load > 0.0) {
            const Resource main = t.carry[1] > t.carry[0] ? Resource::Mineral : Resource::Energy;
            f.draw->AddCircleFilled(c, radius * 0.85f * static_cast<float>(std::sqrt(load)), resource_colour(main));
        }
        f.draw->AddCircle(c, radius, palette::rgb(20, 20, 20), 0, 1.0f);
        const bool chosen = (selected_ && selected_->transporter && selected_->id == t.id) || hovered_transporter_ == t.id;
        if (chosen) f.draw->AddCircle(c, radius + 3.0f * f.ui_scale, palette::kSelection, 0, 2.0f * f.ui_scale);
        if (f.widgets && t.id < 64)
            f.widgets->record("logistics.transporter." + std::to_string(t.id), WidgetRect{c.x - radius, c.y - radius, 2 * radius, 2 * radius, true});
    }
    // The dragged target follows the mouse as a ghost.
    if (grabbed_ && !grabbed_->what.transporter) {
        const ImVec2 c = f.view->to_screen(tile_centre(tile_at(drag_pos_ + grabbed_->offset)));
        const float half = tile_px * 0.45f;
        f.draw->AddRect(ImVec2(c.x - half, c.y - half), ImVec2(c.x + half, c.y + half), palette::kDragGhost, 0.0f, 0, 2.0f);
    }
}

}  // namespace pb::ui
