// LogisticsWorld's outside: the state hash, the JSON state and metrics of `run --json`, and the
// status line.
#include <algorithm>
#include <cstdio>
#include <optional>

#include "engine/core/hash.hpp"
#include "engine/core/lab.hpp"
#include "engine/logistics/world.hpp"

namespace pb::logistics {
const LabInfo& LogisticsWorld::lab() const { return logistics_lab(); }

std::uint64_t LogisticsWorld::tick_hash() const {
    // (No tick: a replay keeps one hash per tick, so where a hash sits says its tick.)
    QuickHasher h;
    h.add_words(params_hash(),
                static_cast<std::uint64_t>(totals_.idle_ticks) ^ (static_cast<std::uint64_t>(totals_.matches) << 40));
    h.add4(totals_.produced, totals_.consumed, totals_.delivered, totals_.withdrawn);
    h.add4(totals_.travelled, totals_.starved, totals_.delivered_to_sinks, totals_.edited);
    for (const Transporter& t : transporters_) {
        h.add_words(QuickHasher::pack(t.pos.x, t.pos.y),
                    QuickHasher::pack(t.request, t.removed ? -1 : static_cast<std::int32_t>(t.tasks.size())));
        h.add4(t.progress, t.carry[0], t.carry[1], t.travelled);
    }
    return h.value();
}

template <class Self, class V>
void LogisticsWorld::visit_state(Self& w, V& v) {
    // Keys and order are those of `run --json` (docs/command-line.md); hidden fields are hashed and diffed only,
    // derived ones (kJsonOnly, v.json) shown only. kTick marks what tick_hash() covers.
    const auto tile = [&v](std::string_view key, auto& t, unsigned role) {
        v.begin_array(key, 2, role);
        v.field("", t.x, role);
        v.field("", t.y, role);
        v.end_array();
    };
    const auto store = [&v](std::string_view key, auto& s, unsigned role) {
        v.begin_object(key, role);
        v.field("energy", s[0], role);
        v.field("mineral", s[1], role);
        v.end_object();
    };
    // The matching of the current state, worked out once and only for the JSON.
    std::optional<MatchingReport> report;
    const auto rep = [&]() -> const MatchingReport& {
        if (!report) report = w.analyse(w.config_.matching_policy());
        return *report;
    };
    const auto resource = [](Resource r) { return resource_key(r); };

    v.field("tick", w.tick_, kShown);
    v.opaque("rng", [&w](StateHasher& h) {
        for (std::uint64_t s : w.rng_.state()) h.add_u64(s);
    });
    v.begin_object("map");
    v.value("width", w.map_.width(), kShown);
    v.value("height", w.map_.height(), kShown);
    v.value("walls", w.map_.wall_count());
    v.begin_array("wall_tiles", w.map_.walls().size(), kHidden);
    for (std::uint8_t wall : w.map_.walls()) v.value("", static_cast<int>(wall), kHidden);
    v.end_array();
    v.end_object();
    v.value("policy", policy_key(w.config_.matching_policy()));
    v.begin_array("targets", w.targets_.size());
    for (auto& t : w.targets_) {
        if (t.removed) {
            v.begin_object("", kHidden);
            v.field("removed", t.removed, kHidden);
            v.end_object();
            continue;
        }
        v.begin_object("");
        v.field("removed", t.removed, kHidden);
        v.field("id", t.id, kShown);
        v.enumeration("kind", t.kind, kShown, [](TargetKind k) { return std::string_view(kind_info(k).key); });
        v.value("role", role_key(t.role()));
        tile("position", t.pos, kShown);
        v.enumeration("resource", t.resource, kShown, resource);
        v.field("capacity", t.capacity, kShown);
        store("store", t.store, kShown);
        v.field("rate", t.rate, kHidden);
        v.field("multiplier", t.multiplier, kHidden);
        v.end_object();
    }
    v.end_array();
    v.json("requests", [&](JsonWriter& out) {
        out.begin_array();
        for (const Request& r : rep().requests) {
            out.begin_object().field("id", r.id).field("target", r.target).field("resource", resource_key(r.resource));
            out.field("amount", r.amount)
                .field("dAmountdt", r.dAmountdt)
                .field("multiplier", r.multiplier)
                .end_object();
        }
        out.end_array();
    });
    v.begin_array("transporters", w.transporters_.size());
    for (auto& t : w.transporters_) {
        if (t.removed) {
            v.begin_object("", kHidden);
            v.field("removed", t.removed, kHidden);
            v.end_object();
            continue;
        }
        v.begin_object("");
        v.field("removed", t.removed, kHidden);
        v.field("id", t.id, kShown);
        tile("position", t.pos, kShownTick);
        store("carry", t.carry, kShownTick);
        v.field("capacity", t.capacity, kShown);
        v.field("capacity_override", t.capacity_override, kHidden);
        v.field("speed_override", t.speed_override, kHidden);
        v.field("progress", t.progress, kHiddenTick);
        v.index("request", t.request, kShownTick);
        v.index("via", t.via, kShown);
        v.field("assigned_rate", t.assigned_rate, kHidden);
        v.field("travelled", t.travelled, kHiddenTick);
        v.begin_array("tasks", t.tasks.size());
        for (auto& task : t.tasks) {
            v.begin_object("");
            v.enumeration("kind", task.kind, kShown, task_key);
            v.field("target", task.target, kShown);
            v.enumeration("resource", task.resource, kShown, resource);
            v.field("amount", task.amount, kShown);
            v.field("interruptible", task.interruptible, kHidden);
            v.end_object();
        }
        v.end_array();
        v.end_object();
    }
    v.end_array();
    // The idle transporters against every request: the rate of each pair (its best choice) and
    // what the current policy makes of them.
    v.json("rates", [&](JsonWriter& out) {
        const MatchingReport& r = rep();
        out.begin_object();
        out.key("transporters").begin_array();
        for (int id : r.transporters) out.value(id);
        out.end_array().key("requests").begin_array();
        for (const Request& q : r.requests) out.value(q.id);
        out.end_array().key("matrix").begin_array();
        for (int row = 0; row < r.rates.rows; ++row) {
            out.begin_array();
            for (int col = 0; col < r.rates.cols; ++col) out.value(r.rates.at(row, col));
            out.end_array();
        }
        out.end_array().end_object();
    });
    v.json("matching", [&](JsonWriter& out) {
        const MatchingReport& r = rep();
        out.begin_object().field("policy", policy_key(w.config_.matching_policy()));
        out.key("pairs").begin_array();
        for (int row = 0; row < r.rates.rows; ++row) {
            const int col = r.matching.request_of[row];
            if (col < 0) continue;
            out.begin_object().field("transporter", r.transporters[row]).field("request", r.requests[col].id);
            out.key("via");
            if (r.matching.via_of[row] >= 0)
                out.value(r.matching.via_of[row]);
            else
                out.null();
            out.field("rate", r.matching.rate_of[row]).end_object();
        }
        out.end_array();
        out.field("total_rate", r.matching.total_rate()).field("blocking_pairs", r.blocking).end_object();
    });
    v.begin_object("totals", kHidden);
    v.field("produced", w.totals_.produced, kHiddenTick);
    v.field("consumed", w.totals_.consumed, kHiddenTick);
    v.field("starved", w.totals_.starved, kHiddenTick);
    v.field("delivered", w.totals_.delivered, kHiddenTick);
    v.field("delivered_to_sinks", w.totals_.delivered_to_sinks, kHiddenTick);
    v.field("withdrawn", w.totals_.withdrawn, kHiddenTick);
    v.field("travelled", w.totals_.travelled, kHiddenTick);
    v.field("edited", w.totals_.edited, kHiddenTick);
    v.field("initial", w.totals_.initial, kHidden);
    v.field("idle_ticks", w.totals_.idle_ticks, kHiddenTick);
    v.field("matches", w.totals_.matches, kHiddenTick);
    v.end_object();
    v.value("history_size", static_cast<std::int64_t>(w.history_.size()), kHidden);
    v.field("history_interval", w.history_interval_, kHidden);
}

std::uint64_t LogisticsWorld::hash() const { return visited_hash(*this); }

void LogisticsWorld::write_state(JsonWriter& out) const { write_visited_state(*this, out); }

std::vector<StateField> LogisticsWorld::state_fields() const { return visited_fields(*this); }

std::optional<std::string> LogisticsWorld::perturb_field(std::size_t k, unsigned role) {
    return perturb_visited_field(*this, k, role);
}

void LogisticsWorld::write_metrics(JsonWriter& out) const {
    out.begin_object();
    // As the status line and the side panel: units into sinks, and apart from them units into buffers.
    out.field("delivered_to_sinks", totals_.delivered_to_sinks)
        .field("moved_into_buffers", std::max(0.0, totals_.delivered - totals_.delivered_to_sinks));
    out.field("produced", totals_.produced).field("consumed", totals_.consumed).field("starved", totals_.starved);
    out.field("unmet_demand", unmet_demand()).field("idle_fraction", last_idle_fraction_);
    const double mean_idle = totals_.transporter_ticks > 0 ? static_cast<double>(totals_.idle_ticks) /
                                                                 static_cast<double>(totals_.transporter_ticks)
                                                           : 0.0;
    out.field("mean_idle_fraction", mean_idle).field("distance_travelled", totals_.travelled);
    out.field("matches", totals_.matches).field("held", held()).field("ledger", ledger());
    // Every policy on the same state, side by side.
    out.key("policies").begin_array();
    for (int p = 0; p < kPolicies; ++p) {
        const MatchingReport rep = analyse(static_cast<Policy>(p));
        out.begin_object().field("policy", policy_key(static_cast<Policy>(p)));
        out.field("pairs", rep.matching.pairs()).field("total_rate", rep.matching.total_rate());
        out.field("blocking_pairs", rep.blocking).end_object();
    }
    out.end_array();
    out.end_object();
}

std::string LogisticsWorld::summary() const {
    // The status line. "Delivered" is what reached sinks (the side panel's "Delivered to sinks"):
    // units moved into buffers are counted apart, since a unit stored and later fetched for a sink
    // would otherwise count twice.
    char buf[240];
    std::snprintf(buf, sizeof buf,
                  "%s   delivered to sinks %.0f   moved into buffers %.0f   unmet demand %.0f   idle %.0f%%   t=%lld",
                  std::string(policy_label(config_.matching_policy())).c_str(), totals_.delivered_to_sinks,
                  std::max(0.0, totals_.delivered - totals_.delivered_to_sinks), unmet_demand(),
                  100.0 * last_idle_fraction_, static_cast<long long>(tick_));
    return buf;
}

}   // namespace pb::logistics
