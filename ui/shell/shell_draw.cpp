// The shell's layout: menu bar on top, transport bar under it, then the canvas with the
// parameter panel docked on the right (a splitter between them), the status line at the bottom.
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <filesystem>

#include <imgui.h>
#include <imgui_internal.h>

#include "engine/core/lab.hpp"
#include "ui/render/painter.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"
#include "ui/widgets/tooltip.hpp"

namespace pb::ui {

namespace {

constexpr ImGuiWindowFlags kFixedWindow = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove |
                                          ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoSavedSettings |
                                          ImGuiWindowFlags_NoBringToFrontOnFocus | ImGuiWindowFlags_NoScrollbar |
                                          ImGuiWindowFlags_NoScrollWithMouse;

bool has_glyph(unsigned int codepoint) {
    return ImGui::GetFont()->FindGlyphNoFallback(static_cast<ImWchar>(codepoint));
}

bool button(const char* label, const char* tip, WidgetLocator& widgets, const std::string& name) {
    bool clicked = ImGui::Button(label);
    widgets.record_last_item(name);
    if (ImGui::IsItemHovered() && tip) ImGui::SetTooltip("%s", tip);
    return clicked;
}

}   // namespace

void Shell::draw() {
    ensure_lab_view();
    widgets_.clear();
    if (compare_) compare_->new_frame();
    ImGuiIO& io = ImGui::GetIO();
    float scale = current_ui_scale();

    draw_menu_bar();
    float top = ImGui::GetFrameHeight();   // the main menu bar's height

    ImGui::SetNextWindowPos(ImVec2(0, top));
    ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x, std::max(1.0f, io.DisplaySize.y - top)));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(0, 0));
    ImGui::Begin("##playbench_main", nullptr, kFixedWindow);
    ImGui::PopStyleVar(2);

    // An open sweep's view takes the canvas's and the side panel's place (ui/shell/sweep_session.hpp).
    const bool sweep_shown = sweep_.visible();
    if (prefs_.show_transport && !sweep_shown) {
        if (review_)
            draw_review_transport();
        else
            draw_transport_bar();
    }
    if (review_ && !sweep_shown) {
        review_->draw_timeline();
        review_->draw_banners();
    }
    if (!error_.empty()) draw_error_banner();

    float status_h = prefs_.show_status ? ImGui::GetFrameHeight() + 2.0f * scale : 0.0f;
    ImVec2 avail = ImGui::GetContentRegionAvail();
    float middle_h = std::max(1.0f, avail.y - status_h);
    float splitter_w = 6.0f * scale;
    float panel_w = 0.0f;
    if (prefs_.show_params) {
        float max_w = std::max(200.0f * scale, avail.x * 0.65f);
        panel_w = std::clamp(prefs_.param_panel_width * scale, 240.0f * scale, max_w);
    }
    float canvas_w = std::max(1.0f, avail.x - (prefs_.show_params ? panel_w + splitter_w : 0.0f));

    if (sweep_shown) {
        if (auto run = sweep_.draw(avail.x, middle_h, file_dialog_)) request_sweep_run(*run);
    } else if ((compare_ && !compare_->ghost()) || (review_ && review_->b_player())) {
        // A on the left, B on the right, a thin gap between: B while comparing, or B's replay
        // beside A's under review.
        const float gap = 4.0f * scale;
        const float a_w = std::max(1.0f, std::floor((canvas_w - gap) * 0.5f));
        draw_canvas(a_w, middle_h);
        ImGui::SameLine(0, gap);
        const float b_w = std::max(1.0f, canvas_w - gap - a_w);
        CanvasFrame frame;
        frame.paused = paused_;
        frame.velocity_hints = prefs_.velocity_hints;
        frame.gamepad = &gamepad_;
        if (compare_)
            compare_->draw_canvas(b_w, middle_h, frame, gestures_);
        else
            review_->draw_b_canvas(b_w, middle_h, frame);
    } else {
        draw_canvas(canvas_w, middle_h);
    }
    if (prefs_.show_params && !sweep_shown) {
        ImGui::SameLine(0, 0);
        // Splitter: drag to resize the panel.
        ImGui::InvisibleButton("##splitter", ImVec2(splitter_w, middle_h));
        if (ImGui::IsItemHovered() || ImGui::IsItemActive()) ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeEW);
        if (ImGui::IsItemActive() && io.MouseDelta.x != 0.0f)
            prefs_.param_panel_width = std::max(240.0f, prefs_.param_panel_width - io.MouseDelta.x / scale);
        ImVec2 a = ImGui::GetItemRectMin(), b = ImGui::GetItemRectMax();
        Painter::window().AddRectFilled(
            a, b, ImGui::GetColorU32(ImGui::IsItemActive() ? ImGuiCol_SeparatorActive : ImGuiCol_Separator));
        ImGui::SameLine(0, 0);
        draw_side_panel(panel_w, middle_h);
    }
    if (prefs_.show_status) draw_status_line();
    ImGui::End();

    draw_dialogs();
    help_.draw(sim_->world(), lab_view_.get(), review_ != nullptr, compare_ != nullptr, widgets_);
    if (show_edits_) draw_edits_window();
    record_floating_windows();
    submit_view_commands();
    // The simulation recorded this frame's edits as they were made; a recording one of them
    // ended (a disk error) is said now.
    report_recording_end();
}

void Shell::record_floating_windows() {
    // Every window floating over the canvas (a view's analysis window, the Pareto chart, help) is
    // an overlay: the layout test checks none covers the canvas centre or what must stay visible.
    const WidgetRect* canvas = widgets_.find("canvas");
    if (!canvas) return;
    ImGuiContext& g = *ImGui::GetCurrentContext();
    for (ImGuiWindow* w : g.Windows) {
        if (!w->WasActive && !w->Active) continue;
        if (w->Hidden ||
            (w->Flags & (ImGuiWindowFlags_ChildWindow | ImGuiWindowFlags_Tooltip | ImGuiWindowFlags_Popup)))
            continue;
        const std::string name = w->Name;
        if (name == "##playbench_main" || name.rfind("##MainMenuBar", 0) == 0 || name.rfind("Debug##", 0) == 0)
            continue;
        const WidgetRect r{w->Pos.x, w->Pos.y, w->Size.x, w->Size.y, true};
        const bool over_canvas = r.x < canvas->x + canvas->w && r.x + r.w > canvas->x && r.y < canvas->y + canvas->h &&
                                 r.y + r.h > canvas->y;
        if (over_canvas) widgets_.record("overlay.window." + name.substr(0, name.find("##")), r);
    }
}

void Shell::submit_view_commands() {
    if (!lab_view_) return;
    if (review_) {
        review_->refuse_edits(*lab_view_);
        return;
    }
    for (Command& c : lab_view_->take_commands()) {
        // In compare mode A's tools (Edit: A or Both): with Both, the same edit on B.
        if (!compare_) c.tick = sim_->tick();
        apply_edit(std::move(c), compare_ && compare_->edit() == CompareEdit::Both);
    }
}

void Shell::draw_menu_bar() {
    if (!ImGui::BeginMainMenuBar()) return;
    if (ImGui::BeginMenu("File")) {
        if (ImGui::BeginMenu("New")) {
            // Every lab, from its template (the lab's registered defaults), whatever is on disk.
            for (const LabInfo* lab : all_labs()) {
                if (ImGui::MenuItem(lab->title.c_str())) request_new(lab->name);
                if (ImGui::IsItemHovered() && !lab->summary.empty()) ImGui::SetTooltip("%s", lab->summary.c_str());
                widgets_.record_last_item("menu.file.new." + lab->name);
            }
            ImGui::EndMenu();
        }
        widgets_.record_last_item("menu.file.new");
        if (ImGui::MenuItem("Open scenario, replay or sweep...", shortcut_label(ShellAction::Open)))
            perform(ShellAction::Open);
        widgets_.record_last_item("menu.file.open");
        if (ImGui::MenuItem("Save", shortcut_label(ShellAction::Save))) perform(ShellAction::Save);
        widgets_.record_last_item("menu.file.save");
        if (ImGui::MenuItem("Save As...", shortcut_label(ShellAction::SaveAs))) perform(ShellAction::SaveAs);
        widgets_.record_last_item("menu.file.save_as");
        if (ImGui::MenuItem("Reload", shortcut_label(ShellAction::Reload), false, !current_path_.empty()))
            perform(ShellAction::Reload);
        widgets_.record_last_item("menu.file.reload");
        if (ImGui::BeginMenu("Recent files", !prefs_.recent_files.empty())) {
            std::string chosen;
            for (std::size_t i = 0; i < prefs_.recent_files.size(); ++i) {
                const std::string& f = prefs_.recent_files[i];
                std::string label = std::filesystem::path(f).filename().string() + "##recent" + std::to_string(i);
                if (ImGui::MenuItem(label.c_str())) chosen = f;
                if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", f.c_str());
                widgets_.record_last_item("menu.file.recent." + std::to_string(i));
            }
            ImGui::Separator();
            if (ImGui::MenuItem("Clear list")) prefs_.recent_files.clear();
            ImGui::EndMenu();
            if (!chosen.empty()) request_open(chosen);
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Screenshot", shortcut_label(ShellAction::Screenshot))) perform(ShellAction::Screenshot);
        widgets_.record_last_item("menu.file.screenshot");
        if (ImGui::MenuItem("Export screenshot PNG...")) perform(ShellAction::ExportScreenshot);
        widgets_.record_last_item("menu.file.export_png");
        if (review_) {
            if (ImGui::MenuItem("Close replay")) close_replay();
            widgets_.record_last_item("menu.file.close_replay");
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Quit", shortcut_label(ShellAction::Quit))) perform(ShellAction::Quit);
        widgets_.record_last_item("menu.file.quit");
        ImGui::EndMenu();
    }
    widgets_.record_last_item("menu.file");
    draw_edit_menu();
    sweep_.draw_menu();
    if (ImGui::BeginMenu("Simulation")) {
        if (ImGui::MenuItem(paused_ ? "Play" : "Pause", shortcut_label(ShellAction::TogglePause)))
            perform(ShellAction::TogglePause);
        if (ImGui::MenuItem("Single step", shortcut_label(ShellAction::StepOnce))) perform(ShellAction::StepOnce);
        if (ImGui::MenuItem("Restart", shortcut_label(ShellAction::Restart))) perform(ShellAction::Restart);
        ImGui::Separator();
        if (ImGui::MenuItem("Faster", shortcut_label(ShellAction::SpeedUp))) perform(ShellAction::SpeedUp);
        if (ImGui::MenuItem("Slower", shortcut_label(ShellAction::SpeedDown))) perform(ShellAction::SpeedDown);
        ImGui::Separator();
        if (review_) {
            if (ImGui::MenuItem("Take over here (branch and record)", shortcut_label(ShellAction::ToggleRecording)))
                take_over();
        } else {
            if (ImGui::MenuItem(recorder_.recording() ? "Stop recording" : "Record",
                                shortcut_label(ShellAction::ToggleRecording)))
                perform(ShellAction::ToggleRecording);
            widgets_.record_last_item("menu.simulation.record");
            if (ImGui::MenuItem("Record to...", nullptr, false, !recorder_.recording()))
                file_dialog_.show(FileDialogMode::RecordReplay, default_replay_path(sim_->world().lab().name));
            ImGui::Separator();
            if (!compare_ && ImGui::MenuItem("Compare with a variant")) start_compare();
            if (compare_ && ImGui::MenuItem("Leave compare mode...")) compare_->request_end();
            widgets_.record_last_item("menu.simulation.compare");
            if (compare_ && ImGui::MenuItem("Ghost B over A", nullptr, compare_->ghost()))
                compare_->set_ghost(!compare_->ghost());
        }
        ImGui::EndMenu();
    }
    widgets_.record_last_item("menu.simulation");
    if (ImGui::BeginMenu("View")) {
        ImGui::MenuItem("Parameter panel", shortcut_label(ShellAction::ToggleParamPanel), &prefs_.show_params);
        ImGui::MenuItem("Transport bar", nullptr, &prefs_.show_transport);
        ImGui::MenuItem("Status line", nullptr, &prefs_.show_status);
        ImGui::Separator();
        if (lab_has_shortcut(sim_->world().lab().name, review_ != nullptr, ShellAction::ToggleVelocityHints))
            ImGui::MenuItem("Velocity hints", shortcut_label(ShellAction::ToggleVelocityHints), &prefs_.velocity_hints);
        if (ImGui::MenuItem("Reset zoom", shortcut_label(ShellAction::ResetZoom))) perform(ShellAction::ResetZoom);
        widgets_.record_last_item("menu.view.reset_zoom");
        ImGui::EndMenu();
    }
    widgets_.record_last_item("menu.view");
    if (ImGui::BeginMenu("Help")) {
        const std::string about = "About this lab (" + sim_->world().lab().title + ")";
        if (ImGui::MenuItem(about.c_str())) perform(ShellAction::ShowLabHelp);
        widgets_.record_last_item("menu.help.about_lab");
        if (ImGui::MenuItem("Keyboard shortcuts", shortcut_label(ShellAction::ShowShortcuts))) help_.show_shortcuts();
        widgets_.record_last_item("menu.help.shortcuts");
        if (ImGui::MenuItem("Start page")) show_start_page(true);
        widgets_.record_last_item("menu.help.start_page");
        if (ImGui::MenuItem("About Playbench")) show_about_ = true;
        ImGui::EndMenu();
    }
    widgets_.record_last_item("menu.help");

    // The scenario's name on the right of the menu bar, so it is always in sight.
    std::string right = sim_->scenario().title.empty() ? sim_->world().lab().title : sim_->scenario().title;
    if (dirty()) right += "  (unsaved changes)";
    float w = ImGui::CalcTextSize(right.c_str()).x + ImGui::GetStyle().ItemSpacing.x * 2;
    if (ImGui::GetContentRegionAvail().x > w) {
        ImGui::SetCursorPosX(ImGui::GetWindowWidth() - w);
        ImGui::TextColored(palette::kDimText, "%s", right.c_str());
    }
    ImGui::EndMainMenuBar();
}

void Shell::begin_transport_child(float item_spacing) {
    float scale = current_ui_scale();
    ImGuiStyle& style = ImGui::GetStyle();
    float h = ImGui::GetFrameHeight() + style.WindowPadding.y * 2.0f;
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8.0f * scale, style.WindowPadding.y));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(item_spacing * scale, 4.0f * scale));
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_MenuBarBg));
    ImGui::BeginChild("##transport", ImVec2(0, h), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_AlwaysUseWindowPadding);
    ImGui::PopStyleColor();
}

void Shell::draw_speed_buttons(int count, bool small) {
    float scale = current_ui_scale();
    const int fastest = static_cast<int>(kSpeeds.size()) - 1;
    for (int i = 0; i < count; ++i) {
        ImGui::SameLine(0, i == 0 ? (small ? 0.0f : 6.0f * scale) : 2.0f * scale);
        bool selected = clock_.speed_index() == i;
        if (selected) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_HeaderActive));
        std::string label(kSpeeds[static_cast<std::size_t>(i)].label);
        if (small ? ImGui::SmallButton(label.c_str()) : ImGui::Button(label.c_str())) {
            clock_.set_speed_index(i);
            prefs_.speed_index = i;
        }
        if (selected) ImGui::PopStyleColor();
        widgets_.record_last_item("transport.speed." + label);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(i == fastest ? "As fast as possible: as many ticks as fit in %.0f ms per frame"
                                           : "%.0f ticks per second (the tick length never changes)",
                              i == fastest
                                  ? FixedStepClock::kFrameBudgetSeconds * 1000.0
                                  : FixedStepClock::kTicksPerSecond * kSpeeds[static_cast<std::size_t>(i)].multiplier);
    }
}

void Shell::draw_transport_bar() {
    float scale = current_ui_scale();
    ImGuiStyle& style = ImGui::GetStyle();
    begin_transport_child(6.0f);

    // Glyphs when the font has them; words otherwise (the built-in font is ASCII).
    bool icons = has_glyph(0x25B6) && has_glyph(0x275A);
    bool play_icon = has_glyph(0x25B6);
    std::string play =
        paused_ ? (play_icon ? "\xe2\x96\xb6  Play" : "Play") : (icons ? "\xe2\x9d\x9a\xe2\x9d\x9a Pause" : "Pause");
    float button_w = std::max(ImGui::CalcTextSize("\xe2\x9d\x9a\xe2\x9d\x9a Pause").x, ImGui::CalcTextSize("Pause").x) +
                     style.FramePadding.x * 4.0f;
    bool running = !paused_;   // the click below flips paused_: push and pop must agree
    if (running) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    if (ImGui::Button((play + "###play").c_str(), ImVec2(button_w, 0))) perform(ShellAction::TogglePause);
    if (running) ImGui::PopStyleColor();
    widgets_.record_last_item("transport.play");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s (Space)", paused_ ? "Run the simulation" : "Pause the simulation");
    ImGui::SameLine();
    if (ImGui::Button("Step")) perform(ShellAction::StepOnce);
    widgets_.record_last_item("transport.step");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Advance one tick and pause (.)");
    ImGui::SameLine();
    if (ImGui::Button("Restart")) perform(ShellAction::Restart);
    widgets_.record_last_item("transport.restart");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("Back to tick 0 of the scenario, keeping the parameter values (R)");
    ImGui::SameLine();
    // Record: a replay of the session from tick 0 (commands and hashes), stopped by a second click.
    bool rec = recorder_.recording();
    if (rec) ImGui::PushStyleColor(ImGuiCol_Button, palette::kErrorBanner);
    if (ImGui::Button(rec ? "Stop rec###record" : "Record###record")) perform(ShellAction::ToggleRecording);
    if (rec) ImGui::PopStyleColor();
    widgets_.record_last_item("transport.record");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            rec ? "Stop recording (%s)" : "Record this session to a replay file in the current folder (%s)",
            shortcut_label(ShellAction::ToggleRecording));
    if (rec) {
        ImGui::SameLine();
        ImGui::AlignTextToFramePadding();
        ImGui::TextColored(ImVec4(1.0f, 0.25f, 0.25f, 1.0f), "REC %" PRId64, recorder_.ticks());
        widgets_.record_last_item("transport.rec_indicator");
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("Recording to %s", recorder_.path().c_str());
    }

    ImGui::SameLine(0, 18.0f * scale);
    ImGui::AlignTextToFramePadding();
    ImGui::TextColored(palette::kDimText, "Speed");
    draw_speed_buttons(static_cast<int>(kSpeeds.size()), false);

    // Tick and effective rate on the right.
    char info[96];
    std::snprintf(info, sizeof info, "tick %" PRId64 "   %.0f ticks/s", sim_->tick(),
                  paused_ ? 0.0 : meters_.ticks_per_second());
    end_transport_child(info, "transport.tick");
}

// Review mode's transport: |< < play > >|, speed, loop A-B, take over.
void Shell::draw_review_transport() {
    float scale = current_ui_scale();
    ImGuiStyle& style = ImGui::GetStyle();
    begin_transport_child(5.0f);
    ReplayPlayer& player = review_->player();

    if (button("|<", "To the start of the replay", widgets_, "transport.start")) perform(ShellAction::JumpToStart);
    ImGui::SameLine();
    if (button("<", "One tick back (,)", widgets_, "transport.back")) perform(ShellAction::StepBack);
    ImGui::SameLine();
    bool running = !paused_;
    if (running) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
    float play_w = ImGui::CalcTextSize("Pause").x + style.FramePadding.x * 4.0f;
    if (ImGui::Button(paused_ ? "Play###play" : "Pause###play", ImVec2(play_w, 0))) perform(ShellAction::TogglePause);
    if (running) ImGui::PopStyleColor();
    widgets_.record_last_item("transport.play");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s the replay (Space)", paused_ ? "Play" : "Pause");
    ImGui::SameLine();
    if (button(">", "One tick forward (.)", widgets_, "transport.step")) perform(ShellAction::StepOnce);
    ImGui::SameLine();
    if (button(">|", "To the end of the replay", widgets_, "transport.end")) perform(ShellAction::JumpToEnd);

    // Speeds 1/4x .. 64x: more or fewer fixed ticks per frame, never a longer tick.
    ImGui::SameLine(0, 14.0f * scale);
    draw_speed_buttons(static_cast<int>(kSpeeds.size()) - 1, true);   // not "as fast as possible"

    // Loop a range: A and B from the current tick.
    ImGui::SameLine(0, 14.0f * scale);
    if (button("A", "Loop from the current tick", widgets_, "transport.loop_a")) review_->set_loop_start();
    ImGui::SameLine(0, 2.0f * scale);
    if (button("B", "Loop to the current tick", widgets_, "transport.loop_b")) review_->set_loop_end();
    ImGui::SameLine(0, 2.0f * scale);
    bool looping = review_ && review_->looping();
    if (looping) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_HeaderActive));
    if (button("Loop", "Play the A-B range over and over", widgets_, "transport.loop")) review_->toggle_loop();
    if (looping) ImGui::PopStyleColor();

    ImGui::SameLine(0, 14.0f * scale);
    if (button("Take over here",
               "Continue live from this tick (editing on again) and record the branch to a new replay", widgets_,
               "transport.take_over"))
        take_over();
    if (!review_) {   // taken over: the live transport draws from the next frame
        ImGui::EndChild();
        ImGui::PopStyleVar(2);
        return;
    }

    char info[96];
    std::snprintf(info, sizeof info, "tick %" PRId64 " / %" PRId64, player.tick(), player.length());
    end_transport_child(info, "transport.replay_tick");
}

void Shell::end_transport_child(const char* right_text, const char* widget_name) {
    float scale = current_ui_scale();
    float info_w = ImGui::CalcTextSize(right_text).x;
    ImGui::SameLine();
    float x = ImGui::GetWindowWidth() - info_w - 10.0f * scale;
    if (x > ImGui::GetCursorPosX()) ImGui::SetCursorPosX(x);
    ImGui::AlignTextToFramePadding();
    ImGui::TextUnformatted(right_text);
    widgets_.record_last_item(widget_name);
    ImGui::EndChild();
    ImGui::PopStyleVar(2);
}

void Shell::draw_error_banner() {
    float scale = current_ui_scale();
    float pad = 8.0f * scale;
    float buttons_w = 200.0f * scale;
    float wrap = std::max(100.0f, ImGui::GetContentRegionAvail().x - buttons_w - pad * 3);
    ImVec2 text = ImGui::CalcTextSize(error_.c_str(), nullptr, false, wrap);
    float h = std::min(text.y, ImGui::GetTextLineHeight() * 8.0f) + pad * 2;
    ImGui::PushStyleColor(ImGuiCol_ChildBg, palette::kErrorBanner);
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad, pad));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(6.0f * scale, 4.0f * scale));
    ImGui::BeginChild("##error_banner", ImVec2(0, h), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
    ImGui::BeginChild("##error_text", ImVec2(wrap, h - pad * 2), false);
    ImGui::PushTextWrapPos(wrap);
    ImGui::TextUnformatted(error_.c_str());
    ImGui::PopTextWrapPos();
    ImGui::EndChild();
    widgets_.record_last_item("error.text");
    ImGui::SameLine(0, pad);
    ImGui::BeginGroup();
    if (!retry_path_.empty()) {
        if (ImGui::SmallButton("Retry")) {
            std::string path = retry_path_;
            open_scenario(path);
        }
        widgets_.record_last_item("error.retry");
        ImGui::SameLine();
    }
    if (ImGui::SmallButton("Copy")) ImGui::SetClipboardText(error_.c_str());
    ImGui::SameLine();
    if (ImGui::SmallButton("Dismiss")) {
        error_.clear();
        retry_path_.clear();
    }
    widgets_.record_last_item("error.dismiss");
    ImGui::EndGroup();
    ImGui::EndChild();
    ImGui::PopStyleVar(2);
    ImGui::PopStyleColor();
}

void Shell::draw_side_panel(float width, float height) {
    float scale = current_ui_scale();
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(10.0f * scale, 8.0f * scale));
    ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(8.0f * scale, 5.0f * scale));
    ImGui::BeginChild("##side_panel", ImVec2(width, height), false, ImGuiWindowFlags_AlwaysUseWindowPadding);
    widgets_.record("params.panel", WidgetRect{ImGui::GetWindowPos().x, ImGui::GetWindowPos().y, width, height, true});

    const Scenario& sc = sim_->scenario();
    ImGui::PushFont(large_font());
    ImGui::TextUnformatted(sim_->world().lab().title.c_str());
    ImGui::PopFont();
    ImGui::PushTextWrapPos(0.0f);
    if (!sc.title.empty()) ImGui::TextUnformatted(sc.title.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDimText);
    if (!sc.description.empty()) ImGui::TextUnformatted(sc.description.c_str());
    std::string file = review_ ? "from the replay " + std::filesystem::path(review_->path()).filename().string()
                       : current_path_.empty() ? "not saved to a file yet"
                                               : std::filesystem::path(current_path_).filename().string();
    ImGui::Text("%s   \xc2\xb7   seed %llu", file.c_str(), static_cast<unsigned long long>(sc.seed));
    if (!review_ && !current_path_.empty() && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", current_path_.c_str());
    ImGui::PopStyleColor();
    ImGui::PopTextWrapPos();
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::Spacing();

    // Tabs, so each part has the panel's whole height: Review (a replay), Tools (the lab's
    // editing), Parameters, Analysis (metrics, charts, the colour keys). The choice is kept.
    CanvasFrame tools;
    tools.draw = nullptr;   // set inside the tab's child window
    tools.view = &view_;
    tools.ui_scale = scale;
    tools.paused = paused_;
    tools.widgets = &widgets_;
    tools.gamepad = &gamepad_;
    const bool has_tools = lab_view_ && lab_view_->has_tools();
    const bool has_analysis = lab_view_ && lab_view_->has_analysis();
    SideTab want = prefs_.side_tab;
    if (want == SideTab::Tools && !has_tools) want = SideTab::Parameters;
    if (want == SideTab::Analysis && !has_analysis) want = SideTab::Parameters;
    if (want == SideTab::Review && !review_) want = SideTab::Parameters;
    if (want == SideTab::Compare && !compare_) want = SideTab::Parameters;
    const bool force = side_tab_shown_ != want;   // a tab chosen by code (or restored) is selected once
    auto tab = [&](const char* label, SideTab which, const char* widget) {
        ImGuiTabItemFlags flags = force && which == want ? ImGuiTabItemFlags_SetSelected : 0;
        const bool open = ImGui::BeginTabItem(label, nullptr, flags);
        widgets_.record_last_item(widget);
        if (open) {
            if (!force && side_tab_shown_ != which) prefs_.side_tab = which;   // the designer clicked it
            side_tab_shown_ = which;
        }
        return open;
    };
    auto content = [&](const char* id) {
        ImGui::BeginChild(id, ImVec2(0, 0), false);
        return Painter::window();   // the child's own draw list
    };
    std::string refused;
    if (ImGui::BeginTabBar("##side_tabs")) {
        if (review_ && tab("Review", SideTab::Review, "side.tab.review")) {
            ImGui::BeginChild("##review_tab", ImVec2(0, 0), false);
            review_->draw_panel();
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        if (has_tools && tab("Tools", SideTab::Tools, "side.tab.tools")) {
            Painter p = content("##tools_tab");
            tools.draw = &p;
            // While reviewing, tools show the replay's state but take no edits: said first, since
            // greyed controls show no tooltips.
            if (review_) {
                ImGui::PushStyleColor(ImGuiCol_Text, palette::kDimText);
                ImGui::TextWrapped(
                    "Reviewing a replay: the tools show it as recorded and are off. Take over here (%s) to use them.",
                    shortcut_label(ShellAction::ToggleRecording));
                ImGui::PopStyleColor();
                widgets_.record_last_item("tools.review_note");
            }
            ImGui::BeginDisabled(review_ != nullptr);
            if (compare_) {
                // The tools follow the Edit switch: B's view on B, or A's (with Both, made on B too).
                compare_->draw_edit_switch();
                if (compare_->edit() == CompareEdit::B)
                    compare_->view().draw_tools(compare_->sim().world(), tools);
                else
                    lab_view_->draw_tools(sim_->world(), tools);
            } else {
                lab_view_->draw_tools(sim_->world(), tools);
            }
            ImGui::EndDisabled();
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        if (tab("Parameters", SideTab::Parameters, "side.tab.params")) {
            if (compare_) {
                compare_->draw_params(param_panel_, refused);
            } else {
                // While reviewing, the parameters show the replay's values but take no edits (the
                // filter still works, to find a value).
                param_panel_.read_only = review_ != nullptr;
                param_panel_.history = review_ ? nullptr : &history_;
                draw_param_panel(*sim_, param_panel_, widgets_, refused);
            }
            ImGui::EndTabItem();
        }
        if (has_analysis && tab("Analysis", SideTab::Analysis, "side.tab.analysis")) {
            Painter p = content("##analysis_tab");
            tools.draw = &p;
            // B beside A: live compare mode, or a compare recording under review.
            CompareFrame b;
            if (compare_)
                b = compare_->b_frame();
            else if (review_)
                b = review_->b_frame();
            tools.compare = b.world ? &b : nullptr;
            lab_view_->draw_analysis(sim_->world(), tools);
            tools.compare = nullptr;
            ImGui::EndChild();
            ImGui::EndTabItem();
        }
        if (compare_ && tab("Compare", SideTab::Compare, "side.tab.compare")) {
            finish_compare(compare_->draw_tab());
            ImGui::EndTabItem();
        }
        ImGui::EndTabBar();
    }
    if (!refused.empty()) set_status("Refused: " + refused);
    ImGui::EndChild();
    ImGui::PopStyleVar(2);
}

void Shell::draw_status_line() {
    float scale = current_ui_scale();
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImGui::GetStyleColorVec4(ImGuiCol_MenuBarBg));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(8.0f * scale, 1.0f * scale));
    ImGui::BeginChild("##status", ImVec2(0, 0), false,
                      ImGuiWindowFlags_NoScrollbar | ImGuiWindowFlags_AlwaysUseWindowPadding);
    ImGui::AlignTextToFramePadding();
    // Timings only once measured (an offscreen render has none).
    char left[200];
    const char* state = paused_ ? (match_over() ? "OVER   " : "PAUSED ") : "RUNNING";
    int n = std::snprintf(left, sizeof left, "%s   tick %" PRId64 "   ", state, sim_->tick());
    if (meters_.tick_microseconds() > 0.0 && n > 0 && n < static_cast<int>(sizeof left))
        n += std::snprintf(left + n, sizeof left - static_cast<std::size_t>(n), "%.1f \xc2\xb5s/tick   ",
                           meters_.tick_microseconds());
    if (meters_.frame_milliseconds() > 0.0 && n > 0 && n < static_cast<int>(sizeof left))
        std::snprintf(left + n, sizeof left - static_cast<std::size_t>(n), "frame %.1f ms   ",
                      meters_.frame_milliseconds());
    ImGui::TextColored(paused_ ? palette::kChangedMark : palette::kDimText, "%s", left);
    ImGui::SameLine(0, 0);
    // One line, never cut off at the window's edge (compare mode's messages are long at 1280 px):
    // the transient message gets its room first, the world's summary what is left; either,
    // shortened, shows whole in its tooltip.
    const double age = ImGui::GetTime() - status_time_;
    const bool message = !status_.empty() && age < 12.0;
    const float right = ImGui::GetWindowWidth() - 10.0f * scale, gap = ImGui::GetStyle().ItemSpacing.x;
    const float message_w = message ? std::min(ImGui::CalcTextSize(status_.c_str()).x, right * 0.75f) : 0.0f;
    bool cut = false;
    // The sweep view on screen: the sweep's summary, not the world's waiting behind it.
    const std::string summary = sweep_.visible() ? sweep_.view()->summary() : sim_->world().summary();
    ImGui::TextUnformatted(
        fit_width(summary, right - ImGui::GetCursorPosX() - (message ? message_w + 2.0f * gap : 0.0f), cut).c_str());
    widgets_.record_last_item("status.summary");
    if (cut && ImGui::IsItemHovered()) show_tooltip(summary);

    // Transient messages (saved, screenshot written, refused edits) on the right for a while.
    if (message) {
        ImGui::SameLine();
        const std::string shown = fit_width(status_, right - ImGui::GetCursorPosX(), cut);
        const float x = right - ImGui::CalcTextSize(shown.c_str()).x;
        if (x > ImGui::GetCursorPosX()) ImGui::SetCursorPosX(x);
        ImGui::TextUnformatted(shown.c_str());
        widgets_.record_last_item("status.message");
        if (cut && ImGui::IsItemHovered()) show_tooltip(status_);
    }
    ImGui::EndChild();
    ImGui::PopStyleVar();
    ImGui::PopStyleColor();
}

void Shell::draw_dialogs() {
    if (auto path = file_dialog_.draw(widgets_)) {
        switch (file_dialog_.mode()) {
            case FileDialogMode::OpenScenario: request_open(*path); break;
            case FileDialogMode::RecordReplay: start_recording(*path); break;
            case FileDialogMode::SaveScenario:
                if (compare_ && compare_->save_pending())
                    save_variant(*path);
                else
                    save_scenario(*path);
                break;
            case FileDialogMode::ExportPng: screenshot_request_ = *path; break;
            case FileDialogMode::ExportSweepPlot:
            case FileDialogMode::ExportSweepTable: sweep_.export_to(file_dialog_.mode(), *path); break;
        }
    }

    float scale = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    ImVec2 center(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f);

    draw_start_page();
    draw_unsaved_question();
    if (module_question_) {
        switch (module_question_->draw(widgets_)) {
            case ModuleQuestion::Answer::Load: allow_replay_modules(); break;
            case ModuleQuestion::Answer::Cancel: refuse_replay_modules(); break;
            case ModuleQuestion::Answer::Closed: module_question_.reset(); break;
            case ModuleQuestion::Answer::None: break;
        }
    }
    if (compare_) finish_compare(compare_->draw_question());
    if (compare_ && !file_dialog_.visible()) compare_->clear_save_pending();

    if (show_about_) ImGui::OpenPopup("About Playbench###about");
    ImGui::SetNextWindowPos(center, ImGuiCond_Appearing, ImVec2(0.5f, 0.5f));
    if (ImGui::BeginPopupModal("About Playbench###about", &show_about_, ImGuiWindowFlags_AlwaysAutoResize)) {
        ImGui::PushFont(large_font());
        ImGui::Text("Playbench %s", PLAYBENCH_VERSION);
        ImGui::PopFont();
        ImGui::TextUnformatted("A sandbox for game designers: open a scenario, watch a mechanic run,");
        ImGui::TextUnformatted("tune its parameters while it runs, save what you found.");
        ImGui::Spacing();
        ImGui::TextColored(palette::kDimText, "Dear ImGui %s, SDL2", ImGui::GetVersion());
        ImGui::Spacing();
        if (ImGui::Button("Close", ImVec2(100 * scale, 0))) {
            show_about_ = false;
            ImGui::CloseCurrentPopup();
        }
        ImGui::EndPopup();
    }
}

void Shell::draw_start_page() {
    if (!show_start_page_) return;
    if (!start_page_.scanned()) start_page_.scan(scenarios_dir_);
    StartChoice choice = start_page_.draw(&show_start_page_, widgets_, error_);
    if (!choice.open_path.empty())
        request_open(choice.open_path);
    else if (!choice.new_lab.empty())
        request_new(choice.new_lab);
}

void Shell::draw_unsaved_question() {
    if (!unsaved_question_) return;
    if (!unsaved_question_->popup_open) {
        ImGui::OpenPopup("Unsaved changes###unsaved");
        unsaved_question_->popup_open = true;
    }
    float scale = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.5f), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    if (!ImGui::BeginPopupModal("Unsaved changes###unsaved", nullptr, ImGuiWindowFlags_AlwaysAutoResize)) {
        unsaved_question_.reset();
        return;
    }
    const UnsavedQuestion question = *unsaved_question_;
    const char* verb = question.then == AfterDiscard::Quit   ? "quit"
                       : question.then == AfterDiscard::Open ? "open"
                       : question.then == AfterDiscard::New  ? "start the new one"
                                                             : "reload";
    ImGui::TextUnformatted("The scenario has edits (parameters, placements) that are not saved.");
    if (question.then == AfterDiscard::Open) ImGui::TextColored(palette::kDimText, "Open %s", question.path.c_str());
    ImGui::Spacing();
    enum class Answer { None, Save, Discard, Cancel } answer = Answer::None;
    std::string save_label = current_path_.empty() ? std::string("Save as...") : std::string("Save, then ") + verb;
    if (ImGui::Button(save_label.c_str(), ImVec2(170 * scale, 0))) answer = Answer::Save;
    widgets_.record_last_item("unsaved.save");
    ImGui::SameLine();
    std::string discard_label = std::string(question.then == AfterDiscard::Quit   ? "Quit"
                                            : question.then == AfterDiscard::Open ? "Open"
                                            : question.then == AfterDiscard::New  ? "New"
                                                                                  : "Reload") +
                                " without saving";
    if (ImGui::Button(discard_label.c_str(), ImVec2(190 * scale, 0))) answer = Answer::Discard;
    widgets_.record_last_item("unsaved.discard");
    ImGui::SameLine();
    if (ImGui::Button("Cancel", ImVec2(100 * scale, 0)) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape)) ||
        question.cancel)
        answer = Answer::Cancel;
    widgets_.record_last_item("unsaved.cancel");
    if (answer != Answer::None) {
        ImGui::CloseCurrentPopup();
        unsaved_question_.reset();
    }
    ImGui::EndPopup();

    if (answer == Answer::Save) {
        // Without a file yet, Save as takes over (and the pending action is dropped: the
        // designer sees the dialog and decides again).
        if (current_path_.empty())
            perform(ShellAction::SaveAs);
        else if (save_scenario(current_path_))
            continue_after(question);
    } else if (answer == Answer::Discard) {
        continue_after(question);
    }
}

}   // namespace pb::ui
