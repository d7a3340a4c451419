#include "engine/core/crc32.hpp"

#include <array>
#include <cstring>

#if defined(__x86_64__) && defined(__GNUC__)
#define PB_CRC32_CLMUL 1
#include <emmintrin.h>
#include <wmmintrin.h>
#endif

namespace pb {

namespace crc32_detail {

namespace {

constexpr std::uint32_t kReflectedPoly = 0xEDB88320u;   // x^32 + x^26 + ... + 1, bit-reversed

std::uint32_t le32(const unsigned char* q) {
    return static_cast<std::uint32_t>(q[0]) | static_cast<std::uint32_t>(q[1]) << 8 |
           static_cast<std::uint32_t>(q[2]) << 16 | static_cast<std::uint32_t>(q[3]) << 24;
}

}   // namespace

std::uint32_t by_table(const void* data, std::size_t size, std::uint32_t crc) {
    // Slicing by 8: table[k][b] is the CRC of byte b followed by k zero bytes, so eight lookups
    // replace eight dependent byte steps.
    static const auto table = [] {
        std::array<std::array<std::uint32_t, 256>, 8> t{};
        for (std::uint32_t i = 0; i < 256; ++i) {
            std::uint32_t c = i;
            for (int k = 0; k < 8; ++k) c = (c & 1u) ? kReflectedPoly ^ (c >> 1) : c >> 1;
            t[0][i] = c;
        }
        for (std::size_t k = 1; k < 8; ++k)
            for (std::size_t i = 0; i < 256; ++i) t[k][i] = (t[k - 1][i] >> 8) ^ t[0][t[k - 1][i] & 0xffu];
        return t;
    }();
    const auto* p = static_cast<const unsigned char*>(data);
    crc = ~crc;
    for (; size >= 8; size -= 8, p += 8) {
        const std::uint32_t a = crc ^ le32(p);
        const std::uint32_t b = le32(p + 4);
        crc = table[7][a & 0xffu] ^ table[6][(a >> 8) & 0xffu] ^ table[5][(a >> 16) & 0xffu] ^ table[4][a >> 24] ^
              table[3][b & 0xffu] ^ table[2][(b >> 8) & 0xffu] ^ table[1][(b >> 16) & 0xffu] ^ table[0][b >> 24];
    }
    for (; size > 0; --size, ++p) crc = table[0][(crc ^ *p) & 0xffu] ^ (crc >> 8);
    return ~crc;
}

#if PB_CRC32_CLMUL

namespace {

// Folding. Bytes are bits in the reflected order: loaded little-endian into a 128-bit register,
// bit j of a block stands for x^(127 - j) counted from the block's end, so the low 64-bit half L
// is the high-degree half: block = L x^64 + H. Moving a block d bits further on, where it can
// be xored into the block there, needs block * x^d mod P = L x^(64+d) + H x^d (mod P), which
// two carry-less multiplies give: L times (x^(64+d-1) mod P) and H times (x^(d-1) mod P), each
// constant bit-reversed into the top of a 64-bit word (the product of two reversed 64-bit words
// is one bit short of a reversed 128-bit one: hence the -1). The remainders stay under 96 bits.

// x^e mod P as a polynomial of degree < 32 (bit d: the coefficient of x^d).
std::uint64_t x_pow_mod_p(unsigned e) {
    constexpr std::uint64_t kPoly = 0x104C11DB7ull;   // the polynomial, highest degree first
    std::uint64_t r = 1;
    for (unsigned i = 0; i < e; ++i) {
        r <<= 1;
        if (r & (1ull << 32)) r ^= kPoly;
    }
    return r;
}

// The same polynomial bit-reversed into a 64-bit word: x^d at bit 63 - d.
std::uint64_t reversed64(std::uint64_t poly) {
    std::uint64_t out = 0;
    for (unsigned d = 0; d < 32; ++d)
        if (poly & (1ull << d)) out |= 1ull << (63 - d);
    return out;
}

struct FoldKeys {
    __m128i by512;   // moves a block 4 blocks on (four blocks folded side by side)
    __m128i by128;   // moves a block 1 block on
};

FoldKeys make_keys() {
    auto key = [](unsigned d) {
        return _mm_set_epi64x(static_cast<long long>(reversed64(x_pow_mod_p(d - 1))),
                              static_cast<long long>(reversed64(x_pow_mod_p(64 + d - 1))));
    };
    return FoldKeys{key(512), key(128)};
}

__attribute__((target("pclmul"))) inline __m128i fold(__m128i block, __m128i keys, __m128i into) {
    const __m128i lo = _mm_clmulepi64_si128(block, keys, 0x00);
    const __m128i hi = _mm_clmulepi64_si128(block, keys, 0x11);
    return _mm_xor_si128(_mm_xor_si128(lo, hi), into);
}

inline __m128i load(const unsigned char* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }

// size >= 64.
__attribute__((target("pclmul"))) std::uint32_t by_clmul(const unsigned char* p, std::size_t size, std::uint32_t crc) {
    static const FoldKeys keys = make_keys();
    // The register's starting value is the same as xoring it into the first four bytes.
    __m128i x0 = _mm_xor_si128(load(p), _mm_cvtsi32_si128(static_cast<int>(~crc)));
    __m128i x1 = load(p + 16), x2 = load(p + 32), x3 = load(p + 48);
    p += 64;
    size -= 64;
    for (; size >= 64; size -= 64, p += 64) {
        x0 = fold(x0, keys.by512, load(p));
        x1 = fold(x1, keys.by512, load(p + 16));
        x2 = fold(x2, keys.by512, load(p + 32));
        x3 = fold(x3, keys.by512, load(p + 48));
    }
    __m128i x = fold(fold(fold(x0, keys.by128, x1), keys.by128, x2), keys.by128, x3);
    for (; size >= 16; size -= 16, p += 16) x = fold(x, keys.by128, load(p));
    // What is left, the folded block then the last bytes, has no more than 31 bytes: the table
    // way finishes it, from a register of zero (the starting value is in the block already).
    unsigned char last[16];
    _mm_storeu_si128(reinterpret_cast<__m128i*>(last), x);
    return by_table(p, size, by_table(last, sizeof last, 0xFFFFFFFFu));
}

}   // namespace

bool folds_with_clmul() {
    static const bool yes = __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("sse2");
    return yes;
}

#else

bool folds_with_clmul() { return false; }

#endif

}   // namespace crc32_detail

std::uint32_t crc32(const void* data, std::size_t size, std::uint32_t crc) {
#if PB_CRC32_CLMUL
    if (size >= 64 && crc32_detail::folds_with_clmul())
        return crc32_detail::by_clmul(static_cast<const unsigned char*>(data), size, crc);
#endif
    return crc32_detail::by_table(data, size, crc);
}

}   // namespace pb
