#include "ui/shell/script_watch.hpp"

#include <sys/inotify.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <set>

#include "engine/core/read_file.hpp"
#include "engine/core/scenario.hpp"

namespace fs = std::filesystem;

namespace pb::ui {

namespace {

// As loading a scenario reads a script (engine/podball/setup.cpp: kMaxScriptBytes).
constexpr std::uint64_t kMaxScriptBytes = 4u << 20;

// A save arrives as the writer closing the file, or as another file renamed onto its name; a
// removal as a delete or a rename away (reported, never reloaded). A file being written (created,
// modified) is left until it is closed: its text is not whole yet.
constexpr std::uint32_t kFolderEvents = IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR;

}   // namespace

ScriptWatch::~ScriptWatch() { close_all(); }

void ScriptWatch::close_all() {
    if (fd_ >= 0) ::close(fd_);   // closing the descriptor ends its watches
    fd_ = -1;
    files_.clear();
    folders_.clear();
}

void ScriptWatch::follow(const Scenario& scenario, const std::vector<std::string>* now_playing) {
    const std::vector<std::string>& playing = now_playing ? *now_playing : playing_;
    // A set-up is never changed once loaded: the same one (alive, so not another at its address)
    // names the same scripts. Checked every frame, so without copying the scripts' texts.
    const bool same_setup =
        !setup_.expired() && !setup_.owner_before(scenario.setup) && !scenario.setup.owner_before(setup_);
    if (same_setup && path_ == scenario.path && playing_ == playing && followed_) return;
    followed_ = true;
    setup_ = scenario.setup;
    path_ = scenario.path;
    std::vector<std::string> scripts = playing;
    playing_ = scripts;
    if (scenario.setup)
        for (const ScriptRef& s : scenario.setup->scripts()) scripts.push_back(s.written);
    close_all();
    problem_.clear();
    if (scripts.empty()) return;
    const fs::path base = scenario.path.empty() ? fs::path() : fs::absolute(scenario.path).parent_path();
    for (const std::string& written : scripts) {
        fs::path p(written);
        if (p.is_relative()) {
            if (base.empty()) continue;   // nothing to resolve it against (loading needed an absolute path too)
            p = base / p;
        }
        p = p.lexically_normal();
        files_[written] = p.string();
        folders_.emplace(p.parent_path().string(), -1);
    }
    fd_ = ::inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (fd_ < 0) {
        problem_ = std::string("inotify: ") + std::strerror(errno) + ": saved scripts are not reloaded";
        files_.clear();
        folders_.clear();
        return;
    }
    add_missing_watches();
}

void ScriptWatch::add_missing_watches() {
    for (auto& [folder, wd] : folders_)
        if (wd < 0) wd = ::inotify_add_watch(fd_, folder.c_str(), kFolderEvents);
}

std::vector<ScriptWatch::Change> ScriptWatch::poll() {
    std::vector<Change> changes;
    if (fd_ < 0) return changes;
    // Names that changed, per folder (each file once however many events it had).
    std::set<std::pair<std::string, std::string>> touched;
    std::set<std::pair<std::string, std::string>> removed;
    alignas(inotify_event) char buffer[16384];
    for (;;) {
        const ssize_t n = ::read(fd_, buffer, sizeof buffer);
        if (n <= 0) break;   // EAGAIN: nothing more queued
        for (ssize_t at = 0; at < n;) {
            const auto* e = reinterpret_cast<const inotify_event*>(buffer + at);
            at += static_cast<ssize_t>(sizeof(inotify_event) + e->len);
            for (auto& [folder, wd] : folders_) {
                if (wd != e->wd) continue;
                if (e->mask & IN_IGNORED) {
                    wd = -1;   // the folder went away; add_missing_watches tries again
                    continue;
                }
                if (e->len == 0) continue;
                const std::pair<std::string, std::string> key{folder, e->name};
                if (e->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) {
                    touched.insert(key);
                    removed.erase(key);
                } else if (e->mask & (IN_DELETE | IN_MOVED_FROM)) {
                    removed.insert(key);
                    touched.erase(key);
                }
            }
        }
    }
    add_missing_watches();
    for (const auto& [written, file] : files_) {
        const fs::path p(file);
        const std::pair<std::string, std::string> key{p.parent_path().string(), p.filename().string()};
        if (removed.count(key)) {
            changes.push_back(Change{written, file, true, {}, {}});
        } else if (touched.count(key)) {
            Change c{written, file, false, {}, {}};
            try {
                c.text = read_regular_file(file, kMaxScriptBytes, "a Lua script");
            } catch (const std::exception& e) {
                c.error = e.what();
            }
            changes.push_back(std::move(c));
        }
    }
    return changes;
}

}   // namespace pb::ui
