#include "engine/logistics/tile_map.hpp"

#include <algorithm>
#include <array>

namespace pb::logistics {
namespace {

// Neighbour order is fixed: the first shortest step in this order is the one taken, so walks are
// the same on every run.
constexpr std::array<Tile, 8> kSteps{{{1, 0}, {0, 1}, {-1, 0}, {0, -1}, {1, 1}, {-1, 1}, {-1, -1}, {1, -1}}};

}   // namespace

TileMap::TileMap(int width, int height)
    : width_(std::max(1, width)),
      height_(std::max(1, height)),
      walls_(static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_), 0) {
    label_components();
}

void TileMap::set_walls(Tile a, Tile b, bool solid) {
    const int x0 = std::clamp(std::min(a.x, b.x), 0, width_ - 1), x1 = std::clamp(std::max(a.x, b.x), 0, width_ - 1);
    const int y0 = std::clamp(std::min(a.y, b.y), 0, height_ - 1), y1 = std::clamp(std::max(a.y, b.y), 0, height_ - 1);
    for (int y = y0; y <= y1; ++y)
        for (int x = x0; x <= x1; ++x) walls_[index({x, y})] = solid ? 1 : 0;
    label_components();
}

int TileMap::wall_count() const { return static_cast<int>(std::count(walls_.begin(), walls_.end(), 1)); }

void TileMap::label_components() {
    // A new wall layout: new components and a new cache (snapshots keep the old one).
    cache_ = std::make_shared<FieldCache>();
    cache_->by_tile.resize(walls_.size());
    component_.assign(walls_.size(), -1);
    std::vector<int> queue;
    int next = 0;
    for (int start = 0; start < static_cast<int>(walls_.size()); ++start) {
        if (walls_[start] || component_[start] >= 0) continue;
        component_[start] = next;
        queue.assign(1, start);
        for (std::size_t head = 0; head < queue.size(); ++head) {
            const Tile t{queue[head] % width_, queue[head] / width_};
            for (Tile s : kSteps) {
                const Tile n{t.x + s.x, t.y + s.y};
                if (!inside(n)) continue;
                const int i = index(n);
                if (walls_[i] || component_[i] >= 0) continue;
                component_[i] = next;
                queue.push_back(i);
            }
        }
        ++next;
    }
}

const std::vector<int>& TileMap::field(Tile to) const {
    auto& slot = cache_->by_tile[index(to)];
    if (slot) return *slot;
    auto f = std::make_unique<std::vector<int>>(walls_.size(), kUnreachable);
    std::vector<int> queue;
    queue.reserve(walls_.size());
    (*f)[index(to)] = 0;
    queue.push_back(index(to));
    for (std::size_t head = 0; head < queue.size(); ++head) {
        const int i = queue[head];
        const Tile t{i % width_, i / width_};
        for (Tile s : kSteps) {
            const Tile n{t.x + s.x, t.y + s.y};
            if (!inside(n)) continue;
            const int j = index(n);
            if (walls_[j] || (*f)[j] != kUnreachable) continue;
            (*f)[j] = (*f)[i] + 1;
            queue.push_back(j);
        }
    }
    slot = std::move(f);
    return *slot;
}

double TileMap::path_length(Tile from, Tile to) const {
    if (!connected(from, to)) return std::numeric_limits<double>::infinity();
    return static_cast<double>(field(to)[index(from)]);
}

Tile TileMap::step_towards(Tile from, Tile to) const {
    if (from == to || !connected(from, to)) return from;
    const std::vector<int>& f = field(to);
    Tile best = from;
    int best_steps = f[index(from)];
    for (Tile s : kSteps) {
        const Tile n{from.x + s.x, from.y + s.y};
        if (!inside(n)) continue;
        const int steps = f[index(n)];
        if (steps < best_steps) {
            best_steps = steps;
            best = n;
        }
    }
    return best;
}

std::size_t TileMap::cached_fields() const {
    return static_cast<std::size_t>(
        std::count_if(cache_->by_tile.begin(), cache_->by_tile.end(), [](const auto& p) { return p != nullptr; }));
}

}   // namespace pb::logistics
