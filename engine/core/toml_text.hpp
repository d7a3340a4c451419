// Helpers for writing TOML text by hand (labs write their scenario keys with comments).
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

namespace pb {

// A basic string with escapes: "Blue \"A\"".
std::string toml_string(std::string_view s);
// A float that reads back as the same double and as a TOML float (always has '.' or 'e').
std::string toml_float(double v);
// "[x, y]"
std::string toml_pair(double x, double y);

// A size for a message: "300 bytes", "64 KB", "11.9 MB" (KB and MB of 1024).
std::string short_size_text(std::size_t bytes);

// Text as a message echoes it, quoted and escaped as toml_string does so it stays on one line:
// whole when at most `keep` bytes, else its first `keep` bytes (never half a UTF-8 character),
// "…" and its size: "aaaa…" (11.9 MB).
std::string echo_text(std::string_view text, std::size_t keep = 40);

// The first `keep` bytes of `text` (never half a UTF-8 character) and "…", or all of it.
std::string cut_text(std::string_view text, std::size_t keep);

// A TOML reader's syntax error said in plain words, for a designer: "Error while parsing string:
// unescaped control characters ..." becomes "a text value is not closed: add the closing quote
// (\") before the end of the line". Unknown messages come back without the reader's prefix.
std::string plain_toml_error(std::string_view description);

}   // namespace pb
