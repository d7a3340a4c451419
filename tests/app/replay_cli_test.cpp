// The `playbench replay` verbs on the real binary: record, verify (0 / 1 at the first divergent
// tick / 2 for an unplayable file), info, export, and their bad input.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "app_support.hpp"
#include "engine/core/replay_file.hpp"

namespace fs = std::filesystem;

namespace {

std::string record(const std::string& scenario, int ticks, const std::string& name, const std::string& extra = "") {
    const std::string out = temp_path(name);
    fs::remove(out);
    ProcessResult r = run_playbench("replay record '" + source_path(scenario) + "' --ticks " + std::to_string(ticks) +
                                    " " + extra + " --out '" + out + "'");
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    CHECK(r.out.find("recorded " + std::to_string(ticks) + " ticks") != std::string::npos);
    return out;
}

}   // namespace

TEST_CASE("replay cli: record then verify, for a Podball match and an RGS build order") {
    for (const char* scenario : {"scenarios/podball-default.toml", "scenarios/rgs-build-order.toml"}) {
        CAPTURE(scenario);
        const std::string file =
            record(scenario, 1500, "cli-ok.pbreplay",
                   "--set " + std::string(std::string(scenario).find("podball") != std::string::npos
                                              ? "podball.ball.friction=0.005"
                                              : "rgs.economy.half_life=20"));
        ProcessResult v = run_playbench("replay verify '" + file + "'");
        INFO(v.err);
        CHECK(v.exit_code == 0);
        CHECK(v.out.find("OK, 1500 ticks re-simulated, every hash matches") != std::string::npos);
        fs::remove(file);
    }
}

TEST_CASE("replay cli: a tampered hash makes verify exit 1 naming the tick") {
    const std::string file = record("scenarios/podball-default.toml", 700, "cli-tamper.pbreplay");
    pb::ReplayLoad load = pb::read_replay_file(file);
    REQUIRE(load.data);
    pb::ReplayData d = *load.data;
    d.hashes.set(322, *d.hashes.at(322) ^ 0x10u);
    {
        pb::ReplayWriter w;
        w.open(file, d.header);
        for (std::int64_t t = 1; t <= d.length(); ++t) w.add_hash(t, *d.hashes.at(t));
        w.close();
    }
    ProcessResult v = run_playbench("replay verify '" + file + "'");
    CHECK(v.exit_code == 1);
    CHECK(v.out.find("DIVERGED at tick 322 of 700") != std::string::npos);
    fs::remove(file);
}

TEST_CASE("replay cli: info lists the header, the commands and a cut-off file's warning") {
    const std::string file = record("scenarios/rgs-build-order.toml", 600, "cli-info.pbreplay");
    ProcessResult i = run_playbench("replay info '" + file + "'");
    INFO(i.err);
    REQUIRE(i.exit_code == 0);
    CHECK(i.out.find("lab rgs, seed 1") != std::string::npos);
    CHECK(i.out.find("length 600 ticks") != std::string::npos);
    CHECK(i.out.find("(embedded,") != std::string::npos);
    // Cut the end record off: still loads, with a warning that says so.
    const auto size = fs::file_size(file);
    fs::resize_file(file, size - 5);
    ProcessResult cut = run_playbench("replay info '" + file + "'");
    CHECK(cut.exit_code == 4);   // as verify would say: not closed
    CHECK(cut.err.find("ends inside a record") != std::string::npos);
    CHECK(cut.out.find("file NOT CLOSED: cut off inside a record at byte " + std::to_string(size - 9)) !=
          std::string::npos);
    CHECK(cut.out.find("length 600 ticks (recording not closed)") != std::string::npos);
    ProcessResult v = run_playbench("replay verify '" + file + "'");
    CHECK(v.exit_code == 4);
    CHECK(v.out.find("NOT CLOSED: 600 of 600 ticks re-simulated, every hash matches") != std::string::npos);
    fs::remove(file);
}

TEST_CASE("replay cli: one flipped byte after the header: verify, info and export say DAMAGED, where, and exit 3") {
    const std::string file = record("scenarios/podball-default.toml", 2000, "cli-flip.pbreplay");
    ProcessResult ok = run_playbench("replay verify '" + file + "'");
    REQUIRE(ok.exit_code == 0);
    CHECK(ok.out.find("OK, 2000 ticks re-simulated") != std::string::npos);
    CHECK(ok.out.find("[recorded with engine ") != std::string::npos);   // the version pair
    std::string bytes;
    {
        std::ifstream in(file, std::ios::binary);
        std::ostringstream ss;
        ss << in.rdbuf();
        bytes = ss.str();
    }
    // The records: header, the state at tick 0, the hashes of ticks 1..2000, the state at the end, end.
    const std::vector<std::size_t> records = pb::replay_record_starts(bytes);
    REQUIRE(records.size() == 5);
    const std::size_t at = records[2] + 1000;   // inside the hash block
    bytes[at] = static_cast<char>(bytes[at] ^ 0x01);
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
    ProcessResult v = run_playbench("replay verify '" + file + "'");
    INFO(v.out, v.err);
    CHECK(v.exit_code == 3);
    CHECK(v.out.find("DAMAGED: ") != std::string::npos);
    CHECK(v.out.find("(checksum mismatch in a block of tick hashes): the hashes of ticks 1..2000 are lost") !=
          std::string::npos);
    CHECK(v.out.find("2000 of 2000 ticks re-simulated (ticks 1..2000 unchecked") != std::string::npos);
    ProcessResult i = run_playbench("replay info '" + file + "'");
    CHECK(i.exit_code == 3);
    CHECK(i.out.find("file DAMAGED: ") != std::string::npos);
    const std::string dir = temp_path("cli-flip-frames");
    ProcessResult e =
        run_playbench("replay export '" + file + "' --from 10 --to 10 --size 320x200 --out '" + dir + "'");
    CHECK(e.exit_code == 3);
    CHECK(e.err.find("the replay is DAMAGED") != std::string::npos);
    CHECK(fs::exists(fs::path(dir) / "frame-000010.png"));   // what can be shown still is
    fs::remove_all(dir);
    fs::remove(file);
}

TEST_CASE(
    "replay cli: a flipped byte in the end record is damage (exit 3); an end record cut short is not closed (exit 4)") {
    const std::string file = record("scenarios/podball-default.toml", 200, "cli-end.pbreplay");
    const std::string bytes = read_text(file);
    const std::size_t end = pb::replay_record_starts(bytes).back();
    REQUIRE(bytes.size() - end == 9);   // [type][length 0][CRC]
    for (std::size_t i = end; i < bytes.size(); ++i) {
        CAPTURE(i - end);
        std::string bad = bytes;
        bad[i] = static_cast<char>(bad[i] ^ 0x01);
        std::ofstream(file, std::ios::binary | std::ios::trunc) << bad;
        ProcessResult v = run_playbench("replay verify '" + file + "'");
        CHECK(v.exit_code == 3);
        CHECK(v.out.find("DAMAGED: 9 bytes at byte " + std::to_string(end)) != std::string::npos);
        CHECK(v.out.find("NOT CLOSED") == std::string::npos);
    }
    std::string bad = bytes;
    bad[end + 1] = static_cast<char>(bad[end + 1] ^ 0x01);   // its length: 1, where an end record holds none
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bad;
    ProcessResult i = run_playbench("replay info '" + file + "'");
    CHECK(i.exit_code == 3);
    CHECK(i.out.find("file DAMAGED: 9 bytes at byte " + std::to_string(end) +
                     " (a record with an impossible length: 1 byte for the end record, which holds none)") !=
          std::string::npos);
    std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes.substr(0, bytes.size() - 4);
    ProcessResult cut = run_playbench("replay verify '" + file + "'");
    CHECK(cut.exit_code == 4);
    CHECK(cut.out.find("NOT CLOSED: cut off inside a record at byte " + std::to_string(end)) != std::string::npos);
    fs::remove(file);
}

TEST_CASE(
    "replay cli: a Podball replay with CRC-sound quiet stretches, which Podball never writes: DAMAGED at their byte") {
    const std::string source = record("scenarios/podball-default.toml", 100, "cli-quiet-source.pbreplay");
    const pb::ReplayLoad recorded = pb::read_replay_file(source);
    REQUIRE(recorded.data);
    fs::remove(source);
    const std::string file = temp_path("cli-quiet.pbreplay");
    {
        pb::ReplayWriter w;
        w.open(file, recorded.data->header);
        for (std::int64_t t = 1; t <= 100; ++t) w.add_hash(t, *recorded.data->hashes.at(t));
        w.add_quiet_stretch(100 + (std::int64_t{1} << 26), 7);
        w.add_quiet_stretch(100 + (std::int64_t{1} << 27), 7);
        w.close();
    }
    const std::vector<std::size_t> records = pb::replay_record_starts(read_text(file));
    REQUIRE(records.size() == 5);   // header, hashes, two stretches, end
    ProcessResult i = run_playbench("replay info '" + file + "'");
    CHECK(i.exit_code == 3);
    CHECK(i.out.find("length 100 ticks\n") != std::string::npos);
    CHECK(i.out.find("33 bytes at byte " + std::to_string(records[2]) +
                     " (a stretch of quiet ticks that does not fit where it stands)") != std::string::npos);
    ProcessResult v = run_playbench("replay verify '" + file + "'");
    CHECK(v.exit_code == 3);
    CHECK(v.out.find("100 of 100 ticks re-simulated") != std::string::npos);
    fs::remove(file);
}

TEST_CASE("replay cli: export writes numbered frames of a range") {
    const std::string file = record("scenarios/podball-default.toml", 120, "cli-export.pbreplay");
    const std::string dir = temp_path("cli-export-frames");
    fs::remove_all(dir);
    ProcessResult e =
        run_playbench("replay export '" + file + "' --from 60 --to 100 --every 20 --size 320x200 --out '" + dir + "'");
    INFO(e.err);
    REQUIRE(e.exit_code == 0);
    CHECK(e.out.find("wrote 3 frames") != std::string::npos);
    for (const char* f : {"frame-000060.png", "frame-000080.png", "frame-000100.png"}) {
        CAPTURE(f);
        CHECK(fs::exists(fs::path(dir) / f));
        CHECK(fs::file_size(fs::path(dir) / f) > 1000);
    }
    ProcessResult bad = run_playbench("replay export '" + file + "' --from 100 --to 500 --out '" + dir + "'");
    CHECK(bad.exit_code == 2);
    CHECK(bad.err.find("outside the recording (ticks 0..120") != std::string::npos);
    fs::remove_all(dir);
    fs::remove(file);
}

TEST_CASE("replay cli: a --set that makes the scheduled build order impossible is refused before recording") {
    ProcessResult r =
        run_playbench("replay record '" + source_path("scenarios/rgs-build-order.toml") +
                      "' --set rgs.economy.half_life=10 --ticks 10 --out '" + temp_path("never.pbreplay") + "'");
    CHECK(r.exit_code == 1);
    CHECK(r.err.find("cannot be recorded") != std::string::npos);
    CHECK(r.err.find("not enough BP") != std::string::npos);
}

TEST_CASE("replay cli: bad files and arguments are refused clearly") {
    const std::string text = temp_path("cli-not-a-replay.pbreplay");
    std::ofstream(text) << "lab = \"podball\"\n";
    ProcessResult v = run_playbench("replay verify '" + text + "'");
    CHECK(v.exit_code == 2);
    CHECK(v.err.find("not a Playbench replay") != std::string::npos);
    ProcessResult missing = run_playbench("replay verify /nonexistent/x.pbreplay");
    CHECK(missing.exit_code == 2);
    ProcessResult noverb = run_playbench("replay");
    CHECK(noverb.exit_code == 2);
    CHECK(noverb.err.find("record") != std::string::npos);   // the usage lists the verbs
    ProcessResult badset = run_playbench("replay record '" + source_path("scenarios/podball-default.toml") +
                                         "' --set podball.ball.friction=9 --out '" + temp_path("x.pbreplay") + "'");
    CHECK(badset.exit_code == 2);
    CHECK(badset.err.find("podball.ball.friction") != std::string::npos);
    fs::remove(text);
}

TEST_CASE("replay cli: a replay from another engine version says so before verifying, and the result names the pair") {
    const std::string file = record("scenarios/podball-default.toml", 100, "cli-old-engine.pbreplay");
    pb::ReplayLoad load = pb::read_replay_file(file);
    REQUIRE(load.data);
    pb::ReplayData d = *load.data;
    d.header.engine_version = pb::kEngineVersion - 1;
    d.header.app_version = "0.0.9";
    {
        pb::ReplayWriter w;
        w.open(file, d.header);
        for (std::int64_t t = 1; t <= d.length(); ++t) w.add_hash(t, *d.hashes.at(t));
        w.close();
    }
    ProcessResult v = run_playbench("replay verify '" + file + "'");
    INFO(v.out, v.err);
    CHECK(v.exit_code == 0);   // the rules did not change what these ticks compute
    const std::string pair = "recorded with engine " + std::to_string(pb::kEngineVersion - 1) +
                             " (Playbench 0.0.9), replayed with engine " + std::to_string(pb::kEngineVersion);
    const std::size_t before = v.out.find(pair + " (Playbench ");
    REQUIRE(before != std::string::npos);
    CHECK(v.out.find(": the rules may differ") != std::string::npos);
    const std::size_t result = v.out.find("OK, 100 ticks re-simulated");
    REQUIRE(result != std::string::npos);
    CHECK(before < result);                                       // said before the verdict
    CHECK(v.out.find("[" + pair, result) != std::string::npos);   // and named in it
    fs::remove(file);
}
