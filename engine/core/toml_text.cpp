#include "engine/core/toml_text.hpp"
#include "engine/core/params.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace pb {

std::string toml_string(std::string_view s) {
    std::string out = "\"";
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\t': out += "\\t"; break;
            case '\r': out += "\\r"; break;
            default:
                if (c < 0x20 || c == 0x7f) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04X", c);
                    out += buf;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return out + "\"";
}

std::string toml_float(double v) {
    if (std::isnan(v)) return "nan";
    if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
    std::string s = format_number(v);
    if (s.find_first_of(".eE") == std::string::npos) s += ".0";
    return s;
}

std::string toml_pair(double x, double y) { return "[" + toml_float(x) + ", " + toml_float(y) + "]"; }

}  // namespace pb
