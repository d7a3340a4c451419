// The Podball analysis window the view draws over the canvas: per-team metrics, conduct flags,
// goal-area holders, charts over match time, the heat map choice and the keyboard takeover.
// Immediate mode: every number is read from the world (or the view's history) each frame.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include <SDL_scancode.h>

#include "ui/chart_box.hpp"
#include "ui/palette.hpp"
#include "ui/podball/podball_view.hpp"

namespace pb::ui {

using podball::PodballWorld;

namespace {

bool key_down(SDL_Scancode k) {
    const ImGuiIO& io = ImGui::GetIO();
    return k >= 0 && k < static_cast<int>(IM_ARRAYSIZE(io.KeysDown)) && io.KeysDown[k];
}

bool key_pressed(SDL_Scancode k) { return k >= 0 && k < 512 && ImGui::IsKeyPressed(k, false); }

ImVec4 team_colour(int team) { return ImGui::ColorConvertU32ToFloat4(palette::kTeam[team]); }

// Two series (one per team) over match time, in team colours, scaled to at least `min_top`.
void draw_chart(const char* title, const MatchHistory& h, float min_top, const std::array<float, 2> MatchSample::*series,
                const char* format) {
    std::size_t n = h.size();
    float top = min_top;
    for (std::size_t i = 0; i < n; ++i)
        for (float v : h.sample(i).*series) top = std::max(top, v);
    char label[160];
    if (n > 0) {
        const auto& last = h.sample(n - 1).*series;
        char a[32], b[32];
        std::snprintf(a, sizeof a, format, static_cast<double>(last[0]));
        std::snprintf(b, sizeof b, format, static_cast<double>(last[1]));
        std::snprintf(label, sizeof label, "%s   %s : %s", title, a, b);
    } else {
        std::snprintf(label, sizeof label, "%s   (no samples yet)", title);
    }
    ImGui::TextUnformatted(label);
    const double t0 = n > 0 ? static_cast<double>(h.sample(0).tick) : 0.0;
    const double t1 = n > 0 ? static_cast<double>(h.sample(n - 1).tick) : 1.0;
    const ChartBox box = reserve_chart(46.0f, t0, std::max(t1, t0 + 1.0), top);
    if (n < 2) return;
    std::vector<ImVec2> points;
    points.reserve(n);
    for (int team = 0; team < 2; ++team) {
        points.clear();
        for (std::size_t i = 0; i < n; ++i) {
            const MatchSample& s = h.sample(i);
            points.push_back(box.at(static_cast<double>(s.tick), (s.*series)[static_cast<std::size_t>(team)]));
        }
        polyline(points, palette::kTeam[team], 1.5f * ImGui::GetFontSize() / 13.0f);
    }
}

const char* heat_map_label(PodballView::HeatMap h) {
    switch (h) {
    case PodballView::HeatMap::Off: return "off";
    case PodballView::HeatMap::Team0: return "team 0";
    case PodballView::HeatMap::Team1: return "team 1";
    case PodballView::HeatMap::Both: return "both";
    }
    return "";
}

}  // namespace

void PodballView::read_takeover_input(const PodballWorld& w, const CanvasFrame& f) {
    const ImGuiIO& io = ImGui::GetIO();
    bool canvas_hovered = ImGui::IsWindowHovered();   // the canvas child, before our window opens

    // Picking: with "click a pod" armed, the next click on a pod takes it over.
    if (pick_takeover_ && canvas_hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        if (auto hit = pick(w, f.view->to_world(io.MousePos), f.view->to_world_length(6.0f * f.ui_scale)); hit && *hit >= 0) {
            const auto& p = w.pods()[static_cast<std::size_t>(*hit)];
            takeover_.take(PodTakeover::Target{p.team, p.index});
            pick_takeover_ = false;
        }
    }

    const auto& t = takeover_.target();
    if (!t || io.WantTextInput) {
        takeover_.set_thrust({0.0, 0.0});
        return;
    }
    // World y points up, like the arrow keys.
    podball::Vec2 thrust{0.0, 0.0};
    if (key_down(SDL_SCANCODE_LEFT) || key_down(SDL_SCANCODE_A)) thrust.x -= 1.0;
    if (key_down(SDL_SCANCODE_RIGHT) || key_down(SDL_SCANCODE_D)) thrust.x += 1.0;
    if (key_down(SDL_SCANCODE_UP) || key_down(SDL_SCANCODE_W)) thrust.y += 1.0;
    if (key_down(SDL_SCANCODE_DOWN) || key_down(SDL_SCANCODE_S)) thrust.y -= 1.0;
    bool ctrl = io.KeyCtrl;   // Ctrl+S saves; not a thrust
    if (ctrl) thrust = {0.0, 0.0};
    // A game controller adds its left stick; keys and stick together still clip to full thrust.
    const GamepadState* pad = f.gamepad && f.gamepad->connected ? f.gamepad : nullptr;
    podball::Vec2 pad_aim{0.0, 0.0};
    if (pad) {
        glm::dvec2 stick = stick_to_world(pad->left_x, pad->left_y);
        glm::dvec2 aim_stick = stick_to_world(pad->right_x, pad->right_y);
        thrust += podball::Vec2{stick.x, stick.y};
        pad_aim = podball::Vec2{aim_stick.x, aim_stick.y};
    }
    takeover_.set_thrust(clip_to_unit(thrust));

    bool key_shot = !ctrl && (key_pressed(SDL_SCANCODE_F) || key_pressed(SDL_SCANCODE_RETURN));
    bool pad_shot = pad && pad->shoot_pressed;
    if (key_shot || pad_shot) {
        int id = w.pod_id(t->team, t->index);
        if (id >= 0) {
            const auto& pod = w.pods()[static_cast<std::size_t>(id)];
            // A gamepad shot goes where the right stick points; a key shot towards the mouse when
            // it is on the canvas. Otherwise along the thrust, else at the opponent's goal.
            podball::Vec2 aim{0.0, 0.0};
            if (pad_shot) aim = pad_aim;
            else if (canvas_hovered) aim = f.view->to_world(io.MousePos) - pod.pos;
            if (aim.x == 0.0 && aim.y == 0.0) aim = thrust;
            if (aim.x == 0.0 && aim.y == 0.0) aim = podball::Vec2{t->team == 0 ? 1.0 : -1.0, 0.0};
            takeover_.request_shot(aim);
        }
    }
}

void PodballView::draw_panel(const PodballWorld& w, const CanvasFrame& f) {
    const CanvasView& v = *f.view;
    float s = f.ui_scale;
    ImGui::SetNextWindowPos(ImVec2(v.origin().x + 8.0f * s, v.origin().y + 8.0f * s), ImGuiCond_FirstUseEver);
    // Narrow enough that, folded, its title bar stays clear of the centred score overlay.
    float width = std::clamp(v.size().x * 0.5f - 200.0f * s, 230.0f * s, 340.0f * s);
    ImGui::SetNextWindowSize(ImVec2(width, std::max(120.0f * s, std::min(560.0f * s, v.size().y - 16.0f * s))),
                             ImGuiCond_FirstUseEver);
    // Starts folded: the field stays visible until the designer opens the analysis.
    ImGui::SetNextWindowCollapsed(true, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.88f);
    if (!ImGui::Begin("Podball analysis", nullptr, ImGuiWindowFlags_NoSavedSettings)) {
        ImGui::End();
        return;
    }
    const auto& teams = w.teams();
    auto score = w.score();
    podball::TeamFigures fig[2] = {podball::team_figures(w.metrics(), 0, w.running_ticks()),
                                   podball::team_figures(w.metrics(), 1, w.running_ticks())};

    if (ImGui::BeginTable("##metrics", 3, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        ImGui::TableSetupColumn("");
        ImGui::TableSetupColumn(teams[0].name.c_str());
        ImGui::TableSetupColumn(teams[1].name.c_str());
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        ImGui::TableNextColumn();
        ImGui::TextUnformatted("metric");
        for (int team = 0; team < 2; ++team) {
            ImGui::TableNextColumn();
            ImGui::TextColored(team_colour(team), "%s", teams[static_cast<std::size_t>(team)].name.c_str());
        }
        auto row = [&](const char* name, auto&& cell) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(name);
            for (int team = 0; team < 2; ++team) {
                ImGui::TableNextColumn();
                cell(team);
            }
        };
        row("score", [&](int t) { ImGui::Text("%d", score[static_cast<std::size_t>(t)]); });
        row("possession", [&](int t) { ImGui::Text("%.1f %%", fig[t].possession_pct); });
        row("coverage", [&](int t) { ImGui::Text("%.1f %%", fig[t].coverage_pct); });
        row("attack ratio", [&](int t) {
            if (std::isinf(fig[t].attack_ratio)) ImGui::TextUnformatted("all upfield");
            else ImGui::Text("%.2f", fig[t].attack_ratio);
        });
        row("shots", [&](int t) { ImGui::Text("%d", fig[t].shots); });
        row("shots on goal", [&](int t) { ImGui::Text("%d", fig[t].shots_on_goal); });
        ImGui::EndTable();
    }
    ImGui::Text("match time %lld running ticks", static_cast<long long>(w.running_ticks()));

    // Conduct flags with their tick ranges.
    const auto& flags = w.metrics().flags;
    if (flags.empty()) {
        ImGui::TextDisabled("No conduct flags.");
    } else {
        ImGui::Text("Conduct flags (%zu):", flags.size());
        for (const auto& fl : flags) {
            ImGui::TextColored(team_colour(fl.team), "%s", teams[static_cast<std::size_t>(fl.team)].name.c_str());
            ImGui::SameLine();
            ImGui::Text("%s, ticks %lld-%lld", std::string(podball::conduct_label(fl.kind)).c_str(),
                        static_cast<long long>(fl.from_tick), static_cast<long long>(fl.to_tick));
        }
    }
    if (w.goal_areas_active()) {
        for (int team = 0; team < 2; ++team) {
            int holder = w.goal_area_holder(team);
            ImGui::TextColored(team_colour(team), "%s goal area:", teams[static_cast<std::size_t>(team)].name.c_str());
            ImGui::SameLine();
            if (holder >= 0) ImGui::Text("held by pod %d%s", w.pods()[static_cast<std::size_t>(holder)].index,
                                         w.ball_in_goal_area(team) ? ", ball inside" : "");
            else ImGui::TextUnformatted(w.ball_in_goal_area(team) ? "free, ball inside" : "free");
        }
    }

    if (ImGui::CollapsingHeader("Charts over match time", ImGuiTreeNodeFlags_DefaultOpen)) {
        draw_chart("possession %", history_, 100.0f, &MatchSample::possession_pct, "%.0f");
        draw_chart("score", history_, 1.0f, &MatchSample::score, "%.0f");
        draw_chart("shots", history_, 1.0f, &MatchSample::shots, "%.0f");
    }

    ImGui::SetNextItemWidth(110.0f * s);
    if (ImGui::BeginCombo("heat map", heat_map_label(heat_map_))) {
        for (HeatMap h : {HeatMap::Off, HeatMap::Team0, HeatMap::Team1, HeatMap::Both})
            if (ImGui::Selectable(heat_map_label(h), heat_map_ == h)) heat_map_ = h;
        ImGui::EndCombo();
    }
    if (f.widgets) f.widgets->record_last_item("podball.heat_map");

    ImGui::Separator();
    ImGui::TextUnformatted("Take over a pod");
    const auto& t = takeover_.target();
    std::string current = "none";
    if (t) current = teams[static_cast<std::size_t>(t->team)].name + " pod " + std::to_string(t->index);
    ImGui::SetNextItemWidth(130.0f * s);
    if (ImGui::BeginCombo("##takeover", current.c_str())) {
        if (ImGui::Selectable("none", !t)) takeover_.take(std::nullopt);
        for (const auto& p : w.pods()) {
            std::string name = teams[static_cast<std::size_t>(p.team)].name + " pod " + std::to_string(p.index);
            PodTakeover::Target target{p.team, p.index};
            if (ImGui::Selectable(name.c_str(), t && *t == target)) takeover_.take(target);
        }
        ImGui::EndCombo();
    }
    ImGui::SameLine();
    ImGui::Checkbox("click a pod", &pick_takeover_);
    if (t) ImGui::TextDisabled("WASD/arrows thrust, F/Enter shoots");
    if (f.gamepad && f.gamepad->connected) {
        ImGui::TextDisabled("Gamepad: %s", f.gamepad->name.c_str());
        if (t) ImGui::TextDisabled("left stick thrusts, A/RB shoots where the right stick aims");
    } else if (t) {
        ImGui::TextDisabled("No gamepad (plug one in to steer with it)");
    }
    ImGui::End();
}

}  // namespace pb::ui
