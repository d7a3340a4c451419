// Golden hashes: the full hash and the tick hash of every shipped scenario (scenarios/*.toml) at
// fixed ticks, pinned. Any change of a simulation result, or of what a hash covers, fails here.
// If the change is intended, bump kEngineVersion (engine/core/replay_file.hpp) in the same commit
// and update these numbers (the failure prints the line to paste), and the table's version and
// fingerprint below: replays recorded before say which engine they need.
#include <doctest/doctest.h>

#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "engine/core/replay_file.hpp"
#include "engine/core/scenario.hpp"
#include "engine/core/simulation.hpp"

using namespace pb;

namespace {

struct Golden {
    const char* scenario;
    std::int64_t tick;
    std::uint64_t hash;
    std::uint64_t tick_hash;
};

// The engine version these numbers were made for, and their fingerprint (golden_fingerprint below).
constexpr std::uint32_t kGoldenEngineVersion = 8;
constexpr std::uint64_t kGoldenFingerprint = 0xae6b6e81ffc77dfdull;

constexpr std::int64_t kTicks[] = {0, 60, 600};

// clang-format off
const std::vector<Golden> kGolden = {
    {"effects-three-waves.toml", 0, 0x8ad7fe9a61c62b18ull, 0x348a2e2a87646559ull},
    {"effects-three-waves.toml", 60, 0x03701aa59791aa92ull, 0xe1798a2c46a91d60ull},
    {"effects-three-waves.toml", 600, 0x229404e6beb11830ull, 0x8e5d0b8fcf911dcdull},
    {"effects-worked-examples.toml", 0, 0xbe0a96b704b35fd3ull, 0xb216e3fd46cb2929ull},
    {"effects-worked-examples.toml", 60, 0x86e64d6c8cd8a765ull, 0x35e0e18e3268f30aull},
    {"effects-worked-examples.toml", 600, 0x6c162048546a9fffull, 0xcda8aff5d0afc633ull},
    {"logistics-colony.toml", 0, 0xd129d10bdcee3734ull, 0x3159c76dd4579f6eull},
    {"logistics-colony.toml", 60, 0x940de7c100bfe4c5ull, 0x0ace8dc224da0bfdull},
    {"logistics-colony.toml", 600, 0x4a3924afadfc65b2ull, 0x4fb752780d421d5eull},
    {"logistics-large.toml", 0, 0xe45cfef764790621ull, 0x6088f5d246c28c63ull},
    {"logistics-large.toml", 60, 0x3698524ac2ed046cull, 0x02ae1631409a4383ull},
    {"logistics-large.toml", 600, 0x106ee897894aa55full, 0x3d40689fa3829100ull},
    {"logistics-small-loads.toml", 0, 0xc015384c5508ed25ull, 0x36d650ea5e0b2bc2ull},
    {"logistics-small-loads.toml", 60, 0xcc11cf01e6f4e2daull, 0x940ba35bf975191dull},
    {"logistics-small-loads.toml", 600, 0x7f554933853d87afull, 0x8e69dcd2f4e0c0e8ull},
    {"podball-11v11.toml", 0, 0xcc6332ef26febb0dull, 0xcc05ec6d8c56f3a3ull},
    {"podball-11v11.toml", 60, 0x3670ced4a46932b5ull, 0xd1f05a43ca6fb232ull},
    {"podball-11v11.toml", 600, 0x96d29dff75d4d080ull, 0x780cc59a397f8954ull},
    {"podball-default.toml", 0, 0x4190980cef4ee450ull, 0xf850144a7a97879eull},
    {"podball-default.toml", 60, 0xebd2a5ea2b70e37cull, 0x26afd1226b1e62e1ull},
    {"podball-default.toml", 600, 0xc779de1e33922cc0ull, 0xe46a5a3ead88aec8ull},
    {"podball-exclusion-demo.toml", 0, 0xb1be63127b82a832ull, 0x0ecf3d6b2761d08dull},
    {"podball-exclusion-demo.toml", 60, 0xec5447a7586bb6c7ull, 0x7c06c3d4621aaaa7ull},
    {"podball-exclusion-demo.toml", 600, 0x803e14cb596b53c8ull, 0xd0835b1c9c13c213ull},
    {"podball-formation-vs-passer.toml", 0, 0xfd9660ff8bb687e0ull, 0xec712d72eb2589acull},
    {"podball-formation-vs-passer.toml", 60, 0x961938a15ac0263aull, 0x6b4707fbadf61bedull},
    {"podball-formation-vs-passer.toml", 600, 0x39addc55ed865639ull, 0x99696f6182226683ull},
    {"podball-lua-chaser.toml", 0, 0x062247c2b9dbbcf7ull, 0x355dc37be333f9c6ull},
    {"podball-lua-chaser.toml", 60, 0xcb693035e1e0da4aull, 0xaeff75a850d7e157ull},
    {"podball-lua-chaser.toml", 600, 0x421f12dd87b69128ull, 0x0ea9d58f9a7c32a9ull},
    {"podball-lua-formation.toml", 0, 0x668b363534c8c21bull, 0x95627d4af4feef46ull},
    {"podball-lua-formation.toml", 60, 0xe98ed45a8868f6b1ull, 0xda6e0aad7ea9b751ull},
    {"podball-lua-formation.toml", 600, 0x69db8fdeac1b4bddull, 0x6800008e43360229ull},
    {"podball-lua-passer.toml", 0, 0xeb7bcbddbcef53f8ull, 0x9c4c1cc0e6f28d80ull},
    {"podball-lua-passer.toml", 60, 0xb3a66793a60e9eb8ull, 0x281f44bbb4036bc2ull},
    {"podball-lua-passer.toml", 600, 0xe4cb3b5d521edcb6ull, 0x5e09f45712610b38ull},
    {"podball-lua-striker.toml", 0, 0x02fce62f7e281149ull, 0x5d1deaee24a50b37ull},
    {"podball-lua-striker.toml", 60, 0x597dde931a92eec1ull, 0x162c5c19c5f3998full},
    {"podball-lua-striker.toml", 600, 0x696d6e15edfdf918ull, 0x94110a1514577958ull},
    {"rgs-build-order.toml", 0, 0xd1f1fe9fbad7cc0bull, 0x4aff5a212589ff05ull},
    {"rgs-build-order.toml", 60, 0xafae8c451af3fc82ull, 0x07cf15e0da02cfb0ull},
    {"rgs-build-order.toml", 600, 0x2e798d1848e07ec1ull, 0x63b6fc3c4d3f287cull},
    {"rgs-ten-on-one-spot.toml", 0, 0x115ce1bcbe5c12a1ull, 0x100bc284805d4891ull},
    {"rgs-ten-on-one-spot.toml", 60, 0x0e3911875377a3e5ull, 0x99839e7e7168b426ull},
    {"rgs-ten-on-one-spot.toml", 600, 0xcb707136e97854ecull, 0x0e5a8945f592e28cull},
    {"rgs-two-at-0.toml", 0, 0xb96aadabb6ed75a9ull, 0x100bc284805d4891ull},
    {"rgs-two-at-0.toml", 60, 0x0e43ec6f24affe40ull, 0x43bfc0b45a1aee8dull},
    {"rgs-two-at-0.toml", 600, 0xee72c5df0b836848ull, 0xa756483aa9ed5200ull},
    {"rgs-two-at-1600.toml", 0, 0xbe2d9b6f834081e4ull, 0x100bc284805d4891ull},
    {"rgs-two-at-1600.toml", 60, 0x30a49de3ea9e3d10ull, 0x1ac5f7ceb630e441ull},
    {"rgs-two-at-1600.toml", 600, 0xea947ddf2df7d504ull, 0x2da223cd99749722ull},
    {"rgs-two-at-800.toml", 0, 0xba7ec11fd376511aull, 0x100bc284805d4891ull},
    {"rgs-two-at-800.toml", 60, 0x7b845343e48ed0a5ull, 0xa65e78d163558148ull},
    {"rgs-two-at-800.toml", 600, 0x84ee006fe971246cull, 0x5711e0e0bf7215d9ull},
    {"tasks-generated-ship.toml", 0, 0xa3a543a65cd0a599ull, 0x247c2c10b42419b2ull},
    {"tasks-generated-ship.toml", 60, 0x23c88d1dcbbad09aull, 0x397cb38a89992e9eull},
    {"tasks-generated-ship.toml", 600, 0x2ea7720c576a442eull, 0xf68176d30ab6eaeaull},
    {"tasks-toward-the-stars-d1.toml", 0, 0x53c9d171add74d96ull, 0x67e7031877a7fadbull},
    {"tasks-toward-the-stars-d1.toml", 60, 0x250b5ad2d6282796ull, 0x7ce78a924d1d0fc7ull},
    {"tasks-toward-the-stars-d1.toml", 600, 0x057de66c5a097432ull, 0x39ec4ddace3acc13ull},
    {"tasks-toward-the-stars.toml", 0, 0x41280df108db5818ull, 0x8bb9729cb9386a8bull},
    {"tasks-toward-the-stars.toml", 60, 0x3e25286d2e447d22ull, 0xa0b9fa168ead7f77ull},
    {"tasks-toward-the-stars.toml", 600, 0x1f0b4effa0154d4bull, 0x5dbebd5f0fcb3bc3ull},
};
// clang-format on

std::uint64_t golden_fingerprint(const std::vector<Golden>& table) {
    StateHasher h;
    for (const Golden& g : table) {
        h.add(std::string_view(g.scenario));
        h.add(g.tick);
        h.add_u64(g.hash);
        h.add_u64(g.tick_hash);
    }
    return h.value();
}

std::string golden_line(const std::string& scenario, std::int64_t tick, std::uint64_t hash, std::uint64_t tick_hash) {
    char buf[200];
    std::snprintf(buf, sizeof buf, "    {\"%s\", %" PRId64 ", 0x%016" PRIx64 "ull, 0x%016" PRIx64 "ull},",
                  scenario.c_str(), tick, hash, tick_hash);
    return buf;
}

}   // namespace

#ifdef PLAYBENCH_SOURCE_DIR
TEST_CASE("golden hashes: every shipped scenario at ticks 0, 60 and 600") {
    const std::filesystem::path dir = std::filesystem::path(PLAYBENCH_SOURCE_DIR) / "scenarios";
    std::vector<std::string> names;
    for (const auto& entry : std::filesystem::directory_iterator(dir))
        if (entry.path().extension() == ".toml") names.push_back(entry.path().filename().string());
    std::sort(names.begin(), names.end());
    REQUIRE(!names.empty());

    std::string expected_table;   // what the table should read, printed on failure
    std::size_t row = 0;
    bool all_same = true;
    for (const std::string& name : names) {
        Simulation sim(load_scenario_file((dir / name).string()));
        for (std::int64_t tick : kTicks) {
            while (sim.world().tick() < tick) sim.step();
            const std::uint64_t hash = sim.world().hash(), tick_hash = sim.world().tick_hash();
            expected_table += golden_line(name, tick, hash, tick_hash) + "\n";
            const bool pinned = row < kGolden.size() && kGolden[row].scenario == name && kGolden[row].tick == tick;
            const bool same = pinned && kGolden[row].hash == hash && kGolden[row].tick_hash == tick_hash;
            CAPTURE(name);
            CAPTURE(tick);
            CHECK_MESSAGE(same,
                          "a result changed: if intended, bump the engine version (kEngineVersion in "
                          "engine/core/replay_file.hpp) in the same commit and update these numbers "
                          "(tests/engine/golden_hashes_test.cpp): "
                              << golden_line(name, tick, hash, tick_hash));
            all_same = all_same && same;
            ++row;
        }
    }
    CHECK_MESSAGE(row == kGolden.size(), "the table pins " << kGolden.size() << " rows, the scenarios give " << row);
    if (!all_same || row != kGolden.size()) MESSAGE("the table as this build computes it:\n" << expected_table);
}
#endif

TEST_CASE("golden hashes: the pinned numbers and the engine version change together") {
    // The table was made for this engine version: a version bumped without new numbers (or new
    // numbers without a bump) fails here.
    CHECK_MESSAGE(
        kGoldenEngineVersion == kEngineVersion,
        "kEngineVersion is " << kEngineVersion << " but the golden hashes were pinned for engine "
                             << kGoldenEngineVersion
                             << ": re-run this test, paste the numbers it prints and set kGoldenEngineVersion");
    char fp[32];
    std::snprintf(fp, sizeof fp, "0x%016" PRIx64 "ull", golden_fingerprint(kGolden));
    CHECK_MESSAGE(
        golden_fingerprint(kGolden) == kGoldenFingerprint,
        "the golden numbers changed (fingerprint now "
            << fp
            << ") but the engine version they were "
               "made for did not: bump kEngineVersion (engine/core/replay_file.hpp) and kGoldenEngineVersion, "
               "then set kGoldenFingerprint");
}
