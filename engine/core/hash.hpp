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
// percent of a step at most). Two parts, both summed rather than chained, so no step waits on the
// one before it:
// - Blocks of two 64-bit words (add2: a position; add_words: two integers; add4: a position and a
//   velocity folded into one block), hashed the NH way (the UMAC construction): xor with a key that
//   depends on the block's position, multiply the two 32-bit halves of each word (32x32 -> 64 bits)
//   and add the products — one SSE2 multiply per block. The bits of doubles are taken as they are
//   (no negative-zero folding): a re-simulation must reproduce them exactly.
// - add_u64 / add_pair: single words, multiplied 64x64 -> 128 bits with a per-position key.
// value() mixes both sums. A divergence that cancels out in a sum is as unlikely as a collision of
// the 32 bits the replay file keeps. The block arithmetic exists twice, for SSE2 and in plain
// integers (other machines); both give the same numbers, which a test checks.
namespace hash_detail {

inline std::uint64_t raw_bits(double v) {
    std::uint64_t b;
    std::memcpy(&b, &v, sizeof b);
    return b;
}
inline std::uint64_t nh(std::uint64_t x) { return (x & 0xffffffffu) * (x >> 32); }
inline constexpr std::uint64_t kStepLo = 0x452821e638d01377ull;
inline constexpr std::uint64_t kStepHi = 0xbe5466cf34e90c6cull;
inline constexpr std::uint64_t kKeyLo = 0xec4e6c89a4093822ull;
inline constexpr std::uint64_t kKeyHi = 0x299f31d0082efa98ull;

// Two 64-bit lanes of NH sums in plain integers.
class ScalarLanes {
public:
    void add_words(std::uint64_t a, std::uint64_t b) {
        step();
        lo_ += nh(a ^ key_lo_);
        hi_ += nh(b ^ key_hi_);
    }
    void add2(double a, double b) { add_words(raw_bits(a), raw_bits(b)); }
    // (a, b) plus (c, d) with each word's 32-bit halves swapped, as one block.
    void add4(double a, double b, double c, double d) {
        step();
        lo_ += nh((raw_bits(a) ^ key_lo_) + std::rotl(raw_bits(c), 32));
        hi_ += nh((raw_bits(b) ^ key_hi_) + std::rotl(raw_bits(d), 32));
    }
    std::uint64_t lo() const { return lo_; }
    std::uint64_t hi() const { return hi_; }

private:
    void step() {
        key_lo_ += kStepLo;
        key_hi_ += kStepHi;
    }
    std::uint64_t lo_ = 0, hi_ = 0;
    std::uint64_t key_lo_ = kKeyLo, key_hi_ = kKeyHi;
};

#if defined(__SSE2__)
// The same arithmetic, both lanes in one SSE2 register.
class Sse2Lanes {
public:
    void add_words(std::uint64_t a, std::uint64_t b) {
        mix(_mm_set_epi64x(static_cast<long long>(b), static_cast<long long>(a)));
    }
    void add2(double a, double b) { mix(_mm_castpd_si128(_mm_set_pd(b, a))); }
    void add4(double a, double b, double c, double d) {
        const __m128i x = _mm_xor_si128(_mm_castpd_si128(_mm_set_pd(b, a)), next_key());
        const __m128i y = _mm_shuffle_epi32(_mm_castpd_si128(_mm_set_pd(d, c)), 0xb1);   // 32-bit halves swapped
        accumulate(_mm_add_epi64(x, y));
    }
    std::uint64_t lo() const { return static_cast<std::uint64_t>(_mm_cvtsi128_si64(sum_)); }
    std::uint64_t hi() const { return static_cast<std::uint64_t>(_mm_cvtsi128_si64(_mm_unpackhi_epi64(sum_, sum_))); }

private:
    __m128i next_key() {
        key_ = _mm_add_epi64(key_, _mm_set_epi64x(static_cast<long long>(kStepHi), static_cast<long long>(kStepLo)));
        return key_;
    }
    void mix(__m128i words) { accumulate(_mm_xor_si128(words, next_key())); }
    void accumulate(__m128i x) { sum_ = _mm_add_epi64(sum_, _mm_mul_epu32(x, _mm_srli_epi64(x, 32))); }
    __m128i sum_ = _mm_setzero_si128();
    __m128i key_ = _mm_set_epi64x(static_cast<long long>(kKeyHi), static_cast<long long>(kKeyLo));
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
    // A position (a, b) and a velocity (c, d) for the cost of one block.
    void add4(double a, double b, double c, double d) { lanes_.add4(a, b, c, d); }

    std::uint64_t value() const {
        // Two independent multiplies (they overlap), each folding its high half into its low one.
        const std::uint64_t h1 = hash_detail::fold_mul((sum_ ^ key_) + lanes_.lo(), hash_detail::kMulA);
        const std::uint64_t h2 = hash_detail::fold_mul(lanes_.hi() ^ kFinalKey, hash_detail::kMulB);
        return h1 ^ std::rotl(h2, 32);
    }

private:
    static constexpr std::uint64_t kFinalKey = 0xc0ac29b7c97c50ddull;
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
