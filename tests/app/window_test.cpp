// The real window under Xvfb, driven by a --script of input events pushed through SDL's event
// queue (the same path a person's input takes): press play, filter the parameters, drag the
// ball friction slider, pause with the keyboard, quit. The dumped reports say what happened.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <stb_image.h>

#include "app_support.hpp"
#include "engine/core/scenario.hpp"

namespace {

double param_value(const std::string& json, const std::string& key) {
    auto at = json.find("\"key\": \"" + key + "\"");
    if (at == std::string::npos) return -1.0;
    return std::stod(json_field(json, "value", at));
}

// Runs the window under a fresh virtual X server with its own settings folder.
// SDL's software renderer, and no OpenGL probe: Mesa's llvmpipe (the only GL under Xvfb) leaks
// from JIT code LeakSanitizer cannot attribute, which would fail the ASan run; it is also
// heavy for CI. Everything of ours runs the same either way.
ProcessResult run_window(const std::string& script, const std::string& config_home,
                         const std::string& scenario = "scenarios/podball-default.toml") {
    std::string script_path = temp_path("window-script.txt");
    std::ofstream(script_path) << script;
    std::string env = "XDG_CONFIG_HOME='" + config_home +
                      "' PLAYBENCH_UI_SCALE=1 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0"
                      " timeout 180 xvfb-run -a -s '-screen 0 1600x1000x24 -nolisten tcp -noreset'";
    return run_playbench("--script '" + script_path + "' '" + source_path(scenario) + "'", env);
}

// The environment of a window run with its own settings and cache folders (the start page's
// tests: nothing remembered from another run).
std::string window_env(const std::string& config_home) {
    return "XDG_CONFIG_HOME='" + config_home + "' XDG_CACHE_HOME='" + config_home +
           "/cache' PLAYBENCH_UI_SCALE=1 SDL_RENDER_DRIVER=software SDL_FRAMEBUFFER_ACCELERATION=0"
           " timeout 180 xvfb-run -a -s '-screen 0 1600x1000x24 -nolisten tcp -noreset'";
}

}   // namespace

TEST_CASE("window: play, move the ball friction slider, pause, quit cleanly") {
    if (!have_xvfb()) return;
    std::string config_home = temp_path("window-config");
    std::filesystem::remove_all(config_home);
    std::filesystem::create_directories(config_home + "/playbench");
    // A broken settings file must be ignored with a warning, never a crash.
    std::ofstream(config_home + "/playbench/settings.toml") << "[window\nwidth = = 3\n";

    std::string before = temp_path("window-before.json");
    std::string running = temp_path("window-running.json");
    std::string paused = temp_path("window-paused.json");
    std::string shot = temp_path("window-shot.png");
    for (const std::string& f : {before, running, paused, shot}) std::filesystem::remove(f);

    std::string script =
        "# press play, filter the panel down to the ball friction, drag its slider\n"
        "frame 20 dump " +
        before +
        "\n"
        "frame 25 click @transport.play\n"
        "frame 35 click @params.filter\n"
        "frame 40 text ball.friction\n"
        "frame 50 drag @param.podball.ball.friction 90 0\n"
        "frame 90 dump " +
        running +
        "\n"
        "frame 95 key space\n"
        "frame 100 dump " +
        paused +
        "\n"
        "frame 102 screenshot " +
        shot +
        "\n"
        "frame 105 quit\n";
    ProcessResult r = run_window(script, config_home);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.err.find("warning") != std::string::npos);   // the broken settings file was reported

    std::string b = read_text(before), a = read_text(running), p = read_text(paused);
    REQUIRE_FALSE(b.empty());
    REQUIRE_FALSE(a.empty());
    REQUIRE_FALSE(p.empty());

    // A real window on the X server, not SDL's invisible fallback driver.
    CHECK(json_field(b, "video_driver") == "\"x11\"");
    // No GPU: SDL's software renderer, and Playbench's own rasteriser draws the pixels.
    CHECK(json_field(b, "renderer") == "\"software\"");
    CHECK(json_field(b, "rasteriser") == "\"playbench\"");
    // Before: paused at tick 0 with the scenario's friction.
    CHECK(json_field(b, "paused") == "true");
    CHECK(json_field(b, "tick") == "0");
    CHECK(param_value(b, "podball.ball.friction") == doctest::Approx(0.02));   // the default since engine 7
    // The widgets the script aims at were on screen.
    CHECK(b.find("\"transport.play\"") != std::string::npos);

    // Running: ticks advanced, the slider changed the parameter (a param.set command).
    CHECK(json_field(a, "paused") == "false");
    long tick_running = std::stol(json_field(a, "tick"));
    // How many ticks 55 frames hold depends on the machine's load (a frame over its budget drops
    // the ticks it owes), so only that it ran is checked.
    CHECK(tick_running > 0);
    double friction = param_value(a, "podball.ball.friction");
    CHECK(friction != doctest::Approx(0.02));
    CHECK(friction >= 0.0005);
    CHECK(friction <= 0.05);
    CHECK(std::stol(json_field(a, "live_commands")) >= 1);
    CHECK(json_field(a, "dirty") == "true");

    // Space paused it again; the edit stays.
    CHECK(json_field(p, "paused") == "true");
    CHECK(std::stol(json_field(p, "tick")) >= tick_running);
    CHECK(param_value(p, "podball.ball.friction") == doctest::Approx(friction));

    // The window's own screenshot, and the settings written on exit (replacing the broken file).
    CHECK(std::filesystem::exists(shot));
    CHECK(std::filesystem::file_size(shot) > 10000);
    {
        // ... which shows the green field in the middle of the window (drawn by our rasteriser).
        int w = 0, h = 0, n = 0;
        unsigned char* px = stbi_load(shot.c_str(), &w, &h, &n, 4);
        REQUIRE(px != nullptr);
        int green = 0;
        for (int y = h / 4; y < 3 * h / 4; y += 4)
            for (int x = w / 4; x < 3 * w / 4; x += 4) {
                const unsigned char* c =
                    px + (static_cast<std::size_t>(y) * static_cast<std::size_t>(w) + static_cast<std::size_t>(x)) * 4;
                green += c[1] > c[0] + 20 && c[1] > c[2] + 10;
            }
        stbi_image_free(px);
        CHECK(green > 500);
    }
    std::string settings = read_text(config_home + "/playbench/settings.toml");
    CHECK(settings.find("[window]") != std::string::npos);
    CHECK(settings.find("podball-default.toml") != std::string::npos);
}

TEST_CASE("window: a script naming a widget that does not exist fails the run") {
    if (!have_xvfb()) return;
    std::string config_home = temp_path("window-config-2");
    std::filesystem::create_directories(config_home);
    ProcessResult r = run_window("frame 5 click @no.such.widget\nframe 10 quit\n", config_home);
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("no.such.widget") != std::string::npos);

    ProcessResult bad = run_window("frame x click 1 2\n", config_home);
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find(":1:") != std::string::npos);
}

TEST_CASE("window: drop a scenario file on the window, tune it, save with Ctrl+S") {
    if (!have_xvfb()) return;
    std::string config_home = temp_path("window-config-3");
    std::filesystem::create_directories(config_home);
    // A copy of the default scenario under another title, to drop and then save over.
    std::string copy = temp_path("dropped.toml");
    std::string text = read_text(source_path("scenarios/podball-default.toml"));
    auto title = text.find("title = ");
    REQUIRE(title != std::string::npos);
    text.replace(title, text.find('\n', title) - title, "title = \"Dropped copy\"");
    std::ofstream(copy) << text;

    std::string opened = temp_path("window-dropped.json"), saved = temp_path("window-saved.json");
    ProcessResult r = run_window("frame 10 drop " + copy +
                                     "\n"
                                     "frame 20 dump " +
                                     opened +
                                     "\n"
                                     "frame 25 click @params.filter\n"
                                     "frame 30 text ball.friction\n"
                                     "frame 40 drag @param.podball.ball.friction 60 0\n"
                                     "frame 60 key ctrl+s\n"
                                     "frame 70 dump " +
                                     saved +
                                     "\n"
                                     "frame 75 quit\n",
                                 config_home);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    std::string o = read_text(opened), s = read_text(saved);
    CHECK(json_field(o, "scenario") == "\"" + copy + "\"");
    CHECK(json_field(o, "title") == "\"Dropped copy\"");
    CHECK(json_field(s, "dirty") == "false");
    double friction = param_value(s, "podball.ball.friction");
    CHECK(friction != doctest::Approx(0.02));   // the scenario's (the default since engine 7), dragged
    // The file on disk holds the tuned value and still loads.
    pb::Scenario reloaded = pb::load_scenario_file(copy);
    CHECK(reloaded.title == "Dropped copy");
    CHECK(reloaded.params.get("podball.ball.friction") == doctest::Approx(friction));
}

TEST_CASE("window: RGS tools by mouse: select and remove, build with a click, mark with M") {
    if (!have_xvfb()) return;
    std::string config_home = temp_path("window-rgs-config");
    std::filesystem::remove_all(config_home);
    std::filesystem::create_directories(config_home);
    std::string removed = temp_path("window-rgs-removed.json");
    std::string built = temp_path("window-rgs-built.json");
    std::string marked = temp_path("window-rgs-marked.json");
    for (const std::string& f : {removed, built, marked}) std::filesystem::remove(f);
    std::string script =
        "frame 15 click @side.tab.tools\n"   // the RGS tools' tab
        "frame 20 click @rgs.rgs.1\n"
        "frame +5 click @rgs.remove\n"
        "frame +5 dump " +
        removed +
        "\n"
        "frame +5 click @rgs.click_builds\n"
        "frame +5 click @rgs.map -100 -100\n"
        "frame +5 dump " +
        built +
        "\n"
        "frame +5 click @rgs.rgs.0\n"
        "frame +5 key m\n"
        "frame +5 dump " +
        marked +
        "\n"
        "frame +5 quit\n";
    ProcessResult r = run_window(script, config_home, "scenarios/rgs-two-at-1600.toml");
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    std::string a = read_text(removed), b = read_text(built), c = read_text(marked);
    REQUIRE_FALSE(a.empty());
    REQUIRE_FALSE(b.empty());
    REQUIRE_FALSE(c.empty());
    // Paused all along: the commands went in at tick 0.
    CHECK(json_field(a, "paused") == "true");
    CHECK(json_field(a, "tick") == "0");
    CHECK(json_field(a, "live_commands") == "1");
    CHECK(json_field(a, "status").find("rgs.remove") != std::string::npos);
    CHECK(a.find("\"rgs.rgs.1\"") == std::string::npos);   // gone from the map
    CHECK(json_field(b, "live_commands") == "2");
    CHECK(json_field(b, "status").find("rgs.place") != std::string::npos);
    CHECK(b.find("\"rgs.rgs.2\"") != std::string::npos);   // the new one is drawn
    // The humans paid for it: 50 BP at the start, 10 for a drill.
    CHECK(json_field(b, "summary").find("Humans 40.0 BP") != std::string::npos);
    CHECK(json_field(c, "live_commands") == "3");
    CHECK(json_field(c, "status").find("rgs.mark") != std::string::npos);
    CHECK(json_field(c, "dirty") == "true");
}

TEST_CASE("window: a broken file on the command line opens the start page with its error; New there starts a lab") {
    if (!have_xvfb()) return;
    std::string config_home = temp_path("window-start-config");
    std::filesystem::remove_all(config_home);
    std::filesystem::create_directories(config_home);
    std::string broken = temp_path("window-broken.toml");
    std::ofstream(broken) << "lab = \"podball\"\nseed = 1\n[params]\npodball.ball.frictionn = 0.02\n";
    std::string first = temp_path("window-start-first.json");
    std::string after = temp_path("window-start-after.json");
    for (const std::string& f : {first, after}) std::filesystem::remove(f);
    std::string script = "frame 15 dump " + first +
                         "\n"
                         "frame 20 click @start.new.rgs\n"
                         "frame 30 dump " +
                         after +
                         "\n"
                         "frame 35 quit\n";
    std::string script_path = temp_path("window-start-script.txt");
    std::ofstream(script_path) << script;
    const std::string env = window_env(config_home);
    ProcessResult r = run_playbench("--script '" + script_path + "' '" + broken + "'", env);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    std::string a = read_text(first), b = read_text(after);
    REQUIRE_FALSE(a.empty());
    REQUIRE_FALSE(b.empty());
    CHECK(json_field(a, "error").find("window-broken.toml:4") != std::string::npos);
    CHECK(json_field(a, "error").find("podball.ball.frictionn") != std::string::npos);
    CHECK(a.find("\"start.new.podball\"") != std::string::npos);
    CHECK(a.find("\"start.open.podball-default.toml\"") != std::string::npos);
    CHECK(json_field(b, "lab") == "\"rgs\"");
    CHECK(json_field(b, "scenario") == "\"\"");
    CHECK(b.find("\"start.new.podball\"") == std::string::npos);   // the page closed
}

TEST_CASE("window: a missing file on the command line opens the start page with a one-line error naming it") {
    if (!have_xvfb()) return;
    std::string config_home = temp_path("window-missing-config");
    std::filesystem::remove_all(config_home);
    std::filesystem::create_directories(config_home);
    const std::string missing = temp_path("no-such-dir") + "/window-missing.toml";
    std::string dump = temp_path("window-missing.json");
    std::filesystem::remove(dump);
    std::string script_path = temp_path("window-missing-script.txt");
    std::ofstream(script_path) << "frame 15 dump " + dump + "\nframe 20 quit\n";
    const std::string env = window_env(config_home);
    ProcessResult r = run_playbench("--script '" + script_path + "' '" + missing + "'", env);
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);   // the window opened (no usage printed, no exit 2)
    CHECK(r.err.find("Usage") == std::string::npos);
    const std::string a = read_text(dump);
    REQUIRE_FALSE(a.empty());
    const std::string error = json_field(a, "error");
    CHECK(error.find("File does not exist: " + missing) != std::string::npos);
    CHECK(error.find("\\n") == std::string::npos);                 // one line (JSON escapes a line break as \n)
    CHECK(a.find("\"start.new.podball\"") != std::string::npos);   // the start page is open
    CHECK(json_field(a, "lab") == "\"podball\"");
}
