// 64-bit state hash, stable across runs and machines of the same architecture:
// FNV-1a over the exact bit patterns of the values fed in (negative zero folded to zero).
#pragma once
#include <bit>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace pb {

class StateHasher {
public:
    void add_u64(std::uint64_t v) {
        for (int i = 0; i < 8; ++i) {
            h_ ^= (v >> (8 * i)) & 0xffu;
            h_ *= 0x100000001b3ull;
        }
    }
    void add(std::int64_t v) { add_u64(static_cast<std::uint64_t>(v)); }
    void add(int v) { add(static_cast<std::int64_t>(v)); }
    void add(bool v) { add_u64(v ? 1u : 0u); }
    void add(double v) {
        if (v == 0.0) v = 0.0;  // -0.0 and 0.0 are the same state
        std::uint64_t bits;
        std::memcpy(&bits, &v, sizeof bits);
        add_u64(bits);
    }
    void add(std::string_view s) {
        add_u64(s.size());
        for (unsigned char c : s) {
            h_ ^= c;
            h_ *= 0x100000001b3ull;
        }
    }
    std::uint64_t value() const { return h_; }

private:
    std::uint64_t h_ = 0xcbf29ce484222325ull;
};

// A cheap 64-bit hash for what changes every tick (replays hash every tick, and recording must
// cost little next to a step): a word at a time into four independent lanes, so the multiplies
// overlap instead of waiting on each other. Deterministic; not for anything adversarial.
class QuickHasher {
public:
    void add_u64(std::uint64_t v) { mix(lane_[n_++ & 3u], v); }
    void add(double v) { add_u64(bits(v)); }
    void add(std::int64_t v) { add_u64(static_cast<std::uint64_t>(v)); }
    // Two small integers in one word.
    void add_pair(std::int32_t a, std::int32_t b) {
        add_u64((static_cast<std::uint64_t>(static_cast<std::uint32_t>(a)) << 32) | static_cast<std::uint32_t>(b));
    }
    // Four values folded into one word first (rotations keep each one's bits apart), so a pod's
    // position and velocity cost one mix: a divergence that cancels out exactly in the fold is
    // as unlikely as a collision of the hash itself.
    void add4(double a, double b, double c, double d) {
        add_u64(bits(a) ^ std::rotl(bits(b), 16) ^ std::rotl(bits(c), 32) ^ std::rotl(bits(d), 48));
    }
    std::uint64_t value() const {
        std::uint64_t h = n_;
        for (std::uint64_t l : lane_) {
            h = (h ^ l) * 0xff51afd7ed558ccdull;
            h ^= h >> 33;
        }
        return h;
    }

private:
    static void mix(std::uint64_t& l, std::uint64_t v) {
        l = (l ^ v) * 0x9e3779b97f4a7c15ull;
        l ^= l >> 29;
    }
    static std::uint64_t bits(double v) {
        v += 0.0;   // -0.0 + 0.0 is +0.0: the same state, the same bits
        std::uint64_t b;
        std::memcpy(&b, &v, sizeof b);
        return b;
    }
    std::uint64_t lane_[4] = {0x243f6a8885a308d3ull, 0x13198a2e03707344ull, 0xa4093822299f31d0ull, 0x082efa98ec4e6c89ull};
    std::uint64_t n_ = 0;
};

}  // namespace pb
