// The colony map: a grid of tiles, some of them walls. Transporters move like Screeps creeps, one
// tile a step in any of the eight directions. Path lengths come from breadth-first distance fields,
// one per destination tile, computed when first asked and cached: they depend only on the walls,
// so snapshots share the cache and a wall edit starts a fresh one.
#pragma once
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "engine/logistics/types.hpp"

namespace pb::logistics {

class TileMap {
public:
    static constexpr int kUnreachable = std::numeric_limits<int>::max();

    TileMap() : TileMap(50, 50) {}
    TileMap(int width, int height);

    int width() const { return width_; }
    int height() const { return height_; }
    bool inside(Tile t) const { return t.x >= 0 && t.y >= 0 && t.x < width_ && t.y < height_; }
    bool wall(Tile t) const { return walls_[index(t)] != 0; }
    // Sets or clears a rectangle of walls (inclusive corners, clipped to the map).
    void set_walls(Tile a, Tile b, bool solid);
    int wall_count() const;
    const std::vector<std::uint8_t>& walls() const { return walls_; }

    // Tiles that can reach each other share a component; walls have -1. O(1), so the rate model
    // can skip unreachable pairs even when it estimates distances.
    int component(Tile t) const { return component_[index(t)]; }
    bool connected(Tile a, Tile b) const { return component(a) >= 0 && component(a) == component(b); }

    // Steps from every tile to `to` (kUnreachable from walls and other components).
    const std::vector<int>& field(Tile to) const;
    // Steps from `from` to `to` on the map; +infinity when there is no way.
    double path_length(Tile from, Tile to) const;
    // The next tile on a shortest path from `from` to `to` (`from` itself when there is none).
    Tile step_towards(Tile from, Tile to) const;

    std::size_t cached_fields() const;
    int index(Tile t) const { return t.y * width_ + t.x; }

private:
    struct FieldCache {
        std::vector<std::unique_ptr<std::vector<int>>> by_tile;
    };
    void label_components();

    int width_ = 0;
    int height_ = 0;
    std::vector<std::uint8_t> walls_;
    std::vector<int> component_;
    std::shared_ptr<FieldCache> cache_;
};

}   // namespace pb::logistics
