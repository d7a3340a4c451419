#include "ui/podball/match_history.hpp"

#include <algorithm>
#include <cmath>

namespace pb::ui {

std::uint32_t PresenceGrid::max_count(int team) const {
    const auto& c = counts[static_cast<std::size_t>(team)];
    return c.empty() ? 0 : *std::max_element(c.begin(), c.end());
}

std::uint64_t PresenceGrid::total(int team) const {
    std::uint64_t sum = 0;
    for (std::uint32_t n : counts[static_cast<std::size_t>(team)]) sum += n;
    return sum;
}

void PresenceGrid::clear() {
    for (auto& c : counts) std::fill(c.begin(), c.end(), 0u);
    samples = 0;
}

void presence_cell(const podball::PodballConfig& c, podball::Vec2 pos, int& column, int& row) {
    double u = c.arena_width > 0.0 ? (pos.x + c.arena_width * 0.5) / c.arena_width : 0.5;
    double v = c.arena_height > 0.0 ? (pos.y + c.arena_height * 0.5) / c.arena_height : 0.5;
    if (!std::isfinite(u)) u = 0.5;
    if (!std::isfinite(v)) v = 0.5;
    column = std::clamp(static_cast<int>(std::floor(u * PresenceGrid::kColumns)), 0, PresenceGrid::kColumns - 1);
    row = std::clamp(static_cast<int>(std::floor(v * PresenceGrid::kRows)), 0, PresenceGrid::kRows - 1);
}

void Extent::add(float v, std::int64_t tick) {
    if (v < lo) {
        lo = v;
        lo_tick = tick;
    }
    if (v > hi) {
        hi = v;
        hi_tick = tick;
    }
}

void Extent::merge(const Extent& later) {
    // Ties keep the earlier tick: a flat stretch is one point at its start.
    if (later.lo < lo) {
        lo = later.lo;
        lo_tick = later.lo_tick;
    }
    if (later.hi > hi) {
        hi = later.hi;
        hi_tick = later.hi_tick;
    }
}

void MatchBucket::add(const MatchSample& s) {
    const bool first = first_tick > last_tick;
    for (std::size_t t = 0; t < 2; ++t) {
        if (first) {
            possession_pct[t] = {s.possession_pct[t], s.possession_pct[t], s.tick, s.tick};
            score[t] = {s.score[t], s.score[t], s.tick, s.tick};
            shots[t] = {s.shots[t], s.shots[t], s.tick, s.tick};
        } else {
            possession_pct[t].add(s.possession_pct[t], s.tick);
            score[t].add(s.score[t], s.tick);
            shots[t].add(s.shots[t], s.tick);
        }
    }
    if (first) first_tick = s.tick;
    last_tick = s.tick;
}

void MatchBucket::merge(const MatchBucket& later) {
    for (std::size_t t = 0; t < 2; ++t) {
        possession_pct[t].merge(later.possession_pct[t]);
        score[t].merge(later.score[t]);
        shots[t].merge(later.shots[t]);
    }
    last_tick = later.last_tick;
}

void MatchHistory::points(const std::array<Extent, 2> MatchBucket::*series, int team, std::vector<double>& ticks,
                          std::vector<double>& values) const {
    ticks.clear();
    values.clear();
    ticks.reserve(2 * buckets_.size());
    values.reserve(2 * buckets_.size());
    for (const MatchBucket& b : buckets_) {
        const Extent& e = (b.*series)[static_cast<std::size_t>(team)];
        const bool low_first = e.lo_tick <= e.hi_tick;
        const std::int64_t t0 = low_first ? e.lo_tick : e.hi_tick, t1 = low_first ? e.hi_tick : e.lo_tick;
        ticks.push_back(static_cast<double>(t0));
        values.push_back(low_first ? e.lo : e.hi);
        if (t1 != t0) {
            ticks.push_back(static_cast<double>(t1));
            values.push_back(low_first ? e.hi : e.lo);
        }
    }
}

void MatchHistory::clear() {
    buckets_.clear();
    ticks_per_bucket_ = kSampleEvery;
    last_tick_ = -1;
    next_sample_ = 0;
    presence_.clear();
}

void MatchHistory::observe(const podball::PodballWorld& w) {
    const std::int64_t tick = w.tick();
    if (tick < last_tick_) clear();
    last_tick_ = tick;
    if (tick < next_sample_) return;
    // Align to the sampling grid so a view that joins late still samples at the same ticks.
    next_sample_ = (tick / kSampleEvery + 1) * kSampleEvery;

    MatchSample s;
    s.tick = tick;
    const auto score = w.score();
    for (int team = 0; team < 2; ++team) {
        auto fig = podball::team_figures(w.metrics(), team, w.running_ticks());
        s.possession_pct[static_cast<std::size_t>(team)] = static_cast<float>(fig.possession_pct);
        s.score[static_cast<std::size_t>(team)] = static_cast<float>(score[static_cast<std::size_t>(team)]);
        s.shots[static_cast<std::size_t>(team)] = static_cast<float>(fig.shots);
    }
    add(s);
    count_presence(w);
}

void MatchHistory::add(const MatchSample& s) {
    while (!buckets_.empty() &&
           s.tick / ticks_per_bucket_ - buckets_.front().index >= static_cast<std::int64_t>(kBuckets))
        merge_pairs();
    const std::int64_t index = s.tick / ticks_per_bucket_;
    if (buckets_.empty() || buckets_.back().index != index) {
        MatchBucket b;
        b.index = index;
        b.first_tick = 1;
        b.last_tick = 0;   // empty: add() takes the sample as its first
        buckets_.push_back(b);
    }
    buckets_.back().add(s);
}

void MatchHistory::merge_pairs() {
    // Buckets 2k and 2k+1 become bucket k of twice the span (a bucket alone in its pair stays).
    ticks_per_bucket_ *= 2;
    std::vector<MatchBucket> merged;
    merged.reserve(buckets_.size() / 2 + 1);
    for (MatchBucket& b : buckets_) {
        b.index /= 2;
        if (!merged.empty() && merged.back().index == b.index)
            merged.back().merge(b);
        else
            merged.push_back(b);
    }
    buckets_ = std::move(merged);
}

void MatchHistory::count_presence(const podball::PodballWorld& w) {
    const auto& c = w.config();
    for (const auto& p : w.pods()) {
        if (p.team < 0 || p.team > 1) continue;
        int column = 0, row = 0;
        presence_cell(c, p.pos, column, row);
        ++presence_
              .counts[static_cast<std::size_t>(p.team)][static_cast<std::size_t>(column * PresenceGrid::kRows + row)];
    }
    ++presence_.samples;
}

}   // namespace pb::ui
