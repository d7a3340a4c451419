// A uniform grid over the map holding the mining RGS (the only ones that interfere), so that
// finding the RGS within reach of a point costs the few cells around it instead of all RGS.
// Cells are cubes of at least twice the largest range (the farthest two RGS can interfere), so a
// neighbourhood is at most three cells across: few cells to visit, few empty ones to skip.
//
// Visiting order is canonical — cells by (z, y, x) ascending, ids ascending within a cell — and
// depends only on the cell size and the positions, never on the history of inserts and moves.
// Efficiencies are products in visiting order, so they come out bit-identical whether computed
// by a full recompute, after a move, or as a prediction.
//
// Storage is that order itself: one set of columns (x, y, z, range, id) for all entries, sorted
// canonically, and each cell a range of "slots" in them (compressed rows). Distance tests so run
// as vector code over contiguous memory, and the cells of one x-row of the grid lie next to each
// other: a neighbourhood is three runs of slots (one per row), not nine cells with their own
// bookkeeping. A move between cells shifts only the slots between the two cells.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>
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

    // Empties the grid and lays it over [0, map_size] with cells of at least `min_cell` (larger
    // when needed to keep the number of cells bounded). Positions outside the map go to the
    // border cells, so a map shrunk under existing RGS still finds them.
    void reset(Vec3 map_size, double min_cell);
    double cell_size() const { return cell_; }
    std::size_t size() const { return id_.size(); }

    // Fills the (reset) grid with `entries` at once, in O(n + cells): what inserting them one by
    // one gives, without shifting the columns n times.
    void assign(const std::vector<Entry>& entries);
    // O(entries after it + cells after it): a click, not a drag.
    void insert(const Entry& e);
    void erase(int id, Vec3 pos);
    // Moves an entry (same id) from `old_pos` to its new position and range. Shifts only the
    // slots between its old and new cell (none within a cell).
    void update(Vec3 old_pos, const Entry& e);

    // The columns, indexed by slot.
    const double* xs() const { return x_.data(); }
    const double* ys() const { return y_.data(); }
    const double* zs() const { return z_.data(); }
    const double* ranges() const { return range_.data(); }
    const int* ids() const { return id_.data(); }
    Entry entry(std::size_t slot) const { return {{x_[slot], y_[slot], z_[slot]}, range_[slot], id_[slot]}; }

    std::size_t cell_count() const { return start_.size() - 1; }
    // Cell c holds slots [cell_begin(c), cell_end(c)).
    std::size_t cell_begin(std::size_t c) const { return start_[c]; }
    std::size_t cell_end(std::size_t c) const { return start_[c + 1]; }

    // The cells overlapping the box [lo, hi], as ranges of cell coordinates.
    struct CellRange {
        int x0, x1, y0, y1, z0, z1;
    };
    CellRange cells_overlapping(Vec3 lo, Vec3 hi) const {
        return {axis_index(lo.x, 0), axis_index(hi.x, 0), axis_index(lo.y, 1),
                axis_index(hi.y, 1), axis_index(lo.z, 2), axis_index(hi.z, 2)};
    }

    // Calls f(begin, end) with the slots of every cell that comes nearer than `reach` to the box
    // [lo, hi] (a point when lo == hi), in canonical order. The cells of one x-row that qualify
    // are consecutive (the gap to the box falls, then rises, along the row), and so are their
    // slots: each row is one call. Empty runs are left out.
    template <class F>
    void visit_runs_near(Vec3 lo, Vec3 hi, double reach, F&& f) const {
        const Vec3 span{reach, reach, reach};
        const CellRange c = cells_overlapping(lo - span, hi + span);
        const double reach2 = reach * reach;
        for (int z = c.z0; z <= c.z1; ++z) {
            const double gz = gap(lo.z, hi.z, z, 2);
            for (int y = c.y0; y <= c.y1; ++y) {
                const double gy = gap(lo.y, hi.y, y, 1);
                const auto out_of_reach = [&](int x) {
                    const double gx = gap(lo.x, hi.x, x, 0);
                    return gx * gx + gy * gy + gz * gz >= reach2;
                };
                int x0 = c.x0, x1 = c.x1;
                while (x0 <= x1 && out_of_reach(x0)) ++x0;
                while (x1 >= x0 && out_of_reach(x1)) --x1;
                if (x0 > x1) continue;
                const std::size_t begin = start_[index(x0, y, z)], end = start_[index(x1, y, z) + 1];
                if (begin < end) f(begin, end);
            }
        }
    }

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
    // The slot of `id` in cell c, or where it would go.
    std::size_t find(std::size_t c, int id) const;
    void put(std::size_t slot, const Entry& e);

    double cell_ = 1.0;
    double inverse_cell_ = 1.0;
    int n_[3] = {1, 1, 1};
    std::vector<std::uint32_t> start_{0, 0};   // per cell its first slot, and the end last
    std::vector<double> x_, y_, z_, range_;
    std::vector<int> id_;   // ascending within each cell
};

}   // namespace pb::rgs
