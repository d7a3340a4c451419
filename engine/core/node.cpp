#include "engine/core/node.hpp"
#include "engine/core/params.hpp"
#include "engine/core/suggest.hpp"
#include "engine/core/toml_text.hpp"

#include <algorithm>
#include <cmath>

namespace pb {

Node::Node() = default;
Node::Node(const Node&) = default;
Node::Node(Node&&) noexcept = default;
Node& Node::operator=(const Node&) = default;
Node& Node::operator=(Node&&) noexcept = default;
Node::~Node() = default;

const Node* Node::get(std::string_view key) const {
    for (const auto& [k, v] : table)
        if (k == key) return &v;
    return nullptr;
}

std::string_view kind_name(Node::Kind k) {
    switch (k) {
        case Node::Kind::Table: return "a table";
        case Node::Kind::Array: return "an array";
        case Node::Kind::String: return "a string";
        case Node::Kind::Integer: return "an integer";
        case Node::Kind::Float: return "a number";
        case Node::Kind::Boolean: return "true/false";
    }
    return "?";
}

std::string Diagnostic::to_string() const {
    std::string out = file.empty() ? std::string("<scenario>") : file;
    if (line > 0) out += ":" + std::to_string(line);
    if (line > 0 && column > 0) out += ":" + std::to_string(column);
    out += ": ";
    if (!key.empty()) out += "key '" + key + "': ";
    out += message;
    return out;
}

void Diagnostics::error(const Node& at, std::string message) { error(at.line, at.path, std::move(message)); }

void Diagnostics::add(Diagnostic d) {
    if (list_.size() < kMaxKept)
        list_.push_back(std::move(d));
    else
        ++omitted_;
}

void Diagnostics::error(int line, std::string key, std::string message) {
    add(Diagnostic{file_, line, std::move(key), std::move(message)});
}

void Diagnostics::error_at(int line, int column, std::string message) {
    add(Diagnostic{file_, line, "", std::move(message), column});
}

std::string Diagnostics::to_string() const {
    std::string out;
    for (const auto& d : list_) {
        if (!out.empty()) out += '\n';
        out += d.to_string();
    }
    if (omitted_ > 0)
        out += "\n" + file_ + ": ... and " + std::to_string(omitted_) + " more problems (the first " +
               std::to_string(kMaxKept) + " are shown)";
    return out;
}

static std::string fmt(double v) { return format_number(v); }

static std::string shown(const Node& n) {
    switch (n.kind) {
        case Node::Kind::String: return echo_text(n.text);
        case Node::Kind::Integer: return std::to_string(n.integer);
        case Node::Kind::Float: return fmt(n.number);
        case Node::Kind::Boolean: return n.boolean ? "true" : "false";
        case Node::Kind::Table: return "a table";
        case Node::Kind::Array: return "an array";
    }
    return "?";
}

TableReader::TableReader(const Node& table, Diagnostics& diag) : table_(table), diag_(diag) {}

bool TableReader::has(std::string_view key) const { return table_.get(key) != nullptr; }

void TableReader::allow(std::string_view key) { known_.emplace_back(key); }

const Node* TableReader::fetch(std::string_view key) {
    known_.emplace_back(key);
    return table_.get(key);
}

const Node* TableReader::node(std::string_view key) { return fetch(key); }

double TableReader::number(std::string_view key, double fallback, double min, double max) {
    const Node* n = fetch(key);
    if (!n) return fallback;
    if (!n->is_number()) {
        diag_.error(*n, "expected a number between " + fmt(min) + " and " + fmt(max) + ", got " + shown(*n));
        return fallback;
    }
    double v = n->as_number();
    if (!std::isfinite(v) || v < min || v > max) {
        diag_.error(*n, "value " + shown(*n) + " is out of range: allowed " + fmt(min) + " .. " + fmt(max));
        return fallback;
    }
    return v;
}

std::int64_t TableReader::integer(std::string_view key, std::int64_t fallback, std::int64_t min, std::int64_t max) {
    const Node* n = fetch(key);
    if (!n) return fallback;
    if (n->kind != Node::Kind::Integer) {
        diag_.error(*n, "expected a whole number between " + std::to_string(min) + " and " + std::to_string(max) +
                            ", got " + shown(*n));
        return fallback;
    }
    if (n->integer < min || n->integer > max) {
        diag_.error(*n, "value " + shown(*n) + " is out of range: allowed " + std::to_string(min) + " .. " +
                            std::to_string(max));
        return fallback;
    }
    return n->integer;
}

std::int64_t TableReader::count(std::string_view key, std::int64_t fallback, std::int64_t min, std::int64_t max,
                                std::string_view limit) {
    const Node* n = table_.get(key);
    if (n && n->kind == Node::Kind::Integer && n->integer > max) {
        known_.emplace_back(key);
        diag_.error(*n, "value " + shown(*n) + " is more than the limit of " + std::to_string(max) + " " +
                            std::string(limit) + "; allowed " + std::to_string(min) + " .. " + std::to_string(max));
        return fallback;
    }
    return integer(key, fallback, min, max);
}

bool over_limit(const Node& list, std::size_t count, std::size_t max, std::string_view limit, Diagnostics& diag) {
    if (count <= max) return false;
    diag.error(list, "lists " + std::to_string(count) + ", more than the limit of " + std::to_string(max) + " " +
                         std::string(limit));
    return true;
}

bool TableReader::boolean(std::string_view key, bool fallback) {
    const Node* n = fetch(key);
    if (!n) return fallback;
    if (n->kind != Node::Kind::Boolean) {
        diag_.error(*n, "expected true or false, got " + shown(*n));
        return fallback;
    }
    return n->boolean;
}

std::string TableReader::text(std::string_view key, std::string fallback, const std::vector<std::string>& choices) {
    const Node* n = fetch(key);
    if (!n) return fallback;
    std::string allowed;
    for (const auto& c : choices) allowed += (allowed.empty() ? "" : ", ") + c;
    if (n->kind != Node::Kind::String) {
        diag_.error(*n,
                    "expected a string" + (allowed.empty() ? "" : " (one of: " + allowed + ")") + ", got " + shown(*n));
        return fallback;
    }
    if (!choices.empty() && std::find(choices.begin(), choices.end(), n->text) == choices.end()) {
        diag_.error(
            *n, shown(*n) + " is not allowed here" + did_you_mean(n->text, choices) + " (allowed: " + allowed + ")");
        return fallback;
    }
    return n->text;
}

bool read_point(const Node& n, Diagnostics& diag, std::string_view what, double min_x, double max_x, double min_y,
                double max_y, double& x, double& y) {
    const std::string expect = "expected " + (what.empty() ? std::string() : std::string(what) + " ") +
                               "[x, y] with x in " + fmt(min_x) + " .. " + fmt(max_x) + " and y in " + fmt(min_y) +
                               " .. " + fmt(max_y);
    if (n.kind != Node::Kind::Array || n.array.size() != 2 || !n.array[0].is_number() || !n.array[1].is_number()) {
        diag.error(n, expect + ", got " +
                          (n.kind == Node::Kind::Array ? "an array of " + std::to_string(n.array.size()) + " values"
                                                       : shown(n)));
        return false;
    }
    const double vx = n.array[0].as_number(), vy = n.array[1].as_number();
    // Written so that NaN fails every comparison and is refused.
    if (!(std::isfinite(vx) && std::isfinite(vy) && vx >= min_x && vx <= max_x && vy >= min_y && vy <= max_y)) {
        diag.error(n, expect + ", got [" + shown(n.array[0]) + ", " + shown(n.array[1]) + "]");
        return false;
    }
    x = vx;
    y = vy;
    return true;
}

bool TableReader::vec2(std::string_view key, double& x, double& y, double min_x, double max_x, double min_y,
                       double max_y) {
    const Node* n = fetch(key);
    if (!n) return false;
    return read_point(*n, diag_, "", min_x, max_x, min_y, max_y, x, y);
}

const Node* TableReader::table(std::string_view key) {
    const Node* n = fetch(key);
    if (!n) return nullptr;
    if (n->kind != Node::Kind::Table) {
        diag_.error(*n, "expected a table ([" + n->path + "] section), got " + shown(*n));
        return nullptr;
    }
    return n;
}

const Node* TableReader::array(std::string_view key) {
    const Node* n = fetch(key);
    if (!n) return nullptr;
    if (n->kind != Node::Kind::Array) {
        diag_.error(*n, "expected an array ([[" + n->path + "]] entries), got " + shown(*n));
        return nullptr;
    }
    return n;
}

void TableReader::finish() {
    for (const auto& [k, v] : table_.table) {
        if (std::find(known_.begin(), known_.end(), k) != known_.end()) continue;
        std::string allowed;
        for (const auto& a : known_)
            if (allowed.find("'" + a + "'") == std::string::npos) allowed += (allowed.empty() ? "'" : ", '") + a + "'";
        std::string where = table_.path.empty() ? "at the top level" : "in [" + table_.path + "]";
        diag_.error(v, "unknown key " + where + did_you_mean(k, known_) +
                           (allowed.empty() ? "" : " (allowed: " + allowed + ")"));
    }
}

}   // namespace pb
