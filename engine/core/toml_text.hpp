// Helpers for writing TOML text by hand (labs write their scenario keys with comments).
#pragma once
#include <string>
#include <string_view>

namespace pb {

// A basic string with escapes: "Blue \"A\"".
std::string toml_string(std::string_view s);
// A float that reads back as the same double and as a TOML float (always has '.' or 'e').
std::string toml_float(double v);
// "[x, y]"
std::string toml_pair(double x, double y);

// A TOML reader's syntax error said in plain words, for a designer: "Error while parsing string:
// unescaped control characters ..." becomes "a text value is not closed: add the closing quote
// (\") before the end of the line". Unknown messages come back without the reader's prefix.
std::string plain_toml_error(std::string_view description);

}  // namespace pb
