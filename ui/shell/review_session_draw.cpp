// Review mode's drawing: the timeline scrubber across the window with a mark per command and
// note and the divergence in red, the banners (divergence, an incomplete file) and the Review tab
// of the side panel (the file, its hashes, notes). The transport above them is the shell's.
#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <filesystem>

#include <imgui.h>
#include <imgui_stdlib.h>

#include "engine/core/words.hpp"
#include "ui/render/painter.hpp"
#include "ui/shell/review_session.hpp"
#include "ui/shell/shell_host.hpp"
#include "ui/widgets/palette.hpp"
#include "ui/widgets/style.hpp"
#include "ui/widgets/widget_locator.hpp"

namespace pb::ui {

void ReviewSession::draw_timeline() {
    float scale = current_ui_scale();
    ImGuiIO& io = ImGui::GetIO();
    WidgetLocator& widgets = host_.frame_widgets();
    ReplayPlayer& player = *player_;
    const float h = 30.0f * scale, pad = 10.0f * scale;
    ImVec2 top = ImGui::GetCursorScreenPos();
    float width = ImGui::GetContentRegionAvail().x;
    ImGui::InvisibleButton("##timeline", ImVec2(std::max(1.0f, width), h));
    widgets.record_last_item("timeline");
    const bool hovered = ImGui::IsItemHovered(), active = ImGui::IsItemActive();

    const float x0 = top.x + pad, x1 = top.x + width - pad;
    const std::int64_t length = std::max<std::int64_t>(1, player.length());
    auto x_of = [&](std::int64_t tick) {
        return x0 + (x1 - x0) * static_cast<float>(static_cast<double>(tick) / static_cast<double>(length));
    };
    auto tick_at = [&](float x) {
        double f = std::clamp((x - x0) / std::max(1.0f, x1 - x0), 0.0f, 1.0f);
        return static_cast<std::int64_t>(std::llround(f * static_cast<double>(length)));
    };
    // Drag to seek; keyframes make every position quick to reach.
    if (active) {
        std::int64_t want = tick_at(io.MousePos.x);
        if (want != player.tick()) {
            host_.set_paused(true);
            seek(want);
        }
    }

    Painter window_painter = Painter::window();
    Painter* draw = &window_painter;
    const float mid = top.y + h * 0.5f;
    draw->AddRectFilled(ImVec2(top.x, top.y), ImVec2(top.x + width, top.y + h), ImGui::GetColorU32(ImGuiCol_MenuBarBg));
    draw->AddRectFilled(ImVec2(x0, mid - 3.0f * scale), ImVec2(x1, mid + 3.0f * scale), palette::kTimelineTrack,
                        3.0f * scale);
    if (loop_b_ > loop_a_ && (loop_ || loop_a_ > 0 || loop_b_ < player.length()))
        draw->AddRectFilled(ImVec2(x_of(loop_a_), top.y + 3.0f * scale),
                            ImVec2(x_of(loop_b_), top.y + h - 3.0f * scale),
                            palette::with_alpha(palette::kTimelineLoop, loop_ ? 150 : 70));
    draw->AddRectFilled(ImVec2(x0, mid - 3.0f * scale), ImVec2(x_of(player.tick()), mid + 3.0f * scale),
                        palette::with_alpha(palette::kPlayhead, 90), 3.0f * scale);

    // Marks: commands above the track, notes below it, the divergence across it. The mouse's
    // nearest marks (within a few pixels) make the tooltip.
    const float near = 4.0f * scale;
    std::vector<std::string> tips;
    for (const TimelineMark& m : player.timeline()) {
        float x = x_of(m.tick);
        draw->AddLine(ImVec2(x, top.y + 3.0f * scale), ImVec2(x, mid - 1.0f), palette::kCommandMark, 2.0f * scale);
        if (hovered && std::abs(io.MousePos.x - x) <= near && tips.size() < 12)
            tips.push_back("t=" + std::to_string(m.tick) + "  " + m.text);
    }
    for (const ReplayNote& n : notes_) {
        float x = x_of(n.tick);
        draw->AddTriangleFilled(ImVec2(x, mid + 1.0f), ImVec2(x - 5.0f * scale, top.y + h - 3.0f * scale),
                                ImVec2(x + 5.0f * scale, top.y + h - 3.0f * scale), palette::kNoteMark);
        if (hovered && std::abs(io.MousePos.x - x) <= near * 1.5f && tips.size() < 12)
            tips.push_back("note t=" + std::to_string(n.tick) + "  " + n.text);
    }
    if (auto d = player.divergence()) {
        float x = x_of(*d);
        draw->AddLine(ImVec2(x, top.y), ImVec2(x, top.y + h), palette::kDivergenceMark, 3.0f * scale);
        widgets.record("timeline.divergence", WidgetRect{x - 3.0f * scale, top.y, 6.0f * scale, h, true});
        if (hovered && std::abs(io.MousePos.x - x) <= near) tips.push_back("DIVERGED at t=" + std::to_string(*d));
    }
    float px = x_of(player.tick());
    draw->AddLine(ImVec2(px, top.y + 1.0f), ImVec2(px, top.y + h - 1.0f), palette::kPlayhead, 2.0f * scale);
    draw->AddCircleFilled(ImVec2(px, mid), 5.0f * scale, palette::kPlayhead);

    if (hovered && !active) {
        ImGui::BeginTooltip();
        ImGui::Text("tick %" PRId64, tick_at(io.MousePos.x));
        for (const std::string& t : tips) ImGui::TextUnformatted(t.c_str());
        if (tips.empty()) ImGui::TextColored(palette::kDimText, "Click or drag to seek");
        ImGui::EndTooltip();
    }
}

void ReviewSession::draw_banners() {
    float scale = current_ui_scale();
    WidgetLocator& widgets = host_.frame_widgets();
    ReplayPlayer& player = *player_;
    auto banner = [&](const char* id, ImVec4 colour, const std::string& text, bool* dismiss) {
        float pad = 6.0f * scale;
        float wrap = std::max(100.0f, ImGui::GetContentRegionAvail().x - 120.0f * scale);
        float th = ImGui::CalcTextSize(text.c_str(), nullptr, false, wrap).y;
        ImGui::PushStyleColor(ImGuiCol_ChildBg, colour);
        ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(pad * 1.5f, pad));
        ImGui::BeginChild(id, ImVec2(0, th + pad * 2), false,
                          ImGuiWindowFlags_AlwaysUseWindowPadding | ImGuiWindowFlags_NoScrollbar);
        ImGui::PushTextWrapPos(wrap);
        ImGui::TextUnformatted(text.c_str());
        ImGui::PopTextWrapPos();
        widgets.record_last_item(std::string(id + 2));
        if (dismiss) {
            ImGui::SameLine(ImGui::GetWindowWidth() - 90.0f * scale);
            if (ImGui::SmallButton("Dismiss")) *dismiss = true;
        }
        ImGui::EndChild();
        ImGui::PopStyleVar();
        ImGui::PopStyleColor();
    };
    if (auto d = player.divergence()) {
        std::string text = "DIVERGED at tick " + std::to_string(*d) +
                           ": re-simulating this replay does not reproduce the state it recorded from that tick on "
                           "(recorded by Playbench " +
                           player.data().header.app_version + ", engine " +
                           std::to_string(player.data().header.engine_version) + "). Playback goes on; from tick " +
                           std::to_string(*d) + " you see what this Playbench computes, not what was recorded.";
        if (!player.refused().empty()) text += "\nRefused on replay: " + player.refused().front();
        banner("##divergence_banner", palette::kErrorBanner, text, nullptr);
    }
    if (!warnings_.empty()) {
        std::string text;
        for (const std::string& w : warnings_) text += (text.empty() ? "" : "\n") + w;
        bool dismiss = false;
        banner("##replay_warning_banner", ImVec4(0.45f, 0.33f, 0.08f, 1.0f), text, &dismiss);
        if (dismiss) warnings_.clear();
    }
}

void ReviewSession::draw_panel() {
    WidgetLocator& widgets = host_.frame_widgets();
    ReplayPlayer& player = *player_;
    const ReplayHeader& h = player.data().header;
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kNoteMark);
    ImGui::PushTextWrapPos(0.0f);   // default replay names are long
    ImGui::Text("Reviewing %s", std::filesystem::path(path_).filename().string().c_str());
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", path_.c_str());
    widgets.record_last_item("review.file");
    ImGui::Text("tick %" PRId64 " / %" PRId64 "   %s", player.tick(), player.length(),
                count_of(static_cast<long long>(player.timeline().size()), "command").c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDimText);
    ImGui::PushTextWrapPos(0.0f);
    const std::string scenario =
        h.scenario_name.empty() ? "an unnamed scenario" : std::filesystem::path(h.scenario_name).filename().string();
    ImGui::Text("Recorded by Playbench %s from %s%s", h.app_version.c_str(), scenario.c_str(),
                player.data().closed ? "" : " (not closed cleanly)");
    if (!h.branch_of.empty())
        ImGui::Text("A branch of %s at tick %" PRId64, std::filesystem::path(h.branch_of).filename().string().c_str(),
                    h.branch_tick);
    if (!player.fully_checked())
        ImGui::TextUnformatted("Checking the recorded hashes...");
    else if (!player.divergence())
        ImGui::TextUnformatted("Every tick reproduces its recorded hash.");
    ImGui::TextUnformatted("Editing is off while reviewing: Take over here to change the world.");
    ImGui::PopTextWrapPos();
    ImGui::PopStyleColor();

    // Notes: the list jumps to a note's tick; a new one goes in at the current tick.
    ImGui::Spacing();
    if (ImGui::CollapsingHeader("Notes", ImGuiTreeNodeFlags_DefaultOpen)) {
        std::optional<std::uint32_t> delete_id;
        const float delete_width = ImGui::CalcTextSize("x").x + 2.0f * ImGui::GetStyle().FramePadding.x;
        for (std::size_t i = 0; i < notes_.size(); ++i) {
            const ReplayNote& n = notes_[i];
            std::string label = "t=" + std::to_string(n.tick) + "  " + n.text + (n.has_point ? "  (point)" : "") +
                                "##note" + std::to_string(n.id);
            const float width = ImGui::GetContentRegionAvail().x - delete_width - ImGui::GetStyle().ItemSpacing.x;
            if (ImGui::Selectable(label.c_str(), n.tick == player.tick(), 0, ImVec2(std::max(width, 1.0f), 0.0f))) {
                host_.set_paused(true);
                seek(n.tick);
            }
            widgets.record_last_item("review.note." + std::to_string(i));
            ImGui::SameLine();
            const std::string del = "x##delete_note" + std::to_string(n.id);
            if (ImGui::SmallButton(del.c_str())) delete_id = n.id;
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("Delete this note (from the replay file too)");
            widgets.record_last_item("review.note_delete." + std::to_string(i));
        }
        if (delete_id) delete_note(*delete_id);
        if (notes_.empty()) ImGui::TextDisabled("No notes yet.");
        ImGui::SetNextItemWidth(-FLT_MIN);
        bool entered = ImGui::InputTextWithHint("##note_text", "A note at this tick...", &note_text_,
                                                ImGuiInputTextFlags_EnterReturnsTrue);
        widgets.record_last_item("review.note_text");
        if (ImGui::SmallButton(picking_point_ ? "Click on the canvas..."
                               : note_point_  ? "Point set (change)"
                                              : "Add a point"))
            picking_point_ = !picking_point_;
        widgets.record_last_item("review.note_point");
        if (note_point_) {
            ImGui::SameLine();
            if (ImGui::SmallButton("No point")) note_point_.reset();
        }
        ImGui::SameLine();
        // A stable ID ("###"): the tick in the label changes every frame while playing.
        std::string add = "Add note at tick " + std::to_string(player.tick()) + "###add_note";
        if ((ImGui::SmallButton(add.c_str()) || entered) && add_note(note_text_, note_point_)) {
            note_text_.clear();
            note_point_.reset();
            picking_point_ = false;
        }
        widgets.record_last_item("review.add_note");
    }
    ImGui::Spacing();
    ImGui::Separator();
    ImGui::Spacing();
}

}   // namespace pb::ui
