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

}  // namespace pb
