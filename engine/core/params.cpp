#include "engine/core/params.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace pb {

std::string_view ParamDef::lab() const {
    std::string_view k = key;
    return k.substr(0, k.find('.'));
}

std::string_view ParamDef::section() const {
    std::string_view k = key;
    auto last = k.rfind('.');
    return last == std::string_view::npos ? k : k.substr(0, last);
}

std::string_view ParamDef::name() const {
    std::string_view k = key;
    auto last = k.rfind('.');
    return last == std::string_view::npos ? k : k.substr(last + 1);
}

std::string format_number(double v) {
    // Shortest text that reads back as the same double, so scenario files round-trip exactly;
    // plain decimals in the range designers use (0.0005, not 5e-04).
    char buf[400];
    double a = std::fabs(v);
    auto fmt = (a == 0.0 || (a >= 1e-6 && a < 1e15)) ? std::chars_format::fixed : std::chars_format::scientific;
    auto res = std::to_chars(buf, buf + sizeof buf, v, fmt);
    return std::string(buf, res.ptr);
}

static std::string shortest(double v) { return format_number(v); }

std::string format_param_value(const ParamDef& def, double value) {
    switch (def.type) {
        case ParamType::Boolean: return value != 0.0 ? "true" : "false";
        case ParamType::Integer:
            // Only whole numbers an int64 holds exactly are printed as one: 2^63 would wrap to a
            // negative number in llround (and NaN is undefined there).
            if (std::isfinite(value) && std::fabs(value) <= 9007199254740992.0)
                return std::to_string(static_cast<long long>(std::llround(value)));
            return shortest(value);
        case ParamType::Real: break;
    }
    return shortest(value);
}

std::optional<std::string> check_param_value(const ParamDef& def, double value) {
    if (!std::isfinite(value))
        return "parameter '" + def.key + "' must be a finite number";
    if (def.type == ParamType::Boolean && value != 0.0 && value != 1.0)
        return "parameter '" + def.key + "' is a switch: true or false (1 or 0)";
    if (def.type == ParamType::Integer && value != std::floor(value))
        return "parameter '" + def.key + "' must be a whole number between " +
               format_param_value(def, def.min) + " and " + format_param_value(def, def.max) +
               ", got " + shortest(value);
    if (value < def.min || value > def.max) {
        std::string unit = def.unit.empty() ? "" : " " + def.unit;
        return "parameter '" + def.key + "' = " + format_param_value(def, value) +
               " is out of range: allowed " + format_param_value(def, def.min) + " .. " +
               format_param_value(def, def.max) + unit + " (default " +
               format_param_value(def, def.default_value) + ")";
    }
    return std::nullopt;
}

ParamTable::ParamTable(std::vector<ParamDef> defs) : defs_(std::move(defs)) {
    for (std::size_t i = 0; i < defs_.size(); ++i) {
        const ParamDef& d = defs_[i];
        if (std::count(d.key.begin(), d.key.end(), '.') < 2)
            throw std::logic_error("parameter key '" + d.key + "' must read lab.section.name");
        for (std::size_t j = 0; j < i; ++j)
            if (defs_[j].key == d.key) throw std::logic_error("duplicate parameter key '" + d.key + "'");
        if (!(d.min <= d.max)) throw std::logic_error("parameter '" + d.key + "': min > max");
        if (auto err = check_param_value(d, d.default_value))
            throw std::logic_error("default of " + *err);
    }
}

std::optional<std::size_t> ParamTable::find(std::string_view key) const {
    for (std::size_t i = 0; i < defs_.size(); ++i)
        if (defs_[i].key == key) return i;
    return std::nullopt;
}

std::vector<std::string> ParamTable::sections() const {
    std::vector<std::string> out;
    for (const auto& d : defs_) {
        std::string s(d.section());
        if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
    }
    return out;
}

ParamSet::ParamSet(const ParamTable& table) : table_(&table) {
    values_.reserve(table.size());
    for (const auto& d : table.defs()) values_.push_back(d.default_value);
}

double ParamSet::get(std::string_view key) const {
    auto i = table_ ? table_->find(key) : std::nullopt;
    if (!i) throw std::out_of_range("unknown parameter '" + std::string(key) + "'");
    return values_[*i];
}

bool ParamSet::is_default(std::size_t i) const { return values_[i] == (*table_)[i].default_value; }

std::optional<std::string> ParamSet::set(std::size_t i, double value) {
    if (!table_ || i >= values_.size()) return "no such parameter";
    if (auto err = check_param_value((*table_)[i], value)) return err;
    values_[i] = value;
    return std::nullopt;
}

std::optional<std::string> ParamSet::set(std::string_view key, double value) {
    auto i = table_ ? table_->find(key) : std::nullopt;
    if (!i) return "unknown parameter '" + std::string(key) + "'";
    return set(*i, value);
}

void ParamSet::reset(std::size_t i) { values_[i] = (*table_)[i].default_value; }

static std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

std::optional<std::string> parse_param_assignment(const ParamTable& table, std::string_view text,
                                                  ParamAssignment& out) {
    auto eq = text.find('=');
    if (eq == std::string_view::npos)
        return "expected KEY=VALUE (for example podball.ball.friction=0.005), got '" + std::string(text) + "'";
    std::string_view key = trim(text.substr(0, eq));
    std::string_view val = trim(text.substr(eq + 1));
    auto idx = table.find(key);
    if (!idx) {
        std::string msg = "unknown parameter '" + std::string(key) + "'";
        // Suggest keys sharing the last component, the most common typo being the section.
        std::string_view tail = key.substr(key.rfind('.') == std::string_view::npos ? 0 : key.rfind('.') + 1);
        std::string close;
        for (const auto& d : table.defs())
            if (d.name() == tail) close += (close.empty() ? "" : ", ") + d.key;
        if (!close.empty()) msg += " (did you mean " + close + "?)";
        msg += "; `playbench params` lists every key";
        return msg;
    }
    const ParamDef& def = table[*idx];
    double v = 0.0;
    if (val == "true" || val == "on") v = 1.0;
    else if (val == "false" || val == "off") v = 0.0;
    else {
        auto res = std::from_chars(val.data(), val.data() + val.size(), v);
        if (val.empty() || res.ec != std::errc() || res.ptr != val.data() + val.size())
            return "value of '" + def.key + "' must be a number, got '" + std::string(val) + "'";
    }
    if (auto err = check_param_value(def, v)) return err;
    out.index = *idx;
    out.value = v;
    return std::nullopt;
}

}  // namespace pb
