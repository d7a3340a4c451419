// "Did you mean ...?": the closest known name to a mistyped one, shared by every place a designer
// types a key or a name (scenario keys, --set, parameter keys, command types and arguments, string
// choices, lab names).
#pragma once
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb {

// Levenshtein distance (insertions, deletions, substitutions, each 1), case-insensitive.
std::size_t edit_distance(std::string_view a, std::string_view b);

// The known name closest to `typed`, when close enough to be a typo: at most a third of the
// typed length in edits (at least 1, at most 3) -- or, for a dotted key, one whose last part
// matches exactly (a wrong section). Ties go to the first in `known`. std::nullopt when nothing
// is close ("a far-off key gets no suggestion").
std::optional<std::string> closest_name(std::string_view typed, const std::vector<std::string>& known);

// " (did you mean x?)" or "" -- ready to append to an error message.
std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known);

}  // namespace pb
