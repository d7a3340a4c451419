// The live window: SDL2 + Dear ImGui (SDL platform backend, SDL_Renderer backend), the main
// loop, settings persistence, drag-and-drop, keyboard shortcuts, screenshots and the
// --script automation. Everything visible is drawn by ui::Shell.
#include "app/window.hpp"

#include <SDL.h>
#include <imgui.h>
#include <imgui_impl_sdl.h>
#include <imgui_impl_sdlrenderer.h>

#include <algorithm>
#include <cfloat>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include "app/cli.hpp"
#include "app/gamepads.hpp"
#include "app/headless.hpp"
#include "app/settings.hpp"
#include "app/window_script.hpp"
#include "engine/core/lab.hpp"
#include "engine/core/param_overrides.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"
#include "engine/sweep/sweep_table.hpp"
#include "ui/render/offscreen_renderer.hpp"
#include "ui/render/software_draw.hpp"
#include "ui/shell/shell.hpp"
#include "ui/widgets/style.hpp"

namespace fs = std::filesystem;

namespace pb::app {

namespace {

// The pointer as the event stream describes it. ImGui 1.86's SDL backend polls SDL's global
// mouse state instead, which events pushed by a script never change; deriving the pointer
// from events makes scripted and human input take exactly the same path.
struct PointerFromEvents {
    float x = -FLT_MAX, y = -FLT_MAX;
    bool inside = false;
    bool down[3] = {false, false, false};
    bool pressed[3] = {false, false, false};   // went down since the last frame (short clicks)

    static int index(std::uint8_t sdl_button) {
        switch (sdl_button) {
            case SDL_BUTTON_LEFT: return 0;
            case SDL_BUTTON_RIGHT: return 1;
            case SDL_BUTTON_MIDDLE: return 2;
            default: return -1;
        }
    }
    void on_event(const SDL_Event& e) {
        switch (e.type) {
            case SDL_MOUSEMOTION:
                x = static_cast<float>(e.motion.x);
                y = static_cast<float>(e.motion.y);
                inside = true;
                break;
            case SDL_MOUSEBUTTONDOWN:
            case SDL_MOUSEBUTTONUP: {
                x = static_cast<float>(e.button.x);
                y = static_cast<float>(e.button.y);
                int i = index(e.button.button);
                if (i < 0) break;
                down[i] = e.type == SDL_MOUSEBUTTONDOWN;
                if (down[i]) pressed[i] = true;
                break;
            }
            case SDL_WINDOWEVENT:
                if (e.window.event == SDL_WINDOWEVENT_LEAVE) inside = false;
                if (e.window.event == SDL_WINDOWEVENT_ENTER) inside = true;
                break;
            default: break;
        }
    }
    // Overrides what the backend's NewFrame polled.
    void apply(ImGuiIO& io) {
        bool any_down = down[0] || down[1] || down[2];
        io.MousePos = (inside || any_down) ? ImVec2(x, y) : ImVec2(-FLT_MAX, -FLT_MAX);
        for (int i = 0; i < 3; ++i) {
            io.MouseDown[i] = down[i] || pressed[i];
            pressed[i] = false;
        }
    }
};

// Loads the scenario to open: the one asked for, else the last one, else the default; a file
// that fails to load leaves the built-in default running and its error in `error`.
Scenario initial_scenario(const WindowOptions& opts, const WindowSettings& settings, std::string& error,
                          std::string& failed_path) {
    std::vector<std::string> candidates;
    // A replay given on the command line opens in review mode over the usual live session.
    if (!opts.scenario_path.empty() && !ui::is_replay_file(opts.scenario_path) &&
        !looks_like_sweep(opts.scenario_path)) {
        candidates.push_back(opts.scenario_path);
    } else {
        std::error_code ec;
        if (!settings.last_scenario.empty() && fs::is_regular_file(settings.last_scenario, ec))
            candidates.push_back(settings.last_scenario);
        candidates.push_back(default_scenario_path());
    }
    for (const std::string& path : candidates) {
        // A missing file is said in one line naming it, as the verbs say it; the start page opens.
        if (path == opts.scenario_path) {
            if (std::string why = check_scenario_file(path); !why.empty()) {
                error = why;
                failed_path = path;
                continue;
            }
        }
        try {
            return load_scenario_file(path);
        } catch (const std::exception& e) {
            if (error.empty()) {
                error = "Could not open " + path + ":\n" + e.what();
                failed_path = path;
            }
        }
    }
    const LabInfo* lab = find_lab("podball");
    if (!lab) lab = all_labs().front();
    return default_scenario(*lab);
}

bool write_window_png(SDL_Renderer* renderer, const std::string& path, std::string& error) {
    int w = 0, h = 0;
    if (SDL_GetRendererOutputSize(renderer, &w, &h) != 0 || w <= 0 || h <= 0) {
        error = SDL_GetError();
        return false;
    }
    std::vector<std::uint8_t> pixels(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 4);
    if (SDL_RenderReadPixels(renderer, nullptr, SDL_PIXELFORMAT_RGBA32, pixels.data(), w * 4) != 0) {
        error = std::string("cannot read the window's pixels: ") + SDL_GetError();
        return false;
    }
    return ui::write_rgba_png(path, w, h, pixels.data(), w * 4, error);
}

void write_report(const ui::Shell& shell, SDL_Window* window, const char* renderer_name, int frame, float ui_scale,
                  const std::string& path) {
    int w = 0, h = 0;
    SDL_GetWindowSize(window, &w, &h);
    JsonWriter out;
    out.begin_object();
    out.field("frame", frame);
    out.field("window_width", w);
    out.field("window_height", h);
    out.field("ui_scale", static_cast<double>(ui_scale));
    out.field("renderer", renderer_name ? renderer_name : "");
    // Who draws the pixels: Playbench's rasteriser on SDL's software renderer, else SDL.
    out.field("rasteriser", renderer_name && std::string(renderer_name) == "software" ? "playbench" : "sdl");
    const char* driver = SDL_GetCurrentVideoDriver();
    out.field("video_driver", driver ? driver : "");
    shell.write_report(out);
    out.end_object();
    try {
        write_file_atomically(path, out.str() + "\n");
    } catch (const std::exception& e) {
        std::cerr << "playbench: script dump: " << e.what() << "\n";
    }
}

// HiDPI: the display's DPI (X11 reports Xft.dpi or the physical size) and the ratio between
// the renderer's pixels and the window's points (2 on Retina-style displays).
void display_scale(SDL_Window* window, SDL_Renderer* renderer, float& ui_scale, float& framebuffer_scale) {
    float ddpi = 0.0f;
    if (SDL_GetDisplayDPI(SDL_GetWindowDisplayIndex(window), &ddpi, nullptr, nullptr) != 0) ddpi = 0.0f;
    int ww = 1, wh = 1, rw = 1, rh = 1;
    SDL_GetWindowSize(window, &ww, &wh);
    SDL_GetRendererOutputSize(renderer, &rw, &rh);
    framebuffer_scale = ww > 0 ? std::clamp(static_cast<float>(rw) / static_cast<float>(ww), 1.0f, 4.0f) : 1.0f;
    // Where the framebuffer is already scaled, the desktop applied the DPI; do not apply it twice.
    ui_scale = framebuffer_scale > 1.0f ? 1.0f : ui::ui_scale_for_display(ddpi);
    if (framebuffer_scale > 1.0f && std::getenv("PLAYBENCH_UI_SCALE")) ui_scale = ui::ui_scale_for_display(0.0f);
}

// SDL 2.26 falls back to its invisible "offscreen" video driver when the display refuses a
// connection (for instance while an X server resets): a window nobody can see.
bool is_real_video_driver() {
    const char* driver = SDL_GetCurrentVideoDriver();
    return driver && std::string(driver) != "dummy" && std::string(driver) != "offscreen";
}

class SdlVideo {
public:
    SdlVideo() : ok_(SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER | SDL_INIT_EVENTS) == 0) {
        if (std::getenv("SDL_VIDEODRIVER")) return;   // asked for explicitly: take what was asked for
        for (int attempt = 0; ok_ && !is_real_video_driver() && attempt < 20; ++attempt) {
            SDL_QuitSubSystem(SDL_INIT_VIDEO);
            SDL_Delay(100);
            ok_ = SDL_InitSubSystem(SDL_INIT_VIDEO) == 0;
        }
    }
    ~SdlVideo() {
        if (ok_) SDL_Quit();
    }
    SdlVideo(const SdlVideo&) = delete;
    SdlVideo& operator=(const SdlVideo&) = delete;
    bool ok() const { return ok_; }

private:
    bool ok_;
};

}   // namespace

bool display_available() {
    if (SDL_InitSubSystem(SDL_INIT_VIDEO) != 0) return false;
    if (!is_real_video_driver()) {
        SDL_QuitSubSystem(SDL_INIT_VIDEO);
        return false;
    }
    // Stay connected: an X server (Xvfb among them) resets when its last client disconnects,
    // and the window opened right after could then fail to connect. run_window() reuses this.
    return true;
}

namespace {

// Reads and checks the --script file (none: nothing to do). Returns the exit code when it cannot
// be used: a broken script is a usage error, reported before any window opens.
std::optional<int> load_script(const std::string& path, std::optional<ScriptPlayer>& script) {
    if (path.empty()) return std::nullopt;
    std::vector<ScriptAction> actions;
    std::string error;
    try {
        if (!parse_window_script(read_text_file(path), path, actions, error)) {
            std::cerr << "playbench: " << error << "\n";
            return 2;
        }
    } catch (const std::exception& e) {
        std::cerr << "playbench: " << e.what() << "\n";
        return 2;
    }
    script.emplace(std::move(actions));
    return std::nullopt;
}

// The window's size and place while it is neither maximised nor full screen: what the settings
// remember.
struct NormalGeometry {
    int w = 0, h = 0, x = -1, y = -1;

    void read(SDL_Window* window) {
        SDL_GetWindowSize(window, &w, &h);
        SDL_GetWindowPosition(window, &x, &y);
    }
};

// The SDL window, its renderer and Playbench's presenter, destroyed in the right order.
class SdlOutput {
public:
    SdlOutput() = default;
    SdlOutput(const SdlOutput&) = delete;
    SdlOutput& operator=(const SdlOutput&) = delete;
    ~SdlOutput() {
        presenter.release();   // its texture goes before the renderer that owns it
        if (renderer) SDL_DestroyRenderer(renderer);
        if (window) SDL_DestroyWindow(window);
    }

    // Opens the window at its remembered size and place, kept within the display, and its
    // renderer (accelerated with vsync, else software). Prints why and returns false on failure.
    bool open(const WindowSettings& settings, NormalGeometry& normal) {
        SDL_Rect usable{0, 0, 1280, 800};
        SDL_GetDisplayUsableBounds(0, &usable);
        const int width = std::clamp(settings.width, 640, std::max(640, usable.w));
        const int height = std::clamp(settings.height, 400, std::max(400, usable.h));
        const bool position_known = settings.x != -1 && settings.y != -1 && settings.x >= usable.x - width / 2 &&
                                    settings.y >= usable.y && settings.x < usable.x + usable.w - 64 &&
                                    settings.y < usable.y + usable.h - 64;
        const Uint32 flags =
            SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI | (settings.maximized ? SDL_WINDOW_MAXIMIZED : 0);
        window = SDL_CreateWindow("Playbench", position_known ? settings.x : SDL_WINDOWPOS_CENTERED,
                                  position_known ? settings.y : SDL_WINDOWPOS_CENTERED, width, height, flags);
        if (!window) {
            std::cerr << "playbench: cannot open a window: " << SDL_GetError() << "\n";
            return false;
        }
        normal = {width, height, settings.x, settings.y};
        SDL_SetWindowMinimumSize(window, 640, 400);
        renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_ACCELERATED | SDL_RENDERER_PRESENTVSYNC);
        if (!renderer) renderer = SDL_CreateRenderer(window, -1, SDL_RENDERER_SOFTWARE);
        if (!renderer) {
            std::cerr << "playbench: cannot create a renderer: " << SDL_GetError() << "\n";
            return false;
        }
        SDL_GetRendererInfo(renderer, &info);
        vsync = (info.flags & SDL_RENDERER_PRESENTVSYNC) != 0;
        software = (info.flags & SDL_RENDERER_SOFTWARE) != 0;
        return true;
    }

    SDL_Window* window = nullptr;
    SDL_Renderer* renderer = nullptr;
    SDL_RendererInfo info{};
    bool vsync = false;
    bool software = false;   // SDL's software renderer: Playbench's rasteriser draws the frames
    ui::RasterPresenter presenter;
};

// ImGui's context (with its layout file beside our settings), fonts, style and SDL backends;
// shut down in reverse order (destroying the context writes imgui.ini).
class ImGuiSession {
public:
    ImGuiSession(const std::string& config, SDL_Window* window, SDL_Renderer* renderer) {
        IMGUI_CHECKVERSION();
        context_ = ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        if (!config.empty()) {
            ini_path_ = imgui_ini_path(config);
            std::error_code ec;
            fs::create_directories(config, ec);
        }
        io.IniFilename = ini_path_.empty() ? nullptr : ini_path_.c_str();
        float framebuffer_scale = 1.0f;
        display_scale(window, renderer, ui_scale_, framebuffer_scale);
        if (!ui::setup_fonts_and_style(ui_scale_, framebuffer_scale))
            std::cerr << "playbench: warning: " << ui::kDefaultFontPath
                      << " not found (package fonts-dejavu-core); using ImGui's built-in font\n";
        ImGui_ImplSDL2_InitForSDLRenderer(window);
        ImGui_ImplSDLRenderer_Init(renderer);
    }
    ~ImGuiSession() {
        ImGui_ImplSDLRenderer_Shutdown();
        ImGui_ImplSDL2_Shutdown();
        ImGui::DestroyContext(context_);   // writes imgui.ini
    }
    ImGuiSession(const ImGuiSession&) = delete;
    ImGuiSession& operator=(const ImGuiSession&) = delete;

    float ui_scale() const { return ui_scale_; }

private:
    std::string ini_path_;   // io.IniFilename points into it
    ImGuiContext* context_ = nullptr;
    float ui_scale_ = 1.0f;
};

// The main loop over a Shell: events in, a frame drawn and presented, script actions, pacing.
class FrameLoop {
public:
    FrameLoop(ui::Shell& shell, SdlOutput& out, std::optional<ScriptPlayer>& script, float ui_scale,
              NormalGeometry& normal)
        : shell_(shell),
          out_(out),
          script_(script),
          ui_scale_(ui_scale),
          normal_(normal),
          window_id_(SDL_GetWindowID(out.window)),
          counter_hz_(static_cast<double>(SDL_GetPerformanceFrequency())) {}

    // Runs until the shell is asked to quit.
    void run() {
        Uint64 last = SDL_GetPerformanceCounter();
        for (bool running = true; running; ++frame_) {
            if (script_) script_->push_events(frame_, shell_.widgets(), window_id_);
            poll_events();

            const Uint64 frame_start = SDL_GetPerformanceCounter();   // after any idle wait
            const double dt = static_cast<double>(frame_start - last) / counter_hz_;
            last = frame_start;

            draw_frame(dt);
            // Requests fulfilled on the finished frame, before it is presented.
            take_screenshot_if_asked();
            run_script_actions();
            // Work time of the frame, before Present (which may wait for vsync).
            shell_.note_frame_time(static_cast<double>(SDL_GetPerformanceCounter() - frame_start) / counter_hz_ *
                                   1000.0);
            SDL_RenderPresent(out_.renderer);

            update_title();
            running = !shell_.quit_requested();
            pace(frame_start);
        }
    }

private:
    // Idles politely when nothing moves (waits for input instead of spinning), then hands every
    // pending event to the pointer, the gamepads, ImGui and the shell.
    void poll_events() {
        if (!script_ && !shell_.wants_continuous_frames() && quiet_frames_ > 3) SDL_WaitEventTimeout(nullptr, 250);
        bool had_event = false;
        SDL_Event e;
        while (SDL_PollEvent(&e)) {
            had_event = true;
            pointer_.on_event(e);
            gamepads_.on_event(e);
            ImGui_ImplSDL2_ProcessEvent(&e);
            on_event(e);
        }
        quiet_frames_ = had_event ? 0 : quiet_frames_ + 1;
    }

    void on_event(const SDL_Event& e) {
        switch (e.type) {
            case SDL_QUIT: shell_.request_quit(false); break;
            case SDL_WINDOWEVENT:
                if (e.window.windowID != window_id_) break;
                if (e.window.event == SDL_WINDOWEVENT_CLOSE) shell_.request_quit(false);
                if ((e.window.event == SDL_WINDOWEVENT_RESIZED || e.window.event == SDL_WINDOWEVENT_MOVED) &&
                    !(SDL_GetWindowFlags(out_.window) & (SDL_WINDOW_MAXIMIZED | SDL_WINDOW_FULLSCREEN)))
                    normal_.read(out_.window);
                break;
            case SDL_DROPFILE:
                if (e.drop.file) {
                    shell_.request_open(e.drop.file);
                    SDL_free(e.drop.file);
                }
                break;
            case SDL_KEYDOWN:
                // Typing into a text field is not a shortcut.
                if (!ImGui::GetIO().WantTextInput) {
                    const Uint16 mod = e.key.keysym.mod;
                    if (auto action =
                            ui::action_for_key(e.key.keysym.scancode, (mod & KMOD_CTRL) != 0, (mod & KMOD_SHIFT) != 0,
                                               (mod & KMOD_ALT) != 0, e.key.repeat != 0))
                        shell_.perform(*action);
                }
                break;
            default: break;
        }
    }

    // Advances the shell by `dt` seconds, builds the ImGui frame and renders it (not yet presented).
    void draw_frame(double dt) {
        ImGuiIO& io = ImGui::GetIO();
        shell_.set_gamepad(gamepads_.poll());
        shell_.update(dt);
        ImGui_ImplSDLRenderer_NewFrame();
        ImGui_ImplSDL2_NewFrame();
        pointer_.apply(io);
        {
            // The backend asks GL for the drawable size; an SDL_Renderer knows its own.
            int ww = 0, wh = 0, rw = 0, rh = 0;
            SDL_GetWindowSize(out_.window, &ww, &wh);
            SDL_GetRendererOutputSize(out_.renderer, &rw, &rh);
            if (ww > 0 && wh > 0 && rw > 0 && rh > 0)
                io.DisplayFramebufferScale = ImVec2(static_cast<float>(rw) / ww, static_cast<float>(rh) / wh);
        }
        ImGui::NewFrame();
        shell_.draw();
        ImGui::Render();
        // Without a GPU (SDL's software renderer) Playbench's own rasteriser draws the frame, as
        // `render` does; with one, SDL draws solid rectangles as fills and the rest as geometry.
        if (!out_.software || !out_.presenter.present(out_.renderer, ImGui::GetDrawData())) {
            SDL_SetRenderDrawColor(out_.renderer, 18, 20, 23, 255);
            SDL_RenderClear(out_.renderer);
            ui::render_draw_data(out_.renderer, ImGui::GetDrawData());
        }
    }

    void take_screenshot_if_asked() {
        if (auto path = shell_.take_screenshot_request()) {
            std::string error;
            write_window_png(out_.renderer, *path, error);
            shell_.screenshot_written(*path, error);
        }
    }

    // The script's dump / screenshot / quit actions due at the end of this frame.
    void run_script_actions() {
        if (!script_) return;
        for (const ScriptAction& a : script_->end_of_frame_actions(frame_)) {
            if (a.kind == ScriptAction::Kind::Dump) {
                write_report(shell_, out_.window, out_.info.name, frame_, ui_scale_, a.text);
            } else if (a.kind == ScriptAction::Kind::Screenshot) {
                std::string error;
                if (!write_window_png(out_.renderer, a.text, error))
                    std::cerr << "playbench: script screenshot: " << error << "\n";
            } else if (a.kind == ScriptAction::Kind::Quit) {
                shell_.request_quit(true);
            }
        }
    }

    void update_title() {
        std::string wanted = shell_.window_title();
        if (wanted == title_) return;
        title_ = std::move(wanted);
        SDL_SetWindowTitle(out_.window, title_.c_str());
    }

    // At most 60 frames a second. A renderer with vsync waits in Present for the display's next
    // refresh, but SDL's software renderer on a display without refreshes (Xvfb) reports vsync and
    // never waits: a frame that took under 4 ms (faster than any 240 Hz display's) did not wait.
    void pace(Uint64 frame_start) const {
        const double spent = static_cast<double>(SDL_GetPerformanceCounter() - frame_start) / counter_hz_;
        if (out_.vsync && spent >= 1.0 / 250.0) return;
        if (spent < 1.0 / 60.0) SDL_Delay(static_cast<Uint32>((1.0 / 60.0 - spent) * 1000.0));
    }

    ui::Shell& shell_;
    SdlOutput& out_;
    std::optional<ScriptPlayer>& script_;
    const float ui_scale_;
    NormalGeometry& normal_;
    const std::uint32_t window_id_;
    const double counter_hz_;
    PointerFromEvents pointer_;
    Gamepads gamepads_;
    std::string title_;
    int frame_ = 0, quiet_frames_ = 0;
};

// The layout to remember for next time: the shell's preferences, the scenario open, the window's
// size and place (its normal ones when maximised).
void remember_layout(const ui::Shell& shell, SDL_Window* window, NormalGeometry normal, WindowSettings& settings) {
    settings.shell = shell.preferences();
    if (!shell.current_path().empty()) settings.last_scenario = fs::absolute(shell.current_path()).string();
    settings.maximized = (SDL_GetWindowFlags(window) & SDL_WINDOW_MAXIMIZED) != 0;
    if (!settings.maximized) normal.read(window);
    settings.width = normal.w;
    settings.height = normal.h;
    settings.x = normal.x;
    settings.y = normal.y;
}

// Runs the shell over `scenario` in the open window until it quits; returns the exit code and
// leaves the layout to remember in `settings`.
int run_shell(Scenario scenario, const WindowOptions& opts, const std::string& load_error,
              const std::string& failed_path, SdlOutput& out, float ui_scale, std::optional<ScriptPlayer>& script,
              NormalGeometry normal, WindowSettings& settings, bool first_run) {
    Simulation sim(std::move(scenario));
    ui::ShellOptions shell_options;
    shell_options.scenarios_dir = fs::path(default_scenario_path()).parent_path().string();
    shell_options.preferences = settings.shell;
    ui::set_lab_views_work_off_frame(true);   // the window never waits for a view's computation
    ui::Shell shell(sim, std::move(shell_options));
    if (!load_error.empty()) shell.show_error(load_error, failed_path);
    // A way in: the start page on first run (no settings yet), and when the file asked for does
    // not load (nothing of the designer's to keep: the page shows the error and the examples).
    if (first_run || !load_error.empty()) shell.show_start_page(true);
    if (!opts.scenario_path.empty() && ui::is_replay_file(opts.scenario_path)) shell.open_replay(opts.scenario_path);
    // A sweep (DIR/sweep.sqlite or DIR) opens in the sweep view over the usual live session.
    else if (!opts.scenario_path.empty() && looks_like_sweep(opts.scenario_path))
        shell.open_sweep(opts.scenario_path);

    FrameLoop(shell, out, script, ui_scale, normal).run();

    remember_layout(shell, out.window, normal, settings);
    return script && script->errors() > 0 ? 1 : 0;
}

}   // namespace

int run_window(const WindowOptions& opts) {
    std::optional<ScriptPlayer> script;
    if (auto rc = load_script(opts.script_path, script)) return *rc;

    const std::string config = config_dir();
    std::error_code exists_ec;
    const bool first_run = !config.empty() && !fs::exists(settings_path(config), exists_ec) && !script;
    WindowSettings settings = load_settings(config);

    std::string load_error, failed_path;
    Scenario scenario = initial_scenario(opts, settings, load_error, failed_path);
    if (auto why = apply_param_overrides(scenario.params, opts.sets)) {
        std::cerr << "playbench: " << *why << "\n";
        return 2;
    }

    SdlVideo video;
    if (!video.ok() || (!is_real_video_driver() && !std::getenv("SDL_VIDEODRIVER"))) {
        std::cerr << "playbench: cannot open the display: " << (video.ok() ? "no real video driver" : SDL_GetError())
                  << "\n";
        return 1;
    }
    SDL_SetHint(SDL_HINT_VIDEO_X11_NET_WM_BYPASS_COMPOSITOR, "0");
    SDL_EventState(SDL_DROPFILE, SDL_ENABLE);

    SdlOutput out;
    NormalGeometry normal;
    if (!out.open(settings, normal)) return 1;
    int exit_code = 0;
    {
        ImGuiSession imgui(config, out.window, out.renderer);
        exit_code = run_shell(std::move(scenario), opts, load_error, failed_path, out, imgui.ui_scale(), script, normal,
                              settings, first_run);
        std::string error;
        if (!config.empty() && !save_settings(settings, config, error))
            std::cerr << "playbench: warning: settings not saved: " << error << "\n";
    }
    return exit_code;
}

}   // namespace pb::app
