// RgsWorld's outside: the state hash, the JSON state and metrics of `run --json`, and the status line.
#include <bit>
#include <cstdio>

#include "engine/core/hash.hpp"
#include "engine/core/lab.hpp"
#include "engine/rgs/cluster.hpp"
#include "engine/rgs/world.hpp"

namespace pb::rgs {
namespace {

// Clusters reported in the metrics: enough for any hand-made scenario, bounded for stress maps.
constexpr std::size_t kMaxReportedClusters = 64;

}   // namespace

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

template <class Self, class V>
void RgsWorld::visit_state(Self& w, V& v) {
    // Keys and order are those of `run --json` (docs/command-line.md); hidden fields are hashed and diffed only,
    // derived ones (kJsonOnly) shown only. kTick marks what tick_hash() covers.
    const auto vec = [&v](std::string_view key, auto& p, unsigned role) {
        v.begin_array(key, 3, role);
        v.field("", p.x, role);
        v.field("", p.y, role);
        v.field("", p.z, role);
        v.end_array();
    };
    v.field("tick", w.tick_, kShown);
    v.value("minutes", w.match_minutes());
    const Vec3 map = w.config_.map_size();
    v.begin_array("map", 3, kJsonOnly);
    v.value("", map.x);
    v.value("", map.y);
    v.value("", map.z);
    v.end_array();
    v.value("base_rate", w.base_rate());
    // Every slot (ids are indices); a removed one is hashed as such and not shown.
    v.begin_array("rgs", w.rgs_.size());
    for (auto& r : w.rgs_) {
        if (r.removed) {
            v.begin_object("", kHidden);
            v.field("removed", r.removed, kHidden);
            v.end_object();
            continue;
        }
        v.begin_object("");
        v.field("removed", r.removed, kHidden);
        v.field("id", r.id, kShown);
        v.field("team", r.team, kShown);
        v.enumeration("kind", r.kind, kShown, kind_key);
        vec("position", r.pos, kShown);
        v.field("range_override", r.range_override, kHidden);
        v.field("range", r.range, kShown);
        v.enumeration("state", r.state, kShown, state_key);
        v.field("health", r.health, kShown);
        v.field("build_left", r.build_left, r.state == State::Building ? kShown : kHidden);
        v.field("price_paid", r.price_paid, kHidden);
        v.field("marked_tick", r.marked_tick, kHidden);
        // Derived, but hashing it catches any path that derives it differently.
        v.field("efficiency", r.efficiency, kShown);
        v.end_object();
    }
    v.end_array();
    v.begin_array("teams", 2);
    for (int t = 0; t < 2; ++t) {
        auto& team = w.teams_[t];
        v.begin_object("");
        v.value("team", t);
        v.field("name", team.name, kShown);
        v.field("bp", team.bp, kShownTick);
        v.value("efficiency", w.team_efficiency(t));
        v.value("effective_efficiency", w.effective_efficiency(t));
        v.value("mine_rate", w.mine_rate(t));
        v.field("main_structure", team.main_structure, kShown);
        v.field("mined", team.mined, kHiddenTick);
        v.field("spent", team.spent, kHidden);
        v.field("refunded", team.refunded, kHidden);
        v.end_object();
    }
    v.end_array();
    v.field("history_interval", w.history_interval_, kHidden);
    v.value("history_size", static_cast<std::int64_t>(w.history_.size()), kHidden);
}

std::uint64_t RgsWorld::hash() const { return visited_hash(*this); }

void RgsWorld::write_state(JsonWriter& out) const { write_visited_state(*this, out); }

std::vector<StateField> RgsWorld::state_fields() const { return visited_fields(*this); }

std::optional<std::string> RgsWorld::perturb_field(std::size_t k, unsigned role) {
    return perturb_visited_field(*this, k, role);
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
                  teams_[0].name.c_str(), teams_[0].bp, mine_rate(0), teams_[1].name.c_str(), teams_[1].bp,
                  mine_rate(1), base_rate(), static_cast<long long>(tick_ / 60), static_cast<long long>(tick_ % 60));
    return buf;
}

}   // namespace pb::rgs
