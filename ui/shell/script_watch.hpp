// Watches the files a scenario's scripts were read from (LabSetup::scripts: a Podball team's
// "lua:PATH"), so the window can reload a script the designer saved
// (docs/lua-teams.md#hot-reload-in-the-window). Linux inotify on each script's folder, not on the
// file itself: an editor that saves by writing a new file and renaming it over the old one
// replaces the file (a watch on it would end with it), while the folder's watch sees the new
// file arrive under the script's name. Non-blocking: poll() reads what the kernel queued and
// returns at once, so the window calls it once a frame.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace pb {
struct Scenario;
class LabSetup;
}   // namespace pb

namespace pb::ui {

class ScriptWatch {
public:
    ScriptWatch() = default;
    ~ScriptWatch();
    ScriptWatch(const ScriptWatch&) = delete;
    ScriptWatch& operator=(const ScriptWatch&) = delete;

    // Watches the scripts of `scenario` from now on, and `playing`: the PATHs its world plays now
    // that the scenario may not name (a team switched to a new script while the match runs);
    // nullptr keeps the PATHs given last. A relative PATH resolves against the folder of the
    // scenario's file, as loading it did; the same scenario and PATHs as last time keep their
    // watches. A scenario without a file has no folder: its relative scripts are not watched.
    void follow(const Scenario& scenario, const std::vector<std::string>* playing = nullptr);

    struct Change {
        std::string written;    // PATH as the scenario wrote it
        std::string path;       // the file watched
        bool removed = false;   // deleted or moved away: `text` is empty
        std::string text;       // the file's whole text after the change
        std::string error;      // the file changed but could not be read: why (then `text` is empty)
    };
    // The watched scripts saved, replaced or removed since the last poll, each once, read now.
    std::vector<Change> poll();

    // The files watched (absolute), by PATH as written.
    const std::map<std::string, std::string>& files() const { return files_; }
    // Why watching is off ("inotify: ..."), or empty.
    const std::string& problem() const { return problem_; }

private:
    void close_all();
    // Adds the watch of each folder that has none (new, or its watch ended: the folder was
    // removed or moved, and may come back).
    void add_missing_watches();

    int fd_ = -1;
    // The scenario followed: its set-up (which names the scripts) and its file.
    std::weak_ptr<const LabSetup> setup_;
    std::string path_;
    std::vector<std::string> playing_;
    bool followed_ = false;
    std::map<std::string, std::string> files_;   // PATH as written -> absolute file
    std::map<std::string, int> folders_;         // folder -> its watch, -1 while it has none
    std::string problem_;
};

}   // namespace pb::ui
