// The lab pictures README.md shows come from scripts/screenshots.sh (one per lab, rendered by
// `playbench render` with the Analysis tab open): the script runs against this build and every
// picture is a real 1280x800 render of its lab.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <stb_image.h>

#include "app_support.hpp"

TEST_CASE("screenshots: the script renders one picture per lab with this build") {
    const std::string dir = temp_path("screenshots");
    std::filesystem::remove_all(dir);
    const std::string cmd = "bash '" + source_path("scripts/screenshots.sh") + "' '" + dir + "' '" + PLAYBENCH_BINARY +
                            "' >'" + dir + ".log' 2>&1";
    const int status = std::system(cmd.c_str());
    INFO("log: " << read_text(dir + ".log"));
    REQUIRE(status == 0);
    for (const char* lab : {"podball", "rgs", "logistics", "effects", "tasks"}) {
        CAPTURE(lab);
        const std::string png = dir + "/screenshot-" + lab + ".png";
        int w = 0, h = 0, n = 0;
        unsigned char* data = stbi_load(png.c_str(), &w, &h, &n, 4);
        REQUIRE(data != nullptr);
        CHECK(w == 1280);
        CHECK(h == 800);
        // Not a blank frame: the canvas region holds many distinct colours.
        int distinct = 0;
        unsigned prev = 0;
        for (int y = 100; y < 700; y += 7)
            for (int x = 20; x < 800; x += 11) {
                const unsigned char* p = data + (static_cast<std::size_t>(y) * w + x) * 4;
                const unsigned c = (p[0] << 16) | (p[1] << 8) | p[2];
                if (c != prev) ++distinct;
                prev = c;
            }
        CHECK(distinct > 100);
        stbi_image_free(data);
    }
    // The README shows each of them.
    const std::string readme = read_text(source_path("README.md"));
    for (const char* lab : {"podball", "rgs", "logistics", "effects", "tasks"})
        CHECK(readme.find(std::string("docs/screenshot-") + lab + ".png") != std::string::npos);
}
