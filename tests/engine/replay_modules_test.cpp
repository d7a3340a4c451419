// Module libraries and scenario loading (docs/replays.md#module-libraries-in-replays): relative
// "lib:" paths always resolve to an absolute file beside the scenario, ModulePolicy::Describe never
// opens a library, and the module pins of a replay encode and decode (and damage is refused).
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "engine/core/replay.hpp"
#include "engine/core/replay_modules.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/sha256.hpp"
#include "engine/podball/modules/library_module.hpp"
#include "engine/podball/setup.hpp"
#include "engine/podball/world.hpp"

using namespace pb;
namespace fs = std::filesystem;

#ifdef PB_MODULE_DIR

namespace {
const std::string kMarkerLib = std::string(PB_MODULE_DIR) + "/libpb_test_module_marker.so";

std::string team_scenario(const std::string& module) {
    return "lab = \"podball\"\nseed = 4\n[team0]\nmodule = \"" + module +
           "\"\npods = 2\n[team1]\nmodule = \"idle\"\npods = 2\n";
}

fs::path fresh(const std::string& name) {
    const fs::path dir =
        fs::temp_directory_path() / ("playbench-modules-test-" + std::to_string(::getpid()) + "-" + name);
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}
}   // namespace

TEST_CASE("module libraries: a relative lib: path without a scenario file is an error with its line") {
    std::string why;
    try {
        load_scenario_text(team_scenario("lib:libteam.so"), "unsaved.toml");
    } catch (const ScenarioError& e) {
        why = e.what();
    }
    INFO(why);
    CHECK(why.find("unsaved.toml:4") != std::string::npos);
    CHECK(why.find("team0.module") != std::string::npos);
    CHECK(why.find("has no file") != std::string::npos);
}

TEST_CASE("module libraries: a relative path resolves to an absolute file in the scenario's folder") {
    const fs::path dir = fresh("resolve");
    fs::copy_file(kMarkerLib, dir / "libteam.so");
    std::ofstream(dir / "s.toml") << team_scenario("lib:libteam.so");
    // Loaded through a relative path to the scenario, from another working directory.
    const fs::path old = fs::current_path();
    fs::current_path(dir.parent_path());
    const Scenario s = load_scenario_file((dir.filename() / "s.toml").string());
    fs::current_path(old);
    const auto* setup = dynamic_cast<const podball::PodballSetup*>(s.setup.get());
    REQUIRE(setup);
    CHECK(fs::path(setup->library_paths[0]).is_absolute());
    CHECK(setup->library_paths[0] == (dir / "libteam.so").lexically_normal().string());
    REQUIRE(setup->module_libraries().size() == 1);
    CHECK(setup->module_libraries()[0].written == "libteam.so");
    fs::remove_all(dir);
}

TEST_CASE("module libraries: ModulePolicy::Describe never opens the library; the team plays idle") {
    const fs::path dir = fresh("describe");
    const fs::path marker = dir / "marker.txt";
    ::setenv("PB_MODULE_MARKER", marker.c_str(), 1);
    ScenarioLoadOptions describe;
    describe.modules = ModulePolicy::Describe;
    const Scenario s = load_scenario_text(team_scenario("lib:" + kMarkerLib), "described.toml", describe);
    REQUIRE(s.modules_not_loaded.size() == 1);
    CHECK(s.modules_not_loaded[0].find("team 0 module \"lib:" + kMarkerLib + "\": not loaded") == 0);
    Simulation sim(s);
    sim.advance(30);
    const auto& world = dynamic_cast<const podball::PodballWorld&>(sim.world());
    CHECK(world.module_health(0).load_error.find("not loaded") != std::string::npos);
    CHECK(scenario_to_toml(s).find("module = \"lib:" + kMarkerLib + "\"") != std::string::npos);   // kept as written
    CHECK_FALSE(fs::exists(marker));

    // The same text loaded normally does open it: the marker is a real witness (written in-process;
    // an isolated module cannot write a file).
    podball::set_library_modules_in_process(true);
    const Scenario loaded = load_scenario_text(team_scenario("lib:" + kMarkerLib), "loaded.toml");
    podball::set_library_modules_in_process(false);
    CHECK(loaded.modules_not_loaded.empty());
    CHECK(fs::exists(marker));
    ::unsetenv("PB_MODULE_MARKER");
    fs::remove_all(dir);
}

TEST_CASE("module libraries: pins are recorded with the file's SHA-256 and read back; damage is refused") {
    const fs::path dir = fresh("pins");
    fs::copy_file(kMarkerLib, dir / "libteam.so");
    std::ofstream(dir / "s.toml") << team_scenario("lib:libteam.so");
    const std::string replay = (dir / "r.pbreplay").string();
    record_scenario(load_scenario_file((dir / "s.toml").string()), 50, replay);
    ReplayLoad load = read_replay_file(replay);
    REQUIRE(load.data);
    CHECK(load.warnings.empty());
    REQUIRE(load.data->module_pins.size() == 1);
    const ModulePin& pin = load.data->module_pins[0];
    std::string why;
    CHECK(pin.sha256 == *sha256_file((dir / "libteam.so").string(), why));
    CHECK(pin.absolute == (dir / "libteam.so").lexically_normal().string());
    CHECK(replay_library_modules(*load.data) == std::vector<std::string>{"libteam.so"});

    const std::string bytes = encode_module_pins(load.data->module_pins);
    std::vector<ModulePin> back;
    CHECK(decode_module_pins(bytes.data(), bytes.size(), back));
    CHECK(back == load.data->module_pins);
    for (std::size_t cut = 0; cut < bytes.size(); ++cut) {
        std::vector<ModulePin> part;
        CHECK_FALSE(decode_module_pins(bytes.data(), cut, part));
        CHECK(part.empty());
    }
    std::string huge = bytes;
    huge[0] = '\xff';   // a count far beyond what the payload holds
    std::vector<ModulePin> none;
    CHECK_FALSE(decode_module_pins(huge.data(), huge.size(), none));

    // Without consent the player runs nothing and says the team is idle; a replay player with
    // consent finds the library by its bytes and verifies.
    CHECK(verify_replay(*load.data, replay, ReplayModuleAccess{true, replay}).ok());
    fs::remove_all(dir);
}

#endif
