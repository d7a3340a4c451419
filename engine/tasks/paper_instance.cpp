#include "engine/tasks/paper_instance.hpp"

#include <array>
#include <utility>

namespace pb::tasks {

Ship toward_the_stars_ship() {
    static constexpr std::array<std::pair<int, int>, 51> corridors{{
        {0, 2},   {0, 18},  {1, 3},   {1, 17},  {1, 20},  {1, 29},  {2, 4},   {2, 5},   {2, 14},  {2, 31},  {3, 4},
        {3, 11},  {3, 29},  {3, 33},  {3, 35},  {4, 5},   {4, 6},   {4, 14},  {5, 13},  {6, 7},   {6, 9},   {7, 22},
        {7, 23},  {7, 34},  {7, 36},  {8, 21},  {9, 12},  {9, 31},  {9, 34},  {10, 16}, {10, 21}, {10, 22}, {12, 16},
        {12, 36}, {13, 31}, {15, 16}, {17, 35}, {18, 19}, {19, 20}, {19, 33}, {19, 35}, {21, 27}, {22, 25}, {23, 26},
        {23, 28}, {24, 25}, {25, 28}, {26, 27}, {27, 30}, {30, 32}, {32, 36},
    }};
    Ship ship;
    ship.rooms.resize(37);
    for (const auto& [a, b] : corridors) ship.corridors.push_back(Corridor{a, b, 1, 0, 0, false});
    ship.rooms[18].hazard_to_equipment = 1;
    ship.rooms[18].hazard_to_event = 1;
    auto_layout(ship, 16.0, 10.0);
    return ship;
}

TaskSpec toward_the_stars_task() {
    TaskSpec task;
    task.players = {0, 15, 24, 36};
    task.equipment = {20, 24, 27};
    task.event = 18;
    task.tau = {6, 4, 2, 1};
    task.delta = {0, 0, 0, 0};
    return task;
}

}   // namespace pb::tasks
