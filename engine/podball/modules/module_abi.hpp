// A team module library's entry points and the ABI version it was built for
// (include/playbench/podball_module_abi.h; docs/team-modules.md#abi-versions): bound and checked
// by one code for both the in-process loader (library_module.cpp) and the module host
// (host/module_host.cpp), so an isolated and an in-process module are accepted and refused alike.
#pragma once
#include <dlfcn.h>

#include <cstdint>
#include <cstring>
#include <iterator>
#include <string>

// Playbench reads a module's podball_module_abi_version and defines none of its own.
#define PODBALL_MODULE_ABI_NO_STAMP
#include "include/playbench/podball_module_abi.h"

namespace pb::podball {

// The sizes of the ABI's structs in each minor version of the current major (index: the minor).
// A minor appends fields, never moves one: a module's minor says which fields it has.
struct AbiSizes {
    std::uint32_t info, settings, world, action;
    bool operator==(const AbiSizes&) const = default;
};
inline constexpr AbiSizes kAbiSizes[] = {
    {32, 184, 976, 24},                                                                                       // 1.0
    {sizeof(podball_module_info), sizeof(podball_settings), sizeof(podball_world), sizeof(podball_action)},   // 1.1
};
static_assert(std::size(kAbiSizes) == PODBALL_MODULE_ABI_MINOR + 1, "one entry per minor version");

// What a library exports, bound: the required calls, the optional ones it has (nullptr otherwise),
// its description and the minor version it was built for.
struct ModuleEntryPoints {
    const podball_module_info* info = nullptr;
    std::uint32_t abi_minor = 0;
    podball_module_init_fn init = nullptr;
    podball_module_play_fn play = nullptr;
    podball_module_dispose_fn dispose = nullptr;
    podball_module_clone_fn clone = nullptr;
    podball_module_last_error_fn last_error = nullptr;   // from ABI 1.1 on
};

inline const char* const kAbiHeaderCitation = "<playbench/podball_module_abi.h> (docs/team-modules.md#abi-versions)";

// "2.1" for a module with podball_module_abi_version, "2" for one without (it does not say its minor).
inline std::string abi_version_text(std::uint32_t major, const podball_module_abi* stamp) {
    return stamp ? std::to_string(stamp->major) + "." + std::to_string(stamp->minor) : std::to_string(major);
}

// Whether a library built for `info->abi_version` and `stamp` (nullptr: built before ABI 1.1) can
// be played: "" and its minor in `minor`, or the reason, with both versions.
inline std::string check_module_abi(const std::string& path, const podball_module_info& info,
                                    const podball_module_abi* stamp, std::uint32_t& minor) {
    const std::string ours = std::to_string(PODBALL_MODULE_ABI_MAJOR) + "." + std::to_string(PODBALL_MODULE_ABI_MINOR);
    const std::string lib = "module library '" + path + "'";
    if (stamp && stamp->major != info.abi_version)
        return lib + " says two ABI versions: " + std::to_string(info.abi_version) +
               " in podball_module_get_info and " + abi_version_text(0, stamp) +
               " in podball_module_abi_version; rebuild it against " + kAbiHeaderCitation;
    if (info.abi_version != PODBALL_MODULE_ABI_MAJOR)
        return lib + " was built for module ABI version " + abi_version_text(info.abi_version, stamp) +
               ", this Playbench speaks version " + ours + " and loads modules of major version " +
               std::to_string(PODBALL_MODULE_ABI_MAJOR) + " only: rebuild it against " + kAbiHeaderCitation;
    minor = stamp ? stamp->minor : 0;
    if (minor > PODBALL_MODULE_ABI_MINOR)
        return lib + " was built for module ABI version " + abi_version_text(0, stamp) +
               ", newer than this Playbench's " + ours +
               ": use a newer Playbench, or rebuild the module against this one's " + kAbiHeaderCitation;
    if (stamp) {
        const AbiSizes want = kAbiSizes[minor];
        const AbiSizes got{stamp->info_size, stamp->settings_size, stamp->world_size, stamp->action_size};
        if (!(got == want))
            return lib + " lays out the ABI's structs otherwise than version " + abi_version_text(0, stamp) +
                   " (podball_module_info, podball_settings, podball_world, podball_action: " +
                   std::to_string(got.info) + ", " + std::to_string(got.settings) + ", " + std::to_string(got.world) +
                   ", " + std::to_string(got.action) + " bytes; the ABI's: " + std::to_string(want.info) + ", " +
                   std::to_string(want.settings) + ", " + std::to_string(want.world) + ", " +
                   std::to_string(want.action) +
                   "): built for another architecture or with other packing? Rebuild it against " + kAbiHeaderCitation;
    }
    return "";
}

// Binds the library open at `handle` (every required symbol, then the version check): "" or the
// reason, naming `path`.
inline std::string bind_module(void* handle, const std::string& path, ModuleEntryPoints& out) {
    std::string error;
    auto find = [&](const char* symbol, bool required) -> void* {
        void* p = dlsym(handle, symbol);
        if (!p && required && error.empty())
            error = "module library '" + path + "' does not export '" + symbol +
                    "' (a module exports podball_module_get_info, podball_module_init, podball_module_play and "
                    "podball_module_dispose; see " +
                    kAbiHeaderCitation + ")";
        return p;
    };
    // POSIX guarantees that a data pointer from dlsym converts to a function pointer.
    const auto get_info = reinterpret_cast<podball_module_get_info_fn>(find("podball_module_get_info", true));
    out.init = reinterpret_cast<podball_module_init_fn>(find("podball_module_init", true));
    out.play = reinterpret_cast<podball_module_play_fn>(find("podball_module_play", true));
    out.dispose = reinterpret_cast<podball_module_dispose_fn>(find("podball_module_dispose", true));
    out.clone = reinterpret_cast<podball_module_clone_fn>(find("podball_module_clone", false));
    if (!error.empty()) return error;
    const auto* stamp = static_cast<const podball_module_abi*>(find("podball_module_abi_version", false));

    out.info = nullptr;
    try {
        out.info = get_info();
    } catch (...) {
        return "module library '" + path + "': podball_module_get_info failed with an exception";
    }
    if (!out.info) return "module library '" + path + "': podball_module_get_info returned NULL";
    error = check_module_abi(path, *out.info, stamp, out.abi_minor);
    if (!error.empty()) return error;
    // A module built for 1.0 has no podball_module_last_error: a symbol of that name is not one.
    if (out.abi_minor >= 1)
        out.last_error = reinterpret_cast<podball_module_last_error_fn>(find("podball_module_last_error", false));
    return "";
}

// The module's own words for the call that just failed (podball_module_last_error with `state`):
// at most PODBALL_MODULE_ERROR_BYTES bytes, as the module wrote them; "" when it has none. Made
// printable by whoever shows it.
inline std::string module_last_error(podball_module_last_error_fn last_error, const void* state) {
    if (!last_error) return "";
    const char* text = nullptr;
    try {
        text = last_error(state);
    } catch (...) {
        return "";
    }
    return text ? std::string(text, strnlen(text, PODBALL_MODULE_ERROR_BYTES)) : std::string();
}

}   // namespace pb::podball
