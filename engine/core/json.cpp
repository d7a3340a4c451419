#include "engine/core/json.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>

namespace pb {

std::string json_escape(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2);
    for (unsigned char c : s) {
        switch (c) {
            case '"': out += "\\\""; break;
            case '\\': out += "\\\\"; break;
            case '\n': out += "\\n"; break;
            case '\r': out += "\\r"; break;
            case '\t': out += "\\t"; break;
            default:
                if (c < 0x20) {
                    char buf[8];
                    std::snprintf(buf, sizeof buf, "\\u%04x", c);
                    out += buf;
                } else {
                    out += static_cast<char>(c);
                }
        }
    }
    return out;
}

void JsonWriter::newline() {
    if (!pretty_) return;
    out_ += '\n';
    out_.append(first_.size() * 2, ' ');
}

void JsonWriter::before_value() {
    if (after_key_) {
        after_key_ = false;
        return;
    }
    if (!first_.empty()) {
        if (!first_.back()) out_ += ',';
        first_.back() = false;
        newline();
    }
}

void JsonWriter::element_path() {
    if (levels_.empty()) return;
    Level& l = levels_.back();
    if (l.array) {
        path_ += '[' + std::to_string(l.index++) + ']';
    } else {
        if (!path_.empty()) path_ += '.';
        path_ += pending_key_;
    }
}

JsonWriter& JsonWriter::line(std::string_view text) {
    const std::size_t size = path_.size();
    element_path();
    out_ += path_;
    out_ += '=';
    out_ += text;
    out_ += '\n';
    path_.resize(size);
    return *this;
}

JsonWriter& JsonWriter::number(double v) {
    const std::size_t size = path_.size();
    element_path();
    numbers_found_.push_back(NumberAt{path_, v});
    path_.resize(size);
    return *this;
}

JsonWriter& JsonWriter::begin_object() {
    if (lines_) {
        const std::size_t size = path_.size();
        element_path();
        levels_.push_back(Level{false, 0, size});
        return *this;
    }
    before_value();
    out_ += '{';
    first_.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::end_object() {
    if (lines_) {
        if (!levels_.empty()) {
            path_.resize(levels_.back().path_size);
            levels_.pop_back();
        }
        return *this;
    }
    bool empty = first_.back();
    first_.pop_back();
    if (!empty) newline();
    out_ += '}';
    return *this;
}

JsonWriter& JsonWriter::begin_array() {
    if (lines_) {
        const std::size_t size = path_.size();
        element_path();
        levels_.push_back(Level{true, 0, size});
        return *this;
    }
    before_value();
    out_ += '[';
    first_.push_back(true);
    return *this;
}

JsonWriter& JsonWriter::end_array() {
    if (lines_) return end_object();
    return end_object(), out_.back() = ']', *this;
}

JsonWriter& JsonWriter::key(std::string_view k) {
    if (lines_) {
        pending_key_ = k;
        return *this;
    }
    before_value();
    out_ += '"';
    out_ += json_escape(k);
    out_ += pretty_ ? "\": " : "\":";
    after_key_ = true;
    return *this;
}

JsonWriter& JsonWriter::value(double v) {
    if (numbers_) return number(std::isfinite(v) ? v : std::nan(""));
    char buf[64];
    std::string_view text = "null";
    if (std::isfinite(v)) {
        auto res = std::to_chars(buf, buf + sizeof buf, v);
        text = std::string_view(buf, static_cast<std::size_t>(res.ptr - buf));
    }
    if (lines_) return line(text);
    before_value();
    out_ += text;
    return *this;
}

JsonWriter& JsonWriter::value(std::int64_t v) {
    if (numbers_) return number(static_cast<double>(v));
    if (lines_) return line(std::to_string(v));
    before_value();
    out_ += std::to_string(v);
    return *this;
}

JsonWriter& JsonWriter::value(std::uint64_t v) {
    if (numbers_) return number(static_cast<double>(v));
    if (lines_) return line(std::to_string(v));
    before_value();
    out_ += std::to_string(v);
    return *this;
}

JsonWriter& JsonWriter::value(bool v) {
    if (numbers_) return number(v ? 1.0 : 0.0);
    if (lines_) return line(v ? "true" : "false");
    before_value();
    out_ += v ? "true" : "false";
    return *this;
}

JsonWriter& JsonWriter::value(std::string_view v) {
    if (numbers_) {   // text is no result, but it takes its place in an array
        const std::size_t size = path_.size();
        element_path();
        path_.resize(size);
        return *this;
    }
    if (lines_) return line('"' + json_escape(v) + '"');
    before_value();
    out_ += '"';
    out_ += json_escape(v);
    out_ += '"';
    return *this;
}

JsonWriter& JsonWriter::null() {
    if (numbers_) return number(std::nan(""));
    if (lines_) return line("null");
    before_value();
    out_ += "null";
    return *this;
}

}   // namespace pb
