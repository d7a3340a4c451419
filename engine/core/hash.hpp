// State hashes: stable across runs and machines of the same architecture, over the exact bit
// patterns of the values fed in (negative zero folded to zero). Replays store a hash for every
// tick, so hashing must cost little next to a step: both hashers take a whole 64-bit word at a time
// and mix it with one 64x64->128-bit multiply (high half folded into the low half), which moves
// every input bit into every output bit. Deterministic; not for anything adversarial.
#pragma once
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace pb {

namespace hash_detail {

inline std::uint64_t fold_mul(std::uint64_t a, std::uint64_t b) {
    const unsigned __int128 p = static_cast<unsigned __int128>(a) * b;
    return static_cast<std::uint64_t>(p) ^ static_cast<std::uint64_t>(p >> 64);
}

inline std::uint64_t bits(double v) {
    v += 0.0;   // -0.0 + 0.0 is +0.0: the same state, the same bits
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}

inline constexpr std::uint64_t kMulA = 0x9e3779b97f4a7c15ull;
inline constexpr std::uint64_t kMulB = 0xbf58476d1ce4e5b9ull;

}  // namespace hash_detail

// The full state hash: a chain, so the order of the values matters.
class StateHasher {
public:
    void add_u64(std::uint64_t v) { h_ = hash_detail::fold_mul(h_ ^ v, hash_detail::kMulB) + hash_detail::kMulA; }
    void add(std::int64_t v) { add_u64(static_cast<std::uint64_t>(v)); }
    void add(int v) { add(static_cast<std::int64_t>(v)); }
    void add(bool v) { add_u64(v ? 1u : 0u); }
    void add(double v) { add_u64(hash_detail::bits(v)); }
    void add(std::string_view s) {
        add_u64(s.size());
        std::size_t i = 0;
        for (; i + 8 <= s.size(); i += 8) {
            std::uint64_t w;
            std::memcpy(&w, s.data() + i, 8);
            add_u64(w);
        }
        if (i < s.size()) {
            std::uint64_t w = 0;
            std::memcpy(&w, s.data() + i, s.size() - i);
            add_u64(w);
        }
    }
    std::uint64_t value() const { return h_; }

private:
    std::uint64_t h_ = 0xcbf29ce484222325ull;
};

// A cheaper hash for what changes every tick (replays hash every tick; recording must cost a few
// percent of a step at most). Two parts:
// - Blocks summed the Fletcher way, a += block, b += a, in four 64-bit lanes: add_words / add2
//   (two words: a position, or two integers) into lanes 0 and 1; add4 (a position then a velocity)
//   into all four, the position in lanes 0-1 and the velocity in 2-3. Two adds a word and no
//   multiply: a word changed anywhere changes a, and where it sits in the order weighs it
//   differently in b, so swapping two bodies changes b. Positions and velocities summing apart
//   keep each chain of dependent adds one add a body long. The bits of doubles are taken as they
//   are (no negative-zero folding): a re-simulation must reproduce them exactly.
// - add_u64 / add_pair: single words, multiplied 64x64 -> 128 bits with a per-position key.
// value() folds the lanes and the word sum into two words and mixes them with one 64x64 -> 128-bit
// multiply. Not for anything adversarial: two simultaneous changes that cancel in both sums are as
// unlikely as a collision of the 32 bits the replay file keeps. The lane arithmetic exists twice,
// for SSE2 and in plain integers (other machines); both give the same numbers, which a test checks.
namespace hash_detail {

inline std::uint64_t raw_bits(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}
inline constexpr std::uint64_t kStartA[4] = {0xec4e6c89a4093822ull, 0x299f31d0082efa98ull, 0x9216d5d98979fb1bull, 0xd1310ba698dfb5acull};
inline constexpr std::uint64_t kStartB[4] = {0x452821e638d01377ull, 0xbe5466cf34e90c6cull, 0x2ffd72dbd01adfb7ull, 0xb8e1afed6a267e96ull};

// The four Fletcher lanes in plain integers.
class ScalarLanes {
public:
    void add_words(std::uint64_t x, std::uint64_t y) {
        a_[0] += x;
        a_[1] += y;
        b_[0] += a_[0];
        b_[1] += a_[1];
    }
    void add2(double x, double y) { add_words(raw_bits(x), raw_bits(y)); }
    void add4(double x, double y, double vx, double vy) {
        add2(x, y);
        a_[2] += raw_bits(vx);
        a_[3] += raw_bits(vy);
        b_[2] += a_[2];
        b_[3] += a_[3];
    }
    // The lanes folded to two words: lanes 2-3 with their 32-bit halves swapped onto lanes 0-1,
    // then the second word of each with its halves swapped onto the first.
    std::uint64_t a() const { return fold(a_); }
    std::uint64_t b() const { return fold(b_); }

private:
    static std::uint64_t fold(const std::uint64_t (&v)[4]) {
        return v[0] + std::rotl(v[2], 32) + std::rotl(v[1] + std::rotl(v[3], 32), 32);
    }
    std::uint64_t a_[4] = {kStartA[0], kStartA[1], kStartA[2], kStartA[3]};
    std::uint64_t b_[4] = {kStartB[0], kStartB[1], kStartB[2], kStartB[3]};
};

#if defined(__SSE2__)
// The same arithmetic, lanes 0-1 and 2-3 of a and of b in one SSE2 register each.
class Sse2Lanes {
public:
    void add_words(std::uint64_t x, std::uint64_t y) {
        add(a01_, b01_, _mm_set_epi64x(static_cast<long long>(y), static_cast<long long>(x)));
    }
    void add2(double x, double y) { add(a01_, b01_, _mm_castpd_si128(_mm_set_pd(y, x))); }
    void add4(double x, double y, double vx, double vy) {
        add2(x, y);
        add(a23_, b23_, _mm_castpd_si128(_mm_set_pd(vy, vx)));
    }
    std::uint64_t a() const { return fold(a01_, a23_); }
    std::uint64_t b() const { return fold(b01_, b23_); }

private:
    static void add(__m128i& a, __m128i& b, __m128i block) {
        a = _mm_add_epi64(a, block);
        b = _mm_add_epi64(b, a);
    }
    static std::uint64_t fold(__m128i v01, __m128i v23) {
        const __m128i v = _mm_add_epi64(v01, _mm_shuffle_epi32(v23, 0xB1));   // 0xB1: swap 32-bit halves
        const auto lo = static_cast<std::uint64_t>(_mm_cvtsi128_si64(v));
        const auto hi = static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)));
        return lo + std::rotl(hi, 32);
    }
    static __m128i start(const std::uint64_t (&v)[4], int i) {
        return _mm_set_epi64x(static_cast<long long>(v[i + 1]), static_cast<long long>(v[i]));
    }
    __m128i a01_ = start(kStartA, 0), a23_ = start(kStartA, 2);
    __m128i b01_ = start(kStartB, 0), b23_ = start(kStartB, 2);
};
#endif

}  // namespace hash_detail

template <class Lanes>
class BasicQuickHasher {
public:
    void add_u64(std::uint64_t v) {
        key_ += hash_detail::kMulA;   // a new key per position: swapping two values changes the sum
        sum_ += hash_detail::fold_mul(v ^ key_, hash_detail::kMulB);
    }
    void add(double v) { add_u64(hash_detail::raw_bits(v)); }
    void add(std::int64_t v) { add_u64(static_cast<std::uint64_t>(v)); }
    // Two small integers in one word.
    void add_pair(std::int32_t a, std::int32_t b) { add_u64(pack(a, b)); }
    static std::uint64_t pack(std::int32_t a, std::int32_t b) {
        return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) | static_cast<std::uint32_t>(b);
    }

    void add_words(std::uint64_t a, std::uint64_t b) { lanes_.add_words(a, b); }
    void add2(double a, double b) { lanes_.add2(a, b); }
    // A position (a, b) then a velocity (c, d): two blocks.
    void add4(double a, double b, double c, double d) { lanes_.add4(a, b, c, d); }

    std::uint64_t value() const {
        // One 64x64 -> 128-bit multiply of the folded a lanes (and the word sum) against the
        // folded b lanes, its high half folded into the low one: every bit of either side
        // reaches the low bits.
        const std::uint64_t a = lanes_.a() + (sum_ ^ key_);
        const std::uint64_t b = lanes_.b() ^ hash_detail::kMulA;
        return hash_detail::fold_mul(a, b);
    }

private:
    std::uint64_t sum_ = 0x243f6a8885a308d3ull;
    std::uint64_t key_ = 0x13198a2e03707344ull;
    Lanes lanes_;
};

using PortableQuickHasher = BasicQuickHasher<hash_detail::ScalarLanes>;
#if defined(__SSE2__)
using QuickHasher = BasicQuickHasher<hash_detail::Sse2Lanes>;
#else
using QuickHasher = PortableQuickHasher;
#endif

}  // namespace pb
