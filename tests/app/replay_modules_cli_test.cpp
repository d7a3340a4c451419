// A replay never runs code without consent (docs/replays.md#module-libraries-in-replays), on the
// real binary: a Podball scenario whose team plays a module library ("lib:libteam.so", relative, no
// slash) is recorded, and the replay and the library are handed over in a folder of their own. The
// library's constructor writes a marker file (tests/modules/podball_test_module.cpp, variant
// `marker`), so the tests see whether it was ever loaded.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "app_support.hpp"
#include "engine/core/replay_file.hpp"

namespace fs = std::filesystem;

#ifdef PB_MODULE_DIR

namespace {

const std::string kMarkerLib = std::string(PB_MODULE_DIR) + "/libpb_test_module_marker.so";
const std::string kOtherLib = std::string(PB_MODULE_DIR) + "/libpb_test_module_counter.so";

fs::path fresh(const std::string& name) {
    const fs::path dir = temp_path("modules-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::string scenario_text() {
    return "lab = \"podball\"\nseed = 5\n[team0]\nname = \"Lib\"\nmodule = \"lib:libteam.so\"\npods = 3\n"
           "[team1]\nname = \"Idle\"\nmodule = \"idle\"\npods = 3\n";
}

std::string env(const fs::path& marker) { return "PB_MODULE_MARKER='" + marker.string() + "'"; }

// Records the scenario from folder `src` to `out` (another folder), then hands the replay over
// with the library beside it in `handed`; the source folder goes (the recorded absolute path no
// longer exists, as on a colleague's machine). Returns the handed-over replay's path.
std::string record_and_hand_over(const fs::path& src, const fs::path& out_dir, const fs::path& handed) {
    std::ofstream(src / "team.toml") << scenario_text();
    fs::copy_file(kMarkerLib, src / "libteam.so");
    const std::string out = (out_dir / "rec.pbreplay").string();
    ProcessResult r =
        run_playbench("replay record '" + (src / "team.toml").string() + "' --ticks 300 --out '" + out + "'");
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    fs::copy_file(out, handed / "rec.pbreplay");
    fs::copy_file(src / "libteam.so", handed / "libteam.so");
    fs::remove_all(src);
    return (handed / "rec.pbreplay").string();
}

}   // namespace

TEST_CASE("replay modules cli: info runs nothing, verify needs --allow-modules and the pinned bytes") {
    const fs::path src = fresh("src"), out_dir = fresh("out"), handed = fresh("handed");
    const std::string replay = record_and_hand_over(src, out_dir, handed);
    const fs::path marker = handed / "marker.txt";

    // The pin: the file as written, the absolute path it resolved to, its SHA-256.
    pb::ReplayLoad load = pb::read_replay_file(replay);
    REQUIRE(load.data);
    REQUIRE(load.data->module_pins.size() == 1);
    CHECK(load.data->module_pins[0].written == "libteam.so");
    CHECK(load.data->module_pins[0].absolute == (fs::absolute(src) / "libteam.so").lexically_normal().string());

    ProcessResult info = run_playbench("replay info '" + replay + "'", env(marker));
    INFO(info.err);
    CHECK(info.exit_code == 0);
    CHECK(info.out.find("module lib:libteam.so") != std::string::npos);
    CHECK(info.out.find("SHA-256 ") != std::string::npos);
    CHECK(info.out.find("length 300 ticks") != std::string::npos);
    CHECK_FALSE(fs::exists(marker));

    ProcessResult no_consent = run_playbench("replay verify '" + replay + "'", env(marker));
    CHECK(no_consent.exit_code == 2);
    CHECK(no_consent.err.find("module \"lib:libteam.so\"") != std::string::npos);
    CHECK(no_consent.err.find("--allow-modules") != std::string::npos);
    CHECK(no_consent.err.find((handed / "libteam.so").string() + ": matches") != std::string::npos);
    CHECK(no_consent.err.find((src / "libteam.so").string() + ": missing") != std::string::npos);
    CHECK_FALSE(fs::exists(marker));

    ProcessResult export_no = run_playbench(
        "replay export '" + replay + "' --to 2 --out '" + (handed / "frames").string() + "'", env(marker));
    CHECK(export_no.exit_code == 2);
    CHECK(export_no.err.find("--allow-modules") != std::string::npos);
    CHECK_FALSE(fs::exists(marker));

    // With consent the library beside the moved replay is found by its bytes, and the replay
    // verifies: the constructor ran (in a private copy; in-process, where it can write the marker,
    // which the module sandbox would refuse).
    ProcessResult ok =
        run_playbench("replay verify --allow-modules --in-process-modules '" + replay + "'", env(marker));
    INFO(ok.err);
    CHECK(ok.exit_code == 0);
    CHECK(ok.out.find("OK, 300 ticks re-simulated") != std::string::npos);
    CHECK(fs::exists(marker));
    fs::remove(marker);

    // Another library under the same name: refused, by its hash, and never loaded.
    fs::remove(handed / "libteam.so");
    fs::copy_file(kOtherLib, handed / "libteam.so");
    ProcessResult swapped = run_playbench("replay verify --allow-modules '" + replay + "'", env(marker));
    CHECK(swapped.exit_code == 2);
    CHECK(swapped.err.find("no file with the bytes the replay pinned") != std::string::npos);
    CHECK(swapped.err.find((handed / "libteam.so").string() + ": found ") != std::string::npos);
    CHECK_FALSE(fs::exists(marker));
    fs::remove_all(out_dir);
    fs::remove_all(handed);
}

TEST_CASE("replay modules cli: a replay without pins never loads its library, even with --allow-modules") {
    const fs::path src = fresh("src2"), out_dir = fresh("out2"), handed = fresh("handed2");
    const std::string replay = record_and_hand_over(src, out_dir, handed);
    const fs::path marker = handed / "marker.txt";
    // Rewrite it as a replay from before pins: the same header, hashes and end, no pin record.
    pb::ReplayLoad load = pb::read_replay_file(replay);
    REQUIRE(load.data);
    {
        pb::ReplayWriter w;
        w.open(replay, load.data->header);
        for (std::int64_t t = 1; t <= load.data->length(); ++t) w.add_hash(t, *load.data->hashes.at(t));
        w.close();
    }
    REQUIRE(pb::read_replay_file(replay).data->module_pins.empty());
    ProcessResult r = run_playbench("replay verify --allow-modules '" + replay + "'", env(marker));
    CHECK(r.exit_code == 2);
    CHECK(r.err.find("pins no library") != std::string::npos);
    CHECK_FALSE(fs::exists(marker));
    fs::remove_all(out_dir);
    fs::remove_all(handed);
}

TEST_CASE("replay modules cli: a relative lib: path is the scenario folder's file, never one from LD_LIBRARY_PATH") {
    const fs::path dir = fresh("relative"), decoy = fresh("decoy");
    std::ofstream(dir / "team.toml") << scenario_text();   // no libteam.so in its folder
    fs::copy_file(kMarkerLib, decoy / "libteam.so");
    const fs::path marker = decoy / "marker.txt";
    ProcessResult r = run_playbench("run '" + (dir / "team.toml").string() + "' --ticks 2",
                                    env(marker) + " LD_LIBRARY_PATH='" + decoy.string() + "'");
    CHECK(r.exit_code != 0);
    CHECK(r.err.find("'" + (fs::absolute(dir) / "libteam.so").lexically_normal().string() + "'") != std::string::npos);
    CHECK_FALSE(fs::exists(marker));
    fs::remove_all(dir);
    fs::remove_all(decoy);
}

#endif
