// The `--set KEY=VALUE` overrides every verb of the command line takes (run, match, render,
// solve, replay record and the window), parsed and applied in one place.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/core/params.hpp"

namespace pb {

// Applies each KEY=VALUE of `sets` to `params`, in order. Returns the first problem as
// "--set TEXT: reason" (malformed, unknown key, not a number, out of range, or a parameter given
// twice), in which case `params` is left exactly as it was.
std::optional<std::string> apply_param_overrides(ParamSet& params, const std::vector<std::string>& sets);

}   // namespace pb
