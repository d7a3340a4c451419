#include "engine/logistics/types.hpp"

#include <cstdio>
#include <sstream>

#include <array>

namespace pb::logistics {
namespace {

// Capacities and rates follow the game where it has them (an extension holds 50 energy at RCL 7,
// a tower 1000, a storage a million, a source yields 10 energy a tick to five work parts); the
// upgrade site's 15 per tick is an RCL 8 controller's cap, the lab's is ours.
constexpr std::array<KindInfo, 10> kKinds{{
    {TargetKind::Spawn, "spawn", "Spawn", Role::Sink, Resource::Energy, 300.0, 1.0},
    {TargetKind::Extension, "extension", "Extension", Role::Sink, Resource::Energy, 50.0, 0.2},
    {TargetKind::Tower, "tower", "Tower", Role::Sink, Resource::Energy, 1000.0, 1.0},
    {TargetKind::Upgrade, "upgrade", "Upgrade site", Role::Sink, Resource::Energy, 2000.0, 15.0},
    {TargetKind::Lab, "lab", "Lab", Role::Sink, Resource::Mineral, 3000.0, 0.5},
    {TargetKind::Mining, "mining", "Mining container", Role::Source, Resource::Energy, 2000.0, 10.0},
    {TargetKind::Pile, "pile", "Dropped pile", Role::Source, Resource::Energy, 4000.0, 10.0},
    {TargetKind::Extractor, "extractor", "Mineral container", Role::Source, Resource::Mineral, 2000.0, 1.0},
    {TargetKind::Storage, "storage", "Storage", Role::Buffer, Resource::Energy, 1000000.0, 0.0},
    {TargetKind::Terminal, "terminal", "Terminal", Role::Buffer, Resource::Energy, 300000.0, 0.0},
}};

template <class T, std::size_t N>
std::vector<std::string> keys_of(const std::array<T, N>& list) {
    std::vector<std::string> out;
    for (const T& item : list) out.emplace_back(item.key);
    return out;
}

struct Named {
    const char* key;
};
constexpr std::array<Named, 2> kResourceNames{{{"energy"}, {"mineral"}}};

}   // namespace

std::string_view resource_key(Resource r) { return kResourceNames[static_cast<int>(r)].key; }

bool parse_resource(std::string_view key, Resource& out) {
    for (int i = 0; i < kResources; ++i)
        if (key == kResourceNames[i].key) {
            out = static_cast<Resource>(i);
            return true;
        }
    return false;
}

const std::vector<std::string>& resource_keys() {
    static const std::vector<std::string> keys = keys_of(kResourceNames);
    return keys;
}

const KindInfo& kind_info(TargetKind k) { return kKinds[static_cast<int>(k)]; }

bool parse_kind(std::string_view key, TargetKind& out) {
    for (const KindInfo& info : kKinds)
        if (key == info.key) {
            out = info.kind;
            return true;
        }
    return false;
}

const std::vector<std::string>& kind_keys() {
    static const std::vector<std::string> keys = keys_of(kKinds);
    return keys;
}

std::string_view role_key(Role r) {
    switch (r) {
        case Role::Sink: return "sink";
        case Role::Source: return "source";
        case Role::Buffer: return "buffer";
    }
    return "?";
}

std::string_view task_key(TaskKind k) {
    switch (k) {
        case TaskKind::Withdraw: return "withdraw";
        case TaskKind::Pickup: return "pickup";
        case TaskKind::Transfer: return "transfer";
        case TaskKind::Park: return "park";
    }
    return "?";
}

bool parse_task_kind(std::string_view key, TaskKind& out) {
    for (TaskKind k : {TaskKind::Withdraw, TaskKind::Pickup, TaskKind::Transfer, TaskKind::Park})
        if (task_key(k) == key) {
            out = k;
            return true;
        }
    return false;
}

std::string tasks_text(const std::vector<Task>& tasks) {
    std::string out;
    for (const Task& t : tasks) {
        char amount[40];
        std::snprintf(amount, sizeof amount, "%.17g", t.amount);
        if (!out.empty()) out += "; ";
        out += std::string(task_key(t.kind)) + " " + std::to_string(t.target) + " " +
               std::string(resource_key(t.resource)) + " " + amount + " " + (t.interruptible ? "1" : "0");
    }
    return out;
}

std::optional<std::string> parse_tasks(std::string_view text, std::vector<Task>& out) {
    out.clear();
    std::istringstream in{std::string(text)};
    std::string item;
    while (std::getline(in, item, ';')) {
        std::istringstream words(item);
        std::string kind, resource;
        Task t;
        int interruptible = -1;
        if (!(words >> kind)) continue;   // empty text, or a trailing ';'
        if (!parse_task_kind(kind, t.kind))
            return "unknown task kind \"" + kind + "\" (withdraw, pickup, transfer, park)";
        if (!(words >> t.target >> resource >> t.amount >> interruptible) || (interruptible != 0 && interruptible != 1))
            return "a task is \"kind target resource amount interruptible(0/1)\", got \"" + item + "\"";
        if (!parse_resource(resource, t.resource)) return "unknown resource \"" + resource + "\"";
        std::string extra;
        if (words >> extra) return "a task has five words, got \"" + item + "\"";
        t.interruptible = interruptible == 1;
        out.push_back(t);
    }
    return std::nullopt;
}

}   // namespace pb::logistics
