// CRC-32 (the IEEE polynomial, reflected, as zip and PNG use it). Replays frame every record with
// one, and a recording checks a 16 KB hash block every 4096 ticks, so it runs on the recording's
// per-tick budget: where the processor can multiply polynomials (x86-64 with PCLMULQDQ, chosen at
// run time) 64 bytes at a time are folded with carry-less multiplies; elsewhere eight table
// lookups take eight bytes. Both give the same values (a test checks every length to 300 bytes
// and every alignment).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pb {

// `crc` continues an earlier CRC: crc32(b, m, crc32(a, n)) is the CRC of a then b.
std::uint32_t crc32(const void* data, std::size_t size, std::uint32_t crc = 0);

namespace crc32_detail {
// The table way, on every machine.
std::uint32_t by_table(const void* data, std::size_t size, std::uint32_t crc);
// True when crc32() folds with carry-less multiplies on this machine.
bool folds_with_clmul();
}   // namespace crc32_detail

}   // namespace pb
