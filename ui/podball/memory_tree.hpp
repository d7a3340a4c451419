// A Lua team's `memory` as a live tree in the Analysis tab (docs/lua-teams.md#the-script-panel):
// tables expand and collapse, leaves show their values, hovering one shows its full value and its
// path (memory.target.x). A number leaf can be pinned: the view samples it every tick into a
// bounded, downsampled history that the panel charts. Read from the world on screen, so it follows
// review and scrubbing; UI state only, it never writes the world.
#pragma once
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "ui/podball/match_history.hpp"
#include "ui/widgets/widget_locator.hpp"

namespace pb::ui {

// One value of `memory` as the team's JSON gives it (engine/podball/lua/lua_team.hpp's
// write_memory: tables with keys 1..n as arrays, other tables as objects).
struct MemoryNode {
    enum class Kind { Null, Boolean, Number, String, Array, Object };
    Kind kind = Kind::Null;
    std::string path;   // memory.target.x, memory.route[2] (1-based, as Lua indexes)
    std::string key;    // "x", "[2]"; "memory" for the root
    std::string text;   // a leaf's value as JSON wrote it (a string unquoted)
    double number = 0.0;
    std::vector<MemoryNode> children;
    bool leaf() const { return kind != Kind::Array && kind != Kind::Object; }
};

// The tree of `json`; nullopt, with `error`, for text that is not JSON.
std::optional<MemoryNode> parse_memory(const std::string& json, std::string& error);
// The number at `path` in `root`, or nullopt (no such leaf, or not a number).
std::optional<double> memory_number(const MemoryNode& root, const std::string& path);

// A pinned value over match time: sampled every tick, each bucket's low and high (like the match
// charts, ui/podball/match_history.hpp), neighbours merged pairwise when the match outgrows
// kBuckets. Time going back (a scrub, review, restart) starts it afresh.
class PinnedValue {
public:
    static constexpr std::size_t kBuckets = 256;
    PinnedValue(int team, std::string path) : team_(team), path_(std::move(path)) {}
    int team() const { return team_; }
    const std::string& path() const { return path_; }
    // A sample at `tick`; nullopt when the value is not a number there (a gap: nothing added).
    void observe(std::int64_t tick, std::optional<double> value);
    // The points to chart, in time order: each bucket's low and high at the ticks they were taken.
    void points(std::vector<double>& ticks, std::vector<double>& values) const;
    std::size_t buckets() const { return buckets_.size(); }
    std::int64_t ticks_per_bucket() const { return ticks_per_bucket_; }
    std::int64_t samples() const { return samples_; }

private:
    struct Bucket {
        std::int64_t index = 0;
        Extent value;
    };
    void merge_pairs();
    int team_;
    std::string path_;
    std::vector<Bucket> buckets_;
    std::int64_t ticks_per_bucket_ = 1;
    std::int64_t last_tick_ = -1;
    std::int64_t samples_ = 0;
};

// Draws `root` as a tree under `id` (each node recorded as id + "." + its path). A number leaf has
// a pin toggle: its path goes into `toggled` when clicked. `shown` receives every leaf drawn this
// frame as (path, value text): what the designer sees.
void draw_memory_tree(const MemoryNode& root, const std::string& id, const std::set<std::string>& pinned,
                      std::optional<std::string>& toggled, std::vector<std::pair<std::string, std::string>>& shown,
                      WidgetLocator* widgets);

}   // namespace pb::ui
