#include "engine/core/replay_modules.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <mutex>
#include <stdexcept>

#include <fcntl.h>
#include <unistd.h>

#include "engine/core/read_file.hpp"
#include "engine/core/sha256.hpp"

namespace pb {
namespace {

namespace fs = std::filesystem;

std::string hex(const std::array<std::uint8_t, 32>& d) { return to_hex(d); }

// The path a replay names is untrusted: a file larger than any module library is not read.
constexpr std::uintmax_t kMaxLibraryBytes = std::uintmax_t{256} << 20;

// The private folder for library copies (created once, 0700 by mkdtemp) and the copies made,
// by hash: a replay reopened, or both teams on one library, reuse one copy. Removed at exit.
class PrivateCopies {
public:
    ~PrivateCopies() {
        if (dir_.empty()) return;
        std::error_code ec;
        fs::remove_all(dir_, ec);   // a library still mapped stays mapped; its name goes
    }
    std::mutex mutex;
    std::map<std::string, std::string> by_hash;
    // The folder, made on first use; empty and `why` when it cannot be.
    const std::string& dir(std::string& why) {
        if (dir_.empty()) {
            std::error_code ec;
            std::string base = fs::temp_directory_path(ec).string();
            if (ec) base = "/tmp";
            std::string pattern = base + "/playbench-modules-XXXXXX";
            if (::mkdtemp(pattern.data()))
                dir_ = pattern;
            else
                why = "cannot make a private folder in " + base + ": " + std::strerror(errno);
        }
        return dir_;
    }

private:
    std::string dir_;
};

PrivateCopies& copies() {
    static PrivateCopies c;
    return c;
}

bool read_whole(const std::string& path, std::string& bytes, std::string& why) {
    try {
        bytes = read_regular_file(path, kMaxLibraryBytes, "a module library");
        return true;
    } catch (const std::exception& e) {
        why = e.what();
        return false;
    }
}

}   // namespace

std::vector<ModulePin> pin_module_libraries(const Scenario& s) {
    std::vector<ModulePin> pins;
    if (!s.setup) return pins;
    for (const ModuleLibraryRef& ref : s.setup->module_libraries()) {
        if (ref.path.empty()) continue;   // not loaded: it runs nothing, so there is nothing to pin
        bool seen = false;
        for (const ModulePin& p : pins) seen = seen || p.written == ref.written;
        if (seen) continue;
        std::string why;
        auto digest = sha256_file(ref.path, why);
        if (!digest) throw std::runtime_error("cannot pin the module library \"lib:" + ref.written + "\": " + why);
        ModulePin pin;
        pin.written = ref.written;
        pin.absolute = ref.path;
        pin.sha256 = *digest;
        pins.push_back(std::move(pin));
    }
    return pins;
}

std::vector<std::string> replay_library_modules(const ReplayData& data) {
    ScenarioLoadOptions describe;
    describe.modules = ModulePolicy::Describe;
    std::vector<std::string> written;
    try {
        const Scenario s = load_scenario_text(data.header.scenario_text, "(the replay's embedded scenario)", describe);
        if (s.setup)
            for (const ModuleLibraryRef& ref : s.setup->module_libraries()) written.push_back(ref.written);
    } catch (const std::exception&) {
        // A scenario that does not load is reported by whoever plays it.
    }
    return written;
}

std::optional<ModulePin> find_pin(const ReplayData& data, const std::string& written) {
    for (const ModulePin& p : data.module_pins)
        if (p.written == written) return p;
    return std::nullopt;
}

std::vector<PinCandidate> pin_candidates(const ModulePin& pin, const std::string& replay_path) {
    std::vector<std::string> paths;
    if (!pin.absolute.empty() && fs::path(pin.absolute).is_absolute()) paths.push_back(pin.absolute);
    const std::string name = fs::path(pin.written).filename().string();
    if (!name.empty() && !replay_path.empty()) {
        std::error_code ec;
        const fs::path beside = (fs::absolute(fs::path(replay_path), ec).parent_path() / name).lexically_normal();
        if (std::find(paths.begin(), paths.end(), beside.string()) == paths.end()) paths.push_back(beside.string());
    }
    std::vector<PinCandidate> out;
    for (const std::string& p : paths) {
        PinCandidate c;
        c.path = p;
        std::error_code ec;
        if (!fs::exists(p, ec)) {
            c.found = "missing";
        } else if (!fs::is_regular_file(p, ec)) {
            c.found = "not a regular file";   // a device or a pipe would be read forever
        } else if (fs::file_size(p, ec) > kMaxLibraryBytes) {
            c.found = "larger than " + std::to_string(kMaxLibraryBytes >> 20) + " MB (not a module library)";
        } else {
            std::string why;
            auto d = sha256_file(p, why);
            c.found = d ? hex(*d) : why;
            c.matches = d && *d == pin.sha256;
        }
        out.push_back(std::move(c));
    }
    return out;
}

static std::string tried_text(const ModulePin& pin, const std::vector<PinCandidate>& tried) {
    std::string text = "\n  expected SHA-256 " + hex(pin.sha256) + "\n  looked in:";
    for (const PinCandidate& c : tried)
        text += "\n    " + c.path + ": " +
                (c.matches              ? "matches"
                 : c.found == "missing" ? "missing"
                                        : "found " + c.found);
    return text;
}

std::optional<std::string> pinned_library_copy(const ReplayData& data, const std::string& replay_path,
                                               const std::string& written, std::string& why) {
    const auto pin = find_pin(data, written);
    if (!pin) {
        why =
            "not loaded: the replay pins no library for it (recorded before Playbench pinned module libraries, "
            "or the pin record is missing), so which code it ran cannot be checked; record it again";
        return std::nullopt;
    }
    const auto tried = pin_candidates(*pin, replay_path);
    PrivateCopies& store = copies();
    std::lock_guard<std::mutex> lock(store.mutex);
    const std::string key = hex(pin->sha256);
    if (auto it = store.by_hash.find(key); it != store.by_hash.end()) return it->second;
    for (const PinCandidate& c : tried) {
        if (!c.matches) continue;
        std::string bytes, problem;
        if (!read_whole(c.path, bytes, problem)) continue;
        const std::string& dir = store.dir(problem);
        if (dir.empty()) {
            why = "not loaded: " + problem;
            return std::nullopt;
        }
        // The copy: a new file in our own 0700 folder, written whole, then read back and hashed.
        const std::string copy = dir + "/" + key.substr(0, 16) + "-" + fs::path(c.path).filename().string();
        try {
            write_file_atomically(copy, bytes);
        } catch (const std::exception& e) {
            why = "not loaded: cannot copy " + c.path + ": " + e.what();
            return std::nullopt;
        }
        std::string read_back;
        auto digest = sha256_file(copy, read_back);
        if (!digest || *digest != pin->sha256) {
            std::error_code ec;
            fs::remove(copy, ec);
            continue;   // it changed while being copied: not this one
        }
        store.by_hash[key] = copy;
        return copy;
    }
    why = "not loaded: no file with the bytes the replay pinned" + tried_text(*pin, tried);
    return std::nullopt;
}

std::string replay_module_problem(const ReplayData& data, const std::string& replay_path, bool allowed,
                                  const std::string& allow_hint) {
    std::string text;
    for (const std::string& written : replay_library_modules(data)) {
        const auto pin = find_pin(data, written);
        std::string line = "module \"lib:" + written + "\": ";
        if (!pin) {
            line +=
                "the replay pins no library for it (recorded before Playbench pinned module libraries), so which "
                "code it ran cannot be checked: it is never loaded, even with consent; record the replay again";
        } else {
            const auto tried = pin_candidates(*pin, replay_path);
            const bool found = std::any_of(tried.begin(), tried.end(), [](const PinCandidate& c) { return c.matches; });
            if (!allowed)
                line += "not loaded: a replay runs a module library (code) only with consent; " + allow_hint +
                        " to load the " + (found ? "library found with the pinned bytes" : "pinned library") +
                        tried_text(*pin, tried);
            else if (!found)
                line +=
                    "no file with the bytes the replay pinned; put the library it was recorded with beside the "
                    "replay" +
                    tried_text(*pin, tried);
            else
                continue;
        }
        text += (text.empty() ? "" : "\n") + line;
    }
    return text;
}

std::vector<std::string> describe_replay_modules(const ReplayData& data) {
    std::vector<std::string> lines;
    for (const std::string& written : replay_library_modules(data)) {
        const auto pin = find_pin(data, written);
        if (pin)
            lines.push_back("lib:" + written + "  recorded from " + pin->absolute + "  SHA-256 " + hex(pin->sha256) +
                            "  (not loaded: info never runs modules)");
        else
            lines.push_back("lib:" + written + "  no pin (recorded before pins existed: never loaded)");
    }
    return lines;
}

}   // namespace pb
