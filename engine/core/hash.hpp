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

}   // namespace hash_detail

// The tick hash of a world whose ticks change nothing but its clock (World::clock_only_base):
// the hash of the rest of its state, `base`, stepped along by the tick (the step is odd, so 2^32
// ticks in a row all differ in the 32 bits a replay keeps). A recorder writes a stretch of such
// quiet ticks as one record (first tick, count, base), and the reader computes each tick's hash
// from it; two worlds whose bases differ differ at every tick.
inline constexpr std::uint64_t kClockStep = 0x9e3779b97f4a7c15ull;
inline std::uint64_t clock_tick_hash(std::uint64_t base, std::int64_t tick) {
    return base + static_cast<std::uint64_t>(tick) * kClockStep;
}

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
// - Blocks of two 64-bit words (add2: a position; add_words: two integers), summed the Fletcher
//   way in two lanes: a += block, b += a. Two adds a block and no multiply: a word changed
//   anywhere changes a, and where it sits in the order weighs it differently in b, so swapping
//   two bodies changes b. add4 (a position and a velocity) costs the same: a += position,
//   b += a ^ velocity. A changed position changes a; a changed velocity alone changes b. (Xoring
//   the two into one block, as this did for a while, missed a ball leaving the centre spot:
//   position and velocity both going from 0 to v left their xor at 0.) The bits of doubles are
//   taken as they are (no negative-zero folding): a re-simulation must reproduce them exactly.
// - add_u64 / add_pair: single words, multiplied 64x64 -> 128 bits with a per-position key.
// value() mixes the four lane sums and the word sum with one 64x64 -> 128-bit multiply. Not for
// anything adversarial: two simultaneous changes that cancel in both sums are as unlikely as a
// collision of the 32 bits the replay file keeps. The block arithmetic exists twice, for SSE2 and
// in plain integers (other machines); both give the same numbers, which a test checks.
namespace hash_detail {

inline std::uint64_t raw_bits(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}
inline constexpr std::uint64_t kStartA0 = 0xec4e6c89a4093822ull;
inline constexpr std::uint64_t kStartA1 = 0x299f31d0082efa98ull;
inline constexpr std::uint64_t kStartB0 = 0x452821e638d01377ull;
inline constexpr std::uint64_t kStartB1 = 0xbe5466cf34e90c6cull;

// The two Fletcher lanes in plain integers.
class ScalarLanes {
public:
    void add_words(std::uint64_t x, std::uint64_t y) {
        a0_ += x;
        a1_ += y;
        b0_ += a0_;
        b1_ += a1_;
    }
    void add2(double x, double y) { add_words(raw_bits(x), raw_bits(y)); }
    void add4(double x, double y, double vx, double vy) {
        a0_ += raw_bits(x);
        a1_ += raw_bits(y);
        b0_ += a0_ ^ raw_bits(vx);
        b1_ += a1_ ^ raw_bits(vy);
    }
    std::uint64_t a0() const { return a0_; }
    std::uint64_t a1() const { return a1_; }
    std::uint64_t b0() const { return b0_; }
    std::uint64_t b1() const { return b1_; }

private:
    std::uint64_t a0_ = kStartA0, a1_ = kStartA1, b0_ = kStartB0, b1_ = kStartB1;
};

#if defined(__SSE2__)
// The same arithmetic, both lanes of a and of b in one SSE2 register each.
class Sse2Lanes {
public:
    void add_words(std::uint64_t x, std::uint64_t y) {
        add(_mm_set_epi64x(static_cast<long long>(y), static_cast<long long>(x)));
    }
    void add2(double x, double y) { add(_mm_castpd_si128(_mm_set_pd(y, x))); }
    void add4(double x, double y, double vx, double vy) {
        a_ = _mm_add_epi64(a_, _mm_castpd_si128(_mm_set_pd(y, x)));
        b_ = _mm_add_epi64(b_, _mm_xor_si128(a_, _mm_castpd_si128(_mm_set_pd(vy, vx))));
    }
    std::uint64_t a0() const { return low(a_); }
    std::uint64_t a1() const { return high(a_); }
    std::uint64_t b0() const { return low(b_); }
    std::uint64_t b1() const { return high(b_); }

private:
    void add(__m128i block) {
        a_ = _mm_add_epi64(a_, block);
        b_ = _mm_add_epi64(b_, a_);
    }
    static std::uint64_t low(__m128i v) { return static_cast<std::uint64_t>(_mm_cvtsi128_si64(v)); }
    static std::uint64_t high(__m128i v) {
        return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(v, v)));
    }
    __m128i a_ = _mm_set_epi64x(static_cast<long long>(kStartA1), static_cast<long long>(kStartA0));
    __m128i b_ = _mm_set_epi64x(static_cast<long long>(kStartB1), static_cast<long long>(kStartB0));
};
#endif

}   // namespace hash_detail

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
    // A position (a, b) and a velocity (c, d): the position into a, the velocity xored into
    // what b adds (b += a ^ velocity).
    void add4(double a, double b, double c, double d) { lanes_.add4(a, b, c, d); }

    std::uint64_t value() const {
        // One 64x64 -> 128-bit multiply of the a sums (and the word sum) against the b sums,
        // its high half folded into the low one: every bit of either side reaches the low bits.
        const std::uint64_t a = lanes_.a0() + std::rotl(lanes_.a1(), 32) + (sum_ ^ key_);
        const std::uint64_t b = (lanes_.b0() + std::rotl(lanes_.b1(), 32)) ^ hash_detail::kMulA;
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

}   // namespace pb
