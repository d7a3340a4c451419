// The one way Playbench reads a whole file given by a user (scenarios, settings, window scripts,
// replays, module libraries): regular files only, never more than a stated size.
#pragma once
#include <cstdint>
#include <string>

namespace pb {

// A scenario, a settings file or a window script larger than this is refused before it is read
// (the largest shipped scenario is a few kilobytes; a generated one with every limit reached
// stays under a megabyte).
inline constexpr std::uint64_t kMaxTextFileBytes = std::uint64_t{16} << 20;

// "12 bytes", "16 MB (16777216 bytes)".
std::string file_size_text(std::uint64_t n);

// Reads a whole regular file of at most `max_bytes`. The file is opened with O_NONBLOCK, so a
// FIFO never waits for a writer, then fstat'ed: a FIFO, a device (/dev/zero), a directory or a
// socket is refused, as is a file larger than `max_bytes`. `what` names the expected content in
// the messages ("a replay", "a module library"). Throws std::runtime_error
// with the reason.
std::string read_regular_file(const std::string& path, std::uint64_t max_bytes, const std::string& what);

}   // namespace pb
