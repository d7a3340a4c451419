// A uniform grid over the map holding the mining RGS (the only ones that interfere), so that
// finding the RGS within reach of a point costs the few cells around it instead of all RGS.
// Cells are cubes of at least twice the largest range (the farthest two RGS can interfere), so a
// neighbourhood is at most three cells across: few cells to visit, few empty ones to skip.
// A cell keeps its entries as columns (x, y, z, range, id) so distance tests run as vector code.
//
// Visiting order is canonical — cells by (z, y, x) ascending, ids ascending within a cell — and
// depends only on the cell size and the positions, never on the history of inserts and moves.
// Efficiencies are products in visiting order, so they come out bit-identical whether computed
// by a full recompute, after a move, or as a prediction.
#pragma once
#include <cmath>
#include <cstddef>
#include <vector>

#include "engine/rgs/types.hpp"

namespace pb::rgs {

class SpatialGrid {
public:
    struct Entry {
        Vec3 pos;
        double range = 0.0;
        int id = -1;
    };

    struct Cell {
        std::vector<double> x, y, z, range;
        std::vector<int> id;   // ascending
        std::size_t size() const { return id.size(); }
        bool empty() const { return id.empty(); }
        Entry entry(std::size_t i) const { return {{x[i], y[i], z[i]}, range[i], id[i]}; }
    };

    // Empties the grid and lays it over [0, map_size] with cells of at least `min_cell` (larger
    // when needed to keep the number of cells bounded). Positions outside the map go to the
    // border cells, so a map shrunk under existing RGS still finds them.
    void reset(Vec3 map_size, double min_cell);
    double cell_size() const { return cell_; }
    std::size_t size() const { return count_; }

    void insert(const Entry& e);
    void erase(int id, Vec3 pos);
    // Moves an entry (same id) from `old_pos` to its new position and range.
    void update(Vec3 old_pos, const Entry& e);

    // The cells overlapping the box [lo, hi], as ranges of cell coordinates.
    struct CellRange {
        int x0, x1, y0, y1, z0, z1;
    };
    CellRange cells_overlapping(Vec3 lo, Vec3 hi) const {
        return {axis_index(lo.x, 0), axis_index(hi.x, 0), axis_index(lo.y, 1),
                axis_index(hi.y, 1), axis_index(lo.z, 2), axis_index(hi.z, 2)};
    }

    // Calls f(cell_index, const Cell&) for every non-empty cell overlapping the box [lo, hi], in
    // canonical order.
    template <class F>
    void visit_cells(Vec3 lo, Vec3 hi, F&& f) const {
        const CellRange c = cells_overlapping(lo, hi);
        for (int z = c.z0; z <= c.z1; ++z)
            for (int y = c.y0; y <= c.y1; ++y)
                for (int x = c.x0; x <= c.x1; ++x) {
                    const std::size_t i = index(x, y, z);
                    if (!cells_[i].empty()) f(i, cells_[i]);
                }
    }

    // Calls f(cell_index, const Cell&) for every non-empty cell that comes nearer than `reach` to
    // the box [lo, hi] (a point when lo == hi), in canonical order: the box's corner cells often
    // do not, for a sphere.
    template <class F>
    void visit_cells_near(Vec3 lo, Vec3 hi, double reach, F&& f) const {
        const Vec3 span{reach, reach, reach};
        const CellRange c = cells_overlapping(lo - span, hi + span);
        const double reach2 = reach * reach;
        for (int z = c.z0; z <= c.z1; ++z) {
            const double gz = gap(lo.z, hi.z, z, 2);
            for (int y = c.y0; y <= c.y1; ++y) {
                const double gy = gap(lo.y, hi.y, y, 1);
                for (int x = c.x0; x <= c.x1; ++x) {
                    const double gx = gap(lo.x, hi.x, x, 0);
                    if (gx * gx + gy * gy + gz * gz >= reach2) continue;
                    const std::size_t i = index(x, y, z);
                    if (!cells_[i].empty()) f(i, cells_[i]);
                }
            }
        }
    }

    // Calls f(const Entry&) for every entry in the cells overlapping the box [lo, hi], in the
    // canonical order. Callers filter by exact distance.
    template <class F>
    void visit_box(Vec3 lo, Vec3 hi, F&& f) const {
        visit_cells(lo, hi, [&](std::size_t, const Cell& cell) {
            for (std::size_t i = 0; i < cell.size(); ++i) f(cell.entry(i));
        });
    }

    std::size_t cell_count() const { return cells_.size(); }
    const Cell& cell(std::size_t i) const { return cells_[i]; }
    std::size_t index(int x, int y, int z) const {
        return (static_cast<std::size_t>(z) * static_cast<std::size_t>(n_[1]) + static_cast<std::size_t>(y)) *
                   static_cast<std::size_t>(n_[0]) +
               static_cast<std::size_t>(x);
    }
    int cells_along(int axis) const { return n_[axis]; }
    int axis_index(double v, int axis) const {
        const double i = v * inverse_cell_;
        if (!(i > 0.0)) return 0;   // also NaN
        // Truncation is floor for positive values (std::floor is a library call without SSE4.1).
        return i >= n_[axis] ? n_[axis] - 1 : static_cast<int>(i);
    }

private:
    // How far the interval [lo, hi] lies from cell k along an axis (0 when they overlap). Cells on
    // the border hold positions beyond the map too, so they reach out without end.
    double gap(double lo, double hi, int k, int axis) const {
        if (hi < k * cell_ && k > 0) return k * cell_ - hi;
        if (lo > (k + 1) * cell_ && k + 1 < n_[axis]) return lo - (k + 1) * cell_;
        return 0.0;
    }
    std::size_t index_of(Vec3 p) const { return index(axis_index(p.x, 0), axis_index(p.y, 1), axis_index(p.z, 2)); }
    static std::size_t find(const Cell& cell, int id);   // position of `id` (or where it would go)

    double cell_ = 1.0;
    double inverse_cell_ = 1.0;
    int n_[3] = {1, 1, 1};
    std::size_t count_ = 0;
    std::vector<Cell> cells_{1};
};

}  // namespace pb::rgs
