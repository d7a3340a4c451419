#include "engine/core/world.hpp"

#include "engine/core/hash.hpp"
#include "engine/core/typed_command.hpp"

namespace pb {

std::optional<std::string> World::apply(const Command& c) {
    if (c.type == ParamSetCommand::name.text) {
        const auto edit = from_command<ParamSetCommand>(c);
        if (auto err = params_.set(edit.key, edit.value)) return err;
        params_hash_known_ = false;
        on_params_changed();
        return std::nullopt;
    }
    return apply_lab_command(c);
}

std::uint64_t World::tick_hash() const { return hash(); }

std::uint64_t World::compute_params_hash() const {
    QuickHasher h;
    for (std::size_t i = 0; i < params_.size(); ++i)
        if (params_.table()[i].in_state_hash) h.add(params_[i]);
    params_hash_ = h.value();
    params_hash_known_ = true;
    return params_hash_;
}

}   // namespace pb
