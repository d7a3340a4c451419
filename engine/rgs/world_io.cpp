// RgsWorld's outside: the state hash, the JSON state and metrics of `run --json`, and the status line.
#include <bit>
#include <cstdio>

#include "engine/core/hash.hpp"
#include "engine/core/lab.hpp"
#include "engine/rgs/cluster.hpp"
#include "engine/rgs/world.hpp"

namespace pb::rgs {
namespace {

void write_vec(JsonWriter& out, std::string_view key, Vec3 v) {
    out.key(key).begin_array().value(v.x).value(v.y).value(v.z).end_array();
}

// Clusters reported in the metrics: enough for any hand-made scenario, bounded for stress maps.
constexpr std::size_t kMaxReportedClusters = 64;

}  // namespace

const LabInfo& RgsWorld::lab() const { return rgs_lab(); }

std::uint64_t RgsWorld::tick_hash() const {
    // (No tick: a replay keeps one hash per tick, so where a hash sits says its tick.) Four
    // doubles, so no hasher: the teams' build points against their mining totals, in one
    // 64x64 -> 128-bit multiply (each side rotated so the two teams' bits do not line up).
    using hash_detail::raw_bits;
    const std::uint64_t bp = raw_bits(teams_[0].bp) + std::rotl(raw_bits(teams_[1].bp), 32);
    const std::uint64_t mined = raw_bits(teams_[0].mined) + std::rotl(raw_bits(teams_[1].mined), 32);
    return hash_detail::fold_mul(bp ^ hash_detail::kMulA, mined ^ hash_detail::kMulB);
}

std::uint64_t RgsWorld::hash() const {
    StateHasher h;
    h.add(tick_);
    for (std::size_t i = 0; i < params_.size(); ++i) h.add(params_[i]);
    for (const TeamState& t : teams_) {
        h.add(t.name);
        h.add(t.bp);
        h.add(t.main_structure);
        h.add(t.mined);
        h.add(t.spent);
        h.add(t.refunded);
    }
    h.add(static_cast<std::int64_t>(rgs_.size()));
    for (const Rgs& r : rgs_) {
        h.add(r.removed);
        if (r.removed) continue;
        h.add(r.team);
        h.add(static_cast<int>(r.kind));
        h.add(r.pos.x);
        h.add(r.pos.y);
        h.add(r.pos.z);
        h.add(r.range_override);
        h.add(static_cast<int>(r.state));
        h.add(r.health);
        h.add(r.build_left);
        h.add(r.price_paid);
        h.add(r.marked_tick);
        h.add(r.efficiency);   // derived, but hashing it catches any path that derives it differently
    }
    h.add(history_interval_);
    h.add(static_cast<std::int64_t>(history_.size()));
    return h.value();
}

void RgsWorld::write_state(JsonWriter& out) const {
    out.begin_object();
    out.field("tick", tick_);
    out.field("minutes", match_minutes());
    write_vec(out, "map", config_.map_size());
    out.field("base_rate", base_rate());
    out.key("rgs").begin_array();
    for (const Rgs& r : rgs_) {
        if (r.removed) continue;
        out.begin_object().field("id", r.id).field("team", r.team).field("kind", kind_key(r.kind));
        write_vec(out, "position", r.pos);
        out.field("range", r.range).field("state", state_key(r.state)).field("health", r.health);
        if (r.state == State::Building) out.field("build_left", r.build_left);
        out.field("efficiency", r.efficiency).end_object();
    }
    out.end_array();
    out.key("teams").begin_array();
    for (int t = 0; t < 2; ++t) {
        out.begin_object().field("team", t).field("name", teams_[t].name).field("bp", teams_[t].bp);
        out.field("efficiency", team_efficiency(t)).field("effective_efficiency", effective_efficiency(t));
        out.field("mine_rate", mine_rate(t)).field("main_structure", teams_[t].main_structure).end_object();
    }
    out.end_array();
    out.end_object();
}

void RgsWorld::write_metrics(JsonWriter& out) const {
    out.begin_object();
    out.key("teams").begin_array();
    for (int t = 0; t < 2; ++t) {
        int mining = 0, building = 0, destroyed = 0;
        for (const Rgs& r : rgs_) {
            if (r.removed || r.team != t) continue;
            mining += is_mining(r.state);
            building += r.state == State::Building;
            destroyed += r.state == State::Destroyed;
        }
        out.begin_object().field("team", t).field("bp", teams_[t].bp).field("mined", teams_[t].mined);
        out.field("spent", teams_[t].spent).field("refunded", teams_[t].refunded);
        out.field("mining_rgs", mining).field("building_rgs", building).field("destroyed_rgs", destroyed).end_object();
    }
    out.end_array();
    // The approximation beside the union of spheres, for every cluster of two or more.
    const auto clusters = all_clusters(*this);
    out.key("clusters").begin_array();
    std::size_t reported = 0, multi = 0;
    for (const auto& members : clusters) {
        if (members.size() < 2) continue;
        ++multi;
        if (reported == kMaxReportedClusters) continue;
        ++reported;
        const ClusterComparison c = compare_cluster(*this, members);
        out.begin_object().key("members").begin_array();
        for (int id : members) out.value(id);
        out.end_array().field("approximation", c.approximation);
        if (c.has_union) {
            out.field("union_spheres", c.union_spheres).field("union_error_bound", c.union_error);
            out.field("union_exact", c.union_volume.exact);
        }
        out.end_object();
    }
    out.end_array();
    out.field("clusters_not_reported", static_cast<std::int64_t>(multi - reported));
    out.end_object();
}

std::size_t RgsWorld::snapshot_bytes() const {
    return sizeof(*this) + rgs_.size() * (sizeof(Rgs) + sizeof(double)) + history_.size() * sizeof(EconomySample) +
           grid_.size() * 40 + grid_.cell_count() * 2 * sizeof(std::size_t);
}

std::string RgsWorld::summary() const {
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s %.1f BP (%.2f/min)  :  %s %.1f BP (%.2f/min)   r=%.2f BP/min   t=%lld:%02lld",
                  teams_[0].name.c_str(), teams_[0].bp, mine_rate(0), teams_[1].name.c_str(), teams_[1].bp, mine_rate(1),
                  base_rate(), static_cast<long long>(tick_ / 60), static_cast<long long>(tick_ % 60));
    return buf;
}

}  // namespace pb::rgs
