// Logistics plain state types, shared by the world, the rate model, the setup reader and the view.
// Units: positions in tiles of the colony map, time in ticks, resources in units (Screeps'
// energy and minerals). One tick is one game tick; a transporter at speed 1 walks one tile a tick.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pb::logistics {

// The two resource types the lab moves. A target's request is always for one of them.
enum class Resource { Energy = 0, Mineral = 1 };
constexpr int kResources = 2;
std::string_view resource_key(Resource r);   // "energy", "mineral"
bool parse_resource(std::string_view key, Resource& out);
const std::vector<std::string>& resource_keys();

using Store = std::array<double, kResources>;
inline double total(const Store& s) { return s[0] + s[1]; }
inline double& at(Store& s, Resource r) { return s[static_cast<int>(r)]; }
inline double at(const Store& s, Resource r) { return s[static_cast<int>(r)]; }

struct Tile {
    int x = 0;
    int y = 0;
    bool operator==(const Tile&) const = default;
};
inline int chebyshev(Tile a, Tile b) {
    const int dx = a.x > b.x ? a.x - b.x : b.x - a.x, dy = a.y > b.y ? a.y - b.y : b.y - a.y;
    return dx > dy ? dx : dy;
}

// What a target does with its store, which decides its request:
//   sink:   consumes its resource at `rate` per tick; requests the free space (amount > 0).
//   source: gains its resource at `rate` per tick (a miner fills it); provides its stock (amount < 0).
//   buffer: storage-like; no request of its own, a stop on the way (withdraw or drop off).
enum class Role { Sink, Source, Buffer };

// The colony's structures. Each kind gives defaults (role, resource, capacity, rate); a target
// may override capacity, rate, resource and multiplier.
enum class TargetKind { Spawn, Extension, Tower, Upgrade, Lab, Mining, Pile, Extractor, Storage, Terminal };
struct KindInfo {
    TargetKind kind;
    const char* key;     // scenario name: "spawn"
    const char* label;   // "Spawn"
    Role role;
    Resource resource;
    double capacity;   // units
    double rate;       // units per tick consumed (sink) or produced (source)
};
const KindInfo& kind_info(TargetKind k);
bool parse_kind(std::string_view key, TargetKind& out);
const std::vector<std::string>& kind_keys();
std::string_view role_key(Role r);   // "sink", "source", "buffer"

struct Target {
    int id = -1;   // stable; equals its index in the world's target list
    TargetKind kind = TargetKind::Spawn;
    Tile pos;
    Resource resource = Resource::Energy;   // what it requests or provides
    double capacity = 0.0;                  // total over both resources
    Store store{0.0, 0.0};
    double rate = 0.0;         // consumed (sink) or produced (source) per tick, before the demand/supply scale
    double multiplier = 0.0;   // > 0: its own request multiplier; 0: its kind's parameter
    bool removed = false;      // kept so ids stay indices

    Role role() const { return kind_info(kind).role; }
    bool is_buffer() const { return role() == Role::Buffer; }
    double free_space() const { return capacity - total(store); }
};

// One step of a transporter's task chain. Withdraw takes from a structure, pickup from resources
// on the ground (a pile), transfer gives, park walks to a buffer and waits there.
enum class TaskKind { Withdraw, Pickup, Transfer, Park };
std::string_view task_key(TaskKind k);
bool parse_task_kind(std::string_view key, TaskKind& out);

struct Task {
    TaskKind kind = TaskKind::Park;
    int target = -1;   // target id
    Resource resource = Resource::Energy;
    double amount = 0.0;   // planned units (what other transporters' predictions count on)
    // A drop-off or park after no match: the transporter stays available to the matching.
    bool interruptible = false;
};

struct Transporter {
    int id = -1;   // stable; equals its index in the world's transporter list
    Tile pos;
    double capacity_override = 0.0;   // > 0: its own capacity; 0: the parameter
    double speed_override = 0.0;      // > 0: its own speed; 0: the parameter
    double capacity = 0.0;            // effective units (derived from the override or the parameter)
    double speed = 1.0;               // effective tiles per tick
    Store carry{0.0, 0.0};
    std::vector<Task> tasks;      // the chain, first task first
    double progress = 0.0;        // tiles of movement accumulated towards the next step
    int request = -1;             // the request (= target id) it is serving, -1 when none
    int via = -1;                 // the buffer its chain detours through, -1 when direct
    double assigned_rate = 0.0;   // the rate of its choice when it was matched
    double travelled = 0.0;       // tiles walked
    bool removed = false;

    double free_space() const { return capacity - total(carry); }
    // Available to the matching: nothing to do, or only a drop-off / park it may abandon.
    bool idle() const {
        for (const Task& t : tasks)
            if (!t.interruptible) return false;
        return true;
    }
};

// A task chain as text, for transporter.restore: "transfer 5 energy 50 0; park 2 energy 0 1"
// (kind, target id, resource, amount to the last bit, interruptible 0/1). parse_tasks returns the
// reason when the text is not one.
std::string tasks_text(const std::vector<Task>& tasks);
std::optional<std::string> parse_tasks(std::string_view text, std::vector<Task>& out);

// A target's request at the current tick (Overmind's LogisticsGroup request object).
struct Request {
    int id = -1;   // the target's id: one request per target, and id 0 is a request like any other
    int target = -1;
    Resource resource = Resource::Energy;
    double amount = 0.0;      // > 0: deliver into the target; < 0: take out of it
    double dAmountdt = 0.0;   // same sign as amount: how fast the need grows
    double multiplier = 1.0;
};

}   // namespace pb::logistics
