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
                            (1.0 - (b.range_of(k) == range ? b.modifier[k]
                                                           : interference_modifier(b.distance[k], b.range[k], range)));
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
        const __m128d m =
            _mm_or_pd(_mm_and_pd(within, _mm_sub_pd(one, _mm_mul_pd(half, q))), _mm_andnot_pd(within, one));
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

#if defined(PB_RGS_HAVE_AVX_SCAN)
#define PB_RGS_HAVE_AVX_ROW 1
// apply_row four samples a step, for machines with AVX (asked at run time, so the build stays
// portable). Square root and division are most of a sample's cost, and AVX units do four of them
// in about the time SSE2 does two. The same IEEE operations lane by lane (no FMA: every product
// and sum is rounded on its own, as in predict()), so the same bits as apply_row.
__attribute__((target("avx"))) void apply_row_avx(const double* xs, int count, double cx, double dy2, double dz2,
                                                  double reach2, double range, double* e, double* loss,
                                                  double own_efficiency) {
    int k = 0;
    const __m256d x = _mm256_set1_pd(cx), yy = _mm256_set1_pd(dy2), zz = _mm256_set1_pd(dz2),
                  limit = _mm256_set1_pd(reach2), r = _mm256_set1_pd(range), twelve = _mm256_set1_pd(12.0),
                  sixteen = _mm256_set1_pd(16.0), sixteenth = _mm256_set1_pd(1.0 / 16.0), half = _mm256_set1_pd(0.5),
                  one = _mm256_set1_pd(1.0), own = _mm256_set1_pd(own_efficiency);
    for (; k + 4 <= count; k += 4) {
        const __m256d dx = _mm256_sub_pd(x, _mm256_loadu_pd(xs + k));
        const __m256d d2 = _mm256_add_pd(_mm256_add_pd(_mm256_mul_pd(dx, dx), yy), zz);
        const __m256d dr = _mm256_div_pd(_mm256_sqrt_pd(d2), r);
        const __m256d cube = _mm256_mul_pd(_mm256_mul_pd(dr, dr), dr);
        const __m256d q =
            _mm256_mul_pd(_mm256_add_pd(_mm256_sub_pd(cube, _mm256_mul_pd(twelve, dr)), sixteen), sixteenth);
        const __m256d within = _mm256_cmp_pd(d2, limit, _CMP_LT_OQ);
        const __m256d m = _mm256_or_pd(_mm256_and_pd(within, _mm256_sub_pd(one, _mm256_mul_pd(half, q))),
                                       _mm256_andnot_pd(within, one));
        _mm256_storeu_pd(e + k, _mm256_mul_pd(_mm256_loadu_pd(e + k), m));
        if (loss)
            _mm256_storeu_pd(loss + k,
                             _mm256_add_pd(_mm256_loadu_pd(loss + k), _mm256_mul_pd(own, _mm256_sub_pd(one, m))));
    }
    if (k < count)
        apply_row(xs + k, count - k, cx, dy2, dz2, reach2, range, e + k, loss ? loss + k : nullptr, own_efficiency);
}
#endif

// apply_row on the widest vectors the machine has.
void apply_row_widest(const double* xs, int count, double cx, double dy2, double dz2, double reach2, double range,
                      double* e, double* loss, double own_efficiency) {
#if defined(PB_RGS_HAVE_AVX_ROW)
    if (cpu_has_avx()) {   // neighbour_scan.hpp
        apply_row_avx(xs, count, cx, dy2, dz2, reach2, range, e, loss, own_efficiency);
        return;
    }
#endif
    apply_row(xs, count, cx, dy2, dz2, reach2, range, e, loss, own_efficiency);
}

}   // namespace

void predict_heat_map(const RgsWorld& world, const HeatMapRequest& rq, HeatMap& out) {
    out.nx = std::max(rq.nx, 0);
    out.ny = std::max(rq.ny, 0);
    const std::size_t n = static_cast<std::size_t>(out.nx) * out.ny;
    out.efficiency.assign(n, 1.0);
    if (rq.team_delta)
        out.team_delta.assign(n, 0.0);   // the own team's losses, until the end
    else
        out.team_delta.clear();
    if (n == 0) return;
    out.xs.resize(out.nx);
    out.ys.resize(out.ny);
    for (int i = 0; i < out.nx; ++i) out.xs[i] = HeatMap::sample_x(rq, i);
    for (int j = 0; j < out.ny; ++j) out.ys[j] = HeatMap::sample_y(rq, j);
    const double step_x = (rq.x1 - rq.x0) / out.nx, step_y = (rq.y1 - rq.y0) / out.ny;
    const bool ascending = step_x > 0.0 && step_y > 0.0;
    const double inverse_x = 1.0 / step_x, inverse_y = 1.0 / step_y;

    // What each RGS would lose for its team (its efficiency) or -1 for the other team, by id, read
    // from the records in id order once: the grid hands RGS out in cell order, and fetching each
    // one's whole record there costs a cache miss per RGS.
    out.own_efficiency.resize(world.structures().size());
    for (const Rgs& r : world.structures())
        out.own_efficiency[static_cast<std::size_t>(r.id)] = rq.team_delta && r.team == rq.team ? r.efficiency : -1.0;
    const double reach_max = rq.range + world.largest_range();
    const Vec3 lo{std::min(rq.x0, rq.x1), std::min(rq.y0, rq.y1), rq.z};
    const Vec3 hi{std::max(rq.x0, rq.x1), std::max(rq.y0, rq.y1), rq.z};
    const SpatialGrid& grid = world.grid();
    const auto each = [&](const SpatialGrid::Entry& c) {
        const double reach = rq.range + c.range;
        const double reach2 = reach * reach;
        const double dz = c.pos.z - rq.z;
        const double dz2 = dz * dz;
        if (!(dz2 < reach2)) return;
        const double own_efficiency = out.own_efficiency[static_cast<std::size_t>(c.id)];
        const bool own = own_efficiency >= 0.0;
        const bool same_range = c.range == rq.range;
        const auto [j0, j1] = ascending ? samples_near(c.pos.y, std::sqrt(reach2 - dz2), rq.y0, inverse_y, out.ny)
                                        : std::pair<int, int>{0, out.ny - 1};
        for (int j = j0; j <= j1; ++j) {
            const double dy = c.pos.y - out.ys[j];
            const double dy2 = dy * dy;
            const double left = reach2 - dz2 - dy2;
            if (!(left > 0.0) && ascending) continue;
            const auto [i0, i1] = ascending
                                      ? samples_near(c.pos.x, std::sqrt(std::max(left, 0.0)), rq.x0, inverse_x, out.nx)
                                      : std::pair<int, int>{0, out.nx - 1};
            double* e = out.efficiency.data() + static_cast<std::size_t>(j) * out.nx;
            double* loss = own ? out.team_delta.data() + static_cast<std::size_t>(j) * out.nx : nullptr;
            if (same_range && i0 <= i1) {
                int first = i0, last = i1;
                if (ascending) {
                    // The samples in reach along a row are consecutive (the distance grows with |dx|
                    // either side), so the estimate's slack comes off by apply_row's own test.
                    const auto in_reach = [&](int i) {
                        const double dx = c.pos.x - out.xs[i];
                        return dx * dx + dy2 + dz2 < reach2;
                    };
                    while (first <= last && !in_reach(first)) ++first;
                    while (last > first && !in_reach(last)) --last;
                    if (first > last) continue;
                    // An even count leaves apply_row no scalar tail; the extra sample is out of reach,
                    // and a modifier of exactly 1 leaves it as it was.
                    if ((last - first) % 2 == 0) {
                        if (last + 1 < out.nx)
                            ++last;
                        else if (first > 0)
                            --first;
                    }
                }
                apply_row_widest(out.xs.data() + first, last - first + 1, c.pos.x, dy2, dz2, reach2, rq.range,
                                 e + first, loss ? loss + first : nullptr, own_efficiency);
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
                if (loss)
                    loss[i] += own_efficiency * (1.0 - (same_range ? m : interference_modifier(d, c.range, rq.range)));
            }
        }
    };
    grid.visit_runs_near(lo, hi, reach_max, [&](std::size_t begin, std::size_t end) {
        for (std::size_t s = begin; s < end; ++s) each(grid.entry(s));
    });
    if (rq.team_delta)
        for (std::size_t k = 0; k < n; ++k) out.team_delta[k] = out.efficiency[k] - out.team_delta[k];
}

}   // namespace pb::rgs
