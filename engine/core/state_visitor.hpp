// One description of a lab's state. A world lists its fields once, in a visit function
// (`template <class Self, class V> static void visit_state(Self& w, V& v)`, Self a const or
// mutable world), and every use walks that list: the full hash (StateHashVisitor), the JSON state
// of `run --json` and replay snapshots (JsonStateVisitor), the field-by-field list two states are
// compared with (FieldListVisitor, diff_fields), and the test hook that changes one field the tick
// hash promises to cover (FieldPerturber). A field added there reaches all of them.
//
// What a visit calls (keys are "" inside arrays):
//   v.begin_object(key, role) ... v.end_object()
//   v.begin_array(key, size, role) ... v.end_array()       the size is hashed
//   v.field(key, ref, role)          a stored value: double, int, int64, uint64, bool, std::string
//   v.enumeration(key, ref, role, to_key)   hashed as its number, written as to_key(value)
//   v.index(key, ref, role)          an int that is -1 for "none": JSON null then
//   v.value(key, value, role)        a computed value (not stored, so never changed by a test)
//   v.json(key, fn)                  JSON only, written by fn(JsonWriter&) (a shape the list cannot say)
//   v.opaque(key, fn)                hashed by fn(StateHasher&) (module memory, metric counters)
// A role says where a field goes besides the field list: kJson (run --json), kHash (the full
// hash), kTick (the tick hash promises to cover it: tick_hash() is hand-written for speed, and a
// test per lab changes each such field and checks that tick_hash() changes). A container's role
// applies to all inside it (a hidden array's elements are hidden too).
#pragma once
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "engine/core/hash.hpp"
#include "engine/core/json.hpp"

namespace pb {

enum FieldRoleBits : unsigned { kJson = 1u, kHash = 2u, kTick = 4u };
inline constexpr unsigned kShown = kJson | kHash;               // in run --json and the full hash
inline constexpr unsigned kShownTick = kJson | kHash | kTick;   // and the tick hash covers it
inline constexpr unsigned kHidden = kHash;                      // hashed, not in run --json
inline constexpr unsigned kHiddenTick = kHash | kTick;
inline constexpr unsigned kJsonOnly = kJson;   // a derived value shown, not hashed
// On an array: its size is left out of the hash (a fixed size, or a hash kept as it was).
inline constexpr unsigned kSizeUnhashed = 8u;

// ---------------------------------------------------------------- full hash

class StateHashVisitor {
public:
    explicit StateHashVisitor(StateHasher& h) : h_(h) {}
    void begin_object(std::string_view, unsigned = kShown) {}
    void end_object() {}
    void begin_array(std::string_view, std::size_t size, unsigned role = kShown) {
        if ((role & kHash) && !(role & kSizeUnhashed)) h_.add(static_cast<std::int64_t>(size));
    }
    void end_array() {}
    template <class T>
    void field(std::string_view, const T& v, unsigned role = kShown) {
        if (role & kHash) add(v);
    }
    template <class E, class F>
    void enumeration(std::string_view, const E& e, unsigned role, F&&) {
        if (role & kHash) h_.add(static_cast<int>(e));
    }
    void index(std::string_view, const int& v, unsigned role = kShown) {
        if (role & kHash) h_.add(v);
    }
    template <class T>
    void value(std::string_view, const T& v, unsigned role = kJsonOnly) {
        if (role & kHash) add(v);
    }
    template <class F>
    void json(std::string_view, F&&) {}
    template <class F>
    void opaque(std::string_view, F&& fn) {
        fn(h_);
    }

private:
    void add(double v) { h_.add(v); }
    void add(int v) { h_.add(v); }
    void add(std::int64_t v) { h_.add(v); }
    void add(std::uint64_t v) { h_.add_u64(v); }
    void add(bool v) { h_.add(v); }
    void add(const std::string& v) { h_.add(std::string_view(v)); }
    void add(std::string_view v) { h_.add(v); }
    StateHasher& h_;
};

// ---------------------------------------------------------------- JSON

class JsonStateVisitor {
public:
    explicit JsonStateVisitor(JsonWriter& out) : out_(out) {}
    void begin_object(std::string_view key, unsigned role = kShown) {
        if (open(role)) name(key).begin_object();
    }
    void end_object() {
        if (close()) out_.end_object();
    }
    void begin_array(std::string_view key, std::size_t, unsigned role = kShown) {
        if (open(role)) name(key).begin_array();
    }
    void end_array() {
        if (close()) out_.end_array();
    }
    template <class T>
    void field(std::string_view key, const T& v, unsigned role = kShown) {
        if (shown(role)) name(key).value(v);
    }
    template <class E, class F>
    void enumeration(std::string_view key, const E& e, unsigned role, F&& to_key) {
        if (shown(role)) name(key).value(std::string_view(to_key(e)));
    }
    void index(std::string_view key, const int& v, unsigned role = kShown) {
        if (!shown(role)) return;
        if (v >= 0)
            name(key).value(v);
        else
            name(key).null();
    }
    template <class T>
    void value(std::string_view key, const T& v, unsigned role = kJsonOnly) {
        if (shown(role)) name(key).value(v);
    }
    template <class F>
    void json(std::string_view key, F&& fn) {
        if (hidden_ > 0) return;
        name(key);
        fn(out_);
    }
    template <class F>
    void opaque(std::string_view, F&&) {}

private:
    bool shown(unsigned role) const { return hidden_ == 0 && (role & kJson); }
    // A container opens in JSON when it and every container around it is shown.
    bool open(unsigned role) {
        if (shown(role)) {
            stack_.push_back(true);
            return true;
        }
        ++hidden_;
        stack_.push_back(false);
        return false;
    }
    bool close() {
        const bool was_shown = stack_.back();
        stack_.pop_back();
        if (!was_shown) --hidden_;
        return was_shown;
    }
    JsonWriter& name(std::string_view key) {
        if (!key.empty()) out_.key(key);
        return out_;
    }
    JsonWriter& out_;
    int hidden_ = 0;
    std::vector<bool> stack_;
};

// ---------------------------------------------------------------- field list and diff

// One field of a state: its path (teams[1].bp, as replay snapshots name it) and its value as text.
struct StateField {
    std::string path;
    std::string value;
    unsigned role = kShown;
    bool operator==(const StateField&) const = default;
};

// Two states side by side where they differ: the path and both values ("" where one has no such field).
struct FieldDifference {
    std::string path;
    std::string a;
    std::string b;
};

namespace state_detail {

inline std::string text(double v) {
    if (std::isnan(v)) return "nan";
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.17g", v);
    return buf;
}
inline std::string text(int v) { return std::to_string(v); }
inline std::string text(std::int64_t v) { return std::to_string(v); }
inline std::string text(std::uint64_t v) { return std::to_string(v); }
inline std::string text(bool v) { return v ? "true" : "false"; }
inline std::string text(const std::string& v) { return "\"" + json_escape(v) + "\""; }
inline std::string text(std::string_view v) { return "\"" + json_escape(v) + "\""; }
inline std::string text(const char* v) { return text(std::string_view(v)); }

// The path of the field being visited, as JsonWriter::lines() spells it.
class PathTracker {
protected:
    std::string element(std::string_view key) {
        if (!levels_.empty() && levels_.back().array) {
            return path_ + "[" + std::to_string(levels_.back().next++) + "]";
        }
        return path_.empty() ? std::string(key) : path_ + "." + std::string(key);
    }
    void push(std::string_view key, bool array, unsigned role) {
        std::string p = element(key);
        levels_.push_back(Level{array, 0, path_.size(), role & inherited()});
        path_ = std::move(p);
    }
    void pop() {
        path_.resize(levels_.back().path_size);
        levels_.pop_back();
    }
    // Inside a hidden container every field is hidden; the tick promise is per field.
    unsigned inherited() const { return levels_.empty() ? ~0u : (levels_.back().role | kTick); }

private:
    struct Level {
        bool array = false;
        std::size_t next = 0;
        std::size_t path_size = 0;
        unsigned role = kShown;
    };
    std::vector<Level> levels_;
    std::string path_;
};

}   // namespace state_detail

class FieldListVisitor : public state_detail::PathTracker {
public:
    std::vector<StateField> fields;

    void begin_object(std::string_view key, unsigned role = kShown) { push(key, false, role); }
    void end_object() { pop(); }
    void begin_array(std::string_view key, std::size_t, unsigned role = kShown) { push(key, true, role); }
    void end_array() { pop(); }
    template <class T>
    void field(std::string_view key, const T& v, unsigned role = kShown) {
        add(key, state_detail::text(v), role);
    }
    template <class E, class F>
    void enumeration(std::string_view key, const E& e, unsigned role, F&& to_key) {
        add(key, state_detail::text(std::string_view(to_key(e))), role);
    }
    void index(std::string_view key, const int& v, unsigned role = kShown) {
        add(key, v >= 0 ? state_detail::text(v) : "null", role);
    }
    template <class T>
    void value(std::string_view key, const T& v, unsigned role = kJsonOnly) {
        add(key, state_detail::text(v), role);
    }
    template <class F>
    void json(std::string_view, F&&) {}   // its values are listed by the fields beside it
    template <class F>
    void opaque(std::string_view key, F&& fn) {
        StateHasher h;
        fn(h);
        char buf[24];
        std::snprintf(buf, sizeof buf, "#%016llx", static_cast<unsigned long long>(h.value()));
        add(key, buf, kHidden);
    }

private:
    void add(std::string_view key, std::string text, unsigned role) {
        fields.push_back(StateField{element(key), std::move(text), role & inherited()});
    }
};

// The fields two states differ in, in the order of the first (then those only the second has).
inline std::vector<FieldDifference> diff_fields(const std::vector<StateField>& a, const std::vector<StateField>& b) {
    std::vector<FieldDifference> out;
    std::size_t j = 0;
    std::vector<bool> matched(b.size(), false);
    for (const StateField& f : a) {
        // Lists of the same shape line up one to one; otherwise look the path up.
        std::optional<std::size_t> at;
        if (j < b.size() && b[j].path == f.path)
            at = j;
        else
            for (std::size_t k = 0; k < b.size(); ++k)
                if (!matched[k] && b[k].path == f.path) {
                    at = k;
                    break;
                }
        if (!at) {
            out.push_back({f.path, f.value, ""});
            continue;
        }
        matched[*at] = true;
        j = *at + 1;
        if (b[*at].value != f.value) out.push_back({f.path, f.value, b[*at].value});
    }
    for (std::size_t k = 0; k < b.size(); ++k)
        if (!matched[k]) out.push_back({b[k].path, "", b[k].value});
    return out;
}

// ---------------------------------------------------------------- test hook

// Changes the `target`-th stored field whose role has all of `role`'s bits (kTick: what the tick
// hash promises to cover; kHash: what the full hash covers) by the least step that changes it (the
// next double up, one more, the other truth value), and says which.
class FieldPerturber : public state_detail::PathTracker {
public:
    FieldPerturber(std::size_t target, unsigned role) : target_(target), role_(role) {}
    std::size_t seen = 0;                 // matching fields visited
    std::optional<std::string> changed;   // path of the one changed

    void begin_object(std::string_view key, unsigned role = kShown) { push(key, false, role); }
    void end_object() { pop(); }
    void begin_array(std::string_view key, std::size_t, unsigned role = kShown) { push(key, true, role); }
    void end_array() { pop(); }
    template <class T>
    void field(std::string_view key, T& v, unsigned role = kShown) {
        if constexpr (std::is_const_v<T>)
            element(key);   // a const world: nothing to change
        else if (take(key, role))
            bump(v);
    }
    template <class E, class F>
    void enumeration(std::string_view key, E& e, unsigned role, F&&) {
        if (take(key, role)) e = static_cast<E>(static_cast<int>(e) + 1);
    }
    void index(std::string_view key, int& v, unsigned role = kShown) {
        if (take(key, role)) ++v;
    }
    template <class T>
    void value(std::string_view key, const T&, unsigned = kJsonOnly) {
        element(key);
    }
    template <class F>
    void json(std::string_view, F&&) {}
    template <class F>
    void opaque(std::string_view key, F&&) {
        element(key);
    }

private:
    bool take(std::string_view key, unsigned role) {
        std::string path = element(key);
        if ((role & role_) != role_) return false;
        if (seen++ != target_) return false;
        changed = std::move(path);
        return true;
    }
    static void bump(double& v) { v = std::nextafter(v, v < 1e300 ? 1e308 : -1e308); }
    static void bump(int& v) { ++v; }
    static void bump(std::int64_t& v) { ++v; }
    static void bump(std::uint64_t& v) { ++v; }
    static void bump(bool& v) { v = !v; }
    static void bump(std::string& v) { v += "~"; }
    std::size_t target_;
    unsigned role_;
};

}   // namespace pb
