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

void MatchHistory::clear() {
    head_ = 0;
    count_ = 0;
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
    if (count_ < kCapacity) {
        ring_[(head_ + count_) % kCapacity] = s;
        ++count_;
    } else {
        ring_[head_] = s;
        head_ = (head_ + 1) % kCapacity;
    }
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
