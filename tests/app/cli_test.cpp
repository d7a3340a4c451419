// The command line as a designer uses it: run --json, render, params, bad arguments,
// and the window verb without a display.
#include <doctest/doctest.h>

#include <stb_image.h>

#include <algorithm>
#include <array>
#include <filesystem>
#include <fstream>
#include <vector>

#include "app_support.hpp"

static const std::string kDefault = "'" + source_path("scenarios/podball-default.toml") + "'";

TEST_CASE("run --json prints lab, tick, hash, state and metrics") {
    auto r = run_playbench("run " + kDefault + " --ticks 500 --json");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.out.find("\"lab\": \"podball\"") != std::string::npos);
    CHECK(r.out.find("\"tick\": 500") != std::string::npos);
    CHECK(r.out.find("\"hash\": \"") != std::string::npos);
    CHECK(r.out.find("\"state\": {") != std::string::npos);
    CHECK(r.out.find("\"metrics\": {") != std::string::npos);
    CHECK(r.out.find("\"pods\": [") != std::string::npos);
    CHECK(r.out.find("\"ball\": {") != std::string::npos);
    // Same scenario and seed: the same output, byte for byte.
    auto again = run_playbench("run " + kDefault + " --ticks 500 --json");
    CHECK(again.out == r.out);
    // A parameter override changes the outcome (the seed's ball friction; the default is 0.02).
    auto tuned = run_playbench("run " + kDefault + " --ticks 500 --json --set podball.ball.friction=0.004");
    REQUIRE(tuned.exit_code == 0);
    CHECK(tuned.out != r.out);
}

TEST_CASE("run without --json prints a readable summary") {
    auto r = run_playbench("run " + kDefault + " --ticks 10");
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("tick 10") != std::string::npos);
    CHECK(r.out.find("hash") != std::string::npos);
}

TEST_CASE("bad arguments print usage and exit non-zero") {
    SUBCASE("unknown verb option") {
        auto r = run_playbench("run " + kDefault + " --tickz 5");
        CHECK(r.exit_code != 0);
        CHECK(r.err.find("--ticks") != std::string::npos);   // the usage lists the options
        CHECK(r.err.find("tickz") != std::string::npos);     // and names the bad one
    }
    SUBCASE("missing scenario file") {
        auto r = run_playbench("run /no/such/file.toml");
        CHECK(r.exit_code != 0);
        CHECK(r.err.find("/no/such/file.toml") != std::string::npos);
    }
    SUBCASE("negative ticks") {
        auto r = run_playbench("run " + kDefault + " --ticks -5");
        CHECK(r.exit_code != 0);
    }
    SUBCASE("--set with an unknown key") {
        auto r = run_playbench("run " + kDefault + " --set podball.ball.fricton=0.1");
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("unknown parameter 'podball.ball.fricton'") != std::string::npos);
    }
    SUBCASE("--set out of range") {
        auto r = run_playbench("run " + kDefault + " --set podball.ball.friction=7");
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("out of range") != std::string::npos);
    }
    SUBCASE("--set giving one parameter twice (every verb, the window too, reads --set the same way)") {
        for (const std::string verb : {"run", "match", "render"}) {
            auto r = run_playbench(verb + " " + kDefault +
                                   " --set podball.ball.friction=0.01 --set podball.ball.friction=0.02" +
                                   (verb == "render" ? " --out x.png" : ""));
            CHECK_MESSAGE(r.exit_code == 2, verb);
            CHECK_MESSAGE(r.err.find("'podball.ball.friction' is already set by --set podball.ball.friction=0.01") !=
                              std::string::npos,
                          verb, r.err);
        }
    }
    SUBCASE("render without --out") {
        auto r = run_playbench("render " + kDefault);
        CHECK(r.exit_code != 0);
        CHECK(r.err.find("--out") != std::string::npos);
    }
    SUBCASE("render with a bad size") {
        auto r = run_playbench("render " + kDefault + " --size 12 --out x.png");
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("WxH") != std::string::npos);
    }
    SUBCASE("params of an unknown lab") {
        auto r = run_playbench("params nolab");
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("allowed: podball") != std::string::npos);
    }
    SUBCASE("an invalid scenario names file and line") {
        std::string bad = temp_path("bad.toml");
        std::ofstream(bad) << "lab = \"podball\"\n[params]\npodball.ball.friction = 9.0\n";
        auto r = run_playbench("run '" + bad + "'");
        CHECK(r.exit_code == 2);
        CHECK(r.err.find("bad.toml:3") != std::string::npos);
        CHECK(r.err.find("out of range") != std::string::npos);
    }
}

TEST_CASE("a missing file: each verb says so in one line naming it, exit 2, no usage") {
    const std::string missing = temp_path("no-such-dir") + "/missing.toml";
    const std::string args[] = {"run '" + missing + "'",
                                "render '" + missing + "' --out x.png",
                                "match '" + missing + "'",
                                "replay record '" + missing + "' --out x.pbreplay",
                                "replay verify '" + missing + "'",
                                "compare '" + missing + "' --set podball.ball.friction=0.01",
                                "sweep run '" + missing + "' --out x"};
    for (const std::string& a : args) {
        auto r = run_playbench(a);
        CAPTURE(a);
        CAPTURE(r.err);
        CHECK(r.exit_code == 2);
        CHECK(r.err.find(missing) != std::string::npos);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);   // one line: the usage is not dumped
        CHECK(r.err.rfind("playbench " + a.substr(0, a.find(" '")) + ": ", 0) == 0);   // the verb, then why
    }
    // The window without a display (it would render the file headless instead): the same line.
    auto r = run_playbench("'" + missing + "'", "DISPLAY= WAYLAND_DISPLAY= SDL_VIDEODRIVER=x11");
    CHECK(r.exit_code == 2);
    CHECK(r.err == "playbench: File does not exist: " + missing + "\n");
}

TEST_CASE("--help works everywhere") {
    for (std::string verb : {"", "run ", "render ", "params ", "bench "}) {
        auto r = run_playbench(verb + "--help");
        CHECK(r.exit_code == 0);
        CHECK(r.out.find("--help") != std::string::npos);
    }
}

TEST_CASE("params lists every parameter with default, range, unit and description") {
    auto r = run_playbench("params podball");
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("podball.ball.friction") != std::string::npos);
    CHECK(r.out.find("0.004") != std::string::npos);
    CHECK(r.out.find("podball.rules.ballkeep") != std::string::npos);
}

struct Image {
    int w = 0, h = 0;
    std::vector<unsigned char> rgba;
    std::array<int, 3> at(int x, int y) const {
        const unsigned char* p = &rgba[(static_cast<std::size_t>(y) * w + x) * 4];
        return {p[0], p[1], p[2]};
    }
};

static Image load_png(const std::string& path) {
    Image img;
    int n = 0;
    unsigned char* data = stbi_load(path.c_str(), &img.w, &img.h, &n, 4);
    REQUIRE_MESSAGE(data != nullptr, "cannot read " << path);
    img.rgba.assign(data, data + static_cast<std::size_t>(img.w) * img.h * 4);
    stbi_image_free(data);
    return img;
}

TEST_CASE("render writes a PNG of the requested size that shows the arena") {
    std::string png = temp_path("render.png");
    auto r = run_playbench("render " + kDefault + " --ticks 0 --size 960x600 --out '" + png + "'");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    Image img = load_png(png);
    CHECK(img.w == 960);
    CHECK(img.h == 600);
    // Somewhere in the middle band of the picture lies the green playing field; count its pixels.
    int green = 0;
    for (int y = img.h / 4; y < 3 * img.h / 4; y += 4)
        for (int x = img.w / 4; x < 3 * img.w / 4; x += 4) {
            auto c = img.at(x, y);
            green += c[1] > c[0] + 20 && c[1] > c[2] + 10;
        }
    CHECK(green > 500);
}

TEST_CASE("the window verb without a display runs headless and writes a screenshot") {
    std::string dir = temp_path("nodisplay");
    std::filesystem::create_directories(dir);
    auto r = run_playbench(kDefault, "cd '" + dir + "' && DISPLAY= WAYLAND_DISPLAY= SDL_VIDEODRIVER=x11");
    REQUIRE_MESSAGE(r.exit_code == 0, r.err);
    CHECK(r.err.find("no display") != std::string::npos);
    CHECK(r.out.find("screenshot written to") != std::string::npos);
    CHECK(std::filesystem::exists(dir + "/playbench-podball-default.png"));
}
