// An Effects scenario's content: the lane's waypoints, the creep waves, the defenders placed at
// tick 0, the effect types and interaction rules (the list of the stacking article summarised in
// docs/labs/effects.md#sources, "the post" below, built in unless turned off),
// and the stacking policies to compare on the same wave.
#pragma once
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/core/node.hpp"
#include "engine/core/scenario.hpp"
#include "engine/effects/effect_types.hpp"
#include "engine/effects/lane_path.hpp"

namespace pb::effects {

struct Wave {
    std::string name = "Wave";
    double start = 0.0;   // seconds
    int count = 1;
    double interval = 1.0;   // seconds between spawns
    double hp = 100.0;
    double speed = 1.0;   // lane units per second
    double armour = 0.0;
    double attack = 1.0;   // lives a leaked creep takes
    double at = 0.0;       // distance along the lane where its creeps appear (0: the spawn)
    bool operator==(const Wave&) const = default;
};

// A defender as the designer places it. `effect` empty: it only deals damage.
struct TowerDef {
    Vec2 pos{0.0, 0.0};
    double range = 3.0;     // lane units
    double rate = 1.0;      // shots per second
    double damage = 10.0;   // per hit, before armour
    std::string effect;     // effect type each hit applies
    double potency = 0.0;
    double duration = 0.0;   // seconds
    double chance = 100.0;   // percent of hits that apply the effect
    bool operator==(const TowerDef&) const = default;
};

// A compared lane: every type stacks by `policy` (absent: by each type's own policy).
struct LaneVariant {
    std::optional<StackingPolicy> policy;
    bool operator==(const LaneVariant&) const = default;
};
std::string variant_key(const LaneVariant& v);     // "highest_potency" or "as_defined"
std::string variant_label(const LaneVariant& v);   // for charts and JSON
const std::vector<std::string>& variant_keys();    // policy keys and "as_defined"
bool parse_variant(std::string_view key, LaneVariant& out);

// Declared limits (docs/scenario-files.md#limits), checked when a scenario loads (file:line: key, naming the
// limit) and, for towers, by tower.place. A creep costs about 600 bytes with its effects and
// ledger entries, so the creep limit keeps an accepted scenario under about 150 MB.
inline constexpr std::int64_t kMaxCreeps = 250000;       // creeps in all: the waves' counts x compared lanes
inline constexpr std::int64_t kMaxWaveCount = 100000;    // creeps in one wave
inline constexpr std::size_t kMaxWaves = 1000;           // [[waves]] entries
inline constexpr std::size_t kMaxTowers = 1000;          // defenders ([[towers]] + tower.place)
inline constexpr std::size_t kMaxWaypoints = 10000;      // lane waypoints
inline constexpr std::size_t kMaxEffectEntries = 1000;   // [[effects]] and [[interactions]] entries each

class EffectsSetup : public LabSetup {
public:
    std::vector<Vec2> waypoints{{0.0, 5.0}, {8.0, 5.0}, {8.0, 11.0}, {20.0, 11.0}};
    std::vector<Wave> waves;
    std::vector<TowerDef> towers;
    EffectBook book = default_book();
    std::vector<LaneVariant> compare{LaneVariant{}};

    void write_toml(std::ostream& out) const override;
    static EffectBook default_book();   // the post's types and interactions
};

// Reads [lane], [[waves]], [[towers]], builtin_effects, [[effects]], builtin_interactions,
// [[interactions]] and compare through `reader`. Problems go to `diag`; a complete setup is
// returned anyway.
std::shared_ptr<const EffectsSetup> read_effects_setup(const Node& root, TableReader& reader, Diagnostics& diag);

// Checks a tower against the book and the ranges commands also use; the reason when refused.
std::optional<std::string> check_tower(const TowerDef& t, const EffectBook& book);

}   // namespace pb::effects
