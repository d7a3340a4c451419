// What rgs's current parameters mean for play, for the Parameters tab (engine/core/derived.hpp).
#pragma once
#include <vector>

#include "engine/core/derived.hpp"
#include "engine/core/params.hpp"

namespace pb::rgs {

// The derived values for `params` (an empty set: the table's defaults).
std::vector<DerivedValue> derived_values(const ParamSet& params);

}   // namespace pb::rgs
