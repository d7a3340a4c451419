// Finding the RGS within reach among a grid cell's entries, and the modifiers they put on the RGS
// asking. This is the inner loop of every efficiency, so it is shaped for the machine: whether a
// candidate is in reach is a coin toss a branch predictor cannot learn, so distances and verdicts
// for a chunk come first (independent iterations), then the hits are gathered (a one-add chain),
// then square roots and modifiers run over the hits as plain loops the compiler vectorises.
// Every value is the one interference_modifier() gives, bit for bit.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "engine/rgs/interference.hpp"
#include "engine/rgs/spatial_grid.hpp"

namespace pb::rgs {

// One RGS within reach: its id and range, its distance, and the modifier it puts on the RGS asking.
struct Neighbour {
    int id = -1;
    double range = 0.0;
    double distance = 0.0;
    double modifier = 1.0;
};

struct NeighbourBatch {
    static constexpr std::size_t kCapacity = 128;
    std::size_t size = 0;
    int id[kCapacity];
    double range[kCapacity];
    double distance[kCapacity];
    double modifier[kCapacity];   // what each neighbour puts on the RGS asking
    Neighbour operator[](std::size_t k) const { return {id[k], range[k], distance[k], modifier[k]}; }
};

// v[k] = sqrt(v[k]), correctly rounded like std::sqrt, two at a time where SSE2 is there
// (std::sqrt keeps the compiler from vectorising: it may have to set errno).
inline void square_roots(double* v, std::size_t n) {
    std::size_t k = 0;
#if defined(__SSE2__)
    for (; k + 2 <= n; k += 2) _mm_storeu_pd(v + k, _mm_sqrt_pd(_mm_loadu_pd(v + k)));
#endif
    for (; k < n; ++k) v[k] = std::sqrt(v[k]);
}

// out[k] = interference_modifier(d[k], range, range) for every d[k] <= 2 range (within reach),
// where the game's polynomial gives exactly what equal_range_quota's cut-off would (0 at dr = 2):
// 1 - 0.5 ((dr dr dr - 12 dr + 16) / 16) with dr = d / range, the same operations in the same order.
inline void equal_range_modifiers(const double* d, double range, double* out, std::size_t n) {
    std::size_t k = 0;
#if defined(__SSE2__)
    // Dividing by 16 is multiplying by 1/16 exactly (a power of two), as compilers do for the scalar code.
    const __m128d r = _mm_set1_pd(range), twelve = _mm_set1_pd(12.0), sixteen = _mm_set1_pd(16.0),
                  sixteenth = _mm_set1_pd(1.0 / 16.0), half = _mm_set1_pd(0.5), one = _mm_set1_pd(1.0);
    for (; k + 2 <= n; k += 2) {
        const __m128d dr = _mm_div_pd(_mm_loadu_pd(d + k), r);
        const __m128d cube = _mm_mul_pd(_mm_mul_pd(dr, dr), dr);
        const __m128d q = _mm_mul_pd(_mm_add_pd(_mm_sub_pd(cube, _mm_mul_pd(twelve, dr)), sixteen), sixteenth);
        _mm_storeu_pd(out + k, _mm_sub_pd(one, _mm_mul_pd(half, q)));
    }
#endif
    for (; k < n; ++k) {
        const double dr = d[k] / range;
        out[k] = 1.0 - 0.5 * ((dr * dr * dr - 12.0 * dr + 16.0) / 16.0);
    }
}

// Gathers the grid entries whose spheres overlap the sphere (p, range) — `skip_id` left out — from
// the cells it is shown, in the order shown, and hands them on in batches: f(const NeighbourBatch&).
class NeighbourScan {
public:
    NeighbourScan(Vec3 p, double range, int skip_id) : p_(p), range_(range), skip_id_(skip_id) {}

    // Entries [first, end) of a cell.
    template <class F>
    void cell(const SpatialGrid::Cell& entries, std::size_t first, F&& f) {
        constexpr std::size_t kChunk = 64;
        for (std::size_t start = first; start < entries.size(); start += kChunk) {
            const std::size_t count = std::min(entries.size() - start, kChunk);
            const double* x = entries.x.data() + start;
            const double* y = entries.y.data() + start;
            const double* z = entries.z.data() + start;
            const double* r = entries.range.data() + start;
            const int* id = entries.id.data() + start;
            for (std::size_t i = 0; i < count; ++i) {
                const double dx = x[i] - p_.x, dy = y[i] - p_.y, dz = z[i] - p_.z;
                const double reach = range_ + r[i];   // within_reach(), inlined
                dist2_[i] = dx * dx + dy * dy + dz * dz;
                reach2_[i] = reach * reach;
            }
            std::size_t n = b_.size;
            for (std::size_t i = 0; i < count; ++i) {
                const unsigned hit = static_cast<unsigned>(dist2_[i] < reach2_[i]) & static_cast<unsigned>(id[i] != skip_id_);
                b_.id[n] = id[i];
                b_.range[n] = r[i];
                b_.distance[n] = dist2_[i];
                other_range_ |= hit & static_cast<unsigned>(r[i] != range_);
                n += hit;
            }
            b_.size = n;
            if (b_.size > NeighbourBatch::kCapacity - kChunk) finish(f);
        }
    }

    // Hands on what is gathered.
    template <class F>
    void finish(F&& f) {
        if (b_.size == 0) return;
        square_roots(b_.distance, b_.size);
        if (!other_range_) {
            equal_range_modifiers(b_.distance, range_, b_.modifier, b_.size);
        } else {
            for (std::size_t k = 0; k < b_.size; ++k)
                b_.modifier[k] = interference_modifier(b_.distance[k], range_, b_.range[k]);
        }
        f(static_cast<const NeighbourBatch&>(b_));
        b_.size = 0;
        other_range_ = 0;
    }

private:
    Vec3 p_;
    double range_;
    int skip_id_;
    unsigned other_range_ = 0;
    NeighbourBatch b_;
    double dist2_[64];
    double reach2_[64];
};

}  // namespace pb::rgs
