// LogisticsWorld's outside: the state hash, the JSON state and metrics of `run --json`, and the
// status line.
#include <algorithm>
#include <cstdio>

#include "engine/core/hash.hpp"
#include "engine/core/lab.hpp"
#include "engine/logistics/world.hpp"

namespace pb::logistics {
namespace {

void write_tile(JsonWriter& out, std::string_view key, Tile t) {
    out.key(key).begin_array().value(t.x).value(t.y).end_array();
}

void write_store(JsonWriter& out, std::string_view key, const Store& s) {
    out.key(key).begin_object().field("energy", s[0]).field("mineral", s[1]).end_object();
}

void hash_store(StateHasher& h, const Store& s) {
    h.add(s[0]);
    h.add(s[1]);
}

}  // namespace

const LabInfo& LogisticsWorld::lab() const { return logistics_lab(); }

std::uint64_t LogisticsWorld::tick_hash() const {
    // (No tick: a replay keeps one hash per tick, so where a hash sits says its tick.)
    QuickHasher h;
    h.add_words(params_hash(), static_cast<std::uint64_t>(totals_.idle_ticks) ^ (static_cast<std::uint64_t>(totals_.matches) << 40));
    h.add4(totals_.produced, totals_.consumed, totals_.delivered, totals_.withdrawn);
    h.add4(totals_.travelled, totals_.starved, totals_.delivered_to_sinks, totals_.edited);
    for (const Transporter& t : transporters_) {
        h.add_words(QuickHasher::pack(t.pos.x, t.pos.y), QuickHasher::pack(t.request, t.removed ? -1 : static_cast<std::int32_t>(t.tasks.size())));
        h.add4(t.progress, t.carry[0], t.carry[1], t.travelled);
    }
    return h.value();
}

std::uint64_t LogisticsWorld::hash() const {
    StateHasher h;
    h.add(tick_);
    for (std::size_t i = 0; i < params_.size(); ++i) h.add(params_[i]);
    for (std::uint64_t s : rng_.state()) h.add_u64(s);
    h.add(map_.width());
    h.add(map_.height());
    for (std::uint8_t w : map_.walls()) h.add(static_cast<int>(w));
    h.add(static_cast<std::int64_t>(targets_.size()));
    for (const Target& t : targets_) {
        h.add(t.removed);
        if (t.removed) continue;
        h.add(static_cast<int>(t.kind));
        h.add(t.pos.x);
        h.add(t.pos.y);
        h.add(static_cast<int>(t.resource));
        h.add(t.capacity);
        hash_store(h, t.store);
        h.add(t.rate);
        h.add(t.multiplier);
    }
    h.add(static_cast<std::int64_t>(transporters_.size()));
    for (const Transporter& t : transporters_) {
        h.add(t.removed);
        if (t.removed) continue;
        h.add(t.pos.x);
        h.add(t.pos.y);
        h.add(t.capacity_override);
        h.add(t.speed_override);
        hash_store(h, t.carry);
        h.add(t.progress);
        h.add(t.request);
        h.add(t.via);
        h.add(t.assigned_rate);
        h.add(t.travelled);
        h.add(static_cast<std::int64_t>(t.tasks.size()));
        for (const Task& task : t.tasks) {
            h.add(static_cast<int>(task.kind));
            h.add(task.target);
            h.add(static_cast<int>(task.resource));
            h.add(task.amount);
            h.add(task.interruptible);
        }
    }
    for (double v : {totals_.produced, totals_.consumed, totals_.starved, totals_.delivered, totals_.delivered_to_sinks,
                     totals_.withdrawn, totals_.travelled, totals_.edited, totals_.initial})
        h.add(v);
    h.add(totals_.idle_ticks);
    h.add(totals_.matches);
    h.add(static_cast<std::int64_t>(history_.size()));
    h.add(history_interval_);
    return h.value();
}

void LogisticsWorld::write_state(JsonWriter& out) const {
    out.begin_object();
    out.field("tick", tick_);
    out.key("map").begin_object().field("width", map_.width()).field("height", map_.height());
    out.field("walls", map_.wall_count()).end_object();
    out.field("policy", policy_key(config_.matching_policy()));
    out.key("targets").begin_array();
    for (const Target& t : targets_) {
        if (t.removed) continue;
        out.begin_object().field("id", t.id).field("kind", kind_info(t.kind).key).field("role", role_key(t.role()));
        write_tile(out, "position", t.pos);
        out.field("resource", resource_key(t.resource)).field("capacity", t.capacity);
        write_store(out, "store", t.store);
        out.end_object();
    }
    out.end_array();

    const MatchingReport rep = analyse(config_.matching_policy());
    out.key("requests").begin_array();
    for (const Request& r : rep.requests) {
        out.begin_object().field("id", r.id).field("target", r.target).field("resource", resource_key(r.resource));
        out.field("amount", r.amount).field("dAmountdt", r.dAmountdt).field("multiplier", r.multiplier).end_object();
    }
    out.end_array();
    out.key("transporters").begin_array();
    for (const Transporter& t : transporters_) {
        if (t.removed) continue;
        out.begin_object().field("id", t.id);
        write_tile(out, "position", t.pos);
        write_store(out, "carry", t.carry);
        out.field("capacity", t.capacity);
        out.key("request");
        if (t.request >= 0) out.value(t.request);
        else out.null();
        out.key("via");
        if (t.via >= 0) out.value(t.via);
        else out.null();
        out.key("tasks").begin_array();
        for (const Task& task : t.tasks) {
            out.begin_object().field("kind", task_key(task.kind)).field("target", task.target);
            out.field("resource", resource_key(task.resource)).field("amount", task.amount).end_object();
        }
        out.end_array().end_object();
    }
    out.end_array();

    // The idle transporters against every request: the rate of each pair (its best choice) and
    // what the current policy makes of them.
    out.key("rates").begin_object();
    out.key("transporters").begin_array();
    for (int id : rep.transporters) out.value(id);
    out.end_array().key("requests").begin_array();
    for (const Request& r : rep.requests) out.value(r.id);
    out.end_array().key("matrix").begin_array();
    for (int row = 0; row < rep.rates.rows; ++row) {
        out.begin_array();
        for (int col = 0; col < rep.rates.cols; ++col) out.value(rep.rates.at(row, col));
        out.end_array();
    }
    out.end_array().end_object();
    out.key("matching").begin_object().field("policy", policy_key(config_.matching_policy()));
    out.key("pairs").begin_array();
    for (int row = 0; row < rep.rates.rows; ++row) {
        const int col = rep.matching.request_of[row];
        if (col < 0) continue;
        out.begin_object().field("transporter", rep.transporters[row]).field("request", rep.requests[col].id);
        out.key("via");
        if (rep.matching.via_of[row] >= 0) out.value(rep.matching.via_of[row]);
        else out.null();
        out.field("rate", rep.matching.rate_of[row]).end_object();
    }
    out.end_array();
    out.field("total_rate", rep.matching.total_rate()).field("blocking_pairs", rep.blocking).end_object();
    out.end_object();
}

void LogisticsWorld::write_metrics(JsonWriter& out) const {
    out.begin_object();
    // As the status line and the side panel: units into sinks, and apart from them units into buffers.
    out.field("delivered_to_sinks", totals_.delivered_to_sinks)
        .field("moved_into_buffers", std::max(0.0, totals_.delivered - totals_.delivered_to_sinks));
    out.field("produced", totals_.produced).field("consumed", totals_.consumed).field("starved", totals_.starved);
    out.field("unmet_demand", unmet_demand()).field("idle_fraction", last_idle_fraction_);
    const double mean_idle = totals_.transporter_ticks > 0
                                 ? static_cast<double>(totals_.idle_ticks) / static_cast<double>(totals_.transporter_ticks)
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
    std::snprintf(buf, sizeof buf, "%s   delivered to sinks %.0f   moved into buffers %.0f   unmet demand %.0f   idle %.0f%%   t=%lld",
                  std::string(policy_label(config_.matching_policy())).c_str(), totals_.delivered_to_sinks,
                  std::max(0.0, totals_.delivered - totals_.delivered_to_sinks), unmet_demand(), 100.0 * last_idle_fraction_,
                  static_cast<long long>(tick_));
    return buf;
}

}  // namespace pb::logistics
