#include "engine/core/world.hpp"

namespace pb {

std::optional<std::string> World::apply(const Command& c) {
    if (c.type == kParamSetCommand) {
        if (auto err = params_.set(c.text("key"), c.number("value"))) return err;
        on_params_changed();
        return std::nullopt;
    }
    return apply_lab_command(c);
}

}  // namespace pb
