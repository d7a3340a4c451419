#include "engine/core/result_label.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>

#include "engine/core/lab.hpp"

namespace pb {

ResultLabel result_label(const LabInfo* lab, const std::string& path) {
    if (lab && lab->result_label)
        if (std::optional<ResultLabel> l = lab->result_label(path)) return *l;
    std::string rest = path.rfind("metrics.", 0) == 0 ? path.substr(8) : path;
    ResultLabel out;
    for (char c : rest) {
        const bool gap = c == '.' || c == '_' || c == '[' || c == ']';
        if (!gap)
            out.label += c;
        else if (!out.label.empty() && out.label.back() != ' ')
            out.label += ' ';
    }
    while (!out.label.empty() && out.label.back() == ' ') out.label.pop_back();
    if (out.label == "tick") out = {"ticks run", "ticks"};
    return out;
}

std::optional<int> take_index(std::string& rest) {
    if (rest.size() < 3 || rest[0] != '[') return std::nullopt;
    const std::size_t close = rest.find(']');
    if (close == std::string::npos || close == 1 || close > 4) return std::nullopt;
    int i = 0;
    for (std::size_t k = 1; k < close; ++k) {
        if (!std::isdigit(static_cast<unsigned char>(rest[k]))) return std::nullopt;
        i = i * 10 + (rest[k] - '0');
    }
    rest.erase(0, close + 1);
    return i;
}

std::optional<std::pair<int, std::string>> indexed_field(const std::string& path, const std::string& prefix) {
    if (path.rfind(prefix, 0) != 0) return std::nullopt;
    std::string rest = path.substr(prefix.size());
    const std::optional<int> i = take_index(rest);
    if (!i || rest.size() < 2 || rest[0] != '.') return std::nullopt;
    return std::make_pair(*i, rest.substr(1));
}

std::string readable_number(double v) {
    if (!std::isfinite(v)) return "-";
    const double a = std::fabs(v);
    char buf[64];
    if (a != 0.0 && (a >= 1e15 || a < 1e-6)) {
        std::snprintf(buf, sizeof buf, "%.3g", v);
        return buf;
    }
    if (a >= 999.5) {
        // Whole numbers, grouped by thousands: 16200 -> "16,200".
        std::snprintf(buf, sizeof buf, "%.0f", a);
        const std::string digits = buf;
        std::string out = v < 0 ? "-" : "";
        for (std::size_t i = 0; i < digits.size(); ++i) {
            if (i > 0 && (digits.size() - i) % 3 == 0) out += ',';
            out += digits[i];
        }
        return out;
    }
    // Four significant digits, fixed: 0.0016, 12.35, 320.
    const int magnitude = a == 0.0 ? 0 : static_cast<int>(std::floor(std::log10(a)));
    const int decimals = std::max(0, 3 - magnitude);
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    std::string out = buf;
    if (out.find('.') != std::string::npos) {
        while (out.back() == '0') out.pop_back();
        if (out.back() == '.') out.pop_back();
    }
    return out == "-0" ? "0" : out;
}

std::string readable_number(double v, const std::string& unit) {
    const std::string n = readable_number(v);
    return unit.empty() || n == "-" ? n : n + " " + unit;
}

}   // namespace pb
