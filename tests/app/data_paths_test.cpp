// Where Playbench finds its own data (app/data_paths.hpp): the installed share/playbench beside
// the executable's prefix, else the source tree; and the icon the packaging installs, drawn by
// `playbench icon` (app/icon.hpp). The whole installed package is tested by
// scripts/package-test.sh (make package-test).
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <stb_image.h>

#include "app/data_paths.hpp"
#include "app_support.hpp"

namespace fs = std::filesystem;

TEST_CASE("data paths: an installed layout is found from the executable, else the source tree") {
    const fs::path prefix = temp_path("data-paths/usr");
    fs::remove_all(prefix);
    fs::create_directories(prefix / "bin");
    const fs::path exe = prefix / "bin" / "playbench";
    std::ofstream(exe) << "";
    const fs::path sources = temp_path("data-paths/src");

    // Not installed (no PREFIX/share/playbench/scenarios): the source tree.
    CHECK(pb::app::data_dir_for(exe, sources) == sources);
    fs::create_directories(prefix / "share" / "playbench");
    CHECK(pb::app::data_dir_for(exe, sources) == sources);   // an empty share/playbench is not an install

    // Installed: PREFIX/share/playbench, whatever the working directory.
    fs::create_directories(prefix / "share" / "playbench" / "scenarios");
    CHECK(pb::app::data_dir_for(exe, sources) == prefix / "share" / "playbench");
    const fs::path was = fs::current_path();
    fs::current_path(prefix / "bin");
    CHECK(pb::app::data_dir_for(exe, sources) == prefix / "share" / "playbench");
    fs::current_path(was);

    // No executable path (no /proc): the source tree.
    CHECK(pb::app::data_dir_for({}, sources) == sources);
}

TEST_CASE("data paths: the build tree's test binary reads the source tree's scenarios") {
    // build/release/test_app has no build/share/playbench: the sources it was built from.
    CHECK(pb::app::data_dir() == fs::path(PLAYBENCH_SOURCE_DIR));
    CHECK(pb::app::data_file("scenarios/podball-default.toml") ==
          std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/podball-default.toml");
    CHECK(fs::is_regular_file(pb::app::data_file("scenarios/podball-default.toml")));
}

TEST_CASE("playbench icon: the packaging's icon, transparent corners, pitch, pods and ball in their places") {
    const std::string png = temp_path("icon-64.png");
    fs::remove(png);
    ProcessResult r = run_playbench("icon --size 64 --out '" + png + "'");
    INFO("stderr: " << r.err);
    REQUIRE(r.exit_code == 0);
    int w = 0, h = 0, n = 0;
    unsigned char* data = stbi_load(png.c_str(), &w, &h, &n, 4);
    REQUIRE(data != nullptr);
    CHECK(w == 64);
    CHECK(h == 64);
    // The icon's shapes in its 256-unit square (packaging/playbench.svg), a quarter of that here.
    auto px = [&](int x, int y) { return data + (y * w + x) * 4; };
    CHECK(px(0, 0)[3] == 0);   // outside the rounded tile: transparent
    CHECK(px(63, 63)[3] == 0);
    const unsigned char* pitch = px(25, 15);   // (100, 60): pitch green #2e7d4f
    CHECK(pitch[0] == 0x2e);
    CHECK(pitch[1] == 0x7d);
    CHECK(pitch[2] == 0x4f);
    CHECK(pitch[3] == 255);
    const unsigned char* ball = px(32, 32);   // (128, 128): the white ball
    CHECK(ball[0] == 255);
    CHECK(ball[1] == 255);
    CHECK(ball[2] == 255);
    const unsigned char* pod_a = px(19, 43);   // (76, 172): orange #f28c28
    CHECK(pod_a[0] == 0xf2);
    CHECK(pod_a[1] == 0x8c);
    CHECK(pod_a[2] == 0x28);
    const unsigned char* pod_b = px(45, 21);   // (180, 84): blue #3d8bfd
    CHECK(pod_b[0] == 0x3d);
    CHECK(pod_b[1] == 0x8b);
    CHECK(pod_b[2] == 0xfd);
    // An edge pixel of the tile is partly covered (anti-aliased) and keeps the pitch's colour
    // (straight alpha: no dark fringe from blending over transparent black).
    const unsigned char* edge = px(7, 7);   // the top-left corner's arc (centre (64, 64), radius 48) crosses it
    CHECK(edge[3] > 60);
    CHECK(edge[3] < 200);
    CHECK(edge[1] == doctest::Approx(0x7d).epsilon(0.03));
    stbi_image_free(data);

    ProcessResult bad = run_playbench("icon --size 4 --out '" + png + "'");
    CHECK(bad.exit_code != 0);
}

TEST_CASE("a missing scenario that is one of Playbench's examples is named with its full path") {
    // From a folder without scenarios/: the example's full path in the message, exit 2.
    ProcessResult r = run_playbench("run no-such-folder/rgs-two-at-800.toml --ticks 1");
    CHECK(r.exit_code == 2);
    const std::string example = (pb::app::data_dir() / "scenarios" / "rgs-two-at-800.toml").lexically_normal().string();
    CHECK(r.err.find("File does not exist: no-such-folder/rgs-two-at-800.toml (Playbench's example of that name is " +
                     example + ")") != std::string::npos);
    // Not an example: the plain message.
    ProcessResult other = run_playbench("compare no-such-file.toml --b podball.ball.friction=0.01");
    CHECK(other.exit_code == 2);
    CHECK(other.err.find("File does not exist: no-such-file.toml") != std::string::npos);
    CHECK(other.err.find("example") == std::string::npos);
    // A folder is not a scenario.
    ProcessResult folder = run_playbench("render /tmp --out /tmp/x.png");
    CHECK(folder.exit_code == 2);
    CHECK(folder.err.find("File is actually a directory: /tmp") != std::string::npos);
}
