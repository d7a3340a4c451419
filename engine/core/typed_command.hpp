// Typed commands: a lab declares each command once, as a struct whose members are its arguments,
// plus a field list binding each member to its ArgSpec (name, range, choices, description). From
// that one declaration come
//   - the CommandSpec that validate_command, scenario loading and help use (command_specs<List>()),
//   - to_command(cmd, tick): the wire Command views and tests submit,
//   - from_command<T>(c): the struct a world's handler receives,
//   - dispatch<List>(c, handler): the one table from a command's name to its handler.
// The wire format does not change: a Command still holds the name and the arguments by name, in
// the field list's order, ints as int64, numbers as double (scenarios and replays read as before).
//
// A command's name and its argument names are written once, in the lab's commands.hpp; the views,
// the dispatcher and the handlers use the struct and its members, so a misspelt command or field
// does not compile.
//
//     struct RgsRemove {
//         static constexpr CommandName name{"rgs.remove"};
//         static constexpr std::string_view description = "deconstruct an RGS";
//         std::int64_t id = -1;
//         static auto fields() { return std::tuple{field(&RgsRemove::id, "id", "the RGS's id").range(0, 1e9)}; }
//     };
//
// Argument kinds follow the member types: bool -> Boolean, integers -> Integer (int64 on the
// wire), floating point -> Number, std::string -> String; std::optional<T> is an argument that may
// be left out (required = false), anything else is required. A member's initialiser is what a
// handler sees when a command that skipped validation lacks it (worlds applied directly by tests
// and benches), as the old `c.integer("id", -1)` fallbacks did.
#pragma once
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "engine/core/command.hpp"

namespace pb {

// A command's wire name ("tower.place"): a distinct type so a struct without one is no command.
struct CommandName {
    std::string_view text;
};

namespace typed_command_detail {

template <class T>
struct Optional : std::false_type {
    using value_type = T;
};
template <class T>
struct Optional<std::optional<T>> : std::true_type {
    using value_type = T;
};

template <class T>
constexpr ArgKind kind_of() {
    if constexpr (std::is_same_v<T, bool>)
        return ArgKind::Boolean;
    else if constexpr (std::is_integral_v<T>)
        return ArgKind::Integer;
    else if constexpr (std::is_floating_point_v<T>)
        return ArgKind::Number;
    else {
        static_assert(std::is_same_v<T, std::string>,
                      "a command argument is a bool, an integer, a floating point or a std::string");
        return ArgKind::String;
    }
}

// The same lenient reads as Command's accessors (number(), integer(), flag(), text()): a value of
// another kind gives `fallback`.
template <class T>
T read(const CommandValue& v, const T& fallback) {
    if constexpr (std::is_same_v<T, bool>) {
        if (auto b = std::get_if<bool>(&v)) return *b;
        return fallback;
    } else if constexpr (std::is_integral_v<T>) {
        if (auto i = std::get_if<std::int64_t>(&v)) return static_cast<T>(*i);
        if (auto d = std::get_if<double>(&v)) return static_cast<T>(std::llround(*d));
        return fallback;
    } else if constexpr (std::is_floating_point_v<T>) {
        if (auto d = std::get_if<double>(&v)) return static_cast<T>(*d);
        if (auto i = std::get_if<std::int64_t>(&v)) return static_cast<T>(*i);
        if (auto b = std::get_if<bool>(&v)) return *b ? T(1) : T(0);
        return fallback;
    } else {
        if (auto s = std::get_if<std::string>(&v)) return *s;
        return fallback;
    }
}

// GCC 12 warns "may be used uninitialized" for the payload of an empty std::optional member of a
// temporary (to_command(RgsRepair{.id = 3})) although it is only read when engaged: a known false
// positive (GCC bug 80635), silenced from here to the end of to_command() alone.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
template <class T>
CommandValue wire(const T& v) {
    if constexpr (std::is_same_v<T, bool>)
        return CommandValue{v};
    else if constexpr (std::is_integral_v<T>)
        return CommandValue{static_cast<std::int64_t>(v)};
    else if constexpr (std::is_floating_point_v<T>)
        return CommandValue{static_cast<double>(v)};
    else
        return CommandValue{v};
}

}   // namespace typed_command_detail

// One argument: the member it fills and its spec. Built by field(), refined by chaining.
template <class C, class M>
struct CommandField {
    using Value = typename typed_command_detail::Optional<M>::value_type;
    static constexpr bool optional = typed_command_detail::Optional<M>::value;

    M C::*member;
    ArgSpec spec;

    // For Number / Integer: the allowed range.
    CommandField range(double min, double max) const {
        static_assert(std::is_arithmetic_v<Value> && !std::is_same_v<Value, bool>, "a range is for numbers");
        CommandField f = *this;
        f.spec.min = min;
        f.spec.max = max;
        return f;
    }
    // For String: the allowed values.
    CommandField choices(std::vector<std::string> allowed) const {
        static_assert(std::is_same_v<Value, std::string>, "choices are for strings");
        CommandField f = *this;
        f.spec.choices = std::move(allowed);
        return f;
    }
};

template <class C, class M>
CommandField<C, M> field(M C::*member, std::string name, std::string description) {
    using F = CommandField<C, M>;
    ArgSpec spec;
    spec.name = std::move(name);
    spec.kind = typed_command_detail::kind_of<typename F::Value>();
    spec.required = !F::optional;
    spec.description = std::move(description);
    return F{member, std::move(spec)};
}

// A command type's field list, built once (specs hold strings: not rebuilt per command).
template <class T>
const auto& command_fields() {
    static const auto fields = T::fields();
    return fields;
}

template <class T>
CommandSpec command_spec() {
    CommandSpec spec{std::string(T::name.text), std::string(T::description), {}};
    std::apply([&](const auto&... f) { (spec.args.push_back(f.spec), ...); }, command_fields<T>());
    return spec;
}

// The wire form of a typed command: its name, then its arguments in the field list's order
// (an optional one only when it holds a value).
// (See wire() for the pragma.)
template <class T>
Command to_command(const T& cmd, std::int64_t tick = 0) {
    Command c;
    c.tick = tick;
    c.type = std::string(T::name.text);
    std::apply(
        [&](const auto&... f) {
            const auto put = [&](const auto& fd) {
                const auto& v = cmd.*(fd.member);
                if constexpr (std::decay_t<decltype(fd)>::optional) {
                    if (v) c.args.emplace_back(fd.spec.name, typed_command_detail::wire(*v));
                } else {
                    c.args.emplace_back(fd.spec.name, typed_command_detail::wire(v));
                }
            };
            (put(f), ...);
        },
        command_fields<T>());
    return c;
}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

// The typed form of a Command of type T (its type is not checked here: dispatch does that).
// Arguments it lacks keep the member's initialiser (optional ones stay empty).
template <class T>
T from_command(const Command& c) {
    T cmd{};
    std::apply(
        [&](const auto&... f) {
            const auto get = [&](const auto& fd) {
                using Field = std::decay_t<decltype(fd)>;
                using V = typename Field::Value;
                auto& m = cmd.*(fd.member);
                const CommandValue* v = c.find(fd.spec.name);
                if (!v) return;
                if constexpr (Field::optional)
                    m = typed_command_detail::read<V>(*v, V{});
                else
                    m = typed_command_detail::read<V>(*v, m);
            };
            (get(f), ...);
        },
        command_fields<T>());
    return cmd;
}

// A lab's commands, in the order help and validation list them.
template <class... Ts>
struct CommandList {
    static_assert(sizeof...(Ts) > 0, "a command list names at least one command");
};

template <class... Ts>
std::vector<CommandSpec> command_specs(CommandList<Ts...>) {
    return {command_spec<Ts>()...};
}

// Calls handler(from_command<T>(c)) for the T in the list whose name is c.type; the handler is an
// overload set (a generic lambda calling member functions), so a command without a handler does
// not compile. Returns the handler's result, or `unknown` when no command has the name.
template <class... Ts, class Handler>
std::optional<std::string> dispatch(CommandList<Ts...>, const Command& c, Handler&& handler, std::string_view unknown) {
    std::optional<std::string> result;
    const bool known = ((c.type == Ts::name.text ? (result = handler(from_command<Ts>(c)), true) : false) || ...);
    if (!known) return std::string(unknown) + " '" + c.type + "'";
    return result;
}

// The generic parameter edit every lab understands; World::apply handles it, every lab's specs
// list it first (command_specs(const LabInfo&)).
struct ParamSetCommand {
    static constexpr CommandName name{kParamSetCommand};
    static constexpr std::string_view description = "change a parameter of the table";
    std::string key{};
    double value = 0.0;
    static auto fields() {
        return std::tuple{field(&ParamSetCommand::key, "key", "parameter key, e.g. podball.ball.friction"),
                          field(&ParamSetCommand::value, "value", "new value, within the parameter's range")};
    }
};

}   // namespace pb
