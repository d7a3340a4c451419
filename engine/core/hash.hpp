// 64-bit state hash, stable across runs and machines of the same architecture:
// FNV-1a over the exact bit patterns of the values fed in (negative zero folded to zero).
#pragma once
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

}  // namespace pb
