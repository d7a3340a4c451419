// The RGS lab's tools in the shell's side panel: which team and kind a click builds, and what
// to do with the selected RGS (remove, mark, damage, repair), plus each team's main structure.
// Every button queues a command; the shell submits it at the current tick, running or paused.
#include <cstdio>
#include <string>

#include "ui/render/painter.hpp"
#include "ui/rgs/rgs_view.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::ui {

using rgs::RgsWorld;
using rgs::State;

bool RgsView::draw_tools(const World& world, const CanvasFrame& f) {
    const RgsWorld& w = rgs_world(world);
    const float s = f.ui_scale;
    auto record = [&](const std::string& name) {
        if (f.widgets) f.widgets->record_last_item(name);
    };

    ImGui::TextUnformatted("Build");
    for (int team = 0; team < 2; ++team) {
        if (team > 0) ImGui::SameLine();
        ImGui::PushStyleColor(ImGuiCol_Text, palette::kTeam[team]);
        if (ImGui::RadioButton((w.teams()[team].name + "##build_team").c_str(), options_.team == team))
            options_.team = team;
        ImGui::PopStyleColor();
        record("rgs.team." + std::to_string(team));
    }
    const rgs::Kind kind = build_kind();
    ImGui::SetNextItemWidth(120.0f * s);
    if (ImGui::BeginCombo("kind##build_kind", std::string(rgs::kind_key(kind)).c_str())) {
        for (rgs::Kind k : {rgs::Kind::Drill, rgs::Kind::Leech})
            if (ImGui::Selectable(std::string(rgs::kind_key(k)).c_str(), k == kind))
                options_.kind = k == rgs::default_kind(options_.team) ? std::nullopt : std::optional<rgs::Kind>(k);
        ImGui::EndCombo();
    }
    record("rgs.kind");
    ImGui::SameLine();
    ImGui::Checkbox("click builds (B)", &options_.click_builds);
    record("rgs.click_builds");
    const double price = w.config().price(kind), bp = w.teams()[options_.team].bp;
    ImGui::PushStyleColor(ImGuiCol_Text, bp + 1e-9 >= price ? palette::kDimText : ImVec4(1.0f, 0.45f, 0.4f, 1.0f));
    ImGui::Text("price %.0f BP, %s has %.1f BP; builds in %d s", price, w.teams()[options_.team].name.c_str(), bp,
                w.config().build_time(kind));
    ImGui::PopStyleColor();
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Short of BP, the team's marked RGS go first (oldest mark first); without\n"
            "enough even then, the build is refused and the status line says why.");

    ImGui::Spacing();
    const rgs::Rgs* r = selected_ >= 0 ? w.find(selected_) : nullptr;
    if (!r) {
        ImGui::TextDisabled("Click an RGS on the map to select it.");
    } else {
        ImGui::PushStyleColor(ImGuiCol_Text, palette::kTeam[r->team]);
        ImGui::Text("RGS %d: %s of %s, %s", r->id, std::string(rgs::kind_key(r->kind)).c_str(),
                    w.teams()[r->team].name.c_str(), std::string(rgs::state_key(r->state)).c_str());
        ImGui::PopStyleColor();
        const double max_hp = w.config().max_health(r->kind);
        char overlay[64];
        std::snprintf(overlay, sizeof overlay, "%.0f / %.0f HP", r->health, max_hp);
        ImGui::ProgressBar(max_hp > 0.0 ? safe_fraction(r->health / max_hp, "RGS health") : 0.0f, ImVec2(-1.0f, 0.0f),
                           overlay);
        ImGui::Text("efficiency %.1f%%  at (%.0f, %.0f, %.0f)", 100.0 * r->efficiency, r->pos.x, r->pos.y, r->pos.z);

        const bool wreck = r->state == State::Destroyed;
        if (ImGui::Button("Remove (Del)")) queue(remove_command(r->id));
        record("rgs.remove");
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(wreck ? "Clear the wreck away (no refund)"
                                    : "Deconstruct now: refunds health%% of its price");
        ImGui::SameLine();
        ImGui::BeginDisabled(wreck);
        if (ImGui::Button(r->state == State::Marked ? "Unmark (M)" : "Mark (M)"))
            queue(mark_command(r->id, r->state != State::Marked));
        record("rgs.mark");
        if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
            ImGui::SetTooltip("Marked RGS keep mining until BP run short for a new one; then they go first");
        if (ImGui::Button("Damage")) queue(damage_command(r->id, options_.damage));
        record("rgs.damage");
        ImGui::SameLine();
        ImGui::SetNextItemWidth(90.0f * s);
        ImGui::InputDouble("HP##damage_amount", &options_.damage, 10.0, 50.0, "%.0f");
        if (options_.damage < 0.0) options_.damage = 0.0;
        ImGui::SameLine();
        ImGui::BeginDisabled(r->health >= max_hp);
        if (ImGui::Button("Repair")) queue(repair_command(r->id));
        record("rgs.repair");
        ImGui::EndDisabled();
        ImGui::EndDisabled();
    }

    ImGui::Spacing();
    ImGui::TextUnformatted("Main structures");
    for (int team = 0; team < 2; ++team) {
        bool alive = w.teams()[team].main_structure;
        ImGui::PushStyleColor(ImGuiCol_Text, palette::kTeam[team]);
        if (ImGui::Checkbox((w.teams()[team].name + " alive##main" + std::to_string(team)).c_str(), &alive))
            queue(main_structure_command(team, alive));
        ImGui::PopStyleColor();
        record("rgs.main." + std::to_string(team));
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "While a team's main structure lives, its summed efficiency is raised to the minimum parameter");
        if (team == 0) ImGui::SameLine();
    }
    return true;
}

}   // namespace pb::ui
