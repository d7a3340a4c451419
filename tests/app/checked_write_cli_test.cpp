// Writes that fail make the command fail (docs/command-line.md#every-file-written-is-checked):
// `render` and `replay record` to a full device exit non-zero with the reason, never say "wrote",
// and leave no file behind.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include <sys/wait.h>

#include "app_support.hpp"

namespace fs = std::filesystem;

namespace {
int dev_temp_files() {
    int n = 0;
    std::error_code ec;
    for (const auto& e : fs::directory_iterator("/dev", ec))
        if (e.path().filename().string().rfind("full.tmp", 0) == 0) ++n;
    return n;
}
}   // namespace

TEST_CASE("checked writes cli: render --out /dev/full exits non-zero with the reason") {
    if (!fs::exists("/dev/full")) {
        MESSAGE("skipped: this machine has no /dev/full");
        return;
    }
    ProcessResult r = run_playbench("render '" + source_path("scenarios/podball-default.toml") +
                                    "' --ticks 5 --size 320x200 --out /dev/full");
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("cannot write /dev/full: No space left on device") != std::string::npos);
    CHECK(r.out.find("wrote") == std::string::npos);
    CHECK(fs::is_character_file("/dev/full"));
    CHECK(dev_temp_files() == 0);
}

TEST_CASE("checked writes cli: render into a missing folder fails and creates nothing") {
    const std::string dir = temp_path("no-such-render-folder");
    fs::remove_all(dir);
    ProcessResult r = run_playbench("render '" + source_path("scenarios/podball-default.toml") +
                                    "' --ticks 5 --size 320x200 --out '" + dir + "/x.png'");
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("No such file or directory") != std::string::npos);
    CHECK_FALSE(fs::exists(dir));
}

TEST_CASE("checked writes cli: replay record --out /dev/full exits non-zero with the reason") {
    if (!fs::exists("/dev/full")) {
        MESSAGE("skipped: this machine has no /dev/full");
        return;
    }
    ProcessResult r = run_playbench("replay record '" + source_path("scenarios/podball-default.toml") +
                                    "' --ticks 50 --out /dev/full");
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("/dev/full") != std::string::npos);
    CHECK(r.err.find("No space left on device") != std::string::npos);
    CHECK(r.out.find("recorded") == std::string::npos);
    CHECK(fs::is_character_file("/dev/full"));
}

TEST_CASE("checked writes cli: printed output that cannot be written fails the command") {
    if (!fs::exists("/dev/full")) {
        MESSAGE("skipped: this machine has no /dev/full");
        return;
    }
    const std::string err = temp_path("full-output-err.txt");
    const std::string cmd = "'" + std::string(PLAYBENCH_BINARY) + "' params podball >/dev/full 2>'" + err + "'";
    const int status = std::system(cmd.c_str());
    CHECK(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) != 0);
    CHECK(read_text(err).find("cannot write the output: No space left on device") != std::string::npos);
}

TEST_CASE("checked writes cli: a replay recording cut short by the disk removes its partial file") {
    // A file size limit of 8 KB (ulimit -f counts 512-byte blocks; SIGXFSZ ignored, so the write
    // fails with EFBIG): the header fits, the first block of hashes does not.
    const std::string out = temp_path("too-large.pbreplay");
    fs::remove(out);
    ProcessResult r = run_playbench(
        "replay record '" + source_path("scenarios/podball-default.toml") + "' --ticks 20000 --out '" + out + "'",
        "trap '' XFSZ; ulimit -f 16;");
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("cannot write the replay " + out + ": File too large") != std::string::npos);
    CHECK(r.err.find("(the partial file " + out + " was removed)") != std::string::npos);
    CHECK_FALSE(fs::exists(out));
}
