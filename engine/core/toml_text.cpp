#include "engine/core/toml_text.hpp"
#include "engine/core/params.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <string_view>

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

std::string short_size_text(std::size_t bytes) {
    if (bytes < 1024) return std::to_string(bytes) + (bytes == 1 ? " byte" : " bytes");
    const bool mb = bytes >= (std::size_t{1} << 20);
    const double v = static_cast<double>(bytes) / static_cast<double>(mb ? std::size_t{1} << 20 : 1024);
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f", v);
    std::string s = buf;
    if (s.size() > 2 && s.compare(s.size() - 2, 2, ".0") == 0) s.resize(s.size() - 2);
    return s + (mb ? " MB" : " KB");
}

namespace {

// The first `keep` bytes of `text`, backed off to a character boundary (never before a UTF-8
// continuation byte 10xxxxxx).
std::string_view utf8_prefix(std::string_view text, std::size_t keep) {
    if (text.size() <= keep) return text;
    while (keep > 0 && (static_cast<unsigned char>(text[keep]) & 0xC0) == 0x80) --keep;
    return text.substr(0, keep);
}

}   // namespace

std::string cut_text(std::string_view text, std::size_t keep) {
    if (text.size() <= keep) return std::string(text);
    return std::string(utf8_prefix(text, keep)) + "\u2026";
}

std::string echo_text(std::string_view text, std::size_t keep) {
    if (text.size() <= keep) return toml_string(text);
    std::string quoted = toml_string(utf8_prefix(text, keep));
    return quoted.insert(quoted.size() - 1, "\u2026") + " (" + short_size_text(text.size()) + ")";
}

namespace {

bool has(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

// The quoted name in "cannot redefine existing table 'params'".
std::string quoted_name(std::string_view s) {
    auto first = s.find('\'');
    auto last = s.rfind('\'');
    if (first == std::string_view::npos || last <= first) return "";
    return std::string(s.substr(first + 1, last - first - 1));
}

}   // namespace

std::string plain_toml_error(std::string_view d) {
    // "Error while parsing <what>: <detail>"
    std::string_view what, detail = d;
    constexpr std::string_view kPrefix = "Error while parsing ";
    if (d.substr(0, kPrefix.size()) == kPrefix) {
        auto colon = d.find(": ");
        if (colon != std::string_view::npos) {
            what = d.substr(kPrefix.size(), colon - kPrefix.size());
            detail = d.substr(colon + 2);
        }
    }
    const bool in_string = what == "string" || what == "literal string" || has(what, "multi-line");
    if (in_string && (has(detail, "control character") || has(detail, "end-of-file")))
        return "a text value is not closed: add the closing quote (" +
               std::string(what == "literal string" ? "'" : "\"") + ") before the end of the line";
    if (in_string && has(detail, "escape sequence"))
        return "unknown escape (" + quoted_name(detail) +
               ") in a text value: write a backslash as \\\\ or put the text in single quotes";
    if (what == "table header" && has(detail, "cannot redefine existing table"))
        return "the table [" + quoted_name(detail) + "] appears twice: keep one and put all its keys there";
    if (what == "table header" && has(detail, "as table"))
        return "'" + quoted_name(detail) + "' is already a list of tables: add entries with [[" + quoted_name(detail) +
               "]]";
    if (what == "table header" && has(detail, "expected ']'"))
        return "a table header is not closed: add ']' at its end, as in [params]";
    if (what == "array" || what == "array of tables")
        return "a list is not closed: add ']' after its last element (lists read [1, 2, 3])";
    if (what == "inline table") return "an inline table is not closed on its line: add '}', as in { x = 1, y = 2 }";
    if (has(detail, "cannot redefine existing")) {
        std::string name = quoted_name(detail);
        return "the key '" + name + "' is given twice in this table: keep one";
    }
    if (what == "key-value pair" && has(detail, "expected '='"))
        return "'=' is missing between the key and its value (write key = value)";
    if (what == "key-value pair" && has(detail, "expected value"))
        return "a value is missing after '=' (a number, true/false, or text in quotes)";
    if (what == "key-value pair" && has(detail, "comment or whitespace"))
        return "unexpected text after the value: one key = value per line, comments start with #";
    if (what == "floating-point" || has(what, "integer") || what == "number")
        return "not a number: write numbers as 12, 0.5 or 1e-3 (a digit before the '.', no letters or units after it, "
               "no leading zeros)";
    if (what == "boolean") return "a switch is written true or false, in lower case";
    if (what == "value" && has(detail, "could not determine value type"))
        return "not a value: text needs quotes (\"red\"), switches are true or false, numbers are digits";
    if (what == "root table" || has(detail, "expected keys"))
        return "a line must start with a key (key = value), a table header ([params]) or # for a comment";
    if (has(detail, "end-of-file"))
        return "the file ends in the middle of " + std::string(what.empty() ? "a value" : what);
    return std::string(what.empty() ? "" : "in a " + std::string(what) + ": ") + std::string(detail);
}

}   // namespace pb
