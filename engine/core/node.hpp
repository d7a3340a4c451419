// Scenario text parsed into our own tree, with the line of every value, so that labs can read
// their part of a scenario with precise errors without depending on the TOML library.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pb {

struct Node {
    enum class Kind { Table, Array, String, Integer, Float, Boolean };
    Kind kind = Kind::Table;
    int line = 0;       // 1-based line in the source file, 0 when unknown
    std::string path;   // full key, "team0.pods" or "commands[2].tick"
    std::string text;   // String
    std::int64_t integer = 0;
    double number = 0.0;   // Float
    bool boolean = false;
    std::vector<std::pair<std::string, Node>> table;   // in file order
    std::vector<Node> array;

    // Declared here, defaulted in node.cpp: with `table` holding Nodes, Clang (libstdc++ 12)
    // would otherwise ask whether Node is default-constructible while Node is still incomplete.
    Node();
    Node(const Node&);
    Node(Node&&) noexcept;
    Node& operator=(const Node&);
    Node& operator=(Node&&) noexcept;
    ~Node();

    const Node* get(std::string_view key) const;
    bool is_number() const { return kind == Kind::Integer || kind == Kind::Float; }
    double as_number() const { return kind == Kind::Integer ? static_cast<double>(integer) : number; }
};

std::string_view kind_name(Node::Kind k);

// One problem found while reading a scenario.
struct Diagnostic {
    std::string file;
    int line = 0;
    std::string key;
    std::string message;
    int column = 0;                  // 0: not known (every error but a TOML syntax error)
    std::string to_string() const;   // "file:12: key 'team0.pods': expected ..." ("file:12:5: ..." with a column)
};

struct ScenarioLoadOptions;   // engine/core/scenario.hpp

class Diagnostics {
public:
    explicit Diagnostics(std::string file) : file_(std::move(file)) {}
    // How the scenario is being loaded (module libraries: load or only describe, where relative
    // paths resolve), for the labs' setup parsers; nullptr: the defaults.
    const ScenarioLoadOptions* load_options = nullptr;
    // Filled by the parsers: "team 0 module \"lib:x.so\": not loaded (why)" for each library
    // module the options kept from loading; copied into Scenario::modules_not_loaded.
    std::vector<std::string> modules_not_loaded;
    void error(const Node& at, std::string message);
    void error(int line, std::string key, std::string message);
    // A syntax error at line:column (the TOML reader's).
    void error_at(int line, int column, std::string message);
    bool empty() const { return list_.empty(); }
    // The first kMaxKept problems; the rest are only counted (omitted()), so a file of a hundred
    // thousand bad keys costs a line of output, not megabytes.
    static constexpr std::size_t kMaxKept = 100;
    const std::vector<Diagnostic>& list() const { return list_; }
    std::size_t omitted() const { return omitted_; }
    const std::string& file() const { return file_; }
    std::string to_string() const;   // every kept diagnostic, one per line, then "... and N more"

private:
    void add(Diagnostic d);
    std::string file_;
    std::vector<Diagnostic> list_;
    std::size_t omitted_ = 0;
};

// The one check of a point given as an array element ([x, y] in a list of waypoints or room
// positions): two numbers, each finite and within its bounds (NaN, inf and 1e308 are refused).
// Reports at `n` (its line and key) with `what` and the allowed ranges; returns false then.
bool read_point(const Node& n, Diagnostics& diag, std::string_view what, double min_x, double max_x, double min_y,
                double max_y, double& x, double& y);

// A list longer than a declared limit: reports "lists 5000 players, more than the limit of 12
// players (kMaxPlayers)" at `list` and returns true.
bool over_limit(const Node& list, std::size_t count, std::size_t max, std::string_view limit, Diagnostics& diag);

// Reads a table's keys with range checks; every key not read by finish() is reported as unknown,
// together with the keys that are allowed there.
class TableReader {
public:
    TableReader(const Node& table, Diagnostics& diag);
    ~TableReader() = default;

    bool has(std::string_view key) const;
    const Node* node(std::string_view key);   // marks as read
    double number(std::string_view key, double fallback, double min, double max);
    std::int64_t integer(std::string_view key, std::int64_t fallback, std::int64_t min, std::int64_t max);
    // A count with a declared limit: above `max` the message names the limit ("more than the
    // limit of 2000 rooms (kMaxRooms)"); `limit` is "rooms (kMaxRooms)".
    std::int64_t count(std::string_view key, std::int64_t fallback, std::int64_t min, std::int64_t max,
                       std::string_view limit);
    bool boolean(std::string_view key, bool fallback);
    std::string text(std::string_view key, std::string fallback, const std::vector<std::string>& choices = {});
    // [x, y] array of two numbers, each within [min, max].
    bool vec2(std::string_view key, double& x, double& y, double min_x, double max_x, double min_y, double max_y);
    const Node* table(std::string_view key);   // nullptr when absent; error when not a table
    const Node* array(std::string_view key);   // nullptr when absent; error when not an array
    // Declares a key as allowed without reading it (handled elsewhere).
    void allow(std::string_view key);
    void finish();

    Diagnostics& diagnostics() { return diag_; }
    const Node& self() const { return table_; }

private:
    const Node* fetch(std::string_view key);
    const Node& table_;
    Diagnostics& diag_;
    std::vector<std::string> known_;
};

}   // namespace pb
