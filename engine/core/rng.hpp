// One seeded random generator per world; plain state, so snapshots carry it
// (docs/architecture.md#determinism-and-hashing).
// xoshiro256** seeded through splitmix64: fast, well-tested statistically, and portable —
// unlike std::uniform_*_distribution, whose output differs between standard libraries.
#pragma once
#include <array>
#include <cstdint>

namespace pb {

class Rng {
public:
    explicit Rng(std::uint64_t seed = 0) { reseed(seed); }
    void reseed(std::uint64_t seed);
    std::uint64_t next_u64();
    double uniform();                       // [0, 1)
    double uniform(double lo, double hi);   // [lo, hi)
    std::uint64_t below(std::uint64_t n);   // [0, n), unbiased
    const std::array<std::uint64_t, 4>& state() const { return s_; }
    void set_state(const std::array<std::uint64_t, 4>& s) { s_ = s; }   // undo: a state once read by state()
    bool operator==(const Rng&) const = default;

private:
    std::array<std::uint64_t, 4> s_{};
};

}   // namespace pb
