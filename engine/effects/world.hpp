// The Effects world: one lane per compared stacking policy, all walking the same waves past the
// same defenders, sharing the effect types and interaction rules. Every designer action (place a
// defender, apply an effect, edit a type or a rule) is a command applied to every lane alike, so
// the lanes differ only by their policy.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/world.hpp"
#include "engine/effects/commands.hpp"
#include "engine/effects/config.hpp"
#include "engine/effects/lane.hpp"
#include "engine/effects/setup.hpp"

namespace pb::effects {

class EffectsWorld : public WorldBase<EffectsWorld> {
public:
    EffectsWorld(const ParamSet& params, const EffectsSetup& setup, std::uint64_t seed);

    const LabInfo& lab() const override;
    void step() override;
    std::uint64_t hash() const override;
    // What a tick changes, lane by lane (Lane::add_tick_hash); towers, waves and the effect book
    // change only by commands, which replays pin with a full hash right after.
    std::uint64_t tick_hash() const override;
    void write_state(JsonWriter& out) const override;
    void write_metrics(JsonWriter& out) const override;
    std::vector<StateField> state_fields() const override;
    std::optional<std::string> perturb_field(std::size_t k, unsigned role) override;
    // Every field of the state once, for hash(), write_state(), state_fields() and the tick-hash
    // test (engine/core/state_visitor.hpp); defined in world_io.cpp.
    template <class Self, class V>
    static void visit_state(Self& w, V& v);
    std::string summary() const override;

    const EffectsConfig& config() const { return config_; }
    const EffectBook& book() const { return book_; }
    const LanePath& path() const { return path_; }
    const std::vector<Wave>& waves() const { return waves_; }
    const std::vector<Lane>& lanes() const { return lanes_; }
    const Lane& lane(std::size_t i) const { return lanes_[i]; }
    double seconds() const { return static_cast<double>(tick_) * config_.dt(); }
    // Every wave spawned and no creep walking, in every lane.
    bool finished() const override;

protected:
    std::optional<std::string> apply_lab_command(const Command& c) override;
    void on_params_changed() override;

private:
    // world_commands.cpp
    std::optional<std::string> tower_id(std::int64_t want, int& id) const;
    // One handler per command of EffectsCommands (commands.hpp).
    std::optional<std::string> on(const TowerPlace& c);
    std::optional<std::string> on(const TowerMove& c);
    std::optional<std::string> on(const TowerEdit& c);
    std::optional<std::string> on(const TowerRemove& c);
    std::optional<std::string> on(const EffectApply& c);
    std::optional<std::string> on(const EffectDefine& c);
    std::optional<std::string> on(const InteractionSet& c);
    std::optional<std::string> on(const LanePolicy& c);
    std::optional<std::string> on(const TowerUnplace& c);
    std::optional<std::string> on(const TowerRestore& c);
    std::optional<std::string> on(const EffectUndefine& c);
    std::optional<std::string> on(const InteractionRestore& c);
    template <class C>
    std::optional<std::string> change_tower(const C& c);   // tower.move, tower.edit
    void after_book_changed();

    EffectsConfig config_;
    EffectBook book_;
    LanePath path_;
    std::vector<Wave> waves_;
    std::vector<Lane> lanes_;
};

const LabInfo& effects_lab();

}   // namespace pb::effects
