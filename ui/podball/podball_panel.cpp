// The Podball view's side-panel tabs and keys. Analysis: the score, per-team metrics (each row
// says what it counts), conduct flags, goal-area holders, charts over match time and the heat map
// choice with its legend and colour scale. Tools: the keyboard / gamepad takeover of one pod.
// Nothing here floats over the pitch. Immediate mode: every number is read from the world (or the
// view's history) each frame.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>

#include <SDL_scancode.h>

#include "engine/core/json.hpp"
#include "engine/core/words.hpp"
#include "engine/podball/lua/lua_team.hpp"
#include "engine/podball/modules/module_host.hpp"
#include "ui/podball/podball_view.hpp"
#include "ui/shell/fixed_step_clock.hpp"
#include "ui/widgets/chart.hpp"
#include "ui/widgets/compare_results.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::ui {

using podball::PodballWorld;

namespace {

bool key_down(SDL_Scancode k) {
    const ImGuiIO& io = ImGui::GetIO();
    return k >= 0 && k < static_cast<int>(IM_ARRAYSIZE(io.KeysDown)) && io.KeysDown[k];
}

bool key_pressed(SDL_Scancode k) { return k >= 0 && k < 512 && ImGui::IsKeyPressed(k, false); }

ImVec4 team_colour(int team) { return ImGui::ColorConvertU32ToFloat4(palette::kTeam[team]); }

// Seconds of match time at 1x (the window's nominal pace) for a tick count.
double seconds(std::int64_t ticks) { return static_cast<double>(ticks) / FixedStepClock::kTicksPerSecond; }

// One series per team over match time, in team colours, named by the teams. `min_top` 3 or more
// for counts keeps the y ticks on whole numbers. With `b` (compare mode), B's history too, dashed.
// The whole match is drawn, each bucket's low and high (ui/podball/match_history.hpp).
void team_chart(const char* id, const PodballWorld& w, const MatchHistory& h, const char* label, const char* unit,
                double min_top, const std::array<Extent, 2> MatchBucket::*series, const MatchHistory* b = nullptr) {
    ChartSpec spec;
    spec.id = id;
    spec.height = 80.0f;
    spec.x = ChartAxis{"time at 1x", "s", 0.0, 1.0};
    spec.y = ChartAxis{label, unit, 0.0, min_top};
    auto team_series = [&](const MatchHistory& from, int team) {
        ChartSeries s;
        s.name = team_name(w, team);
        s.colour = palette::kTeam[team];
        from.points(series, team, s.x, s.y);
        for (double& x : s.x) x = seconds(static_cast<std::int64_t>(x));
        for (double v : s.y) spec.y.max = std::max(spec.y.max, v);
        return s;
    };
    if (h.size() > 0) {
        spec.x.min = seconds(h.bucket(0).first_tick);
        spec.x.max = std::max(seconds(h.bucket(h.size() - 1).last_tick), spec.x.min + 1.0);
    }
    for (int team = 0; team < 2; ++team) spec.series.push_back(team_series(h, team));
    if (b) {
        std::vector<ChartSeries> bs;
        if (b->size() > 0) spec.x.max = std::max(spec.x.max, seconds(b->bucket(b->size() - 1).last_tick));
        for (int team = 0; team < 2; ++team) bs.push_back(team_series(*b, team));
        overlay_b(spec, std::move(bs));
    }
    ImGui::BeginGroup();   // one item for the widget locator: axis name, plot, ticks and key
    draw_chart(spec);
    ImGui::EndGroup();
}

// A label cell with its explanation on hover.
void metric_name(const char* name, const char* what) {
    ImGui::TextUnformatted(name);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", what);
}

}   // namespace

std::string PodballView::heat_map_label(const PodballWorld& w, HeatMap h) {
    switch (h) {
        case HeatMap::Off: return "off";
        case HeatMap::Team0: return team_name(w, 0) + " only";
        case HeatMap::Team1: return team_name(w, 1) + " only";
        case HeatMap::Both: return "both teams";
    }
    return {};
}

void PodballView::read_takeover_input(const PodballWorld& w, const CanvasFrame& f) {
    const ImGuiIO& io = ImGui::GetIO();
    bool canvas_hovered = ImGui::IsWindowHovered();   // the canvas child

    // Picking: with "click a pod" armed, the next click on a pod takes it over.
    if (pick_takeover_ && canvas_hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        if (auto hit = pick(w, f.view->to_world(io.MousePos), f.view->to_world_length(6.0f * f.ui_scale));
            hit && *hit >= 0) {
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
            if (pad_shot)
                aim = pad_aim;
            else if (canvas_hovered)
                aim = f.view->to_world(io.MousePos) - pod.pos;
            if (aim.x == 0.0 && aim.y == 0.0) aim = thrust;
            if (aim.x == 0.0 && aim.y == 0.0) aim = podball::Vec2{t->team == 0 ? 1.0 : -1.0, 0.0};
            takeover_.request_shot(aim);
        }
    }
}

namespace {

// The score as on the canvas, the match mode, and the two clocks (ticks and running ticks).
void draw_score_and_time(const PodballWorld& w, const CanvasFrame& f) {
    const float s = f.ui_scale;
    auto score = w.score();
    ImGui::TextColored(team_colour(0), "%s %d", team_name(w, 0).c_str(), score[0]);
    ImGui::SameLine(0, 4.0f * s);
    ImGui::TextUnformatted(":");
    ImGui::SameLine(0, 4.0f * s);
    ImGui::TextColored(team_colour(1), "%d %s", score[1], team_name(w, 1).c_str());
    ImGui::SameLine(0, 10.0f * s);
    ImGui::TextColored(palette::kDimText, "goals   \xc2\xb7   %s", std::string(podball::mode_label(w.mode())).c_str());
    if (f.widgets) f.widgets->record_last_item("podball.analysis");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(palette::kDimText, "time: tick %lld = %.1f s at 1x; in play: %lld running ticks = %.1f s",
                       static_cast<long long>(w.tick()), seconds(w.tick()), static_cast<long long>(w.running_ticks()),
                       seconds(w.running_ticks()));
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The tick counts every step since the start (the charts' time axis); running ticks count play\n"
            "only, not kick-offs or the pause after a goal: possession, coverage and attack ratio are\n"
            "shares of them. 1x runs 60 ticks a second.");
    ImGui::PopTextWrapPos();
}

// The per-team metrics, one row each, saying on hover what it counts.
void draw_metrics_table(const PodballWorld& w, const CanvasFrame& f) {
    const float s = f.ui_scale;
    auto score = w.score();
    podball::TeamFigures fig[2] = {podball::team_figures(w.metrics(), 0, w.running_ticks()),
                                   podball::team_figures(w.metrics(), 1, w.running_ticks())};
    if (ImGui::BeginTable("##metrics", 3, ImGuiTableFlags_RowBg)) {
        const float value_w = ImGui::CalcTextSize("all upfield").x + 8.0f * s;
        ImGui::TableSetupColumn("metric", ImGuiTableColumnFlags_WidthStretch);
        ImGui::TableSetupColumn(team_name(w, 0).c_str(), ImGuiTableColumnFlags_WidthFixed, value_w);
        ImGui::TableSetupColumn(team_name(w, 1).c_str(), ImGuiTableColumnFlags_WidthFixed, value_w);
        ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
        ImGui::TableNextColumn();
        ImGui::TextColored(palette::kDimText, "metric (hover: what it counts)");
        for (int team = 0; team < 2; ++team) {
            ImGui::TableNextColumn();
            ImGui::TextColored(team_colour(team), "%s", team_name(w, team).c_str());
        }
        auto row = [&](const char* name, const char* what, auto&& cell) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            metric_name(name, what);
            for (int team = 0; team < 2; ++team) {
                ImGui::TableNextColumn();
                cell(team);
            }
        };
        row("goals", "Goals scored so far (the score).",
            [&](int t) { ImGui::Text("%d", score[static_cast<std::size_t>(t)]); });
        row("possession, % of running time",
            "Share of running ticks a pod of this team carried the ball.\n"
            "Both need not add up to 100: the ball is often free.",
            [&](int t) { ImGui::Text("%.1f %%", fig[t].possession_pct); });
        row("coverage, % of arena",
            "Area of the rectangle around the team's pods, as a share of the arena,\n"
            "averaged over running ticks.",
            [&](int t) { ImGui::Text("%.1f %%", fig[t].coverage_pct); });
        row("attack ratio, upfield / own half",
            "Pod-ticks in the opponent's half divided by pod-ticks in the team's own\n"
            "half. Near 0 means camping at home.",
            [&](int t) {
                if (std::isinf(fig[t].attack_ratio))
                    ImGui::TextUnformatted("all upfield");
                else
                    ImGui::Text("%.2f", fig[t].attack_ratio);
            });
        row("shots taken", "Shots fired, wherever they went.", [&](int t) { ImGui::Text("%d", fig[t].shots); });
        row("shots on goal",
            "Shots that, with friction alone and no pod in the way, would have crossed the\n"
            "goal line inside the mouth.",
            [&](int t) { ImGui::Text("%d", fig[t].shots_on_goal); });
        ImGui::EndTable();
    }
    if (f.widgets) f.widgets->record_last_item("podball.metrics");
}

// Team modules in trouble: a library module that was stopped (crash, loop, exit...) leaves its
// team idle for the rest of the match; the reason is the world's, word for word.
void draw_module_faults(const PodballWorld& w, const CanvasFrame& f) {
    for (int team = 0; team < 2; ++team) {
        const podball::ModuleHealth& h = w.module_health(team);
        if (h.load_error.empty() && h.faults == 0) continue;
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(team_colour(team), "%s", team_name(w, team).c_str());
        ImGui::SameLine();
        if (!h.load_error.empty()) {
            ImGui::TextColored(palette::kChangedMark, "module did not start, its pods stand idle: %s",
                               h.load_error.c_str());
        } else {
            ImGui::TextColored(palette::kChangedMark, "module: %lld %s, last at tick %lld: %s",
                               static_cast<long long>(h.faults), h.faults == 1 ? "fault" : "faults",
                               static_cast<long long>(h.last_fault_tick), h.last_fault.c_str());
        }
        if (f.widgets) f.widgets->record_last_item(team == 0 ? "podball.module_fault.0" : "podball.module_fault.1");
        ImGui::PopTextWrapPos();
    }
}

// What each team's library module printed (its log: an isolated module's stdout and stderr),
// read from the module's log file only while its node is open.
void draw_module_logs(const PodballWorld& w, const CanvasFrame& f) {
    for (int team = 0; team < 2; ++team) {
        const std::string& module = w.teams()[static_cast<std::size_t>(team)].module;
        if (!podball::is_library_module(module) && !podball::is_lua_module(module)) continue;
        const std::string id = "podball.module_log." + std::to_string(team);
        const bool open = ImGui::TreeNode(id.c_str(), "%s module log", possessive(team_name(w, team)).c_str());
        if (f.widgets) f.widgets->record_last_item(id);
        if (!open) continue;
        const podball::ModuleLog log = w.team_module(team).log();
        if (log.text.empty()) {
            ImGui::TextDisabled("(nothing printed)");
        } else {
            ImGui::BeginChild((id + ".text").c_str(), ImVec2(0.0f, 160.0f * f.ui_scale), true,
                              ImGuiWindowFlags_HorizontalScrollbar);
            ImGui::TextUnformatted(log.text.data(), log.text.data() + log.text.size());
            ImGui::EndChild();
            if (f.widgets) f.widgets->record_last_item(id + ".text");
        }
        if (log.dropped_bytes > 0)
            ImGui::TextColored(palette::kChangedMark, "%llu more bytes dropped: a log keeps its first %lld KiB",
                               static_cast<unsigned long long>(log.dropped_bytes),
                               static_cast<long long>(podball::kLogBytes / 1024));
        ImGui::TreePop();
    }
}

// A Lua team (docs/lua-teams.md#the-script-panel): its script panel (source, faults, instructions
// per call, memory as a live tree).
void draw_lua_scripts(const PodballWorld& w, const CanvasFrame& f, ScriptPanels& scripts) {
    scripts.begin_frame(w);
    for (int team = 0; team < 2; ++team) {
        const podball::LuaTeamModule* lua = podball::as_lua_module(w.team_module(team));
        if (!lua) continue;
        const std::string id = "podball.script." + std::to_string(team);
        // The file's name only: a path up a folder or two does not fit the panel (the 11 v 11
        // teams' names at 1280); the whole path is in the tooltip and the script panel.
        const std::string file = std::filesystem::path(lua->script().written).filename().string();
        const bool open = ImGui::TreeNodeEx(id.c_str(), ImGuiTreeNodeFlags_DefaultOpen, "%s script: %s (%s)",
                                            possessive(team_name(w, team)).c_str(), lua->title().c_str(), file.c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", lua->script().written.c_str());
        if (f.widgets) f.widgets->record_last_item(id);
        if (!open) continue;
        if (!lua->description().empty()) ImGui::TextWrapped("%s", lua->description().c_str());
        if (f.script_errors && !(*f.script_errors)[team].empty()) {
            ImGui::PushTextWrapPos(0.0f);
            ImGui::TextColored(palette::kChangedMark, "Not reloaded, the old script plays on: %s",
                               (*f.script_errors)[team].c_str());
            ImGui::PopTextWrapPos();
        }
        scripts.draw_team(w, *lua, team, f);
        ImGui::TreePop();
    }
}

// Conduct flags with their tick ranges, then who holds each goal area (when the rule is on).
void draw_conduct_and_goal_areas(const PodballWorld& w) {
    const auto& flags = w.metrics().flags;
    if (flags.empty()) {
        ImGui::TextDisabled("Conduct flags: none.");
    } else {
        ImGui::Text("Conduct flags: %zu", flags.size());
        for (const auto& fl : flags) {
            ImGui::TextColored(team_colour(fl.team), "%s", team_name(w, fl.team).c_str());
            ImGui::SameLine();
            ImGui::Text("%s, ticks %lld-%lld", std::string(podball::conduct_label(fl.kind)).c_str(),
                        static_cast<long long>(fl.from_tick), static_cast<long long>(fl.to_tick));
        }
    }
    if (!w.goal_areas_active()) return;
    for (int team = 0; team < 2; ++team) {
        int holder = w.goal_area_holder(team);
        ImGui::TextColored(team_colour(team), "%s goal area (semicircle):", team_name(w, team).c_str());
        ImGui::SameLine();
        if (holder >= 0) {
            const auto& pod = w.pods()[static_cast<std::size_t>(holder)];
            ImGui::Text("held by %s pod %d%s", team_name(w, pod.team).c_str(), pod.index,
                        w.ball_in_goal_area(team) ? ", ball inside" : "");
        } else {
            ImGui::TextUnformatted(w.ball_in_goal_area(team) ? "free, ball inside" : "free");
        }
    }
}

// Possession, score and shots over match time, one series per team (and B's, dashed, when comparing).
void draw_match_charts(const PodballWorld& w, const MatchHistory& history, const MatchHistory* b,
                       const CanvasFrame& f) {
    if (!ImGui::CollapsingHeader("Charts over match time", ImGuiTreeNodeFlags_DefaultOpen)) return;
    ImGui::PushTextWrapPos(0.0f);
    // The whole match, however long: each point is the low or the high of its stretch.
    ImGui::TextColored(palette::kDimText,
                       "The whole match, sampled every %lld ticks, shown as the low and high of each %s; hover a chart "
                       "for the values.",
                       static_cast<long long>(MatchHistory::kSampleEvery),
                       count_of(history.ticks_per_bucket(), "tick").c_str());
    ImGui::PopTextWrapPos();
    if (b)
        compare_chart_note(b->size() > 0 && history.size() > 0 && b->bucket(0).first_tick > history.bucket(0).first_tick
                               ? "B's lines start where B was made"
                               : nullptr);
    team_chart("possession", w, history, "possession, share of running time so far", "%", 100.0,
               &MatchBucket::possession_pct, b);
    if (f.widgets) f.widgets->record_last_item("podball.chart.possession");
    team_chart("score", w, history, "score", "goals", 3.0, &MatchBucket::score, b);
    if (f.widgets) f.widgets->record_last_item("podball.chart.score");
    team_chart("shots", w, history, "shots taken so far", "shots", 3.0, &MatchBucket::shots, b);
    if (f.widgets) f.widgets->record_last_item("podball.chart.shots");
}

// What each colour and line on the arena means.
void draw_arena_key(const PodballWorld& w, const CanvasFrame& f) {
    if (ImGui::CollapsingHeader("Key to the arena", ImGuiTreeNodeFlags_DefaultOpen)) {
        for (int team = 0; team < 2; ++team) {
            std::string text = team_name(w, team) + (team == 0 ? ": attacks right, defends the left goal"
                                                               : ": attacks left, defends the right goal");
            legend_swatch(palette::kTeam[team], text.c_str());
        }
        legend_swatch(palette::kBall, "ball; a yellow ring marks its carrier");
        legend_line(palette::with_alpha(palette::kTeam[0], 170), "where a pod (or the free ball) is in 30 ticks", 1.5f);
        legend_line(palette::kKeepoffLine, "keep-off lines, dashed (yellow during a kick-off)", 2.0f);
        legend_line(palette::with_alpha(palette::kTeam[1], 230), "goal area, filled while a pod holds it", 1.5f);
        legend_line(palette::kKeepoffLineActive, "ring and arrow: the pod you steer, its thrust", 2.0f);
    }
    if (f.widgets) f.widgets->record_last_item("podball.arena_key");
}

}   // namespace

// The lab's key results in its own words (compare mode's tables).
ResultMeaning PodballView::describe_result(const World& world, const std::string& path) const {
    const PodballWorld& w = podball(world);
    ResultMeaning m;
    for (int team = 0; team < 2; ++team) {
        const std::string t = "[" + std::to_string(team) + "]", name = team_name(w, team);
        if (path == "metrics.score" + t)
            m = {name + " goals", "", 0, 1.0, "Goals scored so far."};
        else if (path == "metrics.teams" + t + ".shots")
            m = {name + " shots", "", 0, 1.0, "Shots fired, wherever they went."};
        else if (path == "metrics.teams" + t + ".shots_on_goal")
            m = {name + " shots on goal", "", 0, 1.0, "Shots that would have crossed the goal line inside the mouth."};
        else if (path == "metrics.teams" + t + ".possession_pct")
            m = {name + " possession", "%", 0, 1.0, "Share of running ticks a pod of this team carried the ball."};
    }
    return m;
}

bool PodballView::draw_analysis(const World& world, const CanvasFrame& f) {
    const PodballWorld& w = podball(world);
    const PodballView* b_view = f.compare ? static_cast<const PodballView*>(f.compare->view) : nullptr;
    if (f.compare) {
        draw_compare_results(
            world, f.compare, [&](const std::string& path) { return describe_result(world, path); }, f.widgets);
    }
    draw_score_and_time(w, f);
    draw_metrics_table(w, f);
    draw_module_faults(w, f);
    draw_module_logs(w, f);
    const std::array<std::string, 2> errors = script_errors(world);
    CanvasFrame with_errors = f;   // the Lua teams' sections show why a saved script was not reloaded
    with_errors.script_errors = &errors;
    draw_lua_scripts(w, with_errors, scripts_);
    draw_conduct_and_goal_areas(w);

    ImGui::Spacing();
    draw_match_charts(w, history_, b_view ? &b_view->history() : nullptr, f);

    ImGui::Spacing();
    if (ImGui::CollapsingHeader("Heat map: where each team's pods stood", ImGuiTreeNodeFlags_DefaultOpen)) {
        ImGui::SetNextItemWidth(170.0f * f.ui_scale);
        if (ImGui::BeginCombo("heat map on the arena", heat_map_label(w, heat_map_).c_str())) {
            for (HeatMap h : {HeatMap::Off, HeatMap::Team0, HeatMap::Team1, HeatMap::Both})
                if (ImGui::Selectable(heat_map_label(w, h).c_str(), heat_map_ == h)) heat_map_ = h;
            ImGui::EndCombo();
        }
        if (f.widgets) f.widgets->record_last_item("podball.heat_map");
        ImGui::BeginGroup();
        draw_heat_map_key(w, f);
        ImGui::EndGroup();
        if (f.widgets) f.widgets->record_last_item("podball.heat_map.key");
    }

    ImGui::Spacing();
    draw_arena_key(w, f);
    return true;
}

void PodballView::draw_heat_map_key(const PodballWorld& w, const CanvasFrame& f) const {
    const PresenceGrid& grid = history_.presence();
    if (heat_map_ == HeatMap::Off) {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextColored(palette::kDimText,
                           "Off. Choose a team to tint each cell of the arena by how much of the team's "
                           "pod-time was spent there.");
        ImGui::PopTextWrapPos();
        return;
    }
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(palette::kDimText, "%s (every %lld ticks). Hover the arena for a cell's numbers.",
                       count_of(grid.samples, "sample").c_str(), static_cast<long long>(MatchHistory::kSampleEvery));
    ImGui::PopTextWrapPos();
    if (heat_map_ == HeatMap::Both) {
        legend_swatch(palette::kTeam[0], team_name(w, 0).c_str());
        ImGui::SameLine(0, 14.0f * f.ui_scale);
        legend_swatch(palette::kTeam[1], team_name(w, 1).c_str());
        ImGui::SameLine(0, 14.0f * f.ui_scale);
        ImGui::TextColored(palette::kDimText, "mixed colours: both were there");
    }
    for (int team = 0; team < 2; ++team) {
        if (!heat_team_shown(team)) continue;
        const std::uint64_t total = grid.total(team);
        const std::uint32_t peak = grid.max_count(team);
        const double peak_pct = total > 0 ? 100.0 * peak / static_cast<double>(total) : 0.0;
        const ImU32 team_col = palette::kTeam[team];
        const double strength = heat_strength();
        std::string caption = team_name(w, team) + ": share of the team's pod-time in a cell";
        ImGui::PushID(team);
        colour_scale(
            caption.c_str(),
            [&](float t) {
                // The tint drawn over the field at a cell holding t of the busiest cell's count.
                const double a = heat_alpha(strength, t) / 255.0;
                auto mix = [&](int shift) {
                    const double fc = (palette::kField >> shift) & 0xFF, tc = (team_col >> shift) & 0xFF;
                    return static_cast<std::uint8_t>(std::lround(fc * (1.0 - a) + tc * a));
                };
                return palette::rgb(mix(IM_COL32_R_SHIFT), mix(IM_COL32_G_SHIFT), mix(IM_COL32_B_SHIFT));
            },
            0.0, peak_pct, "%");
        ImGui::PopID();
    }
}

bool PodballView::draw_tools(const World& world, const CanvasFrame& f) {
    const PodballWorld& w = podball(world);
    const float s = f.ui_scale;
    ImGui::TextUnformatted("Place pods and the ball");
    ImGui::TextColored(palette::kDimText, "Pause (Space), then drag a pod or the ball on the arena.");
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextUnformatted("Take over a pod");
    const auto& t = takeover_.target();
    std::string current = "none";
    if (t) current = team_name(w, t->team) + " pod " + std::to_string(t->index);
    ImGui::SetNextItemWidth(150.0f * s);
    if (ImGui::BeginCombo("##takeover", current.c_str())) {
        if (ImGui::Selectable("none", !t)) takeover_.take(std::nullopt);
        for (const auto& p : w.pods()) {
            std::string name = team_name(w, p.team) + " pod " + std::to_string(p.index);
            PodTakeover::Target target{p.team, p.index};
            if (ImGui::Selectable(name.c_str(), t && *t == target)) takeover_.take(target);
        }
        ImGui::EndCombo();
    }
    if (f.widgets) f.widgets->record_last_item("podball.takeover");
    ImGui::SameLine();
    ImGui::Checkbox("click a pod", &pick_takeover_);
    if (f.widgets) f.widgets->record_last_item("podball.takeover.pick");
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(palette::kDimText, "%s",
                       t ? "WASD or arrows thrust; F or Enter shoots towards the mouse (on the arena)."
                         : "Pick a pod, or tick \"click a pod\" and click one on the arena. Its ring "
                           "turns yellow; the arrow shows the thrust.");
    if (f.gamepad && f.gamepad->connected) {
        ImGui::TextColored(palette::kDimText,
                           "Gamepad: %s. Left stick thrusts, A or RB shoots where the right stick aims.",
                           f.gamepad->name.c_str());
    } else {
        ImGui::TextColored(palette::kDimText, "No gamepad (plug one in to steer with it).");
    }
    ImGui::TextColored(palette::kDimText,
                       "Every %d ticks the input becomes a pod.action command, recorded like any edit.",
                       static_cast<int>(w.config().ctrl_step));
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::TextUnformatted("Team modules");
    if (auto c = scripts_.draw_new_team_buttons(w, f)) queue(std::move(*c));
    return true;
}

LabHelp PodballView::help() const {
    LabHelp h;
    h.what_you_see =
        "The arena from above, x from -0.5 to 0.5 arena widths. Team 0 (blue) attacks to the right and defends the "
        "left goal; "
        "team 1 (red) the other way. Each goal is drawn in the colour of the team defending it.\n\n"
        "Pods are discs with their number in the team; the yellow disc is the ball, and a yellow ring marks the pod "
        "carrying "
        "it. A faded pod cannot pick the ball up (BALLDENY). Arrows show where each pod and the free ball will be in "
        "30 "
        "ticks. The dashed lines are the keep-off lines (bright during a kick-off); the semicircles at the goals are "
        "the goal "
        "areas, filled while a pod holds one.\n\n"
        "The box at the top gives the score in goals, the phase, the tick and the running ticks (play only). The "
        "Analysis tab "
        "holds the metrics per team, conduct flags, charts over match time and the heat map of where each team's pods "
        "stood, with its colour scale.";
    h.what_you_can_do =
        "Pause and drag pods or the ball to place them (a pod.place / ball.place command). Take over one pod in the "
        "Tools "
        "tab and steer it with the keys or a game controller while the match runs; your input is recorded as "
        "pod.action "
        "commands. Switch the heat map on in the Analysis tab and hover the arena to read a cell's numbers. Tune every "
        "rule "
        "and team module in the Parameters tab.";
    h.keys = {
        {"Space", "play / pause"},
        {"drag (paused)", "move a pod or the ball"},
        {"hover", "a pod's or the ball's position and speed; with the heat map on, the cell's shares"},
        {"W A S D / arrows", "thrust the pod you took over"},
        {"F / Enter", "shoot towards the mouse (the pod you took over)"},
        {"click (\"click a pod\" ticked)", "take over the pod clicked"},
        {"gamepad left stick", "thrust the pod you took over"},
        {"gamepad A / RB", "shoot where the right stick points"},
        {"wheel / right-drag", "zoom / pan the arena"},
        {"Ctrl+Z / Ctrl+Shift+Z",
         "undo / redo a pod or ball placed, a slider, a reset (steering a pod is play: no undo)"},
        {"Shift+drag a slider / arrows",
         "ten times finer / one step (hover or focus the slider); Ctrl+click types a value"},
    };
    h.source = "the Podball engine's rule book (docs/labs/podball.md#sources)";
    return h;
}

}   // namespace pb::ui
