// Finding the RGS within reach among runs of the grid's slots, and the modifiers they put on the RGS
// asking. This is the inner loop of every efficiency, so it is shaped for the machine: whether a
// candidate is in reach is a coin toss a branch predictor cannot learn, so distances and verdicts
// come four at a time as bit masks and the hits are appended without branches (a one-add chain),
// then square roots and modifiers run over the hits as plain loops the compiler vectorises.
// Every value is the one interference_modifier() gives, bit for bit.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#include <immintrin.h>
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
    double asking_range = 0.0;
    bool equal_ranges = true;        // every neighbour's range is asking_range: range[] is left unfilled
    bool with_ids = true;            // id[] is filled (else only slot[])
    std::uint32_t slot[kCapacity];   // in the grid
    int id[kCapacity];
    double range[kCapacity];
    double distance[kCapacity];
    double modifier[kCapacity];   // what each neighbour puts on the RGS asking
    double range_of(std::size_t k) const { return equal_ranges ? asking_range : range[k]; }
    Neighbour operator[](std::size_t k) const { return {id[k], range_of(k), distance[k], modifier[k]}; }
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

#if defined(__GNUC__) && (defined(__x86_64__) || defined(__i386__))
#define PB_RGS_HAVE_AVX_SCAN 1
// square_roots then equal_range_modifiers, four at a time, for machines with AVX (asked at run
// time): square root and division are most of a neighbour's cost, and AVX units do four in about
// the time SSE2 does two. The same IEEE operations lane by lane, so the same bits.
__attribute__((target("avx"))) inline void equal_range_distances_avx(double* v, double range, double* out,
                                                                     std::size_t n) {
    std::size_t k = 0;
    const __m256d r = _mm256_set1_pd(range), twelve = _mm256_set1_pd(12.0), sixteen = _mm256_set1_pd(16.0),
                  sixteenth = _mm256_set1_pd(1.0 / 16.0), half = _mm256_set1_pd(0.5), one = _mm256_set1_pd(1.0);
    for (; k + 4 <= n; k += 4) {
        const __m256d d = _mm256_sqrt_pd(_mm256_loadu_pd(v + k));
        _mm256_storeu_pd(v + k, d);
        const __m256d dr = _mm256_div_pd(d, r);
        const __m256d cube = _mm256_mul_pd(_mm256_mul_pd(dr, dr), dr);
        const __m256d q =
            _mm256_mul_pd(_mm256_add_pd(_mm256_sub_pd(cube, _mm256_mul_pd(twelve, dr)), sixteen), sixteenth);
        _mm256_storeu_pd(out + k, _mm256_sub_pd(one, _mm256_mul_pd(half, q)));
    }
    square_roots(v + k, n - k);
    equal_range_modifiers(v + k, range, out + k, n - k);
}

inline bool cpu_has_avx() {
    static const bool yes = __builtin_cpu_supports("avx");
    return yes;
}
#endif

// v[k] = sqrt(v[k]), then out[k] = equal_range_modifiers of them, on the widest vectors there are.
inline void equal_range_distances(double* v, double range, double* out, std::size_t n) {
#if defined(PB_RGS_HAVE_AVX_SCAN)
    if (cpu_has_avx()) {
        equal_range_distances_avx(v, range, out, n);
        return;
    }
#endif
    square_roots(v, n);
    equal_range_modifiers(v, range, out, n);
}

// Gathers the grid entries whose spheres overlap the sphere (p, range) — `skip_id` left out — from
// the runs of slots it is shown, in the order shown, and hands them on in batches:
// f(const NeighbourBatch&).
class NeighbourScan {
public:
    // Without ids, a batch names its neighbours by grid slot only (one gather less per hit).
    NeighbourScan(const SpatialGrid& grid, Vec3 p, double range, int skip_id, bool with_ids = true)
        : grid_(grid), p_(p), range_(range), skip_id_(skip_id) {
        b_.asking_range = range;
        b_.with_ids = with_ids;
    }

    // Slots [begin, end) of the grid.
    template <class F>
    void run(std::size_t begin, std::size_t end, F&& f) {
        for (std::size_t start = begin; start < end; start += kChunk) {
            gather(start, std::min(end - start, kChunk));
            if (b_.size > NeighbourBatch::kCapacity - kChunk) finish(f);
        }
    }

    // Hands on what is gathered.
    template <class F>
    void finish(F&& f) {
        if (b_.size == 0) return;
        // Ids and ranges of the hits only (a third of the candidates, or fewer), and only if needed.
        if (b_.with_ids)
            for (std::size_t k = 0; k < b_.size; ++k) b_.id[k] = grid_.ids()[b_.slot[k]];
        b_.equal_ranges = !other_range_;
        if (!other_range_) {
            equal_range_distances(b_.distance, range_, b_.modifier, b_.size);
        } else {
            square_roots(b_.distance, b_.size);
            for (std::size_t k = 0; k < b_.size; ++k) {
                b_.range[k] = grid_.ranges()[b_.slot[k]];
                b_.modifier[k] = interference_modifier(b_.distance[k], range_, b_.range[k]);
            }
        }
        f(static_cast<const NeighbourBatch&>(b_));
        b_.size = 0;
        other_range_ = 0;
    }

private:
    static constexpr std::size_t kChunk = 64;

    // Appends the hits among slots [start, start + count) to the batch, branch-free: every
    // candidate is written and the count moves on for hits only (a coin toss a branch predictor
    // cannot learn). Four candidates a step where SSE2 is there, their verdicts as bit masks.
    void gather(std::size_t start, std::size_t count) {
        const double* x = grid_.xs() + start;
        const double* y = grid_.ys() + start;
        const double* z = grid_.zs() + start;
        const double* r = grid_.ranges() + start;
        const int* id = grid_.ids() + start;
        std::size_t n = b_.size;
        unsigned other = 0;
        std::size_t i = 0;
        const auto append = [&](double d2, std::size_t at, unsigned hit) {
            b_.slot[n] = static_cast<std::uint32_t>(start + at);
            b_.distance[n] = d2;
            n += hit;
        };
#if defined(__SSE2__)
        const __m128d px = _mm_set1_pd(p_.x), py = _mm_set1_pd(p_.y), pz = _mm_set1_pd(p_.z), own = _mm_set1_pd(range_);
        const __m128i skip = _mm_set1_epi32(skip_id_);
        for (; i + 4 <= count; i += 4) {
            __m128d d2[2];
            int within = 0, unequal = 0;
            for (int h = 0; h < 2; ++h) {
                const std::size_t k = i + 2 * static_cast<std::size_t>(h);
                const __m128d dx = _mm_sub_pd(_mm_loadu_pd(x + k), px), dy = _mm_sub_pd(_mm_loadu_pd(y + k), py),
                              dz = _mm_sub_pd(_mm_loadu_pd(z + k), pz);
                d2[h] = _mm_add_pd(_mm_add_pd(_mm_mul_pd(dx, dx), _mm_mul_pd(dy, dy)), _mm_mul_pd(dz, dz));
                const __m128d rk = _mm_loadu_pd(r + k);
                const __m128d reach = _mm_add_pd(own, rk);   // within_reach(), inlined
                within |= _mm_movemask_pd(_mm_cmplt_pd(d2[h], _mm_mul_pd(reach, reach))) << (2 * h);
                unequal |= _mm_movemask_pd(_mm_cmpneq_pd(rk, own)) << (2 * h);
            }
            const __m128i ids = _mm_loadu_si128(reinterpret_cast<const __m128i*>(id + i));
            const int skipped = _mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(ids, skip)));
            const auto hit = static_cast<unsigned>(within & ~skipped);
            other |= hit & static_cast<unsigned>(unequal);
            append(_mm_cvtsd_f64(d2[0]), i, hit & 1u);
            append(_mm_cvtsd_f64(_mm_unpackhi_pd(d2[0], d2[0])), i + 1, (hit >> 1) & 1u);
            append(_mm_cvtsd_f64(d2[1]), i + 2, (hit >> 2) & 1u);
            append(_mm_cvtsd_f64(_mm_unpackhi_pd(d2[1], d2[1])), i + 3, hit >> 3);
        }
#endif
        for (; i < count; ++i) {
            const double dx = x[i] - p_.x, dy = y[i] - p_.y, dz = z[i] - p_.z;
            const double reach = range_ + r[i];
            const double d2 = dx * dx + dy * dy + dz * dz;
            const unsigned hit = static_cast<unsigned>(d2 < reach * reach) & static_cast<unsigned>(id[i] != skip_id_);
            other |= hit & static_cast<unsigned>(r[i] != range_);
            append(d2, i, hit);
        }
        b_.size = n;
        other_range_ |= other;
    }

    const SpatialGrid& grid_;
    Vec3 p_;
    double range_;
    int skip_id_;
    unsigned other_range_ = 0;
    NeighbourBatch b_;
};

}   // namespace pb::rgs
