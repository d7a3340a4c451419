// The Tasks view's side panel: the Pareto chart of every team size (hover a point to see its
// routes on the ship, click to keep it), the chosen team as the paper's table, the options of
// one player-equipment pair, and the editing tools, each of which issues a command.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "ui/palette.hpp"
#include "ui/painter.hpp"
#include "ui/tasks/tasks_colours.hpp"
#include "ui/tasks/tasks_view.hpp"

namespace pb::ui {

using tasks::Cost;
using tasks::TasksWorld;

namespace {

// A time (x) / damage (y) chart in a reserved rectangle.
struct Chart {
    ImVec2 min, max;
    double t0 = 0, t1 = 1, d0 = 0, d1 = 1;
    ImVec2 at(double time, double damage) const {
        const float x = min.x + static_cast<float>((time - t0) / (t1 - t0)) * (max.x - min.x);
        const float y = max.y - static_cast<float>((damage - d0) / (d1 - d0)) * (max.y - min.y);
        return ImVec2(x, y);
    }
};

// Reserves the chart's rectangle (an invisible button, for hover and clicks) and draws its axes.
Chart begin_chart(const char* id, float height, double t0, double t1, double d0, double d1, float scale) {
    const float left = 34.0f * scale, bottom = 18.0f * scale;
    const ImVec2 start = ImGui::GetCursorScreenPos();
    const float width = ImGui::GetContentRegionAvail().x;
    ImGui::InvisibleButton(id, ImVec2(width, height));
    Chart c{ImVec2(start.x + left, start.y + 6.0f * scale), ImVec2(start.x + width - 8.0f * scale, start.y + height - bottom)};
    // Pad the ranges so points sit inside the frame; a single value gets a unit of room.
    const double tp = std::max((t1 - t0) * 0.08, 0.5), dp = std::max((d1 - d0) * 0.12, 0.5);
    c.t0 = t0 - tp, c.t1 = t1 + tp, c.d0 = d0 - dp, c.d1 = d1 + dp;
    Painter window_painter = Painter::window();
    Painter* d = &window_painter;
    d->AddRectFilled(c.min, c.max, tasks_colours::kChartBackground);
    d->AddRect(c.min, c.max, tasks_colours::kChartGrid);
    char buf[32];
    // Whole-number ticks: both objectives are whole numbers.
    for (int i = 0; i <= 4; ++i) {
        const double t = std::round(t0 + (t1 - t0) * i / 4.0), dm = std::round(d0 + (d1 - d0) * i / 4.0);
        const ImVec2 xt = c.at(t, c.d0), yt = c.at(c.t0, dm);
        d->AddLine(ImVec2(xt.x, c.min.y), ImVec2(xt.x, c.max.y), tasks_colours::kChartGrid);
        d->AddLine(ImVec2(c.min.x, yt.y), ImVec2(c.max.x, yt.y), tasks_colours::kChartGrid);
        std::snprintf(buf, sizeof buf, "%.0f", t);
        d->AddText(ImVec2(xt.x - 6.0f * scale, c.max.y + 2.0f * scale), palette::kOverlayDim, buf);
        std::snprintf(buf, sizeof buf, "%.0f", dm);
        d->AddText(ImVec2(start.x + 4.0f * scale, yt.y - 7.0f * scale), palette::kOverlayDim, buf);
    }
    d->AddText(ImVec2(c.max.x - 34.0f * scale, c.max.y - 16.0f * scale), palette::kOverlayDim, "time");
    d->AddText(ImVec2(c.min.x + 4.0f * scale, c.min.y + 2.0f * scale), palette::kOverlayDim, "damage");
    return c;
}

float distance2(ImVec2 a, ImVec2 b) { return (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y); }

std::string route_text(const std::vector<int>& route) {
    std::string out;
    for (std::size_t i = 0; i < route.size(); ++i) out += (i ? " " : "") + std::to_string(route[i]);
    return out;
}

// Staircase through a front in increasing time: the region it dominates is above-right.
void draw_staircase(Painter* d, const Chart& c, const std::vector<std::pair<double, double>>& front, ImU32 colour) {
    for (std::size_t i = 0; i + 1 < front.size(); ++i) {
        const ImVec2 a = c.at(front[i].first, front[i].second), b = c.at(front[i + 1].first, front[i + 1].second);
        d->AddLine(a, ImVec2(b.x, a.y), colour, 1.5f);
        d->AddLine(ImVec2(b.x, a.y), b, colour, 1.5f);
    }
}

}  // namespace

void TasksView::draw_panel(const TasksWorld& w, const CanvasFrame& f) {
    const float s = f.ui_scale;
    const ImVec2 origin = f.view->origin(), size = f.view->size();
    const float width = std::min(kPanelWidth * s, size.x * 0.5f);
    ImGui::SetCursorScreenPos(ImVec2(origin.x + size.x - width - 8.0f * s, origin.y + 8.0f * s));
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::ColorConvertU32ToFloat4(palette::kOverlayBackground));
    ImGui::BeginChild("##tasks_panel", ImVec2(width, size.y - 16.0f * s), true);
    hovered_point_ = -1;

    ImGui::TextUnformatted("Toward the Stars task");
    ImGui::TextColored(palette::kDimText, "D = %lld, T = %lld, K = %d   %d rooms, %zu corridors",
                       static_cast<long long>(w.instance().limits.max_damage),
                       static_cast<long long>(w.instance().limits.max_time), w.instance().k_max, w.ship().room_count(),
                       w.ship().corridors.size());
    if (w.problem()) {
        ImGui::PushStyleColor(ImGuiCol_Text, palette::kErrorBanner);
        ImGui::TextWrapped("Cannot solve: %s", w.problem()->c_str());
        ImGui::PopStyleColor();
    }
    for (const std::string& note : w.notes()) ImGui::TextColored(palette::kChangedMark, "%s", note.c_str());

    ImGui::Separator();
    ImGui::TextUnformatted("Teams: worst time vs worst damage");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Every point is W^k for its team size k (colour). Filled: efficient (no team with fewer or\n"
                          "equal players does as well). Hollow: beaten by a smaller team. Hover to see the routes,\n"
                          "click to keep them.");
    draw_team_chart(w, s);
    draw_team_table(w);

    ImGui::Separator();
    draw_pair_chart(w, s);

    ImGui::Separator();
    draw_edit_tools(w);
    if (f.widgets) f.widgets->record("tasks.panel", {origin.x + size.x - width - 8.0f * s, origin.y + 8.0f * s, width, size.y - 16.0f * s, true});
    ImGui::EndChild();
    ImGui::PopStyleColor();
}

void TasksView::draw_team_chart(const TasksWorld& w, float scale) {
    const tasks::TaskSolution& sol = w.solution();
    const auto& points = sol.teams.points;
    if (points.empty()) {
        ImGui::TextColored(palette::kDimText, "No team can do it within T and D.");
        return;
    }
    double t0 = 1e300, t1 = -1e300, d0 = 1e300, d1 = -1e300;
    for (const tasks::TeamPoint& p : points) {
        t0 = std::min(t0, double(p.time)), t1 = std::max(t1, double(p.time));
        d0 = std::min(d0, double(p.damage)), d1 = std::max(d1, double(p.damage));
    }
    const Chart c = begin_chart("##team_chart", 170.0f * scale, t0, t1, d0, d1, scale);
    const bool hovered = ImGui::IsItemHovered(), clicked = ImGui::IsItemClicked();
    Painter window_painter = Painter::window();
    Painter* d = &window_painter;
    for (int k = 1; k <= sol.k_max; ++k) {
        std::vector<std::pair<double, double>> front;
        for (const tasks::TeamPoint& p : points)
            if (p.k == k) front.emplace_back(double(p.time), double(p.damage));
        draw_staircase(d, c, front, palette::with_alpha(tasks_colours::team_size(k), 90));
    }
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    float best = 64.0f * scale * scale;
    int near = -1;
    for (int i = 0; i < static_cast<int>(points.size()); ++i) {
        const ImVec2 at = c.at(double(points[i].time), double(points[i].damage));
        const bool efficient = std::find(sol.efficient.begin(), sol.efficient.end(), i) != sol.efficient.end();
        // Points of different k on the same spot: larger k drawn larger underneath, so all show.
        const float r = (efficient ? 5.0f : 4.0f) * scale + 1.2f * scale * static_cast<float>(points[i].k - 1);
        const ImU32 colour = tasks_colours::team_size(points[i].k);
        if (efficient) d->AddCircleFilled(at, 5.0f * scale, colour, 16);
        d->AddCircle(at, r, efficient ? colour : palette::with_alpha(colour, 110), 16, 1.5f * scale);
        if (hovered && distance2(at, mouse) < best) best = distance2(at, mouse), near = i;
    }
    const int shown = shown_point(sol);
    if (shown >= 0) {
        const ImVec2 at = c.at(double(points[shown].time), double(points[shown].damage));
        d->AddCircle(at, 10.0f * scale, palette::rgb(255, 255, 255), 20, 2.0f * scale);
    }
    if (near >= 0) {
        hovered_point_ = near;
        const tasks::TeamPoint& p = points[near];
        ImGui::SetTooltip("%d player%s: worst time %lld, worst damage %lld\n%d team%s%s", p.k, p.k == 1 ? "" : "s",
                          static_cast<long long>(p.time), static_cast<long long>(p.damage), p.assignment_count,
                          p.assignment_count == 1 ? "" : "s tie", p.more_ties ? " (and more)" : "");
        if (clicked) chosen_ = Choice{near, 0};
    }
    // Legend.
    for (int k = 1; k <= sol.k_max; ++k) {
        if (k > 1) ImGui::SameLine();
        ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(tasks_colours::team_size(k)), "k=%d", k);
    }
}

void TasksView::draw_team_table(const TasksWorld& w) {
    const tasks::TaskSolution& sol = w.solution();
    const int index = shown_point(sol);
    if (index < 0) return;
    const tasks::TeamPoint& point = sol.teams.points[index];
    int team = index == chosen_.point ? std::clamp(chosen_.team, 0, std::max(point.assignment_count - 1, 0)) : 0;
    ImGui::Text("%d player%s: Time = %lld, Damage = %lld", point.k, point.k == 1 ? "" : "s",
                static_cast<long long>(point.time), static_cast<long long>(point.damage));
    if (point.assignment_count > 1 && index == chosen_.point) {
        for (int i = 0; i < point.assignment_count; ++i) {
            ImGui::SameLine();
            char label[24];
            std::snprintf(label, sizeof label, "(%c)", 'a' + i % 26);
            if (ImGui::RadioButton(label, team == i)) chosen_.team = team = i;
        }
    } else if (point.assignment_count > 1) {
        ImGui::SameLine();
        ImGui::TextColored(palette::kDimText, "%d teams tie (click the point)", point.assignment_count);
    }
    if (point.assignment_count == 0) return;
    if (ImGui::BeginTable("##team_table", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("Player");
        ImGui::TableSetupColumn("Tool");
        ImGui::TableSetupColumn("Time");
        ImGui::TableSetupColumn("Damage");
        ImGui::TableSetupColumn("Route", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableHeadersRow();
        for (const tasks::Pick& pick : sol.assignment(point, team)) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(tasks_colours::player(pick.player)), "%d", pick.player + 1);
            ImGui::TableSetColumnIndex(1);
            ImGui::Text("%d", pick.equipment + 1);
            ImGui::TableSetColumnIndex(2);
            ImGui::Text("%lld", static_cast<long long>(pick.time));
            ImGui::TableSetColumnIndex(3);
            ImGui::Text("%lld", static_cast<long long>(pick.damage));
            ImGui::TableSetColumnIndex(4);
            ImGui::TextWrapped("%s", route_text(sol.full_route(sol.pair_options(pick.player, pick.equipment)[pick.option])).c_str());
        }
        ImGui::EndTable();
    }
}

void TasksView::draw_pair_chart(const TasksWorld& w, float scale) {
    const tasks::TaskSolution& sol = w.solution();
    if (sol.players == 0 || sol.equipment == 0) return;
    pair_player_ = std::clamp(pair_player_, 0, sol.players - 1);
    pair_equipment_ = std::clamp(pair_equipment_, 0, sol.equipment - 1);
    ImGui::TextUnformatted("One player with one tool:");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(60.0f * scale);
    char label[32];
    std::snprintf(label, sizeof label, "P%d", pair_player_ + 1);
    if (ImGui::BeginCombo("##pair_player", label)) {
        for (int p = 0; p < sol.players; ++p) {
            std::snprintf(label, sizeof label, "P%d", p + 1);
            if (ImGui::Selectable(label, p == pair_player_)) pair_player_ = p;
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::SetNextItemWidth(60.0f * scale);
    std::snprintf(label, sizeof label, "T%d", pair_equipment_ + 1);
    if (ImGui::BeginCombo("##pair_tool", label)) {
        for (int e = 0; e < sol.equipment; ++e) {
            std::snprintf(label, sizeof label, "T%d", e + 1);
            if (ImGui::Selectable(label, e == pair_equipment_)) pair_equipment_ = e;
        }
        ImGui::EndCombo();
    }
    const auto options = sol.pair_options(pair_player_, pair_equipment_);
    // The other tools of this player, faint: what this pairing is up against.
    double t0 = 1e300, t1 = -1e300, d0 = 1e300, d1 = -1e300;
    for (int e = 0; e < sol.equipment; ++e)
        for (const tasks::PairOption& o : sol.pair_options(pair_player_, e)) {
            t0 = std::min(t0, double(o.time)), t1 = std::max(t1, double(o.time));
            d0 = std::min(d0, double(o.damage)), d1 = std::max(d1, double(o.damage));
        }
    if (options.empty()) ImGui::TextColored(palette::kDimText, "No option within T and D (out of reach?)");
    if (t0 > t1) return;
    const Chart c = begin_chart("##pair_chart", 120.0f * scale, t0, t1, d0, d1, scale);
    const bool hovered = ImGui::IsItemHovered();
    Painter window_painter = Painter::window();
    Painter* d = &window_painter;
    for (int e = 0; e < sol.equipment; ++e) {
        if (e == pair_equipment_) continue;
        for (const tasks::PairOption& o : sol.pair_options(pair_player_, e))
            d->AddCircle(c.at(double(o.time), double(o.damage)), 4.0f * scale, palette::rgb(200, 200, 200, 70), 12, 1.0f);
    }
    std::vector<std::pair<double, double>> front;
    for (const tasks::PairOption& o : options) front.emplace_back(double(o.time), double(o.damage));
    const ImU32 colour = tasks_colours::player(pair_player_);
    draw_staircase(d, c, front, palette::with_alpha(colour, 140));
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    for (const tasks::PairOption& o : options) {
        const ImVec2 at = c.at(double(o.time), double(o.damage));
        d->AddCircleFilled(at, 5.0f * scale, colour, 16);
        if (hovered && distance2(at, mouse) < 49.0f * scale * scale)
            ImGui::SetTooltip("travel time %lld, damage %lld (before tau_k, delta_k)\n%s", static_cast<long long>(o.time),
                              static_cast<long long>(o.damage), route_text(sol.full_route(o)).c_str());
    }
}

void TasksView::draw_edit_tools(const TasksWorld& w) {
    const auto command = [&](const char* type) {
        Command c;
        c.type = type;
        pending_.push_back(c);
        return &pending_.back();
    };
    const auto integer = [](std::int64_t v) { return CommandValue{v}; };
    if (ImGui::CollapsingHeader("Corridors and hazards")) {
        ImGui::SetNextItemWidth(90.0f);
        ImGui::InputInt("from", &edit_from_);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(90.0f);
        ImGui::InputInt("to", &edit_to_);
        ImGui::SetNextItemWidth(90.0f);
        ImGui::InputInt("time", &edit_time_);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(90.0f);
        ImGui::InputInt("damage", &edit_damage_);
        if (ImGui::Button("Add corridor"))
            command("corridor.add")->set("from", integer(edit_from_)).set("to", integer(edit_to_)).set("time", integer(edit_time_)).set("damage", integer(edit_damage_));
        ImGui::SameLine();
        if (ImGui::Button("Set time/damage"))
            command("corridor.set")->set("from", integer(edit_from_)).set("to", integer(edit_to_)).set("time", integer(edit_time_)).set("damage", integer(edit_damage_));
        ImGui::SameLine();
        if (ImGui::Button("Remove"))
            command("corridor.remove")->set("from", integer(edit_from_)).set("to", integer(edit_to_));
        ImGui::SetNextItemWidth(90.0f);
        ImGui::InputInt("room", &edit_room_);
        ImGui::SameLine();
        ImGui::SetNextItemWidth(90.0f);
        ImGui::InputInt("hazard", &edit_hazard_);
        ImGui::SameLine();
        if (ImGui::Button("Set hazard"))
            command("room.hazard")->set("room", integer(edit_room_)).set("damage", integer(edit_hazard_));
        ImGui::TextColored(palette::kDimText, "Paused: drag rooms, players (P), tools (T) and the event ring.");
    }
    if (ImGui::CollapsingHeader("Task: players, tools, event, tau")) {
        const auto room_field = [&](const char* label, int current, auto&& make) {
            int value = current;
            ImGui::SetNextItemWidth(90.0f);
            ImGui::InputInt(label, &value);
            if (ImGui::IsItemDeactivatedAfterEdit() && value != current) make(value);
        };
        for (int p = 0; p < static_cast<int>(w.task().players.size()); ++p) {
            char label[32];
            std::snprintf(label, sizeof label, "player %d room", p + 1);
            room_field(label, w.task().players[p], [&](int room) {
                command("player.move")->set("player", integer(p + 1)).set("room", integer(room));
            });
        }
        for (int e = 0; e < static_cast<int>(w.task().equipment.size()); ++e) {
            char label[32];
            std::snprintf(label, sizeof label, "tool %d room", e + 1);
            room_field(label, w.task().equipment[e], [&](int room) {
                command("equipment.move")->set("equipment", integer(e + 1)).set("room", integer(room));
            });
        }
        room_field("event room", w.task().event, [&](int room) { command("event.move")->set("room", integer(room)); });
        for (int k = 1; k <= static_cast<int>(w.task().tau.size()); ++k) {
            char label[32];
            std::snprintf(label, sizeof label, "tau_%d", k);
            room_field(label, static_cast<int>(w.task().tau[k - 1]), [&](int time) {
                command("task.cost")->set("k", integer(k)).set("time", integer(time));
            });
        }
        if (ImGui::Button("Add player at room")) command("player.add")->set("room", integer(edit_room_));
        ImGui::SameLine();
        if (ImGui::Button("Add tool at room")) command("equipment.add")->set("room", integer(edit_room_));
    }
}

}  // namespace pb::ui
