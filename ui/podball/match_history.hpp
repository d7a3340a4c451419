// What the Podball view remembers of a match as it watches it advance: chart samples over match
// time (possession, score, shots per team) in a ring buffer, and a heat map of where each team's
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

class MatchHistory {
public:
    // Ticks between chart and heat map samples: fine enough for a 12000-tick match, cheap.
    static constexpr std::int64_t kSampleEvery = 10;
    // Chart samples kept (oldest dropped first): more than two 6000-tick periods at kSampleEvery.
    static constexpr std::size_t kCapacity = 2048;

    // Takes a sample when one is due at the world's tick; starts afresh when time went back.
    void observe(const podball::PodballWorld& w);
    void clear();

    std::size_t size() const { return count_; }
    // i-th sample, oldest first.
    const MatchSample& sample(std::size_t i) const { return ring_[(head_ + i) % kCapacity]; }
    const PresenceGrid& presence() const { return presence_; }
    std::int64_t last_tick() const { return last_tick_; }

private:
    void add(const MatchSample& s);
    void count_presence(const podball::PodballWorld& w);

    std::vector<MatchSample> ring_ = std::vector<MatchSample>(kCapacity);
    std::size_t head_ = 0;
    std::size_t count_ = 0;
    std::int64_t last_tick_ = -1;   // tick of the last observe() call, -1: none yet
    std::int64_t next_sample_ = 0;
    PresenceGrid presence_;
};

// The grid cell holding `pos` (clamped into the arena).
void presence_cell(const podball::PodballConfig& c, podball::Vec2 pos, int& column, int& row);

}   // namespace pb::ui
