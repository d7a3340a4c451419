// The logistics lab's side panel. Tools tab: the matching policy (a parameter, switched live) and
// the editing tools (what a click on the map does, the selection's stock, capacity and rates).
// Analysis tab: the colony's totals, charts over time, every policy side by side on the current
// state, the current matching, and the key to the map's colours. Immediate mode: numbers are read
// from the world each frame; every change is a command.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <set>
#include <string>

#include "engine/core/hash.hpp"
#include "engine/core/words.hpp"
#include "ui/logistics/logistics_style.hpp"
#include "ui/logistics/logistics_view.hpp"
#include "ui/render/painter.hpp"
#include "ui/widgets/chart.hpp"
#include "ui/widgets/compare_results.hpp"
#include "ui/widgets/palette.hpp"

namespace pb::ui {

using namespace logistics;
using namespace logistics_style;

namespace {

// The policies' names in the comparison table (the full names are in the Tools tab's switch and
// the rows' tooltips).
const char* short_policy_label(Policy p) {
    switch (p) {
        case Policy::StableTransporters: return "Stable (transporters)";
        case Policy::StableRequests: return "Stable (requests)";
        case Policy::SequentialGreedy: return "Sequential greedy";
        case Policy::Optimal: return "Optimal (one-to-one)";
    }
    return "?";
}

// A progress bar in a muted colour, so its white text stays readable (ImGui's default fill is a
// bright yellow, and yellow means energy on the map).
void bar(float fraction, const char* text) {
    ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImVec4(0.27f, 0.42f, 0.58f, 1.0f));
    ImGui::ProgressBar(fraction, ImVec2(-1.0f, 0.0f), text);
    ImGui::PopStyleColor();
}

void record_group(const CanvasFrame& f, const char* name) {
    if (f.widgets) f.widgets->record_last_item(name);
}

// One line of the colour key: a small picture drawn as the map draws it, then its meaning,
// wrapped to the panel. `widget` names the picture's box for the tests (the disc's centre sits
// 0.75 line heights from its left edge, halfway down).
void key_line(const CanvasFrame& f, const std::function<void(Painter&, ImVec2 centre, float size)>& picture,
              const char* text, const char* widget = nullptr) {
    const float h = ImGui::GetTextLineHeight();
    const ImVec2 p = ImGui::GetCursorScreenPos();
    ImGui::Dummy(ImVec2(h * 1.6f, h));
    if (widget && f.widgets) f.widgets->record_last_item(widget);
    Painter window = Painter::window();
    Painter& d = f.draw ? *f.draw : window;
    picture(d, ImVec2(p.x + h * 0.75f, p.y + h * 0.5f), h);
    ImGui::SameLine(0.0f, 4.0f);
    ImGui::TextWrapped("%s", text);
}

// A target's square as the map draws it: dark inside, a fill of `share` from the bottom, the
// role's outline.
void target_picture(Painter& d, ImVec2 c, float half, ImU32 outline, ImU32 fill, float share) {
    const ImVec2 lo(c.x - half, c.y - half), hi(c.x + half, c.y + half);
    d.AddRectFilled(lo, hi, kBoxInside);
    if (share > 0.0f)
        d.AddRectFilled(ImVec2(lo.x + 1.0f, hi.y - share * (hi.y - lo.y)), ImVec2(hi.x - 1.0f, hi.y), fill);
    d.AddRect(lo, hi, outline, 0.0f, 0, std::max(1.0f, half * 0.25f));
}

// A transporter's disc as the map draws it, with a load disc of `load` (share of capacity).
void transporter_picture(Painter& d, ImVec2 c, float radius, ImU32 body, ImU32 cargo, float load) {
    d.AddCircleFilled(c, radius, body);
    if (load > 0.0f) d.AddCircleFilled(c, radius * kLoadDisc * std::sqrt(load), cargo);
    d.AddCircle(c, radius, kDiscEdge, 0, 1.0f);
}

}   // namespace

const LogisticsView::Comparison& LogisticsView::comparison(const LogisticsWorld& w) {
    StateHasher h;
    h.add_u64(w.hash());
    h.add(options_.everyone);
    const double now = ImGui::GetTime();
    // Recompute when the state changed, at most twice a second and so that it takes at most 5 %
    // of the time: on the 300-transporter colony the optimal assignment of every transporter
    // takes ~100 ms, which twice a second made the window stutter; it now refreshes every ~2 s.
    const bool stale = h.value() != comparison_.key;
    const double interval = std::max(0.5, 20.0 * comparison_.cost_seconds);
    if (stale && (comparison_.reports.empty() || comparison_.everyone != options_.everyone ||
                  now - comparison_.computed_at >= interval)) {
        const auto start = std::chrono::steady_clock::now();
        comparison_.reports.clear();
        for (int p = 0; p < kPolicies; ++p)
            comparison_.reports.push_back(w.analyse(static_cast<Policy>(p), options_.everyone));
        comparison_.cost_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        comparison_.key = h.value();
        comparison_.computed_at = now;
        comparison_.everyone = options_.everyone;
    }
    return comparison_;
}

// ---------------------------------------------------------------- Tools tab

bool LogisticsView::draw_tools(const World& world, const CanvasFrame& f) {
    const LogisticsWorld& w = world_of(world);
    draw_policy_switch(w, f);
    ImGui::Spacing();
    ImGui::Separator();
    draw_editing(w, f);
    ImGui::Separator();
    draw_selection(w, f);
    ImGui::Spacing();
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDimText);
    ImGui::TextWrapped("Totals, charts, the policies compared and the colour key: Analysis tab.");
    ImGui::PopStyleColor();
    return true;
}

void LogisticsView::draw_policy_switch(const LogisticsWorld& w, const CanvasFrame& f) {
    // The policy, switched live: a param.set command, so it lands in the log and in saved scenarios.
    const Policy current = w.config().matching_policy();
    ImGui::TextUnformatted("Matching policy");
    ImGui::SetNextItemWidth(-1.0f);
    if (ImGui::BeginCombo("##policy", std::string(policy_label(current)).c_str())) {
        for (int p = 0; p < kPolicies; ++p)
            if (ImGui::Selectable(std::string(policy_label(static_cast<Policy>(p))).c_str(),
                                  p == static_cast<int>(current)))
                queue(make_param_set(0, "logistics.matching.policy", p));
        ImGui::EndCombo();
    }
    if (f.widgets) f.widgets->record_last_item("logistics.policy");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "How idle transporters are assigned each tick (the parameter logistics.matching.policy):\n"
            "stable = Gale-Shapley, nobody would rather swap (Overmind's design);\n"
            "sequential greedy = each in turn takes its best (Overmind's live code);\n"
            "optimal = the largest total rate, one transporter per request, whoever would rather swap.");
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
    if (f.widgets) f.widgets->record_last_item("logistics.kind");
    tool("toggles a wall", Tool::Wall, "logistics.tool.wall");
    ImGui::SameLine();
    ImGui::Checkbox("routes", &options_.show_lines);
    if (f.widgets) f.widgets->record_last_item("logistics.routes");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("Draw each busy transporter's route, coloured by its rate (key: Analysis tab)");
    ImGui::TextDisabled(f.paused ? "Drag a target or transporter to move it."
                                 : "Pause (Space) to drag targets and transporters.");
}

void LogisticsView::draw_selection(const LogisticsWorld& w, const CanvasFrame& f) {
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
        char overlay[96];
        const double carried = shown(t->carry[0]) + shown(t->carry[1]);
        std::snprintf(overlay, sizeof overlay, "carries %.0f energy, %.0f mineral of %.0f", shown(t->carry[0]),
                      shown(t->carry[1]), t->capacity);
        bar(t->capacity > 0 ? safe_fraction(carried / t->capacity, "transporter load") : 0.0f, overlay);
        for (const Task& task : t->tasks)
            if (const Target* g = w.find_target(task.target))
                ImGui::BulletText("%s %.0f %s at %s%s", std::string(task_key(task.kind)).c_str(), shown(task.amount),
                                  std::string(resource_key(task.resource)).c_str(),
                                  logistics_style::target_name(*g).c_str(), task.interruptible ? " (while idle)" : "");
        if (ImGui::Button("Remove transporter")) {
            queue(to_command(TransporterRemove{.id = t->id}));
        }
        record("logistics.remove");
        return;
    }
    const Target* t = w.find_target(selected_->id);
    if (!t) return;
    if (edit_for_ != t->id) {
        edit_for_ = t->id;
        edit_energy_ = shown(t->store[0]);
        edit_mineral_ = shown(t->store[1]);
        edit_rate_ = t->rate;
        edit_multiplier_ = t->multiplier;
        edit_capacity_ = t->capacity;
    }
    ImGui::Text("%s at (%d, %d), %s", logistics_style::target_name(*t).c_str(), t->pos.x, t->pos.y,
                std::string(role_key(t->role())).c_str());
    char overlay[96];
    std::snprintf(overlay, sizeof overlay, "holds %.0f energy, %.0f mineral of %.0f", shown(t->store[0]),
                  shown(t->store[1]), t->capacity);
    const double held = shown(t->store[0]) + shown(t->store[1]);
    bar(t->capacity > 0 ? safe_fraction(held / t->capacity, "target stock") : 0.0f, overlay);
    const float width = 110.0f * f.ui_scale;
    ImGui::SetNextItemWidth(width);
    ImGui::InputDouble("energy (units)", &edit_energy_, 10.0, 100.0, "%.0f");
    ImGui::SetNextItemWidth(width);
    ImGui::InputDouble("mineral (units)", &edit_mineral_, 10.0, 100.0, "%.0f");
    ImGui::SetNextItemWidth(width);
    ImGui::InputDouble("capacity (units)", &edit_capacity_, 10.0, 100.0, "%.0f");
    if (!t->is_buffer()) {
        ImGui::SetNextItemWidth(width);
        ImGui::InputDouble(t->role() == Role::Sink ? "consumes (units/tick)" : "produces (units/tick)", &edit_rate_,
                           0.1, 1.0, "%.2f");
        ImGui::SetNextItemWidth(width);
        ImGui::InputDouble("multiplier (0: kind's)", &edit_multiplier_, 0.1, 0.5, "%.2f");
    }
    for (double* v : {&edit_energy_, &edit_mineral_, &edit_capacity_, &edit_rate_, &edit_multiplier_})
        *v = std::max(0.0, *v);
    if (ImGui::Button("Apply")) {
        TargetSet set{.id = t->id, .capacity = edit_capacity_, .energy = edit_energy_, .mineral = edit_mineral_};
        if (!t->is_buffer()) {
            set.rate = edit_rate_;
            set.multiplier = std::min(edit_multiplier_, 100.0);
        }
        queue(to_command(set));
        edit_for_ = -1;   // re-read from the world next frame (a refusal leaves it as it was)
    }
    record("logistics.apply");
    ImGui::SameLine();
    if (ImGui::Button("Remove target")) {
        queue(to_command(TargetRemove{.id = t->id}));
    }
    record("logistics.remove");
}

// ---------------------------------------------------------------- Analysis tab

// The lab's key results in its own words (compare mode's tables).
ResultMeaning LogisticsView::describe_result(const World& /*world*/, const std::string& path) const {
    ResultMeaning m;
    if (path == "metrics.delivered_to_sinks")
        m = {"delivered to sinks", "units", +1, 1.0, "Units transporters transferred into sinks since tick 0."};
    else if (path == "metrics.starved")
        m = {"starved", "units", -1, 1.0, "What sinks wanted to consume but could not (empty store), since tick 0."};
    else if (path == "metrics.unmet_demand")
        m = {"unmet demand now", "units", -1, 1.0, "The sinks' free space now: what they request."};
    else if (path == "metrics.mean_idle_fraction")
        m = {"idle transporters, mean", "%", 0, 100.0, "Share of transporter-ticks without a request, over the run."};
    return m;
}

bool LogisticsView::draw_analysis(const World& world, const CanvasFrame& f) {
    const LogisticsWorld& w = world_of(world);
    if (f.compare) {
        draw_compare_results(
            world, f.compare, [&](const std::string& path) { return describe_result(world, path); }, f.widgets);
    }
    draw_metrics(w, f);
    if (ImGui::CollapsingHeader("Colour key", ImGuiTreeNodeFlags_DefaultOpen)) draw_key(w, f);
    if (ImGui::CollapsingHeader("Over time", ImGuiTreeNodeFlags_DefaultOpen)) draw_charts(w, f);
    if (ImGui::CollapsingHeader("Policies on the current state", ImGuiTreeNodeFlags_DefaultOpen)) draw_policies(w, f);
    if (ImGui::CollapsingHeader("Current matching")) draw_matching(w, f);
    return true;
}

std::vector<LogisticsView::MetricRow> LogisticsView::metric_rows(const LogisticsWorld& w) {
    const Totals& t = w.totals();
    const double ticks = std::max<double>(1.0, static_cast<double>(w.tick()));
    const double into_buffers = std::max(0.0, t.delivered - t.delivered_to_sinks);
    std::vector<MetricRow> rows;
    char buf[96];
    std::snprintf(buf, sizeof buf, "%.0f units  (%.1f / tick)", t.delivered_to_sinks, t.delivered_to_sinks / ticks);
    rows.push_back(
        {"Delivered to sinks", buf,
         "Units transporters transferred into sinks (spawns, extensions, towers, upgrade sites, labs) since tick 0.\n"
         "The status line's \"delivered to sinks\"."});
    std::snprintf(buf, sizeof buf, "%.0f units", into_buffers);
    rows.push_back(
        {"Moved into buffers", buf,
         "Units transporters dropped off at buffers (storage, terminal) since tick 0: stored, not delivered.\n"
         "A unit stored and later taken to a sink counts here and again in \"delivered to sinks\"."});
    std::snprintf(buf, sizeof buf, "%.0f units  (starved %.0f)", w.unmet_demand(), t.starved);
    rows.push_back({"Unmet demand", buf,
                    "The sinks' free space now: what they request.\n"
                    "Starved: what sinks wanted to consume but could not (empty store), since tick 0."});
    std::snprintf(buf, sizeof buf, "%.0f%% now  (mean %.0f%%)", 100.0 * w.idle_fraction(),
                  t.transporter_ticks
                      ? 100.0 * static_cast<double>(t.idle_ticks) / static_cast<double>(t.transporter_ticks)
                      : 0.0);
    rows.push_back({"Idle transporters", buf, "Share of transporters without a request this tick (and over the run)."});
    std::snprintf(buf, sizeof buf, "%.0f tiles", t.travelled);
    rows.push_back({"Distance travelled", buf, "Tiles walked by all transporters since tick 0."});
    return rows;
}

void LogisticsView::draw_metrics(const LogisticsWorld& w, const CanvasFrame& f) {
    if (ImGui::BeginTable("##logistics_metrics", 2, ImGuiTableFlags_SizingStretchProp)) {
        for (const MetricRow& row : metric_rows(w)) {
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::TextUnformatted(row.label.c_str());
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", row.tip.c_str());
            ImGui::TableSetColumnIndex(1);
            ImGui::TextUnformatted(row.value.c_str());
            if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", row.tip.c_str());
        }
        ImGui::EndTable();
    }
    record_group(f, "logistics.metrics");
}

void LogisticsView::draw_charts(const LogisticsWorld& w, const CanvasFrame& f) {
    const std::vector<Sample>& history = w.history();
    if (history.size() >= 2) {
        const std::int64_t every = history[history.size() - 1].tick - history[history.size() - 2].tick;
        ImGui::TextDisabled("Each point: the mean over %lld ticks.", static_cast<long long>(every));
    } else {
        ImGui::PushTextWrapPos(0.0f);
        ImGui::TextDisabled("The charts fill as the colony runs (a point every 10 ticks).");
        ImGui::PopTextWrapPos();
    }
    double top_rate = 1.0, top_unmet = 1.0, last_tick = 1.0;
    // One world's three series: delivered to sinks, moved into buffers, unmet demand.
    auto series_of = [&](const LogisticsWorld& v) {
        ChartSeries to_sinks{"delivered to sinks", kDeliveredToSinks, {}, {}, 1.5f};
        ChartSeries into_buffers{"moved into buffers", kMovedIntoBuffers, {}, {}, 1.5f};
        ChartSeries unmet{"unmet demand", kUnmet, {}, {}, 1.5f};
        for (const Sample& s : v.history()) {
            const double x = static_cast<double>(s.tick);
            const double buffers = std::max(0.0, s.delivered - s.to_sinks);
            to_sinks.x.push_back(x);
            to_sinks.y.push_back(s.to_sinks);
            into_buffers.x.push_back(x);
            into_buffers.y.push_back(buffers);
            unmet.x.push_back(x);
            unmet.y.push_back(s.unmet);
            top_rate = std::max({top_rate, s.to_sinks, buffers});
            top_unmet = std::max(top_unmet, s.unmet);
        }
        last_tick = std::max(last_tick, static_cast<double>(v.history().empty() ? v.tick() : v.history().back().tick));
        return std::vector<ChartSeries>{to_sinks, into_buffers, unmet};
    };
    std::vector<ChartSeries> a = series_of(w), b;
    const LogisticsWorld* b_world = f.compare ? &world_of(*f.compare->world) : nullptr;
    if (b_world) {
        b = series_of(*b_world);
        compare_chart_note();
    }

    ChartSpec delivered;
    delivered.id = "logistics.delivered";
    delivered.height = 80.0f;
    delivered.x = {"tick", "", 0.0, last_tick};
    delivered.y = {"delivered per tick", "units/tick", 0.0, top_rate * 1.05};
    delivered.series = {a[0], a[1]};
    if (b_world) overlay_b(delivered, {b[0], b[1]});
    ImGui::BeginGroup();
    draw_chart(delivered);
    ImGui::EndGroup();
    record_group(f, "logistics.chart.delivered");

    ChartSpec demand;
    demand.id = "logistics.unmet";
    demand.height = 70.0f;
    demand.x = {"tick", "", 0.0, last_tick};
    demand.y = {"unmet demand (sinks' free space)", "units", 0.0, top_unmet * 1.05};
    demand.series = {a[2]};
    demand.key = false;
    if (b_world) {
        overlay_b(demand, {b[2]});
        demand.key = true;   // A and B need their key
    }
    ImGui::BeginGroup();
    draw_chart(demand);
    ImGui::EndGroup();
    record_group(f, "logistics.chart.unmet");
}

namespace {

// A policy's name in the comparison table (highlighted when in use), with what it does on hover.
void draw_policy_name(Policy policy, bool mine) {
    const char* name = short_policy_label(policy);
    if (mine)
        ImGui::TextColored(palette::kChangedMark, "%s", name);
    else
        ImGui::TextUnformatted(name);
    if (!ImGui::IsItemHovered()) return;
    if (policy == Policy::StableTransporters || policy == Policy::StableRequests)
        ImGui::SetTooltip(
            "%s: Gale-Shapley; nobody would rather swap.\n"
            "Both sides rank by the same rate, so both proposers give the same stable matching.",
            std::string(policy_label(policy)).c_str());
    if (policy == Policy::SequentialGreedy)
        ImGui::SetTooltip(
            "Each transporter in turn takes its best request, the amounts re-predicted after each pick:\n"
            "a big request can take several transporters, so its total may pass the one-to-one\n"
            "optimum, and its blocking pairs count against the worst transporter of a shared request.");
    if (policy == Policy::Optimal)
        ImGui::SetTooltip(
            "Optimal (max total rate): the assignment with the largest total rate when each request\n"
            "takes at most one transporter (Hungarian method), whoever would rather swap.");
}

// The table's header row, each column saying on hover what it counts.
void setup_policy_columns() {
    static const char* const kHeaders[] = {"policy", "pairs", "requests", "units/tick", "blocking"};
    static const float kWeights[] = {0.0f, 1.0f, 1.4f, 2.0f, 1.4f};
    static const char* const kHeaderTips[] = {
        "The matching policy (the one in use is highlighted).",
        "Pairs: transporters given a request.",
        ("Requests: distinct requests served. Fewer than pairs when several transporters share one request\n"
         "(only sequential greedy does that)."),
        "Total rate: the sum over the pairs of each pair's dq/dt, in units/tick.",
        "Blocking pairs: a transporter and a request that would both rather be matched to each other.\n0 means stable.",
    };
    ImGui::TableSetupColumn(kHeaders[0], ImGuiTableColumnFlags_WidthFixed,
                            ImGui::CalcTextSize(short_policy_label(Policy::StableTransporters)).x);
    for (int col = 1; col < 5; ++col)
        ImGui::TableSetupColumn(kHeaders[col], ImGuiTableColumnFlags_WidthStretch, kWeights[col]);
    ImGui::TableNextRow(ImGuiTableRowFlags_Headers);
    for (int col = 0; col < 5; ++col) {
        ImGui::TableSetColumnIndex(col);
        ImGui::TableHeader(kHeaders[col]);
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", kHeaderTips[col]);
    }
}

// Distinct requests a matching serves.
int requests_served(const Matching& m) {
    std::set<int> columns;
    for (int c : m.request_of)
        if (c >= 0) columns.insert(c);
    return static_cast<int>(columns.size());
}

// Every policy's matching of the same moment, one row each.
void draw_policy_table(const LogisticsWorld& w, const std::vector<logistics::MatchingReport>& reports) {
    if (!ImGui::BeginTable("##policies", 5, ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp)) return;
    setup_policy_columns();
    double best_total = 0.0;
    for (const auto& r : reports) best_total = std::max(best_total, r.matching.total_rate());
    for (int p = 0; p < kPolicies; ++p) {
        const auto& r = reports[p];
        ImGui::TableNextRow();
        ImGui::TableSetColumnIndex(0);
        draw_policy_name(static_cast<Policy>(p), p == static_cast<int>(w.config().matching_policy()));
        ImGui::TableSetColumnIndex(1);
        ImGui::Text("%d", r.matching.pairs());
        ImGui::TableSetColumnIndex(2);
        ImGui::Text("%d", requests_served(r.matching));
        ImGui::TableSetColumnIndex(3);
        // A bar beside the number: the share of the best policy's total.
        const float share =
            best_total > 0.0 ? safe_fraction(r.matching.total_rate() / best_total, "policy total rate") : 0.0f;
        char text[32];
        std::snprintf(text, sizeof text, "%.1f", r.matching.total_rate());
        bar(share, text);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip("Total rate %.2f units/tick (sum of dq/dt over %d pairs)", r.matching.total_rate(),
                              r.matching.pairs());
        ImGui::TableSetColumnIndex(4);
        ImGui::Text("%d", r.blocking);
        if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Blocking pairs: a transporter and a request that would both rather be matched to each other.\n"
                "0 means stable.");
    }
    ImGui::EndTable();
}

}   // namespace

void LogisticsView::draw_policies(const LogisticsWorld& w, const CanvasFrame& f) {
    ImGui::Checkbox("rate every transporter", &options_.everyone);
    if (f.widgets) f.widgets->record_last_item("logistics.everyone");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "Off: the idle transporters (those the next tick matches).\n"
            "On: every transporter, rated from when and where it will next be free.");
    const Comparison& cmp = comparison(w);
    if (cmp.reports.empty()) return;
    if (cmp.cost_seconds > 0.025)
        ImGui::TextColored(palette::kDimText,
                           "Refreshed every %.1f s while it runs (one comparison takes %.0f ms here)",
                           std::max(0.5, 20.0 * cmp.cost_seconds), 1000.0 * cmp.cost_seconds);
    draw_policy_table(w, cmp.reports);
    if (f.widgets) f.widgets->record_last_item("logistics.policies");

    // Why sequential greedy can beat "optimal": the optimum is over one-to-one assignments
    // (optimal_assignment gives each column at most one row), while sequential_greedy lets a
    // later transporter take a column already taken (RateModel::commit lowers its amount).
    const auto& greedy = cmp.reports[static_cast<int>(Policy::SequentialGreedy)];
    const auto& optimal = cmp.reports[static_cast<int>(Policy::Optimal)];
    const bool greedy_ahead = greedy.matching.total_rate() > optimal.matching.total_rate() + 1e-9;
    ImGui::PushStyleColor(ImGuiCol_Text, palette::kDimText);
    ImGui::TextWrapped(
        "%sOptimal is the largest total rate when each request takes at most one transporter. Sequential "
        "greedy lets several transporters share a big request (its amount re-predicted after each pick), so "
        "it can make more pairs than requests and a larger total than that one-to-one optimum.",
        greedy_ahead ? "Why greedy's total is above optimal's: " : "");
    ImGui::PopStyleColor();
    if (f.widgets) f.widgets->record_last_item("logistics.policies.note");
}

void LogisticsView::draw_matching(const LogisticsWorld& w, const CanvasFrame& f) {
    const Comparison& cmp = comparison(w);
    if (cmp.reports.empty()) return;
    const auto& rep = cmp.reports[static_cast<int>(w.config().matching_policy())];
    ImGui::Text("%s: %d of %s, %s", std::string(policy_label(w.config().matching_policy())).c_str(),
                rep.matching.pairs(), count_of(rep.rates.rows, "transporter").c_str(),
                count_of(static_cast<long long>(rep.requests.size()), "request").c_str());
    const float height =
        static_cast<float>(std::min(8, std::max(1, rep.matching.pairs()) + 1)) * ImGui::GetTextLineHeightWithSpacing() +
        8.0f;
    if (ImGui::BeginTable("##matching", 3,
                          ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingStretchProp,
                          ImVec2(-1.0f, height))) {
        ImGui::TableSetupScrollFreeze(0, 1);
        ImGui::TableSetupColumn("transporter");
        ImGui::TableSetupColumn("request (via buffer)");
        ImGui::TableSetupColumn("units/tick");
        ImGui::TableHeadersRow();
        for (int row = 0; row < rep.rates.rows; ++row) {
            const int col = rep.matching.request_of[row];
            if (col < 0) continue;
            ImGui::TableNextRow();
            ImGui::TableSetColumnIndex(0);
            ImGui::Text("%d", rep.transporters[row]);
            ImGui::TableSetColumnIndex(1);
            std::string what = logistics_style::target_name(w.targets()[rep.requests[col].target]);
            if (const int via = rep.matching.via_of[row]; via >= 0)
                what += " (" + logistics_style::target_name(w.targets()[via]) + ")";
            ImGui::TextUnformatted(what.c_str());
            ImGui::TableSetColumnIndex(2);
            ImGui::Text("%.2f", rep.matching.rate_of[row]);
        }
        ImGui::EndTable();
    }
    if (f.widgets) f.widgets->record_last_item("logistics.matching");
}

void LogisticsView::draw_canvas_key(const LogisticsWorld& w, const CanvasFrame& f) {
    // The colour key again, in a small window on the canvas for whoever is on another tab. It
    // starts folded in the canvas's top-left corner: only its title bar shows, clear of the map's
    // centre, until the designer opens it.
    const CanvasView& v = *f.view;
    const float s = f.ui_scale;
    ImGui::SetNextWindowPos(ImVec2(v.origin().x + 8.0f * s, v.origin().y + 8.0f * s), ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowSize(ImVec2(std::min(320.0f * s, std::max(200.0f * s, v.size().x * 0.4f)), 0.0f),
                             ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowCollapsed(true, ImGuiCond_FirstUseEver);
    ImGui::SetNextWindowBgAlpha(0.9f);
    const bool open = ImGui::Begin("Colour key##logistics", nullptr,
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_AlwaysAutoResize);
    const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    if (f.widgets) f.widgets->record("overlay.logistics_key", WidgetRect{pos.x, pos.y, size.x, size.y, true});
    if (open) {
        CanvasFrame inside = f;
        inside.draw = nullptr;      // the key window's own draw list
        inside.widgets = nullptr;   // the Analysis tab's key keeps the names
        ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + 300.0f * s);
        draw_key(w, inside);
        ImGui::PopTextWrapPos();
    }
    ImGui::End();
}

void LogisticsView::draw_key(const LogisticsWorld& w, const CanvasFrame& f) {
    ImGui::BeginGroup();
    // Routes: the colour is the rate, scaled to the fastest route on the map now.
    const double fastest = fastest_route_rate(w);
    if (fastest > 0.0) {
        colour_scale(
            "Route: rate of the transporter's choice (dq/dt)", [](float t) { return rate_colour(t); }, 0.0, fastest,
            "units/tick");
        if (f.widgets) f.widgets->record_last_item("logistics.key.routes");
    } else {
        ImGui::TextDisabled("Routes: none now (no transporter is busy).");
    }
    const float h = ImGui::GetTextLineHeight();
    const float half = h * 0.36f, big = h * 0.48f;
    key_line(
        f, [&](Painter& d, ImVec2 c, float) { target_picture(d, c, half, kSink, kEnergy, 0.5f); },
        "Sink: spawn, extension, tower, upgrade site, lab (requests its free space)");
    key_line(
        f, [&](Painter& d, ImVec2 c, float) { target_picture(d, c, half, kSource, kEnergy, 0.7f); },
        "Source: mining container, pile, mineral container (provides its stock)");
    key_line(
        f, [&](Painter& d, ImVec2 c, float) { target_picture(d, c, big, kBuffer, kMineral, 0.4f); },
        "Buffer, larger: storage, terminal (holds stock; a stop on the way)");
    key_line(
        f, [&](Painter& d, ImVec2 c, float) { target_picture(d, c, half, kSink, kEnergy, 1.0f); },
        "Fill from the bottom: stock / capacity; energy yellow");
    key_line(
        f, [&](Painter& d, ImVec2 c, float) { target_picture(d, c, half, kSink, kMineral, 1.0f); }, "mineral violet");
    key_line(
        f, [&](Painter& d, ImVec2 c, float) { transporter_picture(d, c, half * 1.1f, kTransporter, kEnergy, 0.6f); },
        "Busy transporter; inner disc's area = load / capacity (energy yellow, mineral violet)",
        "logistics.key.busy_loaded");
    key_line(
        f, [&](Painter& d, ImVec2 c, float) { transporter_picture(d, c, half * 1.1f, kTransporter, kEnergy, 0.0f); },
        "Busy transporter, empty (on its way to a pick-up)", "logistics.key.busy_empty");
    key_line(
        f, [&](Painter& d, ImVec2 c, float) { transporter_picture(d, c, half * 1.1f, kIdle, kEnergy, 0.0f); },
        "Idle transporter (no request this tick)", "logistics.key.idle");
    key_line(
        f,
        [&](Painter& d, ImVec2 c, float s) {
            d.AddLine(ImVec2(c.x - s * 0.7f, c.y), ImVec2(c.x + s * 0.7f, c.y), palette::rgb(255, 255, 255, 220), 1.5f);
        },
        "Hovered transporter: lines to its 3 best requests, labelled rank: rate");
    key_line(
        f, [&](Painter& d, ImVec2 c, float) { d.AddCircle(c, half * 1.2f, palette::kSelection, 0, 2.0f); },
        "Selected or hovered");
    ImGui::EndGroup();
    if (f.widgets) f.widgets->record_last_item("logistics.legend");
}

}   // namespace pb::ui
