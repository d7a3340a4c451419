// The Effects view's Tools tab: the editors — the defender a click places and the selected one, the effect types, the interaction
// rules and each lane's policy. Every change queues a command; the shell submits it at the
// current tick, running or paused, and a refusal reaches the status line.
#include <algorithm>
#include <cstring>
#include <string>

#include "ui/effects/effects_colours.hpp"
#include "ui/effects/effects_view.hpp"

namespace pb::ui {

using effects::EffectsWorld;
using effects::EffectType;

namespace {

// A combo over a list of keys; returns true when the designer picked another one.
bool key_combo(const char* label, const std::vector<std::string>& keys, std::string& current) {
    bool changed = false;
    if (ImGui::BeginCombo(label, current.empty() ? "none" : current.c_str())) {
        for (const std::string& k : keys)
            if (ImGui::Selectable(k.empty() ? "none" : k.c_str(), k == current)) {
                changed = k != current;
                current = k;
            }
        ImGui::EndCombo();
    }
    return changed;
}

std::vector<std::string> type_names(const EffectsWorld& w) {
    std::vector<std::string> names;
    for (const EffectType& t : w.book().types()) names.push_back(t.name);
    return names;
}

void tooltip(const char* text) {
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("%s", text);
}

}   // namespace

bool EffectsView::draw_tools(const World& world, const CanvasFrame& f) {
    const EffectsWorld& w = effects_world(world);
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Comparisons, charts, the creep timeline and the colour key: Analysis tab.");
    ImGui::PopStyleColor();
    if (ImGui::CollapsingHeader("Defenders", ImGuiTreeNodeFlags_DefaultOpen)) draw_defender_tools(w, f);
    if (ImGui::CollapsingHeader("Effect types")) draw_type_editor(w, f);
    if (ImGui::CollapsingHeader("Interactions")) draw_rule_editor(w, f);
    if (ImGui::CollapsingHeader("Lane policies")) draw_policy_editor(w, f);
    return true;
}

void EffectsView::draw_defender_tools(const EffectsWorld& w, const CanvasFrame& f) {
    const float s = f.ui_scale;
    auto record = [&](const std::string& name) {
        if (f.widgets) f.widgets->record_last_item(name);
    };
    effects::TowerDef& t = options_.tower;
    ImGui::Checkbox("click places a defender", &options_.click_places);
    record("effects.click_places");
    tooltip("On: a click on free ground in any lane places this defender there (in every lane alike)");
    ImGui::SameLine();
    ImGui::Checkbox("ranges##effects", &options_.show_ranges);
    ImGui::PushItemWidth(90.0f * s);
    ImGui::InputDouble("range##tower", &t.range, 0.5, 1.0, "%.1f");
    ImGui::SameLine();
    ImGui::InputDouble("shots/s##tower", &t.rate, 0.1, 0.5, "%.2f");
    ImGui::InputDouble("damage##tower", &t.damage, 1.0, 5.0, "%.1f");
    tooltip("Damage per hit; the creep's armour is taken off it, bleed adds its percent");
    ImGui::SameLine();
    std::string effect = t.effect;
    std::vector<std::string> choices{""};
    for (const std::string& n : type_names(w)) choices.push_back(n);
    if (key_combo("effect##tower", choices, effect)) t.effect = effect;
    if (!t.effect.empty()) {
        ImGui::InputDouble("potency##tower", &t.potency, 1.0, 5.0, "%.1f");
        if (auto type = w.book().find(t.effect)) {
            const EffectType& et = w.book().type(*type);
            const std::string meaning(effects::kind_meaning(et.kind));
            tooltip(meaning.c_str());
        }
        ImGui::SameLine();
        ImGui::InputDouble("seconds##tower", &t.duration, 0.5, 1.0, "%.1f");
        ImGui::InputDouble("% of hits##tower", &t.chance, 5.0, 10.0, "%.0f");
    }
    ImGui::PopItemWidth();
    t.range = std::max(0.0, t.range);
    t.rate = std::clamp(t.rate, 0.01, 1000.0);
    t.damage = std::max(0.0, t.damage);
    t.duration = std::max(0.0, t.duration);
    t.chance = std::clamp(t.chance, 0.0, 100.0);

    const effects::Tower* selected = nullptr;
    if (selected_tower_ >= 0 && selected_tower_ < static_cast<int>(w.lane(0).towers().size()) &&
        !w.lane(0).towers()[static_cast<std::size_t>(selected_tower_)].removed)
        selected = &w.lane(0).towers()[static_cast<std::size_t>(selected_tower_)];
    if (!selected) {
        ImGui::TextDisabled("Click a defender to select it; its stats fill the fields above.");
        return;
    }
    ImGui::Text("Defender %d at (%.1f, %.1f)", selected->id, selected->def.pos.x, selected->def.pos.y);
    if (ImGui::Button("Apply the fields to it")) {
        effects::TowerDef edited = t;
        edited.pos = selected->def.pos;
        queue(edit_command(selected->id, edited));
    }
    record("effects.tower.apply");
    ImGui::SameLine();
    if (ImGui::Button("Remove")) {
        queue(remove_command(selected->id));
        selected_tower_ = -1;
    }
    record("effects.tower.remove");
}

void EffectsView::draw_type_editor(const EffectsWorld& w, const CanvasFrame& f) {
    const float s = f.ui_scale;
    ImGui::TextDisabled("Kind: what potency means. Policy: how two hits of a type stack.");
    if (ImGui::BeginTable("##effect_types", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
        for (const EffectType& type : w.book().types()) {
            ImGui::PushID(type.name.c_str());
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            float colour[3] = {type.colour.r / 255.0f, type.colour.g / 255.0f, type.colour.b / 255.0f};
            if (ImGui::ColorEdit3("##colour", colour, ImGuiColorEditFlags_NoInputs | ImGuiColorEditFlags_NoLabel)) {
                EffectType edited = type;
                edited.colour = {static_cast<std::uint8_t>(colour[0] * 255.0f + 0.5f),
                                 static_cast<std::uint8_t>(colour[1] * 255.0f + 0.5f),
                                 static_cast<std::uint8_t>(colour[2] * 255.0f + 0.5f)};
                queue(define_command(edited));
            }
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(type.name.c_str());
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s: %s", type.label.c_str(), std::string(effects::kind_meaning(type.kind)).c_str());
            ImGui::TableNextColumn();
            ImGui::SetNextItemWidth(100.0f * s);
            std::string kind(effects::kind_key(type.kind));
            if (key_combo("##kind", effects::kind_keys(), kind)) {
                EffectType edited = type;
                effects::parse_kind(kind, edited.kind);
                queue(define_command(edited));
            }
            ImGui::TableNextColumn();
            ImGui::SetNextItemWidth(130.0f * s);
            std::string policy(effects::policy_key(type.policy));
            if (key_combo("##policy", effects::policy_keys(), policy)) {
                EffectType edited = type;
                effects::parse_policy(policy, edited.policy);
                queue(define_command(edited));
            }
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    ImGui::SetNextItemWidth(100.0f * s);
    ImGui::InputText("##new_type", new_type_name_, sizeof new_type_name_);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(100.0f * s);
    std::string kind = effects::kind_keys()[static_cast<std::size_t>(new_type_kind_)];
    if (key_combo("##new_kind", effects::kind_keys(), kind))
        new_type_kind_ = static_cast<int>(std::find(effects::kind_keys().begin(), effects::kind_keys().end(), kind) -
                                          effects::kind_keys().begin());
    ImGui::SameLine();
    const bool exists = w.book().find(new_type_name_).has_value();
    ImGui::BeginDisabled(new_type_name_[0] == '\0' || exists);
    if (ImGui::Button("Add type")) {
        EffectType t;
        t.name = t.label = new_type_name_;
        t.icon = t.name.substr(0, 1);
        effects::parse_kind(kind, t.kind);
        queue(define_command(t));
    }
    ImGui::EndDisabled();
    tooltip(exists ? "A type of that name exists: edit it in the table" : "A new type, then give it to a defender");
}

void EffectsView::draw_rule_editor(const EffectsWorld& w, const CanvasFrame& f) {
    const float s = f.ui_scale;
    ImGui::TextDisabled("What a hit does to a type already on the creep; unlisted pairs coexist.");
    for (const effects::InteractionRule& r : w.book().rules()) {
        ImGui::PushID((r.incoming + ">" + r.present).c_str());
        std::string text = r.incoming + " on " + r.present + ": " + std::string(effects::action_key(r.action));
        if (r.action == effects::InteractionAction::Transform)
            text += " into " + r.into + " " + std::to_string(static_cast<int>(r.potency));
        ImGui::TextUnformatted(text.c_str());
        ImGui::SameLine();
        if (ImGui::SmallButton("coexist")) queue(interaction_command(r.incoming, r.present, "coexist"));
        tooltip("Remove the rule: the two types then sit on a creep together");
        ImGui::PopID();
    }
    const std::vector<std::string> names = type_names(w);
    if (names.size() < 2) return;
    auto pick = [&](const char* label, int& index) {
        index = std::clamp(index, 0, static_cast<int>(names.size()) - 1);
        std::string current = names[static_cast<std::size_t>(index)];
        ImGui::SetNextItemWidth(90.0f * s);
        if (key_combo(label, names, current))
            index = static_cast<int>(std::find(names.begin(), names.end(), current) - names.begin());
    };
    pick("hits##rule_in", rule_incoming_);
    ImGui::SameLine();
    pick("on##rule_present", rule_present_);
    std::vector<std::string> actions = effects::action_keys();
    std::string action = actions[static_cast<std::size_t>(std::clamp(rule_action_, 0, 2))];
    ImGui::SetNextItemWidth(90.0f * s);
    if (key_combo("##rule_action", actions, action))
        rule_action_ = static_cast<int>(std::find(actions.begin(), actions.end(), action) - actions.begin());
    if (action == "transform") {
        ImGui::SameLine();
        pick("into##rule_into", rule_into_);
        ImGui::SetNextItemWidth(90.0f * s);
        ImGui::InputDouble("potency##rule", &rule_potency_, 5.0, 10.0, "%.0f");
    }
    if (ImGui::Button("Set rule"))
        queue(interaction_command(
            names[static_cast<std::size_t>(rule_incoming_)], names[static_cast<std::size_t>(rule_present_)], action,
            names[static_cast<std::size_t>(std::clamp(rule_into_, 0, static_cast<int>(names.size()) - 1))],
            rule_potency_));
    if (f.widgets) f.widgets->record_last_item("effects.rule.set");
}

void EffectsView::draw_policy_editor(const EffectsWorld& w, const CanvasFrame& f) {
    const float s = f.ui_scale;
    ImGui::TextDisabled("Each lane's stacking policy for every type (as_defined: each type's own).");
    for (std::size_t i = 0; i < w.lanes().size(); ++i) {
        ImGui::PushID(static_cast<int>(i));
        std::string key = effects::variant_key(w.lane(i).variant());
        ImGui::PushStyleColor(ImGuiCol_Text, lane_colour(i));
        ImGui::Text("lane %zu", i);
        ImGui::PopStyleColor();
        ImGui::SameLine();
        ImGui::SetNextItemWidth(160.0f * s);
        if (key_combo("##lane_policy", effects::variant_keys(), key))
            queue(lane_policy_command(static_cast<int>(i), key));
        ImGui::PopID();
    }
}

}   // namespace pb::ui
