// SHA-256 (FIPS 180-4), for pinning the exact bytes of a module library a replay ran with.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace pb {

using Sha256Digest = std::array<std::uint8_t, 32>;

class Sha256 {
public:
    Sha256();
    void update(const void* data, std::size_t size);
    Sha256Digest finish();   // once; the object is spent afterwards

private:
    void block(const std::uint8_t* p);
    std::array<std::uint32_t, 8> h_;
    std::array<std::uint8_t, 64> buffer_{};
    std::size_t buffered_ = 0;
    std::uint64_t total_ = 0;   // bytes
};

Sha256Digest sha256(const std::string& bytes);
std::string to_hex(const Sha256Digest& d);
// The SHA-256 of a file's bytes; nullopt and `error` ("cannot read PATH: reason") when unreadable.
std::optional<Sha256Digest> sha256_file(const std::string& path, std::string& error);

}   // namespace pb
