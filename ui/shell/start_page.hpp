// The start page: a way in for a designer who does not know the files. It lists the example
// scenarios (scenarios/*.toml) under their lab with the title and description the files give
// (`title`, `description` keys), and offers File > New per lab, so every lab stays reachable even
// with an empty scenarios folder. The shell opens it on first run and from Help > Start page.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace pb::ui {

class WidgetLocator;

struct StartEntry {
    std::string path;          // the file
    std::string title;         // its `title` (the file name when it has none)
    std::string description;   // its `description` ("" when none)
    std::string error;         // why it does not load ("" when it does): listed, marked broken
    // Its thumbnail: the app's own render of the scenario at tick 0 (offscreen, side panel and
    // bars hidden) scaled down to kThumbWidth x kThumbHeight, RGB, row by row; empty until made.
    std::vector<std::uint8_t> thumbnail;
    bool thumbnail_tried = false;
    std::uint64_t content_hash = 0;   // of the file's bytes: the cache key
};

inline constexpr int kThumbWidth = 96;
inline constexpr int kThumbHeight = 60;

// Where thumbnails are cached: $XDG_CACHE_HOME/playbench/thumbnails, else
// ~/.cache/playbench/thumbnails; "" when neither variable is set (nothing is cached).
std::string thumbnail_cache_dir();

struct StartLab {
    std::string name;    // "podball"
    std::string title;   // "Podball"
    std::string summary;
    std::vector<StartEntry> scenarios;   // by file name
};

// What the designer picked on the page this frame.
struct StartChoice {
    std::string open_path;   // open this file
    std::string new_lab;     // File > New of this lab
};

class StartPage {
public:
    // Reads every *.toml of `dir` (a missing folder is an empty list). Every registered lab gets
    // its entry, in registration order, with or without files; a file of an unknown or broken lab
    // is listed under "Other files" (name "") with its error.
    void scan(const std::string& dir);
    bool scanned() const { return scanned_; }
    const std::string& dir() const { return dir_; }
    const std::vector<StartLab>& labs() const { return labs_; }
    // Draws the page as a window (while *open); records "start.open.<file name>" and
    // "start.new.<lab>" for each button.
    StartChoice draw(bool* open, WidgetLocator& widgets, const std::string& error);
    // Makes the next missing thumbnail, from the cache (a file named by the content hash) or by
    // rendering it (then cached): one per call, so the page never stalls (the shell calls it once
    // a frame while the page is open, outside the ImGui frame). False when all are made.
    bool make_next_thumbnail();
    int thumbnails_rendered() const { return rendered_; }
    int thumbnails_from_cache() const { return from_cache_; }

private:
    bool scanned_ = false;
    std::string dir_;
    std::vector<StartLab> labs_;
    int rendered_ = 0;
    int from_cache_ = 0;
};

}   // namespace pb::ui
