// Everything that changes a world is a command, stamped with the tick it applies at
// (docs/architecture.md#commands). Commands are plain data so scenarios, replays and undo can store them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

namespace pb {

using CommandValue = std::variant<bool, std::int64_t, double, std::string>;

struct Command {
    std::int64_t tick = 0;   // applied just before the step that advances `tick` to `tick + 1`
    std::string type;        // "param.set", "pod.place", ...
    std::vector<std::pair<std::string, CommandValue>> args;   // in a stable order

    const CommandValue* find(std::string_view name) const;
    double number(std::string_view name, double fallback = 0.0) const;   // int or double
    std::int64_t integer(std::string_view name, std::int64_t fallback = 0) const;
    std::string text(std::string_view name, std::string_view fallback = {}) const;
    bool flag(std::string_view name, bool fallback = false) const;
    Command& set(std::string name, CommandValue value);
    bool operator==(const Command& o) const = default;
};

// 2^53: the largest whole number a double holds exactly; Integer arguments stay within +- this.
inline constexpr double kMaxExactInteger = 9007199254740992.0;

enum class ArgKind { Number, Integer, String, Boolean };

struct ArgSpec {
    std::string name;
    ArgKind kind = ArgKind::Number;
    bool required = true;
    double min = -1e300;   // for Number / Integer
    double max = 1e300;
    std::vector<std::string> choices;   // for String: allowed values (empty = any)
    std::string description;
};

struct CommandSpec {
    std::string type;
    std::string description;
    std::vector<ArgSpec> args;
};

// The generic parameter edit every lab understands: args key (string), value (number).
inline constexpr std::string_view kParamSetCommand = "param.set";
Command make_param_set(std::int64_t tick, std::string key, double value);

// Checks a command against the specs of its lab: known type, required args present and of the
// right kind and range, no unknown args. Returns the reason when it is refused.
std::optional<std::string> validate_command(const std::vector<CommandSpec>& specs, const Command& c);

// One-line human form: `t=120 pod.place team=0 pod=2 x=0.1 y=-0.2`.
std::string describe(const Command& c);

}   // namespace pb
