#include "engine/core/command.hpp"
#include "engine/core/params.hpp"
#include "engine/core/suggest.hpp"
#include "engine/core/toml_text.hpp"
#include "engine/core/typed_command.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace pb {

const CommandValue* Command::find(std::string_view name) const {
    for (const auto& [k, v] : args)
        if (k == name) return &v;
    return nullptr;
}

double Command::number(std::string_view name, double fallback) const {
    const CommandValue* v = find(name);
    if (!v) return fallback;
    if (auto d = std::get_if<double>(v)) return *d;
    if (auto i = std::get_if<std::int64_t>(v)) return static_cast<double>(*i);
    if (auto b = std::get_if<bool>(v)) return *b ? 1.0 : 0.0;
    return fallback;
}

std::int64_t Command::integer(std::string_view name, std::int64_t fallback) const {
    const CommandValue* v = find(name);
    if (!v) return fallback;
    if (auto i = std::get_if<std::int64_t>(v)) return *i;
    if (auto d = std::get_if<double>(v)) return static_cast<std::int64_t>(std::llround(*d));
    return fallback;
}

std::string Command::text(std::string_view name, std::string_view fallback) const {
    const CommandValue* v = find(name);
    if (v)
        if (auto s = std::get_if<std::string>(v)) return *s;
    return std::string(fallback);
}

bool Command::flag(std::string_view name, bool fallback) const {
    const CommandValue* v = find(name);
    if (v)
        if (auto b = std::get_if<bool>(v)) return *b;
    return fallback;
}

Command& Command::set(std::string name, CommandValue value) {
    for (auto& [k, v] : args)
        if (k == name) {
            v = std::move(value);
            return *this;
        }
    args.emplace_back(std::move(name), std::move(value));
    return *this;
}

Command make_param_set(std::int64_t tick, std::string key, double value) {
    return to_command(ParamSetCommand{.key = std::move(key), .value = value}, tick);
}

static std::string num(double v) { return format_number(v); }

static std::string value_text(const CommandValue& v) {
    if (auto b = std::get_if<bool>(&v)) return *b ? "true" : "false";
    if (auto i = std::get_if<std::int64_t>(&v)) return std::to_string(*i);
    if (auto d = std::get_if<double>(&v)) return num(*d);
    return "\"" + std::get<std::string>(v) + "\"";
}

static std::string_view kind_word(ArgKind k) {
    switch (k) {
        case ArgKind::Number: return "a number";
        case ArgKind::Integer: return "a whole number";
        case ArgKind::String: return "a string";
        case ArgKind::Boolean: return "true or false";
    }
    return "?";
}

std::optional<std::string> validate_command(const std::vector<CommandSpec>& specs, const Command& c) {
    const CommandSpec* spec = nullptr;
    for (const auto& s : specs)
        if (s.type == c.type) spec = &s;
    if (!spec) {
        std::string allowed;
        std::vector<std::string> types;
        for (const auto& s : specs) {
            allowed += (allowed.empty() ? "" : ", ") + s.type;
            types.push_back(s.type);
        }
        return "unknown command type " + echo_text(c.type) + did_you_mean(c.type, types) + " (allowed: " + allowed +
               ")";
    }
    if (c.tick < 0) return "command '" + c.type + "': tick must be >= 0, got " + std::to_string(c.tick);
    for (const auto& [name, value] : c.args) {
        const ArgSpec* a = nullptr;
        for (const auto& s : spec->args)
            if (s.name == name) a = &s;
        if (!a) {
            std::string allowed;
            std::vector<std::string> names;
            for (const auto& s : spec->args) {
                allowed += (allowed.empty() ? "" : ", ") + s.name;
                names.push_back(s.name);
            }
            return "command '" + c.type + "': unknown argument '" + name + "'" + did_you_mean(name, names) +
                   " (allowed: " + allowed + ")";
        }
        std::string where = "command '" + c.type + "': argument '" + name + "'";
        switch (a->kind) {
            case ArgKind::Number:
            case ArgKind::Integer: {
                double v;
                if (auto d = std::get_if<double>(&value))
                    v = *d;
                else if (auto i = std::get_if<std::int64_t>(&value))
                    v = static_cast<double>(*i);
                else
                    return where + " must be " + std::string(kind_word(a->kind)) + ", got " + value_text(value);
                if (!std::isfinite(v)) return where + " must be finite";
                if (a->kind == ArgKind::Integer && v != std::floor(v))
                    return where + " must be a whole number, got " + value_text(value);
                // Whole numbers beyond 2^53 are not exact in a double and would wrap when read as
                // an int64: refused whatever the spec's range.
                if (a->kind == ArgKind::Integer && std::fabs(v) > kMaxExactInteger)
                    return where + " = " + value_text(value) + " is out of range: allowed " +
                           num(std::max(a->min, -kMaxExactInteger)) + " .. " + num(std::min(a->max, kMaxExactInteger));
                if (v < a->min || v > a->max)
                    return where + " = " + value_text(value) + " is out of range: allowed " + num(a->min) + " .. " +
                           num(a->max);
                break;
            }
            case ArgKind::String: {
                auto s = std::get_if<std::string>(&value);
                if (!s) return where + " must be a string, got " + value_text(value);
                if (!a->choices.empty()) {
                    bool ok = false;
                    std::string allowed;
                    for (const auto& ch : a->choices) {
                        ok = ok || ch == *s;
                        allowed += (allowed.empty() ? "" : ", ") + ch;
                    }
                    if (!ok)
                        return where + " = " + echo_text(*s) + " is not allowed" + did_you_mean(*s, a->choices) +
                               " (allowed: " + allowed + ")";
                }
                break;
            }
            case ArgKind::Boolean:
                if (!std::holds_alternative<bool>(value)) return where + " must be true or false";
                break;
        }
    }
    for (const auto& a : spec->args)
        if (a.required && !c.find(a.name))
            return "command '" + c.type + "': missing argument '" + a.name + "' (" + a.description + ")";
    return std::nullopt;
}

std::string describe(const Command& c) {
    std::string out = "t=" + std::to_string(c.tick) + " " + c.type;
    for (const auto& [k, v] : c.args) out += " " + k + "=" + value_text(v);
    return out;
}

}   // namespace pb
