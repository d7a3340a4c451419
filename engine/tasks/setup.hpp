// A Tasks scenario's ship and task: [ship] (rooms, corridors, positions), [[corridor]] entries
// with their own costs, [[hazard]] rooms, [task] (players, equipment, event, tau, delta), or
// [generate] for a generated ship. Read with the line, key and allowed values of every problem;
// written back with comments a designer can follow.
#pragma once
#include <memory>
#include <optional>
#include <ostream>

#include "engine/core/node.hpp"
#include "engine/core/scenario.hpp"
#include "engine/tasks/generated_ship.hpp"
#include "engine/tasks/ship.hpp"

namespace pb::tasks {

class TasksSetup : public LabSetup {
public:
    Ship ship;
    TaskSpec task;
    std::optional<ShipGeneration> generated;   // the ship came from [generate] (written back as such)

    void write_toml(std::ostream& out) const override;
};

// The Toward the Stars paper's instance (docs/labs/tasks.md#sources): what a new Tasks scenario
// starts from.
std::shared_ptr<const TasksSetup> default_tasks_setup();

std::shared_ptr<const TasksSetup> read_tasks_setup(const Node& root, TableReader& reader, Diagnostics& diag);

// Layout area of the spring layout for files without positions (layout units).
inline constexpr double kLayoutWidth = 16.0;
inline constexpr double kLayoutHeight = 10.0;
// Room positions (scenario [ship] positions, room.add / room.move commands) lie within
// -kMaxCoordinate .. kMaxCoordinate layout units: the ship has no fixed outline, so the bound is
// the one where the picture's arithmetic stays exact, far beyond any ship a designer draws.
inline constexpr double kMaxCoordinate = 1e6;

}   // namespace pb::tasks
