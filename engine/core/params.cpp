#include "engine/core/params.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <stdexcept>

#include "engine/core/suggest.hpp"
#include "engine/core/toml_text.hpp"

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

const ParamChoice* ParamDef::choice_at(double value) const {
    double i = value - min;
    if (!(i >= 0.0) || i != std::floor(i) || i >= static_cast<double>(choices.size())) return nullptr;
    return &choices[static_cast<std::size_t>(i)];
}

static bool same_ignoring_case(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::optional<double> ParamDef::value_of_choice(std::string_view typed) const {
    for (std::size_t i = 0; i < choices.size(); ++i)
        if (same_ignoring_case(typed, choices[i].name) || same_ignoring_case(typed, choices[i].label))
            return min + static_cast<double>(i);
    return std::nullopt;
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

std::string choice_names(const ParamDef& def) {
    std::string out;
    for (const auto& c : def.choices) out += (out.empty() ? "" : ", ") + c.name;
    return out;
}

std::string describe_param_value(const ParamDef& def, double value) {
    std::string text = format_param_value(def, value);
    if (const ParamChoice* c = def.choice_at(value)) return text + " (" + c->name + ")";
    return def.unit.empty() ? text : text + " " + def.unit;
}

std::optional<std::string> check_param_value(const ParamDef& def, double value) {
    if (!std::isfinite(value)) return "parameter '" + def.key + "' must be a finite number";
    if (def.type == ParamType::Boolean && value != 0.0 && value != 1.0)
        return "parameter '" + def.key + "' is a switch: true or false (1 or 0)";
    if (def.type == ParamType::Integer && value != std::floor(value))
        return "parameter '" + def.key + "' must be a whole number between " + format_param_value(def, def.min) +
               " and " + format_param_value(def, def.max) + ", got " + shortest(value);
    if (def.is_choice() && !def.choice_at(value))
        return "parameter '" + def.key + "' = " + format_param_value(def, value) + " names no choice: allowed " +
               format_param_value(def, def.min) + " .. " + format_param_value(def, def.max) + " or a name (" +
               choice_names(def) + ")";
    if (value < def.min || value > def.max) {
        std::string unit = def.unit.empty() ? "" : " " + def.unit;
        return "parameter '" + def.key + "' = " + format_param_value(def, value) + " is out of range: allowed " +
               format_param_value(def, def.min) + " .. " + format_param_value(def, def.max) + unit + " (default " +
               format_param_value(def, def.default_value) + ")";
    }
    return std::nullopt;
}

namespace {
std::vector<ParamDef> joined(const ParamTable& base, std::vector<ParamDef> extra) {
    std::vector<ParamDef> defs = base.defs();
    defs.insert(defs.end(), std::make_move_iterator(extra.begin()), std::make_move_iterator(extra.end()));
    return defs;
}
}   // namespace

ParamTable::ParamTable(const ParamTable& base, std::vector<ParamDef> extra)
    : ParamTable(joined(base.base_ ? *base.base_ : base, std::move(extra))) {
    base_ = base.base_ ? base.base_ : &base;
}

ParamTable::ParamTable(std::vector<ParamDef> defs) : defs_(std::move(defs)) {
    for (std::size_t i = 0; i < defs_.size(); ++i) {
        const ParamDef& d = defs_[i];
        if (std::count(d.key.begin(), d.key.end(), '.') < 2)
            throw std::logic_error("parameter key '" + d.key + "' must read lab.section.name");
        for (std::size_t j = 0; j < i; ++j)
            if (defs_[j].key == d.key) throw std::logic_error("duplicate parameter key '" + d.key + "'");
        if (!(d.min <= d.max)) throw std::logic_error("parameter '" + d.key + "': min > max");
        if (auto err = check_param_value(d, d.default_value)) throw std::logic_error("default of " + *err);
        if (d.is_choice() &&
            (d.type != ParamType::Integer || d.max - d.min + 1 != static_cast<double>(d.choices.size())))
            throw std::logic_error("parameter '" + d.key +
                                   "': an enumerated parameter is an Integer with one choice per value");
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

std::vector<std::string> ParamTable::keys() const {
    std::vector<std::string> out;
    out.reserve(defs_.size());
    for (const auto& d : defs_) out.push_back(d.key);
    return out;
}

std::string ParamTable::unknown_key_message(std::string_view key) const {
    return "unknown parameter '" + std::string(key) + "'" + did_you_mean(key, keys()) +
           "; `playbench params` lists every key";
}

ParamSet::ParamSet(const ParamTable& table) : table_(&table) {
    values_.reserve(table.size());
    for (const auto& d : table.defs()) values_.push_back(d.default_value);
}

ParamSet ParamSet::with_rows(std::vector<ParamDef> extra) const {
    if (extra.empty()) return *this;
    ParamSet out;
    const ParamTable& lab = table_->base() ? *table_->base() : *table_;
    out.owned_ = std::make_shared<const ParamTable>(lab, std::move(extra));
    out.table_ = out.owned_.get();
    out.values_.assign(values_.begin(), values_.begin() + static_cast<std::ptrdiff_t>(lab.size()));
    for (std::size_t i = lab.size(); i < out.table_->size(); ++i) out.values_.push_back((*out.table_)[i].default_value);
    return out;
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

std::optional<std::string> parse_param_value(const ParamDef& def, std::string_view val, double& v) {
    if (auto c = def.value_of_choice(val)) {
        v = *c;
        return std::nullopt;
    }
    if (val == "true" || val == "on")
        v = 1.0;
    else if (val == "false" || val == "off")
        v = 0.0;
    else {
        auto res = std::from_chars(val.data(), val.data() + val.size(), v);
        if (val.empty() || res.ec != std::errc() || res.ptr != val.data() + val.size()) {
            if (def.is_choice()) {
                std::vector<std::string> names;
                for (const auto& c : def.choices) names.push_back(c.name);
                return "'" + def.key + "' has no choice " + echo_text(val) + did_you_mean(val, names) +
                       " (allowed: " + choice_names(def) + ", or " + format_param_value(def, def.min) + " .. " +
                       format_param_value(def, def.max) + ")";
            }
            if (def.type == ParamType::Boolean)
                return "value of '" + def.key + "' is a switch: true or false, got '" + std::string(val) + "'";
            return "value of '" + def.key + "' must be a number, got '" + std::string(val) + "'";
        }
    }
    return check_param_value(def, v);
}

std::optional<std::string> parse_param_assignment(const ParamTable& table, std::string_view text,
                                                  ParamAssignment& out) {
    auto eq = text.find('=');
    if (eq == std::string_view::npos)
        return "expected KEY=VALUE (for example podball.ball.friction=0.005), got '" + std::string(text) + "'";
    std::string_view key = trim(text.substr(0, eq));
    std::string_view val = trim(text.substr(eq + 1));
    auto idx = table.find(key);
    if (!idx) return table.unknown_key_message(key);
    double v = 0.0;
    if (auto err = parse_param_value(table[*idx], val, v)) return err;
    out.index = *idx;
    out.value = v;
    return std::nullopt;
}

}   // namespace pb
