// What the Podball view remembers of a match as it watches it advance: chart samples over match
// time (possession, score, shots per team) over the whole match, downsampled, and a heat map of where each team's
// pods stood. UI state only: it reads the world and never writes it; going back in time (a
// restart, a reload) starts it afresh.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "engine/podball/world.hpp"

namespace pb::ui {

struct MatchSample {
    std::int64_t tick = 0;
    std::array<float, 2> possession_pct{};   // of running time so far
    std::array<float, 2> score{};
    std::array<float, 2> shots{};
};

// The lowest and highest of a value over a stretch of ticks, and when each was: a chart draws both
// in time order, so a spike stays visible however far the match is downsampled.
struct Extent {
    float lo = 0.0f, hi = 0.0f;
    std::int64_t lo_tick = 0, hi_tick = 0;
    void add(float v, std::int64_t tick);
    void merge(const Extent& later);
};

// The samples of `ticks_per_bucket` ticks of the match (from `first_tick`), each series as its
// extent.
struct MatchBucket {
    std::int64_t index = 0;   // tick / ticks_per_bucket
    std::int64_t first_tick = 0, last_tick = 0;
    std::array<Extent, 2> possession_pct{}, score{}, shots{};
    void add(const MatchSample& s);
    void merge(const MatchBucket& later);
};

// Occupancy counts of each team's pods on a grid over the arena (column-major from x = -w/2,
// row 0 at y = -h/2).
struct PresenceGrid {
    static constexpr int kColumns = 40;
    static constexpr int kRows = 24;
    std::array<std::vector<std::uint32_t>, 2> counts{std::vector<std::uint32_t>(kColumns * kRows, 0),
                                                     std::vector<std::uint32_t>(kColumns* kRows, 0)};
    std::int64_t samples = 0;   // how many times every pod was counted

    std::uint32_t at(int team, int column, int row) const {
        return counts[team][static_cast<std::size_t>(column * kRows + row)];
    }
    std::uint32_t max_count(int team) const;
    std::uint64_t total(int team) const;
    void clear();
};

// The whole match at any length: a fixed number of buckets over match time. A bucket starts as
// kSampleEvery ticks; when the match outgrows kBuckets of them, neighbours merge pairwise and
// buckets span twice as many ticks (docs/labs/podball.md#charts-over-match-time).
class MatchHistory {
public:
    // Ticks between chart and heat map samples: fine enough for a 12000-tick match, cheap.
    static constexpr std::int64_t kSampleEvery = 10;
    // Buckets at most: two points each (low and high) keep a chart's line within a few per pixel.
    static constexpr std::size_t kBuckets = 512;

    // Takes a sample when one is due at the world's tick; starts afresh when time went back.
    void observe(const podball::PodballWorld& w);
    void clear();

    std::size_t size() const { return buckets_.size(); }
    // i-th bucket, oldest first.
    const MatchBucket& bucket(std::size_t i) const { return buckets_[i]; }
    std::int64_t ticks_per_bucket() const { return ticks_per_bucket_; }
    // The points a chart draws of one series of one team, in time order: each bucket's low and
    // high at the ticks they were taken (one point when they are the same sample).
    void points(const std::array<Extent, 2> MatchBucket::*series, int team, std::vector<double>& ticks,
                std::vector<double>& values) const;
    const PresenceGrid& presence() const { return presence_; }
    std::int64_t last_tick() const { return last_tick_; }

private:
    void add(const MatchSample& s);
    void merge_pairs();
    void count_presence(const podball::PodballWorld& w);

    std::vector<MatchBucket> buckets_;
    std::int64_t ticks_per_bucket_ = kSampleEvery;
    std::int64_t last_tick_ = -1;   // tick of the last observe() call, -1: none yet
    std::int64_t next_sample_ = 0;
    PresenceGrid presence_;
};

// The grid cell holding `pos` (clamped into the arena).
void presence_cell(const podball::PodballConfig& c, podball::Vec2 pos, int& column, int& row);

}   // namespace pb::ui
