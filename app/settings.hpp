// What the window remembers between sessions: size and position, panel layout, recent files,
// the last scenario. Stored as TOML in $XDG_CONFIG_HOME/playbench/ (else ~/.config/playbench/),
// next to ImGui's own layout file. A broken settings file is ignored with a warning.
#pragma once
#include <string>

#include "ui/shell/shell.hpp"

namespace pb::app {

struct WindowSettings {
    int width = 1280;
    int height = 800;
    int x = -1;   // -1: let the desktop place the window
    int y = -1;
    bool maximized = false;
    std::string last_scenario;
    ui::ShellPreferences shell;
};

// "" when neither XDG_CONFIG_HOME nor HOME is set (nothing is then persisted).
std::string config_dir();
std::string settings_path(const std::string& dir);    // dir/settings.toml
std::string imgui_ini_path(const std::string& dir);   // dir/imgui.ini

// Defaults when the file is absent; defaults plus a warning on stderr when it is broken.
WindowSettings load_settings(const std::string& dir);
// Creates the folder if needed and writes atomically. Returns false with `error` set.
bool save_settings(const WindowSettings& s, const std::string& dir, std::string& error);

// The settings as TOML text, and back (parse problems go to `warnings`, one per line).
std::string settings_to_toml(const WindowSettings& s);
WindowSettings settings_from_toml(const std::string& text, const std::string& name, std::string& warnings);

}   // namespace pb::app
