// Shared by the ui tests: the default scenario, scratch files, a click.
#pragma once
#include <unistd.h>
#include <atomic>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>

#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/shell/shell.hpp"

namespace pb::test {

inline std::string default_scenario_file() {
    return std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/podball-default.toml";
}

inline Simulation default_simulation() { return Simulation(load_scenario_file(default_scenario_file())); }

// A left click in the middle of `r`, over the frames ImGui needs to see the press and the release.
inline void click(ui::OffscreenRenderer& renderer, ui::Shell& shell, const ui::WidgetRect& r) {
    renderer.set_mouse(std::make_pair(r.center_x(), r.center_y()));
    renderer.render_frame(shell);
    renderer.set_mouse_down(true);
    renderer.render_frame(shell);
    renderer.set_mouse_down(false);
    renderer.render_frame(shell);
    renderer.set_mouse(std::nullopt);
    renderer.render_frame(shell);
}

// Every run of text drawn in the renderer's last frame, joined by newlines.
inline std::string frame_text(const ui::OffscreenRenderer& r) {
    std::string all;
    for (const ui::DrawnText& t : r.drawn_text()) all += t.text + "\n";
    return all;
}

// A fresh folder under the system temp dir, removed with its contents at scope exit.
class ScratchDir {
public:
    ScratchDir() {
        static std::atomic<int> counter{0};
        path_ = std::filesystem::temp_directory_path() /
                ("playbench-ui-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    std::string file(const std::string& name) const { return (path_ / name).string(); }

private:
    std::filesystem::path path_;
};

}   // namespace pb::test
