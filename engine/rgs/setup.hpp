// An RGS scenario's initial entities: the two teams (name, starting BP, main structure) and the
// RGS already on the map at tick 0 (pre-built and free, like the RGS of Unvanquished's resource
// post, docs/labs/rgs.md#sources, that "already exists at the beginning of the match").
#pragma once
#include <array>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "engine/core/node.hpp"
#include "engine/core/scenario.hpp"
#include "engine/rgs/types.hpp"

namespace pb::rgs {

struct TeamSetup {
    std::string name;
    std::optional<double> bp;   // absent: rgs.economy.initial_bp
    bool main_structure = true;
};

struct RgsPlacement {
    int team = 0;
    Kind kind = Kind::Drill;
    Vec3 pos{0.0, 0.0, 0.0};
    double range = 0.0;   // 0: the kind's range parameter
    State state = State::Active;
    std::optional<double> health;   // absent: full (0 when destroyed)
};

// Declared limit (docs/scenario-files.md#limits): RGS on the map ([[rgs]] entries, and rgs.place), checked when
// a scenario loads and by rgs.place. Mining and interference look at neighbours through a grid;
// at this limit a tick stays in milliseconds and the state under a few megabytes.
inline constexpr std::size_t kMaxRgs = 5000;

class RgsSetup : public LabSetup {
public:
    std::array<TeamSetup, 2> teams{TeamSetup{"Humans", std::nullopt, true}, TeamSetup{"Aliens", std::nullopt, true}};
    std::vector<RgsPlacement> rgs;

    void write_toml(std::ostream& out) const override;
};

// Reads [team0], [team1] and [[rgs]] from the scenario root through `reader` (which marks them
// as known). Positions are checked against the map of the scenario's own [params] (or the default
// map). Problems go to `diag`; a complete setup is returned anyway.
std::shared_ptr<const RgsSetup> read_rgs_setup(const Node& root, const ParamSet& params, TableReader& reader,
                                               Diagnostics& diag);

}   // namespace pb::rgs
