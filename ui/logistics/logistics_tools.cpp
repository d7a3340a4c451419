// The logistics lab's side panel: the matching policy, the colony's key numbers and charts over
// time, every policy side by side on the current state, the matching table, and the editing
// tools. Immediate mode: numbers are read from the world each frame; every change is a command.
#include <algorithm>
#include <cstdio>
#include <string>

#include "engine/core/hash.hpp"
#include "ui/chart_box.hpp"
#include "ui/painter.hpp"
#include "ui/logistics/logistics_view.hpp"
#include "ui/palette.hpp"

namespace pb::ui {

using namespace logistics;

namespace {

std::string target_name(const Target& t) { return std::string(kind_info(t.kind).label) + " #" + std::to_string(t.id); }

// A chart of one series of the history, with its latest value in the title: the box is reserved
// in the layout, the line drawn into it with the window's draw list.
void chart(const char* title, const std::vector<Sample>& history, double Sample::*series, const char* format, ImU32 colour) {
    double top = 1.0;
    for (const Sample& s : history) top = std::max(top, s.*series);
    char label[128];
    if (history.empty()) std::snprintf(label, sizeof label, "%s  (no samples yet)", title);
    else {
        char last[32];
        std::snprintf(last, sizeof last, format, history.back().*series);
        std::snprintf(label, sizeof label, "%s  %s   (top %.0f)", title, last, top);
    }
    ImGui::TextUnformatted(label);
    const double t0 = history.empty() ? 0.0 : static_cast<double>(history.front().tick);
    const double t1 = history.empty() ? 1.0 : static_cast<double>(history.back().tick);
    const ChartBox box = reserve_chart(44.0f, t0, std::max(t1, t0 + 1.0), top * 1.05);
    std::vector<ImVec2> points;
    points.reserve(history.size());
    for (const Sample& s : history) points.push_back(box.at(static_cast<double>(s.tick), s.*series));
    polyline(points, colour, 1.5f * ImGui::GetFontSize() / 13.0f);
}

}  // namespace

const LogisticsView::Comparison& LogisticsView::comparison(const LogisticsWorld& w) {
    StateHasher h;
    h.add_u64(w.hash());
    h.add(options_.everyone);
    const double now = ImGui::GetTime();
    // Recompute when the state changed, but not more than twice a second: on a large colony
    // the optimal assignment of every transporter takes milliseconds.
    const bool stale = h.value() != comparison_.key;
    if (stale && (comparison_.reports.empty() || comparison_.everyone != options_.everyone || now - comparison_.computed_at >= 0.5)) {
        comparison_.reports.clear();
        for (int p = 0; p < kPolicies; ++p) comparison_.reports.push_back(w.analyse(static_cast<Policy>(p), options_.everyone));
        comparison_.key = h.value();
        comparison_.computed_at = now;
        comparison_.everyone = options_.everyone;
    }
    return comparison_;
}

bool LogisticsView::draw_tools(const World& world, const CanvasFrame& f) {
    const LogisticsWorld& w = world_of(world);
    draw_metrics(w, f);
    ImGui::Spacing();
    draw_policies(w, f);
    ImGui::Spacing();
    draw_editing(w, f);
    draw_selection(w, f);
    return true;
}

void LogisticsView::draw_metrics(const LogisticsWorld& w, const CanvasFrame& f) {
    // The policy, switched live: a param.set command, so it lands in the log and in saved scenarios.
    const Policy current = w.config().matching_policy();
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::BeginCombo("##policy", std::string(policy_label(current)).c_str())) {
        for (int p = 0; p < kPolicies; ++p)
            if (ImGui::Selectable(std::string(policy_label(static_cast<Policy>(p))).c_str(), p == static_cast<int>(current)))
                queue(make_param_set(0, "logistics.matching.policy", p));
        ImGui::EndCombo();
    }
    if (f.widgets) f.widgets->record_last_item("logistics.policy");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("How idle transporters are assigned each tick:\n"
                          "stable = Gale-Shapley, nobody would rather swap (Overmind's design);\n"
                          "sequential greedy = each in turn takes its best (Overmind's live code);\n"
                          "optimal = the largest total rate, whoever would rather swap.");

    const Totals& t = w.totals();
    const double ticks = std::max<double>(1.0, static_cast<double>(w.tick()));
    if (ImGui::BeginTable("##logistics_metrics", 2, ImGuiTableFlags_SizingStretchProp)) {
        const auto row = [](const char* name, const std::string& value, const char* tip) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::TextUnformatted(name);
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tip);
            ImGui::TableSetColumnIndex(1);
            ImGui::TextUnformatted(value.c_str());
        };
        char buf[96];
        std::snprintf(buf, sizeof buf, "%.0f  (%.1f / tick)", t.delivered_to_sinks, t.delivered_to_sinks / ticks);
        row("Delivered", buf, "Units transferred into sinks (spawns, extensions, towers, upgrade sites, labs)");
        std::snprintf(buf, sizeof buf, "%.0f", t.delivered - t.delivered_to_sinks);
        row("Stored", buf, "Units dropped off at buffers (storage, terminal)");
        std::snprintf(buf, sizeof buf, "%.0f  (starved %.0f)", w.unmet_demand(), t.starved);
        row("Unmet demand", buf, "Open request amounts now; starved: consumption sinks wanted but could not make, so far");
        std::snprintf(buf, sizeof buf, "%.0f%%  (mean %.0f%%)", 100.0 * w.idle_fraction(),
                      t.transporter_ticks ? 100.0 * static_cast<double>(t.idle_ticks) / static_cast<double>(t.transporter_ticks) : 0.0);
        row("Idle transporters", buf, "Share of transporters without a request this tick (and over the run)");
        std::snprintf(buf, sizeof buf, "%.0f tiles", t.travelled);
        row("Distance travelled", buf, "Tiles walked by all transporters");
        ImGui::EndTable();
    }
    chart("Delivered per tick", w.history(), &Sample::delivered, "%.1f", palette::rgb(120, 220, 110));
    chart("Unmet demand", w.history(), &Sample::unmet, "%.0f", palette::rgb(240, 110, 90));
}

void LogisticsView::draw_policies(const LogisticsWorld& w, const CanvasFrame& f) {
    ImGui::TextUnformatted("Policies on the current state");
    ImGui::SameLine();
    ImGui::Checkbox("all##everyone", &options_.everyone);
    if (f.widgets) f.widgets->record_last_item("logistics.everyone");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Off: the idle transporters (those the next tick matches).\n"
                          "On: every transporter, rated from when and where it will next be free.");
    const Comparison& cmp = comparison(w);
    if (cmp.reports.empty()) return;
    double best_total = 0.0;
    for (const auto& r : cmp.reports) best_total = std::max(best_total, r.matching.total_rate());
    if (ImGui::BeginTable("##policies", 4, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) {
        ImGui::TableSetupColumn("policy");
        ImGui::TableSetupColumn("pairs");
        ImGui::TableSetupColumn("total rate");
        ImGui::TableSetupColumn("blocking");
        ImGui::TableHeadersRow();
        for (int p = 0; p < kPolicies; ++p) {
            const auto& r = cmp.reports[p];
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            const bool mine = p == static_cast<int>(w.config().matching_policy());
            if (mine) ImGui::TextColored(palette::kChangedMark, "%s", std::string(policy_label(static_cast<Policy>(p))).c_str());
            else ImGui::TextUnformatted(std::string(policy_label(static_cast<Policy>(p))).c_str());
            if (static_cast<Policy>(p) == Policy::SequentialGreedy && ImGui::IsItemHovered())
                ImGui::SetTooltip("Each transporter in turn takes its best request, the amounts re-predicted after each pick:\n"
                                  "a big request can take several transporters, so its total may pass the one-to-one\n"
                                  "optimum, and its blocking pairs count against the worst transporter of a shared request.");
            ImGui::TableSetColumnIndex(1);
            ImGui::Text("%d", r.matching.pairs());
            ImGui::TableSetColumnIndex(2);
            // A bar beside the number: the share of the best policy's total.
            const float share = best_total > 0.0 ? safe_fraction(r.matching.total_rate() / best_total, "policy total rate") : 0.0f;
            char text[32];
            std::snprintf(text, sizeof text, "%.1f", r.matching.total_rate());
            ImGui::ProgressBar(share, ImVec2(-1.0f, 0.0f), text);
            ImGui::TableSetColumnIndex(3);
            ImGui::Text("%d", r.blocking);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("Blocking pairs: a transporter and a request that would both rather be matched to each other.\n"
                                  "0 means stable.");
        }
        ImGui::EndTable();
    }
    if (f.widgets) f.widgets->record_last_item("logistics.policies");

    // The current policy's matching, pair by pair.
    const auto& rep = cmp.reports[static_cast<int>(w.config().matching_policy())];
    ImGui::Text("Matching: %d of %d transporters, %zu requests", rep.matching.pairs(), rep.rates.rows, rep.requests.size());
    const float height = std::min(8, std::max(1, rep.matching.pairs())) * ImGui::GetTextLineHeightWithSpacing() + 8.0f;
    if (ImGui::BeginTable("##matching", 3, ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp,
                          ImVec2(-1.0f, height))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("transporter");
        ImGui::TableSetupColumn("request (via)");
        ImGui::TableSetupColumn("rate");
        ImGui::TableHeadersRow();
        for (int row = 0; row < rep.rates.rows; ++row) {
            const int col = rep.matching.request_of[row];
            if (col < 0) continue;
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::Text("%d", rep.transporters[row]);
            ImGui::TableSetColumnIndex(1);
            std::string what = target_name(w.targets()[rep.requests[col].target]);
            if (const int via = rep.matching.via_of[row]; via >= 0) what += " (" + target_name(w.targets()[via]) + ")";
            ImGui::TextUnformatted(what.c_str());
            ImGui::TableSetColumnIndex(2);
            ImGui::Text("%.2f", rep.matching.rate_of[row]);
        }
        ImGui::EndTable();
    }
}

void LogisticsView::draw_editing(const LogisticsWorld&, const CanvasFrame& f) {
    ImGui::TextUnformatted("Click on the map");
    const auto tool = [&](const char* label, Tool t, const char* name) {
        if (ImGui::RadioButton(label, options_.tool == t)) options_.tool = t;
        if (f.widgets) f.widgets->record_last_item(name);
    };
    tool("selects", Tool::Select, "logistics.tool.select");
    ImGui::SameLine();
    tool("adds a transporter", Tool::PlaceTransporter, "logistics.tool.transporter");
    tool("builds", Tool::PlaceTarget, "logistics.tool.target");
    ImGui::SameLine();
    ImGui::SetNextItemWidth(130.0f * f.ui_scale);
    if (ImGui::BeginCombo("##kind", kind_info(options_.kind).label)) {
        for (const std::string& key : kind_keys()) {
            TargetKind k;
            parse_kind(key, k);
            if (ImGui::Selectable(kind_info(k).label, k == options_.kind)) {
                options_.kind = k;
                options_.tool = Tool::PlaceTarget;
            }
        }
        ImGui::EndCombo();
    }
    tool("toggles a wall", Tool::Wall, "logistics.tool.wall");
    ImGui::SameLine();
    ImGui::Checkbox("routes", &options_.show_lines);
}

void LogisticsView::draw_selection(const LogisticsWorld& w, const CanvasFrame& f) {
    ImGui::Spacing();
    if (!selected_) {
        ImGui::TextDisabled("Select a target or transporter to edit it.");
        return;
    }
    const auto record = [&](const char* name) {
        if (f.widgets) f.widgets->record_last_item(name);
    };
    if (selected_->transporter) {
        const Transporter* t = w.find_transporter(selected_->id);
        if (!t) return;
        ImGui::Text("Transporter %d at (%d, %d)", t->id, t->pos.x, t->pos.y);
        char overlay[64];
        std::snprintf(overlay, sizeof overlay, "%.0f energy, %.0f mineral / %.0f", t->carry[0], t->carry[1], t->capacity);
        ImGui::ProgressBar(t->capacity > 0 ? safe_fraction(total(t->carry) / t->capacity, "transporter load") : 0.0f, ImVec2(-1.0f, 0.0f), overlay);
        for (const Task& task : t->tasks)
            if (const Target* g = w.find_target(task.target))
                ImGui::BulletText("%s %.0f %s at %s%s", std::string(task_key(task.kind)).c_str(), task.amount,
                                  std::string(resource_key(task.resource)).c_str(), target_name(*g).c_str(),
                                  task.interruptible ? " (while idle)" : "");
        if (ImGui::Button("Remove transporter")) {
            Command c;
            c.type = "transporter.remove";
            c.set("id", std::int64_t{t->id});
            queue(std::move(c));
        }
        record("logistics.remove");
        return;
    }
    const Target* t = w.find_target(selected_->id);
    if (!t) return;
    if (edit_for_ != t->id) {
        edit_for_ = t->id;
        edit_energy_ = t->store[0];
        edit_mineral_ = t->store[1];
        edit_rate_ = t->rate;
        edit_multiplier_ = t->multiplier;
        edit_capacity_ = t->capacity;
    }
    ImGui::Text("%s at (%d, %d), %s", target_name(*t).c_str(), t->pos.x, t->pos.y, std::string(role_key(t->role())).c_str());
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "%.0f energy, %.0f mineral / %.0f", t->store[0], t->store[1], t->capacity);
    ImGui::ProgressBar(t->capacity > 0 ? safe_fraction(total(t->store) / t->capacity, "target stock") : 0.0f, ImVec2(-1.0f, 0.0f), overlay);
    const float width = 110.0f * f.ui_scale;
    ImGui::SetNextItemWidth(width);
    ImGui::InputDouble("energy", &edit_energy_, 10.0, 100.0, "%.0f");
    ImGui::SetNextItemWidth(width);
    ImGui::InputDouble("mineral", &edit_mineral_, 10.0, 100.0, "%.0f");
    ImGui::SetNextItemWidth(width);
    ImGui::InputDouble("capacity", &edit_capacity_, 10.0, 100.0, "%.0f");
    if (!t->is_buffer()) {
        ImGui::SetNextItemWidth(width);
        ImGui::InputDouble(t->role() == Role::Sink ? "consumes / tick" : "produces / tick", &edit_rate_, 0.1, 1.0, "%.2f");
        ImGui::SetNextItemWidth(width);
        ImGui::InputDouble("multiplier (0: kind's)", &edit_multiplier_, 0.1, 0.5, "%.2f");
    }
    for (double* v : {&edit_energy_, &edit_mineral_, &edit_capacity_, &edit_rate_, &edit_multiplier_}) *v = std::max(0.0, *v);
    if (ImGui::Button("Apply")) {
        Command c;
        c.type = "target.set";
        c.set("id", std::int64_t{t->id}).set("energy", edit_energy_).set("mineral", edit_mineral_).set("capacity", edit_capacity_);
        if (!t->is_buffer()) c.set("rate", edit_rate_).set("multiplier", std::min(edit_multiplier_, 100.0));
        queue(std::move(c));
        edit_for_ = -1;   // re-read from the world next frame (a refusal leaves it as it was)
    }
    record("logistics.apply");
    ImGui::SameLine();
    if (ImGui::Button("Remove target")) {
        Command c;
        c.type = "target.remove";
        c.set("id", std::int64_t{t->id});
        queue(std::move(c));
    }
    record("logistics.remove");
}

}  // namespace pb::ui
