// A logistics scenario's initial colony: the map (size and wall rectangles), the targets with
// their stores, the transporters, and optionally a random colony generated from the scenario's
// seed (for the large scenarios: hundreds of transporters without hundreds of entries).
#pragma once
#include <memory>
#include <optional>
#include <ostream>
#include <vector>

#include "engine/core/node.hpp"
#include "engine/core/scenario.hpp"
#include "engine/logistics/types.hpp"

namespace pb::logistics {

struct WallRect {
    Tile from, to;   // inclusive corners
};

struct TargetPlacement {
    TargetKind kind = TargetKind::Spawn;
    Tile pos;
    std::optional<Resource> resource;   // absent: the kind's
    std::optional<double> capacity;     // absent: the kind's
    std::optional<double> rate;         // absent: the kind's
    double multiplier = 0.0;            // 0: the kind's parameter
    Store store{0.0, 0.0};
};

struct TransporterPlacement {
    Tile pos;
    double capacity = 0.0;   // 0: logistics.transporter.capacity
    double speed = 0.0;      // 0: logistics.transporter.speed
    Store carry{0.0, 0.0};
};

// [generate]: how many of each to scatter at random free tiles (the seed decides where).
struct Generator {
    int transporters = 0;
    int spawns = 0, extensions = 0, towers = 0, upgrade_sites = 0, labs = 0;
    int mining = 0, piles = 0, extractors = 0, storages = 0, terminals = 0;
    double fill = 0.5;   // share of each generated target's capacity stocked at tick 0 (sources and sinks)
    bool any() const {
        return transporters + spawns + extensions + towers + upgrade_sites + labs + mining + piles + extractors +
                   storages + terminals >
               0;
    }
};

class LogisticsSetup : public LabSetup {
public:
    Tile size{50, 50};
    std::vector<WallRect> walls;
    std::vector<TargetPlacement> targets;
    std::vector<TransporterPlacement> transporters;
    Generator generate;

    void write_toml(std::ostream& out) const override;
};

constexpr int kMaxMapSide = 256;
// Declared limits (docs/scenario-files.md#limits), checked when a scenario loads (file:line: key, naming the
// limit) and by target.place / transporter.place. Each target keeps a distance field over the
// map (4 bytes a tile: 256 KB on the largest map) and each tick matches transporters against the
// targets' requests, so targets x map and transporters x targets bound memory (under about
// 400 MB) and a tick's matching (under about 0.5 s with the optimal policy).
inline constexpr std::size_t kMaxTargets = 1000;                    // [[target]] + generated targets (+ target.place)
inline constexpr std::size_t kMaxTransporters = 1000;               // [[transporter]] + generated (+ transporter.place)
inline constexpr std::size_t kMaxTransporterTargetPairs = 250000;   // transporters x targets

// Reads [map], [[target]], [[transporter]] and [generate] through `reader`. Problems go to `diag`
// with file:line: key and the allowed values; a complete setup is returned anyway.
std::shared_ptr<const LogisticsSetup> read_logistics_setup(const Node& root, TableReader& reader, Diagnostics& diag);

}   // namespace pb::logistics
