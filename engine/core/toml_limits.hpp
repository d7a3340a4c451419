// The bounds every TOML text (scenarios, replays' embedded scenarios, sweep files, settings) is
// checked against before the TOML reader builds a tree of it: the reader and the tree it builds
// are recursive, so a key of thousands of dot-separated parts or lists nested thousands deep
// would overflow the stack, and a list of millions of elements takes gigabytes before anything
// reads it. docs/scenario-files.md#toml-text-is-bounded-before-it-is-read lists the limits and
// why each is what it is.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace pb {

// Dot-separated parts of one key or table header (podball.rules.ballkeep_ticks has 3; the deepest
// shipped key, in [params], 4).
inline constexpr std::size_t kMaxTomlKeyParts = 32;
// Tables, inline tables and lists within each other, each part of a dotted key counted as a level
// ([params] podball.rules.ballkeep_ticks is 4 deep, a waypoint [x, y] in [lane] waypoints 3).
inline constexpr std::size_t kMaxTomlDepth = 64;
// Elements of one list, and entries of one [[list of tables]] (the longest any lab reads: 10,000
// lane waypoints; a 256 x 256 Logistics map cut into single-tile walls would hold 65,536 walls).
inline constexpr std::size_t kMaxTomlArrayLength = 100000;
// Bytes of one text value as written, quotes and escapes included (a path, a name, a
// description: a 64 KB description is some 30 pages).
inline constexpr std::size_t kMaxTomlStringBytes = std::size_t{64} << 10;
// Bytes of one key or table header as written (the longest parameter key is under 50).
inline constexpr std::size_t kMaxTomlKeyBytes = 1024;
// Values in the whole text: every key's value, list element and table, each counted once. A
// scenario at every limit of its lab holds under 100,000 (10,000 waypoints are 30,000 values);
// the reader and our tree take about 250 bytes a value, and a value the lab refuses adds its
// message (some 1.1 KB in all for an unknown key): under 300 MB here.
inline constexpr std::size_t kMaxTomlValues = 250000;

// The first limit `text` exceeds: its line, the key (cut to a readable length) and what is wrong,
// with the limit. std::nullopt when every limit holds. One pass over the text, no recursion: it
// reads only as much of TOML's syntax as it needs to count (strings, comments, keys, brackets)
// and leaves every other check to the TOML reader.
struct TomlLimitError {
    int line = 0;
    std::string key;
    std::string message;
};
std::optional<TomlLimitError> check_toml_limits(std::string_view text);

}   // namespace pb
