// The start page: a way in for a designer who does not know the files. It lists the example
// scenarios (scenarios/*.toml) under their lab with the title and description the files give
// (`title`, `description` keys), and offers File > New per lab, so every lab stays reachable even
// with an empty scenarios folder. The shell opens it on first run and from Help > Start page.
#pragma once
#include <string>
#include <vector>

namespace pb::ui {

class WidgetLocator;

struct StartEntry {
    std::string path;          // the file
    std::string title;         // its `title` (the file name when it has none)
    std::string description;   // its `description` ("" when none)
    std::string error;         // why it does not load ("" when it does): listed, marked broken
};

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

private:
    bool scanned_ = false;
    std::string dir_;
    std::vector<StartLab> labs_;
};

}  // namespace pb::ui
