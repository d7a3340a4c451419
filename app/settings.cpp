#include "app/settings.hpp"

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "engine/core/node.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/toml_text.hpp"
#include "ui/shell/fixed_step_clock.hpp"

namespace fs = std::filesystem;

namespace pb::app {

namespace {

std::string quoted(const std::string& s) { return toml_string(s); }

const char* boolean(bool b) { return b ? "true" : "false"; }

// Readers that keep the default when a key is missing or of the wrong kind, and say so.
class Reader {
public:
    Reader(const Node& root, std::string name, std::string& warnings)
        : root_(root), name_(std::move(name)), warnings_(warnings) {}

    const Node* find(const char* table, const char* key, Node::Kind kind) {
        const Node* t = root_.get(table);
        if (!t) return nullptr;
        const Node* v = t->get(key);
        if (!v) return nullptr;
        bool ok = v->kind == kind || (kind == Node::Kind::Float && v->kind == Node::Kind::Integer);
        if (!ok) {
            warn(v->line, std::string(table) + "." + key,
                 "expected " + std::string(kind_name(kind)) + ", found " + std::string(kind_name(v->kind)));
            return nullptr;
        }
        return v;
    }
    void integer(const char* table, const char* key, int& out, int min, int max) {
        if (const Node* v = find(table, key, Node::Kind::Integer)) {
            if (v->integer < min || v->integer > max) {
                warn(v->line, std::string(table) + "." + key,
                     "must be within " + std::to_string(min) + " .. " + std::to_string(max));
                return;
            }
            out = static_cast<int>(v->integer);
        }
    }
    void number(const char* table, const char* key, float& out, float min, float max) {
        if (const Node* v = find(table, key, Node::Kind::Float)) {
            double d = v->as_number();
            if (d < min || d > max) {
                warn(v->line, std::string(table) + "." + key,
                     "must be within " + std::to_string(min) + " .. " + std::to_string(max));
                return;
            }
            out = static_cast<float>(d);
        }
    }
    void flag(const char* table, const char* key, bool& out) {
        if (const Node* v = find(table, key, Node::Kind::Boolean)) out = v->boolean;
    }
    void text(const char* table, const char* key, std::string& out) {
        if (const Node* v = find(table, key, Node::Kind::String)) out = v->text;
    }
    void warn(int line, const std::string& key, const std::string& what) {
        warnings_ += name_ + ":" + std::to_string(line) + ": key '" + key + "': " + what + " (ignored)\n";
    }

private:
    const Node& root_;
    std::string name_;
    std::string& warnings_;
};

}   // namespace

std::string config_dir() {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    if (xdg && *xdg && fs::path(xdg).is_absolute()) return (fs::path(xdg) / "playbench").string();
    const char* home = std::getenv("HOME");
    if (home && *home) return (fs::path(home) / ".config" / "playbench").string();
    return {};
}

std::string settings_path(const std::string& dir) { return (fs::path(dir) / "settings.toml").string(); }
std::string imgui_ini_path(const std::string& dir) { return (fs::path(dir) / "imgui.ini").string(); }

std::string settings_to_toml(const WindowSettings& s) {
    std::ostringstream out;
    out << "# Playbench window settings, written when the window closes. Safe to delete.\n\n";
    out << "[window]\n";
    out << "width = " << s.width << "\nheight = " << s.height << "\n";
    out << "x = " << s.x << "\ny = " << s.y << "\n";
    out << "maximized = " << boolean(s.maximized) << "\n\n";
    const ui::ShellPreferences& p = s.shell;
    out << "[layout]\n";
    out << "params_panel = " << boolean(p.show_params) << "\n";
    out << "transport_bar = " << boolean(p.show_transport) << "\n";
    out << "status_line = " << boolean(p.show_status) << "\n";
    out << "velocity_hints = " << boolean(p.velocity_hints) << "\n";
    out << "param_panel_width = " << static_cast<int>(p.param_panel_width) << "\n";
    out << "side_tab = " << quoted(std::string(ui::side_tab_key(p.side_tab))) << "\n";
    out << "speed = " << quoted(std::string(ui::kSpeeds[static_cast<std::size_t>(p.speed_index)].label)) << "\n\n";
    out << "[files]\n";
    out << "last_scenario = " << quoted(s.last_scenario) << "\n";
    out << "recent = [";
    for (std::size_t i = 0; i < p.recent_files.size(); ++i) out << (i ? ",\n  " : "\n  ") << quoted(p.recent_files[i]);
    out << (p.recent_files.empty() ? "]\n" : ",\n]\n");
    return out.str();
}

WindowSettings settings_from_toml(const std::string& text, const std::string& name, std::string& warnings) {
    WindowSettings s;
    Node root;
    Diagnostics diag(name);
    if (!parse_toml(text, root, diag)) {
        warnings += diag.to_string() + "\n";
        return s;
    }
    Reader r(root, name, warnings);
    r.integer("window", "width", s.width, 320, 16384);
    r.integer("window", "height", s.height, 240, 16384);
    r.integer("window", "x", s.x, -100000, 100000);
    r.integer("window", "y", s.y, -100000, 100000);
    r.flag("window", "maximized", s.maximized);
    ui::ShellPreferences& p = s.shell;
    r.flag("layout", "params_panel", p.show_params);
    r.flag("layout", "transport_bar", p.show_transport);
    r.flag("layout", "status_line", p.show_status);
    r.flag("layout", "velocity_hints", p.velocity_hints);
    r.number("layout", "param_panel_width", p.param_panel_width, 100.0f, 4000.0f);
    std::string tab;
    r.text("layout", "side_tab", tab);
    if (!tab.empty()) {
        if (auto t = ui::side_tab_from_key(tab))
            p.side_tab = *t;
        else
            warnings += name + ": layout.side_tab: \"" + tab +
                        "\" is not a tab (allowed: tools, params, analysis); using params\n";
    }
    std::string speed;
    r.text("layout", "speed", speed);
    for (std::size_t i = 0; i < ui::kSpeeds.size(); ++i)
        if (ui::kSpeeds[i].label == speed) p.speed_index = static_cast<int>(i);
    r.text("files", "last_scenario", s.last_scenario);
    if (const Node* files = root.get("files")) {
        if (const Node* recent = files->get("recent")) {
            if (recent->kind != Node::Kind::Array) {
                r.warn(recent->line, "files.recent", "expected an array of paths");
            } else {
                for (const Node& n : recent->array)
                    if (n.kind == Node::Kind::String && !n.text.empty() &&
                        p.recent_files.size() < ui::ShellPreferences::kMaxRecentFiles)
                        p.recent_files.push_back(n.text);
            }
        }
    }
    return s;
}

WindowSettings load_settings(const std::string& dir) {
    if (dir.empty()) return {};
    std::string path = settings_path(dir);
    std::error_code ec;
    if (!fs::exists(path, ec)) return {};
    try {
        std::string warnings;
        WindowSettings s = settings_from_toml(read_text_file(path), path, warnings);
        if (!warnings.empty()) std::cerr << "playbench: warning: problems in the settings file:\n" << warnings;
        return s;
    } catch (const std::exception& e) {
        std::cerr << "playbench: warning: ignoring the settings file: " << e.what() << "\n";
        return {};
    }
}

bool save_settings(const WindowSettings& s, const std::string& dir, std::string& error) {
    if (dir.empty()) {
        error = "no configuration folder (neither XDG_CONFIG_HOME nor HOME is set)";
        return false;
    }
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        error = "cannot create " + dir + ": " + ec.message();
        return false;
    }
    try {
        write_file_atomically(settings_path(dir), settings_to_toml(s));
    } catch (const std::exception& e) {
        error = e.what();
        return false;
    }
    return true;
}

}   // namespace pb::app
