// The build preview: what an RGS would yield at a point, one point at a time (RgsWorld::predict)
// or over a whole slice of the map (predict_heat_map).
#include <algorithm>
#include <cmath>

#include "engine/rgs/neighbour_scan.hpp"

#include "engine/rgs/heat_map.hpp"

namespace pb::rgs {

Prediction RgsWorld::predict(Vec3 p, int team, double range) const {
    Prediction out;
    double own_loss = 0.0;
    for_each_batch_within_reach(p, range, -1, [&](const NeighbourBatch& b) {
        for (std::size_t k = 0; k < b.size; ++k) {
            out.efficiency *= b.modifier[k];
            ++out.interfering;
            // What a neighbour of the same team would lose: its efficiency times (1 - its new modifier).
            const Rgs& other = rgs_[b.id[k]];
            if (other.team == team)
                own_loss += other.efficiency *
                            (1.0 - (b.range[k] == range ? b.modifier[k] : interference_modifier(b.distance[k], b.range[k], range)));
        }
    });
    out.team_delta = out.efficiency - own_loss;
    return out;
}

namespace {

// The sample indices [first, last] whose positions may lie within `half` of `centre` (one more on
// each side than the arithmetic says, so rounding never loses one; the exact test follows).
// Sample k sits at lo + (k + 1/2) / inverse_step. Truncation stands in for floor (a library call
// without SSE4.1) where the value is not negative.
std::pair<int, int> samples_near(double centre, double half, double lo, double inverse_step, int n) {
    const double a = (centre - half - lo) * inverse_step - 0.5;
    const double b = (centre + half - lo) * inverse_step - 0.5;
    if (b < -1.0 || a > n) return {0, -1};
    const int first = a > 1.0 ? static_cast<int>(a) - 1 : 0;
    const int last = b >= 0.0 ? std::min(static_cast<int>(std::min(b, static_cast<double>(n))) + 1, n - 1) : 0;
    return {first, last};
}

// One RGS's modifiers on a run of samples of a row, when its range equals the predicted one: e[k]
// *= m, loss[k] += own_efficiency (1 - m) (loss may be null), with m the modifier within reach and
// exactly 1 beyond it, which leaves a sample as it was, bit for bit. Two samples at a time where
// SSE2 is there; the same operations in the same order either way (predict()'s).
void apply_row(const double* xs, int count, double cx, double dy2, double dz2, double reach2, double range, double* e,
               double* loss, double own_efficiency) {
    int k = 0;
#if defined(__SSE2__)
    const __m128d x = _mm_set1_pd(cx), yy = _mm_set1_pd(dy2), zz = _mm_set1_pd(dz2), limit = _mm_set1_pd(reach2),
                  r = _mm_set1_pd(range), twelve = _mm_set1_pd(12.0), sixteen = _mm_set1_pd(16.0),
                  sixteenth = _mm_set1_pd(1.0 / 16.0), half = _mm_set1_pd(0.5), one = _mm_set1_pd(1.0),
                  own = _mm_set1_pd(own_efficiency);
    for (; k + 2 <= count; k += 2) {
        const __m128d dx = _mm_sub_pd(x, _mm_loadu_pd(xs + k));
        const __m128d d2 = _mm_add_pd(_mm_add_pd(_mm_mul_pd(dx, dx), yy), zz);
        const __m128d dr = _mm_div_pd(_mm_sqrt_pd(d2), r);
        const __m128d cube = _mm_mul_pd(_mm_mul_pd(dr, dr), dr);
        const __m128d q = _mm_mul_pd(_mm_add_pd(_mm_sub_pd(cube, _mm_mul_pd(twelve, dr)), sixteen), sixteenth);
        const __m128d within = _mm_cmplt_pd(d2, limit);
        const __m128d m = _mm_or_pd(_mm_and_pd(within, _mm_sub_pd(one, _mm_mul_pd(half, q))), _mm_andnot_pd(within, one));
        _mm_storeu_pd(e + k, _mm_mul_pd(_mm_loadu_pd(e + k), m));
        if (loss) _mm_storeu_pd(loss + k, _mm_add_pd(_mm_loadu_pd(loss + k), _mm_mul_pd(own, _mm_sub_pd(one, m))));
    }
#endif
    for (; k < count; ++k) {
        const double dx = cx - xs[k];
        const double d2 = dx * dx + dy2 + dz2;
        if (!(d2 < reach2)) continue;
        const double dr = std::sqrt(d2) / range;
        const double m = 1.0 - 0.5 * ((dr * dr * dr - 12.0 * dr + 16.0) / 16.0);
        e[k] *= m;
        if (loss) loss[k] += own_efficiency * (1.0 - m);
    }
}

}  // namespace

void predict_heat_map(const RgsWorld& world, const HeatMapRequest& rq, HeatMap& out) {
    out.nx = std::max(rq.nx, 0);
    out.ny = std::max(rq.ny, 0);
    const std::size_t n = static_cast<std::size_t>(out.nx) * out.ny;
    out.efficiency.assign(n, 1.0);
    if (rq.team_delta) out.team_delta.assign(n, 0.0);   // the own team's losses, until the end
    else out.team_delta.clear();
    if (n == 0) return;
    out.xs.resize(out.nx);
    out.ys.resize(out.ny);
    for (int i = 0; i < out.nx; ++i) out.xs[i] = HeatMap::sample_x(rq, i);
    for (int j = 0; j < out.ny; ++j) out.ys[j] = HeatMap::sample_y(rq, j);
    const double step_x = (rq.x1 - rq.x0) / out.nx, step_y = (rq.y1 - rq.y0) / out.ny;
    const bool ascending = step_x > 0.0 && step_y > 0.0;
    const double inverse_x = 1.0 / step_x, inverse_y = 1.0 / step_y;

    const auto& rgs = world.structures();
    const double reach_max = rq.range + world.largest_range();
    const Vec3 lo{std::min(rq.x0, rq.x1) - reach_max, std::min(rq.y0, rq.y1) - reach_max, rq.z - reach_max};
    const Vec3 hi{std::max(rq.x0, rq.x1) + reach_max, std::max(rq.y0, rq.y1) + reach_max, rq.z + reach_max};
    world.grid().visit_box(lo, hi, [&](const SpatialGrid::Entry& c) {
        const double reach = rq.range + c.range;
        const double reach2 = reach * reach;
        const double dz = c.pos.z - rq.z;
        const double dz2 = dz * dz;
        if (!(dz2 < reach2)) return;
        const bool own = rgs[c.id].team == rq.team && rq.team_delta;
        const double own_efficiency = rgs[c.id].efficiency;
        const bool same_range = c.range == rq.range;
        const auto [j0, j1] = ascending ? samples_near(c.pos.y, std::sqrt(reach2 - dz2), rq.y0, inverse_y, out.ny)
                                        : std::pair<int, int>{0, out.ny - 1};
        for (int j = j0; j <= j1; ++j) {
            const double dy = c.pos.y - out.ys[j];
            const double dy2 = dy * dy;
            const double left = reach2 - dz2 - dy2;
            if (!(left > 0.0) && ascending) continue;
            const auto [i0, i1] = ascending ? samples_near(c.pos.x, std::sqrt(std::max(left, 0.0)), rq.x0, inverse_x, out.nx)
                                            : std::pair<int, int>{0, out.nx - 1};
            double* e = out.efficiency.data() + static_cast<std::size_t>(j) * out.nx;
            double* loss = own ? out.team_delta.data() + static_cast<std::size_t>(j) * out.nx : nullptr;
            if (same_range && i0 <= i1) {
                apply_row(out.xs.data() + i0, i1 - i0 + 1, c.pos.x, dy2, dz2, reach2, rq.range, e + i0,
                          loss ? loss + i0 : nullptr, own_efficiency);
                continue;
            }
            for (int i = i0; i <= i1; ++i) {
                // predict()'s arithmetic exactly: d = neighbour - sample, summed x, y, z.
                const double dx = c.pos.x - out.xs[i];
                const double d2 = dx * dx + dy2 + dz2;
                if (!(d2 < reach2)) continue;
                const double d = std::sqrt(d2);
                const double m = interference_modifier(d, rq.range, c.range);
                e[i] *= m;
                if (loss) loss[i] += own_efficiency * (1.0 - (same_range ? m : interference_modifier(d, c.range, rq.range)));
            }
        }
    });
    if (rq.team_delta)
        for (std::size_t k = 0; k < n; ++k) out.team_delta[k] = out.efficiency[k] - out.team_delta[k];
}

}  // namespace pb::rgs
