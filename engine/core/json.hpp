// A small streaming JSON writer for `run --json` and reports. Numbers are written with enough
// digits to round-trip a double; non-finite numbers become null (JSON has no NaN).
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace pb {

class JsonWriter {
public:
    explicit JsonWriter(bool pretty = true) : pretty_(pretty) {}
    // Writes no JSON but one line per value, "path=value": state.pods[3].pos[0]=-0.41 (replays
    // keep the state this way, so a divergence can name what differs).
    static JsonWriter lines() {
        JsonWriter w(false);
        w.lines_ = true;
        return w;
    }

    // Writes nothing but keeps every number (and true/false as 1/0, null as NaN) with its path,
    // as lines() names it: a sweep reads its results this way, never parsing text back.
    static JsonWriter numbers() {
        JsonWriter w = lines();
        w.numbers_ = true;
        return w;
    }
    struct NumberAt {
        std::string path;
        double value;
    };
    const std::vector<NumberAt>& numbers_found() const { return numbers_found_; }

    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    JsonWriter& key(std::string_view k);
    JsonWriter& value(double v);
    JsonWriter& value(std::int64_t v);
    JsonWriter& value(int v) { return value(static_cast<std::int64_t>(v)); }
    JsonWriter& value(std::uint64_t v);
    JsonWriter& value(bool v);
    JsonWriter& value(std::string_view v);
    JsonWriter& value(const char* v) { return value(std::string_view(v)); }
    JsonWriter& null();
    template <class T>
    JsonWriter& field(std::string_view k, const T& v) {
        key(k);
        return value(v);
    }

    const std::string& str() const { return out_; }

private:
    struct Level {
        bool array = false;
        std::size_t index = 0;
        std::size_t path_size = 0;   // the path's length before this container's element
    };
    void before_value();
    // Lines mode: the path of the next element (from the pending key or the array index).
    void element_path();
    JsonWriter& line(std::string_view text);
    JsonWriter& number(double v);
    bool lines_ = false;
    bool numbers_ = false;
    std::vector<NumberAt> numbers_found_;
    std::vector<Level> levels_;
    std::string path_;
    std::string pending_key_;
    void newline();
    std::string out_;
    std::vector<bool> first_;   // per open container: no element written yet
    bool pretty_;
    bool after_key_ = false;
};

std::string json_escape(std::string_view s);

}   // namespace pb
