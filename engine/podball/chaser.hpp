// The built-in `chaser` team module (chaser.cpp).
#pragma once
#include <memory>

#include "engine/podball/module.hpp"

namespace pb::podball {

std::unique_ptr<TeamModule> make_chaser_module();

}  // namespace pb::podball
