// Every file Playbench writes is checked (docs/command-line.md#every-file-written-is-checked): a
// write to a full device, a missing folder or a folder it may not write fails with the reason and
// leaves no partial or temp file.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

#include "engine/core/replay.hpp"
#include "engine/core/scenario.hpp"

namespace fs = std::filesystem;
using namespace pb;

namespace {

std::string failure_of(const std::string& path, const std::string& content) {
    try {
        write_file_atomically(path, content);
    } catch (const std::exception& e) {
        return e.what();
    }
    return "";
}

// Files in `dir` whose name starts with `stem` (a temp file would be stem + ".tmp-PID").
int files_starting_with(const fs::path& dir, const std::string& stem) {
    int n = 0;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(dir, ec))
        if (entry.path().filename().string().rfind(stem, 0) == 0) ++n;
    return n;
}

fs::path fresh_dir(const std::string& name) {
    const fs::path dir = fs::temp_directory_path() / ("playbench-checked-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

}   // namespace

TEST_CASE("checked writes: /dev/full fails with 'No space left on device' and is left a device") {
    if (!fs::exists("/dev/full")) {
        MESSAGE("skipped: this machine has no /dev/full");
        return;
    }
    const std::string why = failure_of("/dev/full", std::string(100000, 'x'));
    CHECK(why == "cannot write /dev/full: No space left on device");
    CHECK(fs::is_character_file("/dev/full"));
    CHECK(files_starting_with("/dev", "full.tmp-") == 0);
}

TEST_CASE("checked writes: a missing folder, or a file where a folder should be, fails with the reason") {
    const fs::path dir = fresh_dir("missing");
    const std::string missing = (dir / "no-such-folder" / "s.toml").string();
    CHECK(failure_of(missing, "lab = \"podball\"\n") == "cannot write " + missing + ": No such file or directory");
    CHECK_FALSE(fs::exists(dir / "no-such-folder"));

    std::ofstream(dir / "plain") << "a file";
    const std::string under_file = (dir / "plain" / "s.toml").string();
    CHECK(failure_of(under_file, "x") == "cannot write " + under_file + ": Not a directory");
    CHECK(files_starting_with(dir, "plain") == 1);   // only the file itself
    fs::remove_all(dir);
}

TEST_CASE("checked writes: a read-only folder fails and keeps the old file, with no temp file left") {
    if (::geteuid() == 0) {
        MESSAGE("skipped: running as root, who may write into a read-only folder");
        return;
    }
    const fs::path dir = fresh_dir("readonly");
    const std::string path = (dir / "settings.toml").string();
    write_file_atomically(path, "old\n");
    fs::permissions(dir, fs::perms::owner_read | fs::perms::owner_exec);
    const std::string why = failure_of(path, "new\n");
    fs::permissions(dir, fs::perms::owner_all);
    CHECK(why == "cannot write " + path + ": Permission denied");
    std::ifstream in(path);
    std::string text;
    std::getline(in, text);
    CHECK(text == "old");
    CHECK(files_starting_with(dir, "settings.toml") == 1);
    fs::remove_all(dir);
}

TEST_CASE("checked writes: a replay recorded headless to /dev/full fails with the reason") {
    if (!fs::exists("/dev/full")) {
        MESSAGE("skipped: this machine has no /dev/full");
        return;
    }
    const Scenario s = load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/podball-default.toml");
    std::string why;
    try {
        record_scenario(s, 100, "/dev/full");
    } catch (const std::exception& e) {
        why = e.what();
    }
    CHECK(why.find("/dev/full") != std::string::npos);
    CHECK(why.find("No space left on device") != std::string::npos);
    CHECK(fs::is_character_file("/dev/full"));
}

TEST_CASE("checked writes: a replay recording into a missing folder fails and leaves nothing") {
    // (A recording cut short after its header, its partial file removed: tests/app, under a
    // file size limit.)
    const fs::path dir = fresh_dir("partial");
    const Scenario s = load_scenario_file(std::string(PLAYBENCH_SOURCE_DIR) + "/scenarios/podball-default.toml");
    const std::string missing = (dir / "gone" / "r.pbreplay").string();
    CHECK_THROWS_WITH_AS(record_scenario(s, 10, missing), doctest::Contains("No such file or directory"),
                         std::runtime_error);
    CHECK(files_starting_with(dir, "") == 0);
    fs::remove_all(dir);
}
