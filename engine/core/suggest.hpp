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

// What is typed is compared with the known names only up to this length: a longer one is no typo
// of a name (no key, lab, command or choice is near that long) and gets no suggestion, so a
// hostile 12 MB value costs nothing here.
inline constexpr std::size_t kMaxSuggestTypedBytes = 256;

// The known name closest to `typed`, when close enough to be a typo: at most a third of the
// typed length in edits (at least 1, at most 3) -- or, for a dotted key, one whose last part
// matches exactly (a wrong section). Ties go to the first in `known`. std::nullopt when nothing
// is close ("a far-off key gets no suggestion") or `typed` is longer than kMaxSuggestTypedBytes.
std::optional<std::string> closest_name(std::string_view typed, const std::vector<std::string>& known);

// " (did you mean x?)" or "" -- ready to append to an error message.
std::string did_you_mean(std::string_view typed, const std::vector<std::string>& known);

}   // namespace pb
