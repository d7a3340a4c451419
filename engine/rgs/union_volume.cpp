#include "engine/rgs/union_volume.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "engine/rgs/interference.hpp"

namespace pb::rgs {
namespace {

// Drops spheres of no size and spheres inside another (of two identical spheres, the first stays).
std::vector<Sphere> essential_spheres(const std::vector<Sphere>& in) {
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < in.size(); ++i)
        if (in[i].radius > 0.0) order.push_back(i);
    std::stable_sort(order.begin(), order.end(),
                     [&](std::size_t a, std::size_t b) { return in[a].radius > in[b].radius; });
    std::vector<Sphere> kept;
    for (std::size_t i : order) {
        const Sphere& s = in[i];
        bool inside = false;
        for (const Sphere& k : kept) {
            const Vec3 d = s.center - k.center;
            if (std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z) + s.radius <= k.radius) {
                inside = true;
                break;
            }
        }
        if (!inside) kept.push_back(s);
    }
    return kept;
}

struct Interval {
    double lo, hi;
};

// Total length of a union of intervals (sorts them in place).
double union_length(std::vector<Interval>& v) {
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end(), [](const Interval& a, const Interval& b) { return a.lo < b.lo; });
    double total = 0.0, lo = v[0].lo, hi = v[0].hi;
    for (std::size_t i = 1; i < v.size(); ++i) {
        if (v[i].lo > hi) {
            total += hi - lo;
            lo = v[i].lo;
            hi = v[i].hi;
        } else if (v[i].hi > hi) {
            hi = v[i].hi;
        }
    }
    return total + (hi - lo);
}

struct Cell {
    double x0, y0, x1, y1;
    double lower, upper;   // bounds of the integral over the cell
    int bucket;            // the initial cell it lies in (its candidate spheres)
    double gap() const { return upper - lower; }
};

class ColumnIntegrator {
public:
    explicit ColumnIntegrator(std::vector<Sphere> spheres) : s_(std::move(spheres)) {}

    // Lays out the initial cells (also the buckets of candidate spheres).
    std::vector<Cell> initial_cells() {
        double x0 = s_[0].center.x - s_[0].radius, x1 = s_[0].center.x + s_[0].radius;
        double y0 = s_[0].center.y - s_[0].radius, y1 = s_[0].center.y + s_[0].radius;
        double smallest = s_[0].radius;
        for (const Sphere& s : s_) {
            x0 = std::min(x0, s.center.x - s.radius);
            x1 = std::max(x1, s.center.x + s.radius);
            y0 = std::min(y0, s.center.y - s.radius);
            y1 = std::max(y1, s.center.y + s.radius);
            smallest = std::min(smallest, s.radius);
        }
        // Cells of half the smallest radius, at most 64 x 64 of them to start with.
        const int nx = std::clamp(static_cast<int>(std::ceil((x1 - x0) / (0.5 * smallest))), 1, 64);
        const int ny = std::clamp(static_cast<int>(std::ceil((y1 - y0) / (0.5 * smallest))), 1, 64);
        const double w = (x1 - x0) / nx, h = (y1 - y0) / ny;
        std::vector<Cell> cells;
        for (int j = 0; j < ny; ++j)
            for (int i = 0; i < nx; ++i) {
                Cell c{x0 + i * w, y0 + j * h, i + 1 == nx ? x1 : x0 + (i + 1) * w, j + 1 == ny ? y1 : y0 + (j + 1) * h,
                       0.0,        0.0,        static_cast<int>(buckets_.size())};
                std::vector<int> bucket;
                for (std::size_t k = 0; k < s_.size(); ++k)
                    if (rho_min_sq(s_[k], c) < s_[k].radius * s_[k].radius) bucket.push_back(static_cast<int>(k));
                buckets_.push_back(std::move(bucket));
                if (buckets_.back().empty()) continue;   // no sphere above or below this cell
                bound(c);
                cells.push_back(c);
            }
        return cells;
    }

    void bound(Cell& c) {
        const double area = (c.x1 - c.x0) * (c.y1 - c.y0);
        active_.clear();
        outer_.clear();
        inner_.clear();
        bool all_cover = true;
        for (int k : buckets_[c.bucket]) {
            const Sphere& s = s_[k];
            const double r2 = s.radius * s.radius;
            const double near2 = rho_min_sq(s, c);
            if (near2 >= r2) continue;
            const double dx = std::max(std::fabs(s.center.x - c.x0), std::fabs(s.center.x - c.x1));
            const double dy = std::max(std::fabs(s.center.y - c.y0), std::fabs(s.center.y - c.y1));
            const double far2 = dx * dx + dy * dy;
            const double hmax = std::sqrt(r2 - near2);
            outer_.push_back({s.center.z - hmax, s.center.z + hmax});
            if (far2 < r2) {
                const double hmin = std::sqrt(r2 - far2);
                inner_.push_back({s.center.z - hmin, s.center.z + hmin});
            } else {
                all_cover = false;
            }
            active_.push_back(k);
        }
        const double inner_len = union_length(inner_);
        c.lower = area * inner_len;
        c.upper = area * union_length(outer_);
        if (!all_cover || !ends_keep_their_order()) return;

        // Concave on the cell: between the corner interpolation (either diagonal) and the centre.
        const double f00 = length_at(c.x0, c.y0), f10 = length_at(c.x1, c.y0);
        const double f01 = length_at(c.x0, c.y1), f11 = length_at(c.x1, c.y1);
        const double fc = length_at(0.5 * (c.x0 + c.x1), 0.5 * (c.y0 + c.y1));
        const double split_a = (2.0 * f00 + f10 + f01 + 2.0 * f11) / 6.0;
        const double split_b = (f00 + 2.0 * f10 + 2.0 * f01 + f11) / 6.0;
        c.lower = std::max(c.lower, area * std::max(split_a, split_b));
        c.upper = std::min(c.upper, area * fc);
        if (c.upper < c.lower) c.upper = c.lower;   // rounding only: both bound the same value
    }

private:
    static double rho_min_sq(const Sphere& s, const Cell& c) {
        const double dx = std::max({0.0, c.x0 - s.center.x, s.center.x - c.x1});
        const double dy = std::max({0.0, c.y0 - s.center.y, s.center.y - c.y1});
        return dx * dx + dy * dy;
    }

    // With outer_/inner_ filled for spheres covering the whole cell: true when the ranges the
    // interval ends sweep over the cell are disjoint, so their order — and which ends bound the
    // union — is the same everywhere in the cell.
    bool ends_keep_their_order() {
        ends_.clear();
        for (std::size_t i = 0; i < outer_.size(); ++i) {
            ends_.push_back({outer_[i].lo, inner_[i].lo});
            ends_.push_back({inner_[i].hi, outer_[i].hi});
        }
        std::sort(ends_.begin(), ends_.end(), [](const Interval& a, const Interval& b) { return a.lo < b.lo; });
        for (std::size_t i = 1; i < ends_.size(); ++i)
            if (!(ends_[i - 1].hi < ends_[i].lo)) return false;
        return true;
    }

    double length_at(double x, double y) {
        column_.clear();
        for (int k : active_) {
            const Sphere& s = s_[k];
            const double dx = x - s.center.x, dy = y - s.center.y;
            const double h2 = s.radius * s.radius - (dx * dx + dy * dy);
            if (h2 <= 0.0) continue;
            const double h = std::sqrt(h2);
            column_.push_back({s.center.z - h, s.center.z + h});
        }
        return union_length(column_);
    }

    std::vector<Sphere> s_;
    std::vector<std::vector<int>> buckets_;
    // scratch, reused by every cell
    std::vector<int> active_;
    std::vector<Interval> outer_, inner_, ends_, column_;
};

UnionVolume sum_bounds(const std::vector<Cell>& cells) {
    UnionVolume u;
    for (const Cell& c : cells) {
        u.lower += c.lower;
        u.upper += c.upper;
    }
    u.volume = 0.5 * (u.lower + u.upper);
    u.cells = cells.size();
    return u;
}

}   // namespace

UnionVolume union_volume(const std::vector<Sphere>& spheres, double relative_tolerance, std::size_t max_cells) {
    std::vector<Sphere> s = essential_spheres(spheres);
    UnionVolume u;
    u.spheres_used = s.size();
    if (s.size() <= 2) {
        u.exact = true;
        for (const Sphere& one : s) u.volume += sphere_volume(one.radius);
        if (s.size() == 2) {
            const Vec3 d = s[0].center - s[1].center;
            u.volume -= lens_volume(std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z), s[0].radius, s[1].radius);
        }
        u.lower = u.upper = u.volume;
        return u;
    }

    ColumnIntegrator integrator(std::move(s));
    std::vector<Cell> heap = integrator.initial_cells();
    const auto wider = [](const Cell& a, const Cell& b) { return a.gap() < b.gap(); };
    std::make_heap(heap.begin(), heap.end(), wider);
    double lower = 0.0, upper = 0.0;
    for (const Cell& c : heap) {
        lower += c.lower;
        upper += c.upper;
    }
    // Split the widest cell into four until (upper - lower) / 2 <= tolerance * (upper + lower) / 2.
    while (upper - lower > relative_tolerance * (upper + lower) && heap.size() + 3 <= max_cells) {
        std::pop_heap(heap.begin(), heap.end(), wider);
        const Cell c = heap.back();
        heap.pop_back();
        lower -= c.lower;
        upper -= c.upper;
        const double xm = 0.5 * (c.x0 + c.x1), ym = 0.5 * (c.y0 + c.y1);
        const Cell parts[4] = {{c.x0, c.y0, xm, ym, 0, 0, c.bucket},
                               {xm, c.y0, c.x1, ym, 0, 0, c.bucket},
                               {c.x0, ym, xm, c.y1, 0, 0, c.bucket},
                               {xm, ym, c.x1, c.y1, 0, 0, c.bucket}};
        for (Cell p : parts) {
            integrator.bound(p);
            lower += p.lower;
            upper += p.upper;
            heap.push_back(p);
            std::push_heap(heap.begin(), heap.end(), wider);
        }
    }
    UnionVolume result = sum_bounds(heap);   // fresh sums: the running ones drift by rounding
    result.spheres_used = u.spheres_used;
    return result;
}

}   // namespace pb::rgs
