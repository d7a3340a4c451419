// Small grammar for text built from numbers and names, so a window or a report never says
// "1 tiles/tick", "1 samples" or "Humans's" (docs/window.md#words).
#pragma once
#include <string>
#include <string_view>

namespace pb {

// "1 sample", "3 samples", "0 samples"; `plural_form` when adding an "s" is wrong ("1 life", "2 lives").
std::string count_of(long long n, std::string_view singular, std::string_view plural_form = {});

// The possessive of a name: "Blue's", "Humans'", "B's".
std::string possessive(std::string_view name);

// The text with its first letter upper-case, for a phrase that starts a line: "Move the ball".
std::string capitalised(std::string text);

// `unit` as it reads after a number written as `number_text`: the singular when the number reads
// exactly one ("1 tile/tick", "1 pod mass", "1 period"), else the unit as given ("1.5 tiles/tick").
// Only the counted word changes: the last word before the first '/', when it is a plain English
// plural; a unit with a product in it ("pod mass*widths/tick") is left as it is.
std::string unit_after(std::string_view number_text, std::string_view unit);

// The number and its unit: "1 tile/tick", "0.5 tiles/tick", "12" (no unit).
std::string with_unit(std::string_view number_text, std::string_view unit);

}   // namespace pb
