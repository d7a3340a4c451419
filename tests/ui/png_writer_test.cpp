// The PNG writer checks every write (docs/command-line.md#every-file-written-is-checked): stb's own
// file writer does not report a failed write, so without the checks `render --out /dev/full` would
// say "wrote".
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "ui/render/offscreen_renderer.hpp"

namespace fs = std::filesystem;

TEST_CASE("png writer: /dev/full returns false with the reason") {
    if (!fs::exists("/dev/full")) {
        MESSAGE("skipped: this machine has no /dev/full");
        return;
    }
    std::vector<unsigned char> rgba(64 * 64 * 4, 200);
    std::string error;
    CHECK_FALSE(pb::ui::write_rgba_png("/dev/full", 64, 64, rgba.data(), 64 * 4, error));
    CHECK(error == "cannot write /dev/full: No space left on device");
    CHECK(fs::is_character_file("/dev/full"));
}

TEST_CASE("png writer: a good path gets a whole PNG and no temp file; a missing folder fails") {
    const fs::path dir = fs::temp_directory_path() / ("playbench-png-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    std::vector<unsigned char> rgba(64 * 64 * 4, 90);
    std::string error;
    const std::string path = (dir / "a.png").string();
    REQUIRE(pb::ui::write_rgba_png(path, 64, 64, rgba.data(), 64 * 4, error));
    std::ifstream in(path, std::ios::binary);
    std::string head(8, '\0');
    in.read(head.data(), 8);
    CHECK(head == std::string("\x89PNG\r\n\x1a\n", 8));
    int files = 0;
    for (const auto& e : fs::directory_iterator(dir)) files += e.is_regular_file() ? 1 : 0;
    CHECK(files == 1);

    const std::string missing = (dir / "nope" / "b.png").string();
    CHECK_FALSE(pb::ui::write_rgba_png(missing, 64, 64, rgba.data(), 64 * 4, error));
    CHECK(error == "cannot write " + missing + ": No such file or directory");
    fs::remove_all(dir);
}
