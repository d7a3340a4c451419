// EffectsWorld: construction and the tick. Commands live in world_commands.cpp; hash and JSON in
// world_io.cpp.
#include "engine/effects/world.hpp"

#include <algorithm>

namespace pb::effects {

EffectsWorld::EffectsWorld(const ParamSet& params, const EffectsSetup& setup, std::uint64_t seed)
    : WorldBase(params), config_(config_from(params)), book_(setup.book), path_(setup.waypoints), waves_(setup.waves) {
    // Every lane draws from the same seed: a chance roll or a blind miss then differs between lanes
    // only where the policies made the lanes differ, not by luck.
    for (const LaneVariant& v : setup.compare) lanes_.emplace_back(v, seed, config_.lives);
    if (lanes_.empty()) lanes_.emplace_back(LaneVariant{}, seed, config_.lives);
    for (Lane& lane : lanes_) {
        lane.sync_types(book_);
        for (const TowerDef& t : setup.towers)
            if (!check_tower(t, book_)) lane.add_tower(t, book_, path_);
        lane.spawn_due(LaneInputs{book_, path_, waves_, config_, 0});
    }
}

void EffectsWorld::step() {
    const LaneInputs in{book_, path_, waves_, config_, tick_};
    for (Lane& lane : lanes_) lane.step(in);
    ++tick_;
}

bool EffectsWorld::finished() const {
    for (const Lane& lane : lanes_)
        if (!lane.spawning_done(waves_) || lane.walking() > 0) return false;
    return true;
}

void EffectsWorld::on_params_changed() { config_ = config_from(params_); }

}   // namespace pb::effects
