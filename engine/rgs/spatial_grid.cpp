#include "engine/rgs/spatial_grid.hpp"

#include <algorithm>
#include <stdexcept>

namespace pb::rgs {
namespace {

// A bound on memory (and on the cost of clearing) when ranges are tiny against a huge map.
constexpr double kMaxCells = 1 << 20;

int cells_for(double extent, double cell) { return std::max(1, static_cast<int>(std::ceil(extent / cell))); }

}  // namespace

void SpatialGrid::reset(Vec3 map_size, double min_cell) {
    double cell = std::max(min_cell, 1.0);
    auto total = [&](double c) {
        return static_cast<double>(cells_for(map_size.x, c)) * cells_for(map_size.y, c) * cells_for(map_size.z, c);
    };
    while (total(cell) > kMaxCells) cell *= 1.25;
    cell_ = cell;
    inverse_cell_ = 1.0 / cell;
    n_[0] = cells_for(map_size.x, cell);
    n_[1] = cells_for(map_size.y, cell);
    n_[2] = cells_for(map_size.z, cell);
    cells_.assign(static_cast<std::size_t>(n_[0]) * n_[1] * n_[2], {});
    count_ = 0;
}

std::size_t SpatialGrid::find(const Cell& cell, int id) {
    return static_cast<std::size_t>(std::lower_bound(cell.id.begin(), cell.id.end(), id) - cell.id.begin());
}

void SpatialGrid::insert(const Entry& e) {
    Cell& cell = cells_[index_of(e.pos)];
    const std::size_t at = find(cell, e.id);
    if (at < cell.size() && cell.id[at] == e.id) throw std::logic_error("SpatialGrid::insert: id already present");
    const auto offset = static_cast<std::ptrdiff_t>(at);
    cell.x.insert(cell.x.begin() + offset, e.pos.x);
    cell.y.insert(cell.y.begin() + offset, e.pos.y);
    cell.z.insert(cell.z.begin() + offset, e.pos.z);
    cell.range.insert(cell.range.begin() + offset, e.range);
    cell.id.insert(cell.id.begin() + offset, e.id);
    ++count_;
}

void SpatialGrid::erase(int id, Vec3 pos) {
    Cell& cell = cells_[index_of(pos)];
    const std::size_t at = find(cell, id);
    if (at == cell.size() || cell.id[at] != id) throw std::logic_error("SpatialGrid::erase: id not in its cell");
    const auto offset = static_cast<std::ptrdiff_t>(at);
    cell.x.erase(cell.x.begin() + offset);
    cell.y.erase(cell.y.begin() + offset);
    cell.z.erase(cell.z.begin() + offset);
    cell.range.erase(cell.range.begin() + offset);
    cell.id.erase(cell.id.begin() + offset);
    --count_;
}

void SpatialGrid::update(Vec3 old_pos, const Entry& e) {
    const std::size_t from = index_of(old_pos), to = index_of(e.pos);
    if (from != to) {
        erase(e.id, old_pos);
        insert(e);
        return;
    }
    Cell& cell = cells_[from];
    const std::size_t at = find(cell, e.id);
    if (at == cell.size() || cell.id[at] != e.id) throw std::logic_error("SpatialGrid::update: id not in its cell");
    cell.x[at] = e.pos.x;
    cell.y[at] = e.pos.y;
    cell.z[at] = e.pos.z;
    cell.range[at] = e.range;
}

}  // namespace pb::rgs
