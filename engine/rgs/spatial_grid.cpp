#include "engine/rgs/spatial_grid.hpp"

#include <algorithm>
#include <stdexcept>

namespace pb::rgs {
namespace {

// A bound on memory (and on the cost of clearing) when ranges are tiny against a huge map.
constexpr double kMaxCells = 1 << 20;

int cells_for(double extent, double cell) { return std::max(1, static_cast<int>(std::ceil(extent / cell))); }

// Moves element `from` of v to position `to` (the others between shift by one towards `from`).
template <class T>
void relocate(std::vector<T>& v, std::size_t from, std::size_t to) {
    if (from < to)
        std::rotate(v.begin() + static_cast<std::ptrdiff_t>(from), v.begin() + static_cast<std::ptrdiff_t>(from + 1),
                    v.begin() + static_cast<std::ptrdiff_t>(to + 1));
    else if (to < from)
        std::rotate(v.begin() + static_cast<std::ptrdiff_t>(to), v.begin() + static_cast<std::ptrdiff_t>(from),
                    v.begin() + static_cast<std::ptrdiff_t>(from + 1));
}

}   // namespace

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
    start_.assign(static_cast<std::size_t>(n_[0]) * n_[1] * n_[2] + 1, 0);
    x_.clear();
    y_.clear();
    z_.clear();
    range_.clear();
    id_.clear();
}

void SpatialGrid::assign(const std::vector<Entry>& entries) {
    if (!id_.empty()) throw std::logic_error("SpatialGrid::assign: the grid is not empty");
    // A counting sort by cell over the entries in id order keeps ids ascending within a cell.
    std::vector<std::size_t> order(entries.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return entries[a].id < entries[b].id; });
    std::vector<std::size_t> cell_of(entries.size());
    for (std::size_t i = 0; i < entries.size(); ++i) {
        cell_of[i] = index_of(entries[i].pos);
        ++start_[cell_of[i] + 1];
    }
    for (std::size_t c = 1; c < start_.size(); ++c) start_[c] += start_[c - 1];
    const std::size_t n = entries.size();
    x_.resize(n);
    y_.resize(n);
    z_.resize(n);
    range_.resize(n);
    id_.resize(n);
    std::vector<std::uint32_t> next(start_.begin(), start_.end() - 1);
    int previous = -1;
    for (std::size_t i : order) {
        if (entries[i].id == previous) throw std::logic_error("SpatialGrid::assign: id present twice");
        previous = entries[i].id;
        put(next[cell_of[i]]++, entries[i]);
    }
}

std::size_t SpatialGrid::find(std::size_t c, int id) const {
    return static_cast<std::size_t>(std::lower_bound(id_.begin() + start_[c], id_.begin() + start_[c + 1], id) -
                                    id_.begin());
}

void SpatialGrid::put(std::size_t slot, const Entry& e) {
    x_[slot] = e.pos.x;
    y_[slot] = e.pos.y;
    z_[slot] = e.pos.z;
    range_[slot] = e.range;
    id_[slot] = e.id;
}

void SpatialGrid::insert(const Entry& e) {
    const std::size_t c = index_of(e.pos);
    const std::size_t at = find(c, e.id);
    if (at < start_[c + 1] && id_[at] == e.id) throw std::logic_error("SpatialGrid::insert: id already present");
    const auto offset = static_cast<std::ptrdiff_t>(at);
    x_.insert(x_.begin() + offset, e.pos.x);
    y_.insert(y_.begin() + offset, e.pos.y);
    z_.insert(z_.begin() + offset, e.pos.z);
    range_.insert(range_.begin() + offset, e.range);
    id_.insert(id_.begin() + offset, e.id);
    for (std::size_t k = c + 1; k < start_.size(); ++k) ++start_[k];
}

void SpatialGrid::erase(int id, Vec3 pos) {
    const std::size_t c = index_of(pos);
    const std::size_t at = find(c, id);
    if (at == start_[c + 1] || id_[at] != id) throw std::logic_error("SpatialGrid::erase: id not in its cell");
    const auto offset = static_cast<std::ptrdiff_t>(at);
    x_.erase(x_.begin() + offset);
    y_.erase(y_.begin() + offset);
    z_.erase(z_.begin() + offset);
    range_.erase(range_.begin() + offset);
    id_.erase(id_.begin() + offset);
    for (std::size_t k = c + 1; k < start_.size(); ++k) --start_[k];
}

void SpatialGrid::update(Vec3 old_pos, const Entry& e) {
    const std::size_t from = index_of(old_pos), to = index_of(e.pos);
    const std::size_t at = find(from, e.id);
    if (at == start_[from + 1] || id_[at] != e.id) throw std::logic_error("SpatialGrid::update: id not in its cell");
    std::size_t slot = at;
    if (to > from) {
        // Its place among the ids of the later cell, which moves down one slot as it leaves.
        slot = find(to, e.id) - 1;
        for (std::size_t k = from + 1; k <= to; ++k) --start_[k];
    } else if (to < from) {
        slot = find(to, e.id);
        for (std::size_t k = to + 1; k <= from; ++k) ++start_[k];
    }
    relocate(x_, at, slot);
    relocate(y_, at, slot);
    relocate(z_, at, slot);
    relocate(range_, at, slot);
    relocate(id_, at, slot);
    put(slot, e);
}

}   // namespace pb::rgs
