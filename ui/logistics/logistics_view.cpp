#include "ui/logistics/logistics_view.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "ui/logistics/logistics_style.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::ui {

using namespace logistics;
using namespace logistics_style;

namespace {}   // namespace

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
    const std::int64_t x = tile.x, y = tile.y;
    switch (options_.tool) {
        case Tool::Select: selected_ = pick(w, point, pick_radius); return;
        case Tool::PlaceTarget:
            if (on_map)
                queue(to_command(TargetPlace{.kind = std::string(kind_info(options_.kind).key), .x = x, .y = y}));
            return;
        case Tool::PlaceTransporter:
            if (on_map) queue(to_command(TransporterPlace{.x = x, .y = y}));
            return;
        case Tool::Wall:
            if (on_map) queue(to_command(WallSet{.x = x, .y = y, .solid = !w.map().wall(tile)}));
            return;
    }
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
    if (g.what.transporter) return to_command(TransporterMove{.id = g.what.id, .x = to.x, .y = to.y}, tick);
    return to_command(TargetMove{.id = g.what.id, .x = to.x, .y = to.y}, tick);
}

std::string LogisticsView::hover_hint(bool paused) const {
    return paused ? "Drag to move it \xc2\xb7 click selects" : "Click selects \xc2\xb7 pause (Space) to drag it";
}

std::string LogisticsView::canvas_hint(bool paused) const {
    const char* tool = options_.tool == Tool::Select             ? "click selects"
                       : options_.tool == Tool::PlaceTarget      ? "click builds a target"
                       : options_.tool == Tool::PlaceTransporter ? "click adds a transporter"
                                                                 : "click toggles a wall";
    return std::string(tool) + (paused ? " \xc2\xb7 drag moves" : " \xc2\xb7 Space pauses") +
           " \xc2\xb7 hover a transporter for its preferences \xc2\xb7 wheel zooms \xc2\xb7 colour key: top left or "
           "Analysis tab";
}

std::string LogisticsView::hover_text(const World& world, glm::dvec2 point, double pick_radius) const {
    const LogisticsWorld& w = world_of(world);
    const auto hit = pick(w, point, pick_radius);
    if (!hit) return {};
    char buf[256];
    std::string out;
    if (!hit->transporter) {
        const Target& t = w.targets()[hit->id];
        std::snprintf(buf, sizeof buf, "%s (%s, %s) at (%d, %d)\n%.0f energy, %.0f mineral of %.0f",
                      logistics_style::target_name(t).c_str(), std::string(role_key(t.role())).c_str(),
                      std::string(resource_key(t.resource)).c_str(), t.pos.x, t.pos.y, shown(t.store[0]),
                      shown(t.store[1]), t.capacity);
        out = buf;
        for (const Request& r : w.requests())
            if (r.id == t.id) {
                std::snprintf(buf, sizeof buf,
                              "\nrequest: amount %+.0f units, dAmountdt %+.2f units/tick, multiplier %.2f",
                              shown(r.amount), r.dAmountdt, r.multiplier);
                out += buf;
            }
        int coming = 0;
        for (const Transporter& tr : w.transporters())
            if (!tr.removed && tr.request == t.id) ++coming;
        if (coming) out += "\n" + std::to_string(coming) + " transporter(s) on the way";
        return out;
    }
    const Transporter& t = w.transporters()[hit->id];
    std::snprintf(buf, sizeof buf,
                  "Transporter %d at (%d, %d): carries %.0f energy, %.0f mineral of %.0f, speed %.2f tiles/tick", t.id,
                  t.pos.x, t.pos.y, shown(t.carry[0]), shown(t.carry[1]), t.capacity, t.speed);
    out = buf;
    if (t.request >= 0 && w.find_target(t.request)) {
        std::snprintf(buf, sizeof buf, "\nserving %s%s, rate %.2f units/tick",
                      logistics_style::target_name(w.targets()[t.request]).c_str(),
                      t.via >= 0 && w.find_target(t.via)
                          ? (" via " + logistics_style::target_name(w.targets()[t.via])).c_str()
                          : "",
                      t.assigned_rate);
        out += buf;
    } else {
        out += t.idle() ? "\nidle" : "\nbusy";
    }
    const auto prefs = w.preferences(t.id);
    out += "\nPreferences, best first (dq units / dt ticks = rate in units/tick):";
    int listed = 0;
    for (const auto& p : prefs) {
        if (listed == 6) break;
        const Target& target = w.targets()[p.request.target];
        std::snprintf(buf, sizeof buf, "\n%d. %s %s %.0f %s: %s", ++listed,
                      logistics_style::target_name(target).c_str(), p.request.amount >= 0.0 ? "wants" : "offers",
                      std::abs(shown(p.amount)), std::string(resource_key(p.request.resource)).c_str(),
                      p.best.score > 0.0 ? "" : "nothing to gain");
        out += buf;
        for (const Choice& ch : p.choices) {
            if (ch.score <= 0.0 && ch.via >= 0) continue;
            std::snprintf(buf, sizeof buf, "\n     %s %s: %.0f / %.1f = %.2f",
                          &ch == &p.choices.front() ? "direct" : "via",
                          ch.via >= 0 ? logistics_style::target_name(w.targets()[ch.via]).c_str() : "", shown(ch.dq),
                          ch.dt, ch.score);
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
    if (!f.ghost) draw_canvas_key(w, f);   // B ghosted: A's key serves both
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
            f.draw->AddRectFilled(ImVec2(std::min(p.x, q.x), std::min(p.y, q.y)),
                                  ImVec2(std::max(p.x, q.x), std::max(p.y, q.y)), kWall);
            x = end;
        }
    f.draw->AddRect(lo, hi, kEdge, 0.0f, 0, 1.5f * f.ui_scale);
    if (f.widgets) f.widgets->record("logistics.map", WidgetRect{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, true});
}

void LogisticsView::draw_routes(const LogisticsWorld& w, const CanvasFrame& f) const {
    const double fastest = fastest_route_rate(w);   // the Analysis tab's colour scale ends there
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
            f.draw->AddTriangleFilled(tip, ImVec2(back.x - uy * s, back.y + ux * s),
                                      ImVec2(back.x + uy * s, back.y - ux * s), colour);
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
        const float half = std::max(3.0f * f.ui_scale, tile_px * (buffer ? kBufferHalf : kTargetHalf));
        const ImVec2 c = f.view->to_screen(tile_centre(t.pos));
        const ImVec2 lo(c.x - half, c.y - half), hi(c.x + half, c.y + half);
        f.draw->AddRectFilled(lo, hi, kBoxInside);
        // Fill bar: the stock as a share of capacity, from the bottom, in the resources' colours.
        const float h = hi.y - lo.y;
        float y = hi.y;
        for (int r = 0; r < kResources; ++r) {
            const double share = t.capacity > 0.0 ? std::clamp(shown(t.store[r]) / t.capacity, 0.0, 1.0) : 0.0;
            const float top = y - static_cast<float>(share) * h;
            if (y - top < 0.5f) continue;   // under half a pixel of stock: nothing to see
            f.draw->AddRectFilled(ImVec2(lo.x + 1.0f, top), ImVec2(hi.x - 1.0f, y),
                                  resource_colour(static_cast<Resource>(r)));
            y = top;
        }
        f.draw->AddRect(lo, hi, role_colour(t.role()), 0.0f, 0, std::max(1.0f, 0.12f * tile_px));
        if (selected_ && !selected_->transporter && selected_->id == t.id)
            f.draw->AddRect(ImVec2(lo.x - 3, lo.y - 3), ImVec2(hi.x + 3, hi.y + 3), palette::kSelection, 0.0f, 0,
                            2.0f * f.ui_scale);
        if (tile_px >= 14.0f) {
            const std::string id = std::to_string(t.id);
            f.draw->AddText(ImVec2(hi.x + 2.0f, lo.y - 2.0f), kLabel, id.c_str());
        }
        if (f.widgets && t.id < 64)
            f.widgets->record("logistics.target." + std::to_string(t.id),
                              WidgetRect{lo.x, lo.y, hi.x - lo.x, hi.y - lo.y, true});
    }
}

void LogisticsView::draw_transporters(const LogisticsWorld& w, const CanvasFrame& f) const {
    const float tile_px = f.view->to_pixels(1.0 / kTilesPerUnit);
    const float radius = std::max(2.5f * f.ui_scale, tile_px * kDiscRadius);
    for (const Transporter& t : w.transporters()) {
        if (t.removed) continue;
        glm::dvec2 at = tile_centre(t.pos);
        if (grabbed_ && grabbed_->what.transporter && grabbed_->what.id == t.id) at = drag_pos_ + grabbed_->offset;
        const ImVec2 c = f.view->to_screen(at);
        const bool busy = !t.idle();
        f.draw->AddCircleFilled(c, radius, busy ? kTransporter : kIdle);
        // What it carries: an inner disc whose area is the load's share of its capacity, in the
        // colour of what it carries most of. A float residue (4.3e-14 energy after a transfer) is
        // no load, and a load whose disc would be under a pixel across is not drawn.
        const double carried = shown(t.carry[0]) + shown(t.carry[1]);
        const double load = t.capacity > 0.0 ? std::clamp(carried / t.capacity, 0.0, 1.0) : 0.0;
        const float load_radius = radius * kLoadDisc * static_cast<float>(std::sqrt(load));
        if (load_radius >= 0.5f * kMinVisiblePx) {
            const Resource main = shown(t.carry[1]) > shown(t.carry[0]) ? Resource::Mineral : Resource::Energy;
            f.draw->AddCircleFilled(c, load_radius, resource_colour(main));
        }
        f.draw->AddCircle(c, radius, kDiscEdge, 0, 1.0f);
        const bool chosen =
            (selected_ && selected_->transporter && selected_->id == t.id) || hovered_transporter_ == t.id;
        if (chosen) f.draw->AddCircle(c, radius + 3.0f * f.ui_scale, palette::kSelection, 0, 2.0f * f.ui_scale);
        if (f.widgets && t.id < 64)
            f.widgets->record("logistics.transporter." + std::to_string(t.id),
                              WidgetRect{c.x - radius, c.y - radius, 2 * radius, 2 * radius, true});
    }
    // The dragged target follows the mouse as a ghost.
    if (grabbed_ && !grabbed_->what.transporter) {
        const ImVec2 c = f.view->to_screen(tile_centre(tile_at(drag_pos_ + grabbed_->offset)));
        const float half = tile_px * kTargetHalf;
        f.draw->AddRect(ImVec2(c.x - half, c.y - half), ImVec2(c.x + half, c.y + half), palette::kDragGhost, 0.0f, 0,
                        2.0f);
    }
}

LabHelp LogisticsView::help() const {
    LabHelp h;
    h.what_you_see =
        "A colony on a tile map (walls brown). Each target is a square: sinks (spawn, extension, tower, upgrade site, "
        "lab) "
        "outlined white, sources (mining container, pile, mineral container) orange, buffers (storage, terminal) blue "
        "and "
        "larger. The square fills from the bottom with its stock as a share of its capacity: energy yellow, mineral "
        "violet.\n\n"
        "Transporters are discs: white when busy, grey when idle. The coloured disc inside is their load (its area is "
        "the "
        "share of their capacity). A busy transporter's route runs along its chain to its request, through a buffer "
        "when it "
        "detours, with an arrow at the request; its colour is the rate of that choice in units/tick, from slow blue to "
        "fast "
        "green (the scale is in the Analysis tab, from 0 to the fastest route on the map).\n\n"
        "The Analysis tab has the colony's totals (delivered to sinks, moved into buffers, unmet demand, idle share, "
        "distance), "
        "charts over time, every matching policy compared on the current state, the current matching pair by pair, and "
        "the "
        "colour key.";
    h.what_you_can_do =
        "Switch the matching policy (Tools tab, or logistics.matching.policy in Parameters) and watch delivered and "
        "unmet demand "
        "change. Build targets, add transporters, toggle walls, move things, and set a target's stock, capacity, rate "
        "and "
        "multiplier (select it, edit, Apply). Every edit is a command: it is in the log and in saved scenarios. Hover "
        "a "
        "transporter to see why it chose what it did: its ranked preferences, each with dq, dt and rate.";
    h.keys = {
        {"click (Tools: selects)", "select the target or transporter under the mouse; edit it in the Tools tab"},
        {"click (Tools: builds)", "build the chosen kind of target on that tile"},
        {"click (Tools: adds a transporter)", "add a transporter on that tile"},
        {"click (Tools: toggles a wall)", "make the tile a wall, or floor again"},
        {"drag (paused)", "move a target or transporter to another tile (Space pauses)"},
        {"hover a transporter", "its preferences, best first, and lines to its three best requests (rank: rate)"},
        {"hover a target", "its stock, its request (amount, dAmountdt, multiplier) and who is on the way"},
        {"wheel / right-drag", "zoom / pan the map"},
        {"Ctrl+Z / Ctrl+Shift+Z",
         "undo / redo: moves, target settings, walls, placements and removals (exact: stock, load and task chain come "
         "back at the id)"},
        {"Shift+drag a slider / arrows",
         "ten times finer / one step (hover or focus the slider); Ctrl+click types a value"},
    };
    h.source = "Overmind's wiki page \"The Logistics System\" (docs/labs/logistics.md#sources)";
    return h;
}

}   // namespace pb::ui
