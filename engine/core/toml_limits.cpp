#include "engine/core/toml_limits.hpp"

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/core/toml_text.hpp"

namespace pb {

namespace {

bool is_bare_key_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
}

// Where a scalar (number, true/false, date) ends; a quote or a bracket there starts the next token.
bool ends_scalar(char c) {
    switch (c) {
        case ' ':
        case '\t':
        case '\r':
        case '\n':
        case ',':
        case ']':
        case '}':
        case '#':
        case '"':
        case '\'':
        case '[':
        case '{': return true;
        default: return false;
    }
}

// How much of a key a message shows.
constexpr std::size_t kShownKeyBytes = 80;

// One pass over the text. It must never lose its place in text the TOML reader accepts (what
// follows would go unchecked), so it reads strings, comments and keys exactly as TOML does, and is
// lenient everywhere else: text the reader refuses is skipped or taken as one more value, which at
// worst counts a little more than there is, in a file the reader refuses anyway.
class Scanner {
public:
    explicit Scanner(std::string_view text) : t_(text) {}

    std::optional<TomlLimitError> run() {
        while (i_ < t_.size() && !error_) {
            const char c = t_[i_];
            if (c == ' ' || c == '\t' || c == '\r') {
                ++i_;
            } else if (c == '\n') {
                ++line_;
                ++i_;
                if (stack_.empty()) want_ = Want::LineStart;
            } else if (c == '#') {
                while (i_ < t_.size() && t_[i_] != '\n') ++i_;
            } else if (stack_.empty() && want_ == Want::LineStart) {
                if (c == '[')
                    header();
                else
                    key_value(header_depth_);
            } else if (c == ',') {
                ++i_;
                want_ = in_inline_table() ? Want::Key : Want::Value;
            } else if (c == ']' || c == '}') {
                ++i_;
                if (!stack_.empty()) stack_.pop_back();
                want_ = Want::After;
            } else if (want_ == Want::Key && in_inline_table()) {
                key_value(stack_.back().depth);
            } else {
                // A list's element (or, leniently, one more value after a value).
                value(stack_.empty() ? header_depth_ + 1 : stack_.back().depth + 1, "", line_);
            }
        }
        return std::move(error_);
    }

private:
    enum class Want { LineStart, Key, Value, After };

    struct Frame {
        bool array = false;      // a list, else an inline table
        std::size_t depth = 0;   // of the list or table itself (the root table is 0)
        std::string key;         // the key it is the value of ("" for a list in a list)
        std::size_t count = 0;   // elements so far (a list)
        int line = 0;
    };

    struct Key {
        std::size_t parts = 0;
        std::size_t bytes = 0;   // as written, blanks and quotes included
        std::string joined;      // parts joined by '.' (only its first kMaxTomlKeyBytes + 1 bytes)
    };

    bool in_inline_table() const { return !stack_.empty() && !stack_.back().array; }

    void skip_blanks() {
        while (i_ < t_.size() && (t_[i_] == ' ' || t_[i_] == '\t')) ++i_;
    }

    void fail(int line, std::string key, std::string message) {
        error_ = TomlLimitError{line, cut_text(key, kShownKeyBytes), std::move(message)};
    }

    // The key of a value at the current place: the table header, the lists and inline tables it
    // is in (the first `frames` of them, with each list's element index), then `key`.
    std::string path(std::size_t frames, std::string_view key) const {
        std::string p = header_;
        const auto add = [&p](std::string_view part) {
            if (part.empty()) return;
            if (!p.empty()) p += '.';
            p.append(part.substr(0, kShownKeyBytes + 1));   // one more: the cut shows "…"
        };
        for (std::size_t f = 0; f < frames && p.size() <= kShownKeyBytes; ++f) {
            add(stack_[f].key);
            if (stack_[f].array) p += "[" + std::to_string(stack_[f].count > 0 ? stack_[f].count - 1 : 0) + "]";
        }
        add(key);
        return p;
    }

    // A string at i_ (its opening quote), read as TOML reads it; returns its content as written.
    std::string_view read_string() {
        const char q = t_[i_];
        const bool escapes = q == '"';
        const bool multi_line = i_ + 2 < t_.size() && t_[i_ + 1] == q && t_[i_ + 2] == q;
        if (!multi_line) {
            const std::size_t start = ++i_;
            while (i_ < t_.size() && t_[i_] != q && t_[i_] != '\n') {
                if (escapes && t_[i_] == '\\' && i_ + 1 < t_.size() && t_[i_ + 1] != '\n') ++i_;
                ++i_;
            }
            // Not closed on its line: the reader refuses it; the scan goes on from the line's end.
            const std::string_view content = t_.substr(start, i_ - start);
            if (i_ < t_.size() && t_[i_] == q) ++i_;
            return content;
        }
        i_ += 3;
        const std::size_t start = i_;
        while (i_ < t_.size()) {
            const char c = t_[i_];
            if (c == '\n') ++line_;
            if (escapes && c == '\\' && i_ + 1 < t_.size()) {
                if (t_[i_ + 1] == '\n') ++line_;
                i_ += 2;
                continue;
            }
            if (c == q && i_ + 2 < t_.size() && t_[i_ + 1] == q && t_[i_ + 2] == q) {
                // """ closes; up to two more quotes right before it belong to the text.
                std::size_t run = 3;
                while (run < 5 && i_ + run < t_.size() && t_[i_ + run] == q) ++run;
                const std::string_view content = t_.substr(start, i_ + run - 3 - start);
                i_ += run;
                return content;
            }
            ++i_;
        }
        return t_.substr(start);
    }

    // A key at i_: bare or quoted parts joined by dots, blanks allowed around the dots.
    Key read_key() {
        Key k;
        const std::size_t start = i_;
        std::size_t end = i_;
        for (;;) {
            skip_blanks();
            if (i_ >= t_.size()) break;
            const char c = t_[i_];
            std::string_view part;
            if (c == '"' || c == '\'') {
                part = read_string();
            } else if (is_bare_key_char(c)) {
                const std::size_t s = i_;
                while (i_ < t_.size() && is_bare_key_char(t_[i_])) ++i_;
                part = t_.substr(s, i_ - s);
            } else {
                break;
            }
            ++k.parts;
            end = i_;
            if (k.joined.size() <= kMaxTomlKeyBytes) {
                if (k.parts > 1) k.joined += '.';
                k.joined.append(part.substr(0, kMaxTomlKeyBytes + 1 - k.joined.size()));
            }
            skip_blanks();
            if (i_ >= t_.size() || t_[i_] != '.') break;
            ++i_;
        }
        k.bytes = end - start;
        return k;
    }

    bool key_within_limits(const Key& k, int line) {
        if (k.parts > kMaxTomlKeyParts) {
            fail(line, path(stack_.size(), k.joined),
                 "a key of " + std::to_string(k.parts) + " dot-separated parts, more than the limit of " +
                     std::to_string(kMaxTomlKeyParts) + " parts in one key (kMaxTomlKeyParts)");
        } else if (k.bytes > kMaxTomlKeyBytes) {
            fail(line, path(stack_.size(), k.joined),
                 "a key of " + short_size_text(k.bytes) + ", more than the limit of " +
                     short_size_text(kMaxTomlKeyBytes) + " for one key (kMaxTomlKeyBytes)");
        }
        return !error_;
    }

    bool count_values(std::size_t n, int line, std::string_view key) {
        values_ += n;
        if (values_ > kMaxTomlValues)
            fail(line, path(stack_.size(), key),
                 "the text holds more than " + std::to_string(kMaxTomlValues) +
                     " values (every key's value, list element and table counted), the limit (kMaxTomlValues)");
        return !error_;
    }

    // [table] or [[list of tables]] at i_, at the start of a line.
    void header() {
        const int line = line_;
        const bool list = i_ + 1 < t_.size() && t_[i_ + 1] == '[';
        i_ += list ? 2 : 1;
        Key k = read_key();
        want_ = Want::After;
        if (k.parts == 0 || !key_within_limits(k, line)) return;   // no key: the reader refuses the line
        skip_blanks();
        for (int closing = list ? 2 : 1; closing > 0 && i_ < t_.size() && t_[i_] == ']'; --closing) ++i_;
        header_ = std::move(k.joined);
        header_depth_ = k.parts + (list ? 1 : 0);
        if (!count_values(header_depth_, line, "")) return;
        if (list && ++table_list_entries_[header_] > kMaxTomlArrayLength)
            fail(line, header_,
                 "[[" + cut_text(header_, kShownKeyBytes) + "]] has more than " + std::to_string(kMaxTomlArrayLength) +
                     " entries, the limit for one list (kMaxTomlArrayLength)");
    }

    // key = value at i_, in a table whose depth is `depth`.
    void key_value(std::size_t depth) {
        const int line = line_;
        Key k = read_key();
        want_ = Want::After;
        if (k.parts == 0) {
            ++i_;   // not a key: the reader refuses it
            return;
        }
        if (!key_within_limits(k, line)) return;
        skip_blanks();
        if (i_ >= t_.size() || t_[i_] != '=') return;   // the reader refuses a key without '='
        ++i_;
        skip_blanks();
        // The tables a dotted key makes on its way (a.b.c = 1 makes a and a.b).
        if (!count_values(k.parts - 1, line, k.joined)) return;
        if (i_ >= t_.size() || t_[i_] == '\n' || t_[i_] == '\r' || t_[i_] == '#') return;   // no value
        value(depth + k.parts, k.joined, line);
    }

    // A value at i_ whose node lies `depth` deep, the value of `key` (or a list's element).
    void value(std::size_t depth, std::string_view key, int line) {
        if (depth > kMaxTomlDepth) {
            fail(line, path(stack_.size(), key),
                 "nested " + std::to_string(depth) +
                     " deep (tables, lists and inline tables within each other, each part of a dotted key a level), "
                     "more than the limit of " +
                     std::to_string(kMaxTomlDepth) + " (kMaxTomlDepth)");
            return;
        }
        if (!stack_.empty() && stack_.back().array && ++stack_.back().count > kMaxTomlArrayLength) {
            const Frame& list = stack_.back();
            fail(list.line, path(stack_.size() - 1, list.key),
                 "a list of more than " + std::to_string(kMaxTomlArrayLength) +
                     " elements, the limit for one list (kMaxTomlArrayLength)");
            return;
        }
        if (!count_values(1, line, key)) return;
        const char c = t_[i_];
        want_ = Want::After;
        if (c == '"' || c == '\'') {
            const std::string_view text = read_string();
            if (text.size() > kMaxTomlStringBytes)
                fail(line, path(stack_.size(), key),
                     "the text " + echo_text(text) + " is longer than the limit of " +
                         short_size_text(kMaxTomlStringBytes) + " for one text value (kMaxTomlStringBytes)");
        } else if (c == '[' || c == '{') {
            stack_.push_back(Frame{c == '[', depth, std::string(key), 0, line});
            ++i_;
            want_ = c == '[' ? Want::Value : Want::Key;
        } else {
            // Nothing at all when `key =` is followed by ',', ']' or '}': the reader refuses that,
            // and the scan goes on from that character.
            while (i_ < t_.size() && !ends_scalar(t_[i_])) ++i_;
        }
    }

    std::string_view t_;
    std::size_t i_ = 0;
    int line_ = 1;
    Want want_ = Want::LineStart;
    std::size_t values_ = 0;
    std::vector<Frame> stack_;
    std::string header_;             // the current [table] header, its parts joined by '.'
    std::size_t header_depth_ = 0;   // its depth: [a.b] 2, [[a]] 2 (the list and its entry)
    std::unordered_map<std::string, std::size_t> table_list_entries_;   // [[x]] -> its entries so far
    std::optional<TomlLimitError> error_;
};

}   // namespace

std::optional<TomlLimitError> check_toml_limits(std::string_view text) { return Scanner(text).run(); }

}   // namespace pb
